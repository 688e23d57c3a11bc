/* Private to src/problem: the parser's state shared by the reader and the
 * section parsers, and its error and keyword tests (parse.c). */
#ifndef FS_PROBLEM_PARSE_H
#define FS_PROBLEM_PARSE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "keywords.h"
#include "lexer.h"
#include "problem.h"

/* reader.h's error, which the parser only points to: including reader.h here
 * would make this header depend on reader.c, which includes it. */
struct parse_error;

struct place { int line, column; };

enum problem_end { END_NONE, END_NEXT, END_END, END_EOF };

struct parser {
    struct lexer lx;
    enum language lang;
    struct parse_error *err;
    bool failed;
    struct token fail_tok;          /* the token the error is about (recovery restarts there) */
    bool fail_has_tok;
    struct problem *pr;
    enum problem_end ended;
    struct token end_tok;
    /* where things were written, for checks made at the end of the problem */
    struct place unit_at[DIAGRAM_MAX];
    int8_t slot[MAX_RANKS][MAX_FILES]; /* diagram index of the unit on a square, -1 none */
    bool has_forsyth;
    struct token forsyth_tok;       /* placement text (or the InitialGameArray word) */
    bool forsyth_is_array;
    bool has_condition;
    struct token condition_tok;
    struct place no_castling_at, en_passant_at, exclusive_at, last_step_at;
    bool bad_twin;                  /* a twin after the first gives no position (err says why) */
};

/* Record an error (the first one wins); always returns false. */
bool parse_fail_at(struct parser *p, int line, int column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
bool parse_fail_tok(struct parser *p, const struct token *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Which kind of keyword t is at problem level (KT_PROBLEM, KT_TWIN_END,
 * KT_PROBLEM_END) and its index; KT_COUNT with KW_NONE or KW_AMBIGUOUS. */
enum kw_table classify_keyword(const struct parser *p, const struct token *t, int *index);
bool is_keyword(const struct parser *p, const struct token *t);
/* The file name that ends the line after keyword kw (Protocol, LaTeX),
 * malloc'd; NULL, the error recorded, when the line has none. */
char *parse_file_name(struct parser *p, const struct token *kw);

#endif
