/* Popeye's problem header: remark, centred author/origin/title, the board
 * diagram (any number of ranks), and the stipulation line with piece counts. */
#ifndef FS_DIAGRAM_H
#define FS_DIAGRAM_H

#include "../problem/problem.h"
#include "../problem/setup.h"
#include "../base/text.h"

/* Popeye's notes on options that cannot apply to the stipulation as solved,
 * which it prints before each twin's play and before a duplex part's (Popeye
 * 4.104): Intelligent outside mate and stalemate in help play and series;
 * SetPlay in a direct series; Threat n in help play and series, which have
 * no threats, and in battle play of m >= 2 moves with n >= m, where no
 * threat is shorter than the play (no note for m = 1 or n = 0). */
void diagram_write_phase_notes(struct text *out, const struct problem *pr, const struct stipulation *st);
/* Popeye's notes on Quodlibet and WhiteToPlay where they do not apply to
 * stipulation st, and on PostKeyPlay where it does not apply to post_key
 * (the same, but for the diagram's first twin): above the diagram, and
 * before the label of a twin that gives a stipulation of its own (Popeye
 * 4.104 prints them as it reads the stipulation). */
void diagram_write_stipulation_notes(struct text *out, const struct problem *pr, const struct stipulation *st,
                                     const struct stipulation *post_key);
void diagram_write_header(struct text *out, const struct problem *pr, const struct position *p,
                          const struct twin_view *v);

#endif
