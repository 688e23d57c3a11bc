/* JSON objects with cJSON: field names and forms as FORMAT.md 7 shows them.
 * Decides nothing about the verdict (verdict.c) or the moves (the solver). */
#include "../base/memory.h"
#include "json.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "../rules/rules.h"
#include "../search/solve.h"
#include "../base/text.h"
#include "utf8.h"

/* cJSON answers NULL only when memory runs out: a half-built object is
 * worse than stopping (as text.c does). */
static cJSON *need(cJSON *item)
{
    if (!item)
        out_of_memory();
    return item;
}

static void add(cJSON *object, const char *name, cJSON *item)
{
    if (!cJSON_AddItemToObject(object, name, need(item)))
        out_of_memory();
}

static void append(cJSON *array, cJSON *item)
{
    if (!cJSON_AddItemToArray(array, need(item)))
        out_of_memory();
}

/* Strings from the input may be Latin-1; JSON must be UTF-8. */
static cJSON *text_string(const char *s)
{
    char *u = utf8_from_text(s ? s : "");
    cJSON *item = need(cJSON_CreateString(u));
    free(u);
    return item;
}

static cJSON *string_array(const struct strlist *l)
{
    cJSON *a = need(cJSON_CreateArray());
    for (int i = 0; i < l->count; i++)
        append(a, text_string(l->items[i]));
    return a;
}

/* Written as JSON text at once: a helpmate may have 200,000 solutions, and
 * a cJSON item per move would cost ten times the text.  Canonical moves
 * (FORMAT.md 8) are letters, digits and '/', so they need no escaping. */
static cJSON *solution_lists(const struct strlist *l)
{
    struct text t;
    text_init(&t);
    text_put(&t, "[");
    for (int i = 0; i < l->count; i++) {
        /* "e2e4 e7e5" -> ["e2e4","e7e5"] */
        const char *m = l->items[i];
        char *item = malloc(strlen(m) * 3 + 8);
        if (!item)
            out_of_memory();
        char *o = item;
        if (i)
            *o++ = ',';
        *o++ = '[';
        *o++ = '"';
        for (const char *c = m; *c; c++) {
            assert(*c >= ' ' && *c < 0x7f && *c != '"' && *c != '\\');
            if (*c == ' ') {
                memcpy(o, "\",\"", 3);
                o += 3;
            } else {
                *o++ = *c;
            }
        }
        memcpy(o, "\"]", 3); /* with the terminating 0 */
        text_put(&t, item);
        free(item);
    }
    text_put(&t, "]");
    cJSON *raw = need(cJSON_CreateRaw(t.data));
    text_free(&t);
    return raw;
}

static cJSON *tries(const struct result *r)
{
    cJSON *a = need(cJSON_CreateArray());
    for (int i = 0; i < r->try_count; i++) {
        cJSON *t = need(cJSON_CreateObject());
        add(t, "move", text_string(r->tries[i].move));
        add(t, "refutations", string_array(&r->tries[i].refutations));
        append(a, t);
    }
    return a;
}

static cJSON *string_list(const char *const *items, int count)
{
    cJSON *a = need(cJSON_CreateArray());
    for (int i = 0; i < count; i++)
        append(a, text_string(items[i]));
    return a;
}

/* The verdict text's items: "cooked, short" -> ["cooked", "short"]. */
static cJSON *verdict_items(const struct verdict *vd)
{
    cJSON *a = need(cJSON_CreateArray());
    const char *p = vd->text;
    while (*p) {
        const char *end = strstr(p, ", ");
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char item[sizeof vd->text];
        memcpy(item, p, n);
        item[n] = 0;
        append(a, text_string(item));
        p += n + (end ? 2 : 0);
    }
    return a;
}

static void add_optional_text(cJSON *o, const char *name, const char *s)
{
    if (s && s[0])
        add(o, name, text_string(s));
}

static char *finish(cJSON *o)
{
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (!s)
        out_of_memory();
    /* cJSON's allocator is malloc unless someone installs hooks; copy so the
     * caller's free() is right either way */
    char *copy = strdup(s);
    cJSON_free(s);
    if (!copy)
        out_of_memory();
    return copy;
}

char *json_twin(const struct problem *pr, int twin, const struct twin_view *v, const struct result *r,
                const struct verdict *vd, struct json_tree *tree)
{
    return json_twin_part(pr, twin, v, r, vd, tree, NULL);
}

char *json_twin_part(const struct problem *pr, int twin, const struct twin_view *v, const struct result *r,
                     const struct verdict *vd, struct json_tree *tree, cJSON *part)
{
    (void)twin; /* the label says which twin, as Popeye names it */
    struct verdict own;
    if (!vd) {
        verdict_compute(pr, v, r, &own);
        vd = &own;
    }
    bool help = stipulation_has_lines(&v->stipulation);
    cJSON *o = need(cJSON_CreateObject());
    add(o, "schema", cJSON_CreateNumber(JSON_SCHEMA_VERSION));
    add(o, "file", pr->file ? text_string(pr->file) : cJSON_CreateNull()); /* NULL: --fen */
    add(o, "problem", cJSON_CreateNumber(pr->index));
    add(o, "twin", v->label_text[0] ? text_string(v->label_text) : cJSON_CreateNull());
    add_optional_text(o, "author", pr->author);
    add_optional_text(o, "origin", pr->origin);
    add_optional_text(o, "title", pr->title);
    add(o, "stipulation", text_string(solve_effective_stipulation(pr, v).text));
    struct rules_description rd = rules_describe(v->rules, v->switches);
    add(o, "condition", text_string(rd.name));
    add(o, "switches", string_list(rd.switches, rd.switch_count));
    add(o, "keys", string_array(&r->keys));
    add(o, "tries", tries(r));
    if (help) {
        add(o, "solutions", solution_lists(&r->solutions));
        add(o, "short", solution_lists(&r->short_solutions));
    } else {
        add(o, "solutions", solution_lists(&r->keys));
        add(o, "short", solution_lists(&r->short_keys));
    }
    add(o, "tree", tree ? json_tree_take(tree) : cJSON_CreateObject());
    add(o, "verdict", verdict_items(vd));
    add(o, "duals", string_array(&r->dual_lines));
    if (r->illegal)
        add(o, "illegal", cJSON_CreateTrue());
    if (r->set_play_illegal)
        add(o, "set_play_illegal", cJSON_CreateTrue());
    add(o, "partial", cJSON_CreateBool(r->partial));
    add(o, "duplex", cJSON_CreateBool(v->colours_swapped));
    char nodes[24];
    snprintf(nodes, sizeof nodes, "%" PRIu64, r->nodes); /* exact: a double would round */
    add(o, "nodes", cJSON_CreateRaw(nodes));
    add(o, "seconds", cJSON_CreateNumber(round(r->seconds * 1000.0) / 1000.0));
    if (part)
        add(o, "part", part);
    return finish(o);
}

char *json_error(const char *file, int problem, const struct parse_error *e)
{
    cJSON *o = need(cJSON_CreateObject());
    add(o, "schema", cJSON_CreateNumber(JSON_SCHEMA_VERSION));
    add(o, "file", file ? text_string(file) : cJSON_CreateNull());
    add(o, "problem", cJSON_CreateNumber(problem));
    char message[320];
    if (e->line > 0)
        snprintf(message, sizeof message, "%d:%d: %s", e->line, e->column, e->message);
    else
        snprintf(message, sizeof message, "%s", e->message);
    add(o, "error", text_string(message));
    return finish(o);
}
