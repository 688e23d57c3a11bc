/* Transposition table: fixed memory, bucketed, keyed on the full state hash
 * mixed with the search mode.  Stores bounds, never moves or trees. */
#ifndef FS_TT_H
#define FS_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/memory.h"

/* What the table remembers about one node. */
struct tt_bounds {
    uint8_t win_at;     /* battle: smallest n known to win (TT_NONE if none) */
    uint8_t fail_at;    /* battle: largest n known to fail (0 if none) */
    uint8_t hint_from, hint_to; /* battle: the move that won or refuted here */
    uint32_t help_fail; /* help: bit k set = no solution in exactly k plies */
};

/* One slot.  check = key ^ data, so a slot torn by two threads writing at
 * once reads as absent instead of as somebody else's bounds; bits 1-8 of
 * check hold instead the generation the slot was written in (tt.c), key's
 * bits there being those of the bucket's index. */
struct tt_entry {
    uint64_t check;
    uint64_t data;      /* struct tt_bounds, packed */
};

#define TT_NONE 0xff
#define TT_BUCKET 4

struct tt {
    struct tt_entry *entries;
    size_t bucket_count;  /* reserved buckets, a power of two */
    size_t bytes;         /* mapped size */
    size_t active;        /* buckets in use, a power of two; grows up to bucket_count */
    int growing;          /* one thread at a time doubles the active part */
    int generation_shift; /* a generation lasts 2^shift puts: as many as slots (tt.c) */
    /* Written by every thread at each new entry: alone on its cache line, so
     * that the fields read at every probe above are not fetched again from
     * the other core after each write (on one line with them, two threads
     * would spend more processor time than one). */
    char used_line_before[MEMORY_CACHE_LINE];
    size_t used;          /* slots filled within the active part, counted in batches (tt.c) */
    size_t puts;          /* tt_put calls, counted in batches: the clock of generations */
    char used_line_after[MEMORY_CACHE_LINE];
};

/* megabytes is an upper bound: the table never takes more.  It starts small
 * and doubles when half full, so a short solve touches little memory. */
bool tt_init(struct tt *t, size_t megabytes);
void tt_free(struct tt *t);
void tt_clear(struct tt *t);
/* Starts fetching key's bucket into the cache: a later tt_get or tt_put of
 * the key then waits less (callers ask for several keys before probing). */
void tt_prefetch(const struct tt *t, uint64_t key);
/* The bounds for key into *out; false (and *out empty) when absent. */
bool tt_get(const struct tt *t, uint64_t key, struct tt_bounds *out);
/* Slots filled: the shared count and this thread's entries not yet in it
 * (exact on one thread; on several, short by the others' pending entries). */
size_t tt_used(const struct tt *t);
/* Stores bounds for key, replacing the least useful slot of its bucket:
 * the one with the fewest proofs, the oldest among equals (tt.c). */
void tt_put(struct tt *t, uint64_t key, const struct tt_bounds *b);
/* Fraction of the reserved slots in use. */
double tt_fill(const struct tt *t);

static inline struct tt_bounds tt_bounds_empty(void)
{
    return (struct tt_bounds){.win_at = TT_NONE};
}

/* Slot access for persistence: entry i, its key, its bounds. */
static inline size_t tt_slot_count(const struct tt *t) { return t->active * TT_BUCKET; }
bool tt_slot_read(const struct tt *t, size_t i, uint64_t *key, struct tt_bounds *b);

#endif
