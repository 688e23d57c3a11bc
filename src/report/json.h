/* The --json objects of FORMAT.md 7: one per solved twin, one per problem
 * that could not be read.  Builds strings; printing is the caller's. */
#ifndef FS_JSON_H
#define FS_JSON_H

#include "../problem/problem.h"
#include "../problem/reader.h"
#include "../problem/setup.h"
#include "../search/result.h"
#include "json_tree.h"
#include "verdict.h"

/* The "schema" field: raised when a field changes meaning or goes away
 * (1: the lines before "schema" and "tree" existed; 2: before "part", and
 * before StartMoveNumber / UpToMoveNumber limited the first moves solved). */
#define JSON_SCHEMA_VERSION 3

/* One line (no trailing newline), malloc'd; the caller prints and frees it.
 * Fields: schema (JSON_SCHEMA_VERSION), file (null for --fen), problem, twin (null or the label "a", "b", ...), author,
 * origin, title (only when given), stipulation (as printed: the solved form),
 * condition (the rule set's name, "Orthodox" without a condition), switches,
 * keys, tries [{move, refutations}], solutions and short (lists of canonical
 * move lists; battle play one [key] per key), tree (json_tree.h; taken from
 * tree, {} when tree is NULL), verdict (the items of vd's
 * text; vd NULL: computed here), duals (the dual lines), illegal (only when
 * true), partial, nodes, seconds.  Text from the input is made valid UTF-8
 * (utf8.h). */
char *json_twin(const struct problem *pr, int twin, const struct twin_view *v, const struct result *r,
                const struct verdict *vd, struct json_tree *tree);
/* The same with "part" (taken: deleted with the line) last, for --shard and
 * --first-moves: what --merge needs to join the parts (docs/json.md). */
char *json_twin_part(const struct problem *pr, int twin, const struct twin_view *v, const struct result *r,
                     const struct verdict *vd, struct json_tree *tree, cJSON *part);
/* {"schema", "file", "problem", "error": "line:col: message"} ("message" alone when
 * the error has no place). */
char *json_error(const char *file, int problem, const struct parse_error *e);

#endif
