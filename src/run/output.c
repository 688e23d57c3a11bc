/* Writing jobs: the first unprinted one streams (its worker prints each
 * complete part), the rest are written whole once done, so the output grows
 * as the run goes and a line is never cut in half. */
#include "output.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    o->protocol = NULL;
    latex_file_init(&o->latex);
}

/* Standard output, and the protocol file when one is open (Popeye's
 * Protocol: the same text, from the problem that names it on).  Under
 * --json standard output gets JSON and the protocol the text a run without
 * --json prints (to_protocol): Popeye's protocol is its text. */
static void emit(struct output *o, const char *s)
{
    fputs(s, stdout);
    if (o->protocol && !o->cfg->json)
        fputs(s, o->protocol);
}

static void to_protocol(struct output *o, const char *s)
{
    if (o->protocol)
        fputs(s, o->protocol);
}

/* A message on standard error, copied to the protocol as Popeye copies its
 * messages; after everything before it on standard output. */
static void note(struct output *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void note(struct output *o, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (o->protocol) {
        va_start(ap, fmt);
        vfprintf(o->protocol, fmt, ap);
        va_end(ap);
    }
}

static void close_protocol(struct output *o)
{
    if (o->protocol && fclose(o->protocol) != 0) {
        fprintf(stderr, "fairysolve: cannot write the protocol file\n");
        o->status = 2;
    }
    o->protocol = NULL;
}

/* A problem's Protocol FILE replaces the file open before, as in Popeye
 * (output/plaintext/protocol.c): appended to, so an earlier run's copy is
 * kept, and begun with the banner; under --regression, as Popeye's
 * -regression, written anew and without the banner. */
static void open_protocol(struct output *o, const struct problem *pr)
{
    close_protocol(o);
    o->protocol = fopen(pr->protocol, o->cfg->regression ? "w" : "a");
    if (!o->protocol) {
        note(o, "%s:%d:%d: cannot open protocol file %s: %s\n", pr->file ? pr->file : "--fen", pr->protocol_line,
             pr->protocol_column, pr->protocol, strerror(errno));
        o->status = 2;
    } else if (!o->cfg->regression) {
        fputs("fairysolve 0.1\n\n", o->protocol);
    }
}

static void close_problem(struct output *o)
{
    char line[96];
    snprintf(line, sizeof line, "%s", words_get(o->words, o->problem_partial ? WORD_PARTIAL : WORD_FINISHED));
    if (!o->cfg->regression)
        snprintf(line + strlen(line), sizeof line - strlen(line), " Time = %.3f s", o->problem_seconds);
    strcat(line, "\n\n\n");
    if (!o->cfg->json)
        emit(o, line);
    else
        to_protocol(o, line);
    o->problem_open = o->problem_partial = false;
    o->problem_seconds = 0;
}

static void print_error(struct output *o, const struct job *j)
{
    if (j->warnings)
        note(o, "%s", j->warnings);
    if (j->err.line > 0)
        note(o, "%s:%d:%d: %s\n", j->file, j->err.line, j->err.column, j->err.message);
    else
        note(o, "%s: %s\n", j->file, j->err.message);
    if (o->cfg->json) {
        char *line = json_error(j->file, j->index, &j->err);
        emit(o, line);
        emit(o, "\n");
        free(line);
    }
    if (j->not_solved) { /* a YACPDB entry of a kind not solved: said, not an input error */
        if (o->cfg->check)
            check_add_not_solved(&o->check);
        return;
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
    note(o, "%s:%d: problem %d%s%s: a position has more than %d turns (the limit); not solved to the end\n", j->file,
         j->pr ? j->pr->line : 0, j->index, j->view.label ? " " : "", j->view.label ? j->view.label_text : "",
         TURN_LIST_MAX);
    o->status = 2;
}

/* What comes before a solving job's text: warnings about its input, the
 * banner, its problem's protocol file. */
static void begin_solved(struct output *o, struct job *j)
{
    if (j->warnings) { /* about the input: before the solution they concern */
        fflush(stdout);
        fputs(j->warnings, stderr);
        free(j->warnings);
        j->warnings = NULL;
    }
    if (!o->banner_done)
        fputs("fairysolve 0.1\n\n", stdout);
    o->banner_done = true;
    if (j->twin == 0 && j->pr->protocol)
        open_protocol(o, j->pr);
}

void output_stream(struct output *o, struct job *j)
{
    /* perft is a few lines: they come out whole */
    if (j->kind != JOB_SOLVE)
        return;
    progress_clear(o->progress);
    begin_solved(o, j);
    fflush(stdout);
    /* the printer writes nothing until j is done; under --json the protocol
     * gets the text once j is done */
    j->stream_copy = o->cfg->json ? NULL : o->protocol;
    __atomic_store_n(&j->streaming, 1, __ATOMIC_RELEASE);
}

/* The memory for what a twin had to keep ran out: it was cut short (and
 * some of its output may be lost); the run goes on. */
static void report_memory(struct output *o, struct job *j)
{
    if (!j->cut_for_memory)
        return;
    note(o, "%s:%d: problem %d%s%s: out of memory for what the twin must keep (and no room for temporary files "
            "in %s): cut short%s\n",
         j->file, j->twin ? j->view.line : j->pr->line, j->index, j->view.label ? " " : "",
         j->view.label ? j->view.label_text : "", spool_directory(),
         j->output_lost ? " and not shown" : " and partial, what could not be kept left out");
    o->status = 2;
}

static bool spool_to_output(void *ctx, const char *data, size_t n)
{
    struct output *o = ctx;
    fwrite(data, 1, n, stdout);
    if (o->protocol && !o->cfg->json)
        fwrite(data, 1, n, o->protocol);
    return true;
}

static bool spool_to_protocol(void *ctx, const char *data, size_t n)
{
    struct output *o = ctx;
    if (o->protocol)
        fwrite(data, 1, n, o->protocol);
    return true;
}

static void print_solved(struct output *o, struct job *j)
{
    if (!j->streaming)
        begin_solved(o, j);
    if (j->output_lost && !j->streaming) {
        /* a part of it is gone: nothing of it, rather than a cut line */
        if (o->cfg->json) {
            struct parse_error e = {.line = j->twin ? j->view.line : j->pr->line};
            snprintf(e.message, sizeof e.message, "problem %d%s%s: out of memory for its output", j->index,
                     j->view.label ? " " : "", j->view.label ? j->view.label_text : "");
            char *line = json_error(j->file, j->index, &e);
            emit(o, line);
            emit(o, "\n");
            free(line);
        }
    } else {
        spool_each(&j->spool, spool_to_output, o);
        emit(o, j->out.data);
    }
    spool_clear(&j->spool);
    if (j->protocol_text) /* --json: the text for the protocol file */
        spool_each(&j->protocol_spool, spool_to_protocol, o);
    spool_clear(&j->protocol_spool);
    report_memory(o, j);
    /* Popeye's words, on standard error as Popeye writes them, with the
     * place; for the set play too, which Popeye then leaves out */
    for (int set = 0; set < 2; set++)
        if (set ? j->set_play_illegal : j->illegal) {
            const char *by = set ? j->set_play_illegal_by : j->illegal_by;
            note(o, "%s:%d: problem %d%s%s: %sthe side to play can capture the king%s%s\n", j->file,
                 j->twin ? j->view.line : j->pr->line, j->pr->index, j->view.label ? " " : "",
                 j->view.label ? j->view.label_text : "", set ? "set play: " : "", by[0] ? ": " : "", by);
        }
    /* a position that cannot arise in play is bad input, not solved: the
     * exit status says an answer is missing (the set play alone being
     * illegal is not: Popeye then leaves the set play out) */
    if (j->illegal)
        o->status = 2;
    report_too_many_turns(o, j);
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
        if (j->twin == 0 && j->pr->protocol)
            open_protocol(o, j->pr);
        emit(o, j->out.data);
        report_too_many_turns(o, j);
        break;
    case JOB_ERROR:
        print_error(o, j);
        break;
    }
    latex_file_job(&o->latex, j);
    fflush(stdout);
    job_release(j);
}

void output_skip(struct output *o, struct job *j)
{
    if (j->last_of_problem && o->problem_open) {
        o->problem_partial = true; /* a twin's answer is missing */
        close_problem(o);
    }
    latex_file_job(&o->latex, j);
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
        if (o->protocol) /* as a message of Popeye's: to the protocol too */
            check_summary(&o->check, o->protocol);
    }
    close_protocol(o);
    if (latex_file_finish(&o->latex) > o->status)
        o->status = 2;
    if (o->status > status)
        status = o->status;
    fflush(stdout);
    check_free(&o->check);
    return status;
}
