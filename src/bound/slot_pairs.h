/* Caches of 64-bit entries in sets of two slots, the newer first: the last
 * move's failures (help.c) and the goal bound's verdicts (verdict_cache.c). */
#ifndef FS_SLOT_PAIRS_H
#define FS_SLOT_PAIRS_H

#include <stdbool.h>
#include <stdint.h>

/* An entry is a key with bit 0 free for one bit of answer; 0 is an empty
 * slot.  Each slot is read and written whole (relaxed atomics: plain moves
 * on x86), so sets shared by threads never give a torn entry. */
static inline bool slot_pair_find(const uint64_t *set, uint64_t key, uint64_t *entry)
{
    for (int i = 0; i < 2; i++) {
        uint64_t e = __atomic_load_n(&set[i], __ATOMIC_RELAXED);
        if (e && (e | 1) == (key | 1)) {
            *entry = e;
            return true;
        }
    }
    return false;
}

/* Puts entry first; the newer entry before it moves second, the older one
 * goes (an entry already first stays alone). */
static inline void slot_pair_store(uint64_t *set, uint64_t entry)
{
    uint64_t newer = __atomic_load_n(&set[0], __ATOMIC_RELAXED);
    if (newer == entry)
        return;
    __atomic_store_n(&set[1], newer, __ATOMIC_RELAXED);
    __atomic_store_n(&set[0], entry, __ATOMIC_RELAXED);
}

#endif
