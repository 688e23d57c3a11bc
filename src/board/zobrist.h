/* Zobrist keys: a const table the compiler fills from a pure function of the
 * index, so nothing is initialised at run time or shared mutably by threads. */
#ifndef FS_ZOBRIST_H
#define FS_ZOBRIST_H

#include <stdint.h>

#include "geometry.h"
#include "unit.h"

#define ZOBRIST_CASTLING_RIGHTS 4
#define ZOBRIST_SEED 0x9E3779B97F4A7C15ull

/* Output n (1, 2, ...) of the SplitMix64 generator started at seed: its state
 * after n steps is seed + n * golden, so each output is a constant expression
 * (a macro, so that the table in zobrist.c can be a static initialiser). */
#define SPLITMIX64_MIX1(z) (((z) ^ ((z) >> 30)) * 0xBF58476D1CE4E5B9ull)
#define SPLITMIX64_MIX2(z) (((z) ^ ((z) >> 27)) * 0x94D049BB133111EBull)
#define SPLITMIX64_MIX3(z) ((z) ^ ((z) >> 31))
#define SPLITMIX64_AT(seed, n) \
    SPLITMIX64_MIX3(SPLITMIX64_MIX2(SPLITMIX64_MIX1((uint64_t)(seed) + (uint64_t)(n) * 0x9E3779B97F4A7C15ull)))

static inline uint64_t splitmix64_at(uint64_t seed, uint64_t n) { return SPLITMIX64_AT(seed, n); }

/* Key n is output n from ZOBRIST_SEED, in the order a generator filled the
 * tables of earlier versions (units by index and square, castling rights,
 * squares, side to move), so hashes and stored tables stay the same. */
enum {
    ZOBRIST_UNIT_FIRST = 1,
    ZOBRIST_CASTLE_FIRST = ZOBRIST_UNIT_FIRST + UNIT_INDEX_COUNT * MAX_SQUARES,
    ZOBRIST_SQUARE_FIRST = ZOBRIST_CASTLE_FIRST + ZOBRIST_CASTLING_RIGHTS * MAX_SQUARES,
    ZOBRIST_SIDE = ZOBRIST_SQUARE_FIRST + MAX_SQUARES,
    ZOBRIST_KEYS /* table entries needed */
};
#define ZOBRIST_TABLE_SIZE 8192 /* >= ZOBRIST_KEYS, checked in zobrist.c */

/* zobrist_keys[n] == splitmix64_at(ZOBRIST_SEED, n). */
extern const uint64_t zobrist_keys[ZOBRIST_TABLE_SIZE];

static inline uint64_t zobrist_unit(unit_t u, int sq)
{
    return zobrist_keys[ZOBRIST_UNIT_FIRST + (u & 0x3f) * MAX_SQUARES + sq];
}
static inline uint64_t zobrist_side(void) { return zobrist_keys[ZOBRIST_SIDE]; }
static inline uint64_t zobrist_castle(int right, int sq)
{
    return sq == SQ_NONE ? 0 : zobrist_keys[ZOBRIST_CASTLE_FIRST + right * MAX_SQUARES + sq];
}
static inline uint64_t zobrist_ep(int sq) { return sq == SQ_NONE ? 0 : zobrist_keys[ZOBRIST_SQUARE_FIRST + sq]; }
static inline uint64_t zobrist_ko(int from, int to)
{
    if (from == SQ_NONE)
        return 0;
    uint64_t a = zobrist_keys[ZOBRIST_SQUARE_FIRST + from], b = zobrist_keys[ZOBRIST_SQUARE_FIRST + to];
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
static inline uint64_t zobrist_seed_identity(void)
{
    return zobrist_unit(1, 21) ^ zobrist_side() ^ ZOBRIST_SEED ^ (uint64_t)MAX_SQUARES;
}

#endif
