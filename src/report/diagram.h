/* Popeye's problem header: remark, centred author/origin/title, the board
 * diagram (any number of ranks), and the stipulation line with piece counts. */
#ifndef FS_DIAGRAM_H
#define FS_DIAGRAM_H

#include "../problem/problem.h"
#include "../problem/setup.h"
#include "../solve/text.h"

/* Popeye's note where Option Threat n cannot apply (it is ignored): help
 * play and series, which have no threats, and battle play of m >= 2 moves
 * with n >= m, where no threat is shorter than the play (Popeye 4.104: no
 * note for m = 1 or n = 0).  Popeye prints it before each twin's play and
 * before a duplex part's. */
void diagram_write_threat_note(struct text *out, const struct problem *pr, const struct stipulation *st);
void diagram_write_header(struct text *out, const struct problem *pr, const struct position *p,
                          const struct twin_view *v);

#endif
