/* Private to src/problem: the tokenizer of the problem language (lexer.c),
 * tokens with their line and column for messages. */
#ifndef FS_PROBLEM_LEXER_H
#define FS_PROBLEM_LEXER_H

#include <stdbool.h>
#include <stddef.h>

/* A token is a run of bytes between separators: white space, ';' and ','
 * (as in Popeye) and, for robustness, NUL and other control bytes. */
struct token {
    const char *s;   /* into the text; not NUL-terminated */
    size_t len;      /* 0: end of input */
    size_t offset;   /* byte offset of s in the text */
    int line, column;
};

struct lexer {
    const char *buf;
    size_t len, pos;
    int line, column;     /* of pos */
    struct token last;    /* the last token lex_next returned (for end-of-input errors) */
};

void lex_init(struct lexer *lx, const char *buf, size_t len);
struct token lex_next(struct lexer *lx);
struct token lex_peek(const struct lexer *lx);
/* Back to just before t, so that t is the next token again. */
void lex_rewind(struct lexer *lx, const struct token *t);
/* Popeye's "rest of the line" after Author, Remark ...: skips blanks and ;., then
 * copies up to the end of the line into out (truncated to cap-1 bytes, control
 * bytes dropped, trailing blanks removed).  Empty when the keyword ends the line. */
void lex_rest_of_line(struct lexer *lx, char *out, size_t cap);
/* The same, as long as the line is: malloc'd (never NULL: out of memory aborts). */
char *lex_rest_of_line_copy(struct lexer *lx);
/* Skips the rest of the current line without keeping it. */
void lex_skip_line(struct lexer *lx);

bool tok_equals(const struct token *t, const char *word);      /* case-insensitive */
bool tok_is_prefix_of(const struct token *t, const char *word); /* case-insensitive */
/* 'text' quoted for messages, cut to about 40 bytes, unprintable bytes as '?'. */
void tok_quote(const struct token *t, char *out, size_t cap);
/* Decimal digits only; false when not a number or above max. *too_big says why. */
bool tok_number(const struct token *t, long max, long *value, bool *too_big);

#endif
