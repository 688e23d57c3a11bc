/* Sealing a part's JSON lines: --merge refuses a line changed since its run
 * wrote it. */
#ifndef FS_PART_SEAL_H
#define FS_PART_SEAL_H

#include <stdbool.h>
#include <stddef.h>

#include "../report/json_tree.h"

/* Parts come from other machines: a line changed on the way (cut, edited,
 * written by something that imitates fairysolve) is refused by name rather
 * than merged into another answer.  A check against accidents, not a
 * signature: anyone can seal a line anew. */

/* A part's JSON line (malloc'd, "part" its last field) with the seal added
 * as the last field of "part"; returns the line, reallocated. */
char *part_line_seal(char *line);
/* A part's JSON line sealed while it is written (report/json_stream.h):
 * every byte goes on to out and into the digest. */
struct part_seal_stream {
    struct json_writer out;
    unsigned long long hash;
};
/* The writer to give the line to. */
struct json_writer part_seal_stream_begin(struct part_seal_stream *s, const struct json_writer *out);
/* The end of the line after what was written (which stops before the
 * closing braces of "part" and the line): the seal, then "}}"; malloc'd. */
char *part_seal_stream_end(void *seal_stream);

/* Whether the line s (len bytes; written to, then restored) ends with the
 * seal of the rest. */
bool part_line_sealed(char *s, size_t len);

#endif
