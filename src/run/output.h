/* The printer's side of a run: each finished job written in input order,
 * problems closed, errors placed, --check tallied and summarised. */
#ifndef FS_OUTPUT_H
#define FS_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#include "../report/words.h"
#include "check.h"
#include "config.h"
#include "job.h"
#include "latex_file.h"
#include "progress.h"

struct output {
    const struct config *cfg;
    struct progress *progress;
    struct check check;
    bool banner_done;
    bool problem_open;        /* twins printed, closing line not yet */
    bool problem_partial;     /* one of those twins was cut short */
    double problem_seconds;
    const struct words *words; /* the open problem's language (report/words.h) */
    int status;               /* 2 once an input error was printed */
    FILE *protocol;           /* Protocol FILE of a problem: a copy of standard output from there on */
    struct latex_file latex;  /* LaTeX FILE of a problem: its document */
};

void output_init(struct output *o, const struct config *cfg, struct progress *progress);
/* Every job before j is printed: from now on j's worker prints j's parts
 * as they are complete (banner first). */
void output_stream(struct output *o, struct job *j);
/* Writes (the rest of) a DONE job, then releases its buffers. */
void output_job(struct output *o, struct job *j);
/* A job that is not printed (another shard's, or missing from --merge):
 * its problem is still closed when it was its last twin. */
void output_skip(struct output *o, struct job *j);
/* Closes a problem cut off by an interrupt, prints the --check summary,
 * closes the protocol file; returns the exit status so far (0, 1 or 2). */
int output_finish(struct output *o);

#endif
