/* Dynamo's attack (RULES 3.5, 0 "Attack"): whether a push or pull removes the
 * unit on a square, what that test reads around a king, and may_check. */
#ifndef FS_DYNAMO_ATTACK_H
#define FS_DYNAMO_ATTACK_H

#include <stdbool.h>

#include "../board/position.h"

/* A unit on q is attacked by `by` when a push or pull of `by` removes it:
 * pushed off along a line whose far side is empty to the edge, or pulled by a
 * unit leaving the board.  The small tests are inline: the generation's king
 * safety test runs them per candidate turn. */

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
bool dynamo_line_attack(const unit_t *b, int q, int v, enum colour by, bool diagonal);

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
bool dynamo_knight_attack(const struct geometry *g, const unit_t *b, int q, enum colour by);

/* The four lines through a square, one positive step each: ranks and files
 * first, then diagonals (danger[]'s bits and king_reads.line[] count them so). */
static inline void dynamo_four_lines(const struct geometry *g, int dir[4], bool diagonal[4])
{
    dir[0] = g->north;
    dir[1] = g->east;
    dir[2] = g->north + g->east;
    dir[3] = g->north + g->west;
    diagonal[0] = diagonal[1] = false;
    diagonal[2] = diagonal[3] = true;
}

/* What the attacks on a king on q (RULES 3.5) read and where their units stand,
 * worked out once per square and geometry on each thread: every generate_checks
 * and every generation in check asks (walking the rays anew each time would
 * weigh on every such generation). */
struct king_reads {
    square_set all;      /* read_by_attack's squares: q, its lines, the squares a leap and two leaps away */
    square_set line[4];  /* each line through q, q left out, in dynamo_four_lines' order */
    square_set ortho;    /* its rank and file */
    square_set diag;     /* its diagonals */
    square_set knight;   /* where a knight pushes or pulls q off the board */
    square_set king;     /* where a king pushes q off the board (beside q, the edge beyond q) */
    square_set pawn[2];  /* where a pawn of colour c pushes q off */
};
/* The thread's table behind dynamo_king_reads_of, filled on first use. */
extern _Thread_local const struct geometry *dynamo_reads_geo;
extern _Thread_local bool dynamo_reads_known[MAX_SQUARES];
extern _Thread_local struct king_reads dynamo_reads[MAX_SQUARES];
const struct king_reads *dynamo_king_reads_fill(const struct geometry *g, int q);
/* Inline: the attack tests ask it for every square they test. */
static inline const struct king_reads *dynamo_king_reads_of(const struct geometry *g, int q)
{
    if (dynamo_reads_geo == g && dynamo_reads_known[q])
        return &dynamo_reads[q];
    return dynamo_king_reads_fill(g, q);
}

/* Any push or pull of `by` removing the unit on q, on the board b, where
 * `units` holds every square of b with a unit of `by` (more squares may be
 * in it): a line, knight or pawn square with none of them is not looked at.
 * `king` (within units, or empty) holds squares where no unit of `by` but
 * its king may stand: a line is looked at for them only where the king
 * would push q off (beside q, the edge beyond it), a king's only attack. */
bool dynamo_board_attacked_among(const struct geometry *g, const unit_t *b, int q, enum colour by, square_set units,
                                 square_set king);
/* rules.h attacked. */
bool dynamo_attacked(const struct position *p, int q, enum colour by);

/* rules.h may_check (see dynamo_attack.c). */
bool dynamo_may_check(const struct position *p, const struct turn *t);
/* What the attack on the enemy king reads of turn t's squares (read[4]);
 * false when t cannot check, *sure when it must be looked at whatever it reads. */
bool dynamo_may_check_reads(const struct position *p, const struct turn *t, int read[4], bool *sure);
/* Whether our units attack the enemy king on q on the board `after` (a pawn,
 * or along the lines and by the knights in read[4]); units and king as
 * dynamo_board_attacked_among's, for our units on `after`. */
bool dynamo_checks_after(const struct geometry *g, const unit_t *after, int q, enum colour us, const int read[4],
                         square_set units, square_set king);

#endif
