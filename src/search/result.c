/* Containers of a solving result: string lists and tries.
 * Filled by the solvers, read by reports; no chess here. */
#include "../base/memory.h"
#include "result.h"

#include <stdlib.h>
#include <string.h>

void strlist_add(struct strlist *l, const char *s)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        l->items = realloc(l->items, sizeof *l->items * (size_t)l->cap);
        if (!l->items)
            out_of_memory();
    }
    l->items[l->count] = strdup(s);
    if (!l->items[l->count])
        out_of_memory();
    l->count++;
}

void strlist_free(struct strlist *l)
{
    for (int i = 0; i < l->count; i++)
        free(l->items[i]);
    free(l->items);
    memset(l, 0, sizeof *l);
}

void result_init(struct result *r)
{
    memset(r, 0, sizeof *r);
}

void result_free(struct result *r)
{
    strlist_free(&r->keys);
    strlist_free(&r->short_keys);
    strlist_free(&r->solutions);
    strlist_free(&r->short_solutions);
    strlist_free(&r->dual_lines);
    strlist_free(&r->refuted);
    for (int i = 0; i < r->try_count; i++) {
        free(r->tries[i].move);
        strlist_free(&r->tries[i].refutations);
    }
    free(r->tries);
    memset(r, 0, sizeof *r);
}

struct try_result *result_add_try(struct result *r, const char *move)
{
    r->tries = realloc(r->tries, sizeof *r->tries * (size_t)(r->try_count + 1));
    if (!r->tries)
        out_of_memory();
    struct try_result *t = &r->tries[r->try_count++];
    memset(t, 0, sizeof *t);
    t->move = strdup(move);
    return t;
}

bool strlist_has(const struct strlist *l, const char *s)
{
    for (int i = 0; i < l->count; i++)
        if (strcmp(l->items[i], s) == 0)
            return true;
    return false;
}
