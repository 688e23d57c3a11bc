/* Private to src/problem: squares as the problem language writes them
 * (squares.c), alone and in lists such as "e4d5". */
#ifndef FS_PROBLEM_SQUARES_H
#define FS_PROBLEM_SQUARES_H

#include <stdbool.h>
#include <stddef.h>

#include "lexer.h"
#include "problem.h"

/* Squares: a file a-h and a rank 1-9 (the 9th rank is checked later against
 * the rule set's board).  Returns the number of leading bytes that are whole squares. */
size_t square_list_prefix(const char *s, size_t len);
bool token_is_square_list(const struct token *t);
struct square_ref square_ref_at(const char *s);
void square_ref_name(struct square_ref q, char *buf); /* "e4" */

#endif
