/* Threats of battle play and what defeats them, shared by the printed tree
 * and the dual counter so both judge a defence the same way. */
#ifndef FS_THREATS_H
#define FS_THREATS_H

#include <stdbool.h>

#include "solver.h"

/* Canonical text of t as the mover's decision: without the promotion letter
 * when the opponent chooses it (OwnerPromotes). */
void decision_canonical(const struct position *pos, const struct turn *t, char *buf);
/* The same move by its squares, as Popeye matches threats: a threat that
 * captured before the defence and no longer does is still the same move. */
bool threat_same_move(const struct turn *a, const struct turn *b);
/* Defender to move, n as in defence_loses: passes, and lists into threats the
 * attacker moves winning in the shortest length t, which it returns (0: none). */
int threats_find(struct solver *s, int n, struct turn_list *threats);
/* After a defence: does some threat move fail or become impossible? */
bool threat_defeated(struct solver *s, const struct turn_list *threats, int t);

#endif
