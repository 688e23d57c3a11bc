/* The pieces of a part's text (part_chunks.h): each event's text goes to the
 * piece of the first move it belongs to, so parts can be put in order; a
 * piece is written out once the next one begins. */
#include "../base/memory.h"
#include "part_chunks.h"

#include <stdlib.h>
#include <string.h>

#include "../board/notation.h"
#include "../search/threats.h"

void part_chunks_init(struct part_chunks *c, const struct words *words)
{
    *c = (struct part_chunks){0};
    text_init(&c->buf);
    spool_init(&c->done, 0);
    c->pt = (struct popeye_text){.out = &c->buf, .words = words};
}

static cJSON *need(cJSON *item)
{
    if (!item)
        out_of_memory();
    return item;
}

/* The piece in c->last to c->done, as the JSON of one item. */
static void write_last(struct part_chunks *c)
{
    if (!c->any)
        return;
    const struct part_chunk *k = &c->last;
    cJSON *item = need(cJSON_CreateArray()), *moves = need(cJSON_CreateArray());
    cJSON_AddItemToArray(item, need(cJSON_CreateNumber(k->phase)));
    cJSON_AddItemToArray(item, need(cJSON_CreateNumber(k->plies)));
    cJSON_AddItemToArray(item, need(cJSON_CreateNumber(k->index)));
    cJSON_AddItemToArray(item, need(cJSON_CreateString(k->text.data)));
    for (int m = 0; m < k->moves.count; m++)
        cJSON_AddItemToArray(moves, need(cJSON_CreateString(k->moves.items[m])));
    cJSON_AddItemToArray(item, moves);
    char *s = cJSON_PrintUnformatted(item);
    cJSON_Delete(item);
    if (!s)
        out_of_memory();
    if (c->done_count++ > 0)
        spool_write(&c->done, ",", 1);
    spool_puts(&c->done, s);
    cJSON_free(s);
    text_free(&c->last.text);
    strlist_free(&c->last.moves);
    c->any = false;
}

static struct part_chunk *chunk_for(struct part_chunks *c, int phase, int plies, int index)
{
    struct part_chunk *last = &c->last;
    if (c->any && last->phase == phase && last->plies == plies && last->index == index)
        return last;
    write_last(c);
    *last = (struct part_chunk){.phase = phase, .plies = plies, .index = index};
    text_init(&last->text);
    c->any = true;
    return last;
}

static void add_move(struct part_chunk *k, const char *m)
{
    if (!strlist_has(&k->moves, m))
        strlist_add(&k->moves, m);
}

static void on_event(void *ctx, const struct solution_event *e)
{
    struct part_chunks *c = ctx;
    if (e->kind == EVENT_SET_PLAY)
        c->battle_set_play = true;
    int phase = (c->battle_set_play || e->set_play) ? 0 : 1;
    /* battle events have plies 0; help lines and help's numbered moves the
     * length searched (a reci-h#'s own mates go with its helpmates) */
    int plies = e->kind == EVENT_HELP_PHASE_END ? PART_PLIES_END
                : e->kind == EVENT_HELP_LINE && e->length > 0 ? e->length
                                                              : e->plies;
    struct part_chunk *k = chunk_for(c, phase, plies, e->first_index);
    char m[NOTATION_MAX];
    if (e->kind == EVENT_FIRST_MOVE) {
        turn_canonical(e->pos, e->turn, m);
        add_move(k, m);
        decision_canonical(e->pos, e->turn, m);
        add_move(k, m);
    } else if (e->kind == EVENT_HELP_LINE && !e->set_play) {
        turn_canonical(e->pos, &e->line[0], m);
        add_move(k, m);
    }
    popeye_text_sink(&c->pt).event(&c->pt, e);
    text_put(&k->text, c->buf.data);
    c->buf.len = 0;
    c->buf.data[0] = 0;
    if (e->kind == EVENT_SET_PLAY_END)
        c->battle_set_play = false;
}

struct solution_sink part_chunks_sink(struct part_chunks *c)
{
    return (struct solution_sink){.event = on_event, .ctx = c};
}

struct spool *part_chunks_finish(struct part_chunks *c)
{
    write_last(c);
    return &c->done;
}

void part_chunks_free(struct part_chunks *c)
{
    if (c->any) {
        text_free(&c->last.text);
        strlist_free(&c->last.moves);
    }
    spool_free(&c->done);
    text_free(&c->buf);
    *c = (struct part_chunks){0};
}
