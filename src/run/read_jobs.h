/* The run's inputs read into the job list: every twin (or perft, or input
 * error) in input order, as a run and --merge both need them. */
#ifndef FS_READ_JOBS_H
#define FS_READ_JOBS_H

#include <cjson/cJSON.h>

#include "config.h"
#include "job.h"

/* Reads the run's inputs into jobs; with inputs, each file's [name, hash]
 * is added to it.  Nonzero: a usage error (--fen). */
int read_jobs(const struct config *cfg, struct job_list *jobs, cJSON *inputs);

#endif
