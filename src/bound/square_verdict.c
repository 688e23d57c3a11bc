/* A king square's verdict from the tables: its targets (the flights, the
 * check) shared out between A and D, and the checks of A's last two turns. */
#include "square_verdict.h"

#include <assert.h>

#include "a_units.h"
#include "disturbers.h"
#include "targets.h"

/* A's last turn (a == 1) where the goal needs a check that no A unit gives
 * where it stands (checked0): that turn is the checker's (a contact check
 * from where a unit stands now is no final check: D's king cannot step into
 * it, and D must end it when it stands in it), so every other A unit stays
 * where it is (a castling king's squares are in its a_denied, the rook pays
 * the turn).  Each flight is then denied by what those others deny there
 * (a_denied) or by what the checker denies from its square q, or a D unit
 * stands on it, or D's units block it within rb turns, each flight by
 * another unit: the flights left need at least the sum of their cheapest
 * blocks.  A checker on a flight must be guarded by one of the others, or
 * the king takes it.  The same relaxation as the splits below with A's one
 * turn spent on the checker, but what the checker denies where it stands
 * now does not count (the splits count it: they do not know it moves).
 * True when some checker and square pass; those that pass are kept for the
 * disturbers (last_turn_pass).  Asked before the splits, it settles most of
 * these verdicts at a fraction of their cost. */
static bool last_turn_check_feasible(struct goal_bound *n, int s, int rb, const square_set *from)
{
    const struct goal_tables *t = n->t;
    square_set flights = t->flights[s] & ~n->neutral, open = flights & ~n->blockers;
    bool feasible = false;
    for (int u = 0; u < n->na; u++) {
        int kinds = n->a_kind[u] == PAWN ? 1 + GOAL_PROMOTIONS : 1;
        square_set qs[1 + GOAL_PROMOTIONS], any = 0;
        for (int i = 0; i < kinds; i++) {
            qs[i] = from[i == 0 ? n->a_kind[u] : promotion_kinds[i - 1]] & n->reach[u][i][1];
            n->last_turn_pass[u][i] = 0;
            any |= qs[i];
        }
        if (!any)
            continue;
        square_set others = denied_by_others(n, u);
        for (int i = 0; i < kinds; i++) {
            int kk = i == 0 ? n->a_kind[u] : promotion_kinds[i - 1];
            square_set pass = 0;
            for (square_set q = qs[i]; q; q &= q - 1)
                if (checker_square_fits(n, flights, open, others, kk, set_first(q), rb))
                    pass |= SET_BIT(set_first(q));
            n->last_turn_pass[u][i] = pass;
            feasible |= pass != 0;
        }
    }
    return feasible;
}

/* The same with A's last two turns (a == 2): the checker moves once or
 * twice to its square q, and with one turn it leaves, one other unit v may
 * make one move, counted as denying every flight it denies within one
 * turn (deny_dist, any square it may end on: an over-approximation); the
 * rest stay.  A checker on a flight needs the others' guard where they
 * stand, or v's.  False when no checker, square and other mover pass. */
static bool two_turns_check_feasible(struct goal_bound *n, int s, int rb, const square_set *from)
{
    const struct goal_tables *t = n->t;
    square_set flights = t->flights[s] & ~n->neutral, open = flights & ~n->blockers;
    square_set within_one[MAX_SIDE_UNITS];
    for (int v = 0; v < n->na; v++) {
        const uint8_t *dist = t->deny_dist[n->A][n->a_kind[v]][n->a_bit[v]];
        within_one[v] = 0;
        for (square_set f = flights; f; f &= f - 1)
            if (dist[set_first(f)] <= 1)
                within_one[v] |= SET_BIT(set_first(f));
    }
    for (int u = 0; u < n->na; u++) {
        int kinds = n->a_kind[u] == PAWN ? 1 + GOAL_PROMOTIONS : 1;
        square_set others = denied_by_others(n, u);
        for (int i = 0; i < kinds; i++) {
            int kk = i == 0 ? n->a_kind[u] : promotion_kinds[i - 1];
            for (square_set q = from[kk] & n->reach[u][i][2]; q; q &= q - 1) {
                int b = set_first(q);
                bool one_turn = (n->reach[u][i][1] & SET_BIT(b)) != 0;
                for (int v = -1; v < n->na; v++) /* -1: no other mover */
                    if (v != u && (v < 0 || one_turn) &&
                        checker_square_fits(n, flights, open, others | (v >= 0 ? within_one[v] : 0), kk, b, rb))
                        return true;
            }
        }
    }
    return false;
}

/* king_square_feasible's verdict past its cheap test, from the tables.  A
 * check from a flight p is a contact check: the king could take the
 * checker unless another A unit denies p, and no D unit can stand on p.
 * Here and in the two tests above, the flights are those a stone or relay
 * cannot fill in time (n->neutral): the king cannot end a step on one
 * (RULES 4.2), so a final position need not cover it; leaving it out only
 * drops a condition. */
bool square_verdict(struct goal_bound *n, int s, int king_turns, bool need_check)
{
    const struct goal_tables *t = n->t;
    int rb = n->d - king_turns;
    square_set flights = t->flights[s] & ~n->neutral;
    square_set from[KIND_COUNT];
    if (need_check)
        sets_of(n->checkers[n->A], s, from);
    /* last_turn_pass holds only what this call's test let pass */
    n->last_turn_valid = false;
    if (need_check && n->a == 1) {
        if (!last_turn_check_feasible(n, s, rb, from))
            return false;
        n->last_turn_valid = true;
    }
    if (need_check && n->a == 2 && !two_turns_check_feasible(n, s, rb, from))
        return false;
    square_set zone = flights | SET_BIT(s);
    square_set denied = denied_at(n, zone);
    struct split *sp = &n->sp;
    sp->nt = 0;
    sp->check = sp->ban = -1;
    int *flight_bit = sp->flight_bit;
    sp->matched = false;
    sp->ublock = NULL;
    /* a flight a D unit stands on counts as blocked: that unit could leave
     * it, but only for A to deny it, which is not charged (a relaxation) */
    for (square_set f = flights; f && sp->nt < MAX_FLIGHT_TARGETS; f &= f - 1) {
        int b = set_first(f);
        if ((n->blockers | denied) & SET_BIT(b))
            continue;
        int j = sp->nt++;
        flight_bit[j] = b;
        sp->block[j] = block_cost(n, b, false);
        sp->block_quiet[j] = block_cost(n, b, true);
        deny_target(n, sp, j, b, zone);
    }
    sp->nflights = sp->nt;
    if (!need_check)
        return sp->nt == 0 || split_both(n, sp, rb);
    /* distant checks, and contact checks from a flight already denied */
    int j = sp->check = sp->nt++;
    sp->block[j] = sp->block_quiet[j] = INF;
    bool any = false;
    for (int k = KING; k <= PAWN; k++)
        sp->serve[j][k] = from[k] & (~flights | denied);
    for (int u = 0; u < n->na; u++) {
        sp->cost[u][j] = unit_cost_from(n, u, from, ~flights | denied);
        any |= sp->cost[u][j] <= n->a;
    }
    if (any && split_both(n, sp, rb))
        return single_check_survives(n, s, rb, from);
    /* a contact check from flight p: p joins the targets, served by A only */
    int nt = sp->nt;
    for (square_set f = flights & ~denied; f; f &= f - 1) {
        int p = set_first(f);
        any = false;
        for (int u = 0; u < n->na; u++) {
            sp->cost[u][j] = unit_cost_from(n, u, from, SET_BIT(p));
            any |= sp->cost[u][j] <= n->a;
        }
        if (!any)
            continue;
        for (int k = KING; k <= PAWN; k++)
            sp->serve[j][k] = from[k] & SET_BIT(p);
        sp->nt = nt;
        sp->ban = -1;
        for (int i = 0; i < nt; i++)
            if (i != j && flight_bit[i] == p)
                sp->ban = i;
        int saved_block = 0, saved_quiet = 0;
        if (sp->ban < 0) {
            assert(sp->nt < MAX_TARGETS);
            sp->ban = sp->nt++;
            deny_target(n, sp, sp->ban, p, zone);
        } else {
            saved_block = sp->block[sp->ban];
            saved_quiet = sp->block_quiet[sp->ban];
        }
        sp->block[sp->ban] = sp->block_quiet[sp->ban] = INF;
        bool ok = split_both(n, sp, rb);
        if (sp->ban < nt) {
            sp->block[sp->ban] = saved_block;
            sp->block_quiet[sp->ban] = saved_quiet;
        }
        if (ok)
            return single_check_survives(n, s, rb, from);
    }
    return false;
}
