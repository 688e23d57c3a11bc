/* The disturbers of a mate by a single check: D's units on the flights that
 * could parry it, and the checkers and squares that leave them none. */
#include "disturbers.h"

#include "a_units.h"
#include "d_units.h"
#include "targets.h"

/* Disturbers (README "How help play is solved").  In a mate by a single
 * check from q, a D unit on a flight f that could take the checker or step
 * onto its line by a sure move (goal_hooks.sure_moves) parries the check,
 * unless that move leaves its king attacked: unless it is pinned, by an A
 * unit that checks s through f alone.  Such a pinner could give check on s
 * itself, and so could the second checker of a double check (that no single
 * move parries).  Each A unit ends on one square, so both need their counts:
 * where the checker's count to q plus the least count of any other A unit
 * to a square that checks s exceeds a, there is neither (asked where a is
 * 1, A's last turn; with more turns, only where no other A unit can check s
 * within a at all, see below), and no flight is blocked by a disturbing
 * kind: each is denied by A or blocked by a D unit of a kind that does not
 * disturb.  One split per checker and checker
 * square: a distant one, or a flight, where another A unit must deny the
 * checker's square (the king would take it) unless one does already where
 * it stands; what the checker denies where it stands now does not count,
 * since it moves to q.  The verdict holds if some checker and square pass
 * (or a second unit fits beside one); called only where the splits without
 * it were feasible. */

/* The fewest turns D unit w needs to stand on bit f as a kind that the
 * predicate allows (GOAL_FAR if none): its own kind, or a promotion. */
static int allowed_block_cost(const struct goal_bound *n, int w, int f, const struct goal_lines *l, int q,
                              square_set line)
{
    const struct d_list *const L = n->L;
    const struct goal_tables *t = n->t;
    int k = L->d_kind[w], b = L->d_bit[w], best = GOAL_FAR;
    int kinds = k == PAWN ? 1 + GOAL_PROMOTIONS : 1;
    for (int i = 0; i < kinds; i++) {
        int kk = i == 0 ? k : (int)promotion_kinds[i - 1];
        if ((l->sure_take[n->D][kk][f] & SET_BIT(q)) || (l->sure_step[n->D][kk][f] & line))
            continue; /* standing on f, it would parry the check */
        int c = d_board_count(n, w, f, i == 0 ? t->dist[n->D][k][b][f] : t->promo_dist[n->D][b][i - 1][f], false);
        if (c < best)
            best = c;
    }
    return best;
}

/* The flights of single_check_survives's split (n->dsp) for a checker
 * whose square is not bit `skip` (a checker on a flight takes it out):
 * those the other A units do not deny where they stand (`denied`; zone as
 * deny_target), each with what A needs to deny it and, in deny_min, the
 * least count of that.  They are the same for every distant checker
 * square of one checker, and made once for all of them. */
static void disturber_flights(struct goal_bound *n, int s, square_set denied, square_set zone, int skip,
                              int *deny_min)
{
    struct split *sp = &n->dsp;
    int nf = 0;
    for (square_set f = n->t->flights[s] & ~denied & ~(skip >= 0 ? SET_BIT(skip) : 0); f && nf < MAX_FLIGHT_TARGETS;
         f &= f - 1) {
        int b = set_first(f);
        sp->flight_bit[nf] = b;
        /* a unit no kind of which reaches b within d blocks it for no
         * checker square: only the others are asked per square (asking
         * them all would cost much of the bound's time) */
        int near = 0;
        for (int w = 0; w < n->nd; w++)
            if (d_count(n, w, b, false) > n->d)
                n->ublock[w][nf] = GOAL_FAR;
            else
                n->near[nf][near++] = (uint8_t)w;
        n->near_count[nf] = near;
        deny_target(n, sp, nf, b, zone);
        int deny = INF;
        for (int x = 0; x < n->na; x++)
            if (sp->cost[x][nf] < deny)
                deny = sp->cost[x][nf];
        deny_min[nf++] = deny;
    }
    sp->nflights = nf;
}

/* One checker square of single_check_survives: A unit u, as its kind i,
 * checks from bit q; the flights as disturber_flights made them for q
 * (`denied`, zone: the same). */
static bool checker_square_feasible(struct goal_bound *n, int s, int rb, int u, int i, int q, square_set denied,
                                    square_set zone, const int *deny_min)
{
    struct d_list *const L = n->L;
    const struct goal_tables *t = n->t;
    const struct goal_lines *l = t->lines;
    int kk = i == 0 ? n->a_kind[u] : promotion_kinds[i - 1];
    int cq = n->row[u][i][q] ? n->row[u][i][q] : 1;
    if (cq > n->a)
        return false;
    bool contact = (t->flights[s] & SET_BIT(q)) != 0;
    square_set line = l->line[n->A][kk][q][s];
    struct split *sp = &n->dsp;
    sp->nt = sp->nflights;
    sp->check = sp->ban = -1;
    sp->matched = false;
    sp->ublock = (const uint8_t(*)[MAX_FLIGHT_TARGETS])n->ublock;
    int forced = 0;
    for (int j = 0; j < sp->nflights; j++) {
        int b = sp->flight_bit[j];
        int best = INF, best_quiet = INF;
        for (int k = 0; k < n->near_count[j]; k++) {
            int w = n->near[j][k];
            int c = allowed_block_cost(n, w, b, l, q, line);
            n->ublock[w][j] = (uint8_t)c;
            if (c >= GOAL_FAR)
                continue;
            int cquiet = c;
            if (L->d_kind[w] == PAWN && d_count(n, w, b, true) > cquiet)
                cquiet = d_count(n, w, b, true);
            if (c < best)
                best = c;
            if (cquiet < best_quiet)
                best_quiet = cquiet;
        }
        sp->block[j] = best;
        sp->block_quiet[j] = best_quiet;
        /* only D can take this flight: the split's first test, early */
        if (deny_min[j] > n->a && (forced += best) > rb)
            return false;
    }
    int j = sp->check = sp->nt++;
    sp->block[j] = sp->block_quiet[j] = INF;
    for (int k = KING; k <= PAWN; k++)
        sp->serve[j][k] = k == kk ? SET_BIT(q) : 0;
    for (int x = 0; x < n->na; x++)
        sp->cost[x][j] = x == u ? cq : INF;
    if (contact && !(denied & SET_BIT(q))) {
        int g = sp->ban = sp->nt++;
        sp->block[g] = sp->block_quiet[g] = INF;
        deny_target(n, sp, g, q, zone);
    }
    return split_both(n, sp, rb);
}

bool single_check_survives(struct goal_bound *n, int s, int rb, const square_set *from)
{
    const struct goal_tables *t = n->t;
    const struct goal_lines *l = t->lines;
    if (!l || !l->valid[n->A])
        return true;
    square_set flights = t->flights[s];
    /* each unit's count to a square from which it checks s: the two
     * cheapest bound what a second unit needs beside the checker */
    int cost[MAX_SIDE_UNITS], first = INF, second = INF;
    for (int u = 0; u < n->na; u++) {
        cost[u] = unit_cost_from(n, u, from, ~(square_set)0);
        if (cost[u] < first) {
            second = first;
            first = cost[u];
        } else if (cost[u] < second) {
            second = cost[u];
        }
    }
    if (first > n->a)
        return true;
    /* with more than A's last turn left, a second unit that could check at
     * all turns the test off: there it cuts little and costs more than it
     * saves */
    if (n->a > 1 && second <= n->a)
        return true;
    /* the checker leaves its square for q: what it denies now is not
     * counted, nor what A's king denies from next to s */
    square_set zone = flights | SET_BIT(s);
    bool king_moves = n->lines_known && n->a_king_unit >= 0 && (zone & SET_BIT(n->a_bit[n->a_king_unit]));
    /* the checker and square found feasible last for this king square
     * first: the verdict is the same in any order, and siblings mostly
     * share it */
    uint32_t *seen = &n->learnt.checker_witness[n->A][s];
    int wu = (int)(*seen >> 16) - 1, wi = (int)(*seen >> 8 & 0xff), wq = (int)(*seen & 0xff) - 1;
    if (wu < 0 || wu >= n->na || cost[wu] > n->a)
        wu = -1;
    for (int k = -1; k < n->na; k++) {
        int u = k < 0 ? wu : k;
        if (u < 0 || cost[u] > n->a)
            continue;
        /* a second unit that could give check too, or pin a disturber
         * (from a square that checks s once the disturber is gone), needs
         * its own count beside the checker's: where both fit in A's turns
         * the test does not apply.  (cost counts one turn for a unit that
         * stands on such a square already; one that checks s from there
         * along a line makes the check free, checked0, and then this test
         * is not asked; a contact attack there cannot be discovered, so it
         * checks in the end only after a turn of its own.) */
        int other = cost[u] == first ? second : first;
        square_set denied = 0;
        for (int x = 0; x < n->na; x++)
            if (x != u && !(king_moves && x == n->a_king_unit))
                denied |= n->a_denied[x];
        /* the flights of the distant checker squares (`skip` -1), made
         * again after a contact one's */
        int deny_min[MAX_FLIGHT_TARGETS], made = -2;
        int kinds = n->a_kind[u] == PAWN ? 1 + GOAL_PROMOTIONS : 1;
        for (int i = 0; i < kinds; i++) {
            int kk = i == 0 ? n->a_kind[u] : promotion_kinds[i - 1];
            square_set qs = from[kk] & n->reach[u][i][n->a];
            if (n->last_turn_valid) /* the others fail already */
                qs &= n->last_turn_pass[u][i];
            if (k < 0) /* the witness alone */
                qs &= i == wi && wq >= 0 ? SET_BIT(wq) : 0;
            else if (u == wu && i == wi && wq >= 0)
                qs &= ~SET_BIT(wq);
            for (; qs; qs &= qs - 1) {
                int q = set_first(qs);
                if (other < INF && n->row[u][i][q] + other <= n->a)
                    return true;
                int skip = flights & SET_BIT(q) ? q : -1;
                if (made != skip) {
                    disturber_flights(n, s, denied, zone, skip, deny_min);
                    made = skip;
                }
                if (checker_square_feasible(n, s, rb, u, i, q, denied, zone, deny_min)) {
                    *seen = (uint32_t)(u + 1) << 16 | (uint32_t)i << 8 | (uint32_t)(q + 1);
                    return true;
                }
            }
        }
    }
    return false;
}
