/* --check on a YACPDB entry: its published solution (Popeye's text, the
 * entry's `solution`) compared with the keys or solutions found. */
#ifndef FS_PUBLISHED_H
#define FS_PUBLISHED_H

#include "../base/text.h"
#include "../search/result.h"
#include "job.h"

/* The twin's part of j->pr->published (after its label "b)" when the
 * problem has twins; its set play and tries left out) is read into lines of
 * moves, each replayed on the twin's position; what is found that it lacks
 * is a cook, what it has that is not found is "not ours".  j->verdict is
 * amended (verdict_published) and the lines written to notes, each named.
 * Nothing is done without a published solution, for the part with the
 * roles exchanged (Duplex), or when no line of the twin's could be read
 * (a note says so). */
void published_check(struct job *j, const struct result *r, struct text *notes);

#endif
