/* The grouped display of Option GroupSteps: keys, tries and help lines held
 * until the play moves on, then written with each group as one. */
#include "grouped_text.h"

#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "step_groups.h"

static void keep_part(struct grouped_text *g)
{
    if (g->count == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 16;
        g->parts = realloc(g->parts, sizeof *g->parts * (size_t)g->cap);
        if (!g->parts)
            out_of_memory();
    }
    g->parts[g->count++] = step_groups_tree(g->part.data);
    g->part.len = 0;
    g->part.data[0] = 0;
    g->pt->out = g->out;
    g->in_part = false;
}

/* The parts held back, grouped, in their order: a group needs all its
 * members, so the text of the play does not stream under the option. */
static void flush(struct grouped_text *g)
{
    if (g->count == 0)
        return;
    int *group = malloc(sizeof *group * (size_t)g->count), *word = malloc(sizeof *word * (size_t)g->count);
    if (!group || !word)
        out_of_memory();
    step_groups_text((const char *const *)g->parts, g->count, group, word);
    for (int i = 0; i < g->count; i++) {
        if (group[i] != i)
            continue;
        if (word[i] < 0) {
            text_put(g->out, g->parts[i]);
            continue;
        }
        char *joined = step_groups_join((const char *const *)g->parts, g->count, group, i, word[i]);
        text_put(g->out, joined);
        free(joined);
    }
    for (int i = 0; i < g->count; i++)
        free(g->parts[i]);
    g->count = 0;
    free(group);
    free(word);
}

static void on_event(void *ctx, const struct solution_event *e)
{
    struct grouped_text *g = ctx;
    struct solution_sink inner = popeye_text_sink(g->pt);
    bool starts = e->kind == EVENT_FIRST_MOVE || e->kind == EVENT_HELP_LINE;
    bool inside = e->kind == EVENT_MOVE || e->kind == EVENT_THREAT || e->kind == EVENT_THREAT_END ||
                  e->kind == EVENT_REFUTATIONS || e->kind == EVENT_REFUTATION || e->kind == EVENT_FIRST_MOVE_END;
    if (starts) {
        g->pt->out = &g->part;
        g->in_part = true;
    } else if (!(inside && g->in_part)) {
        flush(g);
    }
    sink_send(&inner, e);
    if (g->in_part && (e->kind == EVENT_HELP_LINE || e->kind == EVENT_FIRST_MOVE_END))
        keep_part(g);
}

struct solution_sink grouped_text_sink(struct grouped_text *g, struct popeye_text *pt)
{
    memset(g, 0, sizeof *g);
    g->pt = pt;
    g->out = pt->out;
    text_init(&g->part);
    return (struct solution_sink){.event = on_event, .ctx = g};
}

void grouped_text_finish(struct grouped_text *g)
{
    flush(g);
    g->pt->out = g->out;
    free(g->parts);
    g->parts = NULL;
    g->cap = 0;
    text_free(&g->part);
}
