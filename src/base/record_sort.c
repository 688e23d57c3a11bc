/* External merge sort of text records (record_sort.h): records gather in
 * memory up to the budget, are sorted and written as a run; the runs are
 * merged, at most MERGE_FAN_IN at a time, through a heap of their heads. */
#include "record_sort.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "spool.h"

/* files open at once in a merge: well below the usual 1,024 descriptors */
#define MERGE_FAN_IN 64

struct record_sort {
    size_t memory;
    char *arena;               /* the records in memory, each with its NUL */
    size_t used, arena_cap;
    char **records;
    size_t count, records_cap;
    struct spool *runs;        /* sorted runs, one record per line */
    size_t run_count, runs_cap;
    bool failed;
};

struct record_sort *record_sort_new(size_t memory)
{
    struct record_sort *rs = calloc(1, sizeof *rs);
    if (!rs)
        out_of_memory();
    rs->memory = memory < 4096 ? 4096 : memory;
    return rs;
}

static int compare(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static struct spool *new_run(struct record_sort *rs)
{
    if (rs->run_count == rs->runs_cap) {
        rs->runs_cap = rs->runs_cap ? 2 * rs->runs_cap : 8;
        if (!(rs->runs = realloc(rs->runs, sizeof *rs->runs * rs->runs_cap)))
            out_of_memory();
    }
    struct spool *run = &rs->runs[rs->run_count++];
    spool_init(run, 1 << 14);
    return run;
}

/* The records in memory as one sorted run. */
static bool write_run(struct record_sort *rs)
{
    if (rs->count == 0)
        return true;
    qsort(rs->records, rs->count, sizeof *rs->records, compare);
    struct spool *run = new_run(rs);
    for (size_t i = 0; i < rs->count && !run->failed; i++) {
        spool_puts(run, rs->records[i]);
        spool_write(run, "\n", 1);
    }
    rs->count = rs->used = 0;
    rs->failed |= run->failed;
    return !rs->failed;
}

bool record_sort_add(struct record_sort *rs, const char *record)
{
    size_t n = strlen(record) + 1;
    if (rs->failed)
        return false;
    if (rs->used + n > rs->memory && rs->count > 0 && !write_run(rs))
        return false;
    if (rs->used + n > rs->arena_cap) {
        /* the records point into the arena: it grows only while empty */
        size_t cap = rs->memory > n ? rs->memory : n;
        char *grown = realloc(rs->arena, cap);
        if (!grown)
            out_of_memory();
        rs->arena = grown;
        rs->arena_cap = cap;
    }
    if (rs->count == rs->records_cap) {
        rs->records_cap = rs->records_cap ? 2 * rs->records_cap : 1024;
        if (!(rs->records = realloc(rs->records, sizeof *rs->records * rs->records_cap)))
            out_of_memory();
    }
    memcpy(rs->arena + rs->used, record, n);
    rs->records[rs->count++] = rs->arena + rs->used;
    rs->used += n;
    return true;
}

struct cursor {
    FILE *f;
    char *line;
    size_t cap;
};

/* The cursor's next record, without its newline; false at the end. */
static bool advance(struct cursor *c)
{
    size_t len = 0;
    for (;;) {
        if (len + 2 > c->cap) {
            c->cap = c->cap ? 2 * c->cap : 256;
            if (!(c->line = realloc(c->line, c->cap)))
                out_of_memory();
        }
        if (!fgets(c->line + len, (int)(c->cap - len), c->f))
            return len > 0;
        len += strlen(c->line + len);
        if (len > 0 && c->line[len - 1] == '\n') {
            c->line[len - 1] = 0;
            return true;
        }
    }
}

static void sift_down(struct cursor **heap, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < n && strcmp(heap[l]->line, heap[m]->line) < 0)
            m = l;
        if (l + 1 < n && strcmp(heap[l + 1]->line, heap[m]->line) < 0)
            m = l + 1;
        if (m == i)
            return;
        struct cursor *t = heap[i];
        heap[i] = heap[m];
        heap[m] = t;
        i = m;
    }
}

/* Runs first .. first + n - 1 merged, each record to fn. */
static bool merge(struct record_sort *rs, size_t first, size_t n, bool (*fn)(void *ctx, const char *record),
                  void *ctx)
{
    struct cursor *cursors = calloc(n, sizeof *cursors);
    struct cursor **heap = calloc(n, sizeof *heap);
    if (!cursors || !heap)
        out_of_memory();
    size_t live = 0;
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        cursors[i].f = spool_read_file(&rs->runs[first + i]);
        ok = cursors[i].f != NULL;
        if (ok && advance(&cursors[i]))
            heap[live++] = &cursors[i];
    }
    for (size_t i = live / 2; i-- > 0;)
        sift_down(heap, live, i);
    while (ok && live > 0) {
        ok = fn(ctx, heap[0]->line);
        if (!advance(heap[0]))
            heap[0] = heap[--live];
        sift_down(heap, live, 0);
    }
    for (size_t i = 0; i < n; i++) {
        ok = ok && !ferror(cursors[i].f);
        free(cursors[i].line);
        spool_free(&rs->runs[first + i]);
    }
    free(heap);
    free(cursors);
    return ok;
}

static bool to_run(void *ctx, const char *record)
{
    struct spool *run = ctx;
    return spool_puts(run, record) && spool_write(run, "\n", 1);
}

bool record_sort_each(struct record_sort *rs, bool (*fn)(void *ctx, const char *record), void *ctx)
{
    if (rs->failed)
        return false;
    if (rs->run_count == 0) { /* everything fits: no file at all */
        qsort(rs->records, rs->count, sizeof *rs->records, compare);
        for (size_t i = 0; i < rs->count; i++)
            if (!fn(ctx, rs->records[i]))
                return false;
        return true;
    }
    if (!write_run(rs))
        return false;
    /* too many runs to open at once: merge the oldest into one, again */
    size_t first = 0;
    while (rs->run_count - first > MERGE_FAN_IN) {
        struct spool merged;
        spool_init(&merged, 1 << 14);
        if (!merge(rs, first, MERGE_FAN_IN, to_run, &merged) || merged.failed) {
            spool_free(&merged);
            rs->failed = true;
            return false;
        }
        first += MERGE_FAN_IN;
        *new_run(rs) = merged;
    }
    return merge(rs, first, rs->run_count - first, fn, ctx);
}

void record_sort_free(struct record_sort *rs)
{
    if (!rs)
        return;
    for (size_t i = 0; i < rs->run_count; i++)
        spool_free(&rs->runs[i]);
    free(rs->runs);
    free(rs->records);
    free(rs->arena);
    free(rs);
}
