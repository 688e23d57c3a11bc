/* Jobs: one problem twin to solve, collected from the inputs and reported in
 * input order.  Owns the output stream discipline (text, JSON, verdicts). */
#ifndef FS_JOB_H
#define FS_JOB_H

#include <stdbool.h>

#include "../problem/reader.h"
#include "../problem/setup.h"
#include "config.h"

struct job_set;

struct job_set *job_set_new(const struct config *cfg);
/* Queues (or solves at once) twin t of pr starting from p. */
void job_add(struct job_set *js, const struct problem *pr, int twin, const struct twin_view *v,
             const struct position *p);
/* A problem that could not be read still gets its place in the output. */
void job_report_error(struct job_set *js, const struct problem *pr, const struct parse_error *err);
/* Whether the job set took ownership of the last problem added. */
bool job_keeps_problem(const struct job_set *js);
/* Finishes every job; returns the exit status contribution (0, 1 or 2). */
int job_set_finish(struct job_set *js);

#endif
