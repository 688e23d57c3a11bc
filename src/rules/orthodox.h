/* Orthodox pieces' attacks and castling, for rule sets that keep them.
 * Declarations only; the rule set itself is rules_orthodox in rules.h. */
#ifndef FS_ORTHODOX_H
#define FS_ORTHODOX_H

#include "../board/position.h"

/* Attacks on sq by `by` from pawns, king and lines (everything but knights):
 * inline because every attack test of orthodox and Knight relay runs it.
 * sq is a playing square: the geometry's sets read below are empty for any
 * other (not asserted here: this is the hottest test of orthodox play, and
 * the assertion alone would cost it a visible share of its time). */
static inline bool orthodox_attacked_except_knights(const struct position *p, int sq, enum colour by)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    int fwd = by == WHITE ? g->north : g->south;
    unit_t pawn = unit_make(by, PAWN), king = unit_make(by, KING);
    unit_t queen = unit_make(by, QUEEN), rook = unit_make(by, ROOK), bishop = unit_make(by, BISHOP);
    if (b[sq - fwd - 1] == pawn || b[sq - fwd + 1] == pawn)
        return true;
    /* a line with no unit of `by` on it is not walked (the geometry's ray
     * sets: rook_dirs[i] is queen_dirs[i], bishop_dirs[i] queen_dirs[4 + i]),
     * nor the neighbours looked at without one there */
    square_set theirs = p->st.occupied[by];
    if (g->king_set[sq] & theirs)
        for (int i = 0; i < 8; i++)
            if (b[sq + g->queen_dirs[i]] == king)
                return true;
    for (int i = 0; i < 4; i++) {
        int d = g->rook_dirs[i], s = sq + d;
        if (g->ray[sq][i] & theirs) {
            while (b[s] == UNIT_EMPTY)
                s += d;
            if (b[s] == rook || b[s] == queen)
                return true;
        }
        if (g->ray[sq][4 + i] & theirs) {
            d = g->bishop_dirs[i];
            s = sq + d;
            while (b[s] == UNIT_EMPTY)
                s += d;
            if (b[s] == bishop || b[s] == queen)
                return true;
        }
    }
    return false;
}

/* What a line from a king meets: an opposing slider that checks along it, or
 * one unit of the king's side that such a slider pins.  Shared by the legal
 * generators of orthodox and Knight relay (inline: they run it per turn list). */
enum king_line_kind { KING_LINE_FREE, KING_LINE_CHECK, KING_LINE_PIN };
struct king_line {
    enum king_line_kind kind;
    int sq;               /* the checker, or the pinned unit */
    square_set between;   /* CHECK: the empty squares between king and checker */
};

static inline bool orthodox_slides_along(unit_t u, enum colour c, bool diagonal)
{
    return u == unit_make(c, QUEEN) || u == unit_make(c, diagonal ? BISHOP : ROOK);
}

/* Along queen direction i (4..7 diagonal) from the king of `us` on k. */
static inline struct king_line orthodox_king_line(const struct position *p, int k, enum colour us, int i)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    enum colour them = (enum colour)!us;
    int d = g->queen_dirs[i];
    bool diagonal = i >= 4;
    struct king_line line = {KING_LINE_FREE, SQ_NONE, 0};
    if (!(g->ray[k][i] & p->st.occupied[them]))
        return line; /* no opposing unit on it: neither check nor pin (its squares are not wanted then) */
    int s = k + d;
    while (b[s] == UNIT_EMPTY) {
        line.between |= SET_BIT(geo_bit(g, s));
        s += d;
    }
    if (unit_is(b[s], them)) {
        if (orthodox_slides_along(b[s], them, diagonal)) {
            line.kind = KING_LINE_CHECK;
            line.sq = s;
        }
        return line;
    }
    if (!unit_is(b[s], us))
        return line; /* the border, or a neutral unit */
    int pinned = s;
    s += d;
    while (b[s] == UNIT_EMPTY)
        s += d;
    if (unit_is(b[s], them) && orthodox_slides_along(b[s], them, diagonal)) {
        line.kind = KING_LINE_PIN;
        line.sq = pinned;
    }
    return line;
}

bool orthodox_attacked(const struct position *p, int sq, enum colour by);

/* Whether `by` attacks the castling king standing on sq, its home square
 * `home` empty and its rook moved from rook_from to rook_to (the same square:
 * still at home).  RULES 3.7 judges the square the king crosses so, the rook
 * at home, and the square it lands on with the rook beside it. */
typedef bool (*castling_king_attacked_fn)(struct position *p, int home, int sq, int rook_from, int rook_to,
                                          enum colour by);
/* Adds the castling turns allowed by RULES 1 with the given attack test, the
 * king's squares judged by king_on (RULES 3.7).  king_on NULL: by `attacked`
 * with the king still at home, which says the same where every attack on the
 * crossed square through the king's home square attacks the king there (a
 * line: the king is in check) and the rook on the crossed square shields the
 * landing square as the king at home does (orthodox chess, Knight relay). */
void orthodox_castling(struct position *p, struct turn_list *out,
                       bool (*attacked)(const struct position *, int, enum colour), castling_king_attacked_fn king_on);

#endif
