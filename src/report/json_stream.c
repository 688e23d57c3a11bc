/* The --json line of one twin, written as the twin is solved (json_stream.h).
 * The line is json_twin_part's, field for field: the same pieces (json.h)
 * in the same order. */
#include "json_stream.h"

#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../search/solver.h"

static bool put(struct json_stream *js, const char *s)
{
    if (!js->out_failed && !json_write_text(&js->out, s))
        js->out_failed = true;
    return !js->out_failed;
}

static void lose(struct json_stream *js)
{
    if (!js->lost && js->on_loss)
        js->on_loss(js->loss_ctx);
    js->lost = true;
}

static bool to_spool(void *ctx, const char *data, size_t n)
{
    return spool_write(ctx, data, n);
}

void json_stream_begin(struct json_stream *js, const struct json_writer *out, const struct problem *pr,
                       const struct twin_view *v, void (*on_loss)(void *ctx), void *loss_ctx)
{
    *js = (struct json_stream){.out = *out, .help = stipulation_has_lines(&v->stipulation), .on_loss = on_loss,
                               .loss_ctx = loss_ctx};
    spool_init(&js->shorts, 0);
    spool_init(&js->tree_text, 0);
    js->tree_out = (struct json_writer){.write = to_spool, .ctx = &js->tree_text};
    json_tree_init(&js->tree);
    json_tree_stream(&js->tree, &js->tree_out);
    if (!js->help)
        return; /* the keys come first, and are known at the end */
    struct result none;
    result_init(&none); /* help play has no keys and no tries */
    char *head = json_fields_head(pr, v), *keys = json_fields_keys(&none);
    put(js, "{");
    put(js, head);
    put(js, ",");
    put(js, keys);
    put(js, ",\"solutions\":[");
    free(head);
    free(keys);
}

void json_stream_part_end(struct json_stream *js, char *(*part_end)(void *ctx), void *ctx)
{
    js->part_end = part_end;
    js->part_end_ctx = ctx;
}

/* A help line: a solution to the line at once, a short one kept for "short". */
static void on_line(struct json_stream *js, const struct solution_event *e)
{
    char canon[NOTATION_MAX * SOLVER_MAX_PLY];
    enum move_effect effects[SOLVER_MAX_PLY];
    solver_replay_line(e->pos, e->line, e->plies, e->series ? e->series_moves : 0, canon, effects);
    if (!e->short_line) {
        if (!js->out_failed && !json_write_line_item(&js->out, canon, !js->any_solution))
            js->out_failed = true;
        js->any_solution = true;
        return;
    }
    struct json_writer w = {.write = to_spool, .ctx = &js->shorts};
    if (!js->lost && !json_write_line_item(&w, canon, !js->any_short))
        lose(js);
    js->any_short = true;
}

static void on_event(void *ctx, const struct solution_event *e)
{
    struct json_stream *js = ctx;
    /* the result's lists are what the search stored: its solutions and
     * short ones, not set play, not the failing lines of ser-r# */
    if (js->help && e->kind == EVENT_HELP_LINE && !e->set_play && !e->forced_fail)
        on_line(js, e);
    json_tree_sink(&js->tree).event(&js->tree, e);
    if (js->tree.failed && !js->lost)
        lose(js);
}

struct solution_sink json_stream_sink(struct json_stream *js)
{
    return (struct solution_sink){.event = on_event, .ctx = js};
}

static bool to_out(void *ctx, const char *data, size_t n)
{
    struct json_stream *js = ctx;
    return js->out.write(js->out.ctx, data, n);
}

/* A spool's bytes to the line; `instead` when it failed (what it held is
 * lost; a spool that fails holds nothing to read). */
static void put_spool(struct json_stream *js, struct spool *s, const char *instead)
{
    if (s->failed) {
        lose(js);
        put(js, instead);
    } else if (!js->out_failed && !spool_each(s, to_out, js)) {
        js->out_failed = true; /* a read of the file or the write failed: the line is cut */
    }
}

/* [[key], ...] of battle play's keys (or short keys). */
static void put_keys(struct json_stream *js, const struct strlist *keys)
{
    put(js, "[");
    for (int i = 0; i < keys->count && !js->out_failed; i++)
        js->out_failed = !json_write_line_item(&js->out, keys->items[i], i == 0);
    put(js, "]");
}

bool json_stream_finish(struct json_stream *js, const struct problem *pr, const struct twin_view *v,
                        struct result *r, const struct verdict *vd, cJSON *part, struct spool *part_text)
{
    if (js->help) {
        put(js, "],\"short\":[");
        put_spool(js, &js->shorts, "");
        put(js, "]");
    } else {
        char *head = json_fields_head(pr, v), *keys = json_fields_keys(r);
        put(js, "{");
        put(js, head);
        put(js, ",");
        put(js, keys);
        put(js, ",\"solutions\":");
        put_keys(js, &r->keys);
        put(js, ",\"short\":");
        put_keys(js, &r->short_keys);
        free(head);
        free(keys);
    }
    json_tree_end(&js->tree);
    put(js, ",\"tree\":");
    put_spool(js, &js->tree_text, "{}");
    char *verdict = json_fields_verdict(vd), *end = json_fields_end(r, v);
    put(js, ",");
    put(js, verdict);
    put(js, ",");
    if (!js->out_failed && !json_write_duals(&js->out, &r->dual_lines))
        lose(js);
    put(js, ",");
    put(js, end);
    free(verdict);
    free(end);
    if (part) {
        char *open = json_part_open(part);
        put(js, ",\"part\":");
        put(js, open);
        put(js, ",\"text\":[");
        put_spool(js, part_text, "");
        put(js, "]");
        free(open);
        char *end = js->part_end ? js->part_end(js->part_end_ctx) : NULL;
        put(js, end ? end : "}}");
        free(end);
    } else {
        put(js, "}");
    }
    put(js, "\n");
    return !js->out_failed && !js->lost;
}

void json_stream_free(struct json_stream *js)
{
    spool_free(&js->shorts);
    spool_free(&js->tree_text);
    json_tree_free(&js->tree);
}
