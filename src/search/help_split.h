/* Help play on several threads: one length's search split into ordered
 * tasks, searched by split.h's workers with the help search's node (help.h). */
#ifndef FS_HELP_SPLIT_H
#define FS_HELP_SPLIT_H

#include <stdbool.h>

#include "help.h"

/* Searches length k from h's root on h->s->threads threads, with the
 * results help_node(h, k) would give, in its order; false when it did not
 * (one thread, a short length, MoveNumbers): the caller searches alone. */
bool help_split_phase(struct help_run *h, int k);
/* Searches the phase's lengths first .. h->last, with the results help_node
 * would give length by length, in their order: the last split over the
 * threads while the calling thread first searches the shorter ones alone
 * (so that no thread waits on them); false when it would not (MaxSolutions,
 * StopOnShortSolutions, or as help_split_phase for the last length): the
 * caller goes on length by length. */
bool help_split_with_shorter(struct help_run *h, int first);
/* Frees what help_split_phase kept for h's later lengths. */
void help_split_release(struct help_run *h);

#endif
