/* Persistent store: round trips across table sizes, and every damaged, foreign
 * or mismatched file rejected with an empty table; unwritable paths refused. */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <cmocka.h>

#include "../src/board/zobrist.h"
#include "../src/table/store.h"

#define MSG 512
/* header layout, as documented in store.c */
#define FIXED 44
#define OFF_VERSION 8
#define OFF_SEED 16
#define OFF_COUNT 24

struct fixture {
    char dir[64];
    char path[128]; /* dir/store */
};

/* ---------- helpers ---------- */

static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static struct tt_bounds random_bounds(uint64_t *s)
{
    uint64_t m = next_random(s);
    return (struct tt_bounds){.win_at = (uint8_t)m,
                              .fail_at = (uint8_t)(m >> 8),
                              .hint_from = (uint8_t)(m >> 16),
                              .hint_to = (uint8_t)(m >> 24),
                              .help_fail = (uint32_t)(m >> 32)};
}

struct sample {
    size_t n;
    uint64_t *keys;
    struct tt_bounds *bounds;
};

/* n random keys with random bounds put into t; seed picks them. */
static struct sample fill(struct tt *t, size_t n, uint64_t seed)
{
    struct sample sm = {n, malloc(n * sizeof(uint64_t)), malloc(n * sizeof(struct tt_bounds))};
    assert_non_null(sm.keys);
    assert_non_null(sm.bounds);
    for (size_t i = 0; i < n; i++) {
        sm.keys[i] = next_random(&seed) | 1;
        sm.bounds[i] = random_bounds(&seed);
        tt_put(t, sm.keys[i], &sm.bounds[i]);
    }
    return sm;
}

static void sample_free(struct sample *sm)
{
    free(sm->keys);
    free(sm->bounds);
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

static void assert_holds(const struct tt *t, const struct sample *sm)
{
    for (size_t i = 0; i < sm->n; i++) {
        struct tt_bounds got;
        if (!tt_get(t, sm->keys[i], &got))
            fail_msg("entry %zu (key %016llx) missing", i, (unsigned long long)sm->keys[i]);
        assert_int_equal(got.win_at, sm->bounds[i].win_at);
        assert_int_equal(got.fail_at, sm->bounds[i].fail_at);
        assert_int_equal(got.hint_from, sm->bounds[i].hint_from);
        assert_int_equal(got.hint_to, sm->bounds[i].hint_to);
        assert_int_equal(got.help_fail, sm->bounds[i].help_fail);
    }
}

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    rewind(f);
    unsigned char *buf = malloc(*len ? *len : 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, *len, f), *len);
    fclose(f);
    return buf;
}

static void spit(const char *path, const void *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(buf, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* Files in dir other than . and .. */
static int files_in(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char p[512];
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        chmod(p, 0700);
        if (unlink(p) != 0)
            remove_tree(p);
    }
    closedir(d);
    rmdir(dir);
}

static int setup(void **state)
{
    struct fixture *fx = calloc(1, sizeof *fx);
    strcpy(fx->dir, "/tmp/fairysolve-store-XXXXXX");
    if (!mkdtemp(fx->dir))
        return -1;
    snprintf(fx->path, sizeof fx->path, "%s/store", fx->dir);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *fx = *state;
    remove_tree(fx->dir);
    free(fx);
    return 0;
}

#define ANY_REFUSAL (-1)

/* A loaded table that must come back empty starts full, so emptying shows.
 * want: the refusal expected (REJECTED: broken; FOREIGN: not a store, never
 * to be replaced; OTHER: another run's store), or ANY_REFUSAL. */
static void assert_refused(struct tt *t, const char *path, const char *identity, int want, const char *why)
{
    uint64_t s = 99;
    struct sample junk = fill(t, 100, s);
    sample_free(&junk);
    char msg[MSG] = "";
    size_t n = 12345;
    enum store_status st = store_load(t, path, identity, &n, msg, sizeof msg);
    if (st == STORE_LOADED || st == STORE_ABSENT || (want != ANY_REFUSAL && (int)st != want))
        fail_msg("%s: status %d, expected %d", why, (int)st, want);
    if (!msg[0])
        fail_msg("%s: no message", why);
    assert_int_equal(n, 0);
    assert_int_equal(filled_slots(t), 0);
}

static size_t header_length(const char *identity) { return FIXED + strlen(identity) + 4; }

/* Rewrites the header CRC after a deliberate change to a header field. */
static void reseal(unsigned char *buf, const char *identity)
{
    size_t n = FIXED + strlen(identity);
    uint32_t c = (uint32_t)crc32(0, buf, (uInt)n);
    for (int i = 0; i < 4; i++)
        buf[n + (size_t)i] = (unsigned char)(c >> (8 * i));
}

static void put_le64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* ---------- round trips ---------- */

static void test_round_trip_other_table_sizes(void **state)
{
    struct fixture *fx = *state;
    struct tt src;
    assert_true(tt_init(&src, 64));
    struct sample sm = fill(&src, 5000, 1);
    assert_int_equal(filled_slots(&src), 5000); /* no replacement: the test's premise */
    char msg[MSG] = "";
    if (!store_save(&src, fx->path, "Orthodox", msg, sizeof msg))
        fail_msg("save: %s", msg);
    assert_int_equal(files_in(fx->dir), 1); /* no temporary file left */

    static const size_t sizes[] = {4, 16, 256};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        struct tt dst;
        assert_true(tt_init(&dst, sizes[k]));
        size_t n = 0;
        assert_int_equal(store_load(&dst, fx->path, "Orthodox", &n, msg, sizeof msg), STORE_LOADED);
        assert_int_equal(n, 5000);
        assert_holds(&dst, &sm);
        assert_int_equal(filled_slots(&dst), 5000);
        tt_free(&dst);
    }
    sample_free(&sm);
    tt_free(&src);
}

/* Many blocks, a source table that grew, and a destination that grows while
 * loading: keys spread so that no bucket overflows at any size. */
static void test_round_trip_grown_table(void **state)
{
    struct fixture *fx = *state;
    struct tt src, dst;
    assert_true(tt_init(&src, 64));
    size_t start = src.active, n = 300000;
    struct sample sm = {n, malloc(n * sizeof(uint64_t)), malloc(n * sizeof(struct tt_bounds))};
    uint64_t s = 2;
    for (size_t i = 0; i < n; i++) {
        sm.keys[i] = next_random(&s) << 24 | i << 1 | 1;
        sm.bounds[i] = random_bounds(&s);
        tt_put(&src, sm.keys[i], &sm.bounds[i]);
    }
    assert_true(src.active > start);
    char msg[MSG] = "";
    if (!store_save(&src, fx->path, "KnightRelay PawnFirstRank", msg, sizeof msg))
        fail_msg("save: %s", msg);
    assert_true(tt_init(&dst, 32));
    size_t loaded = 0;
    assert_int_equal(store_load(&dst, fx->path, "KnightRelay PawnFirstRank", &loaded, msg, sizeof msg),
                     STORE_LOADED);
    assert_int_equal(loaded, n);
    assert_true(dst.active > start);
    assert_holds(&dst, &sm);
    sample_free(&sm);
    tt_free(&src);
    tt_free(&dst);
}

static void test_round_trip_empty_table(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    char msg[MSG] = "";
    assert_true(store_save(&t, fx->path, "Orthodox", msg, sizeof msg));
    size_t n = 7;
    assert_int_equal(store_load(&t, fx->path, "Orthodox", &n, msg, sizeof msg), STORE_LOADED);
    assert_int_equal(n, 0);
    assert_int_equal(filled_slots(&t), 0);
    tt_free(&t);
}

/* A slot whose check and data disagree (a torn write) is not saved under the
 * made-up key check^data. */
static void test_torn_slot_not_saved(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    struct sample sm = fill(&t, 1000, 3);
    for (size_t i = 0;; i++) {
        if (t.entries[i].check | t.entries[i].data) {
            /* bits inside the bucket index, as a torn write of another
             * node's bounds would change them */
            t.entries[i].data ^= (uint64_t)0x5a << 8;
            break;
        }
    }
    char msg[MSG] = "";
    assert_true(store_save(&t, fx->path, "Orthodox", msg, sizeof msg));
    size_t n = 0;
    assert_int_equal(store_load(&t, fx->path, "Orthodox", &n, msg, sizeof msg), STORE_LOADED);
    assert_int_equal(n, 999);
    sample_free(&sm);
    tt_free(&t);
}

static void test_symlinked_store_keeps_link(void **state)
{
    struct fixture *fx = *state;
    char real[160];
    snprintf(real, sizeof real, "%s/real", fx->dir);
    /* dangling at first: the first save creates the file it names */
    assert_int_equal(symlink("real", fx->path), 0);
    struct tt t;
    assert_true(tt_init(&t, 4));
    struct sample sm = fill(&t, 100, 4);
    char msg[MSG] = "";
    struct stat st;
    for (int round = 0; round < 2; round++) {
        assert_true(store_save(&t, fx->path, "Orthodox", msg, sizeof msg));
        assert_int_equal(lstat(fx->path, &st), 0);
        assert_true(S_ISLNK(st.st_mode));
        assert_int_equal(files_in(fx->dir), 2);
    }
    tt_clear(&t);
    assert_int_equal(store_load(&t, real, "Orthodox", NULL, msg, sizeof msg), STORE_LOADED);
    assert_holds(&t, &sm);
    sample_free(&sm);
    tt_free(&t);
}

static void test_new_store_follows_umask(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    char msg[MSG] = "";
    mode_t old = umask(022);
    bool ok = store_save(&t, fx->path, "Orthodox", msg, sizeof msg);
    umask(old);
    assert_true(ok);
    struct stat st;
    assert_int_equal(stat(fx->path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644);
    tt_free(&t);
}

/* ---------- files that must be rejected ---------- */

static void test_absent_file(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    struct sample sm = fill(&t, 10, 5);
    char msg[MSG] = "x";
    size_t n = 7;
    assert_int_equal(store_load(&t, fx->path, "Orthodox", &n, msg, sizeof msg), STORE_ABSENT);
    assert_string_equal(msg, "");
    assert_int_equal(n, 0);
    assert_holds(&t, &sm); /* an absent store leaves the table alone */
    sample_free(&sm);
    tt_free(&t);
}

static void test_truncated_file(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    struct sample sm = fill(&t, 5000, 6);
    char msg[MSG] = "";
    assert_true(store_save(&t, fx->path, "Orthodox", msg, sizeof msg));
    size_t len, h = header_length("Orthodox");
    unsigned char *buf = slurp(fx->path, &len);
    assert_true(len > h + 100);
    const size_t cuts[] = {1, 4, 7, 8, 20, FIXED - 1, FIXED, FIXED + 3, h - 4, h - 1, h, h + 1, h + 10,
                           (h + len) / 2, len - 5, len - 4, len - 1};
    for (size_t k = 0; k < sizeof cuts / sizeof *cuts; k++) {
        spit(fx->path, buf, cuts[k]);
        char why[64];
        snprintf(why, sizeof why, "cut at %zu of %zu", cuts[k], len);
        assert_refused(&t, fx->path, "Orthodox", ANY_REFUSAL, why);
        char m[MSG];
        store_load(&t, fx->path, "Orthodox", NULL, m, sizeof m);
        if (!strstr(m, "truncated"))
            fail_msg("%s: message \"%s\" does not say truncated", why, m);
    }
    free(buf);
    sample_free(&sm);
    tt_free(&t);
}

static void test_flipped_byte(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    struct sample sm = fill(&t, 5000, 7);
    char msg[MSG] = "";
    assert_true(store_save(&t, fx->path, "Orthodox", msg, sizeof msg));
    size_t len, h = header_length("Orthodox");
    unsigned char *buf = slurp(fx->path, &len);
    /* every header byte, then a stride through the payload, and its end */
    for (size_t at = 0; at < len; at = at < h ? at + 1 : at + 211 < len - 8 ? at + 211 : at + 1) {
        buf[at] ^= 0xff;
        spit(fx->path, buf, len);
        buf[at] ^= 0xff;
        char why[64];
        snprintf(why, sizeof why, "byte %zu of %zu flipped", at, len);
        assert_refused(&t, fx->path, "Orthodox", ANY_REFUSAL, why);
    }
    /* the intact file still loads: the rejections were the flips */
    spit(fx->path, buf, len);
    tt_clear(&t);
    assert_int_equal(store_load(&t, fx->path, "Orthodox", NULL, msg, sizeof msg), STORE_LOADED);
    assert_holds(&t, &sm);
    free(buf);
    sample_free(&sm);
    tt_free(&t);
}

static void test_other_identity(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    struct sample sm = fill(&t, 100, 8);
    char msg[MSG] = "";
    assert_true(store_save(&t, fx->path, "Orthodox", msg, sizeof msg));
    assert_refused(&t, fx->path, "KnightRelay", STORE_OTHER, "other identity");
    store_load(&t, fx->path, "KnightRelay", NULL, msg, sizeof msg);
    assert_non_null(strstr(msg, "\"Orthodox\""));
    assert_non_null(strstr(msg, "\"KnightRelay\""));
    /* a longer identity sharing the prefix is another identity too */
    assert_refused(&t, fx->path, "Orthodox;KnightRelay", STORE_OTHER, "identity with the same prefix");
    assert_refused(&t, fx->path, "Orthodo", STORE_OTHER, "identity that is a prefix");
    sample_free(&sm);
    tt_free(&t);
}

static void test_other_hash_seed_and_version(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    struct sample sm = fill(&t, 100, 9);
    char msg[MSG] = "";
    assert_true(store_save(&t, fx->path, "Orthodox", msg, sizeof msg));
    size_t len;
    unsigned char *buf = slurp(fx->path, &len);
    assert_int_equal(get_le64(buf + OFF_SEED), zobrist_seed_identity());

    put_le64(buf + OFF_SEED, zobrist_seed_identity() ^ 0x100);
    reseal(buf, "Orthodox");
    spit(fx->path, buf, len);
    assert_refused(&t, fx->path, "Orthodox", STORE_OTHER, "other hash seed");
    store_load(&t, fx->path, "Orthodox", NULL, msg, sizeof msg);
    assert_non_null(strstr(msg, "hash seed"));
    put_le64(buf + OFF_SEED, zobrist_seed_identity());

    buf[OFF_VERSION] = 2;
    reseal(buf, "Orthodox");
    spit(fx->path, buf, len);
    assert_refused(&t, fx->path, "Orthodox", STORE_OTHER, "other version");
    store_load(&t, fx->path, "Orthodox", NULL, msg, sizeof msg);
    assert_non_null(strstr(msg, "version 2"));
    free(buf);
    sample_free(&sm);
    tt_free(&t);
}

/* Counts that disagree with the payload, under a header CRC that matches. */
static void test_forged_entry_count(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    struct sample sm = fill(&t, 5000, 10);
    char msg[MSG] = "";
    assert_true(store_save(&t, fx->path, "Orthodox", msg, sizeof msg));
    size_t len;
    unsigned char *buf = slurp(fx->path, &len);
    uint64_t count = get_le64(buf + OFF_COUNT);
    assert_int_equal(count, 5000);
    const uint64_t forged[] = {0, 1, count - 1, count + 1, 4096, 8192, (uint64_t)1 << 40, UINT64_MAX};
    for (size_t k = 0; k < sizeof forged / sizeof *forged; k++) {
        put_le64(buf + OFF_COUNT, forged[k]);
        reseal(buf, "Orthodox");
        spit(fx->path, buf, len);
        char why[64];
        snprintf(why, sizeof why, "count forged to %llu", (unsigned long long)forged[k]);
        assert_refused(&t, fx->path, "Orthodox", ANY_REFUSAL, why);
    }
    free(buf);
    sample_free(&sm);
    tt_free(&t);
}

static void test_foreign_files(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    spit(fx->path, "", 0);
    assert_refused(&t, fx->path, "Orthodox", STORE_REJECTED, "empty file");
    const char *text = "Orthodox problems are stored in plain text files like this one.\n";
    spit(fx->path, text, strlen(text));
    assert_refused(&t, fx->path, "Orthodox", STORE_FOREIGN, "text file");
    char msg[MSG];
    store_load(&t, fx->path, "Orthodox", NULL, msg, sizeof msg);
    assert_non_null(strstr(msg, "not a fairysolve store"));
    unsigned char noise[3000];
    uint64_t s = 11;
    for (size_t i = 0; i < sizeof noise; i++)
        noise[i] = (unsigned char)next_random(&s);
    spit(fx->path, noise, sizeof noise);
    assert_refused(&t, fx->path, "Orthodox", STORE_FOREIGN, "random bytes");
    /* the magic alone, followed by noise */
    memcpy(noise, "FSSTORE", 8);
    spit(fx->path, noise, sizeof noise);
    assert_refused(&t, fx->path, "Orthodox", ANY_REFUSAL, "magic and noise");
    assert_refused(&t, fx->dir, "Orthodox", STORE_REJECTED, "a directory");
    char fifo[160];
    snprintf(fifo, sizeof fifo, "%s/fifo", fx->dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_refused(&t, fifo, "Orthodox", STORE_REJECTED, "a FIFO"); /* at once, not waiting for a writer */
    tt_free(&t);
}

/* ---------- unwritable paths ---------- */

static void assert_unwritable(const struct tt *t, const char *path, const char *expect)
{
    char msg[MSG] = "";
    if (store_writable(path, msg, sizeof msg))
        fail_msg("%s reported writable", path);
    if (!strstr(msg, path) || !strstr(msg, expect))
        fail_msg("writable(%s): message \"%s\" lacks the path or \"%s\"", path, msg, expect);
    msg[0] = 0;
    if (store_save(t, path, "Orthodox", msg, sizeof msg))
        fail_msg("saved to %s", path);
    if (!strstr(msg, path) || !strstr(msg, expect))
        fail_msg("save(%s): message \"%s\" lacks the path or \"%s\"", path, msg, expect);
}

static void test_unwritable_paths(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    struct sample sm = fill(&t, 100, 12);
    char p[200];

    snprintf(p, sizeof p, "%s/missing/store", fx->dir);
    assert_unwritable(&t, p, strerror(ENOENT));
    assert_unwritable(&t, fx->dir, "directory");
    snprintf(p, sizeof p, "%s/sub/", fx->dir);
    assert_int_equal(mkdir(p, 0700), 0);
    assert_unwritable(&t, p, "directory");
    snprintf(p, sizeof p, "%s/plain", fx->dir);
    spit(p, "x", 1);
    snprintf(p, sizeof p, "%s/plain/store", fx->dir);
    assert_unwritable(&t, p, strerror(ENOTDIR));
    assert_unwritable(&t, "/dev/null", "not a regular file");

    if (geteuid() != 0) {
        /* permission bits do not stop root, so these run only for others */
        snprintf(p, sizeof p, "%s/locked", fx->dir);
        assert_int_equal(mkdir(p, 0500), 0);
        snprintf(p, sizeof p, "%s/locked/store", fx->dir);
        assert_unwritable(&t, p, strerror(EACCES));
        snprintf(p, sizeof p, "%s/readonly", fx->dir);
        spit(p, "keep", 4);
        assert_int_equal(chmod(p, 0400), 0);
        assert_unwritable(&t, p, "not writable");
        size_t len;
        unsigned char *kept = slurp(p, &len);
        assert_int_equal(len, 4);
        assert_memory_equal(kept, "keep", 4);
        free(kept);
    }

    char msg[MSG] = "";
    assert_true(store_writable(fx->path, msg, sizeof msg));
    int before = files_in(fx->dir);
    assert_true(store_writable(fx->path, msg, sizeof msg));
    assert_int_equal(files_in(fx->dir), before); /* the probe cleans up */
    sample_free(&sm);
    tt_free(&t);
}

/* A save that fails half way (the file size limit stops the temporary file)
 * leaves the previous store whole and no temporary file behind.  The limit
 * binds root too. */
static void test_failed_save_keeps_old_store(void **state)
{
    struct fixture *fx = *state;
    struct tt small, big;
    assert_true(tt_init(&small, 4));
    assert_true(tt_init(&big, 4));
    struct sample kept = fill(&small, 200, 13);
    struct sample lost = fill(&big, 10000, 14);
    assert_int_equal(filled_slots(&big), 10000);
    char msg[MSG] = "";
    assert_true(store_save(&small, fx->path, "Orthodox", msg, sizeof msg));

    struct rlimit old;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    struct rlimit low = old;
    low.rlim_cur = 64 << 10;
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &low), 0);
    bool ok = store_save(&big, fx->path, "Orthodox", msg, sizeof msg);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, old_handler);
    assert_false(ok);
    assert_non_null(strstr(msg, fx->path));
    assert_non_null(strstr(msg, strerror(EFBIG)));
    assert_int_equal(files_in(fx->dir), 1);

    struct tt t;
    assert_true(tt_init(&t, 4));
    size_t n = 0;
    assert_int_equal(store_load(&t, fx->path, "Orthodox", &n, msg, sizeof msg), STORE_LOADED);
    assert_int_equal(n, 200);
    assert_holds(&t, &kept);

    /* and a save that can finish replaces it */
    assert_true(store_save(&big, fx->path, "Orthodox", msg, sizeof msg));
    assert_int_equal(files_in(fx->dir), 1);
    tt_clear(&t);
    assert_int_equal(store_load(&t, fx->path, "Orthodox", &n, msg, sizeof msg), STORE_LOADED);
    assert_int_equal(n, 10000);
    assert_holds(&t, &lost);
    sample_free(&kept);
    sample_free(&lost);
    tt_free(&small);
    tt_free(&big);
    tt_free(&t);
}

static void test_identity_too_long(void **state)
{
    struct fixture *fx = *state;
    struct tt t;
    assert_true(tt_init(&t, 4));
    char *id = malloc(5000);
    memset(id, 'K', 4999);
    id[4999] = 0;
    char msg[MSG] = "";
    assert_false(store_save(&t, fx->path, id, msg, sizeof msg));
    assert_non_null(strstr(msg, "identity"));
    assert_int_equal(files_in(fx->dir), 0);
    free(id);
    tt_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_round_trip_other_table_sizes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_round_trip_grown_table, setup, teardown),
        cmocka_unit_test_setup_teardown(test_round_trip_empty_table, setup, teardown),
        cmocka_unit_test_setup_teardown(test_torn_slot_not_saved, setup, teardown),
        cmocka_unit_test_setup_teardown(test_symlinked_store_keeps_link, setup, teardown),
        cmocka_unit_test_setup_teardown(test_new_store_follows_umask, setup, teardown),
        cmocka_unit_test_setup_teardown(test_absent_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_truncated_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_flipped_byte, setup, teardown),
        cmocka_unit_test_setup_teardown(test_other_identity, setup, teardown),
        cmocka_unit_test_setup_teardown(test_other_hash_seed_and_version, setup, teardown),
        cmocka_unit_test_setup_teardown(test_forged_entry_count, setup, teardown),
        cmocka_unit_test_setup_teardown(test_foreign_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unwritable_paths, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failed_save_keeps_old_store, setup, teardown),
        cmocka_unit_test_setup_teardown(test_identity_too_long, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
