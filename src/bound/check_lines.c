/* A's last check looked at on the board, where the lines pair holds: the
 * lines its checker moves and checks along, and the units D must clear off them. */
#include "check_lines.h"

#include "a_units.h"
#include "d_units.h"
#include "square_verdict.h"

/* Whether s has at most k members: a few steps where k is small (a
 * population count is a library call in this build, and this is asked
 * millions of times). */
static inline bool at_most(square_set s, int k)
{
    if (k <= 1) /* the budgets most asked about: no loop */
        return k == 0 ? s == 0 : (s & (s - 1)) == 0;
    for (; s; s &= s - 1)
        if (k-- == 0)
            return false;
    return true;
}

/* The count of moved_check_clear and discovered_check_clear on one line:
 * the units on `line` now, D's (but its king) and A's (but `mover`), where
 * each of D's turns takes at most one unit off it.  A turn moves one unit
 * (a castling also its rook, and neither side may castle here) and takes
 * at most the unit on its target square (en passant another pawn, and A
 * has none), which leaves the taker on the line: so D's units there need
 * a turn of their own each (rb, the turns its king's walk leaves), and all
 * of them together with A's need at least as many of D's d turns.  A's
 * king, which no turn takes and which cannot move when another unit makes
 * A's one turn, must not be among A's. */
static bool line_clearable(const struct goal_bound *n, square_set line, int mover, int rb)
{
    square_set a_on = line & n->a_units & ~SET_BIT(n->a_bit[mover]);
    if (a_on & n->a_king_set)
        return false;
    square_set d_on = line & n->blockers;
    return at_most(d_on, rb) && at_most(d_on | a_on, n->d);
}

/* Whether the lines of A's last turn are looked at on the board at this
 * node (king_square_feasible): the lines pair holds for A, neither side may
 * castle, and A has no pawn (which could take en passant off a line, or
 * promote); worked out on first use. */
bool lines_clear(struct goal_bound *n)
{
    if (n->lines_clear < 0) {
        const struct position *p = n->pos;
        n->a_units = p->st.occupied[n->A];
        n->lines_clear = n->lines_known && !position_may_castle(p, n->A) && !position_may_castle(p, n->D);
        for (int u = 0; u < n->na && n->lines_clear; u++)
            n->lines_clear = n->a_kind[u] != PAWN;
    }
    return n->lines_clear;
}

/* A's last turn (a == 1), D's d >= 1 turns all before it, on the board
 * (lines_clear): may the unit making it check king square s from the
 * square it goes to?  Its way there and the line from there must be clear
 * but for its own square (the pair's rule set moves a unit only over the
 * squares its attack needs empty, rules.h; line_clearable), and the
 * flights as last_turn_check_feasible counts them.  Asked beside
 * discovered_check_clear where the verdict counted the check for nothing
 * (king_square_feasible).  Where no unit of A checks s along a line where
 * it stands (checked0) it would decide alone (a check there before A's
 * last turn would stand after D's last, which the pair's rule set
 * forbids, and no line is left to discover), but asked so it costs more
 * than it saves.  False when none fits. */
bool moved_check_clear(struct goal_bound *n, int s, int king_turns)
{
    const struct goal_tables *t = n->t;
    int rb = n->d - king_turns;
    square_set flights = t->flights[s], open = flights & ~n->blockers;
    square_set from[KIND_COUNT];
    sets_of(n->checkers[n->A], s, from);
    for (int u = 0; u < n->na; u++) {
        int kk = n->a_kind[u]; /* no pawn: no promotion */
        square_set qs = from[kk] & n->reach[u][0][1];
        if (!qs)
            continue;
        square_set others = denied_by_others(n, u);
        const square_set(*line)[GOAL_NB] = t->lines->line[n->A][kk];
        for (; qs; qs &= qs - 1) {
            int q = set_first(qs);
            square_set l = line[n->a_bit[u]][q] | line[q][s];
            n->pass_lines |= l;
            if (line_clearable(n, l, u, rb) && checker_square_fits(n, flights, open, others, kk, q, rb))
                return true;
        }
    }
    return false;
}

/* The same where the verdict counted the check on s for nothing: some unit
 * x of A checks s along a line where it stands (checked0), and the empty
 * board has that line open.  On the board a check along x's line comes
 * from A's last turn moving the one unit still on the line off it (D's
 * king may not stand in check after D's last turn): that unit is A's and
 * on the line now (A moves nowhere before), and every other unit on it
 * must be gone by then (line_clearable).  The flights then are denied by
 * A's units but the mover where they stand, or by the mover within one
 * turn (deny_dist, from any square), or blocked by D: the sum of each free
 * flight's cheapest block within rb.  Or the moving unit checks directly
 * (moved_check_clear, asked apart).  Sharper than the verdict only through
 * the units standing on lines, which is why it is asked after the verdict
 * and not remembered. */
bool discovered_check_clear(struct goal_bound *n, int s, int king_turns)
{
    const struct goal_tables *t = n->t;
    int rb = n->d - king_turns;
    square_set flights = t->flights[s], open = flights & ~n->blockers;
    for (int x = 0; x < n->na; x++) {
        if (!(n->a_checked[x] & SET_BIT(s)))
            continue;
        square_set l = t->lines->line[n->A][n->a_kind[x]][n->a_bit[x]][s];
        n->pass_lines |= l;
        for (int u = 0; u < n->na; u++) {
            if (!(l & SET_BIT(n->a_bit[u])) || !line_clearable(n, l, u, rb))
                continue;
            square_set denied = denied_by_others(n, u);
            const uint8_t *dist = t->deny_dist[n->A][n->a_kind[u]][n->a_bit[u]];
            for (square_set f = flights; f; f &= f - 1)
                if (dist[set_first(f)] <= 1)
                    denied |= SET_BIT(set_first(f));
            int spent = 0;
            for (square_set left = open & ~denied; left && spent <= rb; left &= left - 1)
                spent += block_cost(n, set_first(left), false);
            if (spent <= rb)
                return true;
        }
    }
    return false;
}
