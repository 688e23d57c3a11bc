/* Private to src/problem: one YACPDB entry, checked against the schema, read
 * into struct problem by the Popeye reader's own section parsers. */
#ifndef FS_PROBLEM_YACPDB_ENTRY_H
#define FS_PROBLEM_YACPDB_ENTRY_H

#include "yacpdb_doc.h"

/* What became of an entry (yacpdb.h's results). */
enum entry_result { ENTRY_ERROR = -1, ENTRY_OK = 1, ENTRY_BAD_TWIN = 2, ENTRY_NOT_SOLVED = 3 };

/* pr is initialised, with file, index and line set.  ENTRY_ERROR and
 * ENTRY_NOT_SOLVED leave pr released (problem_free) and err set. */
enum entry_result yacpdb_entry_read(const struct entry_doc *d, const yaml_node_t *root, struct problem *pr,
                                    struct parse_error *err);

#endif
