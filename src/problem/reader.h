/* Reading the problem language (FORMAT.md 1-6) from a text buffer.
 * Produces struct problem values; never solves or prints a solution. */
#ifndef FS_READER_H
#define FS_READER_H

#include <stddef.h>

#include "problem.h"

struct reader;

/* The reader keeps a pointer to file_name and copies text. */
struct reader *reader_new(const char *file_name, const char *text, size_t len);
/* 1: *pr holds the next problem (release with problem_free);
 * 0: no more problems;
 * 2: as 1, but one of its twins after the first gives no position: err says
 *    which and why; the twins before it are good (problem_twin fails from it on);
 * -1: the next problem is malformed: err says where and why, pr->index and
 *     pr->line are set, and the reader has moved on to the following problem. */
int reader_next(struct reader *r, struct problem *pr, struct parse_error *err);
void reader_free(struct reader *r);

/* The same grammar for the --fen companions -s, -c, -o (columns count in text). */
bool parse_stipulation_text(const char *text, struct stipulation *s, struct parse_error *err);
bool parse_condition_text(const char *text, const struct rules **r, unsigned *switches, struct parse_error *err);
bool parse_options_text(const char *text, struct options *o, struct parse_error *err);
/* --fen's FEN as pr's diagram, read as a problem file's Pieces (pr's rule
 * set and options set first): the same checks (a stone under orthodox
 * rules is refused as in a file); its castling field becomes NoCastling for
 * the rights it lacks, its e.p. square the EnPassant option; the side to
 * move goes to *side.  Errors have their column in text. */
bool parse_fen_text(const char *text, struct problem *pr, int *side, struct parse_error *err);

#endif
