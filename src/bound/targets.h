/* Whether the targets of one king square (struct split: flights, the check)
 * can be shared out between A's units and D's blocks within their turns. */
#ifndef FS_BOUND_TARGETS_H
#define FS_BOUND_TARGETS_H

#include "goal_bound_node.h"

/* True when A's units can serve some of sp's targets within a turns and D's
 * units block the rest within rb (struct split): the relaxed test by the
 * units' counts first, then the exact one by the squares they may end on.
 * False proves the king square out. */
bool split_both(const struct goal_bound *n, struct split *sp, int rb);

#endif
