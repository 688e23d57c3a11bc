/* Emulation chess (RULES 5): every unit, the king included, moves only with the
 * powers of its eight neighbours.  Must not keep state outside the position. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "emulation_moves.h"
#include "rules.h"

/* Powers a unit borrows: one bit per kind of neighbour (1u << kind), plus: */
#define POWER(k) (1u << (k))
#define POWER_DOUBLE (1u << KIND_COUNT) /* a neighbouring pawn stands on its own second rank */
#define POWER_ORTHOGONAL (POWER(QUEEN) | POWER(ROOK))
#define POWER_DIAGONAL (POWER(QUEEN) | POWER(BISHOP))
#define POWER_STEP (POWER(KING) | POWER(QUEEN))


static inline int forward_of(const struct geometry *g, enum colour c)
{
    return c == WHITE ? g->north : g->south;
}

static inline square_set bit_of(const struct geometry *g, int sq) { return g->bit[sq]; }

/* RULES 5.1: the kinds standing on the eight neighbouring squares, any colour. */
static inline unsigned neighbour_kinds(const unit_t *b, const struct geometry *g, int sq)
{
    unsigned m = 0;
    for (int i = 0; i < 8; i++)
        m |= POWER(unit_kind(b[sq + g->queen_dirs[i]]));
    return m & ~POWER(KIND_NONE); /* empty and border squares lend nothing */
}

/* RULES 5.2: some neighbouring pawn stands on its own second rank. */
static bool pawn_on_second_nearby(const unit_t *b, const struct geometry *g, int sq)
{
    for (int i = 0; i < 8; i++) {
        int n = sq + g->queen_dirs[i];
        unit_t u = b[n];
        if (!unit_is_piece(u) || unit_kind(u) != PAWN)
            continue;
        int second = unit_colour(u) == WHITE ? 1 : g->ranks - 2;
        if (g->rank_of[n] == second)
            return true;
    }
    return false;
}

static inline unsigned powers_of(const unit_t *b, const struct geometry *g, int sq)
{
    unsigned m = neighbour_kinds(b, g, sq);
    if ((m & POWER(PAWN)) && pawn_on_second_nearby(b, g, sq))
        m |= POWER_DOUBLE;
    return m;
}

static inline int set_last(square_set s)
{
    uint64_t hi = (uint64_t)(s >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)s);
}

/* RULES 5.5: square sq (holding a unit of the other side, normally its king) is
 * attacked when a unit of `by`, with its neighbours' powers, could capture there.
 * The unit on sq is itself a neighbour of the units next to it, so an enemy
 * unit next to a king always attacks it.  A line is looked at only when a unit
 * of `by` stands on it, its first unit found from p's sets of squares with
 * units (which must hold p's board), and a leap only where such a unit stands. */
static bool attacked_in(const struct position *p, int sq, enum colour by)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    square_set ours = p->st.occupied[by], units = ours | p->st.occupied[!by];
    int pawn_reach = forward_of(g, by); /* a pawn-powered unit on s captures on s+fwd+-1 */
    for (int i = 0; i < 8; i++) {
        square_set ray = g->ray[sq][i];
        if (!(ray & ours))
            continue;
        int d = g->queen_dirs[i], s = sq + d;
        bool diagonal = i >= 4;
        if (unit_is(b[s], by)) { /* next to sq: steps, one-square slides, pawn captures */
            unsigned m = neighbour_kinds(b, g, s);
            if (m & (POWER_STEP | (diagonal ? POWER(BISHOP) : POWER(ROOK))))
                return true;
            if ((m & POWER(PAWN)) && (sq - s == pawn_reach + 1 || sq - s == pawn_reach - 1))
                return true;
            continue;
        }
        square_set met = ray & units; /* the nearest: the lowest bit along a positive step */
        s = geo_square_of_bit(g, d > 0 ? set_first(met) : set_last(met));
        if (unit_is(b[s], by) && (neighbour_kinds(b, g, s) & (diagonal ? POWER_DIAGONAL : POWER_ORTHOGONAL)))
            return true;
    }
    for (square_set n = g->knight_set[sq] & ours; n; n &= n - 1)
        if (neighbour_kinds(b, g, geo_square_of_bit(g, set_first(n))) & POWER(KNIGHT))
            return true;
    return false;
}

static bool emulation_attacked(const struct position *p, int sq, enum colour by)
{
    return attacked_in(p, sq, by);
}

/* The lines from `from` along queen_dirs[first] .. [first + 3] (ray sets in
 * that order): every square up to the first unit, and that unit's square
 * when it is not one of `ours`; the first unit found from the sets of
 * squares with units (`units`), the nearest bit along the step. */
static inline void slide(const struct geometry *g, int from, int first, square_set units, square_set ours,
                         square_set *t)
{
    for (int i = first; i < first + 4; i++) {
        square_set ray = g->ray[from][i], met = ray & units;
        if (!met) {
            *t |= ray;
            continue;
        }
        int s = geo_square_of_bit(g, g->queen_dirs[i] > 0 ? set_first(met) : set_last(met));
        *t |= ray & ~g->ray[s][i] & ~ours;
    }
}

static inline void leap(const unit_t *b, const struct geometry *g, int from, const int *dirs, enum colour them,
                        square_set *t)
{
    for (int i = 0; i < 8; i++) {
        int s = from + dirs[i];
        if (b[s] == UNIT_EMPTY || unit_is(b[s], them))
            *t |= bit_of(g, s);
    }
}

/* RULES 5.1-5.3: every square the unit on `from` reaches with the powers m
 * (p's sets of squares with units must hold its board). */
static square_set targets_of(const struct position *p, int from, enum colour us, unsigned m)
{
    const unit_t *b = p->board;
    const struct geometry *g = p->geo;
    enum colour them = (enum colour)!us;
    square_set t = 0, ours = p->st.occupied[us], units = ours | p->st.occupied[them];
    if (m & POWER_ORTHOGONAL)
        slide(g, from, 0, units, ours, &t);
    if (m & POWER_DIAGONAL)
        slide(g, from, 4, units, ours, &t);
    bool all_steps_slid = (m & POWER(QUEEN)) || (m & (POWER(ROOK) | POWER(BISHOP))) == (POWER(ROOK) | POWER(BISHOP));
    if ((m & POWER(KING)) && !all_steps_slid)
        leap(b, g, from, g->queen_dirs, them, &t); /* RULES 5.3: a one-square step */
    if (m & POWER(KNIGHT))
        leap(b, g, from, g->knight_leaps, them, &t);
    if (m & POWER(PAWN)) { /* RULES 5.2: in the mover's own forward direction */
        int fwd = forward_of(g, us), to = from + fwd;
        if (b[to] == UNIT_EMPTY) {
            t |= bit_of(g, to);
            if ((m & POWER_DOUBLE) && b[to + fwd] == UNIT_EMPTY)
                t |= bit_of(g, to + fwd);
        }
        if (unit_is(b[to - 1], them))
            t |= bit_of(g, to - 1);
        if (unit_is(b[to + 1], them))
            t |= bit_of(g, to + 1);
    }
    return t;
}

/* More units striking the king than this: every turn is tried. */
#define STRIKERS_MAX 16

/* Which turns of the side to move need a trial to prove the king safe. */
struct safety {
    int king;               /* SQ_NONE: no king, every turn is legal */
    bool try_all;           /* in check: every turn that may end every strike is tried */
    square_set risky_from;  /* own units whose departure may open a line to the king */
    square_set risky_to;    /* squares next to enemy units that could strike the king */
    /* in check, per striking unit (strikers == -1: too many to list): the
     * arrivals and the departures that may end its strike */
    int strikers;
    square_set cure_to[STRIKERS_MAX], cure_from[STRIKERS_MAX];
};

/* The playing squares next to sq. */
static inline square_set around(const struct geometry *g, int sq) { return g->king_set[sq]; }

static void add_striker(const struct geometry *g, struct safety *sf, int s, square_set between)
{
    if (sf->strikers < 0 || sf->strikers == STRIKERS_MAX) {
        sf->strikers = -1;
        return;
    }
    sf->cure_from[sf->strikers] = around(g, s);
    sf->cure_to[sf->strikers++] = around(g, s) | between | bit_of(g, s);
}

/* In check: every enemy unit striking the king on k (as attacked_in finds
 * them).  A turn of a unit other than the king that neither arrives on a
 * striker, between it and the king, or next to it, nor leaves a square next to
 * it, changes neither the striker's neighbours nor its path: the strike stays. */
static void find_strikers(const unit_t *b, const struct geometry *g, int k, enum colour them, struct safety *sf)
{
    int pawn_reach = forward_of(g, them);
    sf->strikers = 0;
    for (int i = 0; i < 8; i++) {
        int d = g->queen_dirs[i];
        bool diagonal = i >= 4;
        int s = k + d;
        if (unit_is(b[s], them)) {
            unsigned m = neighbour_kinds(b, g, s);
            if ((m & (POWER_STEP | (diagonal ? POWER(BISHOP) : POWER(ROOK)))) ||
                ((m & POWER(PAWN)) && (k - s == pawn_reach + 1 || k - s == pawn_reach - 1)))
                add_striker(g, sf, s, 0);
            continue;
        }
        square_set between = 0;
        while (b[s] == UNIT_EMPTY) {
            between |= bit_of(g, s);
            s += d;
        }
        if (unit_is(b[s], them) && (neighbour_kinds(b, g, s) & (diagonal ? POWER_DIAGONAL : POWER_ORTHOGONAL)))
            add_striker(g, sf, s, between);
    }
    for (int i = 0; i < 8; i++) {
        int s = k + g->knight_leaps[i];
        if (unit_is(b[s], them) && (neighbour_kinds(b, g, s) & POWER(KNIGHT)))
            add_striker(g, sf, s, 0);
    }
}

/* In check: the arrivals of the unit on `from` (not the king) that may end
 * every strike; the others certainly leave the king attacked. */
static square_set curing(const struct geometry *g, const struct safety *sf, int from)
{
    if (sf->strikers < 0)
        return ~(square_set)0;
    square_set cure = ~(square_set)0;
    for (int i = 0; i < sf->strikers; i++)
        if (!(sf->cure_from[i] & bit_of(g, from)))
            cure &= sf->cure_to[i];
    return cure;
}

/* With the king not in check, a turn from f to t can only expose it by opening a
 * line through f, or by lending the mover's power to an enemy next to t that
 * already stands a leap or an open line away from the king (no enemy stands next
 * to it, or it would be in check).  Removing a unit only takes powers away. */
static void find_safety(const struct position *p, enum colour us, struct safety *sf)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    enum colour them = (enum colour)!us;
    sf->king = p->st.king_sq[us];
    sf->try_all = false;
    sf->risky_from = sf->risky_to = 0;
    if (sf->king == SQ_NONE)
        return;
    int k = sf->king;
    find_strikers(b, g, k, them, sf); /* one scan: in check when it finds a striker */
    if (sf->strikers != 0) {
        sf->try_all = true;
        return;
    }
    square_set units = p->st.occupied[us] | p->st.occupied[them];
    for (int i = 0; i < 8; i++) {
        /* the first two units along the ray, from p's sets of squares */
        square_set met = g->ray[k][i] & units;
        if (!met)
            continue;
        bool up = g->queen_dirs[i] > 0;
        int s = geo_square_of_bit(g, up ? set_first(met) : set_last(met));
        if (unit_is(b[s], them)) {
            sf->risky_to |= around(g, s);
            continue;
        }
        met &= ~bit_of(g, s);
        if (met && unit_is(b[geo_square_of_bit(g, up ? set_first(met) : set_last(met))], them))
            sf->risky_from |= bit_of(g, s);
    }
    for (int i = 0; i < 8; i++) {
        int s = k + g->knight_leaps[i];
        if (unit_is(b[s], them))
            sf->risky_to |= around(g, s);
    }
}

/* The move from `from` to `to` (the unit `placed` arriving) played on p's
 * squares and its sets of squares with units alone, what the attack test
 * reads, and taken back by take_back. */
struct trial {
    unit_t mover, captured;
    square_set occupied[2];
};

static inline void try_move(struct position *p, int from, int to, unit_t placed, struct trial *t)
{
    const struct geometry *g = p->geo;
    unit_t *b = p->board;
    t->mover = b[from];
    t->captured = b[to];
    memcpy(t->occupied, p->st.occupied, sizeof t->occupied);
    enum colour us = unit_colour(t->mover);
    p->st.occupied[us] ^= g->bit[from] | g->bit[to];
    if (t->captured != UNIT_EMPTY)
        p->st.occupied[!us] &= ~g->bit[to];
    b[from] = UNIT_EMPTY;
    b[to] = placed;
}

static inline void take_back(struct position *p, int from, int to, const struct trial *t)
{
    p->board[to] = t->captured;
    p->board[from] = t->mover;
    memcpy(p->st.occupied, t->occupied, sizeof t->occupied);
}

/* RULES 0 legality by trial on the squares alone: the attack test reads nothing else. */
static bool legal_after(struct position *p, int from, int to, unit_t placed, int king)
{
    struct trial t;
    try_move(p, from, to, placed, &t);
    bool ok = !attacked_in(p, from == king ? to : king, (enum colour)!unit_colour(t.mover));
    take_back(p, from, to, &t);
    return ok;
}

static inline void emit(struct turn_list *out, const unit_t *b, int from, int to, enum kind promo)
{
    struct turn *t = &out->turns[out->count++];
    memset(t, 0, sizeof *t);
    t->from = (square_t)from;
    t->to = (square_t)to;
    t->promo = (uint8_t)promo;
    if (b[to] != UNIT_EMPTY) {
        t->flags = TURN_CAPTURE;
        t->capture_sq = (square_t)to;
    }
}

static bool may_check_move(struct position *p, int from, int to, enum kind promo);

/* The turns of one unit to the targets t that may_check admits, into out:
 * judged before the king's safety, which is found (into *sf, when *known is
 * false) only once some turn needs it. */
static void unit_checks(struct position *p, struct safety *sf, bool *known, int from, square_set t,
                        struct turn_list *out)
{
    const struct geometry *g = p->geo;
    unit_t mover = p->board[from];
    enum colour us = unit_colour(mover);
    int last = unit_kind(mover) == PAWN ? (us == WHITE ? g->ranks - 1 : 0) : -1;
    for (; t; t &= t - 1) {
        int to = geo_square_of_bit(g, set_first(t));
        bool promotes = g->rank_of[to] == last; /* RULES 5.4 */
        for (int i = 0; i < (promotes ? 4 : 1); i++) {
            enum kind promo = promotes ? promotion_kinds[i] : KIND_NONE;
            if (!may_check_move(p, from, to, promo))
                continue;
            if (!*known) {
                find_safety(p, us, sf);
                *known = true;
            }
            if (sf->king != SQ_NONE) {
                if (sf->try_all && from != sf->king && !(curing(g, sf, from) & (t & -t)))
                    continue;
                bool trial = sf->try_all || from == sf->king || (sf->risky_from & bit_of(g, from)) ||
                             (sf->risky_to & (t & -t));
                if (trial && !legal_after(p, from, to, promo ? unit_make(us, promo) : mover, sf->king))
                    continue;
            }
            emit(out, p->board, from, to, promo);
        }
    }
}

/* The turns of one unit to the targets t; returns how many are legal and, with
 * out, lists them.  first_only stops at the first legal one. */
static int unit_turns(struct position *p, const struct safety *sf, int from, square_set t, struct turn_list *out,
                      bool first_only)
{
    const struct geometry *g = p->geo;
    unit_t mover = p->board[from];
    enum colour us = unit_colour(mover);
    bool pawn = unit_kind(mover) == PAWN;
    int last = us == WHITE ? g->ranks - 1 : 0;
    bool try_from = sf->king != SQ_NONE && (sf->try_all || from == sf->king || (sf->risky_from & bit_of(g, from)));
    if (sf->king != SQ_NONE && sf->try_all && from != sf->king)
        t &= curing(g, sf, from);
    int n = 0;
    if (!try_from && !out && !pawn) { /* bulk count: only arrivals next to a striker need a trial */
        n = set_count(t & ~sf->risky_to);
        if (n && first_only)
            return n;
        t &= sf->risky_to;
    }
    for (; t; t &= t - 1) {
        int to = geo_square_of_bit(g, set_first(t));
        bool trial = try_from || (sf->risky_to & (t & -t));
        if (pawn && g->rank_of[to] == last) { /* RULES 5.4: a real pawn promotes however it arrives */
            for (int i = 0; i < 4; i++) {
                if (trial && !legal_after(p, from, to, unit_make(us, promotion_kinds[i]), sf->king))
                    continue;
                if (out)
                    emit(out, p->board, from, to, promotion_kinds[i]);
                n++;
                if (first_only)
                    return n;
            }
            continue;
        }
        if (trial && !legal_after(p, from, to, mover, sf->king))
            continue;
        if (out)
            emit(out, p->board, from, to, KIND_NONE);
        n++;
        if (first_only)
            return n;
    }
    return n;
}

/* The squares on which a unit of `us` may give check by arriving, as may_check
 * judges it without a discovery: within reach of the enemy king (a queen line,
 * its neighbours included, or a leap), or next to one of our units within
 * reach, which may borrow the arriving unit's power.  All squares when the
 * enemy has no king. */
static square_set checking_arrivals(const struct position *p, enum colour us)
{
    const struct geometry *g = p->geo;
    int q = p->st.king_sq[!us];
    if (q == SQ_NONE)
        return ~(square_set)0;
    square_set reach = g->knight_set[q];
    for (int i = 0; i < 8; i++)
        reach |= g->ray[q][i];
    square_set arrivals = reach;
    for (square_set s = reach & p->st.occupied[us]; s; s &= s - 1)
        arrivals |= around(g, geo_square_of_bit(g, set_first(s)));
    return arrivals;
}

/* The squares the unit of `us` on `from` reaches with its neighbours'
 * powers; none when it has no neighbour (RULES 5.1: it cannot move). */
static square_set unit_targets(const struct position *p, int from, enum colour us)
{
    unsigned m = powers_of(p->board, p->geo, from);
    return m ? targets_of(p, from, us, m) : 0;
}

square_set emulation_unit_targets(const struct position *p, int from)
{
    return unit_targets(p, from, unit_colour(p->board[from]));
}

/* The legal turns of the unit on `from` (unit_turns). */
static int unit_all_turns(struct position *p, const struct safety *sf, int from, struct turn_list *out,
                          bool first_only)
{
    square_set t = unit_targets(p, from, unit_colour(p->board[from]));
    return t ? unit_turns(p, sf, from, t, out, first_only) : 0;
}

/* Every legal turn (RULES 5.1-5.4; no castling, no en passant), counted and,
 * with out, listed; with checks_only (and out) those may_check admits. */
static int all_turns(struct position *p, struct turn_list *out, bool first_only, bool checks_only)
{
    const struct geometry *g = p->geo;
    enum colour us = (enum colour)p->st.side;
    struct safety sf;
    bool known = !checks_only;
    if (known)
        find_safety(p, us, &sf);
    square_set arrivals = checks_only ? checking_arrivals(p, us) : ~(square_set)0;
    int q = p->st.king_sq[!us];
    if (out)
        out->count = 0;
    int n = 0;
    square_set units = p->st.occupied[us];
    /* Asked only whether a turn exists while in check (the mate test): the
     * king's own turns first, the likeliest escape, so the search for one
     * usually ends sooner.  The answer does not depend on the order. */
    if (first_only && !out && sf.king != SQ_NONE && sf.try_all) {
        n = unit_all_turns(p, &sf, sf.king, NULL, true);
        if (n)
            return n;
        units &= ~g->bit[sf.king];
    }
    for (square_set s = units; s; s &= s - 1) {
        int from = geo_square_of_bit(g, set_first(s));
        if (!checks_only) {
            n += unit_all_turns(p, &sf, from, out, first_only);
            if (first_only && n)
                return n;
            continue;
        }
        square_set t = unit_targets(p, from, us);
        if (!t)
            continue;
        if (q != SQ_NONE && !g->direction_between[q][from])
            t &= arrivals; /* no discovery: only arrivals may_check can admit */
        unit_checks(p, &sf, &known, from, t, out);
    }
    return n;
}

static void emulation_generate(struct position *p, struct turn_list *out) { all_turns(p, out, false, false); }

static void emulation_generate_checks(struct position *p, struct turn_list *out) { all_turns(p, out, false, true); }

/* RULES 5.6: a side without a legal turn loses; judging that is the solver's. */
static bool emulation_has_legal_turn(struct position *p) { return all_turns(p, NULL, true, false) > 0; }

static int emulation_count_legal(struct position *p) { return all_turns(p, NULL, false, false); }

/* Whether a unit on sq lent the powers m could strike q from there, by
 * the geometry alone: along a line of a lent queen, rook or bishop, or by
 * a lent knight's leap; a king's step and a pawn's capture reach only the
 * squares next to sq (RULES 5.1-5.3). */
static inline bool lends_reach(const struct geometry *g, int sq, int q, unsigned m)
{
    int d = g->direction_between[sq][q];
    if (d)
        return m & (d == g->north || d == g->south || d == g->east || d == g->west ? POWER_ORTHOGONAL
                                                                                    : POWER_DIAGONAL);
    return (m & POWER(KNIGHT)) && (g->knight_set[sq] & g->bit[q]);
}

/* rules.h may_check.  The enemy king q is not attacked before the turn (the
 * position is legal).  A turn from f to t changes only squares f and t, so an
 * attack on q afterwards needs one of: the mover next to q (it always strikes,
 * RULES 5.5); the mover on t striking q with the powers of its new neighbours;
 * a line from q opened at f; a unit of ours next to t that the mover's kind
 * lends a line or a leap towards q.  Units next to f only lose a power, lines through
 * t stay blocked.  The last two are decided by the attack test on the squares
 * after the turn, played on p's squares and taken back (may_check_move). */
static bool may_check_move(struct position *p, int from, int to, enum kind promo)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    enum colour us = (enum colour)p->st.side;
    int q = p->st.king_sq[!us];
    if (q == SQ_NONE || (g->king_set[q] & g->bit[to]))
        return true;
    int f = from;
    /* the mover's powers on t, its neighbours after the turn, matter only
     * where t is a line or a leap away from q */
    int d = g->direction_between[to][q];
    if (d || (g->knight_set[to] & g->bit[q])) {
        unsigned m = 0;
        for (int i = 0; i < 8; i++) {
            int n = to + g->queen_dirs[i];
            if (n != f)
                m |= POWER(unit_kind(b[n]));
        }
        if (d) {
            bool diagonal = d != g->north && d != g->south && d != g->east && d != g->west;
            if (m & (diagonal ? POWER_DIAGONAL : POWER_ORTHOGONAL)) {
                int s = to + d;
                while (s != q && (b[s] == UNIT_EMPTY || s == f))
                    s += d;
                if (s == q)
                    return true;
            }
        } else if (m & POWER(KNIGHT)) {
            return true;
        }
    }
    bool maybe = false;
    d = g->direction_between[q][f];
    if (d) {
        int s = q + d;
        while (b[s] == UNIT_EMPTY)
            s += d;
        maybe = s == f;
    }
    /* a unit of ours next to t gains only the power of the mover's kind (its
     * new kind where it promotes): a step or a pawn's capture would reach q
     * only from next to it, where that unit would have struck q already */
    unsigned lent = POWER(promo ? promo : unit_kind(b[from]));
    for (square_set n = around(g, to) & p->st.occupied[us] & ~g->bit[f]; n && !maybe; n &= n - 1)
        maybe = lends_reach(g, geo_square_of_bit(g, set_first(n)), q, lent);
    if (!maybe)
        return false;
    struct trial trial;
    unit_t mover = b[from];
    try_move(p, from, to, promo ? unit_make(us, promo) : mover, &trial);
    bool check = attacked_in(p, q, us);
    take_back(p, from, to, &trial);
    return check;
}

static bool may_check(const struct position *p, const struct turn *t)
{
    struct position copy = *p; /* may_check_move plays the turn on it */
    return may_check_move(&copy, t->from, t->to, (enum kind)t->promo);
}

const struct rules rules_emulation = {
    .name = "Emulation",
    .switch_names = NULL,
    .files = 8,
    .ranks = 8,
    .neutral_units = false,
    .placement_history = false,
    .castling = false, /* RULES 5.4 */
    .generate = emulation_generate,
    .has_legal_turn = emulation_has_legal_turn,
    .attacked = emulation_attacked,
    .count_legal = emulation_count_legal,
    .may_check = may_check,
    .generate_checks = emulation_generate_checks,
    /* emulation_goal.c's hooks are sound but not named here: with them the
     * goal-directed search costs more than it saves (docs/internals.md) */
};
