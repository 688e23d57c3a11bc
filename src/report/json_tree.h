/* The solution tree for --json: a sink (search/sink.h) that builds the
 * battle-play tree (set play, keys and tries with threats, variations and
 * refutations) and help play's set-play lines as JSON. */
#ifndef FS_JSON_TREE_H
#define FS_JSON_TREE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "../search/sink.h"

#define JSON_TREE_MAX_DEPTH 128  /* half-moves below a first move; solver.h's SOLVER_MAX_PLY */

/* Where JSON text written piece by piece goes; false from write: stop. */
struct json_writer {
    bool (*write)(void *ctx, const char *data, size_t n);
    void *ctx;
};

struct json_tree {
    cJSON *root;                 /* {"set_play": [...]?, "first_moves": [...]} or help's {"set_play": [...]} */
    cJSON *set_play;             /* open while set play is sent */
    cJSON *nodes[JSON_TREE_MAX_DEPTH + 1]; /* the last move at each depth */
    /* json_tree_stream: the root is written to out as it is built, each
     * item of its arrays (a first move with its play, a set-play line or
     * defence) once the next one begins, so that only one is held */
    const struct json_writer *out;
    int field;                   /* the root's field being written (enum in json_tree.c), or -1 */
    unsigned fields_seen;        /* bit per field written */
    int items;                   /* items written to that field */
    cJSON *pending;              /* the item being built */
    bool failed;                 /* out said stop */
};

void json_tree_init(struct json_tree *t);
/* From now on t writes the tree to out ("{" at once), and json_tree_end
 * writes the rest ("}" last); false when out said stop. */
void json_tree_stream(struct json_tree *t, const struct json_writer *out);
bool json_tree_end(struct json_tree *t);
/* A sink adding to t. */
struct solution_sink json_tree_sink(struct json_tree *t);
/* Hands the tree over (the caller deletes it); t is empty afterwards. */
cJSON *json_tree_take(struct json_tree *t);
void json_tree_free(struct json_tree *t);

#endif
