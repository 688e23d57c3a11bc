/* --store for a run: the identity of the run's rule sets, the check that the
 * path can be written, loading before solving and saving at the end. */
#ifndef FS_PERSIST_H
#define FS_PERSIST_H

#include <stdbool.h>

#include "../table/tt.h"
#include "job.h"

/* "Orthodox;StonesAndRelays StrictKing": the sorted distinct rule sets (with
 * their switches) of the jobs to solve.  malloc'd. */
char *persist_identity(const struct job_list *l);
/* False (message on stderr) when path cannot be written. */
bool persist_check(const char *path);
/* Fills t from path.  A broken store is a warning (it is replaced at the end).
 * False (message on stderr): path is not a store, or is a store of another
 * identity, format version or hash seed and replace (--store-replace) is
 * off: the run must stop before solving, so the file is kept. */
bool persist_load(struct tt *t, const char *path, const char *identity, bool replace, bool verbose);
/* False (message on stderr) when the store could not be written. */
bool persist_save(const struct tt *t, const char *path, const char *identity, bool verbose);

#endif
