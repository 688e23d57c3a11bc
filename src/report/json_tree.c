/* Building the --json tree from the search's events (docs/json.md):
 * each move is {"move", "text", "mark"}; a first move or a continuation gets
 * "threat" and "variations", a defence "continuations", a try "refutations". */
#include "../base/memory.h"
#include "json_tree.h"

#include <assert.h>
#include <stdlib.h>

#include "../board/notation.h"

static cJSON *need(cJSON *item)
{
    if (!item)
        out_of_memory(); /* memory is out: a half-built tree is worse than stopping */
    return item;
}

static void append(cJSON *array, cJSON *item)
{
    if (!cJSON_AddItemToArray(array, need(item)))
        out_of_memory();
}

/* o's array field name, created on first use. */
static cJSON *array_of(cJSON *o, const char *name)
{
    cJSON *a = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!a) {
        a = need(cJSON_CreateArray());
        if (!cJSON_AddItemToObject(o, name, a))
            out_of_memory();
    }
    return a;
}

static const char *mark(enum move_effect e, enum goal g)
{
    if (e == EFFECT_CHECK)
        return "+";
    if (e != EFFECT_GOAL)
        return "";
    return g == GOAL_MATE ? "#" : g == GOAL_STALEMATE ? "=" : "#=";
}

static cJSON *move_node(struct position *pos, const struct turn *t, enum move_effect e, enum goal g)
{
    char canon[NOTATION_MAX], text[NOTATION_MAX];
    turn_canonical(pos, t, canon);
    turn_text(pos, t, text);
    cJSON *o = need(cJSON_CreateObject());
    if (!cJSON_AddStringToObject(o, "move", canon) || !cJSON_AddStringToObject(o, "text", text) ||
        !cJSON_AddStringToObject(o, "mark", mark(e, g)))
        out_of_memory();
    return o;
}

void json_tree_init(struct json_tree *t)
{
    *t = (struct json_tree){.root = need(cJSON_CreateObject()), .field = -1};
}

/* The root's fields, in the order a tree has them. */
enum root_field { FIELD_SET_PLAY, FIELD_FIRST_MOVES, FIELD_POST_KEY };
static const char *const field_names[] = {"set_play", "first_moves", "post_key"};

static void put(struct json_tree *t, const char *s)
{
    if (!t->failed && !t->out->write(t->out->ctx, s, strlen(s)))
        t->failed = true;
}

/* The item being built, written (after a comma if not the first). */
static void write_pending(struct json_tree *t)
{
    if (!t->pending)
        return;
    char *s = cJSON_PrintUnformatted(t->pending);
    if (!s)
        out_of_memory();
    if (t->items++ > 0)
        put(t, ",");
    put(t, s);
    cJSON_free(s);
    cJSON_Delete(t->pending);
    t->pending = NULL;
    /* the item's moves are gone: nothing may hang below them any more */
    for (int d = 0; d <= JSON_TREE_MAX_DEPTH; d++)
        t->nodes[d] = NULL;
}

/* Field f of the root is the one being written: the one before is closed. */
static void open_field(struct json_tree *t, enum root_field f)
{
    if (t->field == (int)f)
        return;
    write_pending(t);
    if (t->field == FIELD_SET_PLAY || t->field == FIELD_FIRST_MOVES)
        put(t, "]");
    put(t, t->fields_seen ? ",\"" : "\"");
    put(t, field_names[f]);
    put(t, f == FIELD_POST_KEY ? "\":" : "\":[");
    t->fields_seen |= 1u << f;
    t->field = (int)f;
    t->items = 0;
}

void json_tree_stream(struct json_tree *t, const struct json_writer *out)
{
    t->out = out;
    put(t, "{");
}

bool json_tree_end(struct json_tree *t)
{
    write_pending(t);
    if (t->field == FIELD_SET_PLAY || t->field == FIELD_FIRST_MOVES)
        put(t, "]");
    put(t, "}");
    t->field = -1;
    return !t->failed;
}

/* An item of the root's array `f`, the move at `depth` (-1: a help line):
 * written once the next one begins. */
static void root_item(struct json_tree *t, enum root_field f, cJSON *item, int depth)
{
    if (!t->out) {
        append(array_of(t->root, field_names[f]), item);
        return;
    }
    open_field(t, f);
    write_pending(t);
    if (depth >= 0)
        t->nodes[depth] = item;
    t->pending = item;
}

/* The root's array `f` exists, [] when nothing comes into it. */
static void root_array(struct json_tree *t, enum root_field f)
{
    if (!t->out)
        array_of(t->root, field_names[f]);
    else if (!(t->fields_seen >> f & 1))
        open_field(t, f);
}

static void on_move(struct json_tree *t, const struct solution_event *e)
{
    int d = e->depth;
    assert(d >= 0 && d <= JSON_TREE_MAX_DEPTH);
    cJSON *node = move_node(e->pos, e->turn, e->effect, e->goal);
    t->nodes[d] = node;
    if (e->kind == EVENT_FIRST_MOVE) {
        cJSON_AddBoolToObject(node, "key", e->win);
        if (e->forced_fail) /* r#n: White must reach the goal with it */
            cJSON_AddBoolToObject(node, "forced", true);
        root_item(t, FIELD_FIRST_MOVES, node, d);
    } else if (e->kind == EVENT_REFUTATION) {
        append(array_of(t->nodes[0], "refutations"), node);
    } else if (e->in_threat) {
        assert(d >= 2);
        append(array_of(t->nodes[d - 2], "threat"), node);
    } else if (d == 1 && t->set_play) {
        root_item(t, FIELD_SET_PLAY, node, d);
    } else {
        assert(d >= 1 && t->nodes[d - 1]);
        /* even depths are the attacker's moves, odd ones the defender's */
        append(array_of(t->nodes[d - 1], d % 2 ? "variations" : "continuations"), node);
        if (e->refutes) /* PostKeyPlay: a defence that holds */
            cJSON_AddBoolToObject(node, "refutes", true);
        if (e->forced_fail) /* r#n: White's forced goal after a try's refutation */
            cJSON_AddBoolToObject(node, "forced", true);
    }
}

/* Help play's set play: the lines as canonical moves, as "solutions" has them. */
static void on_help_line(struct json_tree *t, const struct solution_event *e)
{
    if (!e->set_play)
        return; /* the solutions are the result's lists */
    cJSON *line = need(cJSON_CreateArray());
    struct position p = *e->pos;
    for (int i = 0; i < e->plies; i++) {
        char canon[NOTATION_MAX];
        turn_canonical(&p, &e->line[i], canon);
        append(line, cJSON_CreateString(canon));
        struct undo u;
        position_make(&p, &e->line[i], &u);
    }
    root_item(t, FIELD_SET_PLAY, line, -1);
}

static void on_event(void *ctx, const struct solution_event *e)
{
    struct json_tree *t = ctx;
    switch (e->kind) {
    case EVENT_SET_PLAY:
        root_array(t, FIELD_SET_PLAY);
        t->set_play = t->out ? t->root : array_of(t->root, "set_play"); /* streaming: a mark only */
        break;
    case EVENT_SET_PLAY_END:
        t->set_play = NULL;
        break;
    case EVENT_THREAT:
        /* [] says zugzwang: the threat was looked for and there is none */
        array_of(t->nodes[e->depth], "threat");
        break;
    case EVENT_FIRST_MOVE:
    case EVENT_MOVE:
    case EVENT_REFUTATION:
        on_move(t, e);
        break;
    case EVENT_REFUTATIONS:
        array_of(t->nodes[0], "refutations");
        break;
    case EVENT_HELP_LINE:
        on_help_line(t, e);
        break;
    case EVENT_POST_KEY:
        /* PostKeyPlay: the play hangs off "post_key" as a key's play does */
        if (t->out) {
            open_field(t, FIELD_POST_KEY);
            t->pending = t->nodes[0] = need(cJSON_CreateObject());
        } else {
            t->nodes[0] = need(cJSON_CreateObject());
            if (!cJSON_AddItemToObject(t->root, "post_key", t->nodes[0]))
                out_of_memory();
        }
        break;
    case EVENT_POST_KEY_END:
        t->nodes[0] = NULL;
        break;
    case EVENT_HELP_PHASE_END:
        if (e->set_play)
            root_array(t, FIELD_SET_PLAY); /* [] when set play has no line */
        break;
    case EVENT_NUMBERED_MOVE:
    case EVENT_THREAT_END:
    case EVENT_FIRST_MOVE_END:
    case EVENT_NUMBERED_END:
        break;
    }
}

struct solution_sink json_tree_sink(struct json_tree *t)
{
    return (struct solution_sink){.event = on_event, .ctx = t};
}

cJSON *json_tree_take(struct json_tree *t)
{
    cJSON *root = t->root;
    json_tree_init(t);
    return root;
}

void json_tree_free(struct json_tree *t)
{
    cJSON_Delete(t->root);
    cJSON_Delete(t->pending);
    *t = (struct json_tree){.field = -1};
}
