/* Transposition table: fixed memory, bucketed, keyed on the full state hash
 * mixed with the search mode.  Stores bounds, never moves or trees. */
#ifndef FS_TT_H
#define FS_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tt_entry {
    uint64_t key;
    uint8_t win_at;     /* battle: smallest n known to win (TT_NONE if none) */
    uint8_t fail_at;    /* battle: largest n known to fail (0 if none) */
    uint8_t hint_from, hint_to; /* battle: the move that won or refuted here */
    uint32_t help_fail; /* help: bit k set = no solution in exactly k plies */
};

#define TT_NONE 0xff
#define TT_BUCKET 4

struct tt {
    struct tt_entry *entries;
    size_t bucket_count;  /* power of two */
    size_t used;
};

/* megabytes is an upper bound: the table never takes more. */
bool tt_init(struct tt *t, size_t megabytes);
void tt_free(struct tt *t);
void tt_clear(struct tt *t);
/* The entry for key, or NULL. */
struct tt_entry *tt_find(struct tt *t, uint64_t key);
/* The entry for key, created (replacing the least useful one) if absent. */
struct tt_entry *tt_slot(struct tt *t, uint64_t key);
double tt_fill(const struct tt *t);

#endif
