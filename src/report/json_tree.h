/* The solution tree for --json: a sink (search/sink.h) that builds the
 * battle-play tree (set play, keys and tries with threats, variations and
 * refutations) and help play's set-play lines as JSON. */
#ifndef FS_JSON_TREE_H
#define FS_JSON_TREE_H

#include <cjson/cJSON.h>

#include "../search/sink.h"

#define JSON_TREE_MAX_DEPTH 128  /* half-moves below a first move; solver.h's SOLVER_MAX_PLY */

struct json_tree {
    cJSON *root;                 /* {"set_play": [...]?, "first_moves": [...]} or help's {"set_play": [...]} */
    cJSON *set_play;             /* open while set play is sent */
    cJSON *nodes[JSON_TREE_MAX_DEPTH + 1]; /* the last move at each depth */
};

void json_tree_init(struct json_tree *t);
/* A sink adding to t. */
struct solution_sink json_tree_sink(struct json_tree *t);
/* Hands the tree over (the caller deletes it); t is empty afterwards. */
cJSON *json_tree_take(struct json_tree *t);
void json_tree_free(struct json_tree *t);

#endif
