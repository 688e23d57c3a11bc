/* Popeye's solution layout (FORMAT.md 2): move lines indented four columns
 * per half-move, threats, refutations, help lines numbered as Popeye does. */
#include "popeye_text.h"

#include "../board/notation.h"

static const char *goal_mark(enum goal g)
{
    return g == GOAL_MATE ? " #" : g == GOAL_STALEMATE ? " =" : " #=";
}

static void put_effect(struct text *out, enum move_effect e, enum goal g)
{
    if (e == EFFECT_GOAL)
        text_put(out, goal_mark(g));
    else if (e == EFFECT_CHECK)
        text_put(out, " +");
}

/* "\n" + Popeye's indentation and move number for a turn at this depth
 * (0 = the first move), the move and its effect. */
static void put_move_line(struct popeye_text *pt, const struct solution_event *e)
{
    char move[NOTATION_MAX];
    words_turn_text(pt->words, e->pos, e->turn, move);
    text_printf(pt->out, "\n%*c%3d.%s%s", 4 * e->depth, ' ', e->depth / 2 + 1, e->depth % 2 ? ".." : "", move);
    put_effect(pt->out, e->effect, e->goal);
}

/* A series line: "  1.m1   2.m2  10.m10" (the number right-aligned in three
 * columns), then the other side's ending after a blank; with no series
 * move (set play) the ending is "  1...m". */
static void put_series_line(struct popeye_text *pt, const struct solution_event *e)
{
    struct text *out = pt->out;
    struct position p = *e->pos;
    text_put(out, "\n");
    for (int i = 0; i < e->plies; i++) {
        char move[NOTATION_MAX];
        words_turn_text(pt->words, &p, &e->line[i], move);
        if (i < e->series_moves)
            text_printf(out, "%s%3d.%s", i ? " " : "", i + 1, move);
        else if (e->series_moves == 0)
            text_printf(out, "  1...%s", move);
        else
            text_printf(out, " %s", move);
        put_effect(out, e->line_effects[i], e->goal);
        struct undo u;
        position_make(&p, &e->line[i], &u);
        if (i + 1 < e->series_moves) /* the other side passes */
            position_make_null(&p, &u);
    }
    if (e->forced_fail)
        text_put(out, " ?!?");
}

static void put_help_line(struct popeye_text *pt, const struct solution_event *e)
{
    if (e->series) {
        put_series_line(pt, e);
        return;
    }
    struct text *out = pt->out;
    struct position p = *e->pos;
    text_put(out, "\n ");
    /* the set play of h#n.5 starts with Black's move: Popeye numbers it as
     * the play's, White's first move passed ("1...  ...  2.") */
    bool passed = e->set_play && !e->white_first;
    for (int i = 0; i < e->plies; i++) {
        char move[NOTATION_MAX];
        words_turn_text(pt->words, &p, &e->line[i], move);
        int half = i + (e->white_first ? 1 : passed ? 2 : 0); /* 0 = Black's half of move 1 */
        if (i == 0 && e->white_first)
            text_printf(out, " 1...%s", move);
        else if (i == 0 && passed)
            text_printf(out, " 1...  ...  2.%s", move);
        else if (half % 2 == 0)
            text_printf(out, "%s%d.%s", i ? "   " : " ", half / 2 + 1, move);
        else
            text_printf(out, " %s", move);
        put_effect(out, e->line_effects[i], e->goal);
        struct undo u;
        position_make(&p, &e->line[i], &u);
    }
}

static void part_done(struct popeye_text *pt)
{
    if (pt->part_done)
        pt->part_done(pt->ctx);
}

static void on_event(void *ctx, const struct solution_event *e)
{
    struct popeye_text *pt = ctx;
    struct text *out = pt->out;
    switch (e->kind) {
    case EVENT_SET_PLAY:
        pt->set_play_empty = true;
        break;
    case EVENT_THREAT_END:
        break;
    case EVENT_SET_PLAY_END: /* Popeye leaves no blank line for set play that shows nothing */
        if (!pt->set_play_empty)
            text_put(out, "\n");
        part_done(pt);
        break;
    case EVENT_HELP_PHASE_END:
        text_put(out, "\n");
        part_done(pt);
        break;
    case EVENT_NUMBERED_MOVE: {
        char move[NOTATION_MAX];
        words_turn_text(pt->words, e->pos, e->turn, move);
        text_printf(out, "\n%3d  (%s%s )", e->number, move, e->effect == EFFECT_CHECK ? " +" : "");
        pt->tree_last = false;
        pt->numbered_last = true;
        break;
    }
    case EVENT_NUMBERED_END:
        /* Popeye leaves a blank line after the last numbered move, as after
         * a key's play (FIRST_MOVE_END) */
        if (pt->numbered_last)
            text_put(out, "\n");
        break;
    case EVENT_FIRST_MOVE:
        pt->numbered_last = false;
        put_move_line(pt, e);
        if (e->forced_fail) { /* r#n: White must reach the goal; no play follows, and */
            text_put(out, " ?!?");  /* Popeye lists these lines without blanks between */
            break;
        }
        text_put(out, e->win ? " !" : " ?");
        break;
    case EVENT_MOVE:
        pt->post_key_start = pt->set_play_empty = false;
        put_move_line(pt, e);
        if (e->forced_fail) /* r#n: White's forced goal after a refutation */
            text_put(out, " ?!?");
        if (e->refutes) /* PostKeyPlay: on its own line, one step further in */
            text_printf(out, "\n%*s%s", 4 * e->depth + 4, "", words_get(pt->words, WORD_REFUTES));
        break;
    case EVENT_THREAT:
        /* PostKeyPlay: no key line to follow, so the threat starts a line */
        if (pt->post_key_start)
            text_put(out, "\n");
        pt->post_key_start = false;
        text_put(out, words_get(pt->words, e->threat_length ? WORD_THREAT : WORD_ZUGZWANG));
        break;
    case EVENT_POST_KEY:
        pt->post_key_start = true;
        if (e->effect == EFFECT_CHECK) /* the key checked: Popeye's line for it is its mark */
            text_put(out, " +");
        break;
    case EVENT_REFUTATIONS:
        text_printf(out, "\n%4c%s", ' ', words_get(pt->words, WORD_BUT));
        break;
    case EVENT_REFUTATION:
        put_move_line(pt, e);
        text_put(out, " !");
        break;
    case EVENT_FIRST_MOVE_END:
        pt->tree_last = !e->forced_fail;
        text_put(out, "\n");
        part_done(pt);
        break;
    case EVENT_POST_KEY_END:
        text_put(out, "\n");
        part_done(pt);
        break;
    case EVENT_HELP_LINE:
        put_help_line(pt, e);
        part_done(pt);
        break;
    }
}

struct solution_sink popeye_text_sink(struct popeye_text *pt)
{
    return (struct solution_sink){.event = on_event, .ctx = pt};
}
