/* --store around a run: a store is only reused by a run over the same rule
 * sets, and losing it costs time, never a wrong answer; a file that is not a
 * store, or another run's store, is never replaced by accident. */
#include "../base/memory.h"
#include "persist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/text.h"
#include "../rules/rules.h"
#include "../table/store.h"

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *rules_text(const struct twin_view *v)
{
    char d[RULES_DESCRIPTION_MAX];
    rules_describe_text(v->rules, v->switches, d);
    struct text t;
    text_init(&t);
    text_put(&t, d);
    return t.data;
}

char *persist_identity(const struct job_list *l)
{
    char **names = malloc(sizeof *names * (size_t)(l->count + 1));
    if (!names)
        out_of_memory();
    int n = 0;
    for (int i = 0; i < l->count; i++)
        if (l->items[i].kind == JOB_SOLVE)
            names[n++] = rules_text(&l->items[i].view);
    qsort(names, (size_t)n, sizeof *names, by_text);
    struct text id;
    text_init(&id);
    for (int i = 0; i < n; i++) {
        if (i == 0 || strcmp(names[i], names[i - 1]) != 0)
            text_printf(&id, "%s%s", id.len ? ";" : "", names[i]);
    }
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return id.data;
}

bool persist_check(const char *path)
{
    char msg[512];
    if (store_writable(path, msg, sizeof msg))
        return true;
    fprintf(stderr, "fairysolve: --store: %s\n", msg);
    return false;
}

bool persist_load(struct tt *t, const char *path, const char *identity, bool replace, bool verbose)
{
    char msg[512] = "";
    size_t entries = 0;
    switch (store_load(t, path, identity, &entries, msg, sizeof msg)) {
    case STORE_FOREIGN: /* somebody's file, never ours to replace */
        fprintf(stderr, "fairysolve: --store: %s; it is left alone (name another file)\n", msg);
        return false;
    case STORE_OTHER: /* another run's work: kept unless asked */
        if (!replace) {
            fprintf(stderr, "fairysolve: --store: %s; it is kept (name another file, or add --store-replace "
                            "to replace it)\n", msg);
            return false;
        }
        fprintf(stderr, "fairysolve: warning: %s; replaced at the end (--store-replace)\n", msg);
        tt_clear(t);
        break;
    case STORE_LOADED:
        if (verbose)
            fprintf(stderr, "fairysolve: store %s: %zu entries loaded\n", path, entries);
        break;
    case STORE_ABSENT:
        if (verbose)
            fprintf(stderr, "fairysolve: store %s: not there yet, starting empty\n", path);
        break;
    case STORE_REJECTED:
        fprintf(stderr, "fairysolve: warning: %s; not used, starting with an empty table\n", msg);
        tt_clear(t);
        break;
    }
    return true;
}

bool persist_save(const struct tt *t, const char *path, const char *identity, bool verbose)
{
    char msg[512] = "";
    if (!store_save(t, path, identity, msg, sizeof msg)) {
        fprintf(stderr, "fairysolve: %s\n", msg);
        return false;
    }
    if (verbose)
        fprintf(stderr, "fairysolve: store %s written\n", path);
    return true;
}
