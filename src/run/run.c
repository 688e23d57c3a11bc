/* Turns the command line into jobs: each problem (and twin) of each file, or
 * one FEN position, is counted (perft) or solved; errors never stop the rest. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/fen.h"
#include "../problem/reader.h"
#include "../problem/setup.h"
#include "config.h"
#include "input.h"
#include "job.h"
#include "perft_job.h"

static void report_error(const char *file, const struct parse_error *e)
{
    if (e->line > 0)
        fprintf(stderr, "%s:%d:%d: %s\n", file, e->line, e->column, e->message);
    else
        fprintf(stderr, "%s: %s\n", file, e->message);
}

/* The side that moves first under the stipulation, for perft of a problem. */
static enum colour first_mover(const struct problem *pr, const struct twin_view *v)
{
    if (v->stipulation.play == PLAY_HELP && !v->stipulation.half && !pr->options.white_to_play)
        return BLACK;
    return WHITE;
}

static int perft_twin(const struct config *cfg, const struct problem *pr, const struct twin_view *v,
                      struct position *p)
{
    p->st.side = (uint8_t)(pr->has_stipulation ? first_mover(pr, v) : WHITE);
    position_rehash(p);
    if (v->label)
        printf("%c)\n", v->label);
    perft_job(p, cfg->perft_depth, cfg->divide, stdout);
    return 0;
}

static int run_problem(const struct config *cfg, struct job_set *jobs, const struct problem *pr)
{
    int status = 0;
    for (int t = 0; t <= pr->twin_count; t++) {
        struct twin_view v;
        struct parse_error err;
        struct position p;
        if (!problem_twin(pr, t, &v, &err) || !problem_position(pr, &v, &p, &err)) {
            report_error(pr->file, &err);
            job_report_error(jobs, pr, &err);
            return 2;
        }
        if (cfg->perft_depth)
            status |= perft_twin(cfg, pr, &v, &p);
        else
            job_add(jobs, pr, t, &v, &p);
    }
    return status;
}

static int run_file(const struct config *cfg, struct job_set *jobs, const char *name)
{
    size_t len;
    char *text = input_read_all(name, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read: %s\n", name, strerror(errno));
        return 2;
    }
    struct reader *r = reader_new(name, text, len);
    free(text);
    int status = 0, got;
    struct problem pr;
    struct parse_error err;
    while ((got = reader_next(r, &pr, &err)) != 0) {
        if (got < 0) {
            report_error(name, &err);
            job_report_error(jobs, &pr, &err);
            status = 2;
            continue;
        }
        int s = run_problem(cfg, jobs, &pr);
        status = status > s ? status : s;
        if (!job_keeps_problem(jobs))
            problem_free(&pr);
    }
    reader_free(r);
    return status;
}

/* --fen: a one-problem file made from the command line's words. */
static int run_fen(const struct config *cfg, struct job_set *jobs)
{
    static struct problem pr;
    struct parse_error err = {0};
    problem_init(&pr);
    pr.file = "--fen";
    pr.index = 1;
    if (cfg->condition && !parse_condition_text(cfg->condition, &pr.rules, &pr.switches, &err)) {
        fprintf(stderr, "--condition:%d: %s\n", err.column, err.message);
        return 2;
    }
    if (cfg->stipulation) {
        if (!parse_stipulation_text(cfg->stipulation, &pr.stipulation, &err)) {
            fprintf(stderr, "--stipulation:%d: %s\n", err.column, err.message);
            return 2;
        }
        pr.has_stipulation = true;
    }
    if (cfg->option && !parse_options_text(cfg->option, &pr.options, &err)) {
        fprintf(stderr, "--option:%d: %s\n", err.column, err.message);
        return 2;
    }
    struct position p;
    struct fen_error fe;
    position_init(&p, pr.rules, pr.switches);
    if (!fen_parse(&p, cfg->fen, &fe)) {
        fprintf(stderr, "--fen:%d: %s\n", fe.column, fe.message);
        return 2;
    }
    if (cfg->perft_depth) {
        perft_job(&p, cfg->perft_depth, cfg->divide, stdout);
        return 0;
    }
    if (!pr.has_stipulation) {
        fprintf(stderr, "fairysolve: --fen needs --stipulation (or --perft)\n");
        return 2;
    }
    struct twin_view v = {.stipulation = pr.stipulation, .rules = pr.rules, .switches = pr.switches};
    job_add(jobs, &pr, 0, &v, &p);
    return 0;
}

int run_all(const struct config *cfg)
{
    struct job_set *jobs = job_set_new(cfg);
    int status = 0;
    if (cfg->fen) {
        status = run_fen(cfg, jobs);
    } else if (cfg->file_count == 0) {
        status = run_file(cfg, jobs, "-");
    } else {
        for (int i = 0; i < cfg->file_count; i++) {
            int s = run_file(cfg, jobs, cfg->files[i]);
            status = status > s ? status : s;
        }
    }
    int s = job_set_finish(jobs);
    return status > s ? status : s;
}
