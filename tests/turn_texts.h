/* Turn lists as sorted text for the rule-set tests: what a position allows,
 * compared with a hand-written list in any order. */
#ifndef FS_TURN_TEXTS_H
#define FS_TURN_TEXTS_H

#include <stdlib.h>
#include <string.h>

#include "../src/board/notation.h"
#include "../src/rules/rules.h"

static int compare_names(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* The turns of p as text (Popeye form), sorted and joined by single spaces. */
static char *texts(struct position *p)
{
    struct turn_list *l = calloc(1, TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    p->rules->generate(p, l);
    char(*names)[NOTATION_MAX] = malloc((size_t)(l->count + 1) * NOTATION_MAX);
    for (int i = 0; i < l->count; i++)
        turn_text(p, &l->turns[i], names[i]);
    qsort(names, (size_t)l->count, NOTATION_MAX, compare_names);
    char *buf = malloc((size_t)(l->count + 1) * (NOTATION_MAX + 1));
    buf[0] = 0;
    for (int i = 0; i < l->count; i++) {
        if (i)
            strcat(buf, " ");
        strcat(buf, names[i]);
    }
    free(names);
    free(l);
    return buf;
}

/* `expected` lists turns separated by spaces in any order. */
static void expect_turns(struct position *p, const char *expected)
{
    char *copy = strdup(expected);
    char(*names)[NOTATION_MAX] = malloc(256 * NOTATION_MAX);
    int n = 0;
    for (char *tok = strtok(copy, " \n"); tok; tok = strtok(NULL, " \n"))
        snprintf(names[n++], NOTATION_MAX, "%s", tok);
    qsort(names, (size_t)n, NOTATION_MAX, compare_names);
    char *want = malloc((size_t)(n + 1) * (NOTATION_MAX + 1));
    want[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(want, " ");
        strcat(want, names[i]);
    }
    char *got = texts(p);
    if (strcmp(got, want) != 0)
        fail_msg("turns differ\n got:  %s\n want: %s", got, want);
    free(got);
    free(want);
    free(names);
    free(copy);
}

/* The generated turn whose text is `text`; fails if absent. */
static struct turn find_turn(struct position *p, const char *text)
{
    struct turn_list *l = calloc(1, TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    p->rules->generate(p, l);
    for (int i = 0; i < l->count; i++) {
        char name[NOTATION_MAX];
        turn_text(p, &l->turns[i], name);
        if (strcmp(name, text) == 0) {
            struct turn t = l->turns[i];
            free(l);
            return t;
        }
    }
    free(l);
    fail_msg("turn %s not generated", text);
    struct turn none = {0};
    return none;
}

#endif
