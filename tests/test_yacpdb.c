/* The YACPDB entry reader (src/problem/yacpdb.h) against entries written by
 * hand after olive-gui's yacpdb-entry.md and schema: fields into struct
 * problem, errors at their line and column, kinds not solved; and the
 * grouping of Stones & Relays steps (src/report/step_groups.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/problem/setup.h"
#include "../src/problem/yacpdb.h"
#include "../src/report/step_groups.h"

#define MAX_ENTRIES 8

struct outcome {
    int got;
    struct problem pr;
    struct parse_error err;
};

/* Every entry of text; returns how many (results other than 0). */
static int read_all(const char *text, struct outcome *out)
{
    struct yacpdb_reader *r = yacpdb_reader_new("t.yaml", text, strlen(text));
    int n = 0;
    for (;;) {
        struct outcome o;
        o.got = yacpdb_reader_next(r, &o.pr, &o.err);
        if (o.got == 0)
            break;
        assert_true(n < MAX_ENTRIES);
        out[n++] = o;
    }
    yacpdb_reader_free(r);
    return n;
}

static void free_all(struct outcome *out, int n)
{
    for (int i = 0; i < n; i++)
        problem_free(&out[i].pr);
}

static bool has_unit(const struct problem *pr, const char *square, enum colour c, enum kind k)
{
    for (int i = 0; i < pr->diagram.count; i++) {
        const struct diagram_unit *u = &pr->diagram.units[i];
        if (u->file == square[0] - 'a' && u->rank == square[1] - '1' && unit_colour(u->unit) == c &&
            unit_kind(u->unit) == k)
            return true;
    }
    return false;
}

/* yacpdb-entry.md's "typical entry", with twins, options and a solution count. */
static void fields_of_an_entry(void **state)
{
    (void)state;
    const char *text = "---\n"
                       "authors:\n"
                       "  - Ugren, Ljubomir\n"
                       "  - Abdurahmanovic, Fadil\n"
                       "source:\n"
                       "  name: feenschach\n"
                       "  issue: 01-02\n"
                       "  problemid: 7100\n"
                       "  date:\n"
                       "    year: 1965\n"
                       "    month: 2\n"
                       "award:\n"
                       "  tourney: ditto\n"
                       "  distinction: 1st Prize\n"
                       "algebraic:\n"
                       "  white: [Kh1, Re4, Pg2, Pf5, Pf4, Pf3, Pe6, Pc4]\n"
                       "  black: [Kd1, Bc3, Ph2, Pg3, Pf6, Pe7, Pd3, Pd2, Pc5]\n"
                       "stipulation: h#4\n"
                       "options:\n"
                       "  - SetPlay\n"
                       "  - Defence 2\n"
                       "twins:\n"
                       "  c: Continued Exchange c4 c5\n"
                       "  b: Move e4 a4\n"
                       "intended-solutions: 2.2.1...\n"
                       "solution: |\n"
                       "  1.Bc3-d4 Re4-e5 2.Bd4-f2 Re5-d5 3.Kd1-e2 Rd5-d4 4.Ke2-e3 Rd4-e4 #\n";
    struct outcome o[MAX_ENTRIES];
    int n = read_all(text, o);
    assert_int_equal(n, 1);
    assert_int_equal(o[0].got, 1);
    const struct problem *pr = &o[0].pr;
    assert_int_equal(pr->index, 1);
    assert_int_equal(pr->line, 2);
    assert_string_equal(pr->author, "Ugren, Ljubomir\nAbdurahmanovic, Fadil");
    assert_string_equal(pr->origin, "feenschach, 01-02/7100, 1965-02");
    assert_string_equal(pr->award, "1st Prize, feenschach");
    assert_int_equal(pr->diagram.count, 17);
    assert_true(has_unit(pr, "h1", WHITE, KING));
    assert_true(has_unit(pr, "c3", BLACK, BISHOP));
    assert_true(has_unit(pr, "c5", BLACK, PAWN));
    assert_string_equal(pr->stipulation.text, "h#4");
    assert_true(pr->options.set_play);
    assert_int_equal(pr->options.defence, 2);
    /* twins in label order, whatever the order written */
    assert_int_equal(pr->twin_count, 2);
    assert_false(pr->twins[0].continued);
    assert_int_equal(pr->twins[0].ops[0].kind, TWIN_MOVE);
    assert_true(pr->twins[1].continued);
    assert_int_equal(pr->twins[1].ops[0].kind, TWIN_EXCHANGE);
    assert_int_equal(pr->twins[1].line, 23);
    assert_int_equal(pr->expect.solutions, 4); /* 2.2.1...: 2 x 2 solutions */
    assert_int_equal(pr->expect.solutions_line, 25);
    assert_non_null(strstr(pr->published, "4.Ke2-e3 Rd4-e4 #"));
    assert_int_equal(pr->published_line, 27);
    free_all(o, n);
}

/* Our conditions among the options with their switches; stones and relays
 * as neutral O and X on the 8x9 board; a zero position as twin a. */
static void conditions_and_zero_position(void **state)
{
    (void)state;
    const char *text = "algebraic:\n"
                       "  white: [Kh7, Pg6]\n"
                       "  black: [Kh9, Bg9, Ph8]\n"
                       "  neutral: [Of8, Xg7]\n"
                       "stipulation: '#1'\n"
                       "options: [StonesAndRelays StrictKing, GroupSteps]\n"
                       "twins: {a: Remove f8, b: Remove g7}\n"
                       "solution: 1.g6-g8 # !\n"
                       "--- \n"
                       "algebraic: {white: [Ka1, Qg6, Se2], black: [Kh8, Pa7]}\n"
                       "stipulation: h#1\n"
                       "options: [KnightRelay]\n"
                       "intended-solutions: 2\n"
                       "solution: 1.a7-a6 Se2-f4 #\n";
    struct outcome o[MAX_ENTRIES];
    int n = read_all(text, o);
    assert_int_equal(n, 2);
    assert_int_equal(o[0].got, 1);
    const struct problem *pr = &o[0].pr;
    assert_ptr_equal(pr->rules, &rules_stones_relays);
    assert_int_equal(pr->switches, 1); /* StrictKing, its only switch */
    assert_true(pr->options.group_steps);
    assert_true(has_unit(pr, "h9", BLACK, KING));
    assert_true(has_unit(pr, "f8", NEUTRAL, STONE));
    assert_true(has_unit(pr, "g7", NEUTRAL, RELAY));
    assert_true(pr->zero_position);
    assert_int_equal(pr->zero.ops[0].kind, TWIN_REMOVE);
    assert_int_equal(pr->twin_count, 1);
    assert_int_equal(o[1].got, 1);
    assert_ptr_equal(o[1].pr.rules, &rules_knight_relay);
    assert_int_equal(o[1].pr.index, 2);
    assert_int_equal(o[1].pr.line, 10);
    assert_int_equal(o[1].pr.expect.solutions, 2);
    free_all(o, n);
}

/* Each malformed entry is reported at its place; the reader goes on. */
static void errors_at_their_places(void **state)
{
    (void)state;
    const char *text = "algebraic: {white: [Ke1, Qa7 }\n"         /* 1: flow list not closed */
                       "stipulation: '#2'\n"
                       "solution: 1.Qa7-f2 !\n"
                       "---\n"                                    /* 4 */
                       "algebraic: {white: [Ke1], black: [Kc1]}\n"
                       "stipulation: '#2'\n"
                       "solution: 1.Qa7-f2 !\n"
                       "title: x\n"                               /* 8: no such field */
                       "---\n"
                       "algebraic: {white: [Ke1, Qa7, Rh1], black: [Kc1]}\n"
                       "stipulation: '#2'\n"
                       "award: {tourney: ditto, distinction: 1st Prize}\n" /* 12: an award needs a source */
                       "solution: 1.Qa7-f2 !\n"
                       "---\n"
                       "algebraic: {white: [Ke1, Qa7, Rh1], black: [Kc1]}\n"
                       "stipulation: 'h#2'\n"
                       "twins: {b: Move a7 a6, d: Move a7 a5}\n" /* 17: c is missing */
                       "solution: 1.Qa7-f2 !\n"
                       "---\n"
                       "algebraic: {white: [Ke1, Qa7, Rh1], black: [Kc1, Pa1]}\n" /* 20: a pawn on its last rank */
                       "stipulation: 'h#2'\n"
                       "solution: 1.Qa7-f2 !\n"
                       "---\n"
                       "algebraic: {white: [Ke1, Qa7, Rh1], black: [Kc1]}\n"
                       "stipulation: '#2'\n"
                       "solution: 1.Qa7-f2 !\n";
    struct outcome o[MAX_ENTRIES];
    int n = read_all(text, o);
    assert_int_equal(n, 6);
    int want[5][2] = {{1, 30}, {8, 1}, {12, 8}, {17, 24}, {20, 51}};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(o[i].got, -1);
        assert_int_equal(o[i].pr.index, i + 1);
        assert_int_equal(o[i].err.line, want[i][0]);
        assert_int_equal(o[i].err.column, want[i][1]);
    }
    assert_non_null(strstr(o[0].err.message, "YAML:"));
    assert_non_null(strstr(o[1].err.message, "'title' is not a field"));
    assert_non_null(strstr(o[2].err.message, "needs the field 'source'"));
    assert_non_null(strstr(o[3].err.message, "'d'"));
    assert_non_null(strstr(o[4].err.message, "last rank"));
    assert_int_equal(o[5].got, 1);
    assert_int_equal(o[5].pr.index, 6);
    free_all(o, n);
}

/* The schema's patterns: persons, distinctions, dates, solution counts. */
static void schema_patterns(void **state)
{
    (void)state;
    static const struct {
        const char *field;
        bool good;
    } cases[] = {
        {"authors: [Smith, John]", true},        /* a list of two names: "Smith" and "John" */
        {"authors: ['Smith, John']", true},
        {"authors: ['Smith, John, Jr']", false}, /* two commas */
        {"authors: ['Smith,John']", false},      /* no blank after the comma */
        {"authors: []", false},
        {"authors: [Kim, Kim]", false},          /* uniqueItems */
        {"source: {name: Die Schwalbe, date: 1980-1981}", true},
        {"source: {name: Die Schwalbe, date: '1980-04'}", true},
        {"source: {name: Die Schwalbe, date: {year: 1980, day: 3}}", false}, /* a day needs a month */
        {"source: {name: Die Schwalbe, date: {year: 1980, month: 13}}", false},
        {"source: {name: Die Schwalbe}", false}, /* date required */
        {"source: {name: S, date: 1980}\naward: {tourney: ditto, distinction: 2nd-3rd HM}", true},
        {"source: {name: S, date: 1980}\naward: {tourney: ditto, distinction: 'Special Commendation, for'}", true},
        {"source: {name: S, date: 1980}\naward: {tourney: {name: T}, distinction: 11th Prize}", true},
        {"source: {name: S, date: 1980}\naward: {tourney: ditto, distinction: 12rd Prize}", false},
        {"source: {name: S, date: 1980}\naward: {tourney: ditto, distinction: Best Problem}", false},
        {"intended-solutions: 1", false},        /* minimum 2: one is the default */
        {"intended-solutions: 3", true},
        {"intended-solutions: 2.2.1.1", true},
        {"intended-solutions: 4.1.1...", true},
        {"intended-solutions: 4..1", false},
        {"keywords: [Zilahi, Model mates]", true},
        {"glyphs: {g: q3}", true},
        {"glyphs: {g: z}", false},
        {"foreignids: [{domain: PDB, problemid: P0503887}]", true},
        {"foreignids: [{domain: PDB}]", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[512];
        snprintf(text, sizeof text,
                 "algebraic: {white: [Ke1, Qa7, Rh1], black: [Kc1]}\nstipulation: '#2'\nsolution: x\n%s\n",
                 cases[i].field);
        struct outcome o[MAX_ENTRIES];
        int n = read_all(text, o);
        assert_int_equal(n, 1);
        if ((o[0].got == 1) != cases[i].good)
            fail_msg("%s: got %d (%s)", cases[i].field, o[0].got, o[0].err.message);
        if (!cases[i].good)
            assert_true(o[0].err.line >= 4); /* the field's line (an award's: 5) */
        free_all(o, n);
    }
}

/* Kinds not solved here, each reported at its place as not solved. */
static void kinds_not_solved(void **state)
{
    (void)state;
    static const struct {
        const char *white, *stipulation, *options, *what;
        int line, column;
    } cases[] = {
        {"[Ke1]", "PG 4.5", NULL, "a proof game", 2, 14},
        {"[Ke1]", "'='", NULL, "a study", 2, 15},
        {"[Ke1]", "'+ black to move'", NULL, "a study", 2, 15},
        {"[Ke1]", "see text", NULL, "in words", 2, 14},
        {"[Ke1]", "ser-~3", NULL, "ser-~3", 2, 14},
        {"[Ke1, Gd4]", "'#2'", NULL, "a fairy piece ('Gd4')", 1, 26},
        {"[Ke1, Na1]", "'#2'", NULL, "a fairy piece ('Na1')", 1, 26}, /* N: the nightrider */
        {"[Ke1, Royal Sd4]", "'#2'", NULL, "a fairy piece ('Royal Sd4')", 1, 26},
        {"[Ke1]", "'#2'", "[AntiCirce]", "'AntiCirce' is a condition or option", 3, 11},
        {"[Ke1]", "'#2'", "[SetPlay, NoWk]", "NoWk", 3, 20},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[512];
        snprintf(text, sizeof text, "algebraic: {white: %s, black: [Kc1]}\nstipulation: %s\n%s%s%ssolution: x\n",
                 cases[i].white, cases[i].stipulation, cases[i].options ? "options: " : "",
                 cases[i].options ? cases[i].options : "", cases[i].options ? "\n" : "");
        struct outcome o[MAX_ENTRIES];
        int n = read_all(text, o);
        assert_int_equal(n, 1);
        if (o[0].got != YACPDB_NOT_SOLVED || !strstr(o[0].err.message, cases[i].what) ||
            strncmp(o[0].err.message, "not solved: ", 12) != 0)
            fail_msg("%s: got %d (%s)", text, o[0].got, o[0].err.message);
        assert_int_equal(o[0].err.line, cases[i].line);
        assert_int_equal(o[0].err.column, cases[i].column);
        free_all(o, n);
    }
}

/* A neutral piece other than a stone or relay is not solved; a stone
 * without Stones & Relays is an error, as in Popeye's language. */
static void neutral_units(void **state)
{
    (void)state;
    struct outcome o[MAX_ENTRIES];
    int n = read_all("algebraic: {white: [Ke1], black: [Kc1], neutral: [Pa2]}\nstipulation: '#2'\nsolution: x\n"
                     "---\n"
                     "algebraic: {white: [Ke1], black: [Kc1], neutral: [Oa2]}\nstipulation: '#2'\nsolution: x\n",
                     o);
    assert_int_equal(n, 2);
    assert_int_equal(o[0].got, YACPDB_NOT_SOLVED);
    assert_non_null(strstr(o[0].err.message, "a neutral piece ('Pa2')"));
    assert_int_equal(o[1].got, -1);
    assert_non_null(strstr(o[1].err.message, "need Condition"));
    assert_int_equal(o[1].err.line, 5);
    free_all(o, n);
}

/* Worked out by hand: keys and lines that differ only in one move's step. */
static void step_groups(void **state)
{
    (void)state;
    const char *keys[] = {"g6g8", "g6g8/g7g6", "h1h2", "g6g8/f8e8", "h1h2/f8e8"};
    int group[5];
    assert_int_equal(step_groups_canonical(keys, 5, group), 2);
    assert_int_equal(group[1], 0);
    assert_int_equal(group[3], 0);
    assert_int_equal(group[4], 2);
    /* two lines apart in two moves' steps are two groups; the third line
     * joins the first group only if its one step differs in the same move */
    const char *lines[] = {"a1a2 b1b2/c1c2 d1d2", "a1a2 b1b2 d1d2/e1e2", "a1a2 b1b2 d1d2", "a1a2/f1f2 b1b2 d1d2"};
    assert_int_equal(step_groups_canonical(lines, 4, group), 3);
    assert_int_equal(group[2], 0); /* differs from the first in move 2 */
    assert_int_equal(group[1], 1); /* differs from the first in moves 2 and 3 */
    assert_int_equal(group[3], 3); /* from the first in moves 1 and 2 */
    const char *texts[] = {"\n   1.Rh1-h8 !", "\n   1.Rh1-h8/Od8-d7 !", "\n   1.Rh1-h8/Xe5-e6 +", "\n   1.Rh1-h8/Od8-d6 !"};
    int word[4];
    assert_int_equal(step_groups_text(texts, 4, group, word), 2);
    assert_int_equal(word[0], 0);
    char *joined = step_groups_join(texts, 4, group, 0, word[0]);
    assert_string_equal(joined, "\n   1.Rh1-h8 (/-, /Od8-d7, /Od8-d6) !");
    free(joined);
    /* a key's play: its continuations grouped, the defences with different plays not */
    char *tree = step_groups_tree("\n   1.Ra1-a8 ! threat:\n          2.Qb1-b8 #\n          2.Qb1-b8/Xc7-c8 #\n"
                                  "      1...Kh8-g8\n          2.Qb1-g6 #\n      1...Kh8-g8/Xc7-c6\n"
                                  "          2.Qb1-b7 #\n");
    assert_string_equal(tree, "\n   1.Ra1-a8 ! threat:\n          2.Qb1-b8 (/-, /Xc7-c8) #\n"
                              "      1...Kh8-g8\n          2.Qb1-g6 #\n      1...Kh8-g8/Xc7-c6\n"
                              "          2.Qb1-b7 #\n");
    free(tree);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fields_of_an_entry),
        cmocka_unit_test(conditions_and_zero_position),
        cmocka_unit_test(errors_at_their_places),
        cmocka_unit_test(schema_patterns),
        cmocka_unit_test(kinds_not_solved),
        cmocka_unit_test(neutral_units),
        cmocka_unit_test(step_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
