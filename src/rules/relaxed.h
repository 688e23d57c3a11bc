/* Over-approximated powers of orthodox units on an empty board: what the goal
 * hooks of orthodox chess and Knight relay (rules.h, struct goal_hooks) build on. */
#ifndef FS_RELAXED_H
#define FS_RELAXED_H

#include "../board/position.h"

static inline int relaxed_first_rank(const struct geometry *g, enum colour c) { return c == WHITE ? 0 : g->ranks - 1; }
static inline int relaxed_last_rank(const struct geometry *g, enum colour c) { return c == WHITE ? g->ranks - 1 : 0; }

/* Squares a unit of kind k and colour c on sq may reach in one turn when the
 * board is empty or holds capturable units wherever that helps (RULES 1): a
 * pawn's pushes, double step from its second rank and diagonal captures. */
void relaxed_orthodox_reach(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                            square_set *out);
/* The same without captures: a pawn's pushes and double step; other units
 * move as in relaxed_orthodox_reach, since their captures go where their
 * quiet moves go on an empty board. */
void relaxed_orthodox_reach_quiet(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                                  square_set *out);
/* Squares such a unit attacks on an empty board: a superset of its attacks on
 * any board, since other units only cut lines. */
void relaxed_orthodox_attacks(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                              square_set *out);
/* The king's castling squares from its home square (two files either way). */
void relaxed_castling(const struct position *p, enum colour c, enum kind k, int sq, square_set *out);
/* The eight neighbours of sq that are on the board. */
void relaxed_neighbours(const struct position *p, int sq, square_set *out);
/* Squares an orthodox unit on sq moves to in one turn whatever else stands
 * on the board (goal_hooks.sure_moves): a step of a queen, rook or bishop to
 * a neighbour along its lines, a knight's leap, a pawn's push (capture false)
 * or its diagonal captures (capture true); a king's moves are never sure. */
void relaxed_orthodox_sure_moves(const struct position *p, enum colour c, enum kind k, int sq, bool capture,
                                 square_set *out);
/* The squares between sq and `to` when a queen, rook or bishop on sq attacks
 * `to` along its line (goal_hooks.attack_line); other attacks need none. */
void relaxed_orthodox_attack_line(const struct position *p, enum colour c, enum kind k, int sq, int to,
                                  square_set *out);
/* A pawn of colour c arriving on sq promotes: its last rank (RULES 0). */
bool relaxed_promotes_on_last_rank(const struct position *p, enum colour c, int sq);

#endif
