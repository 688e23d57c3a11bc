/* Dynamo chess (RULES 3): the turn filters (undo rule, king safety, one turn per
 * result), castling, and the rule set's entry points; the moves are dynamo_moves.c's. */
#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../board/zobrist.h"
#include "dynamo_attack.h"
#include "dynamo.h"
#include "dynamo_gen.h"
#include "orthodox.h"
#include "rules.h"

/* ---------------------------------------------------------------------------
 * Turn filters: the undo rule, king safety, one turn per result (RULES 0).
 */

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
uint32_t dynamo_rights_after(const struct gen *G, const struct cand *c)
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
 * lines and by the knights that `mask` names (see mark_danger); pawns always looked
 * at.  `units` holds every square with a unit of theirs after the turn. */
static bool attacked_since(const struct gen *G, int q, unsigned mask, square_set units, square_set king)
{
    const struct geometry *g = G->g;
    const unit_t *b = G->b;
    enum colour by = G->them;
    if (mask & DANGER_KING)
        return dynamo_board_attacked_among(g, b, q, by, units, king);
    const struct king_reads *r = G->own_reads; /* q is our king's square: it has not moved */
    if ((r->pawn[by] & units) && pawn_attack(g, b, q, by))
        return true;
    square_set on_lines = units & ~(king & ~r->king); /* dynamo_board_attacked_among */
    for (int i = 0; i < LEN(G->line_dir); i++)
        if ((mask & (1u << i)) && (r->line[i] & on_lines) &&
            dynamo_line_attack(b, q, G->line_dir[i], by, G->line_diagonal[i]))
            return true;
    return (mask & DANGER_KNIGHT) && (r->knight & units) && dynamo_knight_attack(g, b, q, by);
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
    /* their units after c: where they stand, and where c's displaced unit lands */
    square_set arrive = G->g->bit[c->to2];
    square_set units = G->p->st.occupied[G->them] | arrive;
    square_set their_king = G->g->bit[G->p->st.king_sq[G->them]] & ~arrive;
    bool safe = king != SQ_OFF && !attacked_since(G, king, mask, units, their_king);
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

/* Squares where a change could put our king (not now in check) in check.  On each
 * ray from the king: every square up to the first unit; and, when that unit is
 * their slider along the ray, the second unit's square if at most two more units
 * follow (the turn vacating them all would leave the slider alone: a pull, see
 * dynamo_line_attack).  With the first unit unchanged and not their slider, no
 * push or pull along the line can appear.  For their knights only: the squares
 * from which a knight pushes or pulls the king off. */
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
    G->danger_ready = true;
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
    if (!G->danger_ready)
        mark_danger(G);
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
    uint32_t r = dynamo_rights_after(G, c);
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

/* generate_checks' screen before may_check (set up by
 * dynamo_check_screen_setup).  The enemy king, not attacked before our turn
 * (the position is legal), is attacked after it (RULES 3.5) by a pawn, knight
 * or king only if one of ours arrives where it pushes or pulls the king off
 * (those squares are fixed by the board's edge: a king pushes one step, from
 * beside the enemy king with the edge beyond it, and never leaves the board
 * to pull); by a slider only if the turn changes a square of a line that
 * already holds our slider of its kind (dynamo_line_attack reads that line
 * alone), or one arrives on the line; or when the king itself is displaced. */
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

/* may_check for generate_checks' candidate c (its turn t): the same test on
 * the generator's own board with c played in place and taken back, as
 * safe_after plays it, instead of a copy of the whole board (a copy per
 * candidate costs more than playing its few squares and taking them back). */
static bool may_check_cand(struct gen *G, const struct cand *c, const struct turn *t)
{
    int read[4];
    bool sure;
    if (!dynamo_may_check_reads(G->p, t, read, &sure))
        return false;
    if (sure)
        return true;
    unit_t *b = G->p->board;
    struct edit e;
    play_on_board(b, &e, c);
    square_set arrive = G->g->bit[c->to] | G->g->bit[c->to2];
    square_set units = G->p->st.occupied[G->us] | arrive, king = G->g->bit[G->king] & ~arrive;
    bool check = dynamo_checks_after(G->g, b, G->p->st.king_sq[G->them], G->us, read, units, king);
    take_back(b, &e);
    return check;
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

void dynamo_keep(struct gen *G, const struct cand *c)
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
        if (G->pseudo) {
            G->count++;
            return;
        }
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

/* ---------------------------------------------------------------------------
 * Our king's surroundings, worked out once per generation for the filters.
 */

/* ---------------------------------------------------------------------------
 * Castling (RULES 3.7).
 */

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
    bool attacked = dynamo_board_attacked_among(p->geo, b, sq, by, p->st.occupied[by], /* only ours moved */
                                                p->geo->bit[p->st.king_sq[by]]);
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
        if (!G->checks_only || dynamo_may_check(G->p, t)) {
            list->turns[kept++] = *t;
            G->count++;
        }
    }
    list->count = kept;
}

static __attribute__((noinline)) void castling_counted(struct gen *G)
{
    TURN_LIST_LOCAL(list);
    list->count = 0;
    castling_into(G, list);
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

/* ---------------------------------------------------------------------------
 * A generation and the rule set's entry points.
 */

/* What attacks our king now, as danger[] bits: 0 when nothing does. */
static unsigned checking_now(const struct gen *G)
{
    const struct geometry *g = G->g;
    const unit_t *b = G->b;
    const struct king_reads *r = G->own_reads;
    int q = G->king;
    enum colour by = G->them;
    square_set units = G->p->st.occupied[by];
    unsigned bits = (r->pawn[by] & units) && pawn_attack(g, b, q, by) ? DANGER_KING : 0;
    /* dynamo_board_attacked_among: their king reads a line only where it pushes */
    square_set on_lines = units & ~(g->bit[G->p->st.king_sq[by]] & ~r->king);
    for (int i = 0; i < LEN(G->line_dir); i++)
        if ((r->line[i] & on_lines) && dynamo_line_attack(b, q, G->line_dir[i], by, G->line_diagonal[i]))
            bits |= 1u << i;
    if ((r->knight & units) && dynamo_knight_attack(g, b, q, by))
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
    G->danger_ready = false; /* marked for the first turn judged (legal) */
    if (G->king != SQ_NONE) {
        G->own_reads = dynamo_king_reads_of(g, G->king);
        dynamo_four_lines(g, G->line_dir, G->line_diagonal);
        G->checking = checking_now(G);
        G->in_check = G->checking != 0;
    }
    if (G->in_check) { /* a turn that answers must change what each attack reads */
        const struct king_reads *r = G->own_reads;
        G->own_read = SET_BIT(geo_bit(g, G->king));
        for (int i = 0; i < 4; i++)
            if (G->checking & (1u << i))
                G->own_read |= r->line[i];
        if (G->checking & DANGER_KNIGHT)
            G->own_read |= r->knight;
        if (G->checking & DANGER_KING) /* a pawn */
            G->own_read |= r->pawn[G->them];
    }
    G->dynamo_ok = G->pseudo || !(G->in_check && (p->switches & SW_NO_DYNAMO_ESCAPE)); /* RULES 3.5 */
    G->undo = p->st.prev_placement != 0;                                   /* RULES 3.6 */
    G->rights = false;
    for (int r = 0; r < CASTLING_RIGHTS; r++)
        G->rights = G->rights || p->st.castle_rook[r] != SQ_NONE;
    /* has_legal_turn: the royal king's turns, each needing a whole attack test,
     * come last; a cheaper legal turn of another unit usually ends the search.
     * In check they come first: the other units' turns seldom answer it. */
    square_set units = p->st.occupied[G->us], king_last = 0;
    if (G->first_only && G->king != SQ_NONE) {
        king_last = SET_BIT(geo_bit(g, G->king));
        units &= ~king_last;
        if (G->in_check) {
            dynamo_unit_turns(G, G->king);
            if (G->count > 0)
                return;
            king_last = 0;
        }
    }
    for (square_set set = units; set; set &= set - 1) {
        dynamo_unit_turns(G, geo_square_of_bit(g, set_first(set)));
        if (G->first_only && G->count > 0)
            return;
    }
    if (king_last) {
        dynamo_unit_turns(G, G->king);
        if (G->count > 0)
            return;
    }
    if (G->dynamo_ok && (p->switches & SW_EN_PASSANT))
        dynamo_en_passant_push(G);
    if (!G->in_check && !G->pseudo && G->king != SQ_NONE && p->rules->castling && G->rights)
        castling(G);
}

static int run_on(struct position *p, struct turn_list *out, struct turn_list *scratch, bool first_only,
                  bool checks_only, bool pseudo)
{
    struct gen G;
    G.p = p;
    G.g = p->geo;
    G.b = p->board;
    G.out = out;
    G.scratch = scratch;
    G.first_only = first_only;
    G.checks_only = checks_only;
    G.pseudo = pseudo;
    if (checks_only)
        dynamo_check_screen_setup(&G, p->st.king_sq[!p->st.side]);
    run(&G);
    return G.count;
}

void dynamo_generate(struct position *p, struct turn_list *out) { run_on(p, out, NULL, false, false, false); }

void dynamo_generate_checks(struct position *p, struct turn_list *out) { run_on(p, out, NULL, false, true, false); }

bool dynamo_has_legal_turn(struct position *p) { return run_on(p, NULL, NULL, true, false, false) > 0; }

/* Perft's last ply: counted, never listed (the scratch list is workspace). */
int dynamo_count_legal(struct position *p)
{
    TURN_LIST_LOCAL(scratch);
    return run_on(p, NULL, scratch, false, false, false);
}

bool dynamo_may_check_any(struct position *p) { return run_on(p, NULL, NULL, true, true, true) > 0; }
