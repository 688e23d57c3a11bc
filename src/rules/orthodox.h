/* Orthodox pieces' attacks and castling, for rule sets that keep them.
 * Declarations only; the rule set itself is rules_orthodox in rules.h. */
#ifndef FS_ORTHODOX_H
#define FS_ORTHODOX_H

#include "../board/position.h"

/* Attacks on sq by `by` from pawns, king and lines (everything but knights):
 * inline because every attack test of orthodox and Knight relay runs it. */
static inline bool orthodox_attacked_except_knights(const struct position *p, int sq, enum colour by)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    int fwd = by == WHITE ? g->north : g->south;
    unit_t pawn = unit_make(by, PAWN), king = unit_make(by, KING);
    unit_t queen = unit_make(by, QUEEN), rook = unit_make(by, ROOK), bishop = unit_make(by, BISHOP);
    if (b[sq - fwd - 1] == pawn || b[sq - fwd + 1] == pawn)
        return true;
    for (int i = 0; i < 8; i++)
        if (b[sq + g->queen_dirs[i]] == king)
            return true;
    for (int i = 0; i < 4; i++) {
        int d = g->rook_dirs[i], s = sq + d;
        while (b[s] == UNIT_EMPTY)
            s += d;
        if (b[s] == rook || b[s] == queen)
            return true;
        d = g->bishop_dirs[i];
        s = sq + d;
        while (b[s] == UNIT_EMPTY)
            s += d;
        if (b[s] == bishop || b[s] == queen)
            return true;
    }
    return false;
}

bool orthodox_attacked(const struct position *p, int sq, enum colour by);
/* Adds the castling turns allowed by RULES 1 with the given attack test. */
void orthodox_castling(struct position *p, struct turn_list *out,
                       bool (*attacked)(const struct position *, int, enum colour));

#endif
