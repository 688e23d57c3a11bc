/* D's frozen units, where A has only its last turn: units certain to stand
 * where they are, whose squares cut the lines of A's units that stay. */
#include "frozen.h"

#include <assert.h>

#include "../board/zobrist.h"

/* Frozen units, where D is to move with at most one turn left and A has
 * one, the last: a D unit other than the king that certainly stands on its
 * square q in the final position (or the A unit that takes it there on the
 * last turn does), so that no attack of an A unit that stays where it is
 * passes q there (goal_tables.h lines).  D's one turn, made before A's,
 * moves one unit, and a unit is frozen where it has no turn now, judged by
 * its tables, which over-approximate every move: each square they reach in
 * one turn holds a D unit, but those that a pawn reaches only by a capture
 * (goal_tables pawn_quiet), which need an A unit there or the e.p. square.
 * Elsewhere (A to move first, or more turns) its units might leave, or A
 * take them and go on: none is frozen. */
static bool unit_frozen(const struct goal_bound *n, const struct position *p, int q)
{
    assert(n->d <= 1 && n->a == 1 && p->st.side == n->D);
    if (n->d == 0)
        return true;
    const struct goal_tables *t = n->t;
    const struct geometry *g = p->geo;
    enum colour D = n->D;
    square_set occ_d = p->st.occupied[D];
    int k = unit_kind(p->board[geo_square_of_bit(g, q)]);
    if (k != PAWN)
        return !(t->within[D][k][q][1] & ~occ_d);
    int ep = p->st.ep_sq == SQ_NONE ? -1 : geo_bit(g, p->st.ep_sq);
    for (int i = 0; i < GOAL_SLOTS; i++)
        for (square_set r = goal_within(t, D, PAWN, q, i)[1] & ~SET_BIT(q); r; r &= r - 1) {
            int x = set_first(r);
            if (t->pawn_quiet[D][q][x] > 1 ? (p->st.occupied[n->A] & SET_BIT(x)) || x == ep /* a capture only */
                                           : !(occ_d & SET_BIT(x)))
                return false;
        }
    return true;
}

/* Whether freeze_lines is worth asking: where it has changed nothing in
 * most of a window of asks, it is asked once in SAMPLE until it does
 * (skipping it never loses a solution). */
bool freeze_pays(struct goal_bound *n)
{
    struct freeze_stats *f = &n->learnt.freeze_stats;
    if (f->off && ++f->skipped % SAMPLE)
        return false;
    if (++f->asked == FREEZE_WINDOW) {
        f->off = f->changed * FREEZE_RATIO < f->asked;
        f->asked = f->changed = 0;
    }
    return true;
}

/* After a look at p that cut nothing, where D is to move with at most one
 * turn and A has its last (unit_frozen): what the units of A that stay
 * where they are no longer attack past a frozen unit, taken from their
 * attacks as listed (only the king's squares within d and their flights
 * matter), and folded into verdict_key; false where nothing changed, and
 * the look's verdict stands.  D's units on these lines are judged once
 * each, when met. */
bool freeze_lines(struct goal_bound *n, const struct position *p)
{
    const struct goal_tables *t = n->t;
    assert(t->lines && n->lines_known && !n->passing && n->d <= 1 && n->a == 1 && p->st.side == n->D && n->pos == p);
    int kb = geo_bit(p->geo, p->st.king_sq[n->D]);
    square_set relevant = SET_BIT(kb) | t->within[n->D][KING][kb][n->d];
    for (square_set q = relevant; q; q &= q - 1)
        relevant |= t->flights[set_first(q)];
    square_set frozen = 0, judged = 0;
    uint64_t cut_lines = 0;
    for (int u = 0; u < n->na; u++) {
        int b = n->a_bit[u], k = n->a_kind[u];
        /* a unit with a free move (a castling king) is left as it is */
        if (t->within[n->A][k][b][0] != SET_BIT(b))
            continue;
        const square_set *line = t->lines->line[n->A][k][b];
        for (square_set f = (n->a_denied[u] | n->a_checked[u]) & relevant; f; f &= f - 1) {
            int x = set_first(f);
            square_set on = line[x] & n->blockers;
            for (square_set q = on & ~judged; q; q &= q - 1)
                if (unit_frozen(n, p, set_first(q)))
                    frozen |= SET_BIT(set_first(q));
            judged |= on;
            if (on & frozen) {
                n->a_denied[u] &= ~SET_BIT(x);
                n->a_checked[u] &= ~SET_BIT(x);
                cut_lines ^= zobrist_mix((uint64_t)u << 8 | (uint64_t)x);
            }
        }
    }
    if (!cut_lines)
        return false;
    n->denied0 = n->denied0_no_king = n->checked0 = 0;
    for (int u = 0; u < n->na; u++) {
        n->denied0 |= n->a_denied[u];
        n->checked0 |= n->a_checked[u];
        if (u != n->a_king_unit)
            n->denied0_no_king |= n->a_denied[u];
    }
    n->a_hash ^= cut_lines;
    return true;
}
