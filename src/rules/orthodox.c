/* Orthodox chess (RULES 1): legal turns from pins and checks, attacks.
 * Must not know about any fairy rule; fairy files may reuse its attack test. */
#include <assert.h>
#include <stdbool.h>
#include <string.h>

#include "orthodox.h"
#include "relaxed.h"
#include "rules.h"


bool orthodox_attacked(const struct position *p, int sq, enum colour by)
{
    unit_t knight = unit_make(by, KNIGHT);
    if (p->geo->knight_set[sq] & p->st.occupied[by])
        for (int i = 0; i < 8; i++)
            if (p->board[sq + p->geo->knight_leaps[i]] == knight)
                return true;
    return orthodox_attacked_except_knights(p, sq, by);
}

/* What constrains non-king moves: squares that answer a check, and pins. */
struct constraints {
    int king;                 /* SQ_NONE: no king, nothing constrained */
    int checkers;
    square_set evasions;      /* targets that capture or block a single checker */
    int8_t pin[MAX_SQUARES];  /* direction from the king through a pinned unit */
};

static void find_constraints(const struct position *p, enum colour us, struct constraints *c)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    enum colour them = (enum colour)!us;
    c->king = p->st.king_sq[us];
    c->checkers = 0;
    c->evasions = 0;
    if (c->king == SQ_NONE)
        return;
    int k = c->king;
    int fwd = us == WHITE ? g->north : g->south;
    unit_t pawn = unit_make(them, PAWN), knight = unit_make(them, KNIGHT);
    for (int i = -1; i <= 1; i += 2)
        if (b[k + fwd + i] == pawn) {
            c->checkers++;
            c->evasions |= SET_BIT(geo_bit(g, k + fwd + i));
        }
    if (g->knight_set[k] & p->st.occupied[them])
        for (int i = 0; i < 8; i++)
            if (b[k + g->knight_leaps[i]] == knight) {
                c->checkers++;
                c->evasions |= SET_BIT(geo_bit(g, k + g->knight_leaps[i]));
            }
    for (int i = 0; i < 8; i++) {
        struct king_line line = orthodox_king_line(p, k, us, i);
        if (line.kind == KING_LINE_CHECK) {
            c->checkers++;
            c->evasions |= line.between | SET_BIT(geo_bit(g, line.sq));
        } else if (line.kind == KING_LINE_PIN) {
            c->pin[line.sq] = (int8_t)g->queen_dirs[i];
        }
    }
}

static inline bool target_allowed(const struct position *p, const struct constraints *c, int from, int to)
{
    if (c->king == SQ_NONE)
        return true;
    if (c->checkers && !(c->evasions & p->geo->bit[to]))
        return false;
    return !c->pin[from] || p->geo->direction_between[c->king][to] == c->pin[from];
}

static void add_pawn_move(const struct position *p, struct turn_list *out, int from, int to, bool capture)
{
    turn_list_add_pawn_move(out, from, to, capture,
                            p->geo->rank_of[to] == pawn_last_rank(p->geo, (enum colour)p->st.side));
}

/* En passant can expose the king along the rank: judge it by playing it. */
static void add_en_passant(struct position *p, struct turn_list *out, int from)
{
    struct turn t = {0};
    t.from = (square_t)from;
    t.to = p->st.ep_sq;
    t.capture_sq = p->st.ep_victim;
    t.flags = TURN_CAPTURE | TURN_EN_PASSANT;
    struct undo u;
    enum colour us = (enum colour)p->st.side;
    position_make(p, &t, &u);
    bool legal = !rules_in_check(p, us);
    position_unmake(p, &u);
    if (legal)
        out->turns[out->count++] = t;
}

static void pawn_moves(struct position *p, const struct constraints *c, struct turn_list *out, int from)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    enum colour us = (enum colour)p->st.side;
    int fwd = us == WHITE ? g->north : g->south;
    int second = us == WHITE ? 1 : g->ranks - 2;
    int to = from + fwd;
    if (b[to] == UNIT_EMPTY) {
        if (target_allowed(p, c, from, to))
            add_pawn_move(p, out, from, to, false);
        if (g->rank_of[from] == second && b[to + fwd] == UNIT_EMPTY && target_allowed(p, c, from, to + fwd)) {
            struct turn *t = turn_list_add_move(out, from, to + fwd, false);
            t->flags = TURN_DOUBLE_STEP;
            t->ep_sq = (square_t)to;
            t->ep_victim = (square_t)(to + fwd);
        }
    }
    for (int i = -1; i <= 1; i += 2) {
        int x = to + i;
        if (unit_is(b[x], (enum colour)!us)) {
            if (target_allowed(p, c, from, x))
                add_pawn_move(p, out, from, x, true);
        } else if (x == p->st.ep_sq && p->st.ep_sq != SQ_NONE && b[x] == UNIT_EMPTY &&
                   unit_is(b[p->st.ep_victim], (enum colour)!us)) {
            add_en_passant(p, out, from);
        }
    }
}

static void leaper_moves(const struct position *p, const struct constraints *c, struct turn_list *out,
                         int from, const int *dirs, int n)
{
    enum colour us = (enum colour)p->st.side;
    for (int i = 0; i < n; i++) {
        int to = from + dirs[i];
        unit_t t = p->board[to];
        if ((t == UNIT_EMPTY || unit_is(t, (enum colour)!us)) && target_allowed(p, c, from, to))
            turn_list_add_move(out, from, to, t != UNIT_EMPTY);
    }
}

static void slider_moves(const struct position *p, const struct constraints *c, struct turn_list *out,
                         int from, const int *dirs, int n)
{
    enum colour us = (enum colour)p->st.side;
    for (int i = 0; i < n; i++) {
        int d = dirs[i];
        if (c->pin[from] && c->pin[from] != d && c->pin[from] != -d)
            continue;
        int to = from + d;
        for (; p->board[to] == UNIT_EMPTY; to += d)
            if (!c->checkers || (c->evasions & p->geo->bit[to]))
                turn_list_add_move(out, from, to, false);
        if (unit_is(p->board[to], (enum colour)!us) &&
            (!c->checkers || (c->evasions & p->geo->bit[to])))
            turn_list_add_move(out, from, to, true);
    }
}

/* With `first_only`, the look stops at the first legal move (has_legal_turn). */
static void king_moves_until(struct position *p, struct turn_list *out, int from, bool first_only)
{
    const struct geometry *g = p->geo;
    enum colour us = (enum colour)p->st.side, them = (enum colour)!us;
    unit_t king = p->board[from];
    p->board[from] = UNIT_EMPTY; /* the king must not shield its own flight square */
    for (int i = 0; i < 8 && !(first_only && out->count); i++) {
        int to = from + g->queen_dirs[i];
        unit_t t = p->board[to];
        if ((t == UNIT_EMPTY || unit_is(t, them)) && !orthodox_attacked(p, to, them))
            turn_list_add_move(out, from, to, t != UNIT_EMPTY);
    }
    p->board[from] = king;
}

static void king_moves(struct position *p, struct turn_list *out, int from) { king_moves_until(p, out, from, false); }

void orthodox_castling(struct position *p, struct turn_list *out,
                       bool (*attacked)(const struct position *, int, enum colour), castling_king_attacked_fn king_on)
{
    enum colour us = (enum colour)p->st.side;
    int base = us == WHITE ? WHITE_SHORT : BLACK_SHORT;
    int k = castling_king_home(p, us);
    if (p->board[k] != unit_make(us, KING))
        return;
    bool checked = false, checked_known = false;
    for (int r = base; r < base + 2; r++) {
        int rook = p->st.castle_rook[r];
        if (rook == SQ_NONE || rook != castling_rook_home(p, (enum castling_right)r) ||
            p->board[rook] != unit_make(us, ROOK))
            continue;
        int d = rook > k ? 1 : -1;
        bool clear = true;
        for (int s = k + d; s != rook; s += d)
            clear = clear && p->board[s] == UNIT_EMPTY;
        if (!clear)
            continue;
        if (!checked_known) {
            checked = attacked(p, k, (enum colour)!us);
            checked_known = true;
        }
        if (checked)
            continue;
        enum colour them = (enum colour)!us;
        if (king_on ? king_on(p, k, k + d, rook, rook, them) || king_on(p, k, k + 2 * d, rook, k + d, them)
                    : attacked(p, k + d, them) || attacked(p, k + 2 * d, them))
            continue;
        struct turn *t = turn_list_push(out);
        t->from = (square_t)k;
        t->to = (square_t)(k + 2 * d);
        t->from2 = (square_t)rook;
        t->to2 = (square_t)(k + d);
        t->flags = TURN_CASTLE;
    }
}

/* Every unit but the royal king, under constraints c; with `first_only`,
 * units until one has a legal move (has_legal_turn). */
static void unit_moves_until(struct position *p, const struct constraints *c, struct turn_list *out, int king,
                             bool first_only)
{
    const struct geometry *g = p->geo;
    enum colour us = (enum colour)p->st.side;
    for (square_set s = p->st.occupied[us]; s && !(first_only && out->count); s &= s - 1) {
        int from = geo_square_of_bit(g, set_first(s));
        switch (unit_kind(p->board[from])) {
        case PAWN: pawn_moves(p, c, out, from); break;
        case KNIGHT:
            if (!c->pin[from])
                leaper_moves(p, c, out, from, g->knight_leaps, 8);
            break;
        case BISHOP: slider_moves(p, c, out, from, g->bishop_dirs, 4); break;
        case ROOK: slider_moves(p, c, out, from, g->rook_dirs, 4); break;
        case QUEEN: slider_moves(p, c, out, from, g->queen_dirs, 8); break;
        case KING:
            if (from != king) /* a second king is not royal here */
                leaper_moves(p, c, out, from, g->queen_dirs, 8);
            break;
        default: break;
        }
    }
}

static void unit_moves(struct position *p, const struct constraints *c, struct turn_list *out, int king)
{
    unit_moves_until(p, c, out, king, false);
}

static void generate(struct position *p, struct turn_list *out)
{
    enum colour us = (enum colour)p->st.side;
    struct constraints c;
    memset(c.pin, 0, sizeof c.pin);
    find_constraints(p, us, &c);
    out->count = 0;
    if (c.king != SQ_NONE)
        king_moves(p, out, c.king);
    if (c.checkers >= 2)
        return;
    unit_moves(p, &c, out, c.king);
    if (!c.checkers && c.king != SQ_NONE)
        orthodox_castling(p, out, orthodox_attacked, NULL);
}

/* No pins, no check, the king may step into attack: what Popeye lists
 * before its legality test. */
static void generate_pseudo(struct position *p, struct turn_list *out)
{
    const struct geometry *g = p->geo;
    enum colour us = (enum colour)p->st.side;
    struct constraints c = {.king = SQ_NONE};
    int king = p->st.king_sq[us];
    out->count = 0;
    if (king != SQ_NONE)
        leaper_moves(p, &c, out, king, g->queen_dirs, 8);
    unit_moves(p, &c, out, king);
    if (king != SQ_NONE)
        orthodox_castling(p, out, orthodox_attacked, NULL);
}

/* Whether the side to move has a legal turn, stopping at the first found;
 * in_check: it is in check (the callers know).  Out of check the king's
 * moves, each needing an attack test, are tried only when no other unit
 * has a legal move (castling never is the only legal turn: its king passes
 * a square it could move to, but is tried for completeness). */
static bool legal_turn_after_flights(struct position *p, bool in_check)
{
    TURN_LIST_LOCAL(list);
    enum colour us = (enum colour)p->st.side;
    int king = p->st.king_sq[us];
    list->count = 0;
    /* in check (the mate test) a flight is the likeliest answer, and the
     * cheapest to find, before the pins are worked out; out of check
     * another unit's move is */
    if (king != SQ_NONE && in_check) {
        king_moves_until(p, list, king, true);
        if (list->count)
            return true;
    }
    struct constraints c;
    memset(c.pin, 0, sizeof c.pin);
    find_constraints(p, us, &c);
    if (c.checkers < 2)
        unit_moves_until(p, &c, list, c.king, true);
    if (list->count == 0 && !c.checkers && c.king != SQ_NONE)
        king_moves_until(p, list, c.king, true);
    if (list->count == 0 && !c.checkers && c.king != SQ_NONE)
        orthodox_castling(p, list, orthodox_attacked, NULL);
    return list->count > 0;
}

static bool has_legal_turn(struct position *p)
{
    int king = p->st.king_sq[p->st.side];
    return legal_turn_after_flights(p, king != SQ_NONE && orthodox_attacked(p, king, (enum colour)!p->st.side));
}

/* rules.h has_legal_turn_in_check: the mate test's, without testing the check again. */
static bool has_legal_turn_in_check(struct position *p) { return legal_turn_after_flights(p, true); }

/* Cheap and conservative: the moved unit attacks the king's square from its
 * target (sliders by line only, the path unexamined), or it leaves a line
 * through the king (a discovery), or the turn is one of the rarer kinds. */
static bool may_check_discovering(const struct position *p, const struct turn *t, bool discovering);

/* Whether a nonzero line step d is diagonal (a bishop's) rather than
 * straight (a rook's). */
static bool diagonal_step(const struct geometry *g, int d)
{
    return d != g->north && d != g->south && d != g->east && d != g->west;
}

static bool may_check(const struct position *p, const struct turn *t)
{
    int king = p->st.king_sq[!p->st.side];
    return may_check_discovering(p, t, king != SQ_NONE && p->geo->direction_between[king][t->from]);
}

/* may_check, told whether the mover's leaving its square may discover a
 * check (`discovering`); otherwise the mover must check from its target. */
static bool may_check_discovering(const struct position *p, const struct turn *t, bool discovering)
{
    enum colour us = (enum colour)p->st.side;
    int king = p->st.king_sq[!us];
    if (king == SQ_NONE || (t->flags & (TURN_CASTLE | TURN_EN_PASSANT)) || t->promo)
        return true;
    const struct geometry *g = p->geo;
    if (discovering)
        return true;
    int d = g->direction_between[t->to][king];
    bool diagonal = d && diagonal_step(g, d);
    switch (unit_kind(p->board[t->from])) {
    case PAWN: {
        int fwd = us == WHITE ? g->north : g->south;
        return king == t->to + fwd + 1 || king == t->to + fwd - 1;
    }
    case KNIGHT:
        for (int i = 0; i < 8; i++)
            if (t->to + g->knight_leaps[i] == king)
                return true;
        return false;
    case BISHOP: return d && diagonal;
    case ROOK: return d && !diagonal;
    case QUEEN: return d != 0;
    case KING: return d && t->to + d == king; /* a second, non-royal king */
    default: return true;
    }
}

/* The squares from which a unit of ours checks the enemy king q: along
 * each line from q up to and including its first unit (a capture there),
 * straight for rooks, diagonal for bishops, and a knight's leap away. */
struct check_squares {
    square_set straight, diagonal, knight;
};

/* One of our units: its square, bit and kind, listed once per checking
 * generation for the two passes over them (find_check_squares, unit_checks). */
struct unit_at {
    int from, bit;
    enum kind kind;
};

static int units_of(const struct position *p, enum colour us, struct unit_at *units)
{
    const struct geometry *g = p->geo;
    int n = 0;
    for (square_set s = p->st.occupied[us]; s; s &= s - 1) {
        int bit = set_first(s), from = geo_square_of_bit(g, bit);
        assert(n < MAX_SQUARES);
        units[n++] = (struct unit_at){from, bit, unit_kind(p->board[from])};
    }
    return n;
}

/* The check squares, and in the same walk along q's lines the squares of
 * our units that stand alone between q and one of our line pieces
 * attacking along that line (*discovering): only their leaving may
 * discover a check (an en passant capture, which empties two squares, is
 * judged apart by may_check). */
static void find_check_squares(const struct position *p, const struct unit_at *units, int n, int q,
                               struct check_squares *cs, square_set *discovering)
{
    const struct geometry *g = p->geo;
    enum colour us = (enum colour)p->st.side;
    *cs = (struct check_squares){0};
    *discovering = 0;
    /* reach[0] (straight lines), reach[1] (diagonals): the squares where
     * our units that check along such a line stand, and those our units
     * that may check from there could go to in one move on an empty board
     * (a rook along its straight lines, a bishop along its diagonals, a
     * queen along all eight).  A line of q's that meets none of them holds
     * no check square one of them could go to (unit_checks asks for no
     * other kind's) and no line piece whose check a unit could discover,
     * so it is not walked. */
    square_set reach[2] = {0, 0};
    for (int u = 0; u < n; u++) {
        int bit = units[u].bit;
        const square_set *r = g->ray[units[u].from];
        switch (units[u].kind) {
        case ROOK: reach[0] |= SET_BIT(bit) | r[0] | r[1] | r[2] | r[3]; break;
        case BISHOP: reach[1] |= SET_BIT(bit) | r[4] | r[5] | r[6] | r[7]; break;
        case QUEEN: {
            square_set all = SET_BIT(bit) | r[0] | r[1] | r[2] | r[3] | r[4] | r[5] | r[6] | r[7];
            reach[0] |= all;
            reach[1] |= all;
            break;
        }
        default: break;
        }
    }
    for (int i = 0; i < 8; i++) {
        int d = g->queen_dirs[i];
        bool diagonal = i >= 4;
        if (!(g->ray[q][i] & reach[diagonal]))
            continue;
        square_set *line = diagonal ? &cs->diagonal : &cs->straight;
        int s = q + d;
        for (; p->board[s] == UNIT_EMPTY; s += d)
            *line |= g->bit[s];
        if (unit_is(p->board[s], (enum colour)!us)) {
            *line |= g->bit[s];
            continue;
        }
        if (!unit_is(p->board[s], us))
            continue;
        int front = s;
        for (s += d; p->board[s] == UNIT_EMPTY; s += d)
            ;
        if (orthodox_slides_along(p->board[s], us, diagonal))
            *discovering |= SET_BIT(geo_bit(g, front));
    }
    cs->knight = g->knight_set[q];
}

/* slider_moves to the targets in `to_set` only, in its order, as if
 * nothing constrained the unit (generate_checks applies pins and checks
 * afterwards): dirs are queen_dirs from index `first` on; a line that
 * meets no target is not walked.  (slider_moves itself stays apart: the
 * filter's test in its loop would slow every turn's generation, not only
 * the generation of checks.) */
static void slider_moves_to(const struct position *p, struct turn_list *out, int from, const int *dirs, int first,
                            int n, square_set to_set)
{
    enum colour us = (enum colour)p->st.side;
    const struct geometry *g = p->geo;
    for (int i = 0; i < n; i++) {
        int d = dirs[i];
        assert(d == g->queen_dirs[first + i]);
        if (!(g->ray[from][first + i] & to_set))
            continue;
        int to = from + d;
        for (; p->board[to] == UNIT_EMPTY; to += d)
            if (to_set & g->bit[to])
                turn_list_add_move(out, from, to, false);
        if (unit_is(p->board[to], (enum colour)!us) && (to_set & g->bit[to]))
            turn_list_add_move(out, from, to, true);
    }
}

/* A knight, a bishop, a rook or a queen that discovers nothing checks only
 * from a check square: its moves to those, in unit_moves' order; the other
 * units' moves as unit_moves makes them, for the filter.  All as if nothing
 * constrained them: generate_checks applies pins and checks afterwards. */
static void unit_checks(struct position *p, struct turn_list *out, int king, const struct unit_at *units, int n,
                        square_set discovering, const struct check_squares *cs)
{
    const struct geometry *g = p->geo;
    enum colour us = (enum colour)p->st.side;
    static const struct constraints unconstrained = {.king = SQ_NONE};
    const struct constraints *c = &unconstrained;
    for (int u = 0; u < n; u++) {
        int from = units[u].from;
        bool plain = !(discovering & g->bit[from]);
        switch (units[u].kind) {
        case PAWN: pawn_moves(p, c, out, from); break;
        case KNIGHT:
            if (!plain) {
                leaper_moves(p, c, out, from, g->knight_leaps, 8);
                break;
            }
            if (!(g->knight_set[from] & cs->knight))
                break; /* no check square a leap away */
            for (int i = 0; i < 8; i++) {
                int to = from + g->knight_leaps[i];
                unit_t t = p->board[to];
                if ((t == UNIT_EMPTY || unit_is(t, (enum colour)!us)) && (cs->knight & g->bit[to]))
                    turn_list_add_move(out, from, to, t != UNIT_EMPTY);
            }
            break;
        case BISHOP:
            slider_moves_to(p, out, from, g->bishop_dirs, 4, 4, plain ? cs->diagonal : ~(square_set)0);
            break;
        case ROOK:
            slider_moves_to(p, out, from, g->rook_dirs, 0, 4, plain ? cs->straight : ~(square_set)0);
            break;
        case QUEEN:
            slider_moves_to(p, out, from, g->queen_dirs, 0, 8, plain ? cs->straight | cs->diagonal : ~(square_set)0);
            break;
        case KING:
            if (from != king) /* a second king is not royal here */
                leaper_moves(p, c, out, from, g->queen_dirs, 8);
            break;
        default: break;
        }
    }
}

/* rules.h generate_checks: the royal king's move checks only by discovery (it
 * cannot stand next to the enemy king), so its moves, each needing an attack
 * test, are generated only when it shields one of our line pieces from the
 * enemy king. */
static void generate_checks(struct position *p, struct turn_list *out)
{
    enum colour us = (enum colour)p->st.side;
    int q = p->st.king_sq[!us], king = p->st.king_sq[us];
    const struct geometry *g = p->geo;
    out->count = 0;
    if (q == SQ_NONE) { /* no king to check: every turn, as the filter would pass them */
        generate(p, out);
        return;
    }
    /* a unit on a line with q discovers nothing unless it shields one of
     * our line pieces there: most such turns were played and tested for
     * nothing (the royal king's turns each need an attack test) */
    square_set discovering;
    struct check_squares cs;
    struct unit_at units[MAX_SQUARES];
    int n_units = units_of(p, us, units);
    find_check_squares(p, units, n_units, q, &cs, &discovering);
    if (king != SQ_NONE && (discovering & g->bit[king]))
        king_moves(p, out, king);
    /* the other pieces' moves only to where they check (most of a last
     * move's turns were generated to be filtered out), first as if nothing
     * constrained them: most last moves have none, and then the pins and
     * checks of our king are never worked out */
    unit_checks(p, out, king, units, n_units, discovering, &cs);
    if (king != SQ_NONE)
        orthodox_castling(p, out, orthodox_attacked, NULL); /* it tests its squares, the king's first */
    int n = 0;
    for (int i = 0; i < out->count; i++)
        if (may_check_discovering(p, &out->turns[i], (discovering & g->bit[out->turns[i].from]) != 0))
            out->turns[n++] = out->turns[i];
    out->count = n;
    bool constrained = false;
    for (int i = 0; i < n && !constrained; i++)
        constrained = out->turns[i].from != king;
    if (!constrained || king == SQ_NONE)
        return;
    /* the royal king's turns and castling were tested by attacks, en
     * passant by playing it; the others now meet the constraints */
    struct constraints c;
    memset(c.pin, 0, sizeof c.pin);
    find_constraints(p, us, &c);
    n = 0;
    for (int i = 0; i < out->count; i++) {
        const struct turn *t = &out->turns[i];
        if (t->from == king || (t->flags & TURN_EN_PASSANT) ||
            (c.checkers < 2 && target_allowed(p, &c, t->from, t->to)))
            out->turns[n++] = *t;
    }
    out->count = n;
}

/* A king never gives check: it cannot stand next to the enemy king. */
static void orthodox_checks(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                            square_set *out)
{
    if (k == KING)
        *out = 0;
    else
        relaxed_orthodox_attacks(p, c, k, sq, variant, out);
}

static const struct goal_hooks orthodox_goal = {
    .reach = relaxed_orthodox_reach,
    .reach_quiet = relaxed_orthodox_reach_quiet,
    .free_reach = relaxed_castling,
    .denies = relaxed_orthodox_attacks,
    .checks = orthodox_checks,
    .flights = relaxed_neighbours,
    .promotes = relaxed_promotes_on_last_rank,
    .sure_moves = relaxed_orthodox_sure_moves,
    .attack_line = relaxed_orthodox_attack_line,
};

const struct rules rules_orthodox = {
    .name = "Orthodox",
    .switch_names = NULL,
    .files = 8,
    .ranks = 8,
    .neutral_units = false,
    .placement_history = false,
    .castling = true,
    .generate = generate,
    .has_legal_turn = has_legal_turn,
    .has_legal_turn_in_check = has_legal_turn_in_check,
    .attacked = orthodox_attacked,
    .generate_pseudo = generate_pseudo,
    .may_check = may_check,
    .generate_checks = generate_checks,
    .goal = &orthodox_goal,
};
