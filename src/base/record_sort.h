/* Sorting text records in bounded memory: runs sorted in memory go to
 * temporary files (spool.h), then are merged.  For groupings over millions
 * of solutions (search/duals.c), whose text would not fit in memory. */
#ifndef FS_RECORD_SORT_H
#define FS_RECORD_SORT_H

#include <stdbool.h>
#include <stddef.h>

struct record_sort;

/* A sorter keeping about `memory` bytes of records in memory. */
struct record_sort *record_sort_new(size_t memory);
/* Adds one record: a string without a newline.  False when a temporary
 * file failed (the sort is then lost). */
bool record_sort_add(struct record_sort *rs, const char *record);
/* Every record in strcmp order (equal ones in any order) to fn, once;
 * false from fn stops.  False when stopped or a temporary file failed. */
bool record_sort_each(struct record_sort *rs, bool (*fn)(void *ctx, const char *record), void *ctx);
void record_sort_free(struct record_sort *rs);

#endif
