/* Dynamo's attack and check tests (RULES 3.5): pushes and pulls that remove a
 * unit, the squares they read around a king, and may_check with its screen. */
#include <assert.h>
#include <stdbool.h>
#include <string.h>

#include "dynamo_attack.h"
#include "dynamo_gen.h"

/* Pushes and pulls along the line through q with steps v and -v. */
bool dynamo_line_attack(const unit_t *b, int q, int v, enum colour by, bool diagonal)
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

/* RULES 3.1/3.2 for a knight of `by`: it pushes the unit on q over the edge
 * (the leap beyond q leaves the board) or pulls it off (itself a leap from q,
 * with the edge a leap beyond it). */
bool dynamo_knight_attack(const struct geometry *g, const unit_t *b, int q, enum colour by)
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

bool dynamo_board_attacked_among(const struct geometry *g, const unit_t *b, int q, enum colour by, square_set units,
                                 square_set king)
{
    const struct king_reads *r = dynamo_king_reads_of(g, q);
    square_set on_lines = units & ~(king & ~r->king);
    if ((r->pawn[by] & units) && pawn_attack(g, b, q, by))
        return true;
    if ((r->knight & units) && dynamo_knight_attack(g, b, q, by))
        return true;
    int dir[4];
    bool diagonal[4];
    dynamo_four_lines(g, dir, diagonal);
    for (int i = 0; i < 4; i++)
        if ((r->line[i] & on_lines) && dynamo_line_attack(b, q, dir[i], by, diagonal[i]))
            return true;
    return false;
}

bool dynamo_attacked(const struct position *p, int q, enum colour by)
{
    return dynamo_board_attacked_among(p->geo, p->board, q, by, p->st.occupied[by],
                                       p->geo->bit[p->st.king_sq[by]]);
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

_Thread_local const struct geometry *dynamo_reads_geo;
_Thread_local bool dynamo_reads_known[MAX_SQUARES];
_Thread_local struct king_reads dynamo_reads[MAX_SQUARES];

const struct king_reads *dynamo_king_reads_fill(const struct geometry *g, int q)
{
    assert(q >= 0 && q < g->squares); /* a square of the board array */
    if (dynamo_reads_geo != g) { /* geometry_get's are cached, never freed: one address, one geometry */
        memset(dynamo_reads_known, 0, sizeof dynamo_reads_known);
        dynamo_reads_geo = g;
    }
    if (!dynamo_reads_known[q]) {
        king_reads_walk(g, q, &dynamo_reads[q]);
        dynamo_reads_known[q] = true;
    }
    return &dynamo_reads[q];
}

/* The squares read_by_attack names for a king on q (all of them when q is
 * SQ_NONE: may_check then admits every turn). */
static square_set attack_reads(const struct geometry *g, int q)
{
    return q == SQ_NONE ? ~(square_set)0 : dynamo_king_reads_of(g, q)->all;
}

static void king_reads_walk(const struct geometry *g, int q, struct king_reads *r)
{
    memset(r, 0, sizeof *r);
    int dir[4];
    bool diagonal[4];
    dynamo_four_lines(g, dir, diagonal);
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
    for (int i = 0; i < LEN(g->queen_dirs); i++) { /* dynamo_line_attack: a king pushes only one step */
        int v = g->queen_dirs[i];
        if (!g->on_board[q + v] && g->on_board[q - v])
            r->king |= SET_BIT(geo_bit(g, q - v));
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
void dynamo_check_screen_setup(struct gen *G, int q)
{
    G->their_king = q;
    if (q == SQ_NONE)
        return;
    const struct geometry *g = G->g;
    const struct king_reads *r = dynamo_king_reads_of(g, q);
    enum colour us = (enum colour)G->p->st.side;
    square_set ours = G->p->st.occupied[us], live = 0;
    for (int i = 0; i < 4; i++) { /* dynamo_four_lines' order: the diagonals last */
        enum kind slider = i >= 2 ? BISHOP : ROOK;
        for (square_set set = r->line[i] & ours; set; set &= set - 1) {
            enum kind k = unit_kind(G->b[geo_square_of_bit(g, set_first(set))]);
            if (k == QUEEN || k == slider) {
                live |= r->line[i];
                break;
            }
        }
    }
    G->live_read = live;
    /* the kinds of our units (arrive[] is read for them alone) */
    G->arrive[QUEEN] = r->ortho | r->diag;
    G->arrive[ROOK] = r->ortho;
    G->arrive[BISHOP] = r->diag;
    G->arrive[KING] = r->king;
    G->arrive[KNIGHT] = r->knight;
    G->arrive[PAWN] = r->pawn[us];
    G->arrive_promoted = r->ortho | r->diag | r->knight; /* promotion_kinds: Q R B S */
}

/* rules.h may_check: the enemy king, not attacked before the turn (the position
 * is legal), is attacked after it only along a line or by a knight whose squares
 * the turn changes; those alone are then tested on the squares after the turn.
 * dynamo_may_check_reads: what the attack on the king reads of the turn's
 * squares (read[4]); false when the turn cannot check (nothing read) or must be
 * looked at whatever it reads (*sure set: the king itself displaced). */
bool dynamo_may_check_reads(const struct position *p, const struct turn *t, int read[4], bool *sure)
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
bool dynamo_checks_after(const struct geometry *g, const unit_t *after, int q, enum colour us, const int read[4],
                         square_set units, square_set king)
{
    const struct king_reads *r = dynamo_king_reads_of(g, q);
    square_set on_lines = units & ~(king & ~r->king);
    if ((r->pawn[us] & units) && pawn_attack(g, after, q, us))
        return true;
    bool knights = false;
    for (int i = 0; i < 4; i++) {
        int v = read[i];
        if (v == READ_KNIGHT) {
            knights = true;
            continue;
        }
        bool tested = false;
        for (int j = 0; j < i; j++)
            tested = tested || read[j] == v;
        if (v <= 0 || tested)
            continue; /* no line read, or one tested already */
        /* read_by_attack's steps are positive, in dynamo_four_lines' order:
         * north, east, then the diagonals */
        int line = v == g->north ? 0 : v == g->east ? 1 : v == g->north + g->east ? 2 : 3;
        if ((r->line[line] & on_lines) && dynamo_line_attack(after, q, v, us, line >= 2))
            return true;
    }
    return knights && (r->knight & units) && dynamo_knight_attack(g, after, q, us);
}

bool dynamo_may_check(const struct position *p, const struct turn *t)
{
    int read[4];
    bool sure;
    if (!dynamo_may_check_reads(p, t, read, &sure))
        return false;
    if (sure)
        return true;
    unit_t after[MAX_SQUARES];
    position_board_after(p, t, after);
    enum colour us = (enum colour)p->st.side;
    /* ours where they stand, and where the turn brings one */
    square_set arrive = p->geo->bit[t->to] | p->geo->bit[t->to2];
    square_set king = p->geo->bit[p->st.king_sq[us]] & ~arrive;
    return dynamo_checks_after(p->geo, after, p->st.king_sq[!us], us, read, p->st.occupied[us] | arrive, king);
}
