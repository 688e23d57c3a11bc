/* A look of the bound at one node (king_squares.c): each square D's king may
 * end on within its turns, tried in turn until one may be mated on. */
#ifndef FS_BOUND_KING_SQUARES_H
#define FS_BOUND_KING_SQUARES_H

#include "../problem/problem.h"
#include "goal_bound_node.h"

/* The bound with A's and D's turns given: a for A (who moves last), d for D.
 * Each king square's verdict is a claim of its own: no final position with
 * D's king there is reached within the budgets.  A claim made at a node
 * holds at every node below it on the search path, whose play extended by
 * the moves above it would be play from the node within its budgets: so
 * the squares in *excluded that an ancestor proved (goal_bound_prunes_below)
 * are not looked at, and those proved here join them, for the nodes below;
 * the look goes on past the first feasible square while that pays (stats,
 * struct level; without stats it stops there).  With `read_only`, none is
 * added (the pass of D's turn is no node of the search; a look with nothing
 * known, fails).  The square found feasible last is tried first (witness).
 * True when every square is proved: no final position reached from p within
 * the budgets reaches `goal`. */
bool fails_excluding(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A, int a, int d,
                     square_set *excluded, bool read_only, struct level *stats);

#endif
