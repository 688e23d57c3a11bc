/* Dynamo's pushes and pulls (RULES 3.1-3.4, 3.8): every turn of one unit, each
 * handed to add once, with who else could make the same turn (RULES 0). */
#include <stdbool.h>

#include "dynamo_attack.h"
#include "dynamo_gen.h"

/* ---------------------------------------------------------------------------
 * A candidate turn, in each promotion variant, to the filters (dynamo_keep).
 */

static inline int last_rank(const struct geometry *g, enum colour c) { return c == WHITE ? g->ranks - 1 : 0; }
static inline int second_rank(const struct geometry *g, enum colour c) { return c == WHITE ? 1 : g->ranks - 2; }

static inline struct cand cand_of(const struct gen *G, int from, int to, int from2, int to2, unsigned flags)
{
    struct cand c;
    c.from = from;
    c.to = to;
    c.from2 = from2;
    c.to2 = to2;
    c.flags = flags;
    c.promo = c.promo2 = 0;
    c.m = c.m2 = G->b[from];
    c.d = c.d2 = from2 != SQ_NONE ? G->b[from2] : UNIT_EMPTY;
    return c;
}

/* Keeps c in each promotion variant (RULES 3.4) that passes the filters.
 * Inline, as add_plain: add_plain then becomes add made for a plain move (no
 * second unit), the commonest turn of the king, knight and pawn generators,
 * where without the hint the compiler calls the general add. */
static inline void add_variants(struct gen *G, int from, int to, int from2, int to2, unsigned flags)
{
    const struct geometry *g = G->g;
    struct cand c = cand_of(G, from, to, from2, to2, flags);
    bool mprom = unit_kind(c.m) == PAWN && to != from && to != SQ_OFF && g->rank_of[to] == last_rank(g, G->us);
    bool dprom = false;
    if (from2 != SQ_NONE) {
        if (to2 == SQ_OFF && c.d == unit_make(G->us, KING))
            return; /* RULES 3.5: never remove one's own king */
        dprom = unit_kind(c.d) == PAWN && to2 != SQ_OFF && g->rank_of[to2] == last_rank(g, unit_colour(c.d));
        if (dprom && (G->p->switches & SW_OWNER_PROMOTES) && unit_colour(c.d) != G->us)
            c.flags |= TURN_OWNER_CHOICE;
    }
    if (!mprom && !dprom) {
        dynamo_keep(G, &c);
        return;
    }
    for (int i = 0; i < (mprom ? LEN(promotion_kinds) : 1); i++)
        for (int j = 0; j < (dprom ? LEN(promotion_kinds) : 1); j++) {
            if (mprom) {
                c.promo = promotion_kinds[i];
                c.m2 = unit_make(G->us, promotion_kinds[i]);
            }
            if (dprom) {
                c.promo2 = promotion_kinds[j];
                c.d2 = unit_make(unit_colour(c.d), promotion_kinds[j]);
            }
            dynamo_keep(G, &c);
        }
}

/* generate_checks' screen comes first, inlined at every call: it drops most
 * turns there, before anything is built or called for them; and once
 * has_legal_turn has its answer, the unit's other turns go no further. */
static inline __attribute__((always_inline)) void add(struct gen *G, int from, int to, int from2, int to2,
                                                     unsigned flags)
{
    if (G->checks_only && !dynamo_screen_any(G, from, to, from2, to2))
        return;
    if (G->first_only && G->count > 0)
        return;
    add_variants(G, from, to, from2, to2, flags);
}

static inline void add_plain(struct gen *G, int from, int to)
{
    add(G, from, to, SQ_NONE, SQ_NONE, 0);
}

/* ---------------------------------------------------------------------------
 * Who else could produce the same result (RULES 0: one turn per result).
 */

/* Unit u (ours) on x could move d steps along v itself (v of kind `line`). */
static bool moves_like(const struct gen *G, unit_t u, int x, enum line line, int v, int d)
{
    switch (unit_kind(u)) {
    case QUEEN: return line != LINE_LEAP;
    case ROOK: return line == LINE_ORTHO;
    case BISHOP: return line == LINE_DIAG;
    case KING: return line != LINE_LEAP && d == 1;
    case KNIGHT: return line == LINE_LEAP;
    case PAWN: return v == G->fwd && (d == 1 || (d == 2 && G->g->rank_of[x] == second_rank(G->g, G->us)));
    default: return false;
    }
}

/* Unit u (ours) on x could leave the board along v within d steps, pulling. */
static bool leaves_like(const struct gen *G, unit_t u, int x, enum line line, int v, int d)
{
    enum kind k = unit_kind(u);
    if (k == KING || k == PAWN || !moves_like(G, u, x, line, v, d))
        return false;
    return leaves_within(G->b, x, v, d);
}

/* Two ways to one placement are one turn when they leave the same rights too. */
static bool same_rights(const struct gen *G, struct cand a, struct cand b)
{
    return dynamo_rights_after(G, &a) == dynamo_rights_after(G, &b);
}

/* RULES 3.1/3.3: M on s pushes P on x to `to2` (SQ_OFF: removed); M moves or stays. */
static void emit_push(struct gen *G, int s, int x, int to2, enum line line, int v, int d)
{
    const unit_t *b = G->b;
    unsigned flags = TURN_PUSH | TURN_DISPLACE_FIRST;
    add(G, s, x, x, to2, flags);
    /* the stationary push of our own unit that it could make itself is that
     * move, unless the castling rights come out differently */
    if (to2 != SQ_OFF && unit_is(b[x], G->us) && moves_like(G, b[x], x, line, v, d) &&
        (!G->rights || same_rights(G, cand_of(G, s, s, x, to2, flags), cand_of(G, x, to2, SQ_NONE, SQ_NONE, 0))))
        return;
    add(G, s, s, x, to2, flags);
}

/* The unit on x, carried d steps along v: its square, SQ_OFF, or SQ_NONE if blocked. */
static int push_target(const unit_t *b, int x, int v, int d)
{
    int y = x;
    for (int i = 0; i < d; i++) {
        y += v;
        if (b[y] == UNIT_BORDER)
            return SQ_OFF;
        if (b[y] != UNIT_EMPTY)
            return SQ_NONE;
    }
    return y;
}

static void push(struct gen *G, int s, int x, enum line line, int v, int d)
{
    int y = push_target(G->b, x, v, d);
    if (y != SQ_NONE)
        emit_push(G, s, x, y, line, v, d);
}

/* RULES 3.2: M on s moves k steps along v to `to` (SQ_OFF: leaves), pulling the unit on t. */
static void pull(struct gen *G, int s, int to, int t, enum line line, int v, int k)
{
    const unit_t *b = G->b;
    if (unit_is(b[t], G->us)) {
        if (to != SQ_OFF && moves_like(G, b[t], t, line, v, k) &&
            (!G->rights || same_rights(G, cand_of(G, s, to, t, s, TURN_PULL),
                                       cand_of(G, t, s, s, to, TURN_PUSH | TURN_DISPLACE_FIRST))))
            return; /* the same as the unit on t pushing M */
        if (to == SQ_OFF && t < s && leaves_like(G, b[t], t, line, -v, k))
            return; /* the same as the unit on t leaving with M: kept there */
    }
    add(G, s, to, t, to == SQ_OFF ? SQ_OFF : s, TURN_PULL);
}

/* ---------------------------------------------------------------------------
 * Generation per unit type.
 */

/* generate_checks: the squares to which a plain move of our unit on s (no
 * pawn: no promotion) may pass dynamo_screen_any, the rest taken as they
 * come: every one when s lies on a line the screen reads, else those on such
 * a line or where the unit arriving may attack.  Asked once per unit, it
 * spares the moves that fail a call each. */
static inline bool plain_all(const struct gen *G, int s)
{
    return !G->checks_only || G->their_king == SQ_NONE || (G->g->bit[s] & G->live_read);
}

static inline square_set plain_targets(const struct gen *G, int s)
{
    return G->live_read | G->arrive[unit_kind(G->b[s])];
}

static void slider(struct gen *G, int s, const int *dirs, int n, enum line line)
{
    const unit_t *b = G->b;
    const square_set *bit = G->g->bit;
    bool all = plain_all(G, s);
    square_set targets = all ? 0 : plain_targets(G, s);
    for (int i = 0; i < n; i++) {
        int v = dirs[i], x = s + v, empties = 0;
        for (; b[x] == UNIT_EMPTY; x += v, empties++)
            if (all || (targets & bit[x]))
                add_plain(G, s, x);
        if (!G->dynamo_ok)
            continue;
        if (b[x] != UNIT_BORDER)
            push(G, s, x, line, v, empties + 1);
        int t = s - v, k = 1;
        for (; b[t] == UNIT_EMPTY; t -= v)
            k++;
        if (b[t] == UNIT_BORDER)
            continue;
        if (k <= empties)
            pull(G, s, s + k * v, t, line, v, k);
        else if (b[x] == UNIT_BORDER)
            pull(G, s, SQ_OFF, t, line, v, k);
    }
}

static void knight(struct gen *G, int s)
{
    const struct geometry *g = G->g;
    const unit_t *b = G->b;
    bool all = plain_all(G, s);
    square_set targets = all ? 0 : plain_targets(G, s);
    for (int i = 0; i < LEN(g->knight_leaps); i++) {
        int w = g->knight_leaps[i], x = s + w;
        unit_t bx = b[x];
        if (bx == UNIT_EMPTY && (all || (targets & g->bit[x])))
            add_plain(G, s, x);
        if (!G->dynamo_ok)
            continue;
        if (bx != UNIT_EMPTY && bx != UNIT_BORDER)
            push(G, s, x, LINE_LEAP, w, 1);
        unit_t back = b[s - w];
        if (back == UNIT_EMPTY || back == UNIT_BORDER)
            continue;
        if (bx == UNIT_EMPTY)
            pull(G, s, x, s - w, LINE_LEAP, w, 1);
        else if (bx == UNIT_BORDER)
            pull(G, s, SQ_OFF, s - w, LINE_LEAP, w, 1);
    }
}

/* targets: plain_targets, or every square */
static void king_step(struct gen *G, int s, int v, enum line line, square_set targets)
{
    const unit_t *b = G->b;
    int x = s + v;
    unit_t bx = b[x];
    if (bx == UNIT_EMPTY && (targets & G->g->bit[x]))
        add_plain(G, s, x);
    if (!G->dynamo_ok)
        return;
    if (bx != UNIT_EMPTY && bx != UNIT_BORDER)
        push(G, s, x, line, v, 1);
    /* RULES 3.2: a king never leaves the board */
    if (bx == UNIT_EMPTY && b[s - v] != UNIT_EMPTY && b[s - v] != UNIT_BORDER)
        pull(G, s, x, s - v, line, v, 1);
}

static void king(struct gen *G, int s)
{
    const struct geometry *g = G->g;
    square_set targets = plain_all(G, s) ? ~(square_set)0 : plain_targets(G, s);
    for (int i = 0; i < LEN(g->rook_dirs); i++)
        king_step(G, s, g->rook_dirs[i], LINE_ORTHO, targets);
    for (int i = 0; i < LEN(g->bishop_dirs); i++)
        king_step(G, s, g->bishop_dirs[i], LINE_DIAG, targets);
}

/* RULES 3.8 switch EnPassant: an a- or h-file pawn that just double-stepped is
 * pushed off sideways by a pawn beside it; the pusher moves to the e.p. square or stays. */
void dynamo_en_passant_push(struct gen *G)
{
    const struct geometry *g = G->g;
    const unit_t *b = G->b;
    int victim = G->p->st.ep_victim, ep = G->p->st.ep_sq;
    if (ep == SQ_NONE || victim == SQ_NONE || b[victim] != unit_make(G->them, PAWN))
        return;
    for (int side = -1; side <= 1; side += 2) {
        int s = victim + side * g->east;
        if (b[s] != unit_make(G->us, PAWN) || b[victim - side * g->east] != UNIT_BORDER ||
            s + G->fwd - side * g->east != ep)
            continue;
        if (b[ep] == UNIT_EMPTY)
            add(G, s, ep, victim, SQ_OFF, TURN_PUSH | TURN_DISPLACE_FIRST);
        add(G, s, s, victim, SQ_OFF, TURN_PUSH | TURN_DISPLACE_FIRST);
    }
}

static void pawn(struct gen *G, int s)
{
    const struct geometry *g = G->g;
    const unit_t *b = G->b;
    int f = G->fwd, x = s + f;
    bool second = g->rank_of[s] == second_rank(g, G->us);
    if (b[x] == UNIT_EMPTY) {
        add_plain(G, s, x);
        if (second && b[x + f] == UNIT_EMPTY) { /* RULES 3.4: from the second rank, however it got there */
            int file = g->file_of[s];
            bool edge = file == 0 || file == g->files - 1; /* RULES 3.8: only these can be pushed off */
            add(G, s, x + f, SQ_NONE, SQ_NONE, (G->p->switches & SW_EN_PASSANT) && edge ? TURN_DOUBLE_STEP : 0);
        } else if (second && G->dynamo_ok && unit_is(b[x + f], G->us)) {
            push(G, s, x + f, LINE_ORTHO, f, 2); /* RULES 3.3: two squares */
        }
    } else if (G->dynamo_ok && unit_is(b[x], G->us)) {
        push(G, s, x, LINE_ORTHO, f, 1); /* RULES 3.3: friendly unit straight ahead */
    }
    if (!G->dynamo_ok)
        return;
    for (int side = -1; side <= 1; side += 2) {
        int v = f + side * g->east;
        if (unit_is(b[s + v], G->them))
            push(G, s, s + v, LINE_DIAG, v, 1); /* RULES 3.3: enemy unit diagonally */
    }
}

/* Every turn of our unit on s. */
void dynamo_unit_turns(struct gen *G, int s)
{
    const struct geometry *g = G->g;
    switch (unit_kind(G->b[s])) {
    case PAWN: pawn(G, s); break;
    case KNIGHT: knight(G, s); break;
    case BISHOP: slider(G, s, g->bishop_dirs, LEN(g->bishop_dirs), LINE_DIAG); break;
    case ROOK: slider(G, s, g->rook_dirs, LEN(g->rook_dirs), LINE_ORTHO); break;
    case QUEEN:
        slider(G, s, g->rook_dirs, LEN(g->rook_dirs), LINE_ORTHO);
        slider(G, s, g->bishop_dirs, LEN(g->bishop_dirs), LINE_DIAG);
        break;
    case KING: king(G, s); break;
    default: break;
    }
}
