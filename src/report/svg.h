/* A problem's diagram as an SVG 1.1 document: the board of the rule set, the
 * units on it, and the caption problemists put around a diagram (--svg). */
#ifndef FS_SVG_H
#define FS_SVG_H

#include "../base/text.h"
#include "../problem/problem.h"
#include "../problem/setup.h"

/* The geometry a reader of the picture needs (tests, docs/diagrams.md): a
 * square is SVG_SQUARE units wide; the board's frame is the rect with
 * id="board", file a on its left, the first rank at its bottom. */
#define SVG_SQUARE 40

/* The whole document for position p, the twin v of pr shows: author,
 * source, award and title above the board; stipulation, piece count
 * (w+b+n), condition and options under it; with twin_line, the twin's
 * label and change ("b) wKe1-->e2") last. */
void svg_write_diagram(struct text *out, const struct problem *pr, const struct position *p,
                       const struct twin_view *v, bool twin_line);

#endif
