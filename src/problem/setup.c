/* problem_position: a twin's starting position with castling rights (default,
 * NoCastling), e.p. (EnPassant) and Ko state (LastNeutralStep).  Sets no side to move. */
#include "setup.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "squares.h"

static void vfail(const struct twin_view *v, struct parse_error *err, int line, int column, const char *fmt,
                  va_list ap)
{
    char msg[200];
    vsnprintf(msg, sizeof msg, fmt, ap);
    err->line = line;
    err->column = column;
    if (v->label_text[0])
        snprintf(err->message, sizeof err->message, "twin %s: %s", v->label_text, msg);
    else
        snprintf(err->message, sizeof err->message, "%s", msg);
}

static bool fail(const struct twin_view *v, struct parse_error *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail(const struct twin_view *v, struct parse_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(v, err, v->line, v->column, fmt, ap);
    va_end(ap);
    return false;
}

/* An error about an option: at the option when it was written in a file. */
static bool fail_option(const struct twin_view *v, struct parse_error *err, int line, int column, const char *fmt,
                        ...) __attribute__((format(printf, 5, 6)));

static bool fail_option(const struct twin_view *v, struct parse_error *err, int line, int column, const char *fmt,
                        ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (line > 0)
        vfail(v, err, line, column, fmt, ap);
    else
        vfail(v, err, v->line, v->column, fmt, ap);
    va_end(ap);
    return false;
}

static int square_of(const struct position *p, struct square_ref q)
{
    const struct geometry *g = p->geo;
    if (q.file < 0 || q.rank < 0 || q.file >= g->files || q.rank >= g->ranks)
        return SQ_NONE;
    return geo_square(g, q.file, q.rank);
}

static bool put_units(const struct twin_view *v, struct position *p, struct parse_error *err)
{
    const struct geometry *g = p->geo;
    if (v->diagram.count < 0 || v->diagram.count > DIAGRAM_MAX)
        return fail(v, err, "too many units (at most %d)", DIAGRAM_MAX);
    for (int i = 0; i < v->diagram.count; i++) {
        struct diagram_unit du = v->diagram.units[i];
        struct square_ref q = {du.file, du.rank};
        char sq[3];
        int s = square_of(p, q);
        if (s == SQ_NONE) {
            if (q.file >= 0 && q.file < 8 && q.rank >= 0 && q.rank < 9)
                square_ref_name(q, sq);
            else
                snprintf(sq, sizeof sq, "??");
            return fail(v, err, "the unit on %s is off the %dx%d board", sq, g->files, g->ranks);
        }
        enum kind k = unit_kind(du.unit);
        enum colour c = unit_colour(du.unit);
        if (k == KIND_NONE || k >= KIND_COUNT || c >= COLOUR_COUNT)
            return fail(v, err, "not a unit on %c%c", 'a' + q.file, '1' + q.rank);
        if (unit_is_piece(p->board[s])) {
            square_ref_name(q, sq);
            return fail(v, err, "two units on %s", sq);
        }
        if (k == KING && c != NEUTRAL && p->st.king_sq[c] != SQ_NONE) {
            char first[3];
            square_ref_name(q, sq);
            square_name(g, p->st.king_sq[c], first);
            return fail(v, err, "two %s kings (on %s and %s)", c == WHITE ? "white" : "black", first, sq);
        }
        position_put(p, s, du.unit);
    }
    return true;
}

/* NoCastling: a king's square removes both of its side's rights, a rook's its own. */
static void no_castling(const struct options *o, struct position *p)
{
    for (int i = 0; i < o->no_castling_count; i++) {
        int s = square_of(p, o->no_castling[i]);
        if (s == SQ_NONE)
            continue;
        for (int c = WHITE; c <= BLACK; c++)
            if (s == castling_king_home(p, (enum colour)c)) {
                p->st.castle_rook[c == WHITE ? WHITE_SHORT : BLACK_SHORT] = SQ_NONE;
                p->st.castle_rook[c == WHITE ? WHITE_LONG : BLACK_LONG] = SQ_NONE;
            }
        for (int r = 0; r < CASTLING_RIGHTS; r++)
            if (p->st.castle_rook[r] == s)
                p->st.castle_rook[r] = SQ_NONE;
    }
}

static int right_of_rook_square(const struct position *p, int sq)
{
    for (int r = 0; r < CASTLING_RIGHTS; r++)
        if (castling_rook_home(p, (enum castling_right)r) == sq)
            return r;
    return -1;
}

/* CastlingMutuallyExclusive a1h8: castling with one of the two rooks cancels the other's right. */
static void mutually_exclusive_castling(const struct options *o, struct position *p)
{
    for (int i = 0; i < o->mutually_exclusive_count; i++) {
        int a = right_of_rook_square(p, square_of(p, o->mutually_exclusive[i][0]));
        int b = right_of_rook_square(p, square_of(p, o->mutually_exclusive[i][1]));
        if (a >= 0 && b >= 0 && (a < BLACK_SHORT) != (b < BLACK_SHORT))
            position_exclude_castling(p, (enum castling_right)a, (enum castling_right)b);
    }
}

#define EP_AT o->en_passant_line, o->en_passant_column
#define KO_AT o->last_step_line, o->last_step_column

/* EnPassant a7a6a5: the last move was that double step; the middle square can
 * be captured on and the pawn on the last square is the victim. */
static bool en_passant(const struct twin_view *v, const struct options *o, struct position *p,
                       struct parse_error *err)
{
    if (o->en_passant_count == 0)
        return true;
    if (o->en_passant_count != 3)
        return fail_option(v, err, EP_AT, "EnPassant needs three squares, like f7f6f5");
    const struct square_ref *q = o->en_passant;
    int from = square_of(p, q[0]), over = square_of(p, q[1]), to = square_of(p, q[2]);
    char name[7];
    square_ref_name(q[0], name);
    square_ref_name(q[1], name + 2);
    square_ref_name(q[2], name + 4);
    if (from == SQ_NONE || over == SQ_NONE || to == SQ_NONE)
        return fail_option(v, err, EP_AT, "EnPassant %s: a square is off the board", name);
    int step = q[1].rank - q[0].rank;
    if (q[0].file != q[1].file || q[1].file != q[2].file || (step != 1 && step != -1) ||
        q[2].rank - q[1].rank != step)
        return fail_option(v, err, EP_AT, "EnPassant %s is not a pawn's double step", name);
    unit_t pawn = unit_make(step > 0 ? WHITE : BLACK, PAWN);
    if (p->board[to] != pawn || unit_is_piece(p->board[from]) || unit_is_piece(p->board[over]))
        return fail_option(v, err, EP_AT, "EnPassant %s needs a %s pawn on %s and %c%c, %c%c empty", name,
                           step > 0 ? "white" : "black", name + 4, name[0], name[1], name[2], name[3]);
    p->st.ep_sq = (square_t)over;
    p->st.ep_victim = (square_t)to;
    return true;
}

static bool last_neutral_step(const struct twin_view *v, const struct options *o, struct position *p,
                              struct parse_error *err)
{
    if (!o->has_last_neutral_step)
        return true;
    int from = square_of(p, o->last_neutral_step[0]), to = square_of(p, o->last_neutral_step[1]);
    char a[3], b[3];
    square_ref_name(o->last_neutral_step[0], a);
    square_ref_name(o->last_neutral_step[1], b);
    if (from == SQ_NONE || to == SQ_NONE || from == to)
        return fail_option(v, err, KO_AT, "LastNeutralStep %s%s is not a step on the board", a, b);
    if (!unit_is_neutral(p->board[to]) || unit_is_piece(p->board[from]))
        return fail_option(v, err, KO_AT, "LastNeutralStep %s%s needs a stone or relay on %s and %s empty", a, b,
                           b, a);
    p->st.ko_from = (square_t)from;
    p->st.ko_to = (square_t)to;
    return true;
}

bool problem_position(const struct problem *pr, const struct twin_view *v, struct position *p,
                      struct parse_error *err)
{
    const struct rules *rules = v->rules ? v->rules : &rules_orthodox;
    position_init(p, rules, v->switches);
    if (!put_units(v, p, err))
        return false;
    position_default_castling(p);
    no_castling(&pr->options, p);
    mutually_exclusive_castling(&pr->options, p);
    if (!en_passant(v, &pr->options, p, err) || !last_neutral_step(v, &pr->options, p, err))
        return false;
    position_rehash(p);
    return true;
}
