/* Knight relay chess (RULES 2): legal turns from pins and checks, attacks that
 * count relayed leaps and never knights.  Must not know any other fairy rule. */
#include <assert.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "orthodox.h"
#include "relaxed.h"
#include "rules.h"

#define SWITCH_PAWN_FIRST_RANK 1u /* bit 0: "PawnFirstRank" */


/* Everything the generator needs about the side to move, computed once per call. */
struct relay_ctx {
    const struct geometry *g;
    enum colour us, them;
    unsigned them_hi;        /* colour bits of the opponent's units */
    int fwd, second, last;   /* our pawn direction and ranks */
    bool pawn_first_ok;      /* PawnFirstRank: a relayed pawn leap may reach the first rank */
    square_set relay_us;     /* squares a leap away from one of our knights */
    square_set relay_them;   /* squares a leap away from one of their knights */
    int king;                /* our king, SQ_NONE when absent */
    int checkers;
    square_set evasions;     /* targets that capture or block the single checker */
    square_set pinned;       /* our units on a line between our king and an enemy slider */
};

/* RULES 2.2: knights are never captured.  The border byte has bit 7 set, so it
 * never matches a colour; the empty byte has kind 0. */
static inline bool capturable(unit_t u, unsigned them_hi)
{
    return (u & 0xf0) == them_hi && (u & 0x0f) != KNIGHT && u != UNIT_EMPTY;
}

static inline bool free_or_capturable(unit_t u, unsigned them_hi)
{
    return u == UNIT_EMPTY || capturable(u, them_hi);
}

static inline int first_rank(const struct geometry *g, enum colour c) { return c == WHITE ? 0 : g->ranks - 1; }
static inline int last_rank(const struct geometry *g, enum colour c) { return c == WHITE ? g->ranks - 1 : 0; }

/* RULES 2.3: a pawn of colour c may end a relayed leap on rank r. */
static inline bool pawn_leap_rank_ok(const struct geometry *g, enum colour c, int r, bool pawn_first_ok)
{
    return r != last_rank(g, c) && (pawn_first_ok || r != first_rank(g, c));
}

/* Squares a knight's leap away from the knights of colour c (RULES 2.1). */
static square_set relay_squares(const struct position *p, enum colour c)
{
    const struct geometry *g = p->geo;
    unit_t knight = unit_make(c, KNIGHT);
    square_set relay = 0;
    for (square_set s = p->st.occupied[c]; s; s &= s - 1) {
        int sq = geo_square_of_bit(g, set_first(s));
        if (p->board[sq] != knight)
            continue;
        for (int i = 0; i < 8; i++) {
            int to = sq + g->knight_leaps[i];
            if (g->on_board[to])
                relay |= SET_BIT(geo_bit(g, to));
        }
    }
    return relay;
}

/* RULES 2.1: a knight of colour c stands a leap away from sq. */
static bool has_relay(const struct position *p, int sq, enum colour c)
{
    unit_t knight = unit_make(c, KNIGHT);
    for (int i = 0; i < 8; i++)
        if (p->board[sq + p->geo->knight_leaps[i]] == knight)
            return true;
    return false;
}

/* A unit that may gain the relayed leap: queen, rook, bishop or pawn (RULES 2.1). */
static inline bool relay_kind(unit_t u) { return unit_kind(u) >= QUEEN && unit_kind(u) <= PAWN && unit_kind(u) != KNIGHT; }

/* The non-leap part of the attack test: pawns, king, lines.  Knights attack
 * nothing (RULES 2.2) but block lines. */
static inline bool attacked_without_relay(const struct position *p, int sq, enum colour by)
{
    return orthodox_attacked_except_knights(p, sq, by);
}

/* RULES 2.5 and 2.3: a relayed leap of `by` lands on sq (relay squares known). */
static inline bool leap_attacks(const struct position *p, int sq, enum colour by, square_set relay_by, bool pfr)
{
    const struct geometry *g = p->geo;
    if (!relay_by)
        return false;
    bool pawn_ok = pawn_leap_rank_ok(g, by, g->rank_of[sq], pfr);
    unsigned hi = (unsigned)by << 4;
    for (int i = 0; i < 8; i++) {
        int s = sq + g->knight_leaps[i];
        unit_t u = p->board[s];
        if ((u & 0xf0) != hi || !relay_kind(u) || !(relay_by & SET_BIT(geo_bit(g, s))))
            continue;
        if (unit_kind(u) != PAWN || pawn_ok)
            return true;
    }
    return false;
}

/* RULES 0 "Attack" under RULES 2: the exported, self-contained test. */
static bool relay_attacked(const struct position *p, int sq, enum colour by)
{
    const struct geometry *g = p->geo;
    if (attacked_without_relay(p, sq, by))
        return true;
    bool pawn_ok = pawn_leap_rank_ok(g, by, g->rank_of[sq], (p->switches & SWITCH_PAWN_FIRST_RANK) != 0);
    unsigned hi = (unsigned)by << 4;
    for (int i = 0; i < 8; i++) {
        int s = sq + g->knight_leaps[i];
        unit_t u = p->board[s];
        if ((u & 0xf0) != hi || !relay_kind(u) || (unit_kind(u) == PAWN && !pawn_ok))
            continue;
        if (has_relay(p, s, by))
            return true;
    }
    return false;
}

static inline bool ctx_attacked(const struct position *p, const struct relay_ctx *c, int sq)
{
    return attacked_without_relay(p, sq, c->them) ||
           leap_attacks(p, sq, c->them, c->relay_them, c->pawn_first_ok);
}

static inline void add_checker(const struct geometry *g, struct relay_ctx *c, int sq, square_set between)
{
    c->checkers++;
    c->evasions |= between | SET_BIT(geo_bit(g, sq));
}

/* Checkers and pins of our king.  A leap or pawn check can only be answered
 * by capturing the checker or moving the king (RULES 2.5); knights give no
 * check (RULES 2.2) but block lines, so a knight can be pinned. */
static void find_constraints(const struct position *p, struct relay_ctx *c)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    enum colour them = c->them;
    c->checkers = 0;
    c->evasions = 0;
    c->pinned = 0;
    if (c->king == SQ_NONE)
        return;
    int k = c->king;
    unit_t pawn = unit_make(them, PAWN);
    for (int i = -1; i <= 1; i += 2)
        if (b[k + c->fwd + i] == pawn)
            add_checker(g, c, k + c->fwd + i, 0);
    if (c->relay_them) {
        bool pawn_ok = pawn_leap_rank_ok(g, them, g->rank_of[k], c->pawn_first_ok);
        for (int i = 0; i < 8; i++) {
            int s = k + g->knight_leaps[i];
            unit_t u = b[s];
            if ((u & 0xf0) == c->them_hi && relay_kind(u) && (c->relay_them & SET_BIT(geo_bit(g, s))) &&
                (unit_kind(u) != PAWN || pawn_ok))
                add_checker(g, c, s, 0);
        }
    }
    for (int i = 0; i < 8; i++) {
        struct king_line line = orthodox_king_line(p, k, c->us, i);
        if (line.kind == KING_LINE_CHECK)
            add_checker(g, c, line.sq, line.between);
        else if (line.kind == KING_LINE_PIN)
            c->pinned |= SET_BIT(geo_bit(g, line.sq));
    }
}

static inline bool target_allowed(const struct relay_ctx *c, int from, int to)
{
    const struct geometry *g = c->g;
    if (c->checkers && !(c->evasions & SET_BIT(geo_bit(g, to))))
        return false;
    return !(c->pinned & SET_BIT(geo_bit(g, from))) ||
           g->direction_between[c->king][to] == g->direction_between[c->king][from];
}

/* RULES 2.5: promotion by ordinary pawn moves to Q R B S. */
static void add_pawn_move(const struct relay_ctx *c, struct turn_list *out, int from, int to, bool capture)
{
    turn_list_add_pawn_move(out, from, to, capture, c->g->rank_of[to] == c->last);
}

/* RULES 2.1: the relayed leap of a queen, rook, bishop or pawn. */
static void relayed_leaps(const struct position *p, const struct relay_ctx *c, struct turn_list *out,
                          int from, bool pawn)
{
    const struct geometry *g = c->g;
    for (int i = 0; i < 8; i++) {
        int to = from + g->knight_leaps[i];
        unit_t t = p->board[to];
        if (!free_or_capturable(t, c->them_hi) || !target_allowed(c, from, to))
            continue;
        if (pawn && !pawn_leap_rank_ok(g, c->us, g->rank_of[to], c->pawn_first_ok)) /* RULES 2.3 */
            continue;
        turn_list_add_move(out, from, to, t != UNIT_EMPTY);
    }
}

static void pawn_moves(const struct position *p, const struct relay_ctx *c, struct turn_list *out, int from)
{
    const unit_t *b = p->board;
    int fwd = c->fwd;
    int to = from + fwd;
    if (b[to] == UNIT_EMPTY) {
        if (target_allowed(c, from, to))
            add_pawn_move(c, out, from, to, false);
        /* RULES 2.4: double step from the second rank whatever the history, no e.p. */
        if (c->g->rank_of[from] == c->second && b[to + fwd] == UNIT_EMPTY && target_allowed(c, from, to + fwd))
            turn_list_add_move(out, from, to + fwd, false);
    }
    for (int i = -1; i <= 1; i += 2)
        if (capturable(b[to + i], c->them_hi) && target_allowed(c, from, to + i))
            add_pawn_move(c, out, from, to + i, true);
    if (c->relay_us & SET_BIT(geo_bit(c->g, from)))
        relayed_leaps(p, c, out, from, true);
}

/* RULES 2.2: knights move only to empty squares; a pinned knight cannot move. */
static void knight_moves(const struct position *p, const struct relay_ctx *c, struct turn_list *out, int from)
{
    if (c->pinned & SET_BIT(geo_bit(c->g, from)))
        return;
    for (int i = 0; i < 8; i++) {
        int to = from + c->g->knight_leaps[i];
        if (p->board[to] == UNIT_EMPTY && target_allowed(c, from, to))
            turn_list_add_move(out, from, to, false);
    }
}

static void slider_moves(const struct position *p, const struct relay_ctx *c, struct turn_list *out,
                         int from, const int *dirs, int n)
{
    const struct geometry *g = c->g;
    int pin = (c->pinned & SET_BIT(geo_bit(g, from))) ? g->direction_between[c->king][from] : 0;
    for (int i = 0; i < n; i++) {
        int d = dirs[i];
        if (pin && pin != d && pin != -d)
            continue;
        int to = from + d;
        for (; p->board[to] == UNIT_EMPTY; to += d)
            if (!c->checkers || (c->evasions & SET_BIT(geo_bit(g, to))))
                turn_list_add_move(out, from, to, false);
        if (capturable(p->board[to], c->them_hi) && (!c->checkers || (c->evasions & SET_BIT(geo_bit(g, to)))))
            turn_list_add_move(out, from, to, true);
    }
    if (!pin && (c->relay_us & SET_BIT(geo_bit(g, from))))
        relayed_leaps(p, c, out, from, false);
}

/* A second king is not royal: it steps like a king, constrained like any unit. */
static void extra_king_moves(const struct position *p, const struct relay_ctx *c, struct turn_list *out, int from)
{
    for (int i = 0; i < 8; i++) {
        int to = from + c->g->queen_dirs[i];
        unit_t t = p->board[to];
        if (free_or_capturable(t, c->them_hi) && target_allowed(c, from, to))
            turn_list_add_move(out, from, to, t != UNIT_EMPTY);
    }
}

/* RULES 2.2: a king may stand next to or a leap away from an enemy knight but
 * cannot capture it. */
static void king_moves(struct position *p, const struct relay_ctx *c, struct turn_list *out, int from)
{
    const struct geometry *g = c->g;
    unit_t king = p->board[from];
    p->board[from] = UNIT_EMPTY; /* the king must not shield its own flight square */
    for (int i = 0; i < 8; i++) {
        int to = from + g->queen_dirs[i];
        unit_t t = p->board[to];
        if (free_or_capturable(t, c->them_hi) && !ctx_attacked(p, c, to))
            turn_list_add_move(out, from, to, t != UNIT_EMPTY);
    }
    p->board[from] = king;
}

static void init_ctx(const struct position *p, struct relay_ctx *c)
{
    const struct geometry *g = p->geo;
    c->g = g;
    c->us = (enum colour)p->st.side;
    c->them = (enum colour)!c->us;
    c->them_hi = (unsigned)c->them << 4;
    c->fwd = c->us == WHITE ? g->north : g->south;
    c->last = last_rank(g, c->us);
    c->second = c->us == WHITE ? 1 : g->ranks - 2;
    c->pawn_first_ok = (p->switches & SWITCH_PAWN_FIRST_RANK) != 0;
    c->relay_us = relay_squares(p, c->us);
    c->relay_them = relay_squares(p, c->them);
    c->king = p->st.king_sq[c->us];
    find_constraints(p, c);
}

/* Every legal turn (RULES 2); with stop_early, returns once one is found.
 * The royal king's moves, each needing an attack test, come last when one
 * turn is enough (other units answer a check by the cheaper evasion sets);
 * without king_moves_wanted they are left out. */
static void generate_turns(struct position *p, struct turn_list *out, bool stop_early, bool king_moves_wanted)
{
    const struct geometry *g = p->geo;
    struct relay_ctx c;
    init_ctx(p, &c);
    out->count = 0;
    if (c.king != SQ_NONE && king_moves_wanted && !stop_early)
        king_moves(p, &c, out, c.king);
    if (c.checkers >= 2) {
        if (stop_early)
            king_moves(p, &c, out, c.king);
        return;
    }
    for (square_set s = p->st.occupied[c.us]; s; s &= s - 1) {
        int from = geo_square_of_bit(g, set_first(s));
        switch (unit_kind(p->board[from])) {
        case PAWN: pawn_moves(p, &c, out, from); break;
        case KNIGHT: knight_moves(p, &c, out, from); break;
        case BISHOP: slider_moves(p, &c, out, from, g->bishop_dirs, 4); break;
        case ROOK: slider_moves(p, &c, out, from, g->rook_dirs, 4); break;
        case QUEEN: slider_moves(p, &c, out, from, g->queen_dirs, 8); break;
        case KING:
            if (from != c.king)
                extra_king_moves(p, &c, out, from);
            break;
        default: break;
        }
        if (stop_early && out->count)
            return;
    }
    if (c.king != SQ_NONE && stop_early) {
        king_moves(p, &c, out, c.king);
        if (out->count)
            return;
    }
    /* RULES 2.5: castling as in orthodox chess, attacks as in knight relay.
     * The king's squares need no RULES 3.7 hook: a relayed leap passes over
     * nothing, so only a line through the king's home square reaches the
     * crossed square (a check already), and the rook beside the landing square
     * shields it as the king at home did. */
    if (!c.checkers && c.king != SQ_NONE)
        orthodox_castling(p, out, relay_attacked, NULL);
}

static void generate(struct position *p, struct turn_list *out)
{
    generate_turns(p, out, false, true);
}

static bool has_legal_turn(struct position *p)
{
    TURN_LIST_LOCAL(list);
    generate_turns(p, list, true, true);
    return list->count > 0;
}

static bool may_check(const struct position *p, const struct turn *t);

/* rules.h generate_checks: a royal king's move checks only by discovery (kings
 * never gain the leap, RULES 2.1), so its moves, each needing an attack test,
 * are generated only when it stands on a line with the enemy king. */
static void generate_checks(struct position *p, struct turn_list *out)
{
    enum colour us = (enum colour)p->st.side;
    int king = p->st.king_sq[us], q = p->st.king_sq[!us];
    bool kings = king == SQ_NONE || q == SQ_NONE || p->geo->direction_between[q][king];
    generate_turns(p, out, false, kings);
    int n = 0;
    for (int i = 0; i < out->count; i++)
        if (may_check(p, &out->turns[i]))
            out->turns[n++] = out->turns[i];
    out->count = n;
}

static inline bool leap_between(const struct geometry *g, int a, int b)
{
    for (int i = 0; i < 8; i++)
        if (a + g->knight_leaps[i] == b)
            return true;
    return false;
}

/* The line from a towards b (a queen-line step d) is empty up to b once the
 * turn has vacated `vacated`; the square the mover lands on is not looked at,
 * which can only make the answer "open" more often. */
static bool line_open(const struct position *p, int a, int b, int d, int vacated)
{
    for (int s = a + d; s != b; s += d)
        if (p->board[s] != UNIT_EMPTY && s != vacated)
            return false;
    return true;
}

/* rules.h may_check.  The enemy king q is not attacked before the turn (the
 * position is legal), so a check afterwards comes from the mover on its target
 * (a line or pawn attack, or a relayed leap when one of our knights stands a
 * leap away, RULES 2.1 and 2.3), a line from q opened at the origin, or, when a
 * knight moves, a unit of ours that now gains the leap onto q.  Knights give
 * no check (RULES 2.2); castling is played and tested. */
static bool may_check(const struct position *p, const struct turn *t)
{
    const struct geometry *g = p->geo;
    enum colour us = (enum colour)p->st.side;
    int q = p->st.king_sq[!us];
    if (q == SQ_NONE || (t->flags & TURN_CASTLE))
        return true;
    int f = t->from, to = t->to;
    int d = g->direction_between[q][f];
    if (d && line_open(p, q, f, d, SQ_NONE))
        return true; /* a discovery along q..f */
    bool pfr = (p->switches & SWITCH_PAWN_FIRST_RANK) != 0;
    unit_t mover = p->board[f];
    enum kind k = t->promo ? (enum kind)t->promo : unit_kind(mover);
    int fwd = us == WHITE ? g->north : g->south;
    switch (k) {
    case KNIGHT: {
        /* RULES 2.1: our queens, rooks, bishops and pawns a leap from `to` gain the leap */
        unit_t hi = (unit_t)(us << 4);
        bool pawn_ok = pawn_leap_rank_ok(g, us, g->rank_of[q], pfr);
        for (int i = 0; i < 8; i++) {
            int s = to + g->knight_leaps[i];
            unit_t u = p->board[s];
            if ((u & 0xf0) == hi && relay_kind(u) && (unit_kind(u) != PAWN || pawn_ok) && leap_between(g, s, q))
                return true;
        }
        return false;
    }
    case KING: /* a second, non-royal king; kings never gain the leap */
        d = g->direction_between[to][q];
        return d && to + d == q;
    case PAWN:
        if (q == to + fwd + 1 || q == to + fwd - 1)
            return true;
        break;
    default: {
        d = g->direction_between[to][q];
        bool diagonal = d && d != g->north && d != g->south && d != g->east && d != g->west;
        bool line = d && (k == QUEEN || (k == ROOK) == !diagonal);
        if (line && line_open(p, to, q, d, f))
            return true;
        break;
    }
    }
    /* the relayed leap of the mover from its target (knights did not move) */
    return leap_between(g, to, q) && has_relay(p, to, us) &&
           (k != PAWN || pawn_leap_rank_ok(g, us, g->rank_of[q], pfr));
}

static const char *const switch_names[] = {"PawnFirstRank", NULL};

/* Goal hooks (rules.h): a relaying knight may stand next to any queen, rook,
 * bishop or pawn, so each may gain the knight's leap (RULES 2.1), a pawn's
 * never onto its last rank (2.3); knights attack nothing and cannot be
 * captured, so they deny only their own square (2.2); kings step as in
 * orthodox chess and never gain the leap.
 *
 * Only a knight of the unit's own colour relays (2.1), and a colour without
 * a knight gets one only by promoting a pawn, which needs at least the
 * pawn's count of pushes to its last rank (a pawn cannot leap before its
 * colour has a knight, nor promote by a leap, 2.3; knights are never taken,
 * 2.2).  So the variant (goal_hooks.variant) says per colour how much of the
 * leap its units may use: RELAY_ANY, the relaxation valid everywhere;
 * RELAY_IN_FINAL_POSITION, no leap in any of its remaining turns but perhaps
 * attacks by relayed leaps after its last turn (a pawn promoted to a knight
 * then); RELAY_NEVER, no leap at all.  variant = white level + 3 * black level. */
enum relay_level { RELAY_ANY, RELAY_IN_FINAL_POSITION, RELAY_NEVER, RELAY_LEVELS };

static enum relay_level relay_level_of(unsigned variant, enum colour c)
{
    assert(variant < RELAY_LEVELS * RELAY_LEVELS);
    return (enum relay_level)(c == WHITE ? variant % RELAY_LEVELS : variant / RELAY_LEVELS);
}

static void relay_leaps(const struct position *p, enum colour c, enum kind k, int sq, square_set *out)
{
    const struct geometry *g = p->geo;
    if (k == KING || k == KNIGHT)
        return;
    for (int i = 0; i < 8; i++) {
        int to = sq + g->knight_leaps[i];
        if (g->on_board[to] && (k != PAWN || g->rank_of[to] != relaxed_last_rank(g, c)))
            *out |= SET_BIT(geo_bit(g, to));
    }
}

static void goal_reach(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant, square_set *out)
{
    relaxed_orthodox_reach(p, c, k, sq, variant, out);
    if (relay_level_of(variant, c) == RELAY_ANY)
        relay_leaps(p, c, k, sq, out);
}

/* A relayed leap may go anywhere a knight leaps, capturing or not. */
static void goal_reach_quiet(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                             square_set *out)
{
    relaxed_orthodox_reach_quiet(p, c, k, sq, variant, out);
    if (relay_level_of(variant, c) == RELAY_ANY)
        relay_leaps(p, c, k, sq, out);
}

static void goal_denies(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                        square_set *out)
{
    if (k == KNIGHT) {
        *out = SET_BIT(geo_bit(p->geo, sq));
        return;
    }
    relaxed_orthodox_attacks(p, c, k, sq, variant, out);
    if (relay_level_of(variant, c) != RELAY_NEVER)
        relay_leaps(p, c, k, sq, out);
}

static void goal_checks(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                        square_set *out)
{
    *out = 0;
    if (k == KING || k == KNIGHT)
        return;
    goal_denies(p, c, k, sq, variant, out);
}

/* The fewest pushes that bring a pawn of colour c to its last rank, over
 * c's pawns (a double step from the second rank counts one); INT_MAX
 * without pawns.  Captures only move a pawn sideways, so they do not help. */
static int promotion_turns(const struct position *p, enum colour c)
{
    const struct geometry *g = p->geo;
    int best = INT_MAX;
    for (int sq = 0; sq < g->squares; sq++) {
        unit_t u = position_at(p, sq);
        if (!g->on_board[sq] || !unit_is(u, c) || unit_kind(u) != PAWN)
            continue;
        int to_go = abs(relaxed_last_rank(g, c) - g->rank_of[sq]);
        if (g->rank_of[sq] == relaxed_first_rank(g, c) + (c == WHITE ? 1 : -1))
            to_go--;
        if (to_go < best)
            best = to_go;
    }
    return best;
}

static bool has_knight(const struct position *p, enum colour c)
{
    const struct geometry *g = p->geo;
    for (int sq = 0; sq < g->squares; sq++)
        if (g->on_board[sq] && unit_is(position_at(p, sq), c) && unit_kind(position_at(p, sq)) == KNIGHT)
            return true;
    return false;
}

static unsigned goal_variant(const struct position *p, const int turns[2])
{
    unsigned v = 0;
    for (int c = WHITE; c <= BLACK; c++) {
        /* a knight promoted in c's turn t relays from c's turn t + 1 on */
        int knight_from = has_knight(p, (enum colour)c) ? 0 : promotion_turns(p, (enum colour)c);
        enum relay_level level = knight_from < turns[c]    ? RELAY_ANY
                                 : knight_from == turns[c] ? RELAY_IN_FINAL_POSITION
                                                           : RELAY_NEVER;
        v += (unsigned)level * (c == WHITE ? 1 : RELAY_LEVELS);
    }
    static_assert(RELAY_LEVELS * RELAY_LEVELS <= GOAL_VARIANTS, "Knight relay variants fit");
    return v;
}

/* Sure moves: a piece's or pawn's own steps are always there (a relay only
 * adds leaps, RULES 2.1); a knight leaps, but takes nothing (2.2). */
static void goal_sure_moves(const struct position *p, enum colour c, enum kind k, int sq, bool capture,
                            square_set *out)
{
    if (k == KNIGHT && capture)
        *out = 0;
    else
        relaxed_orthodox_sure_moves(p, c, k, sq, capture, out);
}

/* Where the mating colour c cannot have a knight before the end of the play
 * (RELAY_NEVER), its units never leap: they move, check and pin along orthodox
 * lines only, every one of them may be taken (no knight among them), and no
 * check of theirs can come from a relay lent later.  The other colour's
 * units keep their sure steps whatever relays they get. */
static bool goal_lines_hold(unsigned variant, enum colour c)
{
    return relay_level_of(variant, c) == RELAY_NEVER;
}

static const struct goal_hooks relay_goal = {
    .reach = goal_reach,
    .reach_quiet = goal_reach_quiet,
    .free_reach = relaxed_castling,
    .denies = goal_denies,
    .checks = goal_checks,
    .flights = relaxed_neighbours,
    .promotes = relaxed_promotes_on_last_rank,
    .variant = goal_variant,
    .sure_moves = goal_sure_moves,
    .attack_line = relaxed_orthodox_attack_line,
    .lines_hold = goal_lines_hold,
};

const struct rules rules_knight_relay = {
    .name = "KnightRelay",
    .switch_names = switch_names,
    .files = 8,
    .ranks = 8,
    .neutral_units = false,
    .placement_history = false,
    .castling = true,
    .generate = generate,
    .has_legal_turn = has_legal_turn,
    .attacked = relay_attacked,
    .may_check = may_check,
    .generate_checks = generate_checks,
    .goal = &relay_goal,
};
