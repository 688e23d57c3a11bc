/* Transposition table: round trips, growth that keeps what it moves, clearing,
 * torn slots reading as absent, the memory bound, and which entries a full
 * bucket keeps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "../src/table/tt.h"

static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Bounds that differ from key to key, so a wrong slot shows. */
static struct tt_bounds bounds_for(uint64_t key)
{
    uint64_t m = key * 0xff51afd7ed558ccdull;
    return (struct tt_bounds){.win_at = (uint8_t)(m >> 8),
                              .fail_at = (uint8_t)(m >> 16),
                              .hint_from = (uint8_t)(m >> 24),
                              .hint_to = (uint8_t)(m >> 32),
                              .help_fail = (uint32_t)(m >> 40)};
}

static void assert_bounds_equal(struct tt_bounds a, struct tt_bounds b)
{
    assert_int_equal(a.win_at, b.win_at);
    assert_int_equal(a.fail_at, b.fail_at);
    assert_int_equal(a.hint_from, b.hint_from);
    assert_int_equal(a.hint_to, b.hint_to);
    assert_int_equal(a.help_fail, b.help_fail);
}

static void assert_reads(const struct tt *t, uint64_t key, struct tt_bounds want)
{
    struct tt_bounds got;
    if (!tt_get(t, key, &got))
        fail_msg("key %016llx absent", (unsigned long long)key);
    assert_bounds_equal(got, want);
}

static void assert_absent(const struct tt *t, uint64_t key)
{
    struct tt_bounds got;
    assert_false(tt_get(t, key, &got));
    assert_bounds_equal(got, tt_bounds_empty());
}

static size_t filled_slots(const struct tt *t)
{
    size_t n = 0;
    for (size_t i = 0; i < tt_slot_count(t); i++) {
        uint64_t key;
        struct tt_bounds b;
        n += tt_slot_read(t, i, &key, &b);
    }
    return n;
}

/* Key i lands in bucket i mod active at every table size, so up to the point
 * where the table doubles no bucket holds more than three keys and nothing
 * is replaced: every loss the test sees is the table's fault.  The bits above
 * the index are random. */
static uint64_t spread_key(uint64_t i, uint64_t *s)
{
    return (next_random(s) << 24) | i << 1 | 1;
}

/* ---------- tests ---------- */

static void test_put_get_round_trip(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    uint64_t s = 1, keys[1000];
    for (int i = 0; i < 1000; i++) {
        keys[i] = next_random(&s) | 1;
        struct tt_bounds b = bounds_for(keys[i]);
        tt_put(&t, keys[i], &b);
    }
    for (int i = 0; i < 1000; i++)
        assert_reads(&t, keys[i], bounds_for(keys[i]));
    for (int i = 0; i < 1000; i++)
        assert_absent(&t, next_random(&s) | 1);
    assert_int_equal(filled_slots(&t), 1000);

    /* a second put of a key replaces its bounds in place */
    struct tt_bounds other = {.win_at = 3, .fail_at = 2, .hint_from = 21, .hint_to = 42, .help_fail = 0x80000001u};
    tt_put(&t, keys[7], &other);
    assert_reads(&t, keys[7], other);
    assert_int_equal(filled_slots(&t), 1000);
    assert_int_equal(tt_used(&t), 1000);
    tt_free(&t);
}

static void test_grows_and_keeps_moved_entries(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, 64));
    size_t start = t.active, capacity = t.bucket_count * TT_BUCKET;
    assert_true(start < t.bucket_count);
    /* well below capacity, but enough for three doublings */
    size_t n = 600000;
    assert_true(n < capacity / 4);
    uint64_t s = 2;
    for (size_t i = 0; i < n; i++) {
        uint64_t key = spread_key(i, &s);
        struct tt_bounds b = bounds_for(key);
        tt_put(&t, key, &b);
        assert_true(t.used * 2 <= t.active * TT_BUCKET || t.active == t.bucket_count);
    }
    assert_true(t.active >= 8 * start);
    assert_true(t.active <= t.bucket_count);
    s = 2;
    for (size_t i = 0; i < n; i++) {
        uint64_t key = spread_key(i, &s);
        assert_reads(&t, key, bounds_for(key));
    }
    assert_int_equal(filled_slots(&t), n);
    assert_int_equal(tt_used(&t), n);
    tt_free(&t);
}

static void test_random_keys_survive_growth(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, 64));
    size_t start = t.active;
    /* fill with spread keys until just past the first doubling, then check
     * random keys put before it are found at their new places */
    uint64_t s = 3, r = 4, randoms[2000];
    for (int i = 0; i < 2000; i++) {
        randoms[i] = next_random(&r) | 1;
        struct tt_bounds b = bounds_for(randoms[i]);
        tt_put(&t, randoms[i], &b);
    }
    for (size_t i = 0; t.active == start; i++) {
        uint64_t key = spread_key(i, &s);
        struct tt_bounds b = bounds_for(key);
        tt_put(&t, key, &b);
    }
    for (int i = 0; i < 2000; i++)
        assert_reads(&t, randoms[i], bounds_for(randoms[i]));
    tt_free(&t);
}

static void test_clear_empties(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, 16));
    size_t start = t.active;
    uint64_t s = 5;
    for (size_t i = 0; i < 200000; i++) {
        uint64_t key = spread_key(i, &s);
        struct tt_bounds b = bounds_for(key);
        tt_put(&t, key, &b);
    }
    assert_true(t.active > start);
    tt_clear(&t);
    assert_int_equal(t.active, start);
    assert_int_equal(tt_used(&t), 0);
    assert_true(tt_fill(&t) == 0.0);
    assert_int_equal(filled_slots(&t), 0);
    /* the upper part the growth used is empty too, ready for the next one */
    for (size_t i = 0; i < t.bucket_count * TT_BUCKET; i++) {
        assert_int_equal(t.entries[i].check, 0);
        assert_int_equal(t.entries[i].data, 0);
    }
    s = 5;
    for (size_t i = 0; i < 1000; i++)
        assert_absent(&t, spread_key(i, &s));
    /* and it works again afterwards */
    struct tt_bounds b = bounds_for(77);
    tt_put(&t, 77, &b);
    assert_reads(&t, 77, b);
    tt_free(&t);
}

/* Slot i holds key; -1 if none does. */
static long slot_of(const struct tt *t, uint64_t key)
{
    for (size_t i = 0; i < tt_slot_count(t); i++) {
        uint64_t k;
        struct tt_bounds b;
        if (tt_slot_read(t, i, &k, &b) && k == (key | 1))
            return (long)i;
    }
    return -1;
}

static void assert_all_read_back_except(const struct tt *t, const uint64_t *keys, int n, int except)
{
    for (int i = 0; i < n; i++)
        if (i != except)
            assert_reads(t, keys[i], bounds_for(keys[i]));
}

static void test_torn_slot_reads_absent(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    uint64_t s = 6, keys[100];
    for (int i = 0; i < 100; i++) {
        keys[i] = next_random(&s) | 1;
        struct tt_bounds b = bounds_for(keys[i]);
        tt_put(&t, keys[i], &b);
    }
    long a = slot_of(&t, keys[10]), b = slot_of(&t, keys[20]);
    assert_true(a >= 0 && b >= 0);
    struct tt_entry saved = t.entries[a];

    /* another thread's data landed, its check word did not */
    t.entries[a].data = t.entries[b].data;
    assert_absent(&t, keys[10]);
    assert_reads(&t, keys[20], bounds_for(keys[20]));
    assert_all_read_back_except(&t, keys, 100, 10);
    t.entries[a] = saved;

    /* the check word landed, the data did not */
    t.entries[a].check = t.entries[b].check;
    assert_absent(&t, keys[10]);
    assert_all_read_back_except(&t, keys, 100, 10);
    t.entries[a] = saved;

    /* one bit of the data changed */
    t.entries[a].data ^= (uint64_t)1 << 37;
    assert_absent(&t, keys[10]);
    assert_all_read_back_except(&t, keys, 100, 10);
    t.entries[a] = saved;
    assert_all_read_back_except(&t, keys, 100, -1);
    tt_free(&t);
}

static void test_never_exceeds_megabytes(void **state)
{
    (void)state;
    static const size_t sizes[] = {1, 2, 3, 4, 5, 7, 100, 255, 256, 1000};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        struct tt t;
        size_t mb = sizes[k];
        assert_true(tt_init(&t, mb));
        assert_true(t.bytes <= mb << 20);
        assert_true(t.bytes * 2 > mb << 20); /* and wastes less than half */
        assert_int_equal(t.bytes, t.bucket_count * TT_BUCKET * sizeof(struct tt_entry));
        assert_true(t.active <= t.bucket_count);
        tt_free(&t);
    }
    /* a full small table stays within its reserve and its active part stops
     * at the reserve */
    struct tt t;
    assert_true(tt_init(&t, 1));
    uint64_t s = 7;
    size_t bytes = t.bytes;
    for (size_t i = 0; i < 4 * t.bucket_count * TT_BUCKET; i++) {
        uint64_t key = next_random(&s) | 1;
        struct tt_bounds b = bounds_for(key);
        tt_put(&t, key, &b);
    }
    assert_int_equal(t.bytes, bytes);
    assert_int_equal(t.active, t.bucket_count);
    assert_true(filled_slots(&t) <= t.bucket_count * TT_BUCKET);
    assert_true(tt_fill(&t) <= 1.0);
    tt_free(&t);
}

/* ---------- replacement in a full bucket ---------- */

/* Keys of one bucket of a 1 MB table (2^14 buckets, all active from the
 * start): the index bits 1-14 are the bucket's, the bits above random. */
static uint64_t bucket_key(uint64_t bucket, uint64_t *s)
{
    return (next_random(s) << 20) | bucket << 1 | 1;
}

/* A help entry that failed at exactly `plies` half-moves. */
static struct tt_bounds failed_at(int plies)
{
    struct tt_bounds b = tt_bounds_empty();
    b.help_fail = 1u << plies;
    return b;
}

static void put_failed(struct tt *t, uint64_t key, int plies)
{
    struct tt_bounds b = failed_at(plies);
    tt_put(t, key, &b);
}

/* Lets `generations` of the table's clock pass: puts of one key of another
 * bucket, which take no slot of the bucket under test. */
static void let_generations_pass(struct tt *t, int generations)
{
    uint64_t s = 99, key = bucket_key(77, &s);
    for (size_t i = 0; i < ((size_t)generations << t->generation_shift) + 64; i++)
        put_failed(t, key, 1);
}

static void assert_present(const struct tt *t, uint64_t key, int plies)
{
    assert_reads(t, key, failed_at(plies));
}

/* A position that failed at three lengths (met by three deepenings) is
 * worth more than one that failed at one: a full bucket gives up its
 * one-length entries to new ones and keeps the other, the first it was
 * given. */
static void test_full_bucket_keeps_the_entry_of_more_proofs(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, 1));
    assert_int_equal(t.active, t.bucket_count);
    uint64_t s = 3, proved = bucket_key(5, &s), once[12];
    struct tt_bounds three = {.win_at = TT_NONE, .help_fail = 1u << 4 | 1u << 6 | 1u << 8};
    tt_put(&t, proved, &three);
    for (int i = 0; i < 12; i++) {
        once[i] = bucket_key(5, &s);
        put_failed(&t, once[i], 8);
    }
    assert_reads(&t, proved, three);
    assert_present(&t, once[11], 8); /* a new entry always goes in */
    int once_left = 0;
    for (int i = 0; i < 12; i++) {
        struct tt_bounds b;
        once_left += tt_get(&t, once[i], &b);
    }
    assert_int_equal(once_left, TT_BUCKET - 1);
    tt_free(&t);
}

/* Entries of equal proofs: the older generation's go first, so that the new
 * ones, which the search asks for now, stay. */
static void test_full_bucket_keeps_the_newer_entries(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, 1));
    uint64_t s = 4, old[TT_BUCKET], fresh[TT_BUCKET - 1];
    for (int i = 0; i < TT_BUCKET; i++) {
        old[i] = bucket_key(9, &s);
        put_failed(&t, old[i], 3);
    }
    let_generations_pass(&t, 2);
    for (int i = 0; i < TT_BUCKET - 1; i++) {
        fresh[i] = bucket_key(9, &s);
        put_failed(&t, fresh[i], 3);
    }
    for (int i = 0; i < TT_BUCKET - 1; i++)
        assert_present(&t, fresh[i], 3);
    int old_left = 0;
    for (int i = 0; i < TT_BUCKET; i++) {
        struct tt_bounds b;
        old_left += tt_get(&t, old[i], &b);
    }
    assert_int_equal(old_left, 1);
    tt_free(&t);
}

/* Age outweighs proofs at last: an entry of long ago (an earlier twin's or
 * problem's) gives way to new ones of fewer proofs.  And the slots read back
 * (for the store) with their whole keys. */
static void test_old_entry_gives_way(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, 1));
    uint64_t s = 5, long_ago = bucket_key(200, &s), fresh[TT_BUCKET];
    struct tt_bounds two = {.win_at = TT_NONE, .help_fail = 1u << 18 | 1u << 20};
    tt_put(&t, long_ago, &two);
    for (int i = 0; i < TT_BUCKET - 1; i++)
        put_failed(&t, bucket_key(200, &s), 2);
    let_generations_pass(&t, 100);
    for (int i = 0; i < TT_BUCKET; i++) {
        fresh[i] = bucket_key(200, &s);
        put_failed(&t, fresh[i], 2);
    }
    assert_absent(&t, long_ago);
    for (int i = 0; i < TT_BUCKET; i++)
        assert_present(&t, fresh[i], 2);
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t key;
        struct tt_bounds b;
        assert_true(tt_slot_read(&t, 200 * TT_BUCKET + i, &key, &b));
        assert_reads(&t, key, b);
        int found = 0;
        for (int k = 0; k < TT_BUCKET; k++)
            found += key == fresh[k];
        assert_int_equal(found, 1);
    }
    tt_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_put_get_round_trip),
        cmocka_unit_test(test_grows_and_keeps_moved_entries),
        cmocka_unit_test(test_random_keys_survive_growth),
        cmocka_unit_test(test_clear_empties),
        cmocka_unit_test(test_torn_slot_reads_absent),
        cmocka_unit_test(test_never_exceeds_megabytes),
        cmocka_unit_test(test_full_bucket_keeps_the_entry_of_more_proofs),
        cmocka_unit_test(test_full_bucket_keeps_the_newer_entries),
        cmocka_unit_test(test_old_entry_gives_way),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
