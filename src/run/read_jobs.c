/* The run's inputs (files, standard input, or --fen's words) read into the
 * job list, every twin a job, before anything is solved. */
#include "read_jobs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/memory.h"
#include "../board/fen.h"
#include "../problem/reader.h"
#include "../problem/setup.h"
#include "../problem/yacpdb.h"
#include "../search/solve.h"
#include "expect_lines.h"
#include "input.h"
#include "latex_file.h"
#include "svg_files.h"

/* The side that moves first under the stipulation, for perft of a problem. */
static enum colour first_mover(const struct problem *pr, const struct twin_view *v)
{
    struct stipulation st = solve_effective_stipulation(pr, v);
    return solve_first_mover(pr, &st);
}

static void add_twin(const struct config *cfg, struct job_list *jobs, struct problem *pr, int t,
                     const struct twin_view *v, struct position *p)
{
    if (!cfg->perft_depth) {
        /* Option Duplex: the twin as stated, then with the colours' roles
         * exchanged, as Popeye prints them; HalfDuplex: only the latter */
        bool half = pr->options.half_duplex, both = pr->options.duplex && !half;
        if (!half) {
            struct job *j = job_add_solve(jobs, pr, t, v, p);
            j->last_of_problem &= !both;
        }
        if (half || both) {
            struct twin_view swapped = *v;
            swapped.colours_swapped = true;
            job_add_solve(jobs, pr, t, &swapped, p)->same_twin = both;
        }
        return;
    }
    p->st.side = (uint8_t)(pr->has_stipulation ? first_mover(pr, v) : WHITE);
    position_rehash(p);
    job_add_perft(jobs, pr, t, v, p);
}

/* Every twin of pr as a job; pr (malloc'd) is then owned by its jobs.  The
 * Expect lines are checked against the twins first (expect_lines.h): a key
 * that is no first move makes the problem an input error. */
static void add_problem(const struct config *cfg, struct job_list *jobs, struct problem *pr)
{
    int n = pr->twin_count + 1, good = 0;
    struct twin_view *views = malloc(sizeof *views * (size_t)n);
    struct position *starts = malloc(sizeof *starts * (size_t)n);
    if (!views || !starts)
        out_of_memory();
    struct parse_error twin_err, expect_err;
    while (good < n && problem_twin(pr, good, &views[good], &twin_err) &&
           problem_position(pr, &views[good], &starts[good], &twin_err))
        good++;
    if (cfg->svg_dir)
        svg_files_write(cfg->svg_dir, jobs, pr, good, views, starts);
    struct text warnings;
    text_init(&warnings);
    bool expect_ok = good == 0 || cfg->perft_depth || expect_lines_check(pr, good, views, starts, &expect_err, &warnings);
    if (!expect_ok) {
        job_add_error(jobs, pr->file, pr->index, &expect_err)->warnings = warnings.data;
        text_init(&warnings);
        good = 0;
    }
    for (int t = 0; t < good; t++) {
        add_twin(cfg, jobs, pr, t, &views[t], &starts[t]);
        if (t == 0 && warnings.len) {
            jobs->items[jobs->count - 1].warnings = warnings.data; /* the job frees it */
            text_init(&warnings);
        }
    }
    if (expect_ok && good < n) {
        /* the twins before keep their output and close the problem */
        job_close_problem(jobs, pr);
        job_add_error(jobs, pr->file, pr->index, &twin_err);
    }
    text_free(&warnings);
    free(views);
    free(starts);
    if (!good) {
        problem_free(pr);
        free(pr);
    }
}

/* An empty file (or one of blanks and nothing else) solves nothing: a
 * wrong file name or a truncated copy, never a success. */
static void no_problem(struct job_list *jobs, const char *name, const char *hint)
{
    struct parse_error e = {0};
    snprintf(e.message, sizeof e.message, "no problem in the file (%s)", hint);
    job_add_error(jobs, name, 0, &e);
}

/* A file named *.yaml or *.yml holds YACPDB entries (docs/language.md). */
static bool yacpdb_file(const char *name)
{
    size_t n = strlen(name);
    return (n > 5 && strcmp(name + n - 5, ".yaml") == 0) || (n > 4 && strcmp(name + n - 4, ".yml") == 0);
}

/* Each entry as a problem; one of a kind not solved is reported at its
 * place like an input error, but is none (job.h not_solved). */
static void read_yacpdb(const struct config *cfg, struct job_list *jobs, const char *name, const char *text,
                        size_t len)
{
    struct yacpdb_reader *r = yacpdb_reader_new(name, text, len);
    int entries = 0; /* read or not */
    for (;;) {
        struct problem *pr = malloc(sizeof *pr);
        struct parse_error err;
        if (!pr)
            out_of_memory();
        int got = yacpdb_reader_next(r, pr, &err);
        entries += got != 0;
        if (got == 1 || got == 2) {
            add_problem(cfg, jobs, pr);
            continue;
        }
        if (got < 0 || got == YACPDB_NOT_SOLVED)
            job_add_error(jobs, name, pr->index, &err)->not_solved = got == YACPDB_NOT_SOLVED;
        problem_free(pr);
        free(pr);
        if (got == 0)
            break;
    }
    yacpdb_reader_free(r);
    if (entries == 0)
        no_problem(jobs, name, "a YACPDB entry is a YAML document with an algebraic position");
}

static void read_file(const struct config *cfg, struct job_list *jobs, const char *name, cJSON *inputs)
{
    size_t len;
    char *text = input_read_all(name, &len);
    if (inputs) { /* --shard, --first-moves: the parts name their inputs, --merge checks them */
        char hash[24];
        snprintf(hash, sizeof hash, "%016llx", text ? input_hash(text, len) : 0ull);
        cJSON *pair = cJSON_CreateArray();
        if (!pair || !cJSON_AddItemToArray(pair, cJSON_CreateString(name)) ||
            !cJSON_AddItemToArray(pair, cJSON_CreateString(hash)) || !cJSON_AddItemToArray(inputs, pair))
            out_of_memory();
    }
    if (!text) {
        struct parse_error e = {0};
        snprintf(e.message, sizeof e.message, "cannot read: %s", strerror(errno));
        job_add_error(jobs, name, 0, &e);
        return;
    }
    if (yacpdb_file(name)) {
        read_yacpdb(cfg, jobs, name, text, len);
        free(text);
        return;
    }
    struct reader *r = reader_new(name, text, len);
    free(text);
    int problems = 0; /* read or not */
    for (;;) {
        struct problem *pr = malloc(sizeof *pr);
        struct parse_error err;
        if (!pr)
            out_of_memory();
        int got = reader_next(r, pr, &err);
        problems += got != 0;
        if (got > 0) {
            add_problem(cfg, jobs, pr);
            continue;
        }
        if (got < 0)
            job_add_error(jobs, name, pr->index, &err);
        problem_free(pr);
        free(pr);
        if (got == 0)
            break;
    }
    reader_free(r);
    if (problems == 0)
        no_problem(jobs, name, "a problem starts with BeginProblem");
}

/* --fen's side to move against the stipulation: the side that moves
 * first in the play solved (HalfDuplex: the other one); NULL when they
 * agree, else the message. */
static const char *side_disagrees(const struct problem *pr, const struct twin_view *v, int side, char *msg,
                                  size_t cap)
{
    struct stipulation st = solve_effective_stipulation(pr, v);
    enum colour first = solve_first_mover(pr, &st);
    if (pr->options.half_duplex)
        first = (enum colour)!first;
    if (side == (int)first)
        return NULL;
    snprintf(msg, cap, "the FEN has %s to move, but %s%s starts with %s's move: write %c, or a stipulation that "
                       "starts with %s",
             side == WHITE ? "White" : "Black", st.text, pr->options.half_duplex ? " (HalfDuplex)" : "",
             first == WHITE ? "White" : "Black", first == WHITE ? 'w' : 'b', side == WHITE ? "White" : "Black");
    return msg;
}

/* --fen: a one-problem input made from the command line's words, read and
 * checked as a problem file's problem is (reader.h parse_fen_text).  Its
 * errors are usage errors: reported at once, nothing is solved. */
static int read_fen(const struct config *cfg, struct job_list *jobs)
{
    struct problem *pr = malloc(sizeof *pr);
    if (!pr)
        out_of_memory();
    struct parse_error err = {0};
    problem_init(pr);
    pr->file = NULL; /* JSON says null: no file */
    pr->index = 1;
    const char *bad = NULL;
    int side = WHITE;
    if (cfg->condition && !parse_condition_text(cfg->condition, &pr->rules, &pr->switches, &err))
        bad = "--condition";
    else if (cfg->stipulation && !parse_stipulation_text(cfg->stipulation, &pr->stipulation, &err))
        bad = "--stipulation";
    else if (cfg->option && !parse_options_text(cfg->option, &pr->options, &err))
        bad = "--option";
    else if (!parse_fen_text(cfg->fen, pr, &side, &err))
        bad = "--fen";
    pr->has_stipulation = cfg->stipulation != NULL;
    struct twin_view v;
    struct position p;
    char msg[200];
    if (!bad && (!problem_twin(pr, 0, &v, &err) || !problem_position(pr, &v, &p, &err)))
        bad = "--fen"; /* checked by parse_fen_text already */
    if (!bad && !cfg->perft_depth && !pr->has_stipulation) {
        fprintf(stderr, "fairysolve: --fen needs --stipulation (or --perft)\n");
        problem_free(pr);
        free(pr);
        return 2;
    }
    if (!bad && !cfg->perft_depth && side_disagrees(pr, &v, side, msg, sizeof msg)) {
        snprintf(err.message, sizeof err.message, "%s", msg);
        err.column = 0;
        bad = "--fen";
    }
    if (bad) {
        if (err.column > 0)
            fprintf(stderr, "%s:%d: %s\n", bad, err.column, err.message);
        else
            fprintf(stderr, "%s: %s\n", bad, err.message);
        problem_free(pr);
        free(pr);
        return 2;
    }
    if (cfg->svg_dir)
        svg_files_write(cfg->svg_dir, jobs, pr, 1, &v, &p);
    if (cfg->perft_depth) {
        p.st.side = (uint8_t)side; /* the side to move as the FEN says */
        position_rehash(&p);
        job_add_perft(jobs, pr, 0, &v, &p);
    } else {
        job_add_solve(jobs, pr, 0, &v, &p);
    }
    return 0;
}

int read_jobs(const struct config *cfg, struct job_list *jobs, cJSON *inputs)
{
    if (cfg->fen)
        return read_fen(cfg, jobs);
    if (cfg->file_count == 0) {
        /* a bare `fairysolve` typed at a prompt would otherwise just wait */
        if (isatty(STDIN_FILENO))
            fprintf(stderr, "fairysolve: reading problems from standard input (end with Ctrl-D; "
                            "--help for usage)\n");
        read_file(cfg, jobs, "-", inputs);
    } else {
        for (int i = 0; i < cfg->file_count; i++)
            read_file(cfg, jobs, cfg->files[i], inputs);
    }
    latex_file_mark(cfg, jobs);
    /* the places --shard and --merge count: solving jobs in input order;
     * under --json, from a problem with Protocol on, the protocol gets the
     * text (output.c) */
    int place = 0;
    bool protocol = false;
    for (int i = 0; i < jobs->count; i++)
        if (jobs->items[i].kind == JOB_SOLVE) {
            jobs->items[i].place = place++;
            jobs->items[i].skip = cfg->no_solve ||
                                  (cfg->shard_n > 0 && jobs->items[i].place % cfg->shard_n != cfg->shard_k - 1);
            protocol |= jobs->items[i].pr->protocol != NULL;
            jobs->items[i].protocol_text = cfg->json && protocol;
        }
    return 0;
}
