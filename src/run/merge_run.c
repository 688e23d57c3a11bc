/* --merge: reads the part files, checks that they belong together and to the
 * inputs as they are now, rebuilds the run's jobs from the inputs and prints
 * each twin from its parts (report/merge.c) through the run's printer. */
#include "../base/memory.h"
#include "merge_run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report/json.h"
#include "../report/merge.h"
#include "../table/store.h"
#include "../table/tt.h"
#include "input.h"
#include "job.h"
#include "output.h"
#include "part_seal.h"
#include "persist.h"
#include "read_jobs.h"
#include "work.h"

/* One part line: where it came from and what it says. */
struct part_line {
    const char *file;
    int line;
    cJSON *json;
    int from, to;               /* first moves; 0, 0: the whole twin */
};

struct part_set {
    struct part_line *items;
    int count, cap;
    const cJSON *inputs;        /* of the first line: every line must name the same */
    int shard_n;                /* the N of --shard K/N the parts were made with, 0: none */
};

static const cJSON *field(const cJSON *o, const char *name) { return cJSON_GetObjectItemCaseSensitive(o, name); }

static int bad_part(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: %s\n", file, line, what);
    return 2;
}

/* Reads one part file line by line; returns 0 or the exit status 2. */
static int read_part_file(const struct config *cfg, const char *name, struct part_set *set)
{
    size_t len;
    char *text = input_read_all(name, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read: %s\n", name, strerror(errno));
        return 2;
    }
    int line = 0, status = 0;
    for (char *save = NULL, *s = strtok_r(text, "\n", &save); s && !status; s = strtok_r(NULL, "\n", &save)) {
        line++;
        size_t len = strlen(s);
        if (len > 0 && s[len - 1] == '\r') /* a file passed through a CRLF system */
            s[--len] = 0;
        cJSON *o = cJSON_Parse(s);
        const cJSON *schema = field(o, "schema"), *part = field(o, "part");
        char what[200];
        if (!cJSON_IsObject(o) || !cJSON_IsNumber(schema)) {
            status = bad_part(name, line, "not a line of fairysolve --json output");
        } else if (schema->valueint != JSON_SCHEMA_VERSION) {
            snprintf(what, sizeof what, "a line of JSON schema %d; this program reads schema %d", schema->valueint,
                     JSON_SCHEMA_VERSION);
            status = bad_part(name, line, what);
        } else if (field(o, "error")) {
            cJSON_Delete(o); /* an unreadable problem: the merge reads the inputs and reports it itself */
            continue;
        } else if (!cJSON_IsObject(part)) {
            status = bad_part(name, line, "a --json line without \"part\": made without --shard or --first-moves");
        } else if (!cJSON_IsString(field(part, "program")) ||
                   strcmp(field(part, "program")->valuestring, cfg->version ? cfg->version : "") != 0) {
            snprintf(what, sizeof what, "a part made by %s; this is %s",
                     cJSON_IsString(field(part, "program")) ? field(part, "program")->valuestring : "another program",
                     cfg->version ? cfg->version : "?");
            status = bad_part(name, line, what);
        } else if (!part_line_sealed(s, len)) {
            status = bad_part(name, line, "a part line changed since fairysolve wrote it (its digest does not match)");
        } else if (!cJSON_IsArray(field(part, "inputs")) || !cJSON_IsNumber(field(part, "place"))) {
            status = bad_part(name, line, "a part line without its inputs or place");
        } else if (set->inputs && !cJSON_Compare(set->inputs, field(part, "inputs"), true)) {
            snprintf(what, sizeof what, "a part of other inputs (or other versions of them) than %s:%d",
                     set->items[0].file, set->items[0].line);
            status = bad_part(name, line, what);
        }
        if (status) {
            cJSON_Delete(o);
            break;
        }
        if (set->count == set->cap) {
            set->cap = set->cap ? 2 * set->cap : 64;
            set->items = realloc(set->items, sizeof *set->items * (size_t)set->cap);
            if (!set->items)
                out_of_memory();
        }
        const cJSON *fm = field(part, "first_moves"), *shard = field(part, "shard");
        struct part_line *p = &set->items[set->count++];
        *p = (struct part_line){.file = name, .line = line, .json = o};
        if (cJSON_IsArray(fm)) {
            p->from = cJSON_GetArrayItem(fm, 0) ? cJSON_GetArrayItem(fm, 0)->valueint : 0;
            p->to = cJSON_GetArrayItem(fm, 1) ? cJSON_GetArrayItem(fm, 1)->valueint : 0;
            if (p->from < 1 || p->to < p->from)
                status = bad_part(name, line, "a part line with a malformed first-move range");
        }
        if (cJSON_IsArray(shard) && cJSON_GetArrayItem(shard, 1))
            set->shard_n = cJSON_GetArrayItem(shard, 1)->valueint;
        if (!set->inputs)
            set->inputs = field(part, "inputs");
    }
    free(text);
    return status;
}

/* The run the parts were made of: its files, from the parts' inputs. */
static int inputs_config(const struct part_set *set, struct config *run, char ***names)
{
    int n = cJSON_GetArraySize(set->inputs);
    *names = calloc((size_t)n + 1, sizeof **names);
    if (!*names)
        out_of_memory();
    for (int i = 0; i < n; i++) {
        const cJSON *name = cJSON_GetArrayItem(cJSON_GetArrayItem(set->inputs, i), 0);
        if (!cJSON_IsString(name))
            return bad_part(set->items[0].file, set->items[0].line, "a part line with malformed inputs");
        if (strcmp(name->valuestring, "-") == 0)
            return bad_part(set->items[0].file, set->items[0].line,
                            "a part of standard input: the merge must read the inputs again");
        (*names)[i] = name->valuestring;
    }
    run->files = *names;
    run->file_count = n;
    run->shard_k = run->shard_n = run->first_from = run->first_to = 0;
    run->merge = false;
    return 0;
}

static int compare_from(const void *a, const void *b)
{
    const struct part_line *x = *(const struct part_line *const *)a, *y = *(const struct part_line *const *)b;
    return (x->from > y->from) - (x->from < y->from);
}

/* "problem 3 b)" and its place in the input, for messages. */
static void twin_name(const struct job *j, char *buf, size_t n)
{
    snprintf(buf, n, "%s:%d: problem %d%s%s%s%s", j->file, j->twin ? j->view.line : j->pr->line, j->index,
             j->view.label ? " " : "", j->view.label ? j->view.label_text : "", j->view.label ? ")" : "",
             j->view.colours_swapped ? " duplex" : "");
}

/* Whether line p is an answer for job j (the same file, problem, twin, part). */
static bool line_matches(const struct part_line *p, const struct job *j)
{
    const cJSON *o = p->json, *file = field(o, "file"), *problem = field(o, "problem"), *twin = field(o, "twin"),
                *duplex = field(o, "duplex");
    return cJSON_IsString(file) && strcmp(file->valuestring, j->file) == 0 && cJSON_IsNumber(problem) &&
           problem->valueint == j->index &&
           (j->view.label_text[0] ? cJSON_IsString(twin) && strcmp(twin->valuestring, j->view.label_text) == 0
                                  : cJSON_IsNull(twin)) &&
           cJSON_IsBool(duplex) && cJSON_IsTrue(duplex) == j->view.colours_swapped;
}

/* The twin's parts, in first-move order: checked for overlaps (status 2),
 * gaps named on stderr (*missing set).  Returns 0 or 2. */
static int check_ranges(struct part_line **lines, int count, const struct job *j, bool *missing)
{
    char name[160];
    twin_name(j, name, sizeof name);
    qsort(lines, (size_t)count, sizeof *lines, compare_from);
    for (int i = 0; i < count; i++) {
        bool whole = lines[i]->from == 0;
        if (i > 0 && (whole || lines[i - 1]->from == 0 || lines[i]->from <= lines[i - 1]->to)) {
            fprintf(stderr, "%s:%d: %s: overlaps the part of %s:%d\n", lines[i]->file, lines[i]->line, name,
                    lines[i - 1]->file, lines[i - 1]->line);
            return 2;
        }
    }
    if (lines[0]->from == 0)
        return 0;
    if (j->pr->options.max_solutions > 0 || j->pr->options.stop_on_short) {
        fprintf(stderr, "%s:%d: %s: MaxSolutions and StopOnShort stop a whole twin; first-move parts of it "
                        "cannot be joined\n", lines[0]->file, lines[0]->line, name);
        return 2;
    }
    const cJSON *numbered = field(field(lines[0]->json, "part"), "numbered");
    int total = cJSON_IsNumber(numbered) ? numbered->valueint : 0, next = 1;
    for (int i = 0; i <= count; i++) {
        int from = i < count ? lines[i]->from : total + 1;
        if (from > next && next <= total) {
            int to = from - 1 < total ? from - 1 : total;
            fprintf(stderr, "merge: missing: %s: first moves %d-%d (of %d): --first-moves %d-%d\n", name, next, to,
                    total, next, to);
            *missing = true;
        }
        if (i < count && lines[i]->to + 1 > next)
            next = lines[i]->to + 1;
    }
    return 0;
}

/* Fills job j from its parts; returns 0, or 2 for parts that do not fit. */
static int merge_job(const struct config *cfg, struct job *j, struct part_line **lines, int count, bool *incomplete)
{
    char name[160], msg[200];
    twin_name(j, name, sizeof name);
    for (int i = 0; i < count; i++)
        if (!line_matches(lines[i], j)) {
            fprintf(stderr, "%s:%d: the part at place %d is not %s of the inputs\n", lines[i]->file, lines[i]->line,
                    j->place, name);
            return 2;
        }
    bool missing = false;
    if (check_ranges(lines, count, j, &missing) != 0)
        return 2;
    const cJSON *jl[count];
    for (int i = 0; i < count; i++)
        jl[i] = lines[i]->json;
    struct merged_twin m;
    if (!merge_twin(jl, count, &j->view.stipulation, &m, msg, sizeof msg)) {
        fprintf(stderr, "%s:%d: %s: %s\n", lines[0]->file, lines[0]->line, name, msg);
        return 2;
    }
    m.r.partial |= missing;
    if (m.r.partial && !missing)
        fprintf(stderr, "merge: partial: %s: a part was cut short (time limit, interrupt): run it again\n", name);
    *incomplete |= m.r.partial;
    if (cfg->regression)
        m.r.seconds = 0;
    work_verdict(j, &m.r);
    j->partial = m.r.partial;
    j->illegal = m.r.illegal;
    j->set_play_illegal = m.r.set_play_illegal;
    work_name_illegal(j);
    j->too_many_turns = m.r.too_many_turns;
    j->seconds = m.r.seconds;
    text_init(&j->out);
    if (cfg->json) {
        struct json_tree tree;
        json_tree_init(&tree);
        cJSON_Delete(tree.root);
        tree.root = m.tree;
        m.tree = NULL;
        char *line = json_twin(j->pr, j->twin, &j->view, &m.r, &j->verdict, &tree);
        text_put(&j->out, line);
        text_put(&j->out, "\n");
        free(line);
        json_tree_free(&tree);
    } else {
        work_twin_head(j);
        text_put(&j->out, m.text.data);
        /* the last thing shown is a key's or a try's play unless it is a
         * numbered first move ("  7  (Qa1-a2 )") or there is none */
        size_t n = strlen(m.text.data);
        bool numbered_last = n >= 2 && m.text.data[n - 2] == ')';
        work_twin_tail(cfg, j, &m.r, (m.r.keys.count > 0 || m.r.try_count > 0) && !numbered_last);
    }
    merged_twin_free(&m);
    return 0;
}

static int merge_jobs(const struct config *cfg, struct job_list *jobs, struct part_set *set)
{
    int places = 0;
    for (int i = 0; i < jobs->count; i++)
        places += jobs->items[i].kind == JOB_SOLVE;
    /* the lines of each place */
    int *first = malloc(sizeof *first * (size_t)(places + 1)), *next = malloc(sizeof *next * (size_t)set->count);
    if (!first || !next)
        out_of_memory();
    for (int i = 0; i <= places; i++)
        first[i] = -1;
    for (int i = set->count - 1; i >= 0; i--) {
        int place = field(field(set->items[i].json, "part"), "place")->valueint;
        if (place < 0 || place >= places) {
            free(first);
            free(next);
            return bad_part(set->items[i].file, set->items[i].line, "a part of a twin the inputs do not have");
        }
        next[i] = first[place];
        first[place] = i;
    }
    struct progress progress;
    progress_init(&progress, 0);
    struct output out;
    output_init(&out, cfg, &progress);
    int status = 0, missing = 0;
    bool incomplete = false;
    struct part_line **lines = malloc(sizeof *lines * (size_t)(set->count + 1));
    if (!lines)
        out_of_memory();
    for (int i = 0; i < jobs->count && status == 0; i++) {
        struct job *j = &jobs->items[i];
        if (j->kind != JOB_SOLVE) {
            output_job(&out, j);
            continue;
        }
        int n = 0;
        for (int k = first[j->place]; k >= 0; k = next[k])
            lines[n++] = &set->items[k];
        if (n == 0) {
            char name[160];
            twin_name(j, name, sizeof name);
            if (set->shard_n > 0)
                fprintf(stderr, "merge: missing: %s (place %d): --shard %d/%d\n", name, j->place + 1,
                        j->place % set->shard_n + 1, set->shard_n);
            else
                fprintf(stderr, "merge: missing: %s (place %d)\n", name, j->place + 1);
            missing++;
            output_skip(&out, j);
            continue;
        }
        status = merge_job(cfg, j, lines, n, &incomplete);
        if (status == 0)
            output_job(&out, j);
    }
    free(lines);
    free(first);
    free(next);
    int printed = output_finish(&out);
    if (status)
        return status;
    if (missing || incomplete) {
        fprintf(stderr, "merge: incomplete: %d twin%s missing%s; run the parts named above and merge again\n",
                missing, missing == 1 ? "" : "s", incomplete ? ", some partial or without some first moves" : "");
        return MERGE_INCOMPLETE_STATUS;
    }
    return printed;
}

int merge_run(const struct config *cfg)
{
    struct part_set set = {0};
    int status = 0;
    for (int i = 0; i < cfg->file_count && !status; i++)
        status = read_part_file(cfg, cfg->files[i], &set);
    if (!status && set.count == 0) {
        fprintf(stderr, "fairysolve: --merge: no part lines in the files given\n");
        status = 2;
    }
    struct config run = *cfg;
    char **names = NULL;
    struct job_list jobs = {0};
    cJSON *inputs = NULL;
    if (!status)
        status = inputs_config(&set, &run, &names);
    if (!status) {
        inputs = cJSON_CreateArray();
        if (!inputs)
            out_of_memory();
        read_jobs(&run, &jobs, inputs);
        if (!cJSON_Compare(inputs, set.inputs, true)) {
            fprintf(stderr, "%s:%d: the inputs have changed since the parts were made (or cannot be read here)\n",
                    set.items[0].file, set.items[0].line);
            status = 2;
        }
    }
    if (!status)
        status = merge_jobs(&run, &jobs, &set);
    job_list_free(&jobs);
    cJSON_Delete(inputs);
    free(names);
    for (int i = 0; i < set.count; i++)
        cJSON_Delete(set.items[i].json);
    free(set.items);
    return status;
}

int merge_stores(const struct config *cfg)
{
    char identity[STORE_IDENTITY_MAX + 1], other[STORE_IDENTITY_MAX + 1];
    if (!persist_check(cfg->store))
        return 2;
    struct tt tt = {0};
    if (!tt_init(&tt, (size_t)cfg->hash_mb)) {
        fprintf(stderr, "fairysolve: cannot allocate %ld MB for the hash table\n", cfg->hash_mb);
        return 2;
    }
    int status = 0;
    for (int i = 0; i < cfg->file_count && !status; i++) {
        char msg[512];
        if (!store_identity(cfg->files[i], i ? other : identity, sizeof identity, msg, sizeof msg)) {
            fprintf(stderr, "fairysolve: %s\n", msg);
            status = 2;
        } else if (i && strcmp(identity, other) != 0) {
            fprintf(stderr, "fairysolve: %s is a store of '%s', %s of '%s': not joined\n", cfg->files[i], other,
                    cfg->files[0], identity);
            status = 2;
        } else if (store_load(&tt, cfg->files[i], identity, NULL, msg, sizeof msg) != STORE_LOADED) {
            fprintf(stderr, "fairysolve: %s\n", msg);
            status = 2;
        }
    }
    if (!status && !persist_save(&tt, cfg->store, identity, cfg->progress))
        status = 2;
    tt_free(&tt);
    return status;
}
