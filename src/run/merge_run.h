/* --merge: the parts' JSON lines joined into the output of one whole run;
 * --merge-store: several stores joined into one. */
#ifndef FS_MERGE_RUN_H
#define FS_MERGE_RUN_H

#include "config.h"

/* Exit status of a merge that lacks twins or first moves (or has partial ones). */
#define MERGE_INCOMPLETE_STATUS 3

/* Returns the exit status: a whole run's, MERGE_INCOMPLETE_STATUS when
 * something is missing, 2 for part files that cannot be joined. */
int merge_run(const struct config *cfg);
int merge_stores(const struct config *cfg);

#endif
