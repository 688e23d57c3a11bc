/* Private to src/problem: a YACPDB entry checked against olive-gui's
 * yacpdb/schemas/yacpdb-entry.schema.json before anything is read from it. */
#ifndef FS_PROBLEM_YACPDB_SCHEMA_H
#define FS_PROBLEM_YACPDB_SCHEMA_H

#include "yacpdb_doc.h"

/* True when root satisfies the schema; otherwise err names the first
 * violation, at the node it concerns.  One extension: squares of the 9th
 * rank (Stones & Relays' board), which the rule set's board check judges. */
bool yacpdb_schema_check(const struct entry_doc *d, const yaml_node_t *root, struct parse_error *err);

#endif
