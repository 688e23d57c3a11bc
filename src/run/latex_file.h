/* Popeye's LaTeX FILE in a run: the problems from the one that names FILE to
 * the end of its input, each written once its last twin is printed. */
#ifndef FS_LATEX_FILE_H
#define FS_LATEX_FILE_H

#include <stdbool.h>
#include <stdio.h>

#include "../base/text.h"
#include "../report/latex.h"
#include "../report/popeye_text.h"
#include "config.h"
#include "job.h"

struct latex_file {
    FILE *f;                  /* the open document, NULL when none */
    struct latex_units units;
    const struct problem *pr; /* the problem being collected; NULL between problems */
    struct text head, twins, solution;
    bool tested;              /* every twin so far solved completely */
    int status;               /* 2 once a document could not be opened or written */
};

/* Before solving, in input order: which solving jobs go into a document
 * (job.latex).  Where LaTeX cannot be written (--perft, --shard,
 * --first-moves, --merge: no whole solution to write) each directive is
 * refused with a message on standard error naming its place. */
void latex_file_mark(const struct config *cfg, struct job_list *jobs);

/* The solution text of a job that goes into a document: a second
 * rendering of the search's events beside the job's own output. */
struct latex_tee {
    struct popeye_text text;
    struct solution_sink own, copy;
};
struct solution_sink latex_tee_sink(struct latex_tee *t, struct solution_sink own, struct job *j);

void latex_file_init(struct latex_file *lf);
/* Each job as it is printed or skipped, in input order, before its release. */
void latex_file_job(struct latex_file *lf, const struct job *j);
/* Ends the open document (a problem cut short by an interrupt is written as
 * far as it went); returns 2 when a document could not be written, else 0. */
int latex_file_finish(struct latex_file *lf);

#endif
