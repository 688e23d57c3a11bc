/* Goal-directed help play: a node is cut when no final position that the
 * remaining turns can pay for is mate (or stalemate), by admissible counts. */
#ifndef FS_GOAL_BOUND_H
#define FS_GOAL_BOUND_H

#include <stdbool.h>

#include "../board/position.h"
#include "../problem/problem.h"
#include "goal_tables.h"

/* The bound's tables and working memory for one solver; NULL when p's rule
 * set has no goal hooks (its help play stays the plain search). */
struct goal_bound;
struct goal_bound *goal_bound_new(const struct position *p);
void goal_bound_free(struct goal_bound *gb);

/* True only when no sequence of exactly `plies` half-moves from p, the last
 * one by the side whose opponent is to be mated, can end in `goal`. */
bool goal_bound_proves_failure(struct goal_bound *gb, const struct position *p, enum goal goal, int plies);
/* The same with the turns counted per side, in any order: `a` turns of the
 * side A that moves last and d of the side to be mated (series play). */
bool goal_bound_proves_failure_turns(struct goal_bound *gb, const struct position *p, enum goal goal, enum colour A,
                                     int a, int d);
/* The same, asked by the help search at each node: false without asking
 * where the bound does not pay (the last move; remaining lengths at which it
 * has rarely cut lately), which never loses a solution. */
bool goal_bound_prunes(struct goal_bound *gb, const struct position *p, enum goal goal, int plies);

#endif
