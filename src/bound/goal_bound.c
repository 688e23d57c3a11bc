/* What the search asks of the goal-directed bound at a node (goal_bound.h):
 * whether the node is cut, and which of A's turns there give no check in time. */
#include "goal_bound.h"

#include <assert.h>

#include "a_units.h"
#include "frozen.h"
#include "goal_bound_node.h"
#include "king_squares.h"

/* while a level is off, one node in LEVEL_SAMPLE is still evaluated, so
 * that the level may turn on again; rarely, since where a level is off its
 * looks are costly (three half-moves from the end, two of A's turns) and
 * seldom cut */
#define LEVEL_SAMPLE 256

/* Help play with `plies` half-moves left at p: A, the side that moves last,
 * and its turns *a (the other side has plies - *a). */
static enum colour help_turns(const struct position *p, int plies, int *a)
{
    enum colour side = (enum colour)p->st.side;
    enum colour A = (plies & 1) ? side : (enum colour)!side;
    *a = (plies + (side == A)) / 2;
    return A;
}

/* A look with nothing known above: it leaves no proved squares behind. */
static bool fails(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A, int a, int d)
{
    square_set none = 0;
    return fails_excluding(n, p, goal, A, a, d, &none, true, NULL);
}

/* The second look, after a look at p (fails_excluding, with these budgets)
 * that cut nothing: where D is to move with at most one turn and A has its
 * last, the king's squares not proved by the first look again (those are
 * in *excluded now), with the lines of frozen units cut (freeze_lines);
 * false where that does not apply, changes nothing, or (with `when_paying`)
 * has not paid of late. */
static bool frozen_fails(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A, int a, int d,
                         square_set *excluded, bool when_paying)
{
    if (!n->listed || n->passing || a != 1 || d > 1 || p->st.side == A || !n->lines_known ||
        (when_paying && !freeze_pays(n)) || !freeze_lines(n, p))
        return false;
    n->learnt.freeze_stats.changed++;
    /* the look again from the start, with the same cuts */
    square_set none = 0;
    n->freeze = true;
    bool fails = fails_excluding(n, p, goal, A, a, d, excluded ? excluded : &none, !excluded, NULL);
    n->freeze = false;
    return fails;
}

/* The rule set's own proof that the mate's check cannot be given in time
 * (rules.h goal_hooks.no_final_check), asked before the look. */
static bool no_final_check(const struct goal_bound *n, const struct position *p, enum goal goal, enum colour A, int a,
                           int d)
{
    const struct goal_hooks *h = n->t->rules->goal;
    return goal == GOAL_MATE && h->no_final_check && h->no_final_check(p, A, a, d);
}

/* Whether the node at p with `plies` half-moves left is cut (goal_bound_prunes,
 * goal_bound_prunes_below), where the bound has paid of late at this
 * remaining length (struct level). */
static bool prunes(struct goal_bound *n, const struct position *p, enum goal goal, int plies, square_set *excluded)
{
    assert(plies >= 1);
    /* the last move is cheaper to play than to bound: the rules' may_check
     * filter and the goal test settle it, although the bound would cut most
     * of those nodes, even asked before the checks are generated with the
     * verdicts remembered */
    if (plies < 2)
        return false;
    int a;
    enum colour A = help_turns(p, plies, &a);
    if (no_final_check(n, p, goal, A, a, plies - a))
        return true;
    struct level *l = &n->learnt.level[plies < LEVELS ? plies : LEVELS - 1];
    if (l->off && ++l->skipped % LEVEL_SAMPLE)
        return false;
    /* nothing known above (goal_bound_prunes): a look of its own */
    bool cut = excluded ? fails_excluding(n, p, goal, A, a, plies - a, excluded, false, l)
                        : fails(n, p, goal, A, a, plies - a);
    /* where D's units may be frozen (unit_frozen), a second look with them,
     * past the squares the first proved: judging them costs more than the
     * look itself where the first cuts, which it mostly does */
    if (!cut && frozen_fails(n, p, goal, A, a, plies - a, excluded, true))
        cut = true;
    l->cut += cut;
    if (++l->evaluated == WINDOW) {
        /* near the leaves a cut saves little: ask for more of them there.
         * Three half-moves from the end counts as near since the last
         * move's lines are looked at on the board (the nodes below cut
         * most of themselves) */
        l->off = l->cut * (plies <= 3 ? 4u : 32u) < l->evaluated;
        l->evaluated = l->cut = 0;
    }
    return cut;
}

bool goal_bound_prunes(struct goal_bound *n, const struct position *p, enum goal goal, int plies)
{
    return prunes(n, p, goal, plies, NULL);
}

bool goal_bound_prunes_below(struct goal_bound *n, const struct position *p, enum goal goal, int plies,
                             square_set *excluded)
{
    return prunes(n, p, goal, plies, excluded);
}

bool goal_bound_proves_failure(struct goal_bound *n, const struct position *p, enum goal goal, int plies)
{
    assert(plies >= 1);
    int a;
    enum colour A = help_turns(p, plies, &a);
    return no_final_check(n, p, goal, A, a, plies - a) || fails(n, p, goal, A, a, plies - a) ||
           frozen_fails(n, p, goal, A, a, plies - a, NULL, false);
}

bool goal_bound_proves_failure_below(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A,
                                     int a, int d, square_set *excluded)
{
    /* the statistics of the look past the first feasible square, per total
     * of the turns left */
    struct level *l = &n->learnt.level[a + d < LEVELS ? a + d : LEVELS - 1];
    return fails_excluding(n, p, goal, A, a, d, excluded, false, l);
}

/* What A's unit of kind k on bit b may check where A has `a` turns left, as
 * fails_excluding lists it: along a line from where it stands (or where a
 * free move takes it), which another unit's move may discover, and within
 * its turns (checked0, checkable). */
static square_set checks_of(const struct goal_tables *t, enum colour A, int k, int b, int a)
{
    bool lines_known = t->lines && t->lines->valid[A];
    square_set c = t->check_within[A][k][b][a];
    for (square_set q = t->within[A][k][b][0]; q; q &= q - 1)
        c |= standing_checks(t, A, k, set_first(q), lines_known);
    return c;
}

/* Whether the check test pays (as freeze_pays): where it has cut few of
 * the turns it was asked about in a window, it is asked at one node in
 * SAMPLE until it does (where A's line pieces check nearly everywhere, it
 * cuts almost nothing). */
#define CHECKS_WINDOW 4096
#define CHECKS_RATIO 16

bool goal_bound_checks_prepare(struct goal_bound *n, const struct position *p, enum goal goal, int plies,
                               square_set excluded, struct goal_checks *c)
{
    if (goal != GOAL_MATE || plies != 3)
        return false;
    struct freeze_stats *f = &n->learnt.checks_stats;
    if (f->off && ++f->skipped % SAMPLE)
        return false;
    const struct goal_tables *t = n->t;
    const struct geometry *g = p->geo;
    enum colour A = (enum colour)p->st.side, D = (enum colour)!A;
    int king = p->st.king_sq[D];
    if (king == SQ_NONE || set_count(p->st.occupied[A]) > GOAL_CHECKS_UNITS)
        return false;
    /* the node after A's turn: A has one turn, D one (help_turns) */
    int kb = geo_bit(g, king);
    c->king_squares = (SET_BIT(kb) | t->within[D][KING][kb][1]) & ~excluded;
    c->na = 0;
    c->all = 0;
    square_set own[GOAL_CHECKS_UNITS];
    for (square_set s = p->st.occupied[A]; s; s &= s - 1) {
        int b = set_first(s);
        int u = c->na++;
        c->bit[u] = (uint8_t)b;
        own[u] = checks_of(t, A, unit_kind(p->board[geo_square_of_bit(g, b)]), b, 1);
        c->all |= own[u];
    }
    for (int u = 0; u < c->na; u++) {
        c->others[u] = 0;
        for (int v = 0; v < c->na; v++)
            if (v != u)
                c->others[u] |= own[v];
    }
    return true;
}

bool goal_bound_turn_checkless(struct goal_bound *n, const struct goal_checks *c, const struct position *p,
                               const struct turn *t)
{
    /* one unit of A moves to another square: D's king stays, and A's
     * other units stay or are taken (their checks kept: more, never fewer) */
    enum { MORE = TURN_NOT_PLAIN };
    const struct geometry *g = p->geo;
    if ((t->flags & MORE) || t->from2 != SQ_NONE || t->to == t->from || !g->on_board[t->to])
        return false;
    int from = geo_bit(g, t->from);
    square_set others = c->all;
    for (int u = 0; u < c->na; u++)
        if (c->bit[u] == from) {
            others = c->others[u];
            break;
        }
    int k = t->promo ? t->promo : unit_kind(p->board[t->from]);
    bool cut = !((others | checks_of(n->t, (enum colour)p->st.side, k, geo_bit(g, t->to), 1)) & c->king_squares);
    struct freeze_stats *f = &n->learnt.checks_stats;
    f->changed += cut;
    if (++f->asked == CHECKS_WINDOW) {
        f->off = f->changed * CHECKS_RATIO < f->asked;
        f->asked = f->changed = 0;
    }
    return cut;
}
