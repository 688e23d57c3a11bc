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

#include "../board/notation.h"
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

/* The object's fields as text without the braces: "a":1,"b":2 */
static char *fields(cJSON *o)
{
    char *s = finish(o);
    size_t n = strlen(s);
    assert(n >= 2 && s[0] == '{' && s[n - 1] == '}');
    memmove(s, s + 1, n - 2);
    s[n - 2] = 0;
    return s;
}

bool json_write_string(const struct json_writer *w, const char *s)
{
    /* as cJSON writes strings: the two-character escapes, \u00XX for other
     * control characters, every other byte as it is */
    char buf[256];
    size_t n = 0;
    buf[n++] = '"';
    for (const unsigned char *c = (const unsigned char *)s;; c++) {
        if (n + 8 > sizeof buf || !*c) {
            if (!*c)
                buf[n++] = '"';
            if (!w->write(w->ctx, buf, n))
                return false;
            n = 0;
            if (!*c)
                return true;
        }
        const char *esc = *c == '"' ? "\\\"" : *c == '\\' ? "\\\\" : *c == '\b' ? "\\b" : *c == '\f' ? "\\f"
                          : *c == '\n' ? "\\n" : *c == '\r' ? "\\r" : *c == '\t' ? "\\t" : NULL;
        if (esc) {
            memcpy(buf + n, esc, 2);
            n += 2;
        } else if (*c < 32) {
            n += (size_t)snprintf(buf + n, 8, "\\u%04x", *c);
        } else {
            buf[n++] = (char)*c;
        }
    }
}

bool json_write_text(const struct json_writer *w, const char *s)
{
    return w->write(w->ctx, s, strlen(s));
}

bool json_write_line_item(const struct json_writer *w, const char *line, bool first)
{
    /* "e2e4 e7e5" -> ["e2e4","e7e5"] */
    bool ok = json_write_text(w, first ? "[" : ",[");
    char move[NOTATION_MAX * 2];
    for (const char *m = line; ok && *m;) {
        size_t len = strcspn(m, " ");
        snprintf(move, sizeof move, "%.*s", (int)len, m);
        ok = json_write_string(w, move) && (m[len] == 0 || json_write_text(w, ","));
        m += len + (m[len] == ' ');
    }
    return ok && json_write_text(w, "]");
}

/* A list of canonical lines as [[moves], ...]. */
static bool write_lines(const struct json_writer *w, const struct strlist *l)
{
    bool ok = json_write_text(w, "[");
    for (int i = 0; ok && i < l->count; i++)
        ok = json_write_line_item(w, l->items[i], i == 0);
    return ok && json_write_text(w, "]");
}

char *json_fields_head(const struct problem *pr, const struct twin_view *v)
{
    cJSON *o = need(cJSON_CreateObject());
    add(o, "schema", cJSON_CreateNumber(JSON_SCHEMA_VERSION));
    add(o, "file", pr->file ? text_string(pr->file) : cJSON_CreateNull()); /* NULL: --fen */
    add(o, "problem", cJSON_CreateNumber(pr->index));
    add(o, "twin", v->label_text[0] ? text_string(v->label_text) : cJSON_CreateNull());
    add_optional_text(o, "author", pr->author);
    add_optional_text(o, "origin", pr->origin);
    add_optional_text(o, "award", pr->award); /* as Popeye prints it: after the source, before the title */
    add_optional_text(o, "title", pr->title);
    add(o, "stipulation", text_string(solve_effective_stipulation(pr, v).text));
    struct rules_description rd = rules_describe(v->rules, v->switches);
    add(o, "condition", text_string(rd.name));
    add(o, "switches", string_list(rd.switches, rd.switch_count));
    return fields(o);
}

char *json_fields_keys(const struct result *r)
{
    cJSON *o = need(cJSON_CreateObject());
    add(o, "keys", string_array(&r->keys));
    add(o, "tries", tries(r));
    return fields(o);
}

char *json_fields_verdict(const struct verdict *vd)
{
    cJSON *o = need(cJSON_CreateObject());
    add(o, "verdict", verdict_items(vd));
    return fields(o);
}

char *json_fields_end(const struct result *r, const struct twin_view *v)
{
    cJSON *o = need(cJSON_CreateObject());
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
    return fields(o);
}

char *json_part_open(cJSON *part)
{
    char *s = finish(part);
    size_t n = strlen(s);
    assert(n >= 2 && s[n - 1] == '}');
    s[n - 1] = 0; /* the caller goes on with ,"text":[...]} */
    return s;
}

struct dual_writer {
    const struct json_writer *w;
    bool first;
};

static bool write_dual(void *ctx, const char *line)
{
    struct dual_writer *d = ctx;
    char *u = utf8_from_text(line);
    bool ok = (d->first || json_write_text(d->w, ",")) && json_write_string(d->w, u);
    d->first = false;
    free(u);
    return ok;
}

bool json_write_duals(const struct json_writer *w, struct strlist *duals)
{
    struct dual_writer d = {w, true};
    bool ok = json_write_text(w, "\"duals\":[");
    if (ok && strlist_in_memory(duals)) {
        for (int i = 0; ok && i < duals->count; i++) {
            char *u = utf8_from_text(duals->items[i]);
            ok = (i == 0 || json_write_text(w, ",")) && json_write_string(w, u);
            free(u);
        }
    } else if (ok) {
        ok = strlist_each(duals, write_dual, &d) || duals->count == 0;
    }
    /* closed whatever happened: a list that could not be read is left short */
    return json_write_text(w, "]") && ok;
}

/* The text a json_writer gathers, for the lines built whole. */
static bool into_text(void *ctx, const char *data, size_t n)
{
    struct text *t = ctx;
    char *piece = malloc(n + 1);
    if (!piece)
        out_of_memory();
    memcpy(piece, data, n);
    piece[n] = 0;
    text_put(t, piece);
    free(piece);
    return true;
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
    struct text t;
    text_init(&t);
    struct json_writer w = {.write = into_text, .ctx = &t};
    char *head = json_fields_head(pr, v), *keys = json_fields_keys(r), *verdict = json_fields_verdict(vd),
         *end = json_fields_end(r, v);
    text_printf(&t, "{%s,%s,\"solutions\":", head, keys);
    write_lines(&w, help ? &r->solutions : &r->keys);
    text_put(&t, ",\"short\":");
    write_lines(&w, help ? &r->short_solutions : &r->short_keys);
    cJSON *tree_root = tree ? json_tree_take(tree) : need(cJSON_CreateObject());
    char *tree_text = finish(tree_root);
    text_printf(&t, ",\"tree\":%s,%s,", tree_text, verdict);
    json_write_duals(&w, (struct strlist *)&r->dual_lines);
    text_printf(&t, ",%s", end);
    if (part) {
        char *open = json_part_open(part);
        text_printf(&t, ",\"part\":%s}", open);
        free(open);
    }
    text_put(&t, "}");
    free(head);
    free(keys);
    free(verdict);
    free(end);
    free(tree_text);
    return t.data;
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
