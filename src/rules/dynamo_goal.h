/* Dynamo's facts for goal-directed help play (RULES 3.5, 0): which squares a
 * turn must change for the other side to give check with its next turn. */
#ifndef FS_DYNAMO_GOAL_H
#define FS_DYNAMO_GOAL_H

#include <stdbool.h>

#include "../board/position.h"

/* rules.h check_needs: at p (D to move), false where the other side A may
 * give check after some turn of D's that changes nothing; else true, with
 * *relevant the squares a turn of D's must change for A to have a turn that
 * gives check after it. */
bool dynamo_check_needs(struct position *p, square_set *relevant);
/* rules.h may_give_check: false only when the side to move has no legal
 * turn giving check (the other side not in check). */
bool dynamo_may_give_check(struct position *p);

/* The squares that generating the turns of the unit on s reads (RULES
 * 3.1-3.4), its own square included; where one of its lines meets the unit
 * on `king` first, *landings gets every square that unit may be pushed or
 * pulled to along it.  Exposed for the unit test. */
square_set dynamo_unit_reads(const struct position *p, int s, int king, square_set *landings);

#endif
