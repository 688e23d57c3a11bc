/* Containers of a solving result: string lists and tries.
 * Filled by the solvers, read by reports; no chess here. */
#include "../base/memory.h"
#include "result.h"

#include <stdlib.h>
#include <string.h>

/* STRLIST_SPILL over its memory: every string to the temporary file. */
static void spill(struct strlist *l)
{
    if (!(l->spill = malloc(sizeof *l->spill)))
        out_of_memory();
    spool_init(l->spill, SPOOL_MEMORY);
    for (int i = 0; i < l->count; i++) {
        if (!spool_puts(l->spill, l->items[i]) || !spool_write(l->spill, "\n", 1))
            l->lost = true;
        free(l->items[i]);
    }
    free(l->items);
    l->items = NULL;
    l->cap = 0;
    l->bytes = 0;
}

void strlist_add(struct strlist *l, const char *s)
{
    if (l->keep == STRLIST_COUNT || l->lost) {
        l->count++;
        return;
    }
    if (l->spill) {
        if (!spool_puts(l->spill, s) || !spool_write(l->spill, "\n", 1))
            l->lost = true;
        l->count++;
        return;
    }
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
    l->bytes += strlen(s) + 1;
    if (l->keep == STRLIST_SPILL && l->bytes > STRLIST_MEMORY)
        spill(l);
}

void strlist_free(struct strlist *l)
{
    if (l->items)
        for (int i = 0; i < l->count; i++)
            free(l->items[i]);
    free(l->items);
    if (l->spill) {
        spool_free(l->spill);
        free(l->spill);
    }
    enum strlist_keep keep = l->keep;
    memset(l, 0, sizeof *l);
    l->keep = keep;
}

/* Lines of a spilled list, cut at the newlines (a line may span chunks). */
struct line_cutter {
    bool (*fn)(void *ctx, const char *s);
    void *ctx;
    char *line;
    size_t len, cap;
    bool failed;
};

static bool cut_lines(void *ctx, const char *data, size_t n)
{
    struct line_cutter *c = ctx;
    for (size_t i = 0; i < n; i++) {
        if (data[i] == '\n') {
            c->line[c->len] = 0;
            c->len = 0;
            if (!c->fn(c->ctx, c->line))
                return false;
            continue;
        }
        if (c->len + 2 > c->cap) {
            c->cap = c->cap ? 2 * c->cap : 256;
            if (!(c->line = realloc(c->line, c->cap)))
                out_of_memory();
        }
        c->line[c->len++] = data[i];
    }
    return true;
}

bool strlist_each(struct strlist *l, bool (*fn)(void *ctx, const char *s), void *ctx)
{
    if (l->keep == STRLIST_COUNT || l->lost)
        return false;
    if (!l->spill) {
        for (int i = 0; i < l->count; i++)
            if (!fn(ctx, l->items[i]))
                return false;
        return true;
    }
    struct line_cutter c = {.fn = fn, .ctx = ctx};
    bool ok = spool_each(l->spill, cut_lines, &c);
    free(c.line);
    return ok;
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
