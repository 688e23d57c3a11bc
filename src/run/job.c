/* Jobs solved one after another in input order.
 * Printing belongs to report/, searching to solve/. */
#include "job.h"

#include <stdio.h>
#include <stdlib.h>

struct job_set {
    const struct config *cfg;
    int status;
};

struct job_set *job_set_new(const struct config *cfg)
{
    struct job_set *js = calloc(1, sizeof *js);
    if (!js)
        abort();
    js->cfg = cfg;
    return js;
}

void job_add(struct job_set *js, const struct problem *pr, int twin, const struct twin_view *v,
             const struct position *p)
{
    (void)pr;
    (void)twin;
    (void)v;
    (void)p;
    fprintf(stderr, "fairysolve: solving is not yet implemented\n");
    js->status = 2;
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
    free(js);
    return s;
}
