/* English and German words of Popeye's output, as its German outputs in
 * REGRESSIONTESTS .out files show them (Drohung, Aber, Loesung beendet ...). */
#include "words.h"

#include <string.h>

#include "../board/notation.h"

static const struct words english = {
    .text = {" threat:", " zugzwang.", "but", "solution finished.", "Partial solution", "zeroposition",
             "CastlingMutuallyExclusive"},
    /* the board's own letters (unit.c) */
    .letters = {'?', 'K', 'Q', 'R', 'B', 'S', 'P', 'O', 'X'},
};

static const struct words german = {
    .text = {" Drohung:", " Zugzwang.", "Aber", "Loesung beendet.", "Partielle Loesung", "NullStellung",
             "RochadenGegenseitigAusschliessend"},
    /* Koenig Dame Turm Laeufer Springer Bauer; stones and relays keep theirs */
    .letters = {'?', 'K', 'D', 'T', 'L', 'S', 'B', 'O', 'X'},
};

_Static_assert(KIND_COUNT == 9, "a letter for every kind");

const struct words *words_of(enum language lang)
{
    return lang == LANG_GERMAN ? &german : &english;
}

const char *words_get(const struct words *w, enum word which)
{
    return (w ? w : &english)->text[which];
}

char words_letter(const struct words *w, enum kind k)
{
    return (k > KIND_NONE && k < KIND_COUNT) ? (w ? w : &english)->letters[k] : '?';
}

void words_turn_text(const struct words *w, const struct position *before, const struct turn *t, char *buf)
{
    turn_text(before, t, buf);
    if (!w || w == &english)
        return;
    /* the notation's letters are the board's (English) ones, each a capital
     * in front of a square or after '=' or '/': map exactly those */
    for (char *c = buf; *c; c++) {
        if (*c < 'A' || *c > 'Z')
            continue;
        for (int k = KIND_NONE + 1; k < KIND_COUNT; k++)
            if (english.letters[k] == *c) {
                *c = w->letters[k];
                break;
            }
    }
}
