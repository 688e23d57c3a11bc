/* Popeye's order of first moves, read off its MoveNumbers output: units from
 * a1 rank by rank; a king's castlings first; lines SW SE NE NW S W N E with
 * the farthest square first; knights in its leap order; pawns double step,
 * single step, then captures; promotions Q S R B.  The moves that are to
 * mate at once come from h8 back to a1, as its solutions show them. */
#include "popeye_order.h"

#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../rules/rules.h"
#include "solver.h"

static const int line_order[3][3] = {
    /* [dr+1][df+1] */
    {0, 4, 1}, /* SW S SE */
    {5, -1, 7}, /* W . E */
    {3, 6, 2}, /* NW N NE */
};

static int knight_index(int df, int dr)
{
    static const int leaps[8][2] = {{-2, -1}, {-1, -2}, {1, -2}, {2, -1}, {2, 1}, {1, 2}, {-1, 2}, {-2, 1}};
    for (int i = 0; i < 8; i++)
        if (leaps[i][0] == df && leaps[i][1] == dr)
            return i;
    return 8;
}

static int promo_index(int k)
{
    return k == QUEEN ? 0 : k == KNIGHT ? 1 : k == ROOK ? 2 : k == BISHOP ? 3 : 4;
}

static int sign(int x) { return (x > 0) - (x < 0); }

/* mating: units from the last square (h8) back to a1, as Popeye lists the
 * moves that may mate at once (its orthodox mating-move generator) */
static long order_key(const struct position *p, const struct turn *t, bool mating)
{
    const struct geometry *g = p->geo;
    int f0 = g->file_of[t->from], r0 = g->rank_of[t->from];
    long unit = mating ? (long)(MAX_RANKS - 1 - r0) * 16 + (MAX_FILES - 1 - f0) : (long)r0 * 16 + f0;
    long base = unit * 4096;
    if (t->flags & TURN_CASTLE)
        return base + (t->from2 < t->from ? 0 : 1);
    if (t->to == SQ_OFF || t->to == t->from)
        return base + 4000;
    int df = g->file_of[t->to] - f0, dr = g->rank_of[t->to] - r0;
    int dist = abs(df) > abs(dr) ? abs(df) : abs(dr);
    switch (unit_kind(p->board[t->from])) {
    case KNIGHT: return base + 16 + knight_index(df, dr);
    case PAWN: {
        int kind = df == 0 ? (dist == 2 ? 0 : 1) : (df > 0 ? 2 : 3);
        return base + 16 + kind * 8 + promo_index(t->promo);
    }
    default: {
        int line = line_order[sign(dr) + 1][sign(df) + 1];
        return base + 16 + line * 32 + (31 - dist);
    }
    }
}

struct keyed {
    long key;
    int index;
};

/* Ties (fairy turns sharing a move, told apart by a second displacement)
 * keep their generated order: the sort is stable, so the turns of one
 * OwnerPromotes decision keep their first one first. */
static int compare(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    if (x->key != y->key)
        return (x->key > y->key) - (x->key < y->key);
    return (x->index > y->index) - (x->index < y->index);
}

static void sort_keyed(const struct position *p, struct turn_list *l, bool mating)
{
    /* on the stack for the usual few dozen turns (memory_scratch; battle.c
     * order_defences says why) */
    struct keyed keys_small[TURN_SORT_ON_STACK];
    struct turn sorted_small[TURN_SORT_ON_STACK];
    struct keyed *keys = memory_scratch(keys_small, sizeof keys_small, sizeof *keys * (size_t)l->count);
    struct turn *sorted = memory_scratch(sorted_small, sizeof sorted_small, sizeof *sorted * (size_t)l->count);
    for (int i = 0; i < l->count; i++)
        keys[i] = (struct keyed){order_key(p, &l->turns[i], mating), i};
    qsort(keys, (size_t)l->count, sizeof keys[0], compare);
    for (int i = 0; i < l->count; i++)
        sorted[i] = l->turns[keys[i].index];
    memcpy(l->turns, sorted, sizeof sorted[0] * (size_t)l->count);
    memory_scratch_free(keys, keys_small);
    memory_scratch_free(sorted, sorted_small);
}

void popeye_order_sort(const struct position *p, struct turn_list *l) { sort_keyed(p, l, false); }

void popeye_order_sort_mating(const struct position *p, struct turn_list *l) { sort_keyed(p, l, true); }

void popeye_order_sort_by(const struct position *p, struct turn_list *l, bool mating) { sort_keyed(p, l, mating); }

/* The moves Popeye numbers before it knows which are legal: pseudo-legal
 * ones where the rule set lists them. */
static void numbered_candidates(struct position *p, struct turn_list *out)
{
    if (p->rules->generate_pseudo)
        p->rules->generate_pseudo(p, out);
    else
        p->rules->generate(p, out);
}

void popeye_numbered_moves(struct position *p, struct turn_list *out)
{
    numbered_candidates(p, out);
    popeye_order_sort(p, out);
}

void popeye_numbered_mating_moves(struct position *p, struct turn_list *out)
{
    numbered_candidates(p, out);
    const struct geometry *g = p->geo;
    int enemy = p->st.king_sq[!p->st.side];
    int n = 0;
    for (int i = 0; i < out->count; i++) {
        const struct turn *t = &out->turns[i];
        /* a king gives no check of its own: its moves next to the other
         * king are not generated there (they are illegal anyway) */
        if (enemy != SQ_NONE && unit_kind(p->board[t->from]) == KING && !(t->flags & TURN_CASTLE) &&
            t->to != SQ_OFF && abs(g->file_of[t->to] - g->file_of[enemy]) <= 1 &&
            abs(g->rank_of[t->to] - g->rank_of[enemy]) <= 1)
            continue;
        /* a promotion on a square that shares a line with the other king or
         * is a knight's leap from it, blocked or not, is generated as every
         * kind, checking or not (Popeye 4.104: c7-c8=Q, =S, =R, =B with the
         * king on h3, h8, f5 or c3 behind a pawn; none with it on h4) */
        bool in_view = false;
        if (t->promo && enemy != SQ_NONE && t->to != SQ_OFF) {
            int df = abs(g->file_of[t->to] - g->file_of[enemy]), dr = abs(g->rank_of[t->to] - g->rank_of[enemy]);
            in_view = df == 0 || dr == 0 || df == dr || df * dr == 2;
        }
        if (in_view || solver_turn_checks(p, t))
            out->turns[n++] = *t;
    }
    out->count = n;
    popeye_order_sort_mating(p, out);
}

bool popeye_turn_legal(struct position *p, const struct turn *t)
{
    if (!p->rules->generate_pseudo)
        return true; /* the list was legal already */
    enum colour mover = (enum colour)p->st.side;
    struct undo u;
    position_make(p, t, &u);
    bool legal = !rules_in_check(p, mover);
    position_unmake(p, &u);
    return legal;
}
