/* -j N: worker threads take jobs in input order from one list; the calling
 * thread prints each job as soon as every earlier one is printed. */
#ifndef FS_POOL_H
#define FS_POOL_H

#include "job.h"
#include "output.h"
#include "work.h"

/* Runs the jobs on `workers` threads (each with a large stack) and prints
 * them through out.  Stops handing out jobs once the interrupt flag is set.
 * Returns the number of jobs printed; -1 when no thread could be started. */
int pool_run(struct job_list *l, const struct work_ctx *ctx, int workers, struct output *out);

#endif
