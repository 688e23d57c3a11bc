/* libFuzzer target for --merge: any bytes as part files (a form feed starts
 * the next file), joined as text and as JSON against the inputs they name,
 * as they are and again with every line sealed anew. */
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cjson/cJSON.h>

#include "../../src/run/config.h"
#include "../../src/run/merge_run.h"
#include "../../src/run/part_seal.h"

/* Parts come from other machines, so a merge must end in one of three ways:
 *   - the whole run's answer: standard output, standard error and exit
 *     status as a single run of the inputs the parts name prints them;
 *   - refused (status 2), a message naming a part file ("FILE:LINE: ...");
 *   - incomplete (status 3), naming what is missing or partial.
 * Anything else (a truncated, doubled, forged or foreign part merged into
 * another answer) is a finding: the target aborts.  Every changed line
 * fails its seal (part_seal.h), so the mutations seldom get further; the
 * same bytes are merged again with each line sealed anew, as a forger
 * would, to reach the joining itself (report/merge.c), where any answer
 * may come out, but the merge must still end in one of the three ways.  The answer to compare
 * with is computed here by a single run of the named inputs; run from the
 * top directory, where the seeds' parts name tests/fuzz/merge/ *.inp
 * (tests/fuzz/merge-seeds writes the seeds). */

#define MAX_PART_FILES 4
#define MAX_INPUTS 4
#define MAX_INPUT_BYTES 65536
#define MAX_CACHED 64

struct answer {
    char *out, *err;
    size_t out_len, err_len;
    int status;
};

/* a single run's answer per list of input names ("a\nb\n") */
static struct {
    char *names;
    struct answer a;
} cache[MAX_CACHED];
static int cached;

/* The seeds' program name: the version the parts must carry. */
static char program[64] = "fairysolve";

/* Runs fn(cfg) with standard output and standard error caught in memory. */
static void caught(int (*fn)(const struct config *), const struct config *cfg, struct answer *a)
{
    FILE *saved_out = stdout, *saved_err = stderr;
    FILE *out = open_memstream(&a->out, &a->out_len), *err = open_memstream(&a->err, &a->err_len);
    if (!out || !err)
        abort();
    fflush(stdout);
    fflush(stderr);
    stdout = out;
    stderr = err;
    a->status = fn(cfg);
    fflush(stdout);
    fflush(stderr);
    stdout = saved_out;
    stderr = saved_err;
    fclose(out);
    fclose(err);
}

static void answer_free(struct answer *a)
{
    free(a->out);
    free(a->err);
}

static bool same(const struct answer *a, const struct answer *b)
{
    return a->status == b->status && a->out_len == b->out_len && a->err_len == b->err_len &&
           memcmp(a->out, b->out, a->out_len) == 0 && memcmp(a->err, b->err, a->err_len) == 0;
}

static struct config base_config(char **files, int count)
{
    return (struct config){.jobs = 1, .hash_mb = 1, .regression = true, .check = true, .version = program,
                           .files = files, .file_count = count};
}

/* A single run's solving installs its SIGINT and SIGTERM handlers: libFuzzer's come back after. */
static int run_whole(const struct config *cfg)
{
    struct sigaction old_int, old_term;
    sigaction(SIGINT, NULL, &old_int);
    sigaction(SIGTERM, NULL, &old_term);
    int status = run_all(cfg);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    return status;
}

static bool small_file(const char *name)
{
    struct stat st;
    return stat(name, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= MAX_INPUT_BYTES;
}

/* The inputs named by the first part line of the files (the merge takes
 * them from there); NULL when they are not small files to solve here. */
static const struct answer *whole_answer(char *const *texts, int files)
{
    const cJSON *inputs = NULL;
    cJSON *line = NULL;
    for (int f = 0; f < files && !inputs; f++) {
        char *save = NULL, *copy = strdup(texts[f]);
        for (char *s = strtok_r(copy, "\n", &save); s && !inputs; s = strtok_r(NULL, "\n", &save)) {
            cJSON_Delete(line);
            line = cJSON_Parse(s);
            const cJSON *part = cJSON_GetObjectItemCaseSensitive(line, "part");
            if (cJSON_IsObject(part) && !cJSON_GetObjectItemCaseSensitive(line, "error"))
                inputs = cJSON_GetObjectItemCaseSensitive(part, "inputs");
        }
        free(copy);
    }
    char *names[MAX_INPUTS] = {0}, joined[MAX_INPUTS * 256] = "";
    int n = cJSON_IsArray(inputs) ? cJSON_GetArraySize(inputs) : 0;
    bool usable = n > 0 && n <= MAX_INPUTS;
    for (int i = 0; usable && i < n; i++) {
        const cJSON *name = cJSON_GetArrayItem(cJSON_GetArrayItem(inputs, i), 0);
        usable = cJSON_IsString(name) && strlen(name->valuestring) < 200 && small_file(name->valuestring);
        if (usable) {
            names[i] = name->valuestring;
            strcat(joined, names[i]);
            strcat(joined, "\n");
        }
    }
    const struct answer *found = NULL;
    for (int i = 0; usable && i < cached && !found; i++)
        if (strcmp(cache[i].names, joined) == 0)
            found = &cache[i].a;
    if (usable && !found && cached < MAX_CACHED) {
        struct config cfg = base_config(names, n);
        cache[cached].names = strdup(joined);
        caught(run_whole, &cfg, &cache[cached].a);
        found = &cache[cached++].a;
    }
    cJSON_Delete(line);
    return found;
}

static bool has_line(const char *text, size_t len, const char *start)
{
    size_t k = strlen(start);
    for (size_t i = 0; i + k <= len; i++)
        if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, start, k) == 0)
            return true;
    return false;
}

static void finding(const char *what, const struct answer *got, const struct answer *whole)
{
    fprintf(stderr, "fuzz_merge: %s\n-- merge: status %d, standard error:\n%.*s\n", what, got->status,
            (int)got->err_len, got->err);
    if (whole)
        fprintf(stderr, "-- the single run: status %d, standard error:\n%.*s\n-- merge standard output:\n%.*s\n"
                        "-- the single run's:\n%.*s\n", whole->status, (int)whole->err_len, whole->err,
                (int)got->out_len, got->out, (int)whole->out_len, whole->out);
    abort();
}

/* The merge's answer judged as the comment at the top says; resealed: any
 * answer may be the forger's. */
static void judge(const struct answer *got, char *const *paths, int files, const struct answer *whole,
                  bool resealed)
{
    if (whole && same(got, whole))
        return;
    if (got->status == MERGE_INCOMPLETE_STATUS) {
        if (!has_line(got->err, got->err_len, "merge: missing: ") &&
            !has_line(got->err, got->err_len, "merge: partial: "))
            finding("incomplete, but nothing named missing or partial", got, whole);
        return;
    }
    if (got->status == 2) {
        char start[300];
        for (int f = 0; f < files; f++) {
            snprintf(start, sizeof start, "%s:", paths[f]);
            if (has_line(got->err, got->err_len, start))
                return;
        }
        if (has_line(got->err, got->err_len, "fairysolve: --merge: no part lines in the files given"))
            return;
        /* the status of inputs with an unreadable problem, with the forger's answer */
        if (resealed && whole && whole->status == 2)
            return;
        finding("refused without naming a part file", got, whole);
    }
    if (resealed && (got->status == 0 || got->status == 1))
        return;
    finding(whole ? "merged into an answer that is not the single run's" : "merged parts of inputs it cannot check",
            got, whole);
}

/* The seed every run checks first (tests/fuzz/merge-seeds): a whole run in one part file. */
#define SEED "tests/fuzz/seed/merge/shards-1"

static void stale_seeds(const char *why)
{
    fprintf(stderr, "fuzz_merge: %s: run from the top directory; if the part lines or the inputs in "
                    "tests/fuzz/merge/ have changed, make the seeds again with tests/fuzz/merge-seeds\n", why);
    exit(1);
}

/* The program name the seeds carry, so that they are not refused as another
 * version's; and the seed must still merge into the single run's answer, or
 * every mutation would stop where the seed does. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    size_t len = 0;
    char *text = NULL;
    FILE *f = fopen(SEED, "r");
    if (!f || getdelim(&text, &len, 0, f) < 0)
        stale_seeds("cannot read " SEED);
    fclose(f);
    cJSON *o = cJSON_ParseWithOpts(text, NULL, false);
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(o, "part"), "program");
    if (!cJSON_IsString(p) || strlen(p->valuestring) >= sizeof program)
        stale_seeds(SEED " does not start with a part line");
    strcpy(program, p->valuestring);
    cJSON_Delete(o);
    char *files[] = {SEED};
    struct config cfg = base_config(files, 1);
    cfg.merge = true;
    struct answer merged;
    caught(merge_run, &cfg, &merged);
    const struct answer *whole = whole_answer(&text, 1);
    if (!whole || !same(&merged, whole))
        stale_seeds(SEED " does not merge into the single run's answer");
    answer_free(&merged);
    free(text);
    return 0;
}

/* text with each line that ends as a part line does ("}}") sealed anew,
 * its old seal (if any) dropped first; malloc'd. */
static char *resealed_text(const char *text, size_t *len)
{
    static const char seal[] = ",\"digest\":\"";
    size_t cap = strlen(text) + 64, n = 0;
    char *out = malloc(cap), *copy = strdup(text);
    for (char *save = NULL, *s = strtok_r(copy, "\n", &save); s; s = strtok_r(NULL, "\n", &save)) {
        size_t k = strlen(s);
        char *line = malloc(k + 1);
        memcpy(line, s, k + 1);
        char *old = strstr(line, seal);
        while (old && strstr(old + 1, seal))
            old = strstr(old + 1, seal);
        if (old && strlen(old) == sizeof seal - 1 + 16 + 3)
            strcpy(old, "}}");
        line = part_line_seal(line);
        k = strlen(line);
        if (n + k + 2 > cap) {
            cap = 2 * (n + k + 2);
            out = realloc(out, cap);
        }
        memcpy(out + n, line, k);
        n += k;
        out[n++] = '\n';
        free(line);
    }
    out[n] = 0;
    *len = n;
    free(copy);
    return out;
}

/* Merges the files, as text then as JSON, and judges the answers. */
static void merge_files(char *const *texts, char *const *paths, int files, bool resealed)
{
    const struct answer *whole = whole_answer(texts, files);
    struct config cfg = base_config((char **)paths, files);
    cfg.merge = true;
    struct answer text, json;
    caught(merge_run, &cfg, &text);
    judge(&text, paths, files, whole, resealed);
    /* the JSON printer of a merged twin: the same parts, the same verdict on them */
    cfg.json = true;
    caught(merge_run, &cfg, &json);
    if (json.status != text.status)
        finding("the JSON merge ends otherwise than the text merge", &json, NULL);
    answer_free(&text);
    answer_free(&json);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *texts[MAX_PART_FILES], *paths[MAX_PART_FILES], names[MAX_PART_FILES][32];
    int fds[MAX_PART_FILES], files = 0;
    size_t start = 0;
    while (start <= size && files < MAX_PART_FILES) {
        const uint8_t *ff = files < MAX_PART_FILES - 1 ? memchr(data + start, '\f', size - start) : NULL;
        size_t end = ff ? (size_t)(ff - data) : size;
        fds[files] = memfd_create("part", 0);
        if (fds[files] < 0 || write(fds[files], data + start, end - start) != (ssize_t)(end - start))
            abort();
        texts[files] = strndup((const char *)data + start, end - start);
        snprintf(names[files], sizeof names[files], "/proc/self/fd/%d", fds[files]);
        paths[files] = names[files];
        files++;
        start = end + 1;
    }
    merge_files(texts, paths, files, false);
    for (int f = 0; f < files; f++) {
        size_t len;
        char *again = resealed_text(texts[f], &len);
        if (ftruncate(fds[f], 0) != 0 || pwrite(fds[f], again, len, 0) != (ssize_t)len)
            abort();
        free(texts[f]);
        texts[f] = again;
    }
    merge_files(texts, paths, files, true);
    for (int f = 0; f < files; f++) {
        close(fds[f]);
        free(texts[f]);
    }
    return 0;
}
