/* Reading YACPDB entries (YAML documents, olive-gui's yacpdb-entry format) into
 * struct problem values, as reader.h reads the problem language. */
#ifndef FS_YACPDB_H
#define FS_YACPDB_H

#include <stddef.h>

#include "problem.h"

struct yacpdb_reader;

/* The reader keeps a pointer to file_name and copies text. */
struct yacpdb_reader *yacpdb_reader_new(const char *file_name, const char *text, size_t len);
/* As reader_next (reader.h): 1 a problem, 0 no more, 2 a problem whose later
 * twin gives no position, -1 a malformed entry (YAML that does not parse, a
 * field against the schema, a position that cannot be); and
 * YACPDB_NOT_SOLVED: an entry of a kind fairysolve does not solve (a proof
 * game, a study, fairy pieces or conditions): err says which and where.
 * pr->index (the entry's number in the file) and pr->line are set in every
 * case but 0.  After a YAML error the reader goes on at the next document
 * ("---" at the start of a line). */
#define YACPDB_NOT_SOLVED 3
int yacpdb_reader_next(struct yacpdb_reader *r, struct problem *pr, struct parse_error *err);
void yacpdb_reader_free(struct yacpdb_reader *r);

#endif
