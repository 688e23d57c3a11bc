/* The table's mode key (solver_mode_key) against the formula that keyed the
 * stores already written, over a spread of every field's values, and no two
 * option combinations of the spread under one key. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../src/board/zobrist.h"
#include "../src/search/solver.h"

/* The key as stores were keyed before its fields were declared: the sum of
 * each value at its shift, as it stood in solver_init. */
static uint64_t stored_mode_key(const struct stipulation *stip, const struct options *opt)
{
    bool quodlibet_play = play_quodlibet_changes(stip->play);
    return zobrist_mix(0x51ed270b27f6e3a5ull + (uint64_t)stip->play * 7 + (uint64_t)stip->goal +
                       ((uint64_t)stip->series << 40) + ((uint64_t)(opt->threat + 1) << 8) +
                       ((uint64_t)(opt->max_flights + 1) << 20) + ((uint64_t)opt->keep_mating_piece << 32) +
                       ((uint64_t)opt->nontrivial << 33) + ((uint64_t)opt->nontrivial_length << 34) +
                       ((uint64_t)(opt->max_flights >= 0 || opt->threat == 0) << 50) +
                       ((uint64_t)(opt->quodlibet && quodlibet_play) << 51) + ((uint64_t)quodlibet_play << 52));
}

/* Each field's smallest and largest values and some between (the limits of
 * problem.h); -1: the option absent. */
static const int threats[] = {-1, 0, 1, 2, 3, 7, 31, 62, 63, 64, 255, 256, 999, OPTION_THREAT_MAX};
static const int flights[] = {-1, 0, 1, 2, 8, 16, 255, 256, OPTION_MAX_FLIGHTS_MAX};
static const int lengths[] = {0, 1, 2, 15, 16, 31, 32, OPTION_NONTRIVIAL_LENGTH_MAX};
#define COUNT(a) (int)(sizeof(a) / sizeof(a)[0])

static int compare_keys(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Calls each(stip, opt, ctx) for every combination of the spread. */
static void for_each_combination(void (*each)(const struct stipulation *, const struct options *, void *),
                                 void *ctx)
{
    for (int play = 0; play <= PLAY_LAST; play++)
        for (int goal = 0; goal <= GOAL_LAST; goal++)
            for (int bits = 0; bits < 16; bits++) /* series, KeepMatingPiece, NonTrivial, Quodlibet */
                for (int t = 0; t < COUNT(threats); t++)
                    for (int f = 0; f < COUNT(flights); f++)
                        for (int n = 0; n < COUNT(lengths); n++) {
                            struct stipulation st = {.play = (enum play)play, .goal = (enum goal)goal,
                                                     .series = bits & 1};
                            struct options o = {.keep_mating_piece = bits >> 1 & 1, .nontrivial = bits >> 2 & 1,
                                                .quodlibet = bits >> 3 & 1, .threat = threats[t],
                                                .max_flights = flights[f], .nontrivial_length = lengths[n]};
                            each(&st, &o, ctx);
                        }
}

struct keys {
    uint64_t *k;
    int count;
};

static void same_as_stored(const struct stipulation *st, const struct options *o, void *ctx)
{
    struct keys *keys = ctx;
    uint64_t key = solver_mode_key(st, o);
    assert_int_equal(key, stored_mode_key(st, o));
    keys->k[keys->count++] = key;
}

/* Every combination keeps the key it had: the stores stay readable. */
static void keys_of_the_stores(void **state)
{
    (void)state;
    int total = (PLAY_LAST + 1) * (GOAL_LAST + 1) * 16 * COUNT(threats) * COUNT(flights) * COUNT(lengths);
    struct keys keys = {calloc((size_t)total, sizeof(uint64_t)), 0};
    assert_non_null(keys.k);
    for_each_combination(same_as_stored, &keys);
    assert_int_equal(keys.count, total);
    /* and no two combinations share a key: the fields do not overlap
     * (Quodlibet outside s# and semi-r# is not in the key, so it is
     * counted once there) */
    qsort(keys.k, (size_t)keys.count, sizeof keys.k[0], compare_keys);
    int distinct = keys.count > 0;
    for (int i = 1; i < keys.count; i++)
        distinct += keys.k[i] != keys.k[i - 1];
    int quodlibet_plays = 0;
    for (int play = 0; play <= PLAY_LAST; play++)
        quodlibet_plays += play_quodlibet_changes((enum play)play);
    int without = total / (PLAY_LAST + 1) * (PLAY_LAST + 1 - quodlibet_plays) / 2;
    assert_int_equal(distinct, total - without);
    free(keys.k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_of_the_stores),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
