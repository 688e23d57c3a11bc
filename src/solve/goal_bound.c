/* The bound of goal-directed help play (README "How help play is solved"):
 * a relaxation of "the last move mates" checked before a node is searched.
 *
 * Let D be the side to be mated, A the side that moves last, a and d their
 * remaining turns.  In the final position D's king stands on some square s
 * that it can reach in d turns; it is in check (goal #), and each of its
 * certain flights (goal_hooks.flights) is occupied by a D unit or denied by
 * an A unit.  Every D unit that blocks a flight is a different unit, and needs
 * at least its table count to get there; every A unit ends on one square, and
 * the A units together need at least the sum of their counts.  So a node is
 * cut when for every such s neither side can pay: the D king's count plus the
 * cheapest blocks of the flights that A does not deny exceed d, or the A
 * units cannot deny the rest (and give check) within a.  A unit that serves
 * several targets is charged the largest of its counts for them, a lower
 * bound of the count for one square serving them all.  Pins, interpositions
 * and the mobility of other D units are ignored: each only makes mate harder,
 * so ignoring them keeps the bound admissible (it never cuts a solution). */
#include "goal_bound.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/rules.h"

#define MAX_TARGETS 10               /* flights, check and a contact checker's square */
#define MAX_FLIGHT_TARGETS (MAX_TARGETS - 2)
#define MAX_COVER (1 << MAX_TARGETS)
#define MAX_SIDE_UNITS 64            /* units of one side the working memory holds */
#define MAX_BUDGET 15                /* turns of one side the reach sets distinguish */
#define INF 0x3fff
#define MAX_OFFERS 48                /* distinct services one unit offers at one king square */
#define LEVELS 64                    /* remaining lengths with their own statistics */
#define WINDOW 4096                  /* evaluations between two decisions per level */
#define SAMPLE 32                    /* while a level is off, one node in SAMPLE is still evaluated */

/* Whether the bound pays at one remaining length: a bound that rarely cuts
 * costs more than it saves.  Skipping it never loses a solution. */
struct level {
    uint32_t evaluated, cut, skipped;
    bool off;
};

/* The targets of one king square: flights that D may block (block[j] turns)
 * or A must deny, and perhaps the check (block INF).  cost[u][j] is unit u's
 * count for target j; no unit may serve both targets `check` and `ban`. */
struct split {
    int nt, check, ban;
    int block[MAX_TARGETS];
    int cost[MAX_SIDE_UNITS][MAX_TARGETS];
    square_set serve[MAX_TARGETS][KIND_COUNT]; /* where each kind serves target j */
};

struct goal_bound {
    const struct goal_tables *t;
    /* squares[k][x]: the squares from which kind k of side A denies (checks) x */
    square_set deniers[2][KIND_COUNT][GOAL_NB], checkers[2][KIND_COUNT][GOAL_NB];
    /* per node */
    enum colour A, D;
    int a, d;
    bool need_check;
    square_set blockers;             /* D units other than the king */
    square_set denied0, checked0;    /* what A's units deny and check where they stand */
    square_set checkable;            /* where some A unit may give check within a turns */
    int nd;
    uint8_t d_kind[MAX_SIDE_UNITS], d_bit[MAX_SIDE_UNITS];
    int na;
    /* reach[u][i][c]: squares A unit u can stand on as its kind i (0 its own,
     * 1.. promotion_kinds) after at most c of its turns */
    uint8_t a_kind[MAX_SIDE_UNITS];
    square_set reach[MAX_SIDE_UNITS][1 + GOAL_PROMOTIONS][MAX_BUDGET + 1];
    const uint8_t *row[MAX_SIDE_UNITS][1 + GOAL_PROMOTIONS]; /* its table counts */
    struct level level[LEVELS];
    struct split sp;                 /* the targets of the king square being examined */
    /* counts remembered for the node whose stamp they carry */
    uint32_t stamp;
    uint32_t deny_stamp[MAX_SIDE_UNITS][GOAL_NB], block_stamp[GOAL_NB];
    uint16_t deny_memo[MAX_SIDE_UNITS][GOAL_NB], block_memo[GOAL_NB];
};

struct goal_bound *goal_bound_new(const struct position *p)
{
    const struct goal_tables *t = goal_tables_get(p);
    if (!t)
        return NULL;
    struct goal_bound *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->t = t;
    for (int c = 0; c < 2; c++)
        for (int k = KING; k <= PAWN; k++)
            for (int i = 0; i < t->squares; i++) {
                int from = t->bits[i];
                for (square_set s = t->denies[c][k][from]; s; s &= s - 1)
                    n->deniers[c][k][set_first(s)] |= SET_BIT(from);
                for (square_set s = t->checks[c][k][from]; s; s &= s - 1)
                    n->checkers[c][k][set_first(s)] |= SET_BIT(from);
            }
    return n;
}

void goal_bound_free(struct goal_bound *gb) { free(gb); }

/* The fewest turns (INF if more than a) A unit u needs to stand, as some
 * kind, on one of the squares `from` gives for that kind. */
static int unit_cost_from(const struct goal_bound *n, int u, const square_set *from_of_kind, square_set mask)
{
    int kinds = n->a_kind[u] == PAWN ? 1 + GOAL_PROMOTIONS : 1;
    int best = INF;
    for (int i = 0; i < kinds; i++) {
        int k = i == 0 ? n->a_kind[u] : promotion_kinds[i - 1];
        square_set from = from_of_kind[k] & mask;
        if (!from)
            continue;
        for (int c = 1; c <= n->a && c < best; c++)
            if (n->reach[u][i][c] & from) {
                best = c;
                break;
            }
    }
    return best;
}

/* Square sets per kind for one target: deniers or checkers of x. */
static void sets_of(const square_set table[][GOAL_NB], int x, square_set *out)
{
    for (int k = KING; k <= PAWN; k++)
        out[k] = table[k][x];
}

/* The fewest turns A unit u needs to deny x, remembered for the node. */
static int deny_cost(struct goal_bound *n, int u, int x)
{
    if (n->deny_stamp[u][x] != n->stamp) {
        square_set from[KIND_COUNT];
        sets_of(n->deniers[n->A], x, from);
        n->deny_memo[u][x] = (uint16_t)unit_cost_from(n, u, from, ~(square_set)0);
        n->deny_stamp[u][x] = n->stamp;
    }
    return n->deny_memo[u][x];
}

/* The fewest turns a D unit other than the king needs to stand on x. */
static int block_cost(struct goal_bound *n, int x)
{
    if (n->block_stamp[x] != n->stamp) {
        int cheapest = INF;
        for (int u = 0; u < n->nd; u++) {
            int c = n->t->any_dist[n->D][n->d_kind[u]][n->d_bit[u]][x];
            if (c < cheapest)
                cheapest = c;
        }
        n->block_memo[x] = (uint16_t)cheapest;
        n->block_stamp[x] = n->stamp;
    }
    return n->block_memo[x];
}

/* The services one A unit can offer: a set of targets and its count. */
struct offers {
    int count;
    int mask[MAX_OFFERS], cost[MAX_OFFERS];
};

static void offer(struct offers *o, int mask, int cost)
{
    for (int i = 0; i < o->count; i++)
        if (o->mask[i] == mask) {
            if (cost < o->cost[i])
                o->cost[i] = cost;
            return;
        }
    if (o->count < MAX_OFFERS) {
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
 * the largest of its counts, a lower bound of one square serving them all. */
static void relaxed_offers(const struct goal_bound *n, const struct split *sp, int u, struct offers *o)
{
    o->count = 0;
    int prev = 0;
    for (int c = 1; c <= n->a; c++) {
        int m = 0;
        for (int j = 0; j < sp->nt; j++)
            if (sp->cost[u][j] <= c)
                m |= 1 << j;
        if (m == prev)
            continue; /* the same service was had for less */
        prev = m;
        if (sp->ban >= 0 && (m >> sp->check & 1) && (m >> sp->ban & 1)) {
            offer(o, m & ~(1 << sp->check), c);
            m &= ~(1 << sp->ban);
        }
        offer(o, m, c);
    }
}

/* Exact offers: unit u ends on one square as one kind; what that square
 * serves, for the count to get there. */
static void square_offers(const struct goal_bound *n, const struct split *sp, int u, struct offers *o)
{
    o->count = 0;
    int kinds = n->a_kind[u] == PAWN ? 1 + GOAL_PROMOTIONS : 1;
    for (int i = 0; i < kinds; i++) {
        int k = i == 0 ? n->a_kind[u] : promotion_kinds[i - 1];
        square_set any = 0;
        for (int j = 0; j < sp->nt; j++)
            any |= sp->serve[j][k];
        for (square_set q = any & n->reach[u][i][n->a] & ~n->reach[u][i][0]; q; q &= q - 1) {
            int b = set_first(q), m = 0;
            for (int j = 0; j < sp->nt; j++)
                if (sp->serve[j][k] & SET_BIT(b))
                    m |= 1 << j;
            offer(o, m, n->row[u][i][b]);
        }
    }
}

/* Can D block some targets within rb turns and A serve the rest within a?
 * Each A unit is charged, for the set of targets it serves, the largest of
 * its counts for them: a lower bound of one square serving them all. */
static bool split_feasible(const struct goal_bound *n, const struct split *sp, int rb, bool exact)
{
    int nt = sp->nt, full = (1 << nt) - 1;
    int forced = 0;
    for (int j = 0; j < nt; j++) {
        int best = INF;
        for (int u = 0; u < n->na; u++)
            if (sp->cost[u][j] < best)
                best = sp->cost[u][j];
        if (best > n->a && (forced += sp->block[j]) > rb)
            return false; /* only D can take target j, and cannot pay */
    }
    /* cover[m]: the fewest A turns serving the targets in m, over the masks
     * reached so far (live); each unit joins once, on one offer */
    int cover[MAX_COVER], live[MAX_COVER], base[MAX_COVER];
    for (int m = 0; m <= full; m++)
        cover[m] = INF;
    cover[0] = 0;
    live[0] = 0;
    int nl = 1;
    for (int u = 0; u < n->na; u++) {
        struct offers o;
        if (exact)
            square_offers(n, sp, u, &o);
        else
            relaxed_offers(n, sp, u, &o);
        if (!o.count)
            continue;
        int before = nl;
        for (int i = 0; i < before; i++)
            base[i] = cover[live[i]];
        for (int i = 0; i < before; i++) {
            if (base[i] >= n->a)
                continue;
            for (int k = 0; k < o.count; k++) {
                int m = live[i] | o.mask[k], c = base[i] + o.cost[k];
                if (c > n->a || c >= cover[m])
                    continue;
                if (cover[m] == INF)
                    live[nl++] = m;
                cover[m] = c;
            }
        }
        if (cover[full] <= n->a)
            return true; /* A serves every target */
    }
    /* D blocks whatever A does not serve */
    for (int i = 0; i < nl; i++) {
        int spent = 0, m = live[i];
        for (int j = 0; j < nt && spent <= rb; j++)
            if (!(m & 1 << j))
                spent += sp->block[j];
        if (spent <= rb)
            return true;
    }
    return false;
}

/* The relaxed test first: it is cheap and settles most king squares. */
static bool split_both(const struct goal_bound *n, const struct split *sp, int rb)
{
    return split_feasible(n, sp, rb, false) && split_feasible(n, sp, rb, true);
}

/* Can D's king on square bit s be mated (stalemated) within the budgets?
 * A check from a flight p is a contact check: the king could take the
 * checker unless another A unit denies p, and no D unit can stand on p. */
static bool king_square_feasible(struct goal_bound *n, int s, int king_turns)
{
    const struct goal_tables *t = n->t;
    int rb = n->d - king_turns;
    square_set flights = t->flights[s];
    bool need_check = n->need_check && !(n->checked0 & SET_BIT(s));
    square_set from[KIND_COUNT];
    if (need_check) {
        if (!(n->checkable & SET_BIT(s)))
            return false; /* no A unit can give check there in time */
        sets_of(n->checkers[n->A], s, from);
    }
    struct split *sp = &n->sp;
    sp->nt = 0;
    sp->check = sp->ban = -1;
    int flight_bit[MAX_TARGETS] = {0};
    for (square_set f = flights; f && sp->nt < MAX_FLIGHT_TARGETS; f &= f - 1) {
        int b = set_first(f);
        if ((n->blockers | n->denied0) & SET_BIT(b))
            continue;
        int j = sp->nt++;
        flight_bit[j] = b;
        sp->block[j] = block_cost(n, b);
        for (int u = 0; u < n->na; u++)
            sp->cost[u][j] = deny_cost(n, u, b);
        sets_of(n->deniers[n->A], b, sp->serve[j]);
    }
    if (!need_check)
        return sp->nt == 0 || split_both(n, sp, rb);
    /* distant checks, and contact checks from a flight already denied */
    int j = sp->check = sp->nt++;
    sp->block[j] = INF;
    bool any = false;
    for (int k = KING; k <= PAWN; k++)
        sp->serve[j][k] = from[k] & (~flights | n->denied0);
    for (int u = 0; u < n->na; u++) {
        sp->cost[u][j] = unit_cost_from(n, u, from, ~flights | n->denied0);
        any |= sp->cost[u][j] <= n->a;
    }
    if (any && split_both(n, sp, rb))
        return true;
    /* a contact check from flight p: p joins the targets, served by A only */
    int nt = sp->nt;
    for (square_set f = flights & ~n->denied0; f; f &= f - 1) {
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
        int saved_block = 0;
        if (sp->ban < 0) {
            assert(sp->nt < MAX_TARGETS);
            sp->ban = sp->nt++;
            for (int u = 0; u < n->na; u++)
                sp->cost[u][sp->ban] = deny_cost(n, u, p);
            sets_of(n->deniers[n->A], p, sp->serve[sp->ban]);
        } else {
            saved_block = sp->block[sp->ban];
        }
        sp->block[sp->ban] = INF;
        bool ok = split_both(n, sp, rb);
        if (sp->ban < nt)
            sp->block[sp->ban] = saved_block;
        if (ok)
            return true;
    }
    return false;
}

bool goal_bound_prunes(struct goal_bound *n, const struct position *p, enum goal goal, int plies)
{
    assert(plies >= 1);
    /* the last move is cheaper to play than to bound: the rules' may_check
     * filter and the goal test settle it (measured: twice as fast on the
     * bench helpmates with this level left to them) */
    if (plies < 2)
        return false;
    struct level *l = &n->level[plies < LEVELS ? plies : LEVELS - 1];
    if (l->off && ++l->skipped % SAMPLE)
        return false;
    bool cut = goal_bound_proves_failure(n, p, goal, plies);
    l->cut += cut;
    if (++l->evaluated == WINDOW) {
        /* near the leaves a cut saves little: ask for more of them there */
        l->off = l->cut * (plies <= 2 ? 4u : 32u) < l->evaluated;
        l->evaluated = l->cut = 0;
    }
    return cut;
}

bool goal_bound_proves_failure(struct goal_bound *n, const struct position *p, enum goal goal, int plies)
{
    assert(plies >= 1);
    enum colour side = (enum colour)p->st.side;
    enum colour A = (plies & 1) ? side : (enum colour)!side;
    int a = (plies + (side == A)) / 2;
    return goal_bound_proves_failure_turns(n, p, goal, A, a, plies - a);
}

bool goal_bound_proves_failure_turns(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A,
                                     int a, int d)
{
    assert(a >= 1 && d >= 0);
    const struct goal_tables *t = n->t;
    n->A = A;
    n->D = (enum colour)!n->A;
    int king = p->st.king_sq[n->D];
    if (king == SQ_NONE)
        return false;
    const struct geometry *g = p->geo;
    n->a = a;
    n->d = d;
    if (n->a > MAX_BUDGET)
        return false; /* far from the goal: the reach sets do not go so far */
    n->need_check = goal == GOAL_MATE;
    if (++n->stamp == 0) { /* wrapped: forget every remembered count */
        memset(n->deny_stamp, 0, sizeof n->deny_stamp);
        memset(n->block_stamp, 0, sizeof n->block_stamp);
        n->stamp = 1;
    }
    n->na = n->nd = 0;
    n->denied0 = n->checked0 = n->checkable = 0;
    int kb = geo_bit(g, king);
    n->blockers = p->st.occupied[n->D] & ~SET_BIT(kb);
    if (set_count(p->st.occupied[n->A]) > MAX_SIDE_UNITS || set_count(n->blockers) > MAX_SIDE_UNITS)
        return false; /* more units than the working memory holds: no cut */
    for (square_set s = p->st.occupied[n->A]; s; s &= s - 1) {
        int b = set_first(s);
        int k = unit_kind(p->board[geo_square_of_bit(g, b)]);
        int u = n->na++;
        n->a_kind[u] = (uint8_t)k;
        n->denied0 |= t->denies[n->A][k][b];
        n->checked0 |= t->checks[n->A][k][b];
        int kinds = k == PAWN ? 1 + GOAL_PROMOTIONS : 1;
        for (int i = 0; i < kinds; i++) {
            square_set *r = n->reach[u][i];
            memset(r, 0, sizeof(square_set) * (size_t)(n->a + 1));
            const uint8_t *dist = i == 0 ? t->dist[n->A][k][b] : t->promo_dist[n->A][b][i - 1];
            n->row[u][i] = dist;
            for (int q = 0; q < t->squares; q++) {
                int to = t->bits[q];
                if (dist[to] <= n->a)
                    r[dist[to]] |= SET_BIT(to);
            }
            for (int c = 1; c <= n->a; c++)
                r[c] |= r[c - 1];
            int kind = i == 0 ? k : (int)promotion_kinds[i - 1];
            for (square_set q = r[n->a]; q; q &= q - 1)
                n->checkable |= t->checks[n->A][kind][set_first(q)];
        }
    }
    for (square_set s = n->blockers; s; s &= s - 1) {
        int b = set_first(s);
        n->d_kind[n->nd] = (uint8_t)unit_kind(p->board[geo_square_of_bit(g, b)]);
        n->d_bit[n->nd++] = (uint8_t)b;
    }
    int first_right = n->D == WHITE ? WHITE_SHORT : BLACK_SHORT;
    bool castle = p->st.castle_rook[first_right] != SQ_NONE || p->st.castle_rook[first_right + 1] != SQ_NONE;
    const uint8_t *kdist = castle ? t->dist[n->D][KING][kb] : t->king_plain[n->D][kb];
    if (king_square_feasible(n, kb, 0))
        return false;
    for (int i = 0; i < t->squares; i++) {
        int s = t->bits[i];
        if (s != kb && kdist[s] <= n->d && king_square_feasible(n, s, kdist[s]))
            return false;
    }
    return true;
}
