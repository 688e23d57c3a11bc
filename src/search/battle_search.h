/* Direct and self play searched for Popeye's solution tree: set play, keys,
 * tries, threats, variations; each part goes to a sink as it is proved. */
#ifndef FS_BATTLE_SEARCH_H
#define FS_BATTLE_SEARCH_H

#include "result.h"
#include "sink.h"
#include "solver.h"

/* Searches set play, keys and tries of an n-mover; sends the tree to sink
 * (may be NULL) and puts keys and tries into r. */
void battle_search(struct solver *s, int n, struct result *r, const struct solution_sink *sink);

#endif
