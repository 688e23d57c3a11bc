/* The words and piece letters of the output language: Popeye answers in the
 * language of the input (English, or German for AnfangProblem). */
#ifndef FS_WORDS_H
#define FS_WORDS_H

#include <stddef.h>

#include "../board/position.h"
#include "../problem/problem.h"

enum word {
    WORD_THREAT,            /* " threat:" after a key or continuation */
    WORD_ZUGZWANG,          /* " zugzwang." */
    WORD_BUT,               /* "but", before a try's refutations */
    WORD_FINISHED,          /* a problem's closing line */
    WORD_PARTIAL,           /* ... when it was cut short */
    WORD_ZEROPOSITION,      /* "zeroposition" */
    WORD_CASTLING_EXCLUSIVE, /* the CastlingMutuallyExclusive line */
    WORD_SETPLAY_IGNORED,   /* before a ser-#, h#0.5, hs#1 or PostKeyPlay battle play with SetPlay (diagram_write_phase_notes) */
    WORD_POSTKEY_IGNORED,   /* the line above the board: PostKeyPlay outside battle play */
    WORD_REFUTES,           /* PostKeyPlay: under a defence that holds */
    WORD_THREAT_IGNORED,    /* Option Threat n that cannot apply (diagram_write_phase_notes) */
    WORD_QUODLIBET_IGNORED, /* above the board: Quodlibet where it does not apply (solve.h) */
    WORD_WHITETOPLAY_IGNORED, /* ... WhiteToPlay likewise */
    WORD_INTELLIGENT_IGNORED, /* Intelligent where Popeye's mode does not serve (diagram_write_phase_notes) */
    WORD_STOP_ON_SHORT_IGNORED, /* StopOnShortSolutions in battle play (diagram_write_phase_notes) */
    WORD_TRIES_IGNORED,     /* Try or Defence n in battle play under PostKeyPlay (diagram_write_phase_notes) */
    WORD_COUNT
};

struct words {
    const char *text[WORD_COUNT];
    char letters[KIND_COUNT];   /* piece letters by kind */
    char colours[3];            /* white, black, neutral in twin texts */
    const char *rotate, *mirror, *polish, *shift; /* twin operations */
};

/* The words of a language; every language has all of them. */
const struct words *words_of(enum language lang);
/* w's word (NULL w: English). */
const char *words_get(const struct words *w, enum word which);
/* Popeye's notation of t (board/notation.h) with w's piece letters. */
void words_turn_text(const struct words *w, const struct position *before, const struct turn *t, char *buf);
/* A twin's change as twin_apply.c describes it ("bSh3-->h4", "rotate 90")
 * in w's language ("sSh3-->h4", "Drehung 90"); out has cap bytes. */
void words_twin_change(const struct words *w, const char *change, char *out, size_t cap);
/* w's letter of a kind. */
char words_letter(const struct words *w, enum kind k);

#endif
