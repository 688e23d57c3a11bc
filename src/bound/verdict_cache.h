/* The memory of king squares' verdicts (verdict_cache.c): a king square's
 * verdict at a node, remembered under a key of everything it reads. */
#ifndef FS_BOUND_VERDICT_CACHE_H
#define FS_BOUND_VERDICT_CACHE_H

#include "goal_bound_node.h"

#define VERDICTS (1 << 17) /* king squares' verdicts remembered (verdict_key), per bound: 1 MiB */

/* A bound's memory of VERDICTS verdicts, all empty (NULL when memory runs
 * out); written once before threads start (touch); freed. */
uint64_t *verdict_memory_new(void);
void verdict_memory_touch(uint64_t *verdicts);
void verdict_memory_free(uint64_t *verdicts);

/* Can D's king on square bit s, reached in king_turns of D's turns, be
 * mated (stalemated) within the budgets, past the cheap tests
 * (king_square_feasible)?  The verdict remembered under its key
 * (verdict_key), or worked out (square_verdict) and remembered.  A key is
 * 64 bits of hash, as the transposition table's; a collision would give
 * another square's verdict. */
bool king_square_verdict(struct goal_bound *n, int s, int king_turns, bool need_check);

#endif
