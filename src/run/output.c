/* Writing jobs: the first unprinted one streams (its worker prints each
 * complete part), the rest are written whole once done, so the output grows
 * as the run goes and a line is never cut in half. */
#include "output.h"

#include <stdio.h>
#include <stdlib.h>

#include "../report/json.h"
#include "../report/words.h"

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
        fputs(words_get(o->words, o->problem_partial ? WORD_PARTIAL : WORD_FINISHED), stdout);
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

static void print_banner(struct output *o)
{
    if (!o->banner_done)
        fputs("fairysolve 0.1\n\n", stdout);
    o->banner_done = true;
}

void output_stream(struct output *o, struct job *j)
{
    /* JSON is one line per twin, perft a few lines: they come out whole */
    if (j->kind != JOB_SOLVE || o->cfg->json)
        return;
    progress_clear(o->progress);
    print_banner(o);
    fflush(stdout);
    __atomic_store_n(&j->streaming, 1, __ATOMIC_RELEASE);
}

static void print_solved(struct output *o, const struct job *j)
{
    print_banner(o);
    fputs(j->out.data, stdout);
    if (j->illegal) { /* Popeye's words, on standard error as Popeye writes them */
        fflush(stdout);
        fprintf(stderr, "%s: problem %d%s%s: the side to play can capture the king\n", j->pr->file,
                j->pr->index, j->view.label ? " " : "", j->view.label ? j->view.label_text : "");
    }
    o->problem_open = true;
    o->words = words_of(j->pr->language);
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
