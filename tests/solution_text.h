/* The Popeye text of the last search in a solving test: a text sink the
 * tests hand to battle_search/help_search, freed by the group tear-down. */
#ifndef FS_SOLUTION_TEXT_H
#define FS_SOLUTION_TEXT_H

#include "../src/report/popeye_text.h"

static struct text solution;
static struct popeye_text solution_writer;

/* A sink into an emptied `solution`. */
static const struct solution_sink *fresh_solution_sink(void)
{
    static struct solution_sink sink;
    text_free(&solution);
    text_init(&solution);
    solution_writer = (struct popeye_text){.out = &solution};
    sink = popeye_text_sink(&solution_writer);
    return &sink;
}

static int teardown_with_text(void **state)
{
    text_free(&solution);
    return teardown(state);
}

#endif
