/* Private to src/problem: the tokenizer, keyword tables and the parser state
 * shared by the section parsers.  Nothing outside src/problem includes this. */
#ifndef FS_PROBLEM_PARSE_H
#define FS_PROBLEM_PARSE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "problem.h"

/* reader.h's error, which the parser only points to: including reader.h here
 * would make this header depend on reader.c, which includes it. */
struct parse_error;

/* ---- tokens (lexer.c) ---- */

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

/* ---- keyword tables (keywords.c) ---- */

enum kw_table {
    KT_BEGIN,        /* BeginProblem */
    KT_PROBLEM,      /* Remark, Author, Pieces ... (Popeye's "initial twin" words) */
    KT_TWIN_END,     /* Twin, ZeroPosition */
    KT_PROBLEM_END,  /* EndProblem, NextProblem */
    KT_TWIN_OP,      /* Move, Exchange, ... */
    KT_COLOUR,       /* White, Black, Neutral */
    KT_OPTION,
    KT_MIRROR,       /* a1<-->h1 ... */
    KT_EXPECT,       /* key, solutions */
    KT_COUNT
};

enum problem_kw {
    PK_REMARK, PK_SSTIPULATION, PK_AUTHOR, PK_ORIGIN, PK_PIECES, PK_CONDITION, PK_OPTION,
    PK_STIPULATION, PK_PROTOCOL, PK_TITLE, PK_LATEX, PK_LATEX_PIECES, PK_AWARD, PK_ARRAY,
    PK_FORSYTH, PK_EXPECT, PK_COUNT
};
enum twin_end_kw { TE_TWIN, TE_ZEROPOSITION, TE_COUNT };
enum problem_end_kw { PE_END, PE_NEXT, PE_COUNT };
enum twin_op_kw {
    TO_MOVE, TO_EXCHANGE, TO_STIPULATION, TO_SSTIPULATION, TO_ADD, TO_REMOVE, TO_CONTINUED,
    TO_ROTATE, TO_CONDITION, TO_POLISH, TO_MIRROR, TO_SHIFT, TO_SUBSTITUTE, TO_COUNT
};
enum colour_kw { CK_WHITE, CK_BLACK, CK_NEUTRAL, CK_COUNT };
enum option_kw {
    OK_DEFENCE, OK_SETPLAY, OK_WHITETOPLAY, OK_VARIATION, OK_MOVENUMBERS, OK_STARTMOVENUMBER,
    OK_NOWK, OK_DUPLEX, OK_NOBK, OK_THREAT, OK_NOTHREAT, OK_TRY, OK_MAXSOLUTIONS,
    OK_MAXFLIGHTS, OK_SEARCH, OK_MULTISOLUTIONS, OK_NOSYMMETRY, OK_NONTRIVIAL, OK_KEEPMATING,
    OK_ENPASSANT, OK_NOBOARD, OK_NOSHORTVARIATIONS, OK_HALFDUPLEX, OK_POSTKEYPLAY,
    OK_INTELLIGENT, OK_MAXTIME, OK_NOCASTLING, OK_QUODLIBET, OK_STOPONSHORT, OK_BEEP,
    OK_SUPPRESSGRID, OK_WRITEGRID, OK_MUTUALLYEXCLUSIVE, OK_GOALISEND, OK_UNPUBLISHED,
    OK_NULLMOVES, OK_UPTOMOVENUMBER, OK_TRIVIALTRIES, OK_MATESIN1, OK_LASTNEUTRALSTEP,
    OK_COUNT
};
enum expect_kw { EK_KEY, EK_SOLUTIONS, EK_COUNT };

#define KW_NONE (-1)
#define KW_AMBIGUOUS (-2)

/* Popeye's unique-prefix rule: the first entry the token is a prefix of wins
 * if it is spelled out in full or no later entry also matches. */
int kw_find(enum language lang, enum kw_table table, const struct token *t);
const char *kw_name(enum language lang, enum kw_table table, int index);
/* "A, B or C" of the entries the token is a prefix of (for ambiguity messages). */
void kw_candidates(enum language lang, enum kw_table table, const struct token *t, char *out, size_t cap);
/* The language whose BeginProblem word t is, or -1. */
int kw_begin_language(const struct token *t);
/* Piece letter of the language (case-insensitive) to kind; KIND_NONE if none. */
enum kind language_piece(enum language lang, char c);

/* ---- the parser (reader.c and the section parsers) ---- */

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

/* Squares: a file a-h and a rank 1-9 (the 9th rank is checked later against
 * the rule set's board).  Returns the number of leading bytes that are whole squares. */
size_t square_list_prefix(const char *s, size_t len);
bool token_is_square_list(const struct token *t);
struct square_ref square_ref_at(const char *s);
void square_ref_name(struct square_ref q, char *buf); /* "e4" */

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

/* The checks made once the problem's text is read (validate.c). */
bool problem_finish(struct parser *p);

/* Normalised stipulation text as Popeye prints it. */
void stipulation_write_text(struct stipulation *s);

#endif
