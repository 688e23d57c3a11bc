/* Sealing a part's JSON lines: --merge refuses a line changed since its run
 * wrote it. */
#ifndef FS_PART_SEAL_H
#define FS_PART_SEAL_H

#include <stdbool.h>
#include <stddef.h>

/* Parts come from other machines: a line changed on the way (cut, edited,
 * written by something that imitates fairysolve) is refused by name rather
 * than merged into another answer.  A check against accidents, not a
 * signature: anyone can seal a line anew. */

/* A part's JSON line (malloc'd, "part" its last field) with the seal added
 * as the last field of "part"; returns the line, reallocated. */
char *part_line_seal(char *line);
/* Whether the line s (len bytes; written to, then restored) ends with the
 * seal of the rest. */
bool part_line_sealed(char *s, size_t len);

#endif
