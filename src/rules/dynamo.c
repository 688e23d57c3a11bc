/* Dynamo chess (RULES 3): no captures; pushes and pulls of one other unit,
 * check as the threat of removal.  Must not change the core: turns are plain fields. */
#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../board/zobrist.h"
#include "orthodox.h"
#include "rules.h"

#define LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))

enum dynamo_switch {
    SW_OWNER_PROMOTES = 1u << 0,
    SW_NO_DYNAMO_ESCAPE = 1u << 1,
    SW_EN_PASSANT = 1u << 2,
};

/* The kind of line a push or pull runs along: it decides who else could make it. */
enum line { LINE_ORTHO, LINE_DIAG, LINE_LEAP };


/* danger[] bits: a change on the square can make a push or pull of the king along
 * line i (bit i, lines as in gen.line_dir), by a knight, or the king itself moves. */
enum { DANGER_LINES = 0x0f, DANGER_KNIGHT = 0x10, DANGER_KING = 0x20 };

/* At most 64 units, each with at most 8 push lines, moving or stationary. */
#define REMOVALS_MAX 1024

/* What the attacks on a king on q (RULES 3.5) read and where their units stand,
 * worked out once per square and geometry on each thread: every generate_checks
 * and every generation in check asks (walking the rays anew each time would
 * weigh on every such generation). */
struct king_reads {
    square_set all;      /* read_by_attack's squares: q, its lines, the squares a leap and two leaps away */
    square_set line[4];  /* each line through q, q left out, in four_lines' order */
    square_set ortho;    /* its rank and file */
    square_set diag;     /* its diagonals */
    square_set knight;   /* where a knight pushes or pulls q off the board */
    square_set pawn[2];  /* where a pawn of colour c pushes q off */
};

static const struct king_reads *king_reads_of(const struct geometry *g, int q);
static void four_lines(const struct geometry *g, int dir[4], bool diagonal[4]);

struct gen {
    struct position *p;
    const struct geometry *g;
    const unit_t *b;
    struct turn_list *out;   /* NULL: only count */
    struct turn_list *scratch; /* counting: room for castling turns, or NULL */
    int count;               /* turns kept */
    enum colour us, them;
    int fwd;                 /* our pawns' forward step */
    int king;                /* our king, SQ_NONE without one */
    bool in_check;
    unsigned checking;       /* danger[] bits of what attacks our king now (DANGER_KING: a pawn) */
    bool dynamo_ok;          /* RULES 3.5 switch NoDynamoEscape */
    bool undo;               /* RULES 3.6 active (not the first turn) */
    bool first_only;         /* has_legal_turn: stop at the first */
    bool checks_only;        /* generate_checks: only turns may_check admits */
    int their_king;          /* with checks_only: the enemy king's square, or SQ_NONE */
    square_set live_read;    /* with checks_only: the lines through it holding our slider of their kind or our king */
    square_set arrive[16];   /* with checks_only: by kind, where our unit arriving may attack it */
    square_set own_read;     /* in check: the squares the attacks on our king now read */
    bool rights;             /* some castling right exists */
    int removals;
    uint8_t danger[MAX_SQUARES]; /* squares whose change can alter our king's safety */
    int line_dir[4];         /* the four lines through a square: one step of each */
    bool line_diagonal[4];
    struct {
        uint64_t placement;
        uint32_t rights;
    } removal[REMOVALS_MAX];
};

/* ---------------------------------------------------------------------------
 * Attack: RULES 3.5 and 0 "Attack".  A unit on q is attacked by `by` when a push
 * or pull of `by` removes it: pushed off along a line whose far side is empty to
 * the edge, or pulled by a unit leaving the board.
 */

static inline bool slider_of(unit_t u, enum colour by, bool diagonal)
{
    return u == unit_make(by, QUEEN) || u == unit_make(by, diagonal ? BISHOP : ROOK);
}

/* RULES 3.2: M on m, k squares from the pulled unit, leaves the board within
 * k steps along v over empty squares. */
static inline bool leaves_within(const unit_t *b, int m, int v, int k)
{
    for (int s = m + v, i = 0; i < k; i++, s += v) {
        if (b[s] == UNIT_BORDER)
            return true;
        if (b[s] != UNIT_EMPTY)
            return false;
    }
    return false;
}

/* Pushes and pulls along the line through q with steps v and -v. */
static bool line_attack(const unit_t *b, int q, int v, enum colour by, bool diagonal)
{
    int a = q + v, na = 0, c = q - v, nc = 0;
    while (b[a] == UNIT_EMPTY) {
        a += v;
        na++;
    }
    while (b[c] == UNIT_EMPTY) {
        c -= v;
        nc++;
    }
    unit_t ua = b[a], uc = b[c], king = unit_make(by, KING);
    /* RULES 3.1: the pusher at distance nc+1 carries q that far; the edge is na+1 away */
    if (ua == UNIT_BORDER && (slider_of(uc, by, diagonal) ? nc >= na : (uc == king && nc == 0 && na == 0)))
        return true;
    if (uc == UNIT_BORDER && (slider_of(ua, by, diagonal) ? na >= nc : (ua == king && na == 0 && nc == 0)))
        return true;
    /* RULES 3.2: the puller moves away as far as it stands from q and leaves */
    if (slider_of(ua, by, diagonal) && leaves_within(b, a, v, na + 1))
        return true;
    return slider_of(uc, by, diagonal) && leaves_within(b, c, -v, nc + 1);
}

/* RULES 3.3: a pawn of `by` pushes the unit on q, diagonally ahead of it, off. */
static inline bool pawn_attack(const struct geometry *g, const unit_t *b, int q, enum colour by)
{
    int f = by == WHITE ? g->north : g->south, e = g->east;
    unit_t pawn = unit_make(by, PAWN);
    return (b[q - f - e] == pawn && b[q + f + e] == UNIT_BORDER) ||
           (b[q - f + e] == pawn && b[q + f - e] == UNIT_BORDER);
}

/* RULES 3.1/3.2 for a knight of `by`: it pushes the unit on q over the edge
 * (the leap beyond q leaves the board) or pulls it off (itself a leap from q,
 * with the edge a leap beyond it). */
static inline bool knight_attack(const struct geometry *g, const unit_t *b, int q, enum colour by)
{
    unit_t knight = unit_make(by, KNIGHT);
    for (int i = 0; i < LEN(g->knight_leaps); i++) {
        int w = g->knight_leaps[i];
        unit_t ahead = b[q + w];
        if (ahead == UNIT_BORDER ? b[q - w] == knight : ahead == knight && b[q + 2 * w] == UNIT_BORDER)
            return true;
    }
    return false;
}

static bool board_attacked(const struct geometry *g, const unit_t *b, int q, enum colour by)
{
    if (pawn_attack(g, b, q, by) || knight_attack(g, b, q, by))
        return true;
    for (int i = 0; i < LEN(g->rook_dirs); i++) {
        if (g->rook_dirs[i] > 0 && line_attack(b, q, g->rook_dirs[i], by, false))
            return true;
        if (g->bishop_dirs[i] > 0 && line_attack(b, q, g->bishop_dirs[i], by, true))
            return true;
    }
    return false;
}

static bool dynamo_attacked(const struct position *p, int q, enum colour by)
{
    return board_attacked(p->geo, p->board, q, by);
}

/* ---------------------------------------------------------------------------
 * Turn filters: the undo rule, king safety, one turn per result (RULES 0).
 */

static inline int last_rank(const struct geometry *g, enum colour c) { return c == WHITE ? g->ranks - 1 : 0; }
static inline int second_rank(const struct geometry *g, enum colour c) { return c == WHITE ? 1 : g->ranks - 2; }

/* A turn being considered, in plain ints (the packed struct turn is written once,
 * when it is kept). */
struct cand {
    int from, to, from2, to2;  /* from2 == SQ_NONE: no second unit */
    unsigned flags;
    int promo, promo2;
    unit_t m, d;               /* mover and displaced unit before the turn */
    unit_t m2, d2;             /* the same as they arrive */
};

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

static uint64_t placement_after(const struct gen *G, const struct cand *c)
{
    uint64_t h = G->p->st.placement;
    if (c->to != c->from) {
        h ^= zobrist_unit(c->m, c->from);
        if (c->to != SQ_OFF)
            h ^= zobrist_unit(c->m2, c->to);
    }
    if (c->from2 != SQ_NONE) {
        h ^= zobrist_unit(c->d, c->from2);
        if (c->to2 != SQ_OFF)
            h ^= zobrist_unit(c->d2, c->to2);
    }
    return h;
}

/* The castling rights after c, packed, in the order position_make applies them. */
static uint32_t rights_after(const struct gen *G, const struct cand *c)
{
    square_t r[CASTLING_RIGHTS];
    memcpy(r, G->p->st.castle_rook, sizeof r);
    for (int pass = 0; pass < 2; pass++) {
        bool second_now = (pass == 0) == ((c->flags & TURN_DISPLACE_FIRST) != 0);
        if (second_now) {
            for (int i = 0; i < CASTLING_RIGHTS; i++)
                if (c->from2 != SQ_NONE && r[i] == c->from2)
                    r[i] = (square_t)(c->to2 == SQ_OFF ? SQ_NONE : c->to2);
            continue;
        }
        if (unit_kind(c->m) == KING) {
            int base = unit_colour(c->m) == WHITE ? WHITE_SHORT : BLACK_SHORT;
            r[base] = r[base + 1] = SQ_NONE;
        }
        for (int i = 0; i < CASTLING_RIGHTS; i++)
            if (r[i] == c->from)
                r[i] = SQ_NONE;
    }
    uint32_t k = 0;
    for (int i = 0; i < CASTLING_RIGHTS; i++)
        k = k << 8 | r[i];
    return k;
}

/* Two ways to one placement are one turn when they leave the same rights too. */
static bool same_rights(const struct gen *G, struct cand a, struct cand b)
{
    return rights_after(G, &a) == rights_after(G, &b);
}

struct edit {
    int n;
    int sq[4];
    unit_t old[4];
};

static inline void edit_set(unit_t *b, struct edit *e, int sq, unit_t u)
{
    e->sq[e->n] = sq;
    e->old[e->n++] = b[sq];
    b[sq] = u;
}

/* The king on q, not attacked before the turn, is attacked after it only along the
 * lines and by the knights that `mask` names (see mark_danger); pawns always looked at. */
static bool attacked_since(const struct gen *G, int q, unsigned mask)
{
    const struct geometry *g = G->g;
    const unit_t *b = G->b;
    enum colour by = G->them;
    if (mask & DANGER_KING)
        return dynamo_attacked(G->p, q, by);
    if (pawn_attack(g, b, q, by))
        return true;
    for (int i = 0; i < LEN(G->line_dir); i++)
        if ((mask & (1u << i)) && line_attack(b, q, G->line_dir[i], by, G->line_diagonal[i]))
            return true;
    return (mask & DANGER_KNIGHT) && knight_attack(g, b, q, by);
}

/* c played on the board b alone (no hashes), each change noted in e to be
 * taken back by take_back: for the legality and check tests. */
static void play_on_board(unit_t *b, struct edit *e, const struct cand *c)
{
    e->n = 0;
    for (int pass = 0; pass < 2; pass++) {
        bool second_now = (pass == 0) == ((c->flags & TURN_DISPLACE_FIRST) != 0);
        if (second_now) {
            if (c->from2 == SQ_NONE)
                continue;
            edit_set(b, e, c->from2, UNIT_EMPTY);
            if (c->to2 != SQ_OFF)
                edit_set(b, e, c->to2, c->d2);
        } else if (c->to != c->from) {
            edit_set(b, e, c->from, UNIT_EMPTY);
            if (c->to != SQ_OFF)
                edit_set(b, e, c->to, c->m2);
        }
    }
}

static void take_back(unit_t *b, struct edit *e)
{
    while (e->n > 0) {
        e->n--;
        b[e->sq[e->n]] = e->old[e->n];
    }
}

/* RULES 0 legality by playing c on the board alone (no hashes) and looking. */
static bool safe_after(struct gen *G, const struct cand *c, unsigned mask)
{
    unit_t *b = G->p->board;
    /* where our king stands after c: displaced, or moving (never both) */
    int king = G->king;
    if (c->from2 != SQ_NONE && c->from2 == king)
        king = c->to2;
    else if (c->to != c->from && c->from == king)
        king = c->to;
    struct edit e;
    play_on_board(b, &e, c);
    if (king != G->king)
        mask = DANGER_KING;
    bool safe = king != SQ_OFF && !attacked_since(G, king, mask);
    take_back(b, &e);
    return safe;
}

static inline bool on(const struct geometry *g, square_set s, int sq)
{
    return sq != SQ_NONE && sq != SQ_OFF && (s & g->bit[sq]);
}

/* The turn c changes a square of `read`. */
static inline bool touches(const struct geometry *g, square_set read, const struct cand *c)
{
    return (c->to != c->from && (on(g, read, c->from) || on(g, read, c->to))) || on(g, read, c->from2) ||
           on(g, read, c->to2);
}

/* In check, a turn changing no square the attack reads leaves the check; one that
 * does is judged on the lines and knights attacking now (G->checking) and on those
 * its squares can open (danger[], which marks each line through the king by
 * itself, whatever the others do). */
static bool legal(struct gen *G, const struct cand *c)
{
    if (G->king == SQ_NONE)
        return true;
    if (G->in_check && !touches(G->g, G->own_read, c))
        return false;
    const uint8_t *d = G->danger;
    unsigned mask = (d[c->from] | d[c->to] | d[c->from2] | d[c->to2]) & (DANGER_LINES | DANGER_KING);
    if ((d[c->to2] & DANGER_KNIGHT) && c->d2 == unit_make(G->them, KNIGHT)) /* promoted too */
        mask |= DANGER_KNIGHT;
    mask |= G->checking;
    return !mask || safe_after(G, c, mask);
}

/* RULES 0: a removal reachable by several pushes is one turn; keep the first. */
static bool removal_seen(struct gen *G, const struct cand *c)
{
    uint64_t h = placement_after(G, c);
    uint32_t r = rights_after(G, c);
    for (int i = 0; i < G->removals; i++)
        if (G->removal[i].placement == h && G->removal[i].rights == r)
            return true;
    G->removal[G->removals].placement = h;
    G->removal[G->removals++].rights = r;
    return false;
}

/* Turns whose only effect is one unit fewer: a stationary push off the board, or
 * a moving one whose mover arrives as the unit it pushes off (the same kind and
 * colour, promotion included). */
static inline bool removes_one(const struct cand *c)
{
    return c->to2 == SQ_OFF && (c->flags & TURN_PUSH) && (c->to == c->from || c->m2 == c->d);
}

static bool may_check(const struct position *p, const struct turn *t);
static bool may_check_cand(struct gen *G, const struct cand *c, const struct turn *t);
static square_set attack_reads(const struct geometry *g, int q);

/* generate_checks' screen before may_check (set up by check_screen_setup).  The
 * enemy king, not attacked before our turn (the position is legal), is attacked
 * after it (RULES 3.5) by a pawn or knight only if one of ours arrives where it
 * pushes or pulls the king off (those squares are fixed by the board's edge); along
 * a line only if the turn changes a square of a line that already holds our
 * slider of its kind or our king (line_attack reads that line alone), or one of
 * those arrives on the line; or when the king itself is displaced. */
static inline bool may_check_screen(const struct gen *G, const struct cand *c)
{
    if (G->their_king == SQ_NONE || c->from2 == G->their_king)
        return true;
    if (touches(G->g, G->live_read, c))
        return true;
    if (c->to != c->from && c->to != SQ_OFF && on(G->g, G->arrive[unit_kind(c->m2)], c->to))
        return true;
    return c->from2 != SQ_NONE && c->to2 != SQ_OFF && unit_is(c->d2, G->us) &&
           on(G->g, G->arrive[unit_kind(c->d2)], c->to2);
}
static void turn_of(const struct cand *c, struct turn *t);

static void check_screen_setup(struct gen *G, int q);

static void keep(struct gen *G, const struct cand *c)
{
    if (G->first_only && G->count > 0)
        return; /* has_legal_turn has its answer: the unit's other turns are not looked at */
    if (G->checks_only && !may_check_screen(G, c))
        return; /* the cheapest filter first */
    struct turn checking;
    if (G->checks_only) { /* may_check costs less than the legality test */
        turn_of(c, &checking);
        if (!may_check_cand(G, c, &checking))
            return;
    }
    /* the undo test after may_check: it rejects one turn in a generation, may_check most */
    if ((c->flags & (TURN_PUSH | TURN_PULL)) && G->undo &&
        placement_after(G, c) == G->p->st.prev_placement) /* RULES 3.6 */
        return;
    if (!legal(G, c) || (removes_one(c) && removal_seen(G, c)))
        return;
    G->count++;
    if (!G->out)
        return;
    if (G->checks_only)
        G->out->turns[G->out->count++] = checking;
    else
        turn_of(c, &G->out->turns[G->out->count++]);
}

/* The turn c as the search sees it. */
static void turn_of(const struct cand *c, struct turn *t)
{
    memset(t, 0, sizeof *t); /* the padding too: turn_equal compares bytes */
    t->from = (square_t)c->from;
    t->to = (square_t)c->to;
    t->capture_sq = SQ_NONE;
    t->from2 = (square_t)c->from2;
    t->to2 = (square_t)c->to2;
    t->ep_sq = t->ep_victim = SQ_NONE;
    if (c->flags & TURN_DOUBLE_STEP) { /* the square passed over, the pawn that passed */
        t->ep_sq = (square_t)((c->from + c->to) / 2);
        t->ep_victim = (square_t)c->to;
    }
    t->promo = (uint8_t)c->promo;
    t->promo2 = (uint8_t)c->promo2;
    t->flags = (uint16_t)c->flags;
}

/* Keeps c in each promotion variant (RULES 3.4) that passes the filters. */
static void add(struct gen *G, int from, int to, int from2, int to2, unsigned flags)
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
        keep(G, &c);
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
            keep(G, &c);
        }
}

static void add_plain(struct gen *G, int from, int to)
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

static void slider(struct gen *G, int s, const int *dirs, int n, enum line line)
{
    const unit_t *b = G->b;
    for (int i = 0; i < n; i++) {
        int v = dirs[i], x = s + v, empties = 0;
        for (; b[x] == UNIT_EMPTY; x += v, empties++)
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
    for (int i = 0; i < LEN(g->knight_leaps); i++) {
        int w = g->knight_leaps[i], x = s + w;
        unit_t bx = b[x];
        if (bx == UNIT_EMPTY)
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

static void king_step(struct gen *G, int s, int v, enum line line)
{
    const unit_t *b = G->b;
    int x = s + v;
    unit_t bx = b[x];
    if (bx == UNIT_EMPTY)
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
    for (int i = 0; i < LEN(g->rook_dirs); i++)
        king_step(G, s, g->rook_dirs[i], LINE_ORTHO);
    for (int i = 0; i < LEN(g->bishop_dirs); i++)
        king_step(G, s, g->bishop_dirs[i], LINE_DIAG);
}

/* RULES 3.8 switch EnPassant: an a- or h-file pawn that just double-stepped is
 * pushed off sideways by a pawn beside it; the pusher moves to the e.p. square or stays. */
static void en_passant_push(struct gen *G)
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

/* The four lines through a square, one positive step each: ranks and files
 * first, then diagonals (danger[]'s bits and king_reads.line[] count them so). */
static void four_lines(const struct geometry *g, int dir[4], bool diagonal[4])
{
    int n = 0;
    for (int i = 0; i < LEN(g->rook_dirs); i++)
        if (g->rook_dirs[i] > 0) {
            dir[n] = g->rook_dirs[i];
            diagonal[n++] = false;
        }
    for (int i = 0; i < LEN(g->bishop_dirs); i++)
        if (g->bishop_dirs[i] > 0) {
            dir[n] = g->bishop_dirs[i];
            diagonal[n++] = true;
        }
    assert(n == 4);
}

/* Squares where a change could put our king (not now in check) in check.  On each
 * ray from the king: every square up to the first unit; and, when that unit is
 * their slider along the ray, the second unit's square if at most two more units
 * follow (the turn vacating them all would leave the slider alone: a pull, see
 * line_attack).  With the first unit unchanged and not their slider, no push or
 * pull along the line can appear.  For their knights only: the squares from
 * which a knight pushes or pulls the king off. */
static void mark_ray(struct gen *G, int v, bool diagonal, uint8_t bit)
{
    const unit_t *b = G->b;
    int x = G->king + v;
    for (; b[x] == UNIT_EMPTY; x += v)
        G->danger[x] = bit;
    if (b[x] == UNIT_BORDER)
        return;
    G->danger[x] = bit;
    if (!slider_of(b[x], G->them, diagonal))
        return;
    int second = SQ_NONE, more = 0;
    for (x += v; b[x] != UNIT_BORDER; x += v)
        if (b[x] != UNIT_EMPTY && more++ == 0)
            second = x;
    if (second != SQ_NONE && more <= 2)
        G->danger[second] = bit;
}

static void mark_danger(struct gen *G)
{
    const struct geometry *g = G->g;
    const unit_t *b = G->b;
    int k = G->king;
    memset(G->danger, 0, (size_t)g->squares);
    G->danger[k] = DANGER_KING;
    four_lines(g, G->line_dir, G->line_diagonal);
    for (int i = 0; i < 4; i++) {
        mark_ray(G, G->line_dir[i], G->line_diagonal[i], (uint8_t)(1u << i));
        mark_ray(G, -G->line_dir[i], G->line_diagonal[i], (uint8_t)(1u << i));
    }
    for (int i = 0; i < LEN(g->knight_leaps); i++) {
        int w = g->knight_leaps[i];
        if (b[k + w] == UNIT_BORDER) {
            if (g->on_board[k - w])
                G->danger[k - w] |= DANGER_KNIGHT; /* push */
        } else if (b[k + 2 * w] == UNIT_BORDER) {
            G->danger[k + w] |= DANGER_KNIGHT; /* pull */
        }
    }
}

/* RULES 3.7: the castling king on sq, its home square empty and its rook moved
 * from rook_from to rook_to, played on the board and taken back.  A pull along
 * the first rank reaches the crossed square only once the king has left home:
 * a rook three squares west of f1 retreats off the board with it (DY-C). */
static bool castling_king_attacked(struct position *p, int home, int sq, int rook_from, int rook_to, enum colour by)
{
    unit_t *b = p->board;
    unit_t king = b[home], rook = b[rook_from];
    b[home] = UNIT_EMPTY;
    b[rook_from] = UNIT_EMPTY;
    b[rook_to] = rook;
    b[sq] = king;
    bool attacked = board_attacked(p->geo, b, sq, by);
    b[sq] = UNIT_EMPTY;
    b[rook_to] = UNIT_EMPTY;
    b[rook_from] = rook;
    b[home] = king;
    return attacked;
}

/* RULES 3.7: orthodox castling with Dynamo check, the king's squares judged
 * where the king stands on them (its landing square: the end position). */
static void castling_into(struct gen *G, struct turn_list *list)
{
    int first = list->count, kept = first;
    orthodox_castling(G->p, list, dynamo_attacked, castling_king_attacked);
    for (int i = first; i < list->count; i++) {
        const struct turn *t = &list->turns[i];
        if (!G->checks_only || may_check(G->p, t)) {
            list->turns[kept++] = *t;
            G->count++;
        }
    }
    list->count = kept;
}

static __attribute__((noinline)) void castling_counted(struct gen *G)
{
    struct turn_list list;
    list.count = 0;
    castling_into(G, &list);
}

static void castling(struct gen *G)
{
    if (G->out) {
        castling_into(G, G->out);
    } else if (G->scratch) {
        G->scratch->count = 0;
        castling_into(G, G->scratch);
    } else {
        castling_counted(G);
    }
}

/* Every turn of our unit on s. */
static void unit_turns(struct gen *G, int s)
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

/* What attacks our king now, as danger[] bits (mark_danger has set line_dir):
 * 0 when nothing does. */
static unsigned checking_now(const struct gen *G)
{
    const struct geometry *g = G->g;
    const unit_t *b = G->b;
    int q = G->king;
    enum colour by = G->them;
    unsigned bits = pawn_attack(g, b, q, by) ? DANGER_KING : 0;
    for (int i = 0; i < LEN(G->line_dir); i++)
        if (line_attack(b, q, G->line_dir[i], by, G->line_diagonal[i]))
            bits |= 1u << i;
    if (knight_attack(g, b, q, by))
        bits |= DANGER_KNIGHT;
    return bits;
}

static void run(struct gen *G)
{
    struct position *p = G->p;
    const struct geometry *g = G->g;
    if (G->out)
        G->out->count = 0;
    G->count = 0;
    G->removals = 0;
    G->us = (enum colour)p->st.side;
    G->them = (enum colour)!G->us;
    G->fwd = G->us == WHITE ? g->north : g->south;
    G->king = p->st.king_sq[G->us];
    G->in_check = false;
    if (G->king != SQ_NONE) {
        mark_danger(G);
        G->checking = checking_now(G);
        G->in_check = G->checking != 0;
    }
    if (G->in_check) { /* a turn that answers must change what each attack reads */
        const struct king_reads *r = king_reads_of(g, G->king);
        G->own_read = SET_BIT(geo_bit(g, G->king));
        for (int i = 0; i < 4; i++)
            if (G->checking & (1u << i))
                G->own_read |= r->line[i];
        if (G->checking & DANGER_KNIGHT)
            G->own_read |= r->knight;
        if (G->checking & DANGER_KING) /* a pawn */
            G->own_read |= r->pawn[G->them];
    }
    G->dynamo_ok = !(G->in_check && (p->switches & SW_NO_DYNAMO_ESCAPE)); /* RULES 3.5 */
    G->undo = p->st.prev_placement != 0;                                   /* RULES 3.6 */
    G->rights = false;
    for (int r = 0; r < CASTLING_RIGHTS; r++)
        G->rights = G->rights || p->st.castle_rook[r] != SQ_NONE;
    /* has_legal_turn: the royal king's turns, each needing a whole attack test,
     * come last; a cheaper legal turn of another unit usually ends the search */
    square_set units = p->st.occupied[G->us], king_last = 0;
    if (G->first_only && G->king != SQ_NONE) {
        king_last = SET_BIT(geo_bit(g, G->king));
        units &= ~king_last;
    }
    for (square_set set = units; set; set &= set - 1) {
        unit_turns(G, geo_square_of_bit(g, set_first(set)));
        if (G->first_only && G->count > 0)
            return;
    }
    if (king_last) {
        king(G, G->king);
        if (G->count > 0)
            return;
    }
    if (G->dynamo_ok && (p->switches & SW_EN_PASSANT))
        en_passant_push(G);
    if (!G->in_check && G->king != SQ_NONE && p->rules->castling)
        castling(G);
}

static int run_on(struct position *p, struct turn_list *out, struct turn_list *scratch, bool first_only,
                  bool checks_only)
{
    struct gen G;
    G.p = p;
    G.g = p->geo;
    G.b = p->board;
    G.out = out;
    G.scratch = scratch;
    G.first_only = first_only;
    G.checks_only = checks_only;
    if (checks_only)
        check_screen_setup(&G, p->st.king_sq[!p->st.side]);
    run(&G);
    return G.count;
}

static void generate(struct position *p, struct turn_list *out) { run_on(p, out, NULL, false, false); }

static void generate_checks(struct position *p, struct turn_list *out) { run_on(p, out, NULL, false, true); }

static bool has_legal_turn(struct position *p) { return run_on(p, NULL, NULL, true, false) > 0; }

/* Perft's last ply: counted, never listed (the scratch list is workspace). */
static int count_legal(struct position *p)
{
    struct turn_list scratch;
    return run_on(p, NULL, &scratch, false, false);
}

/* What the attack on q (RULES 3.5) reads of square sq: READ_KNIGHT on the
 * knight squares (a leap and two leaps away), else the step of the line through
 * q it lies on (positive), 0 when it reads nothing there.  The pawn squares lie
 * on the diagonals. */
#define READ_KNIGHT (-1)
static inline int read_by_attack(const struct geometry *g, int q, square_set reads, int sq)
{
    if (sq == SQ_NONE || sq == SQ_OFF || sq == q)
        return 0;
    int d = g->direction_between[q][sq];
    if (d)
        return d > 0 ? d : -d;
    /* reads = attack_reads(q): off q's lines it holds the knight squares only */
    return (reads & g->bit[sq]) ? READ_KNIGHT : 0;
}

static void king_reads_walk(const struct geometry *g, int q, struct king_reads *r);
static const struct king_reads *king_reads_of(const struct geometry *g, int q)
{
    static _Thread_local const struct geometry *cached_geo;
    static _Thread_local struct king_reads cached[MAX_SQUARES];
    static _Thread_local bool known[MAX_SQUARES];
    assert(q >= 0 && q < g->squares); /* a square of the board array */
    if (cached_geo != g) { /* geometry_get's are cached, never freed: one address, one geometry */
        memset(known, 0, sizeof known);
        cached_geo = g;
    }
    if (!known[q]) {
        king_reads_walk(g, q, &cached[q]);
        known[q] = true;
    }
    return &cached[q];
}

/* The squares read_by_attack names for a king on q (all of them when q is
 * SQ_NONE: may_check then admits every turn). */
static square_set attack_reads(const struct geometry *g, int q)
{
    return q == SQ_NONE ? ~(square_set)0 : king_reads_of(g, q)->all;
}

static void king_reads_walk(const struct geometry *g, int q, struct king_reads *r)
{
    memset(r, 0, sizeof *r);
    int dir[4];
    bool diagonal[4];
    four_lines(g, dir, diagonal);
    for (int i = 0; i < 4; i++) {
        for (int side = -1; side <= 1; side += 2)
            for (int x = q + side * dir[i]; g->on_board[x]; x += side * dir[i])
                r->line[i] |= SET_BIT(geo_bit(g, x));
        if (diagonal[i])
            r->diag |= r->line[i];
        else
            r->ortho |= r->line[i];
    }
    r->all = SET_BIT(geo_bit(g, q)) | r->ortho | r->diag;
    for (int i = 0; i < LEN(g->knight_leaps); i++) {
        int w = g->knight_leaps[i];
        for (int k = 1; k <= 2; k++) {
            int x = q + k * w;
            if (x >= 0 && x < g->squares && g->on_board[x])
                r->all |= SET_BIT(geo_bit(g, x));
        }
        /* the tests of attacked_since: a push from q - w over the edge at q + w, a pull by q + w leaving */
        if (!g->on_board[q + w] && g->on_board[q - w])
            r->knight |= SET_BIT(geo_bit(g, q - w));
        else if (g->on_board[q + w] && !g->on_board[q + 2 * w])
            r->knight |= SET_BIT(geo_bit(g, q + w));
    }
    for (int c = WHITE; c <= BLACK; c++) { /* pawn_attack's two squares */
        int f = c == WHITE ? g->north : g->south, e = g->east;
        if (g->on_board[q - f - e] && !g->on_board[q + f + e])
            r->pawn[c] |= SET_BIT(geo_bit(g, q - f - e));
        if (g->on_board[q - f + e] && !g->on_board[q + f - e])
            r->pawn[c] |= SET_BIT(geo_bit(g, q - f + e));
    }
}

/* may_check_screen's sets for our turns against the enemy king on q (SQ_NONE: none). */
static void check_screen_setup(struct gen *G, int q)
{
    G->their_king = q;
    if (q == SQ_NONE)
        return;
    const struct geometry *g = G->g;
    const struct king_reads *r = king_reads_of(g, q);
    int dir[4];
    bool diagonal[4];
    four_lines(g, dir, diagonal);
    enum colour us = (enum colour)G->p->st.side;
    square_set live = 0;
    for (square_set set = G->p->st.occupied[us]; set; set &= set - 1) {
        square_set bit = set & -set;
        enum kind k = unit_kind(G->b[geo_square_of_bit(g, set_first(set))]);
        for (int i = 0; i < 4; i++)
            if ((r->line[i] & bit) && (k == QUEEN || k == KING || k == (diagonal[i] ? BISHOP : ROOK)))
                live |= r->line[i];
    }
    G->live_read = live;
    memset(G->arrive, 0, sizeof G->arrive);
    G->arrive[QUEEN] = r->ortho | r->diag;
    G->arrive[ROOK] = r->ortho;
    G->arrive[BISHOP] = r->diag;
    G->arrive[KING] = g->king_set[q]; /* line_attack: the king pushes from beside q */
    G->arrive[KNIGHT] = r->knight;
    G->arrive[PAWN] = r->pawn[us];
}

/* rules.h may_check: the enemy king, not attacked before the turn (the position
 * is legal), is attacked after it only along a line or by a knight whose squares
 * the turn changes; those alone are then tested on the squares after the turn.
 * may_check_reads: what the attack on the king reads of the turn's squares
 * (read[4]); false when the turn cannot check (nothing read) or must be
 * looked at whatever it reads (*sure set: the king itself displaced). */
static bool may_check_reads(const struct position *p, const struct turn *t, int read[4], bool *sure)
{
    const struct geometry *g = p->geo;
    enum colour us = (enum colour)p->st.side;
    int q = p->st.king_sq[!us];
    *sure = q == SQ_NONE || t->from2 == q; /* the king itself displaced (or removed, which is no check) */
    if (*sure)
        return true;
    bool moves = t->to != t->from;
    square_set reads = attack_reads(g, q);
    read[0] = moves ? read_by_attack(g, q, reads, t->from) : 0;
    read[1] = moves ? read_by_attack(g, q, reads, t->to) : 0;
    read[2] = read_by_attack(g, q, reads, t->from2);
    read[3] = read_by_attack(g, q, reads, t->to2);
    return (read[0] | read[1] | read[2] | read[3]) != 0;
}

/* The test on `after`, the board after the turn: an attack on the enemy king
 * on q by a pawn, or along the lines and by the knights read. */
static bool checks_after(const struct geometry *g, const unit_t *after, int q, enum colour us, const int read[4])
{
    if (pawn_attack(g, after, q, us))
        return true;
    bool knights = false;
    for (int i = 0; i < 4; i++) {
        int v = read[i];
        if (v == READ_KNIGHT) {
            knights = true;
            continue;
        }
        if (v <= 0)
            continue;
        /* read_by_attack's steps are positive: north or east is a rank or file */
        bool diagonal = v != g->north && v != g->east;
        if (line_attack(after, q, v, us, diagonal))
            return true;
    }
    return knights && knight_attack(g, after, q, us);
}

static bool may_check(const struct position *p, const struct turn *t)
{
    int read[4];
    bool sure;
    if (!may_check_reads(p, t, read, &sure))
        return false;
    if (sure)
        return true;
    unit_t after[MAX_SQUARES];
    position_board_after(p, t, after);
    enum colour us = (enum colour)p->st.side;
    return checks_after(p->geo, after, p->st.king_sq[!us], us, read);
}

/* may_check for generate_checks' candidate c (its turn t): the same test on
 * the generator's own board with c played in place and taken back, as
 * safe_after plays it, instead of a copy of the whole board (a copy per
 * candidate costs more than playing its few squares and taking them back). */
static bool may_check_cand(struct gen *G, const struct cand *c, const struct turn *t)
{
    int read[4];
    bool sure;
    if (!may_check_reads(G->p, t, read, &sure))
        return false;
    if (sure)
        return true;
    unit_t *b = G->p->board;
    struct edit e;
    play_on_board(b, &e, c);
    bool check = checks_after(G->g, b, G->p->st.king_sq[G->them], G->us, read);
    take_back(b, &e);
    return check;
}

static const char *const switch_names[] = {"OwnerPromotes", "NoDynamoEscape", "EnPassant", NULL};

const struct rules rules_dynamo = {
    .name = "Dynamo",
    .switch_names = switch_names,
    .files = 8,
    .ranks = 8,
    .neutral_units = false,
    .placement_history = true,
    .castling = true,
    .generate = generate,
    .has_legal_turn = has_legal_turn,
    .attacked = dynamo_attacked,
    .count_legal = count_legal,
    .may_check = may_check,
    .generate_checks = generate_checks,
};
