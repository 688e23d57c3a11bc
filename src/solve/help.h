/* Help play (h#n, h#n.5 and their = and #= forms) with Popeye's solution
 * lines; finds every solution, short ones first. */
#ifndef FS_HELP_H
#define FS_HELP_H

#include "result.h"
#include "solver.h"

/* plies: half-moves of the full solution; the side to move in s->pos
 * makes the first one.  Set play (Option SetPlay) is written first. */
void help_write(struct solver *s, int plies, struct result *r);

#endif
