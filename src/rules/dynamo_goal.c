/* Dynamo's facts for goal-directed help play: where D is to move and A must
 * then give check (a mate, RULES 0, 3.9), the turns of D's that cannot help.
 *
 * Why it is sound.  Let N be p with A to move instead of D, and suppose no
 * turn of A's on N may give check, judged as dynamo_may_check_any judges
 * (king safety and the undo rule ignored, RULES 3.5, 3.6; every dynamo move
 * allowed; no castling, no en passant: the cut is not offered where A holds
 * a castling right or the switch EnPassant is on, RULES 3.7, 3.8).  Let t be
 * a turn of D's that changes no square of R below, and P' the position after
 * it.  Suppose A had a legal turn u on P' giving check.
 *  - u is a turn on N with the same effect: generating u reads only squares
 *    of dynamo_unit_reads of u's mover (its lines up to the first unit, the
 *    push path beyond it, the first unit behind it for a pull, a pawn's four
 *    squares ahead and two along each diagonal: RULES 3.1-3.4), all in R, so
 *    P' and N agree on them; t moved no unit of A's (their squares are in R).
 *    u's legality on P' (RULES 3.5, 3.6) is not needed on N, whose judgement
 *    ignores it.
 *  - u changes only squares it reads, so P'+u and N+u differ exactly on t's
 *    squares, and A's units stand on the same squares in both.  D's king
 *    stands on q (in R: t does not move it), or u pushed or pulled it to a
 *    square of `landings`, all of whose lines are in R.  The attack on q
 *    (RULES 3.5) by a pawn, knight or king reads only which unit of A's
 *    stands where and the board's edge; along a line it needs A's slider of
 *    the line's kind on it, and then reads the whole line: every line on
 *    which one may stand after u is in R (live_lines).  So u gives check on
 *    N as well: a contradiction.
 * D's king must not be attacked on N already (may_check's premise), and a
 * mate needs a check, so after such a t A cannot mate with one turn.
 *
 * A cheaper case first: where A has only kings, knights and pawns,
 * surely_no_check reads nothing but D's king's square and A's units (their
 * squares and kinds).  A turn of D's that changes neither leaves its answer
 * as it is, and after it D is not in check (it is legal, RULES 0), which is
 * all the answer needs; so where it says no on p, only D's turns that move
 * D's king or one of A's units are played. */
#include "dynamo_goal.h"

#include "dynamo.h"
#include "dynamo_attack.h"
#include "dynamo_gen.h"

/* Along v from s: the squares up to the first unit (at most `reach` steps)
 * and the push path beyond it, as long as the mover stands from it; where
 * that unit is on `king`, the squares it may land on: the push path, and s
 * (pulled behind a mover leaving s the other way, RULES 3.2; where the mover
 * cannot pull, that only adds squares). */
static square_set line_reads(const struct geometry *g, const unit_t *b, int s, int v, int reach, int king,
                             square_set *landings)
{
    square_set r = 0;
    int x = s + v, d = 1;
    for (; b[x] == UNIT_EMPTY && d < reach; x += v, d++)
        r |= g->bit[x];
    if (b[x] == UNIT_BORDER || b[x] == UNIT_EMPTY)
        return r | g->bit[x];
    r |= g->bit[x];
    square_set path = 0;
    for (int y = x + v, i = 0; i < d && b[y] != UNIT_BORDER; y += v, i++)
        path |= g->bit[y];
    if (x == king)
        *landings |= path | g->bit[s];
    return r | path;
}

/* A pawn of colour c on s (RULES 3.3): one or two squares ahead, a friendly
 * unit there pushed one or two further; an enemy unit diagonally ahead
 * pushed one further. */
static square_set pawn_reads(const struct geometry *g, const unit_t *b, int s, enum colour c, int king,
                             square_set *landings)
{
    int f = c == WHITE ? g->north : g->south;
    square_set r = 0;
    for (int x = s + f, i = 0; i < 4 && b[x] != UNIT_BORDER; x += f, i++)
        r |= g->bit[x];
    for (int side = -1; side <= 1; side += 2) {
        int v = f + side * g->east;
        if (b[s + v] == UNIT_BORDER)
            continue;
        r |= g->bit[s + v];
        if (b[s + 2 * v] != UNIT_BORDER)
            r |= g->bit[s + 2 * v];
        if (s + v == king)
            *landings |= g->bit[s + 2 * v];
    }
    return r;
}

square_set dynamo_unit_reads(const struct position *p, int s, int king, square_set *landings)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    square_set r = g->bit[s];
    switch (unit_kind(b[s])) {
    case PAWN: return r | pawn_reads(g, b, s, unit_colour(b[s]), king, landings);
    case KNIGHT:
        for (int i = 0; i < LEN(g->knight_leaps); i++)
            r |= line_reads(g, b, s, g->knight_leaps[i], 1, king, landings);
        return r;
    case KING:
        for (int i = 0; i < LEN(g->queen_dirs); i++)
            r |= line_reads(g, b, s, g->queen_dirs[i], 1, king, landings);
        return r;
    case BISHOP:
        for (int i = 0; i < LEN(g->bishop_dirs); i++)
            r |= line_reads(g, b, s, g->bishop_dirs[i], MAX_SQUARES, king, landings);
        return r;
    case ROOK:
        for (int i = 0; i < LEN(g->rook_dirs); i++)
            r |= line_reads(g, b, s, g->rook_dirs[i], MAX_SQUARES, king, landings);
        return r;
    case QUEEN:
        for (int i = 0; i < LEN(g->queen_dirs); i++)
            r |= line_reads(g, b, s, g->queen_dirs[i], MAX_SQUARES, king, landings);
        return r;
    default: return r;
    }
}

static bool holds_castling_right(const struct position *p, enum colour c)
{
    int base = c == WHITE ? WHITE_SHORT : BLACK_SHORT;
    return p->st.castle_rook[base] != SQ_NONE || p->st.castle_rook[base + 1] != SQ_NONE;
}

/* The lines through D's king on q along which A may attack it after a turn
 * of A's (RULES 3.5: a line attack needs A's slider of the line's kind on it,
 * or A's king beside q, which reads no square but its own and the edge):
 * the lines that hold a square where a queen, or a rook (bishop) for a rank
 * or file (diagonal), of A's may stand after that turn: where it stands, or
 * where a turn of A's may put it, a square A's mover reads (its own move, or
 * its push or pull of the slider, which it reads too); a pawn of A's may be
 * one where such a square is on its last rank (RULES 3.4). */
static square_set live_lines(const struct position *p, enum colour a, int q, const int *sq, const square_set *reads,
                             int n)
{
    const struct geometry *g = p->geo;
    const struct king_reads *kr = dynamo_king_reads_of(g, q);
    square_set last = 0;
    for (int f = 0; f < g->files; f++)
        last |= g->bit[geo_square(g, f, a == WHITE ? g->ranks - 1 : 0)];
    square_set ortho = 0, diag = 0;
    for (int i = 0; i < n; i++) {
        enum kind k = unit_kind(p->board[sq[i]]);
        if (k != QUEEN && k != ROOK && k != BISHOP && k != PAWN)
            continue;
        square_set may = g->bit[sq[i]] | reads[i]; /* its own move */
        for (int j = 0; j < n; j++)
            if (reads[j] & g->bit[sq[i]])
                may |= reads[j]; /* pushed or pulled by a unit of A's */
        if (k == PAWN)
            may &= last;
        if (k != BISHOP)
            ortho |= may;
        if (k != ROOK)
            diag |= may;
    }
    square_set live = 0;
    for (int i = 0; i < 4; i++) /* dynamo_four_lines' order: the diagonals last */
        if (kr->line[i] & (i >= 2 ? diag : ortho))
            live |= kr->line[i];
    return live;
}

/* Whether a and b lie at most n files and n ranks apart. */
static bool within(const struct geometry *g, int a, int b, int n)
{
    int df = g->file_of[a] - g->file_of[b], dr = g->rank_of[a] - g->rank_of[b];
    return df >= -n && df <= n && dr >= -n && dr <= n;
}

/* Whether a king, knight or pawn standing on x may stand on a square of
 * `arrive` after one turn of its side (see surely_no_check). */
static bool may_arrive(const struct geometry *g, int x, square_set arrive)
{
    for (; arrive; arrive &= arrive - 1)
        if (within(g, x, geo_square_of_bit(g, set_first(arrive)), 2))
            return true;
    return false;
}

/* True when no turn of the side to move a, whose units are kings, knights
 * and pawns only, can pass the screen of generate_checks (dynamo.c
 * may_check_screen: the enemy king q displaced, a line through q holding a
 * slider of a's changed, or a unit of a's arriving where its kind may attack
 * q); false when not known.  Without a queen, rook or bishop no line is
 * live, and no unit moves further than two files and two ranks in one turn:
 * a king steps or pushes one step, a knight leaps or pushes (pulls) a unit
 * one leap, a pawn steps one or two forward, one diagonally, or pushes a
 * friendly unit one or two forward (RULES 3.1-3.4); every unit displaced
 * is moved by one of these.  A pawn is promoted (and may then attack as a
 * piece) only where it arrives on a's last rank, so only from two ranks
 * before it at the nearest (a knight's push).  q is displaced only by a
 * king of a's beside it, a knight a leap away, or a pawn diagonally behind
 * it (pawns push enemy units only diagonally, RULES 3.3), nothing pulling
 * from further without a line. */
static bool surely_no_check(const struct position *p, enum colour a, int q)
{
    const struct geometry *g = p->geo;
    const struct king_reads *r = dynamo_king_reads_of(g, q);
    int f = a == WHITE ? g->north : g->south;
    int near_last = a == WHITE ? g->ranks - 3 : 2; /* the rank two before the last */
    for (square_set set = p->st.occupied[a]; set; set &= set - 1) {
        int x = geo_square_of_bit(g, set_first(set));
        switch (unit_kind(p->board[x])) {
        case KING:
            if (within(g, x, q, 1))
                return false;
            if (may_arrive(g, x, r->king))
                return false;
            break;
        case KNIGHT:
            for (int i = 0; i < LEN(g->knight_leaps); i++)
                if (x == q + g->knight_leaps[i])
                    return false;
            if (may_arrive(g, x, r->knight))
                return false;
            break;
        case PAWN:
            if (x == q - f + g->east || x == q - f - g->east)
                return false;
            if (a == WHITE ? g->rank_of[x] >= near_last : g->rank_of[x] <= near_last)
                return false;
            if (may_arrive(g, x, r->pawn[a]))
                return false;
            break;
        default: return false;
        }
    }
    return true;
}

bool dynamo_check_needs(struct position *p, square_set *relevant)
{
    enum colour d = (enum colour)p->st.side, a = (enum colour)!d;
    int q = p->st.king_sq[d];
    if (q == SQ_NONE || holds_castling_right(p, a))
        return false;
    /* where A's units alone tell that A has no check after D's turn (not in
     * check after it, RULES 0), D's turn must move D's king or one of A's
     * units to change that: surely_no_check reads nothing else */
    if (surely_no_check(p, a, q)) {
        *relevant = p->geo->bit[q] | p->st.occupied[a];
        return true;
    }
    if (p->switches & SW_EN_PASSANT)
        return false;
    if (dynamo_attacked(p, q, a))
        return false; /* a check there already: most turns keep it */
    p->st.side = (uint8_t)a; /* N: the board alone is read (dynamo_may_check_any) */
    bool may = dynamo_may_check_any(p);
    p->st.side = (uint8_t)d;
    if (may)
        return false;
    const struct geometry *g = p->geo;
    int sq[MAX_SQUARES], n = 0;
    square_set reads[MAX_SQUARES], landings = 0, r = g->bit[q];
    for (square_set set = p->st.occupied[a]; set; set &= set - 1) {
        sq[n] = geo_square_of_bit(g, set_first(set));
        reads[n] = dynamo_unit_reads(p, sq[n], q, &landings);
        r |= reads[n++];
    }
    r |= live_lines(p, a, q, sq, reads, n);
    for (square_set set = landings; set; set &= set - 1)
        r |= dynamo_king_reads_of(g, geo_square_of_bit(g, set_first(set)))->all;
    *relevant = r;
    return true;
}

/* rules.h may_give_check.  dynamo_may_check_any judges every turn that may
 * give check with neither king safety nor the undo rule (RULES 3.5, 3.6), so
 * it answers false only when no legal turn gives check, but it leaves
 * castling out: a castling rook may check (RULES 3.7), so where the side to
 * move holds a castling right the answer is yes.  Without the enemy king
 * nothing gives check (RULES 0). */
bool dynamo_may_give_check(struct position *p)
{
    enum colour a = (enum colour)p->st.side;
    if (p->st.king_sq[!a] == SQ_NONE)
        return false;
    return holds_castling_right(p, a) || !surely_no_check(p, a, p->st.king_sq[!a]);
}
