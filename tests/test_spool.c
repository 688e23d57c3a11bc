/* Bounded memory for what a twin must keep: the spool (memory, then a
 * temporary file), the external record sort, string lists that count or
 * spill, help duals from spilled solutions against the in-memory grouping,
 * and JSON strings written as cJSON writes them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <cjson/cJSON.h>

#include "../src/base/record_sort.h"
#include "../src/base/spool.h"
#include "../src/base/text.h"
#include "../src/report/json.h"
#include "../src/search/duals.h"
#include "../src/search/result.h"

static bool gather(void *ctx, const char *data, size_t n)
{
    struct text *t = ctx;
    char *piece = strndup(data, n);
    text_put(t, piece);
    free(piece);
    return true;
}

/* 100,000 numbered lines through a spool of 1 KB: they spill, come back
 * whole and in order (twice: reading keeps them), appending goes on after
 * a read, and drain empties it. */
static void spool_spills_and_reads_back(void **state)
{
    (void)state;
    struct spool s;
    spool_init(&s, 1024);
    struct text want;
    text_init(&want);
    char line[32];
    for (int i = 0; i < 100000; i++) {
        snprintf(line, sizeof line, "%d\n", i);
        assert_true(spool_puts(&s, line));
        text_put(&want, line);
    }
    assert_non_null(s.file);
    assert_true(s.len <= 1024 && s.cap <= 1024);
    for (int round = 0; round < 2; round++) {
        struct text got;
        text_init(&got);
        assert_true(spool_each(&s, gather, &got));
        assert_int_equal(got.len, want.len);
        assert_memory_equal(got.data, want.data, want.len);
        text_free(&got);
    }
    assert_true(spool_puts(&s, "end\n"));
    text_put(&want, "end\n");
    struct text got;
    text_init(&got);
    assert_true(spool_each(&s, gather, &got));
    assert_string_equal(got.data, want.data);
    text_free(&got);
    FILE *null = fopen("/dev/null", "w");
    assert_true(spool_drain(&s, null));
    fclose(null);
    assert_true(spool_is_empty(&s));
    spool_free(&s);
    text_free(&want);
}

/* No room for a temporary file: the spool says so, it never stops the
 * program; what fits in memory is kept. */
static void spool_without_a_directory(void **state)
{
    (void)state;
    char *old = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
    setenv("TMPDIR", "/nonexistent/fairysolve-test", 1);
    struct spool s;
    spool_init(&s, 64);
    assert_true(spool_puts(&s, "fits"));
    char big[100];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    assert_false(spool_puts(&s, big));
    assert_true(s.failed);
    assert_false(spool_puts(&s, "more"));
    spool_free(&s);
    struct strlist l = {.keep = STRLIST_SPILL};
    for (int i = 0; i < 40000; i++) /* over STRLIST_MEMORY */
        strlist_add(&l, "a2c1Q a1b2 b1a1 b2a1 c2b1Q a1f6 b1f5 f6g5");
    assert_true(l.lost);
    assert_int_equal(l.count, 40000);
    assert_false(strlist_each(&l, NULL, NULL));
    strlist_free(&l);
    if (old) {
        setenv("TMPDIR", old, 1);
        free(old);
    } else {
        unsetenv("TMPDIR");
    }
}

struct collected {
    char **items;
    int count, cap;
};

static bool collect(void *ctx, const char *s)
{
    struct collected *c = ctx;
    if (c->count == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 1024;
        c->items = realloc(c->items, sizeof *c->items * (size_t)c->cap);
    }
    c->items[c->count++] = strdup(s);
    return true;
}

static int compare(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* 200,000 records in 4 KB of memory: hundreds of runs, merged 64 at a time
 * in more than one pass; the order is qsort's of the same records. */
static void record_sort_in_little_memory(void **state)
{
    (void)state;
    struct record_sort *rs = record_sort_new(4096);
    struct collected want = {0}, got = {0};
    unsigned x = 12345;
    char rec[48];
    for (int i = 0; i < 200000; i++) {
        x = x * 1103515245u + 12345u;
        snprintf(rec, sizeof rec, "%03u\001line %u\001%010d", (x >> 8) % 512, (x >> 4) % 97, i);
        assert_true(record_sort_add(rs, rec));
        collect(&want, rec);
    }
    qsort(want.items, (size_t)want.count, sizeof *want.items, compare);
    assert_true(record_sort_each(rs, collect, &got));
    assert_int_equal(got.count, want.count);
    for (int i = 0; i < want.count; i++) {
        assert_string_equal(got.items[i], want.items[i]);
        free(got.items[i]);
        free(want.items[i]);
    }
    free(got.items);
    free(want.items);
    record_sort_free(rs);
}

/* Counted only: nothing kept.  Spilled: every string back in order. */
static void strlist_counts_and_spills(void **state)
{
    (void)state;
    struct strlist counted = {.keep = STRLIST_COUNT}, spilled = {.keep = STRLIST_SPILL};
    char s[64];
    for (int i = 0; i < 60000; i++) {
        snprintf(s, sizeof s, "e2e4 e7e5 line %d", i);
        strlist_add(&counted, s);
        strlist_add(&spilled, s);
    }
    assert_int_equal(counted.count, 60000);
    assert_null(counted.items);
    assert_false(strlist_in_memory(&counted));
    assert_non_null(spilled.spill);
    assert_false(strlist_in_memory(&spilled));
    struct collected got = {0};
    assert_true(strlist_each(&spilled, collect, &got));
    assert_int_equal(got.count, 60000);
    for (int i = 0; i < got.count; i++) {
        snprintf(s, sizeof s, "e2e4 e7e5 line %d", i);
        assert_string_equal(got.items[i], s);
        free(got.items[i]);
    }
    free(got.items);
    strlist_free(&spilled);
    assert_int_equal(spilled.keep, STRLIST_SPILL); /* kept across a free */
    assert_int_equal(spilled.count, 0);
    strlist_free(&counted);
}

/* Made-up helpmate lines of 6 half-moves, many of them alike: duals counted
 * from the lines in memory and from the same lines spilled to a file are
 * the same lines in the same order (the spilled ones by the external sort). */
static void help_duals_spilled_as_in_memory(void **state)
{
    (void)state;
    struct result kept, spilled;
    result_init(&kept);
    result_init(&spilled);
    spilled.solutions.keep = STRLIST_SPILL;
    spilled.dual_lines.keep = STRLIST_SPILL;
    const char *moves[4] = {"a1a2", "b1b2", "c1c2", "d1d2"};
    char line[128];
    for (int i = 0; i < 4096 * 8; i++) {
        /* six digits base 4 of i, scrambled: half-move k takes digit k */
        int v = (i * 2654435761u) % (4096 * 4);
        snprintf(line, sizeof line, "%s %s %s %s %s %s%s", moves[v & 3], moves[v >> 2 & 3], moves[v >> 4 & 3],
                 moves[v >> 6 & 3], moves[v >> 8 & 3], moves[v >> 10 & 3], v >> 12 ? " e1e2" : "");
        strlist_add(&kept.solutions, line);
        strlist_add(&spilled.solutions, line);
    }
    /* a line of another length first would change the length judged: here
     * the first is of 6 or 7 half-moves as v says, the same in both */
    assert_non_null(spilled.solutions.spill);
    duals_of_help_solutions(&kept);
    duals_of_help_solutions(&spilled);
    assert_true(kept.duals > 1000);
    assert_int_equal(spilled.duals, kept.duals);
    assert_int_equal(spilled.dual_lines.count, kept.dual_lines.count);
    struct collected got = {0};
    assert_true(strlist_each(&spilled.dual_lines, collect, &got));
    assert_int_equal(got.count, kept.dual_lines.count);
    for (int i = 0; i < got.count; i++) {
        assert_string_equal(got.items[i], kept.dual_lines.items[i]);
        free(got.items[i]);
    }
    free(got.items);
    result_free(&kept);
    result_free(&spilled);
}

/* Every byte but NUL, in a string: written as cJSON prints it. */
static void json_strings_as_cjson_writes_them(void **state)
{
    (void)state;
    char s[256];
    for (int i = 1; i < 256; i++)
        s[i - 1] = (char)i;
    s[255] = 0;
    cJSON *item = cJSON_CreateString(s);
    char *want = cJSON_PrintUnformatted(item);
    struct text got;
    text_init(&got);
    struct json_writer w = {.write = gather, .ctx = &got};
    assert_true(json_write_string(&w, s));
    assert_string_equal(got.data, want);
    text_free(&got);
    cJSON_free(want);
    cJSON_Delete(item);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spool_spills_and_reads_back),
        cmocka_unit_test(spool_without_a_directory),
        cmocka_unit_test(record_sort_in_little_memory),
        cmocka_unit_test(strlist_counts_and_spills),
        cmocka_unit_test(help_duals_spilled_as_in_memory),
        cmocka_unit_test(json_strings_as_cjson_writes_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
