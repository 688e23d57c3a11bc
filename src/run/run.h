/* A run: every input read into the job list, then the table and store set
 * up, the jobs solved and printed in order (or the parts of runs merged). */
#ifndef FS_RUN_H
#define FS_RUN_H

#include "config.h"

/* Runs every job; returns the process exit status (0, 1, 2, or 128+signal). */
int run_all(const struct config *cfg);

#endif
