/* The Zobrist key table, every entry a constant expression of its index
 * (zobrist.h), so it lives in read-only memory and needs no start-up code. */
#include "zobrist.h"

#define K1(n) SPLITMIX64_AT(ZOBRIST_SEED, n)
#define K4(n) K1(n), K1((n) + 1), K1((n) + 2), K1((n) + 3)
#define K16(n) K4(n), K4((n) + 4), K4((n) + 8), K4((n) + 12)
#define K64(n) K16(n), K16((n) + 16), K16((n) + 32), K16((n) + 48)
#define K256(n) K64(n), K64((n) + 64), K64((n) + 128), K64((n) + 192)
#define K1024(n) K256(n), K256((n) + 256), K256((n) + 512), K256((n) + 768)
#define K4096(n) K1024(n), K1024((n) + 1024), K1024((n) + 2048), K1024((n) + 3072)

const uint64_t zobrist_keys[ZOBRIST_TABLE_SIZE] = {K4096(0), K4096(4096)};

_Static_assert(ZOBRIST_KEYS <= ZOBRIST_TABLE_SIZE, "ZOBRIST_TABLE_SIZE too small for the key layout");
_Static_assert(sizeof zobrist_keys / sizeof zobrist_keys[0] == 2 * 4096, "the initialiser fills the table");
