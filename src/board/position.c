/* Placing units and making/unmaking turns for every rule set alike: a turn's
 * effects are squares changed plus state saved whole, so undo is exact. */
#include "position.h"

#include <string.h>

/* For the hot functions below: the walk of a turn's effect (turn_effect)
 * is one function for three uses, whose reads and writes become direct
 * code only where it and its accessors are inlined, and a state's hash is
 * worked out at every turn. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* The hash of a state's parts other than the placement. */
ALWAYS_INLINE uint64_t state_key_of(const struct position *p, int ep_sq, int ep_victim, int ko_from, int ko_to,
                                   int side, const square_t castle_rook[CASTLING_RIGHTS], uint64_t prev_placement)
{
    uint64_t k = p->rules_key ^ zobrist_ep(ep_sq) ^ zobrist_ep(ep_victim) * 3 ^ zobrist_ko(ko_from, ko_to);
    if (side == BLACK)
        k ^= zobrist_side();
    for (int r = 0; r < CASTLING_RIGHTS; r++)
        k ^= zobrist_castle(r, castle_rook[r]);
    if (p->placement_history)
        k ^= zobrist_mix(prev_placement);
    return k;
}

ALWAYS_INLINE uint64_t state_key(const struct position *p)
{
    const struct position_state *s = &p->st;
    return state_key_of(p, s->ep_sq, s->ep_victim, s->ko_from, s->ko_to, s->side, s->castle_rook, s->prev_placement);
}

static uint64_t rules_key_of(const char *name, unsigned switches)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a over the name */
    for (const char *c = name; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211ull;
    return zobrist_mix(h ^ ((uint64_t)switches << 40));
}

void position_init_from(struct position *p, const struct board_rules *facts, const struct rules *rules,
                        unsigned switches)
{
    memset(p, 0, sizeof *p);
    p->geo = geometry_get(facts->files, facts->ranks);
    p->rules = rules;
    p->switches = switches;
    p->placement_history = facts->placement_history;
    p->castling = facts->castling;
    p->rules_key = rules_key_of(facts->name, switches);
    for (int sq = 0; sq < MAX_SQUARES; sq++)
        p->board[sq] = (sq < p->geo->squares && p->geo->on_board[sq]) ? UNIT_EMPTY : UNIT_BORDER;
    p->st.side = WHITE;
    p->st.hash = state_key(p);
}

/* Changes one square, keeping masks, king squares and placement hash true. */
static inline void set_square(struct position *p, int sq, unit_t u)
{
    struct position_state *s = &p->st;
    unit_t old = p->board[sq];
    int bit = geo_bit(p->geo, sq);
    if (old != UNIT_EMPTY) {
        s->placement ^= zobrist_unit(old, sq);
        s->occupied[unit_colour(old)] &= ~SET_BIT(bit);
        if (unit_kind(old) == KING && unit_colour(old) < NEUTRAL && s->king_sq[unit_colour(old)] == sq)
            s->king_sq[unit_colour(old)] = SQ_NONE;
    }
    if (u != UNIT_EMPTY) {
        s->placement ^= zobrist_unit(u, sq);
        s->occupied[unit_colour(u)] |= SET_BIT(bit);
        if (unit_kind(u) == KING && unit_colour(u) < NEUTRAL)
            s->king_sq[unit_colour(u)] = (square_t)sq;
    }
    p->board[sq] = u;
}

void position_put(struct position *p, int sq, unit_t u)
{
    set_square(p, sq, u);
    p->st.hash = p->st.placement ^ state_key(p);
}

void position_rehash(struct position *p)
{
    p->st.placement = 0;
    for (int sq = 0; sq < p->geo->squares; sq++)
        if (unit_is_piece(p->board[sq]))
            p->st.placement ^= zobrist_unit(p->board[sq], sq);
    p->st.hash = p->st.placement ^ state_key(p);
}

int castling_king_home(const struct position *p, enum colour c)
{
    return geo_square(p->geo, p->geo->files / 2, c == WHITE ? 0 : p->geo->ranks - 1);
}

int castling_rook_home(const struct position *p, enum castling_right r)
{
    int rank = r < BLACK_SHORT ? 0 : p->geo->ranks - 1;
    int file = (r == WHITE_SHORT || r == BLACK_SHORT) ? p->geo->files - 1 : 0;
    return geo_square(p->geo, file, rank);
}

void position_default_castling(struct position *p)
{
    for (int r = 0; r < CASTLING_RIGHTS; r++) {
        enum colour c = r < BLACK_SHORT ? WHITE : BLACK;
        int k = castling_king_home(p, c), rook = castling_rook_home(p, (enum castling_right)r);
        bool ok = p->castling && p->board[k] == unit_make(c, KING) &&
                  p->board[rook] == unit_make(c, ROOK);
        p->st.castle_rook[r] = ok ? (square_t)rook : SQ_NONE;
    }
    p->st.hash = p->st.placement ^ state_key(p);
}

void position_exclude_castling(struct position *p, enum castling_right a, enum castling_right b)
{
    p->castle_exclusive[a] |= (uint8_t)(1u << b);
    p->castle_exclusive[b] |= (uint8_t)(1u << a);
    p->rules_key ^= zobrist_mix(0xc3a5c85c97cb3127ull * (uint64_t)(a * CASTLING_RIGHTS + b + 1));
    position_rehash(p);
}

/* Rights follow their rook when it is displaced, vanish when it leaves. */
ALWAYS_INLINE void track_rights(square_t castle_rook[CASTLING_RIGHTS], int from, int to)
{
    for (int r = 0; r < CASTLING_RIGHTS; r++)
        if (castle_rook[r] == from)
            castle_rook[r] = to == SQ_OFF ? SQ_NONE : (square_t)to;
}

/* A king that moves loses its side's rights; a rook that moves, its own. */
ALWAYS_INLINE void drop_rights_of_mover(square_t castle_rook[CASTLING_RIGHTS], const struct turn *t, unit_t m)
{
    if (unit_kind(m) == KING && unit_colour(m) < NEUTRAL) {
        int base = unit_colour(m) == WHITE ? WHITE_SHORT : BLACK_SHORT;
        castle_rook[base] = castle_rook[base + 1] = SQ_NONE;
    }
    track_rights(castle_rook, t->from, SQ_OFF);
}

/* Popeye's CastlingMutuallyExclusive: the castling cancels the rights
 * excluded with the right it used. */
static void cancel_exclusive_rights(square_t castle_rook[CASTLING_RIGHTS], const uint8_t exclusive[CASTLING_RIGHTS],
                                    const struct turn *t, unit_t king)
{
    int base = unit_colour(king) == WHITE ? WHITE_SHORT : BLACK_SHORT;
    int used = base + (t->from2 > t->from ? 0 : 1);
    for (int r = 0; r < CASTLING_RIGHTS; r++)
        if (exclusive[used] >> r & 1)
            castle_rook[r] = SQ_NONE;
}

/* How a use of turn_effect reads a square as the turn has left it so far,
 * and changes one. */
typedef unit_t (*square_reader)(const void *view, int sq);
typedef void (*square_writer)(void *view, int sq, unit_t u);

ALWAYS_INLINE unit_t promoted(unit_t u, int promo)
{
    return promo ? unit_make(unit_colour(u), (enum kind)promo) : u;
}

/* The second displacement: a push's or pull's unit, a castling's rook, a
 * stone's or relay's step; rights follow a rook that is pushed or pulled. */
ALWAYS_INLINE void displace_second(const struct turn *t, square_t *castle_rook, void *view, square_reader at,
                                   square_writer set)
{
    unit_t d = at(view, t->from2);
    set(view, t->from2, UNIT_EMPTY);
    if (t->to2 != SQ_OFF)
        set(view, t->to2, promoted(d, t->promo2));
    if (castle_rook && !(t->flags & TURN_CASTLE))
        track_rights(castle_rook, t->from2, t->to2);
}

/* What turn t does to the squares and to the castling rights, the one
 * definition that position_make (applying it with undo),
 * position_board_after (to a copy of the squares) and position_hash_after
 * (to a hash) all use.  The squares it changes are given to set in the
 * order they change: a push first (RULES 3), then the capture, the mover,
 * a pull or castling rook or stone step, and a castling's step last
 * (RULES 4).  castle_rook (NULL: not followed) is changed as the turn
 * changes the rights; exclusive is position.castle_exclusive.  plain: the
 * caller knows t for a plain move (turn.h), so the parts of the other
 * turns are left out of its code. */
ALWAYS_INLINE void turn_effect(const struct turn *t, bool plain, square_t *castle_rook,
                               const uint8_t exclusive[CASTLING_RIGHTS], void *view, square_reader at,
                               square_writer set)
{
    unit_t m = at(view, t->from);
    if (!plain && (t->flags & TURN_DISPLACE_FIRST))
        displace_second(t, castle_rook, view, at, set);
    if (t->flags & TURN_CAPTURE) {
        if (castle_rook)
            track_rights(castle_rook, t->capture_sq, SQ_OFF);
        /* on the target, the mover's arrival below is the square's change */
        if (t->capture_sq != t->to || (!plain && t->to == t->from))
            set(view, t->capture_sq, UNIT_EMPTY);
    }
    if (castle_rook) {
        drop_rights_of_mover(castle_rook, t, m);
        if (!plain && (t->flags & TURN_CASTLE) && exclusive[0] | exclusive[1] | exclusive[2] | exclusive[3])
            cancel_exclusive_rights(castle_rook, exclusive, t, m);
    }
    if (plain || t->to != t->from) {
        set(view, t->from, UNIT_EMPTY);
        if (plain || t->to != SQ_OFF)
            set(view, t->to, promoted(m, t->promo));
    }
    if (plain)
        return;
    if (t->from2 != SQ_NONE && !(t->flags & TURN_DISPLACE_FIRST))
        displace_second(t, castle_rook, view, at, set);
    if ((t->flags & (TURN_CASTLE | TURN_STEP)) == (TURN_CASTLE | TURN_STEP)) {
        /* The step after a castling: a neutral unit, so no right follows it. */
        unit_t n = at(view, t->from3);
        set(view, t->from3, UNIT_EMPTY);
        set(view, t->to3, n);
    }
}

/* The e.p. square and Ko step a turn leaves for the reply (RULES 1, RULES
 * 4); plain as for turn_effect (a plain move steps no stone). */
ALWAYS_INLINE void turn_leaves(const struct turn *t, bool plain, square_t *ep_sq, square_t *ep_victim,
                               square_t *ko_from, square_t *ko_to)
{
    bool double_step = t->flags & TURN_DOUBLE_STEP;
    *ep_sq = double_step ? t->ep_sq : SQ_NONE;
    *ep_victim = double_step ? t->ep_victim : SQ_NONE;
    *ko_from = plain ? SQ_NONE : (square_t)turn_step_from(t);
    *ko_to = plain ? SQ_NONE : (square_t)turn_step_to(t);
}

/* position_make's view: p's squares, each change journaled for undo. */
struct make_view {
    struct position *p;
    struct undo *u;
};
ALWAYS_INLINE unit_t make_at(const void *view, int sq)
{
    return ((const struct make_view *)view)->p->board[sq];
}
ALWAYS_INLINE void make_set(void *view, int sq, unit_t v)
{
    struct make_view *m = view;
    m->u->sq[m->u->changed] = (square_t)sq;
    m->u->old[m->u->changed++] = m->p->board[sq];
    set_square(m->p, sq, v);
}

void position_make(struct position *p, const struct turn *t, struct undo *u)
{
    struct position_state *s = &p->st;
    u->st = *s;
    u->changed = 0;
    s->prev_placement = s->placement;
    struct make_view view = {p, u};
    turn_effect(t, false, s->castle_rook, p->castle_exclusive, &view, make_at, make_set);
    turn_leaves(t, false, &s->ep_sq, &s->ep_victim, &s->ko_from, &s->ko_to);
    s->side ^= 1;
    s->hash = s->placement ^ state_key(p);
}

/* position_hash_after's view: p's squares, unchanged, and the placement
 * hash, kept as set_square keeps it.  It serves the walk of a plain move
 * only, which reads its mover's square first and then changes distinct
 * squares (the capture's, when not the target, the mover's and the
 * target), so p's squares are what each change replaces. */
struct hash_view {
    const unit_t *board;
    uint64_t placement;
};
ALWAYS_INLINE unit_t hash_at(const void *view, int sq) { return ((const struct hash_view *)view)->board[sq]; }
ALWAYS_INLINE void hash_set(void *view, int sq, unit_t u)
{
    struct hash_view *h = view;
    unit_t old = h->board[sq];
    if (old != UNIT_EMPTY)
        h->placement ^= zobrist_unit(old, sq);
    if (u != UNIT_EMPTY)
        h->placement ^= zobrist_unit(u, sq);
}

bool position_hash_after(const struct position *p, const struct turn *t, uint64_t *hash)
{
    if (!turn_is_plain(t))
        return false;
    const struct position_state *s = &p->st;
    square_t rook[CASTLING_RIGHTS], ep_sq, ep_victim, ko_from, ko_to;
    memcpy(rook, s->castle_rook, sizeof rook);
    struct hash_view view = {p->board, s->placement};
    turn_effect(t, true, rook, p->castle_exclusive, &view, hash_at, hash_set);
    turn_leaves(t, true, &ep_sq, &ep_victim, &ko_from, &ko_to);
    *hash = view.placement ^ state_key_of(p, ep_sq, ep_victim, ko_from, ko_to, s->side ^ 1, rook, s->placement);
    return true;
}

/* position_board_after's view: a copy of the squares, written in place. */
ALWAYS_INLINE unit_t board_at(const void *view, int sq) { return ((const unit_t *)view)[sq]; }
ALWAYS_INLINE void board_set(void *view, int sq, unit_t u) { ((unit_t *)view)[sq] = u; }

void position_board_after(const struct position *p, const struct turn *t, unit_t *board)
{
    memcpy(board, p->board, sizeof p->board);
    turn_effect(t, false, NULL, p->castle_exclusive, board, board_at, board_set);
}

void position_unmake(struct position *p, const struct undo *u)
{
    for (int i = u->changed - 1; i >= 0; i--)
        p->board[u->sq[i]] = u->old[i];
    p->st = u->st;
}

void position_make_null(struct position *p, struct undo *u)
{
    struct position_state *s = &p->st;
    u->st = *s;
    u->changed = 0;
    s->prev_placement = s->placement;
    s->ep_sq = s->ep_victim = SQ_NONE;
    s->ko_from = s->ko_to = SQ_NONE;
    s->side ^= 1;
    s->hash = s->placement ^ state_key(p);
}
