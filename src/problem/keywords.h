/* Private to src/problem: the keyword tables of the problem language in each
 * input language (keywords.c), found by Popeye's abbreviation rule. */
#ifndef FS_PROBLEM_KEYWORDS_H
#define FS_PROBLEM_KEYWORDS_H

#include "lexer.h"
#include "problem.h"

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
    OK_GROUPSTEPS, OK_COUNT
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

#endif
