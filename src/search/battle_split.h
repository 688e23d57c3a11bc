/* Battle play on several threads: the first moves' verdicts (key, try and
 * its refutations) are asked on -j N threads, the tree shown in order. */
#ifndef FS_BATTLE_SPLIT_H
#define FS_BATTLE_SPLIT_H

#include <stdbool.h>

#include "solver.h"

/* verdict(ctx, solver, i) for each first move i < count on s->threads
 * threads, each with a solver of its own (a copy of s at the root);
 * assist(ctx, solver, i): i's yes/no question alone, asked on an idle
 * thread while i's verdict runs on another (its answer is not used; NULL:
 * none);
 * `order`: the order in which the verdicts are taken (split_job.order);
 * show(ctx, i) on the calling thread in order once i's verdict is in (false:
 * stop).  A verdict cut short by the clock stops the search there, as with
 * one thread. */
void battle_split_roots(struct solver *s, int count, const int *order,
                        void (*verdict)(void *ctx, struct solver *worker, int i),
                        void (*assist)(void *ctx, struct solver *worker, int i), bool (*show)(void *ctx, int i),
                        void *ctx);

#endif
