/* The problem-language reader against Popeye's own files (orthodox_en.inp and
 * its output, the German BEISPIEL sources), malformed inputs and the grammar. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/problem/reader.h"
#include "../src/problem/setup.h"

/* ---- helpers ---- */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap + 1);
        }
    }
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

/* Corpus files live in the shared directory: ../shared, or $FAIRYSOLVE_SHARED. */
static char *shared_file(const char *rel, size_t *len)
{
    const char *dir = getenv("FAIRYSOLVE_SHARED");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "../shared", rel);
    char *text = slurp(path, len);
    if (!text)
        fail_msg("cannot read %s (run from the repository root or set FAIRYSOLVE_SHARED)", path);
    return text;
}

struct outcome {
    int got;
    struct problem pr;
    struct parse_error err;
};

/* Reads every problem of text; out gets up to max of them. */
static int read_all(const char *text, size_t len, struct outcome *out, int max)
{
    struct reader *r = reader_new("test", text, len);
    assert_non_null(r);
    struct problem pr;
    struct parse_error err;
    int n = 0, got;
    while ((got = reader_next(r, &pr, &err)) != 0) {
        if (n < max) {
            out[n].got = got;
            out[n].pr = pr;
            out[n].err = err;
        } else if (got > 0) {
            problem_free(&pr);
        }
        n++;
        assert_true(n < 1000000); /* the reader always moves on */
    }
    reader_free(r);
    return n;
}

static void free_all(struct outcome *o, int n)
{
    for (int i = 0; i < n; i++)
        if (o[i].got > 0)
            problem_free(&o[i].pr);
}

static struct outcome *read_text(const char *text, int *n)
{
    struct outcome *o = calloc(64, sizeof *o);
    *n = read_all(text, strlen(text), o, 64);
    return o;
}

static void expect_ok(const struct outcome *o)
{
    if (o->got != 1)
        fail_msg("expected a problem, got error %d:%d: %s", o->err.line, o->err.column, o->err.message);
}

/* The unit on (file, rank) of a diagram, 0 if none. */
static unit_t unit_on(const struct diagram *d, const char *sq)
{
    for (int i = 0; i < d->count; i++)
        if (d->units[i].file == sq[0] - 'a' && d->units[i].rank == sq[1] - '1')
            return d->units[i].unit;
    return 0;
}

static void twin_line(const struct problem *pr, int t, char *out, size_t cap)
{
    struct twin_view v;
    struct parse_error err;
    if (!problem_twin(pr, t, &v, &err))
        fail_msg("problem %d twin %d: %s", pr->index, t, err.message);
    snprintf(out, cap, "%s%s) %s", v.continued ? "+" : "", v.label_text, v.change);
    size_t n = strlen(out);
    while (n > 0 && out[n - 1] == ' ')
        out[--n] = 0;
}

/* ---- (1) the whole orthodox corpus ---- */

static const char corpus_inp[] = "corpus/popeye/derived/orthodox_en.inp";
static const char corpus_out[] = "corpus/popeye/derived/orthodox_en.out";

static void corpus_parses(void **state)
{
    (void)state;
    size_t len = 0;
    char *text = shared_file(corpus_inp, &len);
    struct outcome *o = calloc(200, sizeof *o);
    int n = read_all(text, len, o, 200);
    assert_int_equal(n, 168);
    int views = 0, zero = 0;
    for (int i = 0; i < n; i++) {
        expect_ok(&o[i]);
        const struct problem *pr = &o[i].pr;
        assert_int_equal(pr->index, i + 1);
        char head[32];
        snprintf(head, sizeof head, "corpus #%d ", i + 1);
        assert_memory_equal(pr->remark, head, strlen(head));
        assert_true(pr->has_stipulation);
        zero += pr->zero_position;
        for (int t = 0; t <= pr->twin_count; t++) {
            struct twin_view v;
            struct parse_error err;
            struct position p;
            if (!problem_twin(pr, t, &v, &err) || !problem_position(pr, &v, &p, &err))
                fail_msg("corpus #%d twin %d: %s", i + 1, t, err.message);
            assert_int_equal(p.st.side, WHITE);
            views++;
        }
    }
    /* 404 positions to solve; the corpus README's 405 also counts the one
     * ZeroPosition diagram (corpus #57), which Popeye does not solve. */
    assert_int_equal(views, 404);
    assert_int_equal(views + zero, 405);
    free_all(o, n);
    free(o);
    free(text);
}

/* Spot checks: these lines are copied from orthodox_en.out (Popeye 4.104). */
static const struct {
    int corpus, twin;
    const char *line;
} popeye_lines[] = {
    {6, 1, "b) bBb5"},             /* Add onto an occupied square: no '+' */
    {19, 1, "b) +bBh6"},           /* Add onto an empty square */
    {16, 1, "b) bSh3-->h4"},
    {20, 1, "b) bKe8<-->bRa8"},
    {24, 1, "b) mirror a1<-->h1"},
    {39, 1, "b) bPc2"},
    {57, 0, "a) bBe5-->g8"},       /* ZeroPosition */
    {57, 1, "b) wBh7-->a7"},
    {63, 1, "b) shift a1 ==> e1"},
    {66, 1, "b) -bSf1"},
    {66, 2, "+c) -bQh2"},          /* Continued */
    {74, 1, "b) PolishType  mirror a1<-->a8"},
    {90, 2, "+c) bKd4-->a5"},
    {123, 1, "b) s#2"},
    {128, 1, "b) PolishType"},
    {129, 1, "b) rotate 180"},
    {130, 1, "b) -wPe7  +wSe8"},
    {131, 1, "b) R ==> B"},
    {131, 2, "c) R ==> S"},
    {134, 2, "+c) wBh4<-->wRf8"},
    {139, 0, "a)"},
    {139, 1, "b) +wSa7  +bBa5"},
    {139, 26, "z1) +wSa7  +bBe4"},
    {139, 131, "z106) +wSa4  +bBg3"},
};

static bool is_label_line(const char *l)
{
    const char *c = l + (*l == '+');
    if (!islower((unsigned char)*c))
        return false;
    while (islower((unsigned char)*c))
        c++;
    while (isdigit((unsigned char)*c))
        c++;
    return c[0] == ')' && c[1] == ' ';
}

static void corpus_twin_texts(void **state)
{
    (void)state;
    size_t len = 0, olen = 0;
    char *text = shared_file(corpus_inp, &len);
    char *out = shared_file(corpus_out, &olen);
    struct outcome *o = calloc(200, sizeof *o);
    int n = read_all(text, len, o, 200);
    assert_int_equal(n, 168);

    /* expected[k]: Popeye's label lines of corpus #k, in order */
    static char *expected[169][160];
    static int count[169];
    memset(count, 0, sizeof count);
    int current = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (strncmp(line, "corpus #", 8) == 0)
            current = atoi(line + 8);
        else if (current > 0 && current <= 168 && is_label_line(line) && count[current] < 160) {
            size_t k = strlen(line);
            while (k > 0 && (line[k - 1] == ' ' || line[k - 1] == '\r'))
                line[--k] = 0;
            expected[current][count[current]++] = line;
        }
    }
    int compared = 0;
    for (int i = 0; i < n; i++) {
        const struct problem *pr = &o[i].pr;
        int c = i + 1;
        if (count[c] == 0) {
            assert_int_equal(pr->twin_count, 0);
            assert_false(pr->zero_position);
            continue;
        }
        assert_int_equal(count[c], pr->twin_count + 1);
        for (int t = 0; t <= pr->twin_count; t++) {
            char got[300];
            twin_line(pr, t, got, sizeof got);
            if (strcmp(got, expected[c][t]) != 0)
                fail_msg("corpus #%d twin %d: got '%s', Popeye printed '%s'", c, t, got, expected[c][t]);
            compared++;
        }
    }
    assert_int_equal(compared, 306);

    for (size_t s = 0; s < sizeof popeye_lines / sizeof popeye_lines[0]; s++) {
        char got[300];
        twin_line(&o[popeye_lines[s].corpus - 1].pr, popeye_lines[s].twin, got, sizeof got);
        assert_string_equal(got, popeye_lines[s].line);
    }
    /* the twin's stipulation follows the Stipulation twinning */
    struct twin_view v;
    struct parse_error err;
    assert_true(problem_twin(&o[122].pr, 1, &v, &err));
    assert_string_equal(v.stipulation.text, "s#2");
    assert_int_equal(v.stipulation.play, PLAY_SELF);
    assert_true(problem_twin(&o[122].pr, 0, &v, &err));
    assert_string_equal(v.stipulation.text, "#2");
    free_all(o, n);
    free(o);
    free(out);
    free(text);
}

/* ---- (3) German: the sources of the derived file read the same ---- */

static void german_twin_inp(void **state)
{
    (void)state;
    size_t len = 0;
    char *text = shared_file("corpus/popeye/BEISPIEL/twin.inp", &len);
    struct outcome *o = calloc(64, sizeof *o);
    int n = read_all(text, len, o, 64);
    assert_int_equal(n, 36);
    /* problem 4: W. Barsukow, h#2, "zwilling versetze h7 a6 / versetze h7 f1" */
    expect_ok(&o[3]);
    const struct problem *pr = &o[3].pr;
    assert_string_equal(pr->author, "W. Barsukow");
    assert_string_equal(pr->origin, "2188, Ph\\'enix 36, 12/1995");
    assert_string_equal(pr->stipulation.text, "h#2");
    assert_int_equal(pr->stipulation.play, PLAY_HELP);
    assert_true(pr->options.intelligent);
    assert_int_equal(pr->diagram.count, 8);
    assert_int_equal(unit_on(&pr->diagram, "a1"), unit_make(WHITE, KING));
    assert_int_equal(unit_on(&pr->diagram, "d4"), unit_make(WHITE, ROOK));   /* td4 */
    assert_int_equal(unit_on(&pr->diagram, "d5"), unit_make(WHITE, BISHOP)); /* ld5 */
    assert_int_equal(unit_on(&pr->diagram, "h7"), unit_make(BLACK, KING));
    assert_int_equal(unit_on(&pr->diagram, "e6"), unit_make(BLACK, ROOK));   /* te6g4 */
    assert_int_equal(unit_on(&pr->diagram, "g4"), unit_make(BLACK, ROOK));
    assert_int_equal(unit_on(&pr->diagram, "d2"), unit_make(BLACK, BISHOP));
    assert_int_equal(unit_on(&pr->diagram, "f3"), unit_make(BLACK, PAWN));   /* bf3 */
    assert_int_equal(pr->twin_count, 2);
    char line[300];
    twin_line(pr, 1, line, sizeof line);
    assert_string_equal(line, "b) bKh7-->a6");
    twin_line(pr, 2, line, sizeof line);
    assert_string_equal(line, "c) bKh7-->f1");
    /* problem 5: "quelle" twice joins with a newline; "tausche" */
    expect_ok(&o[4]);
    assert_string_equal(o[4].pr.origin, "5001, Die Schwalbe 91, 2/1985\n3. Preis (h#2)");
    twin_line(&o[4].pr, 1, line, sizeof line);
    assert_string_equal(line, "b) bSd6<-->bKe5");
    /* problem 3: award line and three stipulation twins, the last h=2 */
    expect_ok(&o[2]);
    assert_string_equal(o[2].pr.award, "1. Preis, O. Kaila JT 1967");
    assert_int_equal(o[2].pr.twin_count, 3);
    twin_line(&o[2].pr, 3, line, sizeof line);
    assert_string_equal(line, "d) h=2");
    free_all(o, n);
    free(o);
    free(text);
}

static int same_units(const struct diagram *a, const struct diagram *b)
{
    if (a->count != b->count)
        return 0;
    for (int i = 0; i < a->count; i++) {
        char sq[3] = {(char)('a' + a->units[i].file), (char)('1' + a->units[i].rank), 0};
        if (unit_on(b, sq) != a->units[i].unit)
            return 0;
    }
    return 1;
}

/* Every derived problem names its source ("corpus #N = FILE problem K"); the
 * source (German for BEISPIEL) must give the same diagram, stipulation and twins. */
static void sources_match_derived(void **state)
{
    (void)state;
    size_t len = 0;
    char *text = shared_file(corpus_inp, &len);
    struct outcome *o = calloc(200, sizeof *o);
    int n = read_all(text, len, o, 200);
    assert_int_equal(n, 168);
    char loaded[64] = "";
    struct outcome *src = calloc(200, sizeof *src);
    char *src_text = NULL;
    int src_n = 0, german = 0;
    for (int i = 0; i < n; i++) {
        const struct problem *d = &o[i].pr;
        char file[64];
        int index;
        assert_int_equal(sscanf(d->remark, "corpus #%*d = %63s problem %d", file, &index), 2);
        if (strcmp(file, loaded) != 0) {
            free_all(src, src_n);
            free(src_text);
            char rel[128];
            snprintf(rel, sizeof rel, "corpus/popeye/%s", file);
            size_t slen = 0;
            src_text = shared_file(rel, &slen);
            memset(src, 0, 200 * sizeof *src);
            src_n = read_all(src_text, slen, src, 200);
            snprintf(loaded, sizeof loaded, "%s", file);
        }
        assert_true(index >= 1 && index <= src_n);
        const struct outcome *so = &src[index - 1];
        if (so->got != 1)
            fail_msg("%s problem %d: %d:%d: %s", file, index, so->err.line, so->err.column, so->err.message);
        const struct problem *s = &so->pr;
        german += strncmp(file, "BEISPIEL/", 9) == 0;
        assert_int_equal(s->index, index);
        if (!same_units(&d->diagram, &s->diagram))
            fail_msg("corpus #%d: diagram differs from %s problem %d", i + 1, file, index);
        assert_string_equal(d->stipulation.text, s->stipulation.text);
        assert_int_equal(d->twin_count, s->twin_count);
        assert_int_equal(d->zero_position, s->zero_position);
        assert_int_equal(d->options.en_passant_count, s->options.en_passant_count);
        assert_int_equal(d->options.no_castling_count, s->options.no_castling_count);
        assert_int_equal(d->options.mutually_exclusive_count, s->options.mutually_exclusive_count);
        assert_int_equal(d->options.white_to_play, s->options.white_to_play);
        assert_int_equal(d->options.set_play, s->options.set_play);
        for (int t = 0; t <= d->twin_count; t++) {
            char a[300], b[300];
            twin_line(d, t, a, sizeof a);
            twin_line(s, t, b, sizeof b);
            assert_string_equal(a, b);
        }
    }
    assert_int_equal(german, 135);
    free_all(src, src_n);
    free(src);
    free(src_text);
    free_all(o, n);
    free(o);
    free(text);
}

/* The problems the corpus README lists as orthodox are read in every source file
 * (the fairy ones around them are errors that must not disturb the rest). */
static void source_files_recover(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int problems;
    } files[] = {
        {"BEISPIEL/castling.inp", 47},       {"BEISPIEL/ep.inp", 11},
        {"BEISPIEL/intell.inp", 117},        {"BEISPIEL/selfref.inp", 6},
        {"BEISPIEL/twin.inp", 36},           {"REGRESSIONS/4_47_to_4_49.inp", 16},
        {"REGRESSIONS/4_51_to_4_53.inp", 36}, {"REGRESSIONS/4_57_to_4_59.inp", 2},
        {"REGRESSIONS/4_59_to_4_61.inp", 7}, {"REGRESSIONS/4_69_to_4_71.inp", 26},
        {"REGRESSIONS/4_73_to_4_75.inp", 7}, {"REGRESSIONS/4_75_to_4_77.inp", 10},
        {"REGRESSIONS/4_83_to_4_85.inp", 14}, {"TESTS/battle_play.inp", 49},
        {"TESTS/help_play.inp", 12},         {"TESTS/intell.inp", 8},
    };
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char rel[128];
        size_t len = 0;
        snprintf(rel, sizeof rel, "corpus/popeye/%s", files[f].file);
        char *text = shared_file(rel, &len);
        struct outcome *o = calloc(200, sizeof *o);
        int n = read_all(text, len, o, 200);
        if (n != files[f].problems)
            fail_msg("%s: %d problems read, %d in the file", files[f].file, n, files[f].problems);
        for (int i = 0; i < n; i++) {
            assert_int_equal(o[i].pr.index, i + 1);
            if (o[i].got < 0) {
                assert_true(o[i].err.line > 0);
                assert_true(o[i].err.message[0] != 0);
            }
        }
        free_all(o, n);
        free(o);
        free(text);
    }
}

/* ---- (2) malformed input ---- */

static const char good_tail[] = "NextProblem\nPieces White Ke1 Black Ke8\nStipulation #3\nEndProblem\n";

static const struct bad_case {
    const char *name;
    const char *text; /* followed by good_tail */
    int line, column;
    const char *message; /* a part of the message */
} bad_cases[] = {
    {"unknown keyword", "BeginProblem\nFoo Ke1\n", 2, 1, "expected a keyword (Pieces, Stipulation"},
    {"bad square", "BeginProblem\nPieces White Kz9\n", 2, 15, "expected a square after 'K', found 'z9'"},
    {"bad second square", "BeginProblem\nPieces White Pa2b3x4\n", 2, 19, "expected a square after 'Pa2b3', found 'x4'"},
    {"N for the knight", "BeginProblem\nPieces White Ke1 Nf3\n", 2, 18, "the knight is S"},
    {"two kings", "BeginProblem\nPieces White Ke1 Ke4 Black Ke8\nStipulation #2\n", 2, 19,
     "a second white king on e4 (the first is on e1)"},
    {"rank 9 on 8 ranks", "BeginProblem\nPieces White Kd1\n Black Ke9\nStipulation #2\n", 3, 9,
     "square e9 is off the 8x8 board"},
    {"no stipulation", "BeginProblem\nPieces White Ke1 Black Ke8\n", 3, 1, "expected a Stipulation before 'NextProblem'"},
    {"huge number", "BeginProblem\nStipulation #99999999999\n", 2, 13, "too large"},
    {"unsupported stipulation", "BeginProblem\nStipulation pser-h#3\n", 2, 13, "the stipulation 'pser-h#3' is not supported"},
    {"half move in direct play", "BeginProblem\nStipulation #2.5\n", 2, 13, "only for help play"},
    {"zero moves", "BeginProblem\nStipulation s#0\n", 2, 13, "at least 1"},
    {"second stipulation", "BeginProblem\nStipulation #2 Stipulation #3\n", 2, 16, "a second Stipulation"},
    {"unknown option", "BeginProblem\nStipulation #2\nOption Variation Quickly\n", 3, 18, "unknown option or keyword 'Quickly'"},
    {"option without argument", "BeginProblem\nStipulation #2\nOption Defence x\n", 3, 16,
     "expected a number after 'Defence', found 'x'"},
    {"ambiguous option", "BeginProblem\nStipulation #2\nOption Max 3\n", 3, 8, "ambiguous option 'Max'"},
    {"unsupported option", "BeginProblem\nStipulation #2\nOption NoWk\n", 3, 8, "is not supported"},
    {"EnPassant short", "BeginProblem\nStipulation #2\nOption EnPassant f7f5 Try\n", 3, 8, "needs 3 squares"},
    {"two conditions", "BeginProblem\nStipulation #2\nCondition KnightRelay Dynamo\n", 3, 23,
     "two conditions: 'KnightRelay' and 'Dynamo'"},
    {"two Condition lines", "BeginProblem\nCondition KnightRelay\nCondition Emulation\n", 3, 11,
     "two conditions: 'KnightRelay' and 'Emulation'"},
    {"unknown condition", "BeginProblem\nCondition Circe\n", 2, 11, "expected a condition (KnightRelay"},
    {"bad switch", "BeginProblem\nCondition KnightRelay Strict\n", 2, 23, "expected a switch of KnightRelay (PawnFirstRank)"},
    {"stone without the condition", "BeginProblem\nPieces White Ke1 Neutral Ob4\nStipulation #2\n", 2, 27,
     "need Condition StonesAndRelays"},
    {"relay under White", "BeginProblem\nPieces White Ke1 Xd5\n", 2, 18, "write 'Xd5' after Neutral"},
    {"neutral king", "BeginProblem\nPieces Neutral Ke1\n", 2, 16, "only stones (O) and relays (X) can be Neutral"},
    {"no colour", "BeginProblem\nPieces Ke1\n", 2, 8, "expected White, Black or Neutral after 'Pieces', found 'Ke1'"},
    {"ambiguous keyword", "BeginProblem\nP White Ke1\n", 2, 1, "ambiguous keyword 'P' (Pieces or Protocol)"},
    {"twin without operation", "BeginProblem\nStipulation #2\nTwin Foo\n", 3, 6, "expected a twinning (Move"},
    {"Continued not first", "BeginProblem\nPieces White Ke1\nStipulation #2\nTwin Move e1 e2 Continued\n", 4, 17,
     "must come first"},
    {"bad rotation", "BeginProblem\nStipulation #2\nTwin Rotate 45\n", 3, 13, "expected 90, 180 or 270"},
    {"keyword after twins", "BeginProblem\nPieces White Ke1\nStipulation #2\nTwin Move e1 e2\nOption Try\n", 5, 1,
     "expected a twinning, Twin, NextProblem or EndProblem after the twins"},
    {"Forsyth short", "BeginProblem\nForsyth 8/8/8\nStipulation #2\n", 2, 14, "Forsyth: placement must describe 8 ranks"},
    {"Forsyth with N", "BeginProblem\nForsyth 8/8/8/8/8/8/8/N7\nStipulation #2\n", 2, 23, "the knight is S"},
    {"EnPassant without the pawn", "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nOption EnPassant f7f6f5\n",
     4, 8, "EnPassant f7f6f5 needs a black pawn on f5"},
    {"LastNeutralStep without the condition", "BeginProblem\nStipulation #2\nOption LastNeutralStep d5d6\n", 3, 8,
     "LastNeutralStep needs Condition StonesAndRelays"},
    {"Expect without a move", "BeginProblem\nStipulation #2\nExpect key\n", 4, 1, "expected a key move like Qa3-d6 or a3d6 after 'key', found 'NextProblem'"},
    {"structured stipulation", "BeginProblem\nSStipulation zh2\n", 2, 1, "structured stipulation"},
};

static void malformed_inputs(void **state)
{
    (void)state;
    for (size_t c = 0; c < sizeof bad_cases / sizeof bad_cases[0]; c++) {
        const struct bad_case *b = &bad_cases[c];
        char text[1024];
        snprintf(text, sizeof text, "%s%s", b->text, good_tail);
        int n;
        struct outcome *o = read_text(text, &n);
        if (n != 2 || o[0].got != -1 || o[0].err.line != b->line || o[0].err.column != b->column ||
            !strstr(o[0].err.message, b->message))
            fail_msg("%s: %d problems, first %d at %d:%d '%s' (expected %d:%d '%s')", b->name, n, o[0].got,
                     o[0].err.line, o[0].err.column, o[0].err.message, b->line, b->column, b->message);
        assert_int_equal(o[0].pr.index, 1);
        assert_null(o[0].pr.twins);
        expect_ok(&o[1]);
        assert_int_equal(o[1].pr.index, 2);
        assert_string_equal(o[1].pr.stipulation.text, "#3");
        free_all(o, n);
        free(o);
    }
}

/* A twin after the first that gives no position: the problem is still read
 * (reader.h, result 2) with its diagram good and that twin failing, so the
 * twins before it are solved; the error names the twin. */
static void bad_later_twin(void **state)
{
    (void)state;
    static const struct bad_case cases[] = {
        {"twin on an empty square", "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nTwin Move a5 a6\n", 4, 6,
         "twin b: no unit on a5"},
        {"two kings by a twin", "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nTwin Add White Kd4\n", 4,
         1, "twin b: two white kings"},
        {"shift off the board", "BeginProblem\nPieces White Ke1 Pa2\nStipulation #2\nTwin Shift a1 a8\n", 4, 6,
         "would leave the board"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const struct bad_case *b = &cases[c];
        char text[1024];
        snprintf(text, sizeof text, "%s%s", b->text, good_tail);
        int n;
        struct outcome *o = read_text(text, &n);
        if (n != 2 || o[0].got != 2 || o[0].err.line != b->line || o[0].err.column != b->column ||
            !strstr(o[0].err.message, b->message))
            fail_msg("%s: %d problems, first %d at %d:%d '%s' (expected %d:%d '%s')", b->name, n, o[0].got,
                     o[0].err.line, o[0].err.column, o[0].err.message, b->line, b->column, b->message);
        struct twin_view v;
        struct parse_error err;
        struct position pos;
        assert_true(problem_twin(&o[0].pr, 0, &v, &err) && problem_position(&o[0].pr, &v, &pos, &err));
        assert_false(problem_twin(&o[0].pr, 1, &v, &err) && problem_position(&o[0].pr, &v, &pos, &err));
        expect_ok(&o[1]);
        free_all(o, n);
        free(o);
    }
}

/* The files in tests/inputs/bad: each result in order (1 = read, -1 = error at line:column). */
static const struct {
    const char *file;
    int results[2], line, column;
    const char *message;
} bad_files[] = {
    {"bad_square.inp", {-1, 1}, 4, 15, "expected a square after 'K', found 'z9'"},
    {"knight_letter_n.inp", {-1, 1}, 2, 18, "N is not a piece letter in 'Nf3': the knight is S"},
    {"two_kings.inp", {-1, 1}, 3, 19, "a second black king on d8"},
    {"no_stipulation.inp", {-1, 1}, 5, 1, "expected a Stipulation before 'NextProblem'"},
    {"huge_number.inp", {-1, 1}, 3, 13, "too large"},
    {"unknown_keyword.inp", {-1, 1}, 4, 1, "found 'Solution'"},
    {"unknown_option.inp", {-1, 1}, 4, 18, "unknown option or keyword 'Quickly'"},
    {"two_conditions.inp", {-1, 1}, 4, 23, "two conditions"},
    /* FORMAT.md 3's switches of Dynamo, in its order */
    {"unknown_switch.inp", {-1, 1}, 4, 32,
     "expected a switch of Dynamo (OwnerPromotes, NoDynamoEscape or EnPassant) or a keyword, found 'Circe'"},
    {"rank_nine.inp", {-1, 1}, 2, 15, "square e9 is off the 8x8 board (only StonesAndRelays has a 9th rank)"},
    /* twins a) and b) are kept; the error names twin c (reader.h, 2) */
    {"twin_empty_square.inp", {2, 1}, 5, 6, "twin c: no unit on a5"},
    {"german_stipulation.inp", {-1, 1}, 4, 11, "'pser-h#3' is not supported"},
    {"unterminated.inp", {1, -1}, 6, 13, "expected NextProblem or EndProblem after '#3', found the end of the input"},
};

static void malformed_files(void **state)
{
    (void)state;
    for (size_t f = 0; f < sizeof bad_files / sizeof bad_files[0]; f++) {
        char path[256];
        size_t len = 0;
        snprintf(path, sizeof path, "tests/inputs/bad/%s", bad_files[f].file);
        char *text = slurp(path, &len);
        if (!text)
            fail_msg("cannot read %s (run from the repository root)", path);
        struct outcome o[4];
        int n = read_all(text, len, o, 4);
        assert_int_equal(n, 2);
        for (int i = 0; i < 2; i++) {
            if (o[i].got != bad_files[f].results[i])
                fail_msg("%s problem %d: got %d (%s)", path, i + 1, o[i].got, o[i].err.message);
            if (o[i].got == 1)
                continue;
            if (o[i].got == 2)
                assert_int_equal(o[i].pr.twin_count, 2);
            if (o[i].err.line != bad_files[f].line || o[i].err.column != bad_files[f].column ||
                !strstr(o[i].err.message, bad_files[f].message))
                fail_msg("%s: %d:%d %s (expected %d:%d %s)", path, o[i].err.line, o[i].err.column,
                         o[i].err.message, bad_files[f].line, bad_files[f].column, bad_files[f].message);
        }
        free_all(o, n);
        free(text);
    }
}

static void empty_and_odd_files(void **state)
{
    (void)state;
    struct outcome o[4];
    assert_int_equal(read_all("", 0, o, 4), 0);
    assert_int_equal(read_all(" \n\t\r\n;,", 7, o, 4), 0);
    /* text before BeginProblem: an error (problem 0), then the problems */
    const char *t1 = "Hello\nBeginProblem\nPieces White Ke1\nStipulation #2\nEndProblem\nanything at all";
    assert_int_equal(read_all(t1, strlen(t1), o, 4), 2);
    assert_int_equal(o[0].got, -1);
    assert_int_equal(o[0].pr.index, 0);
    assert_int_equal(o[0].err.line, 1);
    assert_non_null(strstr(o[0].err.message, "expected BeginProblem"));
    expect_ok(&o[1]);
    assert_int_equal(o[1].pr.index, 1);
    free_all(o, 2);
    /* NUL bytes separate tokens like blanks */
    const char t2[] = "BeginProblem\0Pieces\0White Ke1\0Stipulation #2\0EndProblem";
    assert_int_equal(read_all(t2, sizeof t2 - 1, o, 4), 1);
    expect_ok(&o[0]);
    free_all(o, 1);
    /* a trailing NextProblem ends the file quietly; German prefixes */
    const char *t3 = "anfang\nford h#2\nstei weis kc1 db2 schw ka1 ta2\nweiter\n";
    assert_int_equal(read_all(t3, strlen(t3), o, 4), 1);
    expect_ok(&o[0]);
    assert_int_equal(unit_on(&o[0].pr.diagram, "b2"), unit_make(WHITE, QUEEN));
    assert_int_equal(unit_on(&o[0].pr.diagram, "a2"), unit_make(BLACK, ROOK));
    free_all(o, 1);
    /* BeginProblem alone: unterminated, pointing at it */
    assert_int_equal(read_all("BeginProblem", 12, o, 4), 1);
    assert_int_equal(o[0].got, -1);
    assert_int_equal(o[0].err.line, 1);
    assert_int_equal(o[0].err.column, 1);
}

static void huge_and_binary_inputs(void **state)
{
    (void)state;
    size_t big = 10u << 20;
    const char *head = "BeginProblem\nRemark ";
    const char *tail = "\nPieces White Ke1 Black Ke8\nStipulation #2\nNextProblem\n";
    /* 1: a 10 MB Remark line is kept whole (texts have no fixed limit) */
    size_t hl = strlen(head), tl = strlen(tail);
    char *text = malloc(big + 1024);
    memcpy(text, head, hl);
    memset(text + hl, 'x', big);
    memcpy(text + hl + big, tail, tl);
    memcpy(text + hl + big + tl, good_tail + strlen("NextProblem\n"), sizeof good_tail - strlen("NextProblem\n"));
    struct outcome o[4];
    size_t len = strlen(text);
    assert_int_equal(read_all(text, len, o, 4), 2);
    expect_ok(&o[0]);
    assert_int_equal(strlen(o[0].pr.remark), big);
    expect_ok(&o[1]);
    free_all(o, 2);
    /* 2: a 10 MB token where a keyword belongs */
    memcpy(text, "BeginProblem\n", 13);
    memset(text + 13, 'y', big);
    snprintf(text + 13 + big, 200, "\n%s", good_tail);
    len = strlen(text);
    assert_int_equal(read_all(text, len, o, 4), 2);
    assert_int_equal(o[0].got, -1);
    assert_int_equal(o[0].err.line, 2);
    assert_int_equal(o[0].err.column, 1);
    assert_non_null(strstr(o[0].err.message, "'yyyyy"));
    assert_true(strlen(o[0].err.message) < sizeof o[0].err.message - 1);
    expect_ok(&o[1]);
    free_all(o, 2);
    /* 3: 10 MB of one long line of squares after a piece letter: the same
     * square twice is an error at the second (never a silent replacement),
     * and the next problem is read */
    memcpy(text, "BeginProblem\nPieces White P", 27);
    for (size_t i = 0; i < big; i += 2)
        memcpy(text + 27 + i, "a2", 2);
    snprintf(text + 27 + big, 200, " Black Ke8\nStipulation #2\n%s", good_tail);
    len = strlen(text);
    assert_int_equal(read_all(text, len, o, 4), 2);
    assert_int_equal(o[0].got, -1);
    assert_int_equal(o[0].err.line, 2);
    assert_int_equal(o[0].err.column, 17);
    assert_string_equal(o[0].err.message, "two units on a2 (the first was written at line 2, column 15)");
    expect_ok(&o[1]);
    free_all(o, 2);
    /* 4: binary garbage, NUL bytes included, before and inside a problem */
    uint32_t seed = 12345;
    for (size_t i = 0; i < big; i++) {
        seed = seed * 1103515245u + 12345u;
        text[i] = (char)(seed >> 16);
    }
    struct outcome *many = calloc(16, sizeof *many);
    int n = read_all(text, big, many, 16);
    for (int i = 0; i < n && i < 16; i++)
        if (many[i].got < 0)
            assert_true(many[i].err.message[0] != 0);
    free_all(many, n < 16 ? n : 16);
    memcpy(text, "BeginProblem\n", 13);
    n = read_all(text, big, many, 16);
    assert_true(n >= 1);
    assert_int_equal(many[0].got, -1);
    free_all(many, n < 16 ? n : 16);
    free(many);
    free(text);
}

/* ---- (5) stipulations, options, conditions ---- */

static void stipulation_forms(void **state)
{
    (void)state;
    static const struct {
        const char *in, *text;
        enum play play;
        enum goal goal;
        int moves;
        bool half;
    } ok[] = {
        {"#2", "#2", PLAY_DIRECT, GOAL_MATE, 2, false},
        {"h#2", "h#2", PLAY_HELP, GOAL_MATE, 2, false},
        {"H#2", "h#2", PLAY_HELP, GOAL_MATE, 2, false},
        {"h#2.5", "h#2.5", PLAY_HELP, GOAL_MATE, 2, true},
        {"h#0.5", "h#0.5", PLAY_HELP, GOAL_MATE, 0, true},
        {"s#3", "s#3", PLAY_SELF, GOAL_MATE, 3, false},
        {"S#2", "s#2", PLAY_SELF, GOAL_MATE, 2, false},
        {"=3", "=3", PLAY_DIRECT, GOAL_STALEMATE, 3, false},
        {"h=2", "h=2", PLAY_HELP, GOAL_STALEMATE, 2, false},
        {"s=2", "s=2", PLAY_SELF, GOAL_STALEMATE, 2, false},
        {"h#=3", "h#=3", PLAY_HELP, GOAL_MATE_OR_STALEMATE, 3, false},
        {"#=2", "#=2", PLAY_DIRECT, GOAL_MATE_OR_STALEMATE, 2, false},
        {"h# 3", "h#3", PLAY_HELP, GOAL_MATE, 3, false},
        {"  #12 ", "#12", PLAY_DIRECT, GOAL_MATE, 12, false},
        /* the longest the search holds (problem.h): 31 half-moves of help
         * play, 63 moves of battle play */
        {"h#15.5", "h#15.5", PLAY_HELP, GOAL_MATE, 15, true},
        {"#63", "#63", PLAY_DIRECT, GOAL_MATE, 63, false},
        {"s=63", "s=63", PLAY_SELF, GOAL_STALEMATE, 63, false},
        /* series (the play is how the series ends), help-self, reciprocal */
        {"ser-#3", "ser-#3", PLAY_DIRECT, GOAL_MATE, 3, false},
        {"SER-H=65", "ser-h=65", PLAY_HELP, GOAL_STALEMATE, 65, false},
        {"ser-s#4", "ser-s#4", PLAY_SELF, GOAL_MATE, 4, false},
        {"ser-r#2", "ser-r#2", PLAY_REFLEX, GOAL_MATE, 2, false},
        {"ser-h#=120", "ser-h#=120", PLAY_HELP, GOAL_MATE_OR_STALEMATE, 120, false},
        {"hs#2", "hs#2", PLAY_HELP_SELF, GOAL_MATE, 2, false},
        /* hs#n.5: Black's help move first (Popeye 4.104); its line is
         * 2n + 1 half-moves with the forced mate, 31 at most */
        {"hs#2.5", "hs#2.5", PLAY_HELP_SELF, GOAL_MATE, 2, true},
        {"hs=15.5", "hs=15.5", PLAY_HELP_SELF, GOAL_STALEMATE, 15, true},
        /* reflexmates */
        {"r#2", "r#2", PLAY_REFLEX, GOAL_MATE, 2, false},
        {"R=3", "r=3", PLAY_REFLEX, GOAL_STALEMATE, 3, false},
        {"semi-r#2", "semi-r#2", PLAY_SEMI_REFLEX, GOAL_MATE, 2, false},
        {"reci-h#3", "reci-h#3", PLAY_RECI_HELP, GOAL_MATE, 3, false},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        struct stipulation s;
        struct parse_error err;
        if (!parse_stipulation_text(ok[i].in, &s, &err))
            fail_msg("'%s': %s", ok[i].in, err.message);
        assert_string_equal(s.text, ok[i].text);
        assert_int_equal(s.play, ok[i].play);
        assert_int_equal(s.goal, ok[i].goal);
        assert_int_equal(s.moves, ok[i].moves);
        assert_int_equal(s.half, ok[i].half);
    }
    static const struct {
        const char *in;
        int column;
        const char *message;
    } bad[] = {
        {"", 1, "found the end of the input"},
        {"#", 1, "expected the number of moves after '#'"},
        {"#0", 1, "at least 1"},
        {"s#2.5", 1, "only for help play"},
        {"exact-h#2", 1, "'exact-h#2' is not supported"},
        {"r#2.5", 1, "only for help play"},
        {"pser-h#3", 1, "is not supported"},
        {"reci-h#2.5", 1, "only for help play"},
        {"hs#0.5", 1, "the number of moves in 'hs#0.5' must be at least 1"},
        {"hs#16.5", 1, "too many moves"},
        {"ser-#121", 1, "too many moves in 'ser-#121' (limit is 120 for series play)"},
        {"hs#16", 1, "too many moves"},
        {"##2", 1, "expected a stipulation"},
        {"#99999999999", 1, "too large"},
        /* h#16 would shift a 32-bit failure mask by 32, #262 wrap 8-bit bounds */
        {"h#16", 1, "too many moves in 'h#16' (limit is 15.5 for help play)"},
        {"h=16", 1, "too many moves"},
        {"#64", 1, "too many moves in '#64' (limit is 63)"},
        {"#262", 1, "too many moves"},
        {"s#999", 1, "too many moves"},
        {"#2 x", 4, "unexpected 'x' after the stipulation"},
        {"h#2.7", 1, "expected a stipulation"},
        {"~2", 1, "expected a stipulation"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct stipulation s;
        struct parse_error err;
        if (parse_stipulation_text(bad[i].in, &s, &err))
            fail_msg("'%s' was accepted", bad[i].in);
        if (err.column != bad[i].column || !strstr(err.message, bad[i].message))
            fail_msg("'%s': %d '%s'", bad[i].in, err.column, err.message);
    }
}

static void option_arguments(void **state)
{
    (void)state;
    struct problem pr;
    problem_init(&pr);
    struct parse_error err;
    const char *words = "Try Defence 2 Threat 1 MaxSolutions 3 MaxFlightsquares 0 NoCastling a1h1 e8 "
                        "EnPassant f7 f6 f5 CastlingMutuallyExclusive h1h8 CastlingMutuallyExclusive a1a8 "
                        "LastNeutralStep d5d6 SetPlay Variation NoThreat NoShortVariations WhiteToPlay "
                        "MoveNumbers StopOnShortSolutions MatesIn1 NoBoard Intelligent HalfDuplex Duplex";
    if (!parse_options_text(words, &pr.options, &err))
        fail_msg("%d: %s", err.column, err.message);
    const struct options *o = &pr.options;
    assert_true(o->try_play);
    assert_int_equal(o->defence, 2);
    assert_int_equal(o->threat, 1);
    assert_int_equal(o->max_solutions, 3);
    assert_int_equal(o->max_flights, 0);
    assert_int_equal(o->no_castling_count, 3);
    assert_int_equal(o->no_castling[0].file, 0);
    assert_int_equal(o->no_castling[1].file, 7);
    assert_int_equal(o->no_castling[2].file, 4);
    assert_int_equal(o->no_castling[2].rank, 7);
    assert_int_equal(o->en_passant_count, 3);
    assert_int_equal(o->en_passant[0].rank, 6);
    assert_int_equal(o->en_passant[1].rank, 5);
    assert_int_equal(o->en_passant[2].rank, 4);
    assert_int_equal(o->mutually_exclusive_count, 2);
    assert_int_equal(o->mutually_exclusive[0][0].file, 7);
    assert_int_equal(o->mutually_exclusive[0][1].rank, 7);
    assert_int_equal(o->mutually_exclusive[1][1].file, 0);
    assert_true(o->has_last_neutral_step);
    assert_int_equal(o->last_neutral_step[0].rank, 4);
    assert_int_equal(o->last_neutral_step[1].rank, 5);
    assert_true(o->set_play && o->variation && o->no_threat && o->no_short_variations && o->white_to_play);
    assert_true(o->move_numbers && o->stop_on_short && o->mates_in_1 && o->no_board && o->intelligent);
    assert_true(o->half_duplex && o->duplex);

    /* abbreviations as the corpus writes them; defaults */
    problem_init(&pr);
    assert_int_equal(pr.options.threat, -1);
    assert_int_equal(pr.options.max_flights, -1);
    assert_true(parse_options_text("vari intel enpassant g7g6g5 Try", &pr.options, &err));
    assert_true(pr.options.variation && pr.options.intelligent && pr.options.try_play);
    assert_int_equal(pr.options.defence, 0);
    assert_int_equal(pr.options.en_passant_count, 3);
    /* KeepMatingPiece (Popeye's abbreviation "keep") */
    problem_init(&pr);
    assert_false(pr.options.keep_mating_piece);
    assert_true(parse_options_text("keep", &pr.options, &err));
    assert_true(pr.options.keep_mating_piece);
    /* NonTrivial m n: Popeye's order, the count granted first (py-engl.txt,
     * "NonTrivial m n"; its German "NichtTrivial") */
    problem_init(&pr);
    assert_true(parse_options_text("NonTrivial 2 1", &pr.options, &err));
    assert_true(pr.options.nontrivial);
    assert_int_equal(pr.options.nontrivial_max, 2);
    assert_int_equal(pr.options.nontrivial_length, 1);
    /* the largest numbers the table's keys hold are taken */
    problem_init(&pr);
    assert_true(parse_options_text("Threat 1000 MaxFlightsquares 1000 NonTrivial 5 63", &pr.options, &err));
    assert_int_equal(pr.options.threat, 1000);
    assert_int_equal(pr.options.max_flights, 1000);
    assert_int_equal(pr.options.nontrivial_length, 63);

    static const struct {
        const char *in;
        int column;
        const char *message;
    } bad[] = {
        {"", 1, "expected an option"},
        {"Variation Foo", 11, "unknown option 'Foo'"},
        {"Max 3", 1, "ambiguous option 'Max' (MaxSolutions, MaxFlightsquares or MaxTime)"},
        {"Defence", 1, "expected a number after 'Defence', found the end of the input"},
        {"Defence 0", 9, "at least 1"},
        {"Threat 99999999999", 8, "too large"},
        /* the largest the table's keys hold (problem.h) */
        {"Threat 1001", 8, "the number '1001' after 'Threat' is too large (at most 1000)"},
        {"MaxFlightsquares 1001", 18, "too large (at most 1000)"},
        {"NonTrivial 0 64", 14, "the number '64' after 'NonTrivial' is too large (at most 63)"},
        {"NoCastling", 1, "expected squares like a1h1"},
        {"NoCastling x1", 12, "expected squares like a1h1"},
        {"EnPassant f7f6f5f4", 11, "too many squares"},
        {"CastlingMutuallyExclusive e1e8", 1, "white rook square (a1 or h1)"},
        {"LastNeutralStep d5", 1, "needs 2 squares"},
        {"NonTrivial 0", 1, "expected a number after 'NonTrivial', found the end of the input"},
        {"NonTrivial 0 x", 14, "expected a number after 'NonTrivial', found 'x'"},
        {"NonTrivial -1 1", 12, "expected a number"},
        {"GoalIsEnd", 1, "is not supported"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        problem_init(&pr);
        if (parse_options_text(bad[i].in, &pr.options, &err))
            fail_msg("'%s' was accepted", bad[i].in);
        if (err.column != bad[i].column || !strstr(err.message, bad[i].message))
            fail_msg("'%s': %d '%s'", bad[i].in, err.column, err.message);
    }
}

/* FORMAT.md 3: the condition keywords and their switches. */
static void conditions(void **state)
{
    (void)state;
    const struct rules *r;
    unsigned sw;
    struct parse_error err;
    static const char *const names[] = {"KnightRelay", "Dynamo", "StonesAndRelays", "Emulation"};
    static const char *const first_switch[] = {"PawnFirstRank", "OwnerPromotes", "StrictKing", NULL};
    for (int i = 0; i < 4; i++) {
        char text[64];
        snprintf(text, sizeof text, "%s %s", names[i], first_switch[i] ? first_switch[i] : "");
        if (!parse_condition_text(text, &r, &sw, &err))
            fail_msg("%s: %s", text, err.message);
        assert_string_equal(r->name, names[i]);
        if (first_switch[i])
            assert_int_equal(sw, 1u << rules_switch_index(r, first_switch[i]));
        else
            assert_int_equal(sw, 0);
    }
    /* Popeye's abbreviations: unique prefixes, any case */
    assert_true(parse_condition_text("knightr pawnf", &r, &sw, &err));
    assert_ptr_equal(r, &rules_knight_relay);
    assert_int_equal(sw, 1);
    assert_true(parse_condition_text("DYN noDyn e", &r, &sw, &err));
    assert_ptr_equal(r, &rules_dynamo);
    assert_int_equal(sw, 1u << rules_switch_index(r, "NoDynamoEscape") | 1u << rules_switch_index(r, "EnPassant"));
    assert_false(parse_condition_text("Dynamo OwnerPromotes NoDynamoEscape EnPassant Foo", &r, &sw, &err));
    assert_int_equal(err.column, 47);
    assert_non_null(strstr(err.message, "expected a switch of Dynamo (OwnerPromotes, NoDynamoEscape or EnPassant)"));
    assert_false(parse_condition_text("Emulation StrictKing", &r, &sw, &err)); /* another rule set's switch */
    assert_int_equal(err.column, 11);
    assert_string_equal(err.message, "expected a keyword after Emulation (it has no switches), found 'StrictKing'");
    assert_false(parse_condition_text("Emulation Dynamo", &r, &sw, &err));
    assert_string_equal(err.message, "two conditions: 'Emulation' and 'Dynamo' (conditions are not combined)");
    assert_false(parse_condition_text("Circe", &r, &sw, &err));
    assert_int_equal(err.column, 1);
    assert_string_equal(err.message, "expected a condition (KnightRelay, Dynamo, StonesAndRelays or Emulation) "
                                     "after 'Condition', found 'Circe'");
}

static void problem_fields(void **state)
{
    (void)state;
    int n;
    struct outcome *o = read_text(
        "BEGIN\n"
        "auth First Author\n"
        "author   Second Author  \n"
        "Origin Somewhere, 2024\n"
        "Title A title\n"
        "remark one\n"
        "REMARK two; three\n"
        "pieces white ke1 qa7 rh1 pa2b3c4\n"
        "       black kc1 sa8\n"
        "stip #2; opti vari try, threat 2\n"
        "Expect key Qa7-a3 key a7c5\n"
        "Expect solutions 2\n"
        "EndProblem\n"
        "this is ignored: Foo Bar\n",
        &n);
    assert_int_equal(n, 1);
    expect_ok(&o[0]);
    const struct problem *pr = &o[0].pr;
    assert_string_equal(pr->author, "First Author\nSecond Author");
    assert_string_equal(pr->origin, "Somewhere, 2024");
    assert_string_equal(pr->title, "A title");
    assert_string_equal(pr->remark, "one\ntwo; three");
    assert_int_equal(pr->line, 2);
    assert_int_equal(pr->diagram.count, 8);
    assert_int_equal(unit_on(&pr->diagram, "c4"), unit_make(WHITE, PAWN));
    assert_int_equal(unit_on(&pr->diagram, "a8"), unit_make(BLACK, KNIGHT));
    assert_ptr_equal(pr->rules, &rules_orthodox);
    assert_true(pr->options.variation && pr->options.try_play);
    assert_int_equal(pr->options.threat, 2);
    assert_int_equal(pr->expect.key_count, 2);
    assert_string_equal(pr->expect.keys[0], "Qa7-a3");
    assert_string_equal(pr->expect.keys[1], "a7c5");
    assert_int_equal(pr->expect.solutions, 2);
    free_all(o, n);
    free(o);

    /* Forsyth with S for the knight (and German letters in German files) */
    o = read_text("BeginProblem\nForsyth rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR/\nStipulation #2\n"
                  "Pieces White Qe4\nNextProblem\nForsyth 4k3/8/8/8/8/8/8/R3K2R\nStipulation h#2\nTwin Rotate 90\n"
                  "Twin Continued Substitute R Q\nEndProblem\n",
                  &n);
    assert_int_equal(n, 2);
    expect_ok(&o[0]);
    assert_int_equal(o[0].pr.diagram.count, 33);
    assert_int_equal(unit_on(&o[0].pr.diagram, "b1"), unit_make(WHITE, KNIGHT));
    assert_int_equal(unit_on(&o[0].pr.diagram, "e4"), unit_make(WHITE, QUEEN));
    expect_ok(&o[1]);
    struct twin_view v;
    struct parse_error err;
    assert_true(problem_twin(&o[1].pr, 1, &v, &err));
    assert_string_equal(v.change, "rotate 90");
    assert_int_equal(unit_on(&v.diagram, "h1"), unit_make(WHITE, ROOK)); /* a1 -> h1 as in Popeye */
    assert_int_equal(unit_on(&v.diagram, "h8"), unit_make(WHITE, ROOK)); /* h1 -> h8 */
    assert_true(problem_twin(&o[1].pr, 2, &v, &err));
    assert_true(v.continued);
    assert_string_equal(v.label_text, "c");
    assert_string_equal(v.change, "R ==> Q");
    assert_int_equal(unit_on(&v.diagram, "h8"), unit_make(WHITE, QUEEN));
    free_all(o, n);
    free(o);

    o = read_text("AnfangProblem\nForsyth 4k3/8/8/8/8/8/8/T3K1ST\nForderung #2\nEndeProblem\n", &n);
    expect_ok(&o[0]);
    assert_int_equal(unit_on(&o[0].pr.diagram, "a1"), unit_make(WHITE, ROOK));
    assert_int_equal(unit_on(&o[0].pr.diagram, "g1"), unit_make(WHITE, KNIGHT));
    free_all(o, n);
    free(o);
}

/* 9 ranks under StonesAndRelays, condition twins */
static void nine_ranks_and_condition_twins(void **state)
{
    (void)state;
    int n;
    struct twin_view v;
    struct parse_error err;
    {
        struct outcome *o = read_text(
            "BeginProblem\nCondition StonesAndRelays StrictKing\nForsyth 4k3/8/8/8/8/8/8/8/R3K2R\n"
            "Pieces Neutral Ob4b5 Xd5\nStipulation #2\nTwin Mirror a1<-->a8\nTwin Rotate 90\nEndProblem\n",
            &n);
        assert_int_equal(n, 1);
        assert_int_equal(o[0].got, 2); /* twins a) and b) are still solved */
        assert_int_equal(o[0].err.line, 7);
        assert_int_equal(o[0].err.column, 6);
        assert_string_equal(o[0].err.message, "twin c: rotate 90 needs a square board");
        free_all(o, n);
        free(o);
        o = read_text("BeginProblem\nCondition StonesAndRelays\nPieces White Ke1 Black Ke9 Neutral Xd5\n"
                      "Stipulation h#2\nTwin Mirror a1<-->a8\nEndProblem\n",
                      &n);
        expect_ok(&o[0]);
        assert_int_equal(o[0].pr.switches, 0);
        assert_true(problem_twin(&o[0].pr, 1, &v, &err));
        assert_string_equal(v.change, "mirror a1<-->a8");
        assert_int_equal(unit_on(&v.diagram, "e9"), unit_make(WHITE, KING)); /* e1 <-> e9 on 9 ranks */
        assert_int_equal(unit_on(&v.diagram, "d5"), unit_make(NEUTRAL, RELAY));
        free_all(o, n);
        free(o);
    }
    {
        struct outcome *o = read_text("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\n"
                                      "Twin Condition KnightRelay PawnFirstRank\nTwin Continued Stipulation #3\n"
                                      "EndProblem\n",
                                      &n);
        expect_ok(&o[0]);
        assert_ptr_equal(o[0].pr.rules, &rules_orthodox);
        assert_true(problem_twin(&o[0].pr, 1, &v, &err));
        assert_string_equal(v.change, "KnightRelay PawnFirstRank");
        assert_ptr_equal(v.rules, &rules_knight_relay);
        assert_true(problem_twin(&o[0].pr, 2, &v, &err));
        assert_ptr_equal(v.rules, &rules_knight_relay); /* continued keeps the condition */
        assert_string_equal(v.stipulation.text, "#3");
        free_all(o, n);
        free(o);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_parses),
        cmocka_unit_test(corpus_twin_texts),
        cmocka_unit_test(german_twin_inp),
        cmocka_unit_test(sources_match_derived),
        cmocka_unit_test(source_files_recover),
        cmocka_unit_test(malformed_inputs),
        cmocka_unit_test(bad_later_twin),
        cmocka_unit_test(malformed_files),
        cmocka_unit_test(empty_and_odd_files),
        cmocka_unit_test(huge_and_binary_inputs),
        cmocka_unit_test(stipulation_forms),
        cmocka_unit_test(option_arguments),
        cmocka_unit_test(conditions),
        cmocka_unit_test(problem_fields),
        cmocka_unit_test(nine_ranks_and_condition_twins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
