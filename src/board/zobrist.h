/* Zobrist key tables, filled before main() from a fixed seed.
 * Inline accessors because make() reads them on every square change. */
#ifndef FS_ZOBRIST_H
#define FS_ZOBRIST_H

#include <stdint.h>

#include "geometry.h"
#include "unit.h"

#define ZOBRIST_CASTLING_RIGHTS 4

extern uint64_t zobrist_unit_keys[UNIT_INDEX_COUNT][MAX_SQUARES];
extern uint64_t zobrist_castle_keys[ZOBRIST_CASTLING_RIGHTS][MAX_SQUARES];
extern uint64_t zobrist_square_keys[MAX_SQUARES];
extern uint64_t zobrist_side_key;

static inline uint64_t zobrist_unit(unit_t u, int sq) { return zobrist_unit_keys[u & 0x3f][sq]; }
static inline uint64_t zobrist_side(void) { return zobrist_side_key; }
static inline uint64_t zobrist_castle(int right, int sq) { return sq == SQ_NONE ? 0 : zobrist_castle_keys[right][sq]; }
static inline uint64_t zobrist_ep(int sq) { return sq == SQ_NONE ? 0 : zobrist_square_keys[sq]; }
static inline uint64_t zobrist_ko(int from, int to)
{
    if (from == SQ_NONE)
        return 0;
    uint64_t a = zobrist_square_keys[from], b = zobrist_square_keys[to];
    return (a << 17 | a >> 47) ^ (b << 31 | b >> 33) ^ 0x5bd1e995ull;
}
static inline uint64_t zobrist_mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}
/* Changes whenever the seed or the key layout changes: stored tables check it. */
uint64_t zobrist_seed_identity(void);

#endif
