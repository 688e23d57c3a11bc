/* Expect lines checked against the problem before it is solved: each key
 * matched to a legal first move, lines that do not fit the stipulation named. */
#ifndef FS_EXPECT_LINES_H
#define FS_EXPECT_LINES_H

#include <stdbool.h>

#include "../problem/reader.h"
#include "../problem/setup.h"
#include "../base/text.h"

/* The `count` twins of pr (views, starting positions) as built for solving.
 * Keys are read as Popeye writes them (Qa3-d6, Sb1*c3), as magazines do
 * (Qf2, Sxe4, 1.Qf2!, exd5, e8=Q), in canonical form (a3d6), in either case
 * and with German letters (D T L S for Q R B S).  Each key must be exactly one
 * legal first move of some twin solved with the problem's stipulation: its
 * canonical forms go to pr->expect.resolved.  False with err at the key when
 * a key is none, or more than one, of those moves.  Lines that do not fit the
 * stipulation (Expect key in help play, Expect solutions in direct or self
 * play) are ignored with a warning "FILE:LINE:COLUMN: warning: ..." each,
 * appended to warnings. */
bool expect_lines_check(struct problem *pr, int count, const struct twin_view *views, const struct position *starts,
                  struct parse_error *err, struct text *warnings);

/* Whether the move written as a key may be (expect_lines_check's
 * notations) is turn t of the side to move in p; "1." and the marks
 * "+#!?" and "ep." around it are ignored. */
bool expect_move_names(const struct position *p, const struct turn *t, const char *written);

#endif
