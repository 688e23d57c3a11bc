/* The Zobrist key table against SplitMix64 as its author publishes it, and
 * against the tables earlier versions filled at start-up (stores stay valid). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../src/board/zobrist.h"

/* SplitMix64 as in Vigna's reference splitmix64.c: a state advanced by the
 * golden ratio before every output. */
static uint64_t splitmix64_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The reference generator started at 0 first gives 0xe220a8397b1dcdaf (the
 * figure quoted with the published code). */
static void splitmix64_reference(void **state)
{
    (void)state;
    uint64_t s = 0;
    assert_int_equal(splitmix64_next(&s), 0xe220a8397b1dcdafull);
    assert_int_equal(splitmix64_at(0, 1), 0xe220a8397b1dcdafull);
    s = 12345;
    for (uint64_t n = 1; n <= 1000; n++)
        assert_int_equal(splitmix64_at(12345, n), splitmix64_next(&s));
}

/* Every entry n of the table is output n of the generator. */
static void table_is_the_function(void **state)
{
    (void)state;
    uint64_t s = ZOBRIST_SEED;
    for (int n = 1; n < ZOBRIST_TABLE_SIZE; n++)
        assert_int_equal(zobrist_keys[n], splitmix64_next(&s));
}

/* Earlier versions filled unit[48][MAX_SQUARES], castle[4][MAX_SQUARES],
 * square[MAX_SQUARES] and the side key, in that order, from one generator
 * started at the seed: the accessors give the same keys, so every hash and
 * the store's seed identity are unchanged. */
static void same_keys_as_the_filled_tables(void **state)
{
    (void)state;
    uint64_t s = ZOBRIST_SEED, unit21 = 0;
    for (int u = 0; u < UNIT_INDEX_COUNT; u++)
        for (int sq = 0; sq < MAX_SQUARES; sq++) {
            uint64_t k = splitmix64_next(&s);
            assert_int_equal(zobrist_unit((unit_t)u, sq), k);
            if (u == 1 && sq == 21)
                unit21 = k;
        }
    /* SQ_NONE (no right, no en-passant square) hashes as 0 */
    for (int r = 0; r < ZOBRIST_CASTLING_RIGHTS; r++)
        for (int sq = 0; sq < MAX_SQUARES; sq++) {
            uint64_t k = splitmix64_next(&s);
            assert_int_equal(zobrist_castle(r, sq), sq == SQ_NONE ? 0 : k);
        }
    for (int sq = 0; sq < MAX_SQUARES; sq++) {
        uint64_t k = splitmix64_next(&s);
        assert_int_equal(zobrist_ep(sq), sq == SQ_NONE ? 0 : k);
    }
    uint64_t side = splitmix64_next(&s);
    assert_int_equal(zobrist_side(), side);
    assert_int_equal(zobrist_seed_identity(), unit21 ^ side ^ ZOBRIST_SEED ^ (uint64_t)MAX_SQUARES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(splitmix64_reference),
        cmocka_unit_test(table_is_the_function),
        cmocka_unit_test(same_keys_as_the_filled_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
