/* Series play (ser-#n, ser-h#n, ser-s#n, ser-r#n and their = and #= forms):
 * one side's moves in a row, every length up to n, shortest first. */
#ifndef FS_SERIES_H
#define FS_SERIES_H

#include "result.h"
#include "sink.h"
#include "solver.h"

/* moves: n of the stipulation; the side to move in s->pos makes the series
 * and s->play says how it ends.  Set play (Option SetPlay) comes first when
 * the series ends with the other side's move.  Canonical solutions go into
 * r, every solution line to sink (may be NULL). */
void series_search(struct solver *s, int moves, struct result *r, const struct solution_sink *sink);

#endif
