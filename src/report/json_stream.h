/* A twin's --json line written while the twin is solved: help play's
 * solutions go out as they are found, and what the line has after them
 * (short solutions, the tree, duals) waits in bounded memory (spool.h), so
 * a twin with millions of solutions never holds its line. */
#ifndef FS_JSON_STREAM_H
#define FS_JSON_STREAM_H

#include "../base/spool.h"
#include "json.h"

struct json_stream {
    struct json_writer out;      /* the line goes here */
    bool help;                   /* solutions are lines, written as found */
    bool any_solution, any_short;
    struct spool shorts;         /* help play's short solutions, as items of "short" */
    struct spool tree_text;      /* the tree (json_tree.h), written as it is built */
    struct json_writer tree_out;
    struct json_tree tree;
    bool out_failed;             /* out said stop: nothing more is written */
    /* a spool failed: what it held is left out of the line (which stays
     * valid JSON), and on_loss is called once, so the twin is cut short */
    bool lost;
    void (*on_loss)(void *ctx);
    void *loss_ctx;
    /* a part's line: what ends it instead of "}}" (malloc'd), or NULL */
    char *(*part_end)(void *ctx);
    void *part_end_ctx;
};

/* Starts the line of twin v of pr (help play: up to its solutions);
 * on_loss (may be NULL) is told when a spool fails. */
void json_stream_begin(struct json_stream *js, const struct json_writer *out, const struct problem *pr,
                       const struct twin_view *v, void (*on_loss)(void *ctx), void *loss_ctx);
/* A part's line ends with part_end(ctx) (malloc'd) instead of the closing
 * "}}" of "part" and the line: a seal of what was written (run/part_seal.h). */
void json_stream_part_end(struct json_stream *js, char *(*part_end)(void *ctx), void *ctx);
/* The sink the solver sends the twin's events to. */
struct solution_sink json_stream_sink(struct json_stream *js);
/* The rest of the line and its newline: the result r (its duals may be
 * spilled), the verdict, and for parts `part` (taken, without "text") with
 * part_text, the items of its "text" array.  False when a write to out
 * failed or something was lost. */
bool json_stream_finish(struct json_stream *js, const struct problem *pr, const struct twin_view *v,
                        struct result *r, const struct verdict *vd, cJSON *part, struct spool *part_text);
void json_stream_free(struct json_stream *js);

#endif
