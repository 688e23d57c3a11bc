/* Move notation: Popeye's text form and the canonical form of FORMAT.md 8.
 * Needs the position before the turn; check and mate marks are the caller's. */
#ifndef FS_NOTATION_H
#define FS_NOTATION_H

#include "position.h"

#define NOTATION_MAX 48

/* "Qa7-f2", "e7*f8=Q", "0-0", "g4*f3 ep.", "Ra1-a5/Ba5E", "Qd2-f4/Xd5-d6" */
void turn_text(const struct position *before, const struct turn *t, char *buf);
/* "a7f2", "e7f8Q", "e1h1", "a1a5/a5E", "b1/c3d5", "d2f6/e4e5" */
void turn_canonical(const struct position *before, const struct turn *t, char *buf);

#endif
