/* Joining the answers of parts that each solved some first moves of one twin
 * (--first-moves) into the answer of the whole twin, from their JSON lines. */
#ifndef FS_MERGE_H
#define FS_MERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <cjson/cJSON.h>

#include "../problem/problem.h"
#include "../search/result.h"
#include "../base/text.h"

struct merged_twin {
    struct result r;            /* keys, tries, solutions, duals, flags, nodes and seconds summed */
    cJSON *tree;                /* the tree of the whole twin */
    struct text text;           /* the solution text (no header, no closing line) */
};

/* lines: the parts' JSON lines of one twin ("part" present), in the order of
 * their first moves; the first gives set play and phase ends.  st: the
 * twin's stipulation (solution lines, and their duals in help play, or
 * battle play's keys).  False with a message when a line is not what a
 * part writes. */
bool merge_twin(const cJSON *const *lines, int count, const struct stipulation *st, struct merged_twin *m, char *msg,
                size_t msglen);
void merged_twin_free(struct merged_twin *m);

#endif
