/* English and German words of Popeye's output, as its German outputs in
 * REGRESSIONTESTS .out files show them (Drohung, Aber, Loesung beendet ...). */
#include "words.h"

#include <stdio.h>
#include <string.h>

#include "../board/notation.h"

static const struct words english = {
    .text = {" threat:", " zugzwang.", "but", "solution finished.", "Partial solution", "zeroposition",
             "CastlingMutuallyExclusive", "SetPlay not applicable - ignored", "PostKeyPlay not applicable - ignored",
             "refutes.", "Option \"Threat\" not applicable or indicated maximum threat length too big",
             "Quodlibet not applicable - ignored", "WhiteToPlay not applicable - ignored",
             "Intelligent Mode only with h#/=, ser-#/= and ser-h#/=, with a limited set of fairy conditions and "
             "without fairy pieces.",
             "Option  StopOnShortSolutions  not supported with direct play.", "try play not applicable"},
    /* the board's own letters (unit.c) */
    .letters = {'?', 'K', 'Q', 'R', 'B', 'S', 'P', 'O', 'X'},
    .colours = {'w', 'b', 'n'},
    .rotate = "rotate",
    .mirror = "mirror",
    .polish = "PolishType",
    .shift = "shift",
};

static const struct words german = {
    .text = {" Drohung:", " Zugzwang.", "Aber", "Loesung beendet.", "Partielle Loesung", "NullStellung",
             "RochadenGegenseitigAusschliessend", "Satzspiel nicht anwendbar - ignoriert",
             "NachSchluessel nicht anwendbar - ignoriert", "Widerlegt.",
             /* sic: Popeye's German message says "order" */
             "Option \"Drohung\" nicht anwendbar order maximale Laenge der Drohung zu gross",
             "Quodlibet nicht anwendbar - ignoriert", "WeissBeginnt nicht anwendbar - ignoriert",
             "Intelligent Modus nur im h#/=, ser-#/= und ser-h#/=, wenigen Maerchenbedingungen und keinen "
             "Maerchensteinen.",
             "Option  StopNachKurzloesungen  nicht unterstuetzt im direkten Spiel.", "Verfuehrung nicht anwendbar"},
    /* Koenig Dame Turm Laeufer Springer Bauer; stones and relays keep theirs */
    .letters = {'?', 'K', 'D', 'T', 'L', 'S', 'B', 'O', 'X'},
    .colours = {'w', 's', 'n'},
    .rotate = "Drehung",
    .mirror = "Spiegelung",
    .polish = "Farbwechsel",
    .shift = "Verschiebung",
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

static int index_of(const char *set, int n, char c)
{
    for (int i = 0; i < n; i++)
        if (set[i] == c)
            return i;
    return -1;
}

void words_twin_change(const struct words *w, const char *change, char *out, size_t cap)
{
    if (!w)
        w = &english;
    size_t rl = strlen(english.rotate), ml = strlen(english.mirror), pl = strlen(english.polish),
           sl = strlen(english.shift);
    size_t o = 0;
    for (const char *c = change; *c && o + 1 < cap;) {
        const char *word = NULL;
        size_t skip = 0;
        if (strncmp(c, english.rotate, rl) == 0)
            word = w->rotate, skip = rl;
        else if (strncmp(c, english.mirror, ml) == 0)
            word = w->mirror, skip = ml;
        else if (strncmp(c, english.polish, pl) == 0)
            word = w->polish, skip = pl;
        else if (strncmp(c, english.shift, sl) == 0)
            word = w->shift, skip = sl;
        if (word) {
            int n = snprintf(out + o, cap - o, "%s", word);
            o = n < 0 || (size_t)n >= cap - o ? cap - 1 : o + (size_t)n;
            c += skip;
            continue;
        }
        /* a unit: colour, piece letter, square ("bSh3") */
        int colour = index_of(english.colours, 3, c[0]);
        int kind = c[0] ? index_of(english.letters, KIND_COUNT, c[1]) : -1;
        bool square = colour >= 0 && kind > 0 && c[2] >= 'a' && c[2] <= 'z' && c[3] >= '0' && c[3] <= '9';
        if (square && o + 2 < cap) {
            out[o++] = w->colours[colour];
            out[o++] = w->letters[kind];
            c += 2;
            continue;
        }
        /* a substitution: "R ==> B" */
        int from = index_of(english.letters, KIND_COUNT, c[0]);
        int to = from > 0 && strncmp(c + 1, " ==> ", 5) == 0 ? index_of(english.letters, KIND_COUNT, c[6]) : -1;
        if (to > 0 && o + 8 < cap) {
            o += (size_t)snprintf(out + o, cap - o, "%c ==> %c", w->letters[from], w->letters[to]);
            c += 7;
            continue;
        }
        out[o++] = *c++;
    }
    out[o < cap ? o : cap - 1] = 0;
}
