/* Help play (h#n, h#n.5 and their = and #= forms) searched for every
 * solution, short ones first; each goes to a sink when it is found. */
#ifndef FS_HELP_SEARCH_H
#define FS_HELP_SEARCH_H

#include "result.h"
#include "sink.h"
#include "solver.h"

/* plies: half-moves of the full solution; the side to move in s->pos
 * makes the first one.  Set play (Option SetPlay) comes first.  Canonical
 * solutions go into r, every solution line to sink (may be NULL). */
void help_search(struct solver *s, int plies, struct result *r, const struct solution_sink *sink);

#endif
