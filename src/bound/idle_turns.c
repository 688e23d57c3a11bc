/* D's idle turns: D passing its turn at a node the bound would then cut, and
 * the turns of D's that change nothing the bound reads, which need no play. */
#include "goal_bound.h"

#include <assert.h>

#include "goal_bound_node.h"
#include "king_squares.h"

/* D's turn t moves one unit other than its king and captures nothing, so the
 * next node differs from the pass only in that unit's square and kind.  The
 * bound reads D's units only through the flights they occupy and their block
 * counts, each compared with budgets of at most d; a unit that stands on no
 * flight seen and is nowhere closer to one (where that is within d) makes no
 * split cheaper, and the king's count can only grow (lost castling). */

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
 * from): the flights seen, and the squares nearer to one of them than x
 * within D's turns, gathered from the tables once per unit instead of per
 * turn (a unit has many turns, each asked about). */
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
