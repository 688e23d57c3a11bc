/* The goal-directed bound of help play: what the search asks of it at a node,
 * and the bound's making, copying and freeing (goal_bound.h). */
#include "goal_bound.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../board/zobrist.h"
#include "../rules/rules.h"
#include "a_units.h"
#include "king_squares.h"
#include "check_lines.h"
#include "d_units.h"
#include "disturbers.h"
#include "frozen.h"
#include "square_verdict.h"
#include "stalemate.h"
#include "targets.h"
#include "verdict_cache.h"
#include "goal_bound_node.h"
#include "slot_pairs.h"

/* A bound on tables t that remembers verdicts in `verdicts` (another
 * bound's, goal_bound_new_like), or in memory of its own where NULL. */

static struct goal_bound *bound_with_tables(const struct goal_tables *t, uint64_t *verdicts)
{
    if (!t)
        return NULL;
    struct goal_bound *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->owns_verdicts = !verdicts;
    /* on a huge page where the system gives one: it is written at random,
     * and on small pages each of its 256 pages would fault, most of a short
     * search's faults */
    n->verdicts = verdicts ? verdicts : memory_table_new(VERDICTS * sizeof *n->verdicts);
    if (!n->verdicts) {
        free(n);
        return NULL;
    }
    n->t = t;
    for (int i = 0; i < D_LISTS; i++) {
        n->lists[i].listed_nd = -1; /* nothing listed: no count remembered */
        memset(n->lists[i].open_at, -1, sizeof n->lists[i].open_at); /* no open flight yet (board_blocks) */
    }
    n->L = &n->lists[0];
    for (int i = 0; i < t->squares; i++)
        n->few_flights[t->bits[i]] = set_count(t->flights[t->bits[i]]) <= OPEN_FLIGHTS;
    for (int c = 0; c < 2; c++)
        for (int k = KING; k < KIND_COUNT; k++)
            n->here_kinds[c] |= (unsigned)t->here_only[c][k] << k;
    for (int c = 0; c < 2; c++)
        for (int k = KING; k <= PAWN; k++)
            for (int i = 0; i < t->squares; i++) {
                int from = t->bits[i];
                for (square_set s = t->denies[c][k][from]; s; s &= s - 1)
                    n->deniers[c][k][set_first(s)] |= SET_BIT(from);
                for (square_set s = t->checks[c][k][from]; s; s &= s - 1)
                    n->checkers[c][k][set_first(s)] |= SET_BIT(from);
                bool lines_known = t->lines && t->lines->valid[c];
                for (square_set q = t->within[c][k][from][0]; q; q &= q - 1) {
                    n->stand_denied[c][k][from] |= t->denies[c][k][set_first(q)];
                    n->stand_checked[c][k][from] |= standing_checks(t, (enum colour)c, k, set_first(q), lines_known);
                }
                for (int r = 0; k == PAWN && r <= MAX_BUDGET; r++)
                    for (int slot = 0; slot < GOAL_SLOTS; slot++)
                        n->pawn_within[c][from][r] |= goal_within(t, c, PAWN, from, slot)[r];
            }
    return n;
}

void goal_bound_touch(struct goal_bound *b)
{
    if (!b)
        return;
    memory_touch_for_write(b, sizeof *b);
    if (b->owns_verdicts)
        memory_touch_for_write(b->verdicts, VERDICTS * sizeof *b->verdicts);
}

struct goal_bound *goal_bound_new(const struct position *p) { return bound_with_tables(goal_tables_get(p), NULL); }

struct goal_bound *goal_bound_new_turns(const struct position *p, const int turns[2])
{
    const struct goal_hooks *h = p->rules->goal;
    unsigned v = h && h->variant ? h->variant(p, turns) : 0;
    return bound_with_tables(goal_tables_get_variant(p, v), NULL);
}

struct goal_bound_learnt *goal_bound_learnt_copy(const struct goal_bound *model)
{
    struct goal_bound_learnt *l = malloc(sizeof *l);
    if (!l)
        out_of_memory();
    *l = model->learnt;
    return l;
}

void goal_bound_learnt_free(struct goal_bound_learnt *l) { free(l); }

struct goal_bound *goal_bound_new_like(const struct goal_bound *model, const struct goal_bound_learnt *learnt)
{
    /* the model's king squares' verdicts are shared: facts under their
     * keys, whichever thread works them out (-j N keeps one memory).  The model
     * outlives the bounds made like it (help_split.c); its tables and
     * verdicts' address are all read of it here, which no search changes */
    struct goal_bound *n = bound_with_tables(model->t, model->verdicts);
    if (!n)
        return NULL;
    if (learnt)
        n->learnt = *learnt;
    return n;
}

uint64_t goal_bound_verdict_hits(const struct goal_bound *gb) { return gb->verdict_hits; }

void goal_bound_free(struct goal_bound *gb)
{
    if (gb && gb->owns_verdicts)
        memory_table_free(gb->verdicts, VERDICTS * sizeof *gb->verdicts);
    free(gb);
}




static bool prunes(struct goal_bound *n, const struct position *p, enum goal goal, int plies, square_set *excluded);

/* Help play with `plies` half-moves left at p: A, the side that moves last,
 * and its turns *a (the other side has plies - *a). */
static enum colour help_turns(const struct position *p, int plies, int *a)
{
    enum colour side = (enum colour)p->st.side;
    enum colour A = (plies & 1) ? side : (enum colour)!side;
    *a = (plies + (side == A)) / 2;
    return A;
}
static bool frozen_fails(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A, int a, int d,
                         square_set *excluded, bool when_paying);
static bool fails(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A, int a, int d);

bool goal_bound_prunes(struct goal_bound *n, const struct position *p, enum goal goal, int plies)
{
    return prunes(n, p, goal, plies, NULL);
}

bool goal_bound_prunes_below(struct goal_bound *n, const struct position *p, enum goal goal, int plies,
                             square_set *excluded)
{
    return prunes(n, p, goal, plies, excluded);
}

static bool prunes(struct goal_bound *n, const struct position *p, enum goal goal, int plies, square_set *excluded)
{
    assert(plies >= 1);
    /* the last move is cheaper to play than to bound: the rules' may_check
     * filter and the goal test settle it, although the bound would cut most
     * of those nodes, even asked before the checks are generated with the
     * verdicts remembered */
    if (plies < 2)
        return false;
    struct level *l = &n->learnt.level[plies < LEVELS ? plies : LEVELS - 1];
    if (l->off && ++l->skipped % LEVEL_SAMPLE)
        return false;
    int a;
    enum colour A = help_turns(p, plies, &a);
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

static bool fails(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A, int a, int d)
{
    square_set none = 0;
    return fails_excluding(n, p, goal, A, a, d, &none, true, NULL);
}

bool goal_bound_proves_failure(struct goal_bound *n, const struct position *p, enum goal goal, int plies)
{
    assert(plies >= 1);
    int a;
    enum colour A = help_turns(p, plies, &a);
    return fails(n, p, goal, A, a, plies - a) || frozen_fails(n, p, goal, A, a, plies - a, NULL, false);
}

bool goal_bound_proves_failure_below(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A,
                                     int a, int d, square_set *excluded)
{
    /* the statistics of the look past the first feasible square, per total
     * of the turns left */
    struct level *l = &n->learnt.level[a + d < LEVELS ? a + d : LEVELS - 1];
    return fails_excluding(n, p, goal, A, a, d, excluded, false, l);
}

bool goal_bound_pass_fails(struct goal_bound *n, const struct position *p, enum goal goal, int plies,
                           struct goal_pass *pass)
{
    return goal_bound_pass_fails_below(n, p, goal, plies, NULL, pass);
}

bool goal_bound_pass_fails_below(struct goal_bound *n, const struct position *p, enum goal goal, int plies,
                                 const square_set *excluded, struct goal_pass *pass)
{
    assert(plies >= 2 && plies % 2 == 0);
    /* after D's turn, plies - 1 remain with A to move; the squares excluded
     * above stay excluded below D's turn, which is a node of the search */
    int a = plies / 2;
    square_set skip = excluded ? *excluded : 0;
    n->passing = true;
    n->pass_lines = 0;
    bool fails_passing = fails_excluding(n, p, goal, (enum colour)!p->st.side, a, plies - 1 - a, &skip, true, NULL);
    n->passing = false;
    if (!fails_passing)
        return false;
    pass->flights = n->flights_seen;
    pass->lines = n->pass_lines;
    pass->d = n->d;
    pass->known = 0;
    pass->plain = n->d == 0 && !pass->lines; /* lines: goal_bound_turn_idle_counted */
    for (int k = QUEEN; k < KIND_COUNT; k++) /* a king's turn is asked about in full */
        pass->plain &= n->t->here_only[n->D][k];
    return true;
}

/* D's turn t moves one unit other than its king and captures nothing, so the
 * next node differs from the pass only in that unit's square and kind.  The
 * bound reads D's units only through the flights they occupy and their block
 * counts, each compared with budgets of at most d; a unit that stands on no
 * flight seen and is nowhere closer to one (where that is within d) makes no
 * split cheaper, and the king's count can only grow (lost castling). */
/* The fewest turns a unit of colour c and kind k on bit a needs to stand on
 * bit b as kind kk (its own, or a pawn's promotion). */
static int kind_count(const struct goal_tables *t, enum colour c, int k, int a, int kk, int b)
{
    if (kk == k)
        return t->dist[c][k][a][b];
    if (k != PAWN)
        return GOAL_FAR;
    for (int i = 0; i < GOAL_PROMOTIONS; i++)
        if ((int)promotion_kinds[i] == kk)
            return t->promo_dist[c][a][i][b];
    return GOAL_FAR;
}

/* The targets y that make a turn from bit x of a D unit of kind k matter,
 * for a kind whose counts are symmetric (goal_tables.h; never a pawn's,
 * which only go forward, so within[..][b] is also where b is reached
 * from): the flights seen,
 * and the squares nearer to one of them than x within D's turns, gathered
 * from the tables once per unit instead of per turn (a unit has many
 * turns, each asked about). */
static square_set busy_targets(const struct goal_tables *tb, const struct goal_pass *pass, enum colour D, int k, int x)
{
    square_set busy = pass->flights;
    for (square_set f = pass->flights; f; f &= f - 1) {
        int b = set_first(f);
        int m = tb->any_dist[D][k][x][b] - 1;
        if (m > pass->d)
            m = pass->d;
        if (m >= 0)
            busy |= tb->within[D][k][b][m];
    }
    return busy;
}

bool goal_bound_turn_idle_counted(const struct goal_bound *n, struct goal_pass *pass, const struct position *p,
                                  const struct turn *t)
{
    enum colour D = (enum colour)p->st.side;
    const struct geometry *g = p->geo;
    if (!goal_turn_simple(p, t))
        return false;
    int x = geo_bit(g, t->from), y = geo_bit(g, t->to);
    if (pass->flights & SET_BIT(y))
        return false;
    int k = unit_kind(p->board[t->from]), k2 = t->promo ? t->promo : k;
    const struct goal_tables *tb = n->t;
    if (k != PAWN && tb->symmetric[D][k] && pass->d <= GOAL_BUDGET) {
        if (!(pass->known & SET_BIT(x))) { /* a unit on a line of pass->lines: every turn matters */
            pass->busy[x] = pass->lines & SET_BIT(x) ? ~(square_set)0 : busy_targets(tb, pass, D, k, x);
            pass->known |= SET_BIT(x);
        }
        return !(pass->busy[x] & SET_BIT(y));
    }
    for (square_set f = pass->flights; f; f &= f - 1) {
        int b = set_first(f);
        int before = tb->any_dist[D][k][x][b], after = tb->any_dist[D][k2][y][b];
        if (after <= pass->d && after < before)
            return false;
        if (k == PAWN)
            before = tb->pawn_quiet[D][x][b];
        if (k2 == PAWN)
            after = tb->pawn_quiet[D][y][b];
        if (after <= pass->d && after < before)
            return false;
        /* the disturber test (single_check_survives) counts a unit per
         * kind it may block as: no kind of it may come closer either (a
         * pawn's; any other unit keeps its kind, and its count is above) */
        if (tb->lines && tb->lines->valid[!D] && k == PAWN)
            for (int i = 0; i < 1 + GOAL_PROMOTIONS; i++) {
                int kk = i == 0 ? k2 : (int)promotion_kinds[i - 1];
                if (i > 0 && k2 != PAWN)
                    break;
                before = kind_count(tb, D, k, x, kk, b);
                after = kind_count(tb, D, k2, y, kk, b);
                if (after <= pass->d && after < before)
                    return false;
            }
    }
    return !(pass->lines & SET_BIT(x));
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
    enum { MORE = TURN_CASTLE | TURN_DISPLACE_FIRST | TURN_PUSH | TURN_PULL | TURN_STEP };
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
