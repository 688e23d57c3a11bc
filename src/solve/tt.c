/* Transposition table: fixed memory, four-way buckets, keyed on the full
 * state hash.  Knows nothing about positions; callers give 64-bit keys. */
#include "tt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE ((size_t)2 << 20)

bool tt_init(struct tt *t, size_t megabytes)
{
    size_t bytes = megabytes << 20, buckets = 1;
    while (buckets * 2 * TT_BUCKET * sizeof(struct tt_entry) <= bytes)
        buckets *= 2;
    size_t size = buckets * TT_BUCKET * sizeof(struct tt_entry);
    /* huge pages: a table written at random otherwise costs a page fault per write */
    t->entries = size >= HUGE_PAGE ? aligned_alloc(HUGE_PAGE, size) : NULL;
    if (t->entries) {
        madvise(t->entries, size, MADV_HUGEPAGE);
        memset(t->entries, 0, size);
    } else {
        t->entries = calloc(buckets * TT_BUCKET, sizeof(struct tt_entry));
    }
    t->bucket_count = t->entries ? buckets : 0;
    t->used = 0;
    return t->entries != NULL;
}

void tt_free(struct tt *t)
{
    free(t->entries);
    t->entries = NULL;
    t->bucket_count = 0;
}

void tt_clear(struct tt *t)
{
    memset(t->entries, 0, t->bucket_count * TT_BUCKET * sizeof(struct tt_entry));
    t->used = 0;
}

static struct tt_entry *bucket_of(struct tt *t, uint64_t key)
{
    return &t->entries[(key & (t->bucket_count - 1)) * TT_BUCKET];
}

struct tt_entry *tt_find(struct tt *t, uint64_t key)
{
    key |= 1; /* 0 marks an empty slot */
    struct tt_entry *b = bucket_of(t, key);
    for (int i = 0; i < TT_BUCKET; i++)
        if (b[i].key == key)
            return &b[i];
    return NULL;
}

static int usefulness(const struct tt_entry *e)
{
    int win = e->win_at == TT_NONE ? 0 : e->win_at;
    return win + e->fail_at + __builtin_popcount(e->help_fail);
}

struct tt_entry *tt_slot(struct tt *t, uint64_t key)
{
    key |= 1;
    struct tt_entry *b = bucket_of(t, key), *victim = NULL;
    for (int i = 0; i < TT_BUCKET; i++) {
        if (b[i].key == key)
            return &b[i];
        if (b[i].key == 0) {
            victim = &b[i];
            t->used++;
            break;
        }
        if (!victim || usefulness(&b[i]) < usefulness(victim))
            victim = &b[i];
    }
    victim->key = key;
    victim->win_at = TT_NONE;
    victim->fail_at = 0;
    victim->help_fail = 0;
    victim->hint_from = victim->hint_to = 0;
    return victim;
}

double tt_fill(const struct tt *t)
{
    return t->bucket_count ? (double)t->used / (double)(t->bucket_count * TT_BUCKET) : 0;
}
