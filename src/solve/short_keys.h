/* Short solutions of battle play (RULES.md 6): keys that force the goal in
 * fewer turns than stipulated.  Reads the solved result; solves nothing new. */
#ifndef FS_SHORT_KEYS_H
#define FS_SHORT_KEYS_H

#include "result.h"
#include "solver.h"

/* Adds to r->short_keys every key of r->keys that wins within fewer than n
 * turns (not only those reaching the goal at once, which battle_write lists
 * already).  Call after battle_write, with the same solver. */
void short_keys_complete(struct solver *s, int n, struct result *r);

#endif
