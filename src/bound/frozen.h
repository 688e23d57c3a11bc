/* D's frozen units (frozen.c): the lines of A's units that they cut, for a
 * second look where the first cut nothing. */
#ifndef FS_BOUND_FROZEN_H
#define FS_BOUND_FROZEN_H

#include "goal_bound_node.h"

/* Whether freeze_lines is worth asking now (its statistics: learnt). */
bool freeze_pays(struct goal_bound *n);
/* After a look at p that cut nothing, where D is to move with at most one
 * turn and A has its last: cuts the lines of A's units that stay past D's
 * frozen units out of what they deny and check, and folds the cuts into
 * a_hash; false where nothing changed. */
bool freeze_lines(struct goal_bound *n, const struct position *p);

#endif
