/* A's last check looked at on the board (check_lines.c): the lines it needs
 * clear, where a king square's verdict counted the check for nothing. */
#ifndef FS_BOUND_CHECK_LINES_H
#define FS_BOUND_CHECK_LINES_H

#include "goal_bound_node.h"

/* Whether the lines of A's last turn are looked at on the board at this
 * node: the lines pair holds for A, neither side may castle, and A has no
 * pawn; worked out on first use. */
bool lines_clear(struct goal_bound *n);
/* A's last turn, D's turns all before it (lines_clear): may the unit making
 * it check king square s from the square it goes to, its lines cleared in
 * time?  False when none fits. */
bool moved_check_clear(struct goal_bound *n, int s, int king_turns);
/* The same where some unit of A checks s along a line where it stands: may
 * A's last turn discover that check, the line cleared in time? */
bool discovered_check_clear(struct goal_bound *n, int s, int king_turns);

#endif
