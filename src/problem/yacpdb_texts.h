/* Private to src/problem: a YACPDB entry's authors, source and award as the
 * Author, Origin and Award texts of struct problem. */
#ifndef FS_PROBLEM_YACPDB_TEXTS_H
#define FS_PROBLEM_YACPDB_TEXTS_H

#include "yacpdb_doc.h"

/* Sets pr->author (one line per author, as written), pr->origin ("name,
 * issue/problemid, date") and pr->award ("distinction, tourney"); fields the
 * entry lacks stay NULL.  The entry has passed the schema check. */
void yacpdb_texts(const struct entry_doc *d, const yaml_node_t *root, struct problem *pr);

#endif
