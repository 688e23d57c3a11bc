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
    *t = (struct json_tree){.root = need(cJSON_CreateObject())};
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
        append(array_of(t->root, "first_moves"), node);
    } else if (e->kind == EVENT_REFUTATION) {
        append(array_of(t->nodes[0], "refutations"), node);
    } else if (e->in_threat) {
        assert(d >= 2);
        append(array_of(t->nodes[d - 2], "threat"), node);
    } else if (d == 1 && t->set_play) {
        append(t->set_play, node);
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
    append(array_of(t->root, "set_play"), line);
}

static void on_event(void *ctx, const struct solution_event *e)
{
    struct json_tree *t = ctx;
    switch (e->kind) {
    case EVENT_SET_PLAY:
        t->set_play = array_of(t->root, "set_play");
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
        t->nodes[0] = need(cJSON_CreateObject());
        if (!cJSON_AddItemToObject(t->root, "post_key", t->nodes[0]))
            out_of_memory();
        break;
    case EVENT_POST_KEY_END:
        t->nodes[0] = NULL;
        break;
    case EVENT_HELP_PHASE_END:
        if (e->set_play)
            array_of(t->root, "set_play"); /* [] when set play has no line */
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
    *t = (struct json_tree){0};
}
