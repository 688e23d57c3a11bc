/* Goal hooks of Emulation for goal-directed help play (RULES 5): shared with
 * emulation.c, which names them in its struct rules. */
#ifndef FS_EMULATION_GOAL_H
#define FS_EMULATION_GOAL_H

#include "rules.h"

extern const struct goal_hooks emulation_goal;

#endif
