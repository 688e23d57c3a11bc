/* Jobs solved one after another in input order: header, twins, solution
 * text and the closing line.  Printing belongs to report/, searching to solve/. */
#include "job.h"

#include <stdio.h>
#include <stdlib.h>

#include "../report/diagram.h"
#include "../solve/solve.h"

struct job_set {
    const struct config *cfg;
    struct tt tt;
    int status;
    bool banner_done;
};

struct job_set *job_set_new(const struct config *cfg)
{
    struct job_set *js = calloc(1, sizeof *js);
    if (!js)
        abort();
    js->cfg = cfg;
    return js;
}

/* The table is made on the first solve: perft and bad input never need it. */
static struct tt *table_of(struct job_set *js)
{
    if (!js->tt.entries && !tt_init(&js->tt, (size_t)js->cfg->hash_mb)) {
        fprintf(stderr, "fairysolve: cannot allocate %ld MB for the hash table\n", js->cfg->hash_mb);
        exit(2);
    }
    return &js->tt;
}

void job_add(struct job_set *js, const struct problem *pr, int twin, const struct twin_view *v,
             const struct position *p)
{
    if (!js->banner_done && !js->cfg->regression)
        printf("fairysolve 0.1\n\n");
    js->banner_done = true;
    struct text out;
    text_init(&out);
    struct twin_view shown = *v;
    shown.stipulation = solve_effective_stipulation(pr, v);
    if (twin == 0)
        diagram_write_header(&out, pr, p, &shown);
    if (twin == 0 && pr->zero_position)
        text_put(&out, "\nzeroposition\n\n");
    if (pr->twin_count > 0)
        text_printf(&out, "\n%s%s) %s\n", v->continued ? "+" : "", v->label_text, v->change);
    struct result r;
    result_init(&r);
    struct solve_limits limits = {0};
    /* no clearing between problems: keys hold the whole state and the mode */
    solve_twin(pr, v, p, table_of(js), &limits, &r);
    text_put(&out, r.text.data);
    text_put(&out, "\n");
    if (twin == pr->twin_count) {
        text_put(&out, r.partial ? "Partial solution" : "solution finished.");
        if (!js->cfg->regression)
            text_printf(&out, " Time = %.3f s", r.seconds);
        text_put(&out, "\n\n\n");
    }
    fputs(out.data, stdout);
    fflush(stdout);
    text_free(&out);
    result_free(&r);
}

void job_report_error(struct job_set *js, const struct problem *pr, const struct parse_error *err)
{
    (void)pr;
    (void)err;
    js->status = 2;
}

bool job_keeps_problem(const struct job_set *js)
{
    (void)js;
    return false;
}

int job_set_finish(struct job_set *js)
{
    int s = js->status;
    tt_free(&js->tt);
    free(js);
    return s;
}
