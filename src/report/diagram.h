/* Popeye's problem header: remark, centred author/origin/title, the board
 * diagram (any number of ranks), and the stipulation line with piece counts. */
#ifndef FS_DIAGRAM_H
#define FS_DIAGRAM_H

#include "../problem/problem.h"
#include "../problem/setup.h"
#include "../solve/text.h"

void diagram_write_header(struct text *out, const struct problem *pr, const struct position *p,
                          const struct twin_view *v);

#endif
