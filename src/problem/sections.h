/* Private to src/problem: the section parsers, one file each (stipulation.c,
 * condition.c, options.c, pieces.c, twin.c, expect.c, latex.c, validate.c), called by the reader. */
#ifndef FS_PROBLEM_SECTIONS_H
#define FS_PROBLEM_SECTIONS_H

#include "parse.h"

/* Section parsers: each consumes its words and leaves the next token unread. */
bool parse_stipulation(struct parser *p, const struct token *kw, struct stipulation *s);
bool parse_condition(struct parser *p, const struct token *kw, const struct rules **r, unsigned *switches,
                     struct token *name_tok);
bool parse_options(struct parser *p, const struct token *kw, struct options *o, bool stop_at_keywords);
bool parse_pieces(struct parser *p, const struct token *kw, struct twin *add_to);
bool parse_twin_ops(struct parser *p, const struct token *kw, struct twin *t, bool zero_position);
bool parse_expect(struct parser *p, const struct token *kw);
/* LaTeX FILE and LaTeXPieces, each with the piece lines after it (latex.c). */
bool parse_latex(struct parser *p, const struct token *kw);
bool parse_latex_pieces(struct parser *p, const struct token *kw);

/* The checks made once the problem's text is read (validate.c): the
 * stipulation, the Forsyth placement, then problem_check_read: units,
 * option squares and every twin's position, where a --fen problem gets them
 * too (reader.c). */
bool problem_finish(struct parser *p);
bool problem_check_read(struct parser *p);

/* Normalised stipulation text as Popeye prints it. */
void stipulation_write_text(struct stipulation *s);

#endif
