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
 * origin, award, title (only when given), stipulation (as printed: the solved form),
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
/* The line in pieces, for writing it as the twin is solved (json_stream.h);
 * json_twin_part joins the same pieces.  Each json_fields_ string (malloc'd)
 * is consecutive fields "name":value,... without braces: the head (schema
 * to switches), keys and tries, the verdict, and the end (illegal to
 * seconds). */
char *json_fields_head(const struct problem *pr, const struct twin_view *v);
char *json_fields_keys(const struct result *r);
char *json_fields_verdict(const struct verdict *vd);
char *json_fields_end(const struct result *r, const struct twin_view *v);
/* The part object (taken) as text without its closing brace. */
char *json_part_open(cJSON *part);

bool json_write_text(const struct json_writer *w, const char *s);
/* s as a JSON string, escaped as cJSON escapes it. */
bool json_write_string(const struct json_writer *w, const char *s);
/* A canonical line "e2e4 e7e5" as ["e2e4","e7e5"], after a comma unless first. */
bool json_write_line_item(const struct json_writer *w, const char *line, bool first);
/* "duals":[...] from the list (in memory or spilled), as UTF-8 strings. */
bool json_write_duals(const struct json_writer *w, struct strlist *duals);

/* {"schema", "file", "problem", "error": "line:col: message"} ("message" alone when
 * the error has no place). */
char *json_error(const char *file, int problem, const struct parse_error *e);

#endif
