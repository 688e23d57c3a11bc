/* The words of the problem language in English and German, and Popeye's
 * unique-prefix lookup.  Only tables and matching: no parsing of arguments. */
#include "keywords.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

struct table {
    int count;
    const char *const *words[LANG_COUNT];
};

static const char *const begin_en[] = {"BeginProblem"};
static const char *const begin_de[] = {"AnfangProblem"};

/* Same order as enum problem_kw. */
static const char *const problem_en[PK_COUNT] = {
    "Remark", "SStipulation", "Author", "Origin", "Pieces", "Condition", "Option",
    "Stipulation", "Protocol", "Title", "LaTeX", "LaTeXPieces", "Award", "InitialGameArray",
    "Forsyth", "Expect"};
static const char *const problem_de[PK_COUNT] = {
    "Bemerkung", "SForderung", "Autor", "Quelle", "Steine", "Bedingung", "Option",
    "Forderung", "Protokoll", "Titel", "LaTeX", "LaTeXSteine", "Auszeichnung",
    "PartieAnfangsStellung", "Forsyth", "Expect"};

static const char *const twin_end_en[TE_COUNT] = {"Twin", "ZeroPosition"};
static const char *const twin_end_de[TE_COUNT] = {"Zwilling", "NullStellung"};

static const char *const problem_end_en[PE_COUNT] = {"EndProblem", "NextProblem"};
static const char *const problem_end_de[PE_COUNT] = {"EndeProblem", "WeiteresProblem"};

static const char *const twin_op_en[TO_COUNT] = {
    "Move", "Exchange", "Stipulation", "SStipulation", "Add", "Remove", "Continued",
    "Rotate", "Condition", "PolishType", "Mirror", "Shift", "Substitute"};
static const char *const twin_op_de[TO_COUNT] = {
    "Versetze", "Tausche", "Forderung", "SForderung", "Hinzufuegen", "Entferne", "Ferner",
    "Drehung", "Bedingung", "Farbwechsel", "Spiegelung", "Verschiebung", "Ersetze"};

static const char *const colour_en[CK_COUNT] = {"White", "Black", "Neutral"};
static const char *const colour_de[CK_COUNT] = {"Weiss", "Schwarz", "Neutral"};

/* Popeye's option words in Popeye's order (so prefixes resolve as in Popeye),
 * then ours. */
static const char *const option_en[OK_COUNT] = {
    "Defence", "SetPlay", "WhiteToPlay", "Variations", "MoveNumbers", "StartMoveNumber",
    "NoWk", "Duplex", "NoBk", "Threat", "NoThreat", "Try", "MaxSolutions",
    "MaxFlightsquares", "Search", "MultiSolutions", "NoSymmetry", "NonTrivial",
    "KeepMatingPiece", "EnPassant", "NoBoard", "NoShortVariations", "HalfDuplex",
    "PostKeyPlay", "Intelligent", "MaxTime", "NoCastling", "Quodlibet",
    "StopOnShortSolutions", "Beep", "SuppressGrid", "WriteGrid",
    "CastlingMutuallyExclusive", "GoalIsEnd", "unpublishedoption", "NullMoves",
    "UpToMoveNumber", "TrivialTriesAvoid", "MatesIn1", "LastNeutralStep", "GroupSteps"};
static const char *const option_de[OK_COUNT] = {
    "Widerlegung", "Satzspiel", "WeissBeginnt", "Varianten", "Zugnummern",
    "StartZugnummer", "OhneWk", "Duplex", "OhneSk", "Drohung", "OhneDrohung",
    "Verfuehrung", "MaxLoesungen", "MaxFluchtFelder", "Suchen", "MehrereLoesungen",
    "KeineSymmetrie", "NichtTrivial", "HalteMattsetzendenStein", "EnPassant", "OhneBrett",
    "OhneKurzVarianten", "HalbDuplex", "NachSchluessel", "Intelligent", "MaxZeit",
    "KeineRochade", "Quodlibet", "StopNachKurzloesungen", "Pieps", "OhneGitter",
    "ZeichneGitter", "RochadenGegenseitigAusschliessend", "ZielIstEnde",
    "nichtpublizierteoption", "NullZuege", "BisZugnummer",
    "TrivialeFehlversucheUnterdruecken", "MattsIn1", "LastNeutralStep", "GroupSteps"};

static const char *const mirror_words[4] = {"a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1"};

static const char *const expect_words[EK_COUNT] = {"key", "solutions"};

static const struct table tables[KT_COUNT] = {
    [KT_BEGIN] = {1, {begin_en, begin_de}},
    [KT_PROBLEM] = {PK_COUNT, {problem_en, problem_de}},
    [KT_TWIN_END] = {TE_COUNT, {twin_end_en, twin_end_de}},
    [KT_PROBLEM_END] = {PE_COUNT, {problem_end_en, problem_end_de}},
    [KT_TWIN_OP] = {TO_COUNT, {twin_op_en, twin_op_de}},
    [KT_COLOUR] = {CK_COUNT, {colour_en, colour_de}},
    [KT_OPTION] = {OK_COUNT, {option_en, option_de}},
    [KT_MIRROR] = {4, {mirror_words, mirror_words}},
    [KT_EXPECT] = {EK_COUNT, {expect_words, expect_words}},
};

int kw_find(enum language lang, enum kw_table table, const struct token *t)
{
    const struct table *tb = &tables[table];
    const char *const *w = tb->words[lang];
    for (int i = 0; i < tb->count; i++) {
        if (!tok_is_prefix_of(t, w[i]))
            continue;
        if (t->len == strlen(w[i]))
            return i;
        for (int j = i + 1; j < tb->count; j++)
            if (tok_is_prefix_of(t, w[j]))
                return KW_AMBIGUOUS;
        return i;
    }
    return KW_NONE;
}

const char *kw_name(enum language lang, enum kw_table table, int index)
{
    if (index < 0 || index >= tables[table].count)
        return "?";
    return tables[table].words[lang][index];
}

void kw_candidates(enum language lang, enum kw_table table, const struct token *t, char *out, size_t cap)
{
    const struct table *tb = &tables[table];
    int found[64], n = 0;
    for (int i = 0; i < tb->count && n < 64; i++)
        if (tok_is_prefix_of(t, tb->words[lang][i]))
            found[n++] = i;
    size_t used = 0;
    out[0] = 0;
    for (int k = 0; k < n && used < cap; k++) {
        const char *sep = k == 0 ? "" : k == n - 1 ? " or " : ", ";
        int w = snprintf(out + used, cap - used, "%s%s", sep, tb->words[lang][found[k]]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

int kw_begin_language(const struct token *t)
{
    for (int l = 0; l < LANG_COUNT; l++)
        if (kw_find((enum language)l, KT_BEGIN, t) == 0)
            return l;
    return -1;
}

enum kind language_piece(enum language lang, char c)
{
    static const char en[] = "KQRBSPOX", de[] = "KDTLSBOX";
    static const enum kind kinds[] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN, STONE, RELAY};
    const char *letters = lang == LANG_GERMAN ? de : en;
    char u = (char)toupper((unsigned char)c);
    for (int i = 0; letters[i]; i++)
        if (letters[i] == u)
            return kinds[i];
    return KIND_NONE;
}
