/* Placing units and making/unmaking turns for every rule set alike: a turn's
 * effects are squares changed plus state saved whole, so undo is exact. */
#include "position.h"

#include <string.h>

/* The hash of a state's parts other than the placement. */
static uint64_t state_key_of(const struct position *p, int ep_sq, int ep_victim, int ko_from, int ko_to, int side,
                             const square_t castle_rook[CASTLING_RIGHTS], uint64_t prev_placement)
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

static uint64_t state_key(const struct position *p)
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

static void cancel_exclusive_rights(struct position *p, const struct turn *t, unit_t king)
{
    int base = unit_colour(king) == WHITE ? WHITE_SHORT : BLACK_SHORT;
    int used = base + (t->from2 > t->from ? 0 : 1);
    for (int r = 0; r < CASTLING_RIGHTS; r++)
        if (p->castle_exclusive[used] >> r & 1)
            p->st.castle_rook[r] = SQ_NONE;
}

static inline void journal_set(struct position *p, struct undo *u, int sq, unit_t v)
{
    u->sq[u->changed] = (square_t)sq;
    u->old[u->changed++] = p->board[sq];
    set_square(p, sq, v);
}

/* Rights follow their rook when it is displaced, vanish when it leaves. */
static void track_rights(square_t castle_rook[CASTLING_RIGHTS], int from, int to)
{
    for (int r = 0; r < CASTLING_RIGHTS; r++)
        if (castle_rook[r] == from)
            castle_rook[r] = to == SQ_OFF ? SQ_NONE : (square_t)to;
}

static void displace_second(struct position *p, const struct turn *t, struct undo *u)
{
    unit_t d = p->board[t->from2];
    journal_set(p, u, t->from2, UNIT_EMPTY);
    if (t->to2 != SQ_OFF)
        journal_set(p, u, t->to2, t->promo2 ? unit_make(unit_colour(d), (enum kind)t->promo2) : d);
    if (!(t->flags & TURN_CASTLE))
        track_rights(p->st.castle_rook, t->from2, t->to2);
}

static void drop_rights_of_mover(square_t castle_rook[CASTLING_RIGHTS], const struct turn *t, unit_t m)
{
    if (unit_kind(m) == KING && unit_colour(m) < NEUTRAL) {
        int base = unit_colour(m) == WHITE ? WHITE_SHORT : BLACK_SHORT;
        castle_rook[base] = castle_rook[base + 1] = SQ_NONE;
    }
    track_rights(castle_rook, t->from, SQ_OFF);
}

void position_make(struct position *p, const struct turn *t, struct undo *u)
{
    struct position_state *s = &p->st;
    u->st = *s;
    u->changed = 0;
    s->prev_placement = s->placement;
    unit_t m = p->board[t->from];
    if (t->flags & TURN_DISPLACE_FIRST)
        displace_second(p, t, u);
    if (t->flags & TURN_CAPTURE) {
        track_rights(s->castle_rook, t->capture_sq, SQ_OFF);
        journal_set(p, u, t->capture_sq, UNIT_EMPTY);
    }
    drop_rights_of_mover(s->castle_rook, t, m);
    if ((t->flags & TURN_CASTLE) && p->castle_exclusive[0] | p->castle_exclusive[1] | p->castle_exclusive[2] |
                                        p->castle_exclusive[3])
        cancel_exclusive_rights(p, t, m);
    if (t->to != t->from) {
        journal_set(p, u, t->from, UNIT_EMPTY);
        if (t->to != SQ_OFF)
            journal_set(p, u, t->to, t->promo ? unit_make(unit_colour(m), (enum kind)t->promo) : m);
    }
    if (t->from2 != SQ_NONE && !(t->flags & TURN_DISPLACE_FIRST))
        displace_second(p, t, u);
    if ((t->flags & (TURN_CASTLE | TURN_STEP)) == (TURN_CASTLE | TURN_STEP)) {
        /* The step after a castling: a neutral unit, so no right follows it. */
        unit_t n = p->board[t->from3];
        journal_set(p, u, t->from3, UNIT_EMPTY);
        journal_set(p, u, t->to3, n);
    }
    s->ep_sq = s->ep_victim = SQ_NONE;
    if (t->flags & TURN_DOUBLE_STEP) {
        s->ep_sq = t->ep_sq;
        s->ep_victim = t->ep_victim;
    }
    s->ko_from = s->ko_to = SQ_NONE;
    if (t->flags & TURN_STEP) {
        s->ko_from = (square_t)turn_step_from(t);
        s->ko_to = (square_t)turn_step_to(t);
    }
    s->side ^= 1;
    s->hash = s->placement ^ state_key(p);
}

bool position_hash_after(const struct position *p, const struct turn *t, uint64_t *hash)
{
    bool capture = t->flags & TURN_CAPTURE;
    if ((t->flags & TURN_NOT_PLAIN) || t->from2 != SQ_NONE || t->to == t->from || t->to == SQ_OFF ||
        (capture && t->capture_sq == t->from))
        return false;
    const struct position_state *s = &p->st;
    square_t rook[CASTLING_RIGHTS];
    memcpy(rook, s->castle_rook, sizeof rook);
    unit_t m = p->board[t->from], at_to = p->board[t->to];
    uint64_t placement = s->placement ^ zobrist_unit(m, t->from);
    if (capture) { /* set_square hashes only a square that holds a unit */
        unit_t victim = p->board[t->capture_sq];
        if (victim != UNIT_EMPTY)
            placement ^= zobrist_unit(victim, t->capture_sq);
        if (t->capture_sq == t->to)
            at_to = UNIT_EMPTY;
        track_rights(rook, t->capture_sq, SQ_OFF);
    }
    if (at_to != UNIT_EMPTY)
        placement ^= zobrist_unit(at_to, t->to);
    placement ^= zobrist_unit(t->promo ? unit_make(unit_colour(m), (enum kind)t->promo) : m, t->to);
    drop_rights_of_mover(rook, t, m);
    bool double_step = t->flags & TURN_DOUBLE_STEP;
    *hash = placement ^ state_key_of(p, double_step ? t->ep_sq : SQ_NONE, double_step ? t->ep_victim : SQ_NONE,
                                     SQ_NONE, SQ_NONE, s->side ^ 1, rook, s->placement);
    return true;
}

/* position_make's square changes in its order, without state or hashes. */
void position_board_after(const struct position *p, const struct turn *t, unit_t *board)
{
    memcpy(board, p->board, sizeof p->board);
    unit_t m = board[t->from];
    bool second = t->from2 != SQ_NONE;
    unit_t d = second ? board[t->from2] : UNIT_EMPTY;
    if (second && (t->flags & TURN_DISPLACE_FIRST)) {
        board[t->from2] = UNIT_EMPTY;
        if (t->to2 != SQ_OFF)
            board[t->to2] = t->promo2 ? unit_make(unit_colour(d), (enum kind)t->promo2) : d;
    }
    if (t->flags & TURN_CAPTURE)
        board[t->capture_sq] = UNIT_EMPTY;
    if (t->to != t->from) {
        board[t->from] = UNIT_EMPTY;
        if (t->to != SQ_OFF)
            board[t->to] = t->promo ? unit_make(unit_colour(m), (enum kind)t->promo) : m;
    }
    if (second && !(t->flags & TURN_DISPLACE_FIRST)) {
        d = board[t->from2];
        board[t->from2] = UNIT_EMPTY;
        if (t->to2 != SQ_OFF)
            board[t->to2] = t->promo2 ? unit_make(unit_colour(d), (enum kind)t->promo2) : d;
    }
    if ((t->flags & (TURN_CASTLE | TURN_STEP)) == (TURN_CASTLE | TURN_STEP)) {
        unit_t n = board[t->from3];
        board[t->from3] = UNIT_EMPTY;
        board[t->to3] = n;
    }
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
