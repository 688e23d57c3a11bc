/* Writing finished jobs: whole buffers, flushed per job, so the output grows
 * as the run goes and a line is never cut in half. */
#include "output.h"

#include <stdio.h>
#include <stdlib.h>

#include "../report/json.h"

void output_init(struct output *o, const struct config *cfg, struct progress *progress)
{
    o->cfg = cfg;
    o->progress = progress;
    check_init(&o->check);
    o->banner_done = cfg->json || cfg->regression;
    o->problem_open = o->problem_partial = false;
    o->problem_seconds = 0;
    o->status = 0;
}

static void close_problem(struct output *o)
{
    if (!o->cfg->json) {
        fputs(o->problem_partial ? "Partial solution" : "solution finished.", stdout);
        if (!o->cfg->regression)
            printf(" Time = %.3f s", o->problem_seconds);
        fputs("\n\n\n", stdout);
    }
    o->problem_open = o->problem_partial = false;
    o->problem_seconds = 0;
}

static void print_error(struct output *o, const struct job *j)
{
    /* stdout first: the message must come after everything before it */
    fflush(stdout);
    if (j->warnings)
        fputs(j->warnings, stderr);
    job_print_error(stderr, j);
    if (o->cfg->json) {
        char *line = json_error(j->file, j->index, &j->err);
        printf("%s\n", line);
        free(line);
    }
    if (o->cfg->check)
        check_add_error(&o->check);
    o->status = 2;
}

/* Not a crash and not a quiet wrong answer: the twin is cut there, the run
 * goes on, and the exit status says an answer is missing. */
static void report_too_many_turns(struct output *o, const struct job *j)
{
    if (!j->too_many_turns)
        return;
    fflush(stdout);
    fprintf(stderr, "%s:%d: problem %d%s%s: a position has more than %d turns (the limit); not solved to the end\n",
            j->file, j->pr ? j->pr->line : 0, j->index, j->view.label ? " " : "",
            j->view.label ? j->view.label_text : "", TURN_LIST_MAX);
    o->status = 2;
}

static void print_solved(struct output *o, const struct job *j)
{
    if (j->warnings) { /* about the input: before the solution they concern */
        fflush(stdout);
        fputs(j->warnings, stderr);
    }
    if (!o->banner_done)
        fputs("fairysolve 0.1\n\n", stdout);
    o->banner_done = true;
    fputs(j->out.data, stdout);
    if (j->illegal) { /* Popeye's words, on standard error as Popeye writes them */
        fflush(stdout);
        fprintf(stderr, "%s: problem %d%s%s: the side to play can capture the king\n", j->pr->file,
                j->pr->index, j->view.label ? " " : "", j->view.label ? j->view.label_text : "");
    }
    report_too_many_turns(o, j);
    o->problem_open = true;
    o->problem_partial |= j->partial;
    o->problem_seconds += j->seconds;
    if (o->cfg->check)
        check_add_twin(&o->check, j);
    if (j->last_of_problem)
        close_problem(o);
}

void output_job(struct output *o, struct job *j)
{
    progress_clear(o->progress);
    switch (j->kind) {
    case JOB_SOLVE:
        print_solved(o, j);
        break;
    case JOB_PERFT:
        fputs(j->out.data, stdout);
        report_too_many_turns(o, j);
        break;
    case JOB_ERROR:
        print_error(o, j);
        break;
    }
    fflush(stdout);
    job_release(j);
}

int output_finish(struct output *o)
{
    progress_clear(o->progress);
    if (o->problem_open) {
        o->problem_partial = true;
        close_problem(o);
    }
    int status = o->status;
    if (o->cfg->check) {
        fflush(stdout);
        /* with --json, standard output carries JSON lines only */
        if (!check_summary(&o->check, o->cfg->json ? stderr : stdout) && status < 1)
            status = 1;
    }
    fflush(stdout);
    check_free(&o->check);
    return status;
}
