/* What Emulation's generator (emulation.c) tells its goal hooks
 * (emulation_goal.c): a unit's borrowed moves on the board as it stands. */
#ifndef FS_EMULATION_MOVES_H
#define FS_EMULATION_MOVES_H

#include "../board/position.h"

/* The squares the unit on `from` may move to with its neighbours' powers,
 * its own king's safety ignored (RULES 5.1-5.3): empty or holding an enemy
 * unit; none when it has no neighbour. */
square_set emulation_unit_targets(const struct position *p, int from);

#endif
