/* Goal hooks of Emulation (rules.h, struct goal_hooks): what goal-directed help
 * play may assume of units that move only with their neighbours' powers (RULES 5). */
#include "emulation_goal.h"

#include "emulation_moves.h"
#include "relaxed.h"

/* A unit moves, captures and attacks only as some unit next to it moves in
 * orthodox chess (RULES 5.1, 5.5), whatever its own kind: so in one turn it
 * goes at most where a queen, a knight or a king goes from its square, or
 * two squares straight ahead in its own direction (5.2: a pawn's double
 * step, lent by a pawn on its own second rank), and it attacks at most where
 * a queen, a knight or a king does (a borrowed pawn captures one square
 * diagonally forward, 5.2).  That is the relaxation valid on any board
 * (variant 0): an amazon's moves plus the double step, for every kind.
 *
 * A power is lent only by a unit of its kind on the board (5.1): a line
 * along ranks and files by a queen or rook, a diagonal line by a queen or
 * bishop, a leap by a knight, a step by a king or a pawn (a pawn's step
 * forward, its capture diagonally forward, its double step).  Captures only
 * take kinds away, and only a real pawn reaching its last rank brings a
 * kind that was not there (5.4, any of Q R B S).  So the variant names the
 * powers no unit can lend in any position of the play, from the diagram's
 * units and the turns left; every variant's sets are those of variant 0 less
 * the missing powers.
 *
 * Whatever the variant, a unit next to the enemy king attacks it: the king
 * lends it the king's step (5.5).  The king has no certain flight: it moves
 * only with its neighbours' powers, and a king with no neighbour has no move
 * at all (5.1), so goal_hooks.flights is empty: an under-approximation. */
enum em_missing {
    EM_NO_ORTHOGONAL = 1, /* no queen, no rook */
    EM_NO_DIAGONAL = 2,   /* no queen, no bishop */
    EM_NO_LEAP = 4,       /* no knight */
    EM_NO_STEP = 8,       /* no king, no pawn */
    EM_VARIANTS = 16
};
_Static_assert(EM_VARIANTS <= GOAL_VARIANTS, "Emulation variants fit");

static void add(const struct geometry *g, int sq, square_set *out)
{
    if (g->on_board[sq])
        *out |= SET_BIT(geo_bit(g, sq));
}

static void lines(const struct geometry *g, int sq, const int *dirs, square_set *out)
{
    for (int i = 0; i < 4; i++)
        for (int s = sq + dirs[i]; g->on_board[s]; s += dirs[i])
            *out |= SET_BIT(geo_bit(g, s));
}

static void leaps(const struct geometry *g, int sq, const int *dirs, square_set *out)
{
    for (int i = 0; i < 8; i++)
        add(g, sq + dirs[i], out);
}

/* Where a unit on sq may capture (attack) with the powers the variant
 * leaves, its neighbours always included (the enemy king's step, 5.5). */
static void attacks(const struct geometry *g, int sq, unsigned variant, square_set *out)
{
    *out = 0;
    if (!(variant & EM_NO_ORTHOGONAL))
        lines(g, sq, g->rook_dirs, out);
    if (!(variant & EM_NO_DIAGONAL))
        lines(g, sq, g->bishop_dirs, out);
    if (!(variant & EM_NO_LEAP))
        leaps(g, sq, g->knight_leaps, out);
    leaps(g, sq, g->queen_dirs, out);
}

/* reach: the attacks plus the double step of a lent pawn power (5.2). */
static void goal_reach(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant, square_set *out)
{
    (void)k; /* a unit's own kind lends it nothing (5.1) */
    const struct geometry *g = p->geo;
    attacks(g, sq, variant, out);
    if (!(variant & EM_NO_STEP)) {
        int fwd = c == WHITE ? g->north : g->south;
        if (g->on_board[sq + fwd])
            add(g, sq + 2 * fwd, out);
    }
}

/* Every unit but a king may be captured (5.1): none denies its own square. */
static void goal_denies(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                        square_set *out)
{
    (void)c;
    (void)k;
    attacks(p->geo, sq, variant, out);
}

/* No castling (5.4). */
static void no_free_reach(const struct position *p, enum colour c, enum kind k, int sq, square_set *out)
{
    (void)p;
    (void)c;
    (void)k;
    (void)sq;
    *out = 0;
}

/* No certain flight (above). */
static void no_flights(const struct position *p, int sq, square_set *out)
{
    (void)p;
    (void)sq;
    *out = 0;
}

/* The fewest turns in which a pawn of colour c could reach its last rank,
 * over c's pawns, with the powers of `present` (the missing ones of a
 * variant): one turn where some line is lent, else at most two ranks a turn
 * (a leap, a double step); a large number without pawns. */
static int promotion_turns(const struct position *p, enum colour c, unsigned missing)
{
    const struct geometry *g = p->geo;
    int best = 1 << 20;
    for (int sq = 0; sq < g->squares; sq++) {
        unit_t u = position_at(p, sq);
        if (!g->on_board[sq] || !unit_is(u, c) || unit_kind(u) != PAWN)
            continue;
        int to_go = relaxed_last_rank(g, c) - g->rank_of[sq];
        to_go = to_go < 0 ? -to_go : to_go;
        int turns = (~missing & (EM_NO_ORTHOGONAL | EM_NO_DIAGONAL)) ? 1 : (to_go + 1) / 2;
        if (turns < best)
            best = turns;
    }
    return best;
}

/* The powers missing from every position in which colour c makes at most
 * turns[c] more turns (goal_hooks.variant). */
static unsigned goal_variant(const struct position *p, const int turns[2])
{
    const struct geometry *g = p->geo;
    unsigned kinds = 0;
    for (int sq = 0; sq < g->squares; sq++)
        if (g->on_board[sq] && unit_is_piece(position_at(p, sq)))
            kinds |= 1u << unit_kind(position_at(p, sq));
    unsigned missing = 0;
    if (!(kinds & ((1u << QUEEN) | (1u << ROOK))))
        missing |= EM_NO_ORTHOGONAL;
    if (!(kinds & ((1u << QUEEN) | (1u << BISHOP))))
        missing |= EM_NO_DIAGONAL;
    if (!(kinds & (1u << KNIGHT)))
        missing |= EM_NO_LEAP;
    if (!(kinds & ((1u << KING) | (1u << PAWN))))
        missing |= EM_NO_STEP;
    /* a pawn promoted with c's last turn lends its new kind's powers in the
     * final position already (the check, 5.5) */
    for (int c = WHITE; c <= BLACK; c++)
        if (promotion_turns(p, (enum colour)c, missing) <= turns[c])
            missing &= EM_NO_STEP;
    return missing;
}


/* The check two half-moves before the end (goal_hooks.no_final_check with
 * d = a = 1, D to move): D makes one turn, then A one, and the final
 * position F must have D's king attacked (RULES 5.5; the mate goal).  D's
 * turn moves one unit U that has a move in p (5.1: judged in p), to one of
 * its targets; each such U is tried in turn.  What F can hold then is
 * over-approximated from p:
 *  - D's king stands on its square, or where U is the king on one of its
 *    targets with no unit of A's next to it but one it takes there (that
 *    unit would strike it, 5.5: an illegal turn, RULES 0);
 *  - A's one turn moves one unit, which has only the powers of its
 *    neighbours after D's turn (5.1): p's units next to it, or U arriving
 *    next to it (a promoted pawn: any of Q R B S, 5.4); a line move stops
 *    at p's units, but passes U's square (it may have left), never a unit
 *    of A's, and may end on a unit of D's (a capture);
 *  - an A unit X checks the king on s in F only if s is next to X (the king
 *    lends it its step, 5.5; never where X is A's king: kings are never
 *    neighbours after a legal turn), or some unit next to X in F lends the
 *    power of a leap or a line from X to s (5.1, 5.5): one of p's units
 *    next to X's square (not X itself, when X has moved), U, or A's moved
 *    unit when X stays; along a line the squares between are empty in F:
 *    p's units there but U, and where X stays one unit of A's with a move,
 *    block it.
 * Arrivals that block a line, captures and departures that take a lender
 * away only make a check harder, and are left out.  So where no A unit can
 * check any of the king's squares so, for any U, no play from p ends with
 * D's king attacked; where D has no unit with a move, it has no turn. */

/* Bit k (1 << kind) for every kind of unit on the squares of s. */
static unsigned kinds_on(const struct position *p, square_set s)
{
    const struct geometry *g = p->geo;
    unsigned m = 0;
    for (; s; s &= s - 1)
        m |= 1u << unit_kind(p->board[geo_square_of_bit(g, set_first(s))]);
    return m;
}

#define KIND_BIT(k) (1u << (k))
#define PROMOTED (KIND_BIT(QUEEN) | KIND_BIT(ROOK) | KIND_BIT(BISHOP) | KIND_BIT(KNIGHT))

/* The units of one side in p that may move: square, kind, the squares
 * they may arrive on, and which kinds they lend on them. */
#define EM_UNITS 64
struct movers {
    int n;
    int sq[EM_UNITS];
    unsigned kind[EM_UNITS];   /* KIND_BIT of its kind */
    square_set to[EM_UNITS];   /* where it may arrive */
    square_set promo[EM_UNITS]; /* where it arrives promoted (5.4) */
};

/* The kinds that units of `m` (but the one on `skip`) may lend to a
 * square by arriving next to it (`around`: its neighbours). */
static unsigned arriving_kinds(const struct movers *m, square_set around, int skip)
{
    unsigned k = 0;
    for (int i = 0; i < m->n; i++) {
        if (m->sq[i] == skip)
            continue;
        if (m->to[i] & around)
            k |= m->kind[i];
        if (m->promo[i] & around)
            k |= PROMOTED;
    }
    return k;
}

/* D's units with their targets in p (emulation_unit_targets). */
static void d_movers(const struct position *p, enum colour D, struct movers *m)
{
    const struct geometry *g = p->geo;
    square_set last = 0;
    for (int f = 0; f < g->files; f++)
        last |= g->bit[geo_square(g, f, relaxed_last_rank(g, D))];
    m->n = 0;
    for (square_set s = p->st.occupied[D]; s && m->n < EM_UNITS; s &= s - 1) {
        int sq = geo_square_of_bit(g, set_first(s));
        square_set to = emulation_unit_targets(p, sq);
        if (!to)
            continue;
        int i = m->n++;
        m->sq[i] = sq;
        m->kind[i] = KIND_BIT(unit_kind(p->board[sq]));
        m->to[i] = to;
        m->promo[i] = unit_kind(p->board[sq]) == PAWN ? to & last : 0;
    }
}

/* What a check test knows of p with D's moving unit chosen: the squares
 * D's king may end on (its own, or its targets where it is the mover), the
 * mover's square (the one unit of D's that may leave a line) and what it
 * lends where it arrives, and the units of A's that have a move. */
struct check_scene {
    const struct position *p;
    enum colour A, D;
    square_set king_squares;
    int d_from;
    square_set d_to, d_promo;
    unsigned d_kind;
    square_set a_movable;
};

/* The kinds D's mover may lend to a square by arriving next to it
 * (`around`: the square's neighbours). */
static unsigned d_lends(const struct check_scene *c, square_set around)
{
    return ((c->d_to & around) ? c->d_kind : 0) | ((c->d_promo & around) ? PROMOTED : 0);
}

/* The squares along direction d from f that a unit of A's may move to
 * after D's turn: p's units block it, but D's mover, which may have left
 * (a unit of D's is captured where it stands), and A's own units are never
 * passed (A's turn moves one unit). */
static square_set line_moves(const struct check_scene *c, int f, int d)
{
    const struct geometry *g = c->p->geo;
    const unit_t *b = c->p->board;
    square_set s = 0;
    for (int x = f + d; g->on_board[x]; x += d) {
        if (b[x] == UNIT_EMPTY) {
            s |= g->bit[x];
            continue;
        }
        if (unit_colour(b[x]) == c->A)
            break;
        s |= g->bit[x];
        if (x != c->d_from)
            break;
    }
    return s;
}

/* Where a unit of A's on f may move with the kinds `lent` (5.1-5.3): a
 * king's or a pawn's power steps (a pawn's push and capture are steps),
 * lines as line_moves, leaps, a pawn's double step. */
static square_set moves_with(const struct check_scene *c, int f, unsigned lent)
{
    const struct geometry *g = c->p->geo;
    square_set s = 0;
    for (int i = 0; i < 8; i++)
        if (lent & (i < 4 ? KIND_BIT(QUEEN) | KIND_BIT(ROOK) : KIND_BIT(QUEEN) | KIND_BIT(BISHOP)))
            s |= line_moves(c, f, g->queen_dirs[i]);
    if (lent & KIND_BIT(KNIGHT))
        s |= g->knight_set[f];
    if (lent & (KIND_BIT(KING) | KIND_BIT(PAWN)))
        s |= g->king_set[f];
    if (lent & KIND_BIT(PAWN)) {
        int fwd = c->A == WHITE ? g->north : g->south;
        if (g->on_board[f + fwd])
            s |= g->bit[f + 2 * fwd];
    }
    return s;
}

/* Whether a unit on x, lent the kinds `lent`, may strike a square D's king
 * ends on, in the final position.  Along a line the squares between must
 * be empty then: p's units there must leave, D's mover and, where
 * `a_may_leave`, one unit of A's that has a move and is not the striker;
 * `vacated` is empty whatever (the striker's own former square).  Where
 * the striker is A's king (a_king) it is never next to D's king: kings
 * are never neighbours after a legal turn (5.5). */
static bool may_strike(const struct check_scene *c, int x, unsigned lent, bool a_may_leave, int vacated,
                       bool a_king)
{
    const struct geometry *g = c->p->geo;
    const unit_t *b = c->p->board;
    if (!a_king && (g->king_set[x] & c->king_squares))
        return true;
    if ((lent & KIND_BIT(KNIGHT)) && (g->knight_set[x] & c->king_squares))
        return true;
    bool orth = lent & (KIND_BIT(QUEEN) | KIND_BIT(ROOK)), diag = lent & (KIND_BIT(QUEEN) | KIND_BIT(BISHOP));
    for (int i = 0; i < 8; i++) {
        if (!(i < 4 ? orth : diag))
            continue;
        int d = g->queen_dirs[i];
        bool left_a = false;
        for (int s = x + d; g->on_board[s]; s += d) {
            if (g->bit[s] & c->king_squares)
                return true;
            if (b[s] == UNIT_EMPTY || s == vacated || s == c->d_from)
                continue;
            if (unit_colour(b[s]) != c->A || !a_may_leave || left_a || !(c->a_movable & g->bit[s]))
                break;
            left_a = true;
        }
    }
    return false;
}

/* Whether no unit of A's can check after D's turn by the unit on
 * c->d_from and one turn of A's (the comment above no_check_after_two). */
static bool no_check_after(struct check_scene *c)
{
    const struct position *p = c->p;
    const struct geometry *g = p->geo;
    square_set units = p->st.occupied[WHITE] | p->st.occupied[BLACK];
    square_set last = 0;
    for (int f = 0; f < g->files; f++)
        last |= g->bit[geo_square(g, f, relaxed_last_rank(g, c->A))];
    /* A's units: the powers they may have after D's turn, and where they
     * may go with them */
    struct movers am = {.n = 0};
    c->a_movable = 0;
    for (square_set s = p->st.occupied[c->A]; s; s &= s - 1) {
        int f = geo_square_of_bit(g, set_first(s));
        unsigned lent = kinds_on(p, g->king_set[f] & units) | d_lends(c, g->king_set[f]);
        int i = am.n++;
        am.sq[i] = f;
        am.kind[i] = KIND_BIT(unit_kind(p->board[f]));
        am.to[i] = moves_with(c, f, lent) & ~p->st.occupied[c->A];
        am.promo[i] = unit_kind(p->board[f]) == PAWN ? am.to[i] & last : 0;
        if (am.to[i])
            c->a_movable |= g->bit[f];
    }
    for (int i = 0; i < am.n; i++) {
        int x = am.sq[i];
        /* X stays on x: lent by p's units next to it, D's mover or another
         * A unit's; one A unit but X may leave a line */
        unsigned lent = kinds_on(p, g->king_set[x] & units) | d_lends(c, g->king_set[x]) |
                        arriving_kinds(&am, g->king_set[x], x);
        bool a_king = x == p->st.king_sq[c->A];
        if (may_strike(c, x, lent, true, SQ_NONE, a_king))
            return false;
        /* X moves to t: lent by p's units next to t but X, or D's mover */
        for (square_set t = am.to[i]; t; t &= t - 1) {
            int to = geo_square_of_bit(g, set_first(t));
            square_set around = g->king_set[to];
            unsigned at = kinds_on(p, around & units & ~g->bit[x]) | d_lends(c, around);
            if (may_strike(c, to, at, false, x, a_king))
                return false;
        }
    }
    return true;
}

/* D's turn moves one unit: each of D's units that has a move is tried as
 * the mover; D's king ends on one of its targets where it moves, else on
 * its square, never next to a unit of A's that it does not take there
 * (that unit would strike it: 5.5, and the turn is illegal, RULES 0).
 * With no mover D has no turn, and the play ends before A's. */
static bool no_check_after_two(const struct position *p, enum colour A)
{
    const struct geometry *g = p->geo;
    enum colour D = (enum colour)!A;
    int king = p->st.king_sq[D];
    if (king == SQ_NONE || set_count(p->st.occupied[D]) > EM_UNITS || set_count(p->st.occupied[A]) > EM_UNITS)
        return false;
    struct movers dm;
    d_movers(p, D, &dm);
    struct check_scene c = {.p = p, .A = A, .D = D};
    for (int i = 0; i < dm.n; i++) {
        c.d_from = dm.sq[i];
        c.d_to = dm.to[i];
        c.d_promo = dm.promo[i];
        c.d_kind = dm.kind[i];
        c.king_squares = g->bit[king];
        if (dm.sq[i] == king) {
            c.king_squares = 0;
            for (square_set t = dm.to[i]; t; t &= t - 1) {
                int s = geo_square_of_bit(g, set_first(t));
                if (!(g->king_set[s] & p->st.occupied[A] & ~g->bit[s]))
                    c.king_squares |= g->bit[s];
            }
        }
        if (!no_check_after(&c))
            return false;
    }
    return true;
}

/* goal_hooks.no_final_check: answered where D is to move with its last
 * turn and A has one after it; false elsewhere (no claim). */
static bool goal_no_final_check(const struct position *p, enum colour A, int a, int d)
{
    if (a != 1 || d != 1 || p->st.side == A)
        return false;
    return no_check_after_two(p, A);
}

const struct goal_hooks emulation_goal = {
    .reach = goal_reach,
    .reach_quiet = NULL,
    .free_reach = no_free_reach,
    .denies = goal_denies,
    .checks = goal_denies,
    .flights = no_flights,
    .promotes = relaxed_promotes_on_last_rank,
    .variant = goal_variant,
    .no_final_check = goal_no_final_check,
};
