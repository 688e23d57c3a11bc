/* Whether the targets of one king square (its flights, the check) can be
 * shared out: A's units serve some within a turns, D's units block the rest. */
#include "targets.h"

#include <assert.h>

#include "d_units.h"

#define MAX_OFFERS 48 /* distinct services one unit offers at one king square */

/* The services one A unit can offer: a set of targets and its count. */
struct offers {
    int count;
    int mask[MAX_OFFERS], cost[MAX_OFFERS];
};

/* Where each mask's offer was last put (plus one): a hint, checked against
 * the list before use, so it needs no clearing between lists (offer is
 * asked once per class of squares: a linear search of the list would be
 * much of split_feasible's work). */
static _Thread_local uint8_t offer_slot[MAX_COVER];
_Static_assert(MAX_OFFERS < 255, "an offer's place plus one fits offer_slot");

static void offer(struct offers *o, int mask, int cost)
{
    assert(mask >= 0 && mask < MAX_COVER);
    int i = offer_slot[mask] - 1;
    if (i >= 0 && i < o->count && o->mask[i] == mask) {
        if (cost < o->cost[i])
            o->cost[i] = cost;
        return;
    }
    if (o->count < MAX_OFFERS) {
        offer_slot[mask] = (uint8_t)(o->count + 1);
        o->mask[o->count] = mask;
        o->cost[o->count++] = cost;
        return;
    }
    /* no room: merge into the first offer, serving both for the cheaper count,
     * which only makes the bound weaker */
    o->mask[0] |= mask;
    if (cost < o->cost[0])
        o->cost[0] = cost;
}

/* Relaxed offers: unit u serves every target it can reach within c for c,
 * the largest of its counts, a lower bound of one square serving them all.
 * The sole checker (split_feasible) offers only services with the check. */
static void relaxed_offers(const struct goal_bound *n, const struct split *sp, int u, struct offers *o,
                           bool sole_checker)
{
    o->count = 0;
    int prev = 0;
    for (int c = sole_checker ? sp->cost[u][sp->check] : 1; c <= n->a; c++) {
        int m = 0;
        for (int j = 0; j < sp->nt; j++)
            if (sp->cost[u][j] <= c)
                m |= 1 << j;
        if (m == prev)
            continue; /* the same service was had for less */
        prev = m;
        if (sp->ban >= 0 && (m >> sp->check & 1) && (m >> sp->ban & 1)) {
            if (!sole_checker)
                offer(o, m & ~(1 << sp->check), c);
            m &= ~(1 << sp->ban);
        }
        offer(o, m, c);
    }
}

/* Exact offers: unit u ends on one square as one kind; what that square
 * serves, for the count to get there.  The sole checker's squares are only
 * those that give the check (split_feasible).  The squares are split into
 * classes by the targets they serve, target by target, with set operations
 * (rather than square by square, gathering each square's targets, which
 * would call offer once per square); a class's count is the fewest
 * turns in which the unit reaches one of its squares.  split_feasible's
 * verdict does not depend on the offers' order, but a full list merges
 * what comes last (offer): where the classes may not fit, they are offered
 * in the order of their first squares, as a loop over the squares would. */
#define MAX_CLASSES GOAL_NB
static void square_offers(const struct goal_bound *n, const struct split *sp, int u, struct offers *o,
                          bool sole_checker)
{
    o->count = 0;
    int kinds = n->a_kind[u] == PAWN ? 1 + GOAL_PROMOTIONS : 1;
    for (int i = 0; i < kinds; i++) {
        int k = i == 0 ? n->a_kind[u] : promotion_kinds[i - 1];
        /* where it stands (or a free move takes it) it serves for nothing
         * (`denied`); but the checker must move, and may end there again
         * after leaving (a rook going g1-g4-g1 with mate): those of them
         * that give the check are offered too, for at least one turn:
         * left out, they would cut solutions (README "How help play is
         * solved") */
        square_set reach = n->reach[u][i][n->a] & ~n->reach[u][i][0];
        if (sp->check >= 0)
            reach |= n->reach[u][i][0] & sp->serve[sp->check][k];
        if (sole_checker)
            reach &= sp->serve[sp->check][k];
        if (!reach)
            continue;
        square_set cls[MAX_CLASSES];
        int mask[MAX_CLASSES], nc = 1;
        cls[0] = reach;
        mask[0] = 0;
        for (int j = 0; j < sp->nt; j++) {
            square_set sj = sp->serve[j][k];
            for (int c = 0, before = nc; c < before; c++) {
                square_set in = cls[c] & sj;
                if (!in)
                    continue;
                if (in != cls[c]) {
                    assert(nc < MAX_CLASSES); /* each class holds a square */
                    cls[nc] = cls[c] & ~sj;
                    mask[nc++] = mask[c];
                    cls[c] = in;
                }
                mask[c] |= 1 << j;
            }
        }
        int order[MAX_CLASSES];
        for (int c = 0; c < nc; c++)
            order[c] = c;
        if (o->count + nc > MAX_OFFERS) { /* by first square: an insertion sort */
            int first[MAX_CLASSES];
            for (int c = 0; c < nc; c++) {
                first[c] = set_first(cls[c]);
                int at = c;
                while (at > 0 && first[order[at - 1]] > first[c]) {
                    order[at] = order[at - 1];
                    at--;
                }
                order[at] = c;
            }
        }
        for (int x = 0; x < nc; x++) {
            int c = order[x];
            if (!mask[c])
                continue; /* squares that serve nothing */
            int cost = 1;
            while (!(n->reach[u][i][cost] & cls[c]))
                cost++;
            /* back on the square it stands on: a turn moves a unit off its
             * square (orthodox chess, Knight relay: the rule sets with goal
             * hooks), so it left and came back */
            if (cls[c] == SET_BIT(n->a_bit[u]))
                cost = 2;
            if (cost > n->a)
                continue;
            offer(o, mask[c], cost);
        }
    }
}

/* Each D unit blocks one flight at most: the cheapest assignment of distinct
 * units to every set of flights, by a 0/1 knapsack over flight sets.  Only
 * whether a set's count is within rb is ever asked (split_feasible, one rb
 * per split), so counts beyond it are left INF and never extended: the sets
 * within rb are few, and are kept in a list (rather than a pass over all
 * 2^8 sets per unit). */
static void match_blocks(const struct goal_bound *n, struct split *sp, int rb)
{
    int nf = sp->nflights, sets = 1 << nf;
    int *best = sp->match;
    for (int m = 0; m < sets; m++)
        best[m] = INF;
    best[0] = 0;
    int live[1 << MAX_FLIGHT_TARGETS], base[1 << MAX_FLIGHT_TARGETS], nl = 1;
    live[0] = 0;
    for (int u = 0; u < n->nd; u++) {
        int js[MAX_FLIGHT_TARGETS], cs[MAX_FLIGHT_TARGETS], nj = 0;
        for (int j = 0; j < nf; j++) {
            int c = sp->ublock ? sp->ublock[u][j] : d_count(n, u, sp->flight_bit[j], false);
            if (c <= n->d && c <= rb) {
                js[nj] = j;
                cs[nj++] = c;
            }
        }
        if (!nj)
            continue;
        /* from the sets as they were before this unit: it joins once */
        int before = nl;
        for (int i = 0; i < before; i++)
            base[i] = best[live[i]];
        for (int i = 0; i < before; i++)
            for (int k = 0; k < nj; k++) {
                int m = live[i], j = js[k], c = base[i] + cs[k];
                if ((m >> j & 1) || c > rb)
                    continue;
                m |= 1 << j;
                if (best[m] == INF)
                    live[nl++] = m;
                if (c < best[m])
                    best[m] = c;
            }
    }
    sp->matched = true;
    sp->matched_rb = rb;
}

/* cover[m]: the fewest A turns serving the targets in m, over the masks
 * reached so far (live); each unit joins once, on one offer.  It lives
 * between calls of split_feasible with every entry INF but those of the
 * live masks, which are set back before it returns, instead of filling all
 * 2^nt entries per call. */
static _Thread_local int cover[MAX_COVER];
static _Thread_local bool cover_ready;

/* A's covers of sp's targets within a turns, unit by unit, into cover,
 * live[0 .. *nl-1] and served[m]: the fewest capturable A units among
 * those serving m, over the same covers within a (each of its own minimum:
 * a lower bound).  True as soon as A serves every target.  `exact` and
 * `sole` as split_feasible's. */
static bool a_covers(const struct goal_bound *n, const struct split *sp, bool exact, int sole, int *served, int *live,
                     int *nl)
{
    int full = (1 << sp->nt) - 1;
    int base[MAX_COVER], base_served[MAX_COVER];
    for (int u = 0; u < n->na; u++) {
        struct offers o;
        if (exact)
            square_offers(n, sp, u, &o, u == sole);
        else
            relaxed_offers(n, sp, u, &o, u == sole);
        if (!o.count)
            continue;
        int before = *nl;
        for (int i = 0; i < before; i++) {
            base[i] = cover[live[i]];
            base_served[i] = served[live[i]] + n->a_capturable[u];
        }
        for (int i = 0; i < before; i++) {
            if (base[i] >= n->a)
                continue;
            for (int k = 0; k < o.count; k++) {
                int m = live[i] | o.mask[k], c = base[i] + o.cost[k];
                if (c > n->a)
                    continue;
                if (cover[m] == INF) {
                    live[(*nl)++] = m;
                    served[m] = base_served[i];
                } else if (base_served[i] < served[m]) {
                    served[m] = base_served[i];
                }
                if (c < cover[m])
                    cover[m] = c;
            }
        }
        if (cover[full] <= n->a)
            return true; /* A serves every target */
    }
    return false;
}

/* Whether D blocks whatever one of A's covers (live, served: a_covers)
 * does not serve, within rb turns, by quiet paths but for as many captures
 * as A has capturable units left over: those go to the blocks where a
 * capture saves most. */
static bool d_blocks_rest(const struct goal_bound *n, struct split *sp, int rb, const int *served, const int *live,
                          int nl)
{
    int nt = sp->nt;
    /* targets D cannot block within rb: a cover must serve them all */
    int must = 0;
    for (int j = 0; j < nt; j++)
        if (sp->block[j] > rb)
            must |= 1 << j;
    for (int i = 0; i < nl; i++) {
        if (must & ~live[i])
            continue;
        int spent = 0, m = live[i], ns = 0, saving[MAX_TARGETS];
        for (int j = 0; j < nt && spent <= rb; j++)
            if (!(m & 1 << j)) {
                spent += sp->block[j];
                if (sp->block_quiet[j] > sp->block[j])
                    saving[ns++] = sp->block_quiet[j] - sp->block[j];
            }
        if (spent > rb)
            continue;
        int captures = n->capturable - served[m];
        assert(captures >= 0);
        /* add back the smallest savings of the blocks left without a capture */
        for (int taken = ns; taken > captures; taken--) {
            int least = 0;
            for (int k = 1; k < taken; k++)
                if (saving[k] < saving[least])
                    least = k;
            spent += saving[least];
            saving[least] = saving[taken - 1];
            if (spent > rb)
                break;
        }
        if (spent > rb)
            continue;
        if (!sp->matched || sp->matched_rb != rb)
            match_blocks(n, sp, rb);
        if (sp->match[~m & ((1 << sp->nflights) - 1)] <= rb)
            return true;
    }
    return false;
}

/* Can D block some targets within rb turns and A serve the rest within a?
 * Each A unit is charged, for the set of targets it serves, the largest of
 * its counts for them: a lower bound of one square serving them all.
 * `exact`: by the squares each unit may end on (square_offers), else by its
 * counts alone (relaxed_offers); `sole`: the unit that alone can give the
 * check (split_both), -1 if no unit can, -2 if several can. */
static bool split_feasible(const struct goal_bound *n, struct split *sp, int rb, bool exact, int sole)
{
    if (!cover_ready) {
        for (int m = 0; m < MAX_COVER; m++)
            cover[m] = INF;
        cover_ready = true;
    }
    int served[MAX_COVER], live[MAX_COVER];
    cover[0] = 0;
    served[0] = 0;
    live[0] = 0;
    int nl = 1;
    bool feasible = a_covers(n, sp, exact, sole, served, live, &nl) || d_blocks_rest(n, sp, rb, served, live, nl);
    for (int i = 0; i < nl; i++)
        cover[live[i]] = INF;
    return feasible;
}

/* The relaxed test first: it is cheap and settles most king squares.  What
 * both read of the costs is worked out once, here. */
bool split_both(const struct goal_bound *n, struct split *sp, int rb)
{
    int forced = 0;
    for (int j = 0; j < sp->nt; j++) {
        int best = INF;
        for (int u = 0; u < n->na; u++)
            if (sp->cost[u][j] < best)
                best = sp->cost[u][j];
        if (best > n->a && (forced += sp->block[j]) > rb)
            return false; /* only D can take target j, and cannot pay */
    }
    /* where one unit alone can give the check, which every cover the
     * verdict reads must hold (D cannot block it), only its offers with the
     * check can join such a cover: the others are not made (the verdict is
     * the same, and they would be most of the work) */
    int sole = -1;
    if (sp->check >= 0)
        for (int u = 0; u < n->na; u++)
            if (sp->cost[u][sp->check] <= n->a)
                sole = sole == -1 ? u : -2;
    return split_feasible(n, sp, rb, false, sole) && split_feasible(n, sp, rb, true, sole);
}
