/* One job, on whichever worker took it: its own solver and position copy,
 * the shared table, and a text (or JSON) buffer for its output. */
#include "work.h"

#include <stdio.h>
#include <stdlib.h>

#include "../report/diagram.h"
#include "../report/json.h"
#include "../solve/solve.h"
#include "../solve/solver.h"
#include "../rules/rules.h"
#include "perft_job.h"

/* Popeye's layout for one twin; the problem's closing line is the printer's
 * (it depends on the other twins). */
static void write_text(const struct work_ctx *c, struct job *j, const struct result *r)
{
    const struct problem *pr = j->pr;
    struct twin_view shown = j->view;
    shown.stipulation = solve_effective_stipulation(pr, &j->view);
    if (j->twin == 0 && !j->same_twin)
        diagram_write_header(&j->out, pr, &j->start, &shown);
    if (j->twin == 0 && pr->zero_position && !j->same_twin)
        text_put(&j->out, "\nzeroposition\n\n");
    if (pr->twin_count > 0 && !j->same_twin)
        text_printf(&j->out, "\n%s%s) %s\n", j->view.continued ? "+" : "", j->view.label_text, j->view.change);
    text_put(&j->out, r->text.data);
    text_put(&j->out, "\n");
    if (c->cfg->check) /* "verdict a) duplex: ..." for the part with the roles exchanged */
        text_printf(&j->out, "verdict%s%s%s%s: %s\n", j->view.label_text[0] ? " " : "", j->view.label_text,
                    j->view.label_text[0] ? ")" : "", j->view.colours_swapped ? " duplex" : "", j->verdict.text);
}

static void solve_job(const struct work_ctx *c, struct job *j, struct progress_slot *slot)
{
    const struct config *cfg = c->cfg;
    /* --max-time and the problem's Option MaxTime: the smaller one holds */
    double max_time = cfg->max_time;
    if (j->pr->options.max_time > 0 && (max_time <= 0 || j->pr->options.max_time < max_time))
        max_time = j->pr->options.max_time;
    struct solve_limits limits = {
        .deadline = max_time > 0 ? monotonic_seconds() + max_time : 0,
        .interrupt = c->interrupt,
        .want_duals = cfg->check || cfg->json,
        .plain_help = cfg->plain_help,
    };
    if (cfg->progress) {
        limits.on_root_move = progress_root_move;
        limits.on_nodes = progress_nodes;
        limits.progress_ctx = slot;
    }
    struct result r;
    result_init(&r);
    solve_twin(j->pr, &j->view, &j->start, c->tt, &limits, &r);
    if (cfg->regression)
        r.seconds = 0; /* output that can be diffed */
    if (cfg->check || cfg->json)
        verdict_compute(j->pr, &j->view, &r, &j->verdict);
    j->partial = r.partial;
    j->illegal = r.illegal;
    j->too_many_turns = r.too_many_turns;
    j->seconds = r.seconds;
    text_init(&j->out);
    if (cfg->json) {
        char *line = json_twin(j->pr, j->twin, &j->view, &r, &j->verdict);
        text_put(&j->out, line);
        text_put(&j->out, "\n");
        free(line);
    } else {
        write_text(c, j, &r);
    }
    result_free(&r);
}

static void perft(const struct config *cfg, struct job *j)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        abort();
    if (j->view.label)
        fprintf(f, "%c)\n", j->view.label);
    j->too_many_turns = perft_job(&j->start, cfg->perft_depth, cfg->divide, f) == RULES_PERFT_OVERFLOW;
    fclose(f);
    text_init(&j->out);
    text_put(&j->out, buf);
    free(buf);
}

void work_run(const struct work_ctx *c, struct job *j, struct progress_slot *slot)
{
    switch (j->kind) {
    case JOB_SOLVE:
        solve_job(c, j, slot);
        break;
    case JOB_PERFT:
        perft(c->cfg, j);
        break;
    case JOB_ERROR:
        break;
    }
}
