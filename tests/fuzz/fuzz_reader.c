/* libFuzzer target for the readers (the problem language, YACPDB entries): text -> problems ->
 * twins -> starting positions -> perft 1 of each, each twin drawn as --svg and LaTeX FILE draw it. */
#include <stddef.h>
#include <stdint.h>

#include "../../src/problem/reader.h"
#include "../../src/report/latex.h"
#include "../../src/report/svg.h"
#include "../../src/problem/setup.h"
#include "../../src/problem/yacpdb.h"
#include "../../src/rules/rules.h"

/* Every twin of one problem, as run.c builds it; errors stop the problem. */
static void walk_twins(const struct problem *pr)
{
    for (int t = 0; t <= pr->twin_count; t++) {
        struct twin_view v;
        struct parse_error err;
        struct position p;
        if (!problem_twin(pr, t, &v, &err) || !problem_position(pr, &v, &p, &err))
            return;
        (void)rules_perft(&p, 1);
        struct text out;
        struct latex_units units;
        text_init(&out);
        latex_units_default(&units, pr->language);
        latex_units_update(&units, pr);
        svg_write_diagram(&out, pr, &p, &v, true);
        latex_diagram_head(&out, pr, &p, &units);
        latex_twin_add(&out, pr, &v, &units);
        latex_solution_add(&out, &v, true, pr->remark);
        text_free(&out);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct reader *r = reader_new("fuzz.inp", (const char *)data, size);
    for (;;) {
        struct problem pr;
        struct parse_error err;
        int got = reader_next(r, &pr, &err);
        if (got > 0)
            walk_twins(&pr);
        problem_free(&pr);
        if (got == 0)
            break;
    }
    reader_free(r);
    struct yacpdb_reader *y = yacpdb_reader_new("fuzz.yaml", (const char *)data, size);
    for (;;) {
        struct problem pr;
        struct parse_error err;
        int got = yacpdb_reader_next(y, &pr, &err);
        if (got == 1 || got == 2)
            walk_twins(&pr);
        problem_free(&pr);
        if (got == 0)
            break;
    }
    yacpdb_reader_free(y);
    return 0;
}
