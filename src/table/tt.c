/* Transposition table: fixed memory, four-way buckets, keyed on the full
 * state hash.  Knows nothing about positions; callers give 64-bit keys. */
#include "tt.h"

#include <string.h>
#include <sys/mman.h>

#include "../board/geometry.h"
#include "../base/memory.h"

#define START_BUCKETS ((size_t)1 << 16) /* 4 MB */

static inline uint64_t pack(const struct tt_bounds *b)
{
    return (uint64_t)b->win_at | (uint64_t)b->fail_at << 8 | (uint64_t)b->hint_from << 16 |
           (uint64_t)b->hint_to << 24 | (uint64_t)b->help_fail << 32;
}

static inline struct tt_bounds unpack(uint64_t d)
{
    return (struct tt_bounds){.win_at = (uint8_t)d,
                              .fail_at = (uint8_t)(d >> 8),
                              .hint_from = (uint8_t)(d >> 16),
                              .hint_to = (uint8_t)(d >> 24),
                              .help_fail = (uint32_t)(d >> 32)};
}

/* Relaxed atomics: plain loads and stores on x86, but defined behaviour when
 * several solving threads share the table. */
static inline uint64_t load(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void save(uint64_t *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }

/* New entries are counted into the shared `used` in batches: one write to
 * its cache line per TT_COUNT_BATCH entries instead of one per entry, which
 * two cores otherwise pass to and fro at every new entry.  The table thus
 * grows up to TT_COUNT_BATCH - 1 entries per thread late.  The puts that
 * make the generations' clock are counted the same way. */
#define TT_COUNT_BATCH 64
static _Thread_local struct {
    const struct tt *table; /* the table the counts are for */
    size_t pending;         /* this thread's entries not yet in table->used */
    size_t puts_pending;    /* this thread's puts not yet in table->puts */
    uint64_t generation;    /* the table's generation as this thread last saw it */
} counting;

/* Replacement.  A bucket that is full gives up its slot worth least: an
 * entry is worth the proofs it holds (help play's lengths proved to fail,
 * each found again by each deepening that meets the position; battle
 * play's bounds), less its age in generations, a generation lasting as
 * many puts as the table has slots.  Among entries of equal proofs the
 * oldest goes; after AGE_PER_PROOF generations without being written an
 * entry counts one proof less, so that the entries of an earlier twin or
 * problem, which no search asks for any more, make room at last.  Age
 * weighs little against proofs: where the search needs many times the
 * table (a deepening meets positions again only a whole iteration later),
 * keeping entries beats keeping the newest ones.  Bits 1-8 of a slot's
 * check hold the generation it was written in: key's bits there are those
 * of its bucket's index (a table has at least 2^14 buckets), so they take
 * no room in the slot. */
#define GENERATION_MASK ((uint64_t)0xff << 1)
#define AGE_PER_PROOF 16

static inline uint64_t generation_bits(uint64_t generation) { return (generation << 1) & GENERATION_MASK; }

/* What a slot holding data d, with check word c, is worth now. */
static inline int worth(uint64_t c, uint64_t d, uint64_t generation)
{
    struct tt_bounds b = unpack(d);
    int win = b.win_at == TT_NONE ? 0 : b.win_at;
    int proofs = win + b.fail_at + bits_count64(b.help_fail);
    int age = (int)((generation - (c >> 1)) & (GENERATION_MASK >> 1));
    return AGE_PER_PROOF * proofs - age;
}

/* Makes the thread's counts those of t (another table's end here). */
static inline void count_for(const struct tt *t)
{
    if (counting.table == t)
        return;
    counting.table = t;
    counting.pending = counting.puts_pending = 0;
    counting.generation = __atomic_load_n(&t->puts, __ATOMIC_RELAXED) >> t->generation_shift;
}

/* Counts one put into t's clock. */
static inline void count_put(struct tt *t)
{
    if (++counting.puts_pending < TT_COUNT_BATCH)
        return;
    counting.puts_pending = 0;
    size_t puts = __atomic_add_fetch(&t->puts, TT_COUNT_BATCH, __ATOMIC_RELAXED);
    counting.generation = puts >> t->generation_shift;
}

/* Counts one new entry of t; true when a batch is full and goes into used. */
static bool count_new_entry(void)
{
    if (++counting.pending < TT_COUNT_BATCH)
        return false;
    counting.pending = 0;
    return true;
}

size_t tt_used(const struct tt *t)
{
    return __atomic_load_n(&t->used, __ATOMIC_RELAXED) + (counting.table == t ? counting.pending : 0);
}

bool tt_init(struct tt *t, size_t megabytes)
{
    if (!megabytes)
        return false;
    size_t bytes = megabytes << 20, buckets = 1;
    while (buckets * 2 * TT_BUCKET * sizeof(struct tt_entry) <= bytes)
        buckets *= 2;
    size_t size = buckets * TT_BUCKET * sizeof(struct tt_entry);
    /* anonymous memory is zero on first touch: no memset of the whole table,
     * which costs more than solving a small problem */
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        t->entries = NULL;
        t->bucket_count = t->bytes = 0;
        return false;
    }
    /* huge pages: a table written at random otherwise costs a page fault per write */
    if (size >= MEMORY_HUGE_PAGE)
        madvise(p, size, MADV_HUGEPAGE);
    t->entries = p;
    t->bucket_count = buckets;
    t->bytes = size;
    t->active = buckets < START_BUCKETS ? buckets : START_BUCKETS;
    t->used = t->puts = 0;
    t->growing = 0;
    t->generation_shift = 0; /* a generation: as many puts as slots */
    while (((size_t)1 << t->generation_shift) < buckets * TT_BUCKET)
        t->generation_shift++;
    return true;
}

void tt_free(struct tt *t)
{
    if (t->entries)
        munmap(t->entries, t->bytes);
    t->entries = NULL;
    t->bucket_count = t->bytes = t->active = t->used = t->puts = 0;
    if (counting.table == t)
        counting.table = NULL;
}

void tt_clear(struct tt *t)
{
    /* gives the pages back; they read as zero again */
    if (t->entries && madvise(t->entries, t->bytes, MADV_DONTNEED) != 0)
        memset(t->entries, 0, t->bytes);
    t->active = t->bucket_count < START_BUCKETS ? t->bucket_count : START_BUCKETS;
    t->used = t->puts = 0;
    if (counting.table == t)
        counting.table = NULL; /* counted afresh at the next put */
}

/* Doubles the active part: slots whose key has the new index bit set move
 * to the new upper half.  Other threads may go on probing meanwhile; they
 * can miss an entry that is moving, which costs a search, never an answer,
 * because every hit is checked against its full key. */
static void grow(struct tt *t)
{
    if (__atomic_exchange_n(&t->growing, 1, __ATOMIC_ACQUIRE))
        return;
    size_t old = __atomic_load_n(&t->active, __ATOMIC_RELAXED), moved_used = 0;
    if (old < t->bucket_count) {
        for (size_t b = 0; b < old; b++) {
            struct tt_entry *lo = &t->entries[b * TT_BUCKET], *hi = &t->entries[(b + old) * TT_BUCKET];
            int k = 0;
            for (int i = 0; i < TT_BUCKET; i++) {
                uint64_t c = load(&lo[i].check), d = load(&lo[i].data);
                if ((c | d) && (((c ^ d) >> 1) & old)) {
                    save(&hi[k].data, d);
                    save(&hi[k].check, c);
                    k++;
                    save(&lo[i].check, 0);
                    save(&lo[i].data, 0);
                }
                moved_used += (c | d) != 0;
            }
        }
        __atomic_store_n(&t->used, moved_used, __ATOMIC_RELAXED);
        __atomic_store_n(&t->active, old * 2, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&t->growing, 0, __ATOMIC_RELEASE);
}

static inline struct tt_entry *bucket_of(const struct tt *t, uint64_t key)
{
    size_t active = __atomic_load_n(&t->active, __ATOMIC_ACQUIRE);
    /* bit 0 of a stored key is always set (0 marks empty): index above it */
    return &t->entries[((key >> 1) & (active - 1)) * TT_BUCKET];
}

void tt_prefetch(const struct tt *t, uint64_t key)
{
    __builtin_prefetch(bucket_of(t, key | 1));
}

bool tt_get(const struct tt *t, uint64_t key, struct tt_bounds *out)
{
    key |= 1; /* 0 marks an empty slot */
    const struct tt_entry *b = bucket_of(t, key);
    key &= ~GENERATION_MASK;
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d = load(&b[i].data);
        if (((load(&b[i].check) ^ d) & ~GENERATION_MASK) == key) {
            *out = unpack(d);
            return true;
        }
    }
    *out = tt_bounds_empty();
    return false;
}

void tt_put(struct tt *t, uint64_t key, const struct tt_bounds *bounds)
{
    key |= 1;
    struct tt_entry *b = bucket_of(t, key), *victim = NULL, *empty = NULL;
    count_for(t);
    uint64_t generation = counting.generation;
    key &= ~GENERATION_MASK;
    int victim_worth = 0;
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t c = load(&b[i].check), d = load(&b[i].data);
        if (((c ^ d) & ~GENERATION_MASK) == key) {
            victim = &b[i];
            empty = NULL;
            break;
        }
        if (c == 0 && d == 0) {
            if (!empty)
                empty = &b[i];
            continue;
        }
        int w = worth(c, d, generation);
        if (!victim || w < victim_worth) {
            victim = &b[i];
            victim_worth = w;
        }
    }
    if (empty)
        victim = empty;
    uint64_t d = pack(bounds);
    save(&victim->data, d);
    save(&victim->check, ((key ^ d) & ~GENERATION_MASK) | generation_bits(generation));
    count_put(t);
    if (empty && count_new_entry()) {
        size_t used = __atomic_add_fetch(&t->used, TT_COUNT_BATCH, __ATOMIC_RELAXED);
        size_t active = __atomic_load_n(&t->active, __ATOMIC_RELAXED);
        if (active < t->bucket_count && used * 2 > active * TT_BUCKET)
            grow(t);
    }
}

bool tt_slot_read(const struct tt *t, size_t i, uint64_t *key, struct tt_bounds *b)
{
    uint64_t c = load(&t->entries[i].check), d = load(&t->entries[i].data);
    if (c == 0 && d == 0)
        return false;
    /* key's bits under the generation are those of the bucket's index */
    *key = ((c ^ d) & ~GENERATION_MASK) | ((uint64_t)(i / TT_BUCKET) << 1 & GENERATION_MASK);
    *b = unpack(d);
    return true;
}

double tt_fill(const struct tt *t)
{
    if (!t->bucket_count)
        return 0;
    return (double)tt_used(t) / (double)(t->bucket_count * TT_BUCKET);
}
