/* The disturbers of a mate by a single check (disturbers.c): whether some
 * checker and checker square leave D's units on the flights no parry. */
#ifndef FS_BOUND_DISTURBERS_H
#define FS_BOUND_DISTURBERS_H

#include "goal_bound_node.h"

/* King square s, with rb turns of D's left and `from` the squares from
 * which each kind checks s: true when some A unit can check from some
 * square, and the flights be denied or blocked by units that cannot parry
 * that check (or a second A unit fits beside the checker); asked only
 * where the king square's splits were feasible without it. */
bool single_check_survives(struct goal_bound *n, int s, int rb, const square_set *from);

#endif
