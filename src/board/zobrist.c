/* Zobrist keys from a fixed seed, so hashes (and stored tables) are the same
 * in every run; the seed's identity goes into the store header. */
#include "zobrist.h"

#define ZOBRIST_SEED 0x9E3779B97F4A7C15ull

uint64_t zobrist_unit_keys[UNIT_INDEX_COUNT][MAX_SQUARES];
uint64_t zobrist_castle_keys[ZOBRIST_CASTLING_RIGHTS][MAX_SQUARES];
uint64_t zobrist_square_keys[MAX_SQUARES];
uint64_t zobrist_side_key;

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Runs before main, so no thread ever sees the tables half filled. */
__attribute__((constructor)) static void zobrist_init(void)
{
    uint64_t s = ZOBRIST_SEED;
    for (int u = 0; u < UNIT_INDEX_COUNT; u++)
        for (int sq = 0; sq < MAX_SQUARES; sq++)
            zobrist_unit_keys[u][sq] = splitmix(&s);
    for (int r = 0; r < ZOBRIST_CASTLING_RIGHTS; r++)
        for (int sq = 0; sq < MAX_SQUARES; sq++)
            zobrist_castle_keys[r][sq] = splitmix(&s);
    for (int sq = 0; sq < MAX_SQUARES; sq++)
        zobrist_square_keys[sq] = splitmix(&s);
    zobrist_side_key = splitmix(&s);
}

uint64_t zobrist_seed_identity(void)
{
    return zobrist_unit_keys[1][21] ^ zobrist_side_key ^ ZOBRIST_SEED ^ (uint64_t)MAX_SQUARES;
}
