/* Goal hooks of Stones & Relays for goal-directed help play (RULES 4): shared
 * with stones_relays.c, which names them in its struct rules. */
#ifndef FS_STONES_RELAYS_GOAL_H
#define FS_STONES_RELAYS_GOAL_H

#include "rules.h"

extern const struct goal_hooks stones_relays_goal;

#endif
