/* Stones & Relays attacks (RULES 4.8): a reverse search from the attacked
 * square over the relays it can see.  Must not generate turns or change the position. */
#include "stones_relays_attack.h"


/* The walk's steps inlined into each entry point (walk_add too: the walk
 * never leaves it), so that the one asked without a read set (most of
 * them) is built without its writes. */
#define INLINE_ALWAYS __attribute__((always_inline))
#define SR_RELAY_MAX (MAX_FILES * MAX_RANKS)

/* Which reverse searches reached a relay (a relay may be reached by several). */
enum {
    VIA_SLIDER = 1, /* by some line path: a queen may use it */
    VIA_ORTHO = 2,  /* by orthogonal lines only: a rook may use it */
    VIA_DIAG = 4,   /* by diagonal lines only: a bishop may use it */
    VIA_KNIGHT = 8, /* by knight leaps landing on relays */
    VIA_KING = 16,  /* by king steps landing on relays */
    VIA_LINES = VIA_SLIDER | VIA_ORTHO | VIA_DIAG,
};

struct walk {
    const struct geometry *g;
    const unit_t *b;
    int target;
    square_set *read;
    /* with_units: every square with a unit, the target's too, those of the
     * attacking side's units and of the relays; lines, leaps and steps are
     * then read off them (line_end, leaps) instead of walked */
    bool with_units;
    square_set units, attackers, relays;
    unit_t relay, pawn, knight, king, queen, rook, bishop;
    int n;
    square_t sq[SR_RELAY_MAX];
    uint8_t flags[SR_RELAY_MAX], done[SR_RELAY_MAX];
};

static inline INLINE_ALWAYS unit_t look(struct walk *w, int s)
{
    if (w->read) /* bit[]: 0 off the playing area, and a load where a 128-bit shift branches */
        *w->read |= w->g->bit[s];
    return w->b[s];
}

static inline INLINE_ALWAYS void walk_add(struct walk *w, int s, uint8_t f)
{
    for (int i = 0; i < w->n; i++)
        if (w->sq[i] == s) {
            w->flags[i] |= f;
            return;
        }
    w->sq[w->n] = (square_t)s;
    w->flags[w->n] = f;
    w->done[w->n] = 0;
    w->n++;
}

/* RULES 4.3: one line from o (the target or a relay the reverse path reached
 * with path kinds f).  A queen at its end attacks; a rook or bishop only when
 * the whole path is of its kind of line; a relay there extends the path. */
static inline int set_last(square_set s)
{
    uint64_t hi = (uint64_t)(s >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)s);
}

/* The square where the line from o along queen_dirs[i] meets its first unit
 * (a border square when it meets none), the squares up to it read. */
static inline INLINE_ALWAYS int line_end(struct walk *w, int o, int i)
{
    const struct geometry *g = w->g;
    if (w->with_units) {
        square_set ray = g->ray[o][i], met = ray & w->units;
        if (!met) {
            if (w->read)
                *w->read |= ray;
            return SQ_NONE; /* a border square */
        }
        /* the nearest: the lowest bit along a positive step */
        int s = geo_square_of_bit(g, g->queen_dirs[i] > 0 ? set_first(met) : set_last(met));
        if (w->read)
            *w->read |= ray & ~g->ray[s][i];
        return s;
    }
    /* the board and the squares read in locals, the read set written once,
     * the line walked by pointer: the walk is the attack test's inner loop */
    int d = g->queen_dirs[i];
    const unit_t *b = w->b, *at = b + o + d, *end = b + w->target;
    const square_set *bit = g->bit;
    square_set seen = 0;
    while (*at == UNIT_EMPTY && at != end) {
        seen |= bit[at - b];
        at += d;
    }
    int s = (int)(at - b);
    if (w->read)
        *w->read |= seen | bit[s];
    return s;
}

static inline INLINE_ALWAYS bool slider_line(struct walk *w, int o, int i, bool diagonal, uint8_t f)
{
    int s = line_end(w, o, i);
    unit_t u = w->b[s];
    if (s == w->target)
        return false; /* the attacked unit blocks its own lines */
    uint8_t kind_flag = diagonal ? VIA_DIAG : VIA_ORTHO;
    if (u == w->queen || (u == (diagonal ? w->bishop : w->rook) && (f & kind_flag)))
        return true;
    if (u == w->relay)
        walk_add(w, s, (uint8_t)(VIA_SLIDER | (f & kind_flag)));
    return false;
}

static inline INLINE_ALWAYS bool slider_lines(struct walk *w, int o, uint8_t f)
{
    const struct geometry *g = w->g;
    (void)g;
    for (int i = 0; i < 4; i++) /* queen_dirs: rook_dirs, then bishop_dirs */
        if (slider_line(w, o, i, false, f) || slider_line(w, o, 4 + i, true, f))
            return true;
    return false;
}

/* RULES 4.3: a knight (leaps) or king (steps) landing on a relay goes on from
 * it; `to` holds the squares a leap or step away from o. */
static inline INLINE_ALWAYS bool leaps(struct walk *w, int o, const int *dirs, square_set to, unit_t piece,
                                       uint8_t flag)
{
    if (w->with_units) {
        const struct geometry *g = w->g;
        if (w->read)
            *w->read |= to;
        for (square_set a = to & w->attackers; a; a &= a - 1)
            if (w->b[geo_square_of_bit(g, set_first(a))] == piece)
                return true;
        for (square_set r = to & w->relays; r; r &= r - 1)
            walk_add(w, geo_square_of_bit(g, set_first(r)), flag);
        return false;
    }
    for (int i = 0; i < 8; i++) {
        int s = o + dirs[i];
        unit_t u = look(w, s);
        if (u == piece)
            return true;
        if (u == w->relay)
            walk_add(w, s, flag);
    }
    return false;
}

/* RULES 4.4: a pawn captures diagonally forward, directly or through one relay. */
static inline INLINE_ALWAYS bool pawn_attacks(struct walk *w, enum colour by)
{
    const struct geometry *g = w->g;
    int fwd = by == WHITE ? g->north : g->south;
    for (int e = -1; e <= 1; e += 2) {
        int diag = fwd + e * g->east;
        int x = w->target - diag;
        unit_t u = look(w, x);
        if (u == w->pawn)
            return true;
        if (u == w->relay && look(w, x - diag) == w->pawn)
            return true;
    }
    return false;
}

/* with_units: units, attackers and relays as struct walk's. */
static inline INLINE_ALWAYS bool attacked_walk(const struct geometry *g, const unit_t *b, int sq, enum colour by,
                                               square_set *read, bool with_units, square_set units,
                                               square_set attackers, square_set relays)
{
    struct walk w;
    w.g = g;
    w.b = b;
    w.target = sq;
    w.read = read;
    w.with_units = with_units;
    w.units = units | g->bit[sq];
    w.attackers = attackers;
    w.relays = relays;
    w.relay = unit_make(NEUTRAL, RELAY);
    w.pawn = unit_make(by, PAWN);
    w.knight = unit_make(by, KNIGHT);
    w.king = unit_make(by, KING);
    w.queen = unit_make(by, QUEEN);
    w.rook = unit_make(by, ROOK);
    w.bishop = unit_make(by, BISHOP);
    w.n = 0;
    /* RULES 4.8: the direct attacks first, collecting the relays they reach. */
    if (pawn_attacks(&w, by) || leaps(&w, sq, g->knight_leaps, g->knight_set[sq], w.knight, VIA_KNIGHT) ||
        leaps(&w, sq, g->queen_dirs, g->king_set[sq], w.king, VIA_KING) || slider_lines(&w, sq, VIA_LINES))
        return true;
    /* RULES 4.3: then onward from each relay reached, until nothing new is
     * reached.  Continuations from a relay do not depend on how the path got
     * there, so a path using a relay twice is never needed: a path with a loop
     * can be cut short at the relay's first visit. */
    for (bool again = w.n > 0; again;) {
        again = false;
        for (int i = 0; i < w.n; i++) {
            uint8_t fresh = (uint8_t)(w.flags[i] & ~w.done[i]);
            if (!fresh)
                continue;
            w.done[i] = w.flags[i];
            again = true;
            int r = w.sq[i];
            if ((fresh & VIA_KNIGHT) && leaps(&w, r, g->knight_leaps, g->knight_set[r], w.knight, VIA_KNIGHT))
                return true;
            if ((fresh & VIA_KING) && leaps(&w, r, g->queen_dirs, g->king_set[r], w.king, VIA_KING))
                return true;
            if ((fresh & VIA_LINES) && slider_lines(&w, r, (uint8_t)(w.flags[i] & VIA_LINES)))
                return true;
        }
    }
    return false;
}

static inline square_set all_units_of(const struct position *p)
{
    return p->st.occupied[WHITE] | p->st.occupied[BLACK] | p->st.occupied[NEUTRAL];
}

/* The relays' squares: a path continues only from a relay (RULES 4.3). */
static inline square_set relays_of(const struct position *p)
{
    unit_t relay = unit_make(NEUTRAL, RELAY);
    square_set relays = 0;
    if (!p->st.occupied[NEUTRAL])
        return 0;
    for (square_set n = p->st.occupied[NEUTRAL]; n; n &= n - 1)
        if (p->board[geo_square_of_bit(p->geo, set_first(n))] == relay)
            relays |= n & -n;
    return relays;
}

/* Whether a unit of `by` on one of the squares `at` is u. */
static inline bool unit_among(const struct geometry *g, const unit_t *b, square_set at, unit_t u)
{
    for (; at; at &= at - 1)
        if (b[geo_square_of_bit(g, set_first(at))] == u)
            return true;
    return false;
}

/* RULES 4.8 with no relay on the board: every path is one line, leap or step
 * ending on sq, or a pawn's capture step (RULES 4.3, 4.4), read off p's sets
 * of squares with units instead of walked square by square.  The squares read
 * are those the walk reads: the leaps and steps from sq, the pawn squares,
 * each line up to its first unit. */
static bool attacked_direct(const struct position *p, int sq, enum colour by, square_set *read)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    square_set theirs = p->st.occupied[by];
    int fwd = by == WHITE ? g->north : g->south, west = sq - fwd - g->east, east = sq - fwd + g->east;
    square_set r = g->knight_set[sq] | g->king_set[sq] | g->bit[west] | g->bit[east];
    unit_t pawn = unit_make(by, PAWN);
    bool hit = b[west] == pawn || b[east] == pawn || unit_among(g, b, g->knight_set[sq] & theirs, unit_make(by, KNIGHT)) ||
               unit_among(g, b, g->king_set[sq] & theirs, unit_make(by, KING));
    square_set units = all_units_of(p);
    unit_t queen = unit_make(by, QUEEN);
    for (int i = 0; i < 8 && !hit; i++) {
        square_set ray = g->ray[sq][i], met = ray & units;
        if (!met) {
            r |= ray;
            continue;
        }
        /* the first unit: the nearest square, the lowest bit on a ray whose step is positive */
        int s = geo_square_of_bit(g, g->queen_dirs[i] > 0 ? set_first(met) : set_last(met));
        r |= ray & ~g->ray[s][i];
        hit = b[s] == queen || b[s] == unit_make(by, i < 4 ? ROOK : BISHOP);
    }
    if (read)
        *read |= r;
    return hit;
}

bool sr_attack_origins(const struct position *p, int sq, enum colour by, square_set origins[KIND_COUNT])
{
    if (relays_of(p))
        return false;
    const struct geometry *g = p->geo;
    int fwd = by == WHITE ? g->north : g->south;
    square_set units = all_units_of(p), lines[2] = {0, 0};
    for (int i = 0; i < 8; i++) {
        square_set ray = g->ray[sq][i], met = ray & units;
        if (met) /* up to the first unit, its square too (a capture there) */
            ray &= ~g->ray[geo_square_of_bit(g, g->queen_dirs[i] > 0 ? set_first(met) : set_last(met))][i];
        lines[i >= 4] |= ray;
    }
    for (int k = 0; k < KIND_COUNT; k++)
        origins[k] = 0;
    origins[ROOK] = lines[0];
    origins[BISHOP] = lines[1];
    origins[QUEEN] = lines[0] | lines[1];
    origins[KNIGHT] = g->knight_set[sq];
    origins[KING] = g->king_set[sq];
    origins[PAWN] = g->bit[sq - fwd - g->east] | g->bit[sq - fwd + g->east];
    return true;
}

/* The walk over the relays, out of line: the entry points stay small for
 * the boards without relays. */
static __attribute__((noinline)) bool attacked_relays_read(const struct position *p, int sq, enum colour by,
                                                           square_set *read, square_set relays)
{
    return attacked_walk(p->geo, p->board, sq, by, read, true, all_units_of(p), p->st.occupied[by], relays);
}

static __attribute__((noinline)) bool attacked_relays(const struct position *p, int sq, enum colour by,
                                                      square_set relays)
{
    return attacked_walk(p->geo, p->board, sq, by, NULL, true, all_units_of(p), p->st.occupied[by], relays);
}

bool sr_attacked_read(const struct position *p, int sq, enum colour by, square_set *read)
{
    square_set relays = relays_of(p);
    if (!relays)
        return attacked_direct(p, sq, by, read);
    return attacked_relays_read(p, sq, by, read, relays);
}

bool sr_attacked_on(const struct geometry *g, const unit_t *board, int sq, enum colour by)
{
    return attacked_walk(g, board, sq, by, NULL, false, 0, 0, 0);
}

bool sr_attacked(const struct position *p, int sq, enum colour by)
{
    square_set relays = relays_of(p);
    if (!relays)
        return attacked_direct(p, sq, by, NULL);
    return attacked_relays(p, sq, by, relays);
}
