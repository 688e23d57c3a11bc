/* The rules registry as the one source of rule-set names and switches:
 * FORMAT.md 3's table, the limits, and describe -> parse round trips. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/problem/reader.h"
#include "../src/problem/setup.h"
#include "../src/rules/rules.h"

/* FORMAT.md 3, row by row (orthodox chess first: "no condition"); the board
 * heights from the same table ("the board has 9 ranks") and neutral units
 * from FORMAT.md 1 (stones O and relays X, RULES.md 4). */
static const struct {
    const char *name;
    const char *switches[4];
    int ranks;
    bool neutral_units;
} format_table[] = {
    {"Orthodox", {NULL}, 8, false},
    {"KnightRelay", {"PawnFirstRank", NULL}, 8, false},
    {"Dynamo", {"OwnerPromotes", "NoDynamoEscape", "EnPassant", NULL}, 8, false},
    {"StonesAndRelays", {"StrictKing", NULL}, 9, true},
    {"Emulation", {NULL}, 8, false},
};
#define FORMAT_ROWS ((int)(sizeof format_table / sizeof format_table[0]))

static int switch_count(const struct rules *r)
{
    int n = 0;
    while (r->switch_names && r->switch_names[n])
        n++;
    return n;
}

static void registry_is_format_table(void **state)
{
    (void)state;
    int i = 0;
    for (; rules_all[i]; i++) {
        const struct rules *r = rules_all[i];
        if (i >= FORMAT_ROWS)
            fail_msg("rule set %s is not in FORMAT.md 3", r->name);
        assert_string_equal(r->name, format_table[i].name);
        int n = switch_count(r);
        for (int k = 0; k < n; k++)
            assert_string_equal(r->switch_names[k], format_table[i].switches[k]);
        assert_null(format_table[i].switches[n]);
        assert_int_equal(r->files, 8);
        assert_int_equal(r->ranks, format_table[i].ranks);
        assert_int_equal(r->neutral_units, format_table[i].neutral_units);
        assert_int_equal(rules_is_condition(r, NULL), i > 0);
    }
    assert_int_equal(i, FORMAT_ROWS);
}

/* The limits the code relies on (asserted in rules.c and position.c). */
static void registry_within_limits(void **state)
{
    (void)state;
    for (int i = 0; rules_all[i]; i++) {
        const struct rules *r = rules_all[i];
        assert_true(r->files >= 1 && r->files <= MAX_FILES);
        assert_true(r->ranks >= 1 && r->ranks <= MAX_RANKS);
        int n = switch_count(r);
        assert_true(n <= RULES_SWITCHES_MAX);
        size_t len = strlen(r->name);
        for (int k = 0; k < n; k++)
            len += 1 + strlen(r->switch_names[k]);
        assert_true(len < RULES_DESCRIPTION_MAX);
    }
}

/* Every rule set with every set of its switches: the text reads back as the
 * same rule set and switches, and is the name and the words that are on. */
static void describe_round_trip(void **state)
{
    (void)state;
    int cases = 0;
    for (int i = 0; rules_all[i]; i++) {
        const struct rules *r = rules_all[i];
        int n = switch_count(r);
        for (unsigned sw = 0; sw < 1u << n; sw++) {
            char text[RULES_DESCRIPTION_MAX], want[RULES_DESCRIPTION_MAX * 2];
            rules_describe_text(r, sw, text);
            int used = snprintf(want, sizeof want, "%s", format_table[i].name);
            for (int k = 0; k < n; k++)
                if (sw >> k & 1u)
                    used += snprintf(want + used, sizeof want - (size_t)used, " %s", format_table[i].switches[k]);
            assert_string_equal(text, want);
            struct rules_description d = rules_describe(r, sw);
            assert_string_equal(d.name, format_table[i].name);
            int on = 0;
            for (int k = 0; k < n; k++)
                if (sw >> k & 1u)
                    assert_string_equal(d.switches[on++], format_table[i].switches[k]);
            assert_int_equal(d.switch_count, on);
            const struct rules *back = NULL;
            unsigned back_sw = ~0u;
            struct parse_error err;
            if (!parse_condition_text(text, &back, &back_sw, &err))
                fail_msg("'%s' does not read back: %d:%d %s", text, err.line, err.column, err.message);
            assert_ptr_equal(back, r);
            assert_int_equal(back_sw, sw);
            cases++;
        }
    }
    assert_int_equal(cases, 1 + 2 + 8 + 2 + 1); /* 2^switches per row of FORMAT.md 3 */
}

/* The same through a problem: a twin's condition is described as Popeye's
 * twin line shows it, and the diagram's switches are the bits read. */
static void twin_condition_text(void **state)
{
    (void)state;
    const char *text = "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\n"
                       "Condition Dynamo EnPassant owner\nTwin Condition Emulation\n"
                       "Twin Condition Dynamo NoDyn\nEndProblem\n";
    struct reader *rd = reader_new("t", text, strlen(text));
    struct problem pr;
    struct parse_error err;
    if (reader_next(rd, &pr, &err) != 1)
        fail_msg("%d:%d %s", err.line, err.column, err.message);
    assert_ptr_equal(pr.rules, &rules_dynamo);
    char d[RULES_DESCRIPTION_MAX];
    rules_describe_text(pr.rules, pr.switches, d);
    assert_string_equal(d, "Dynamo OwnerPromotes EnPassant"); /* the rule set's order, not the input's */
    struct twin_view v;
    assert_true(problem_twin(&pr, 1, &v, &err));
    assert_string_equal(v.change, "Emulation");
    assert_true(problem_twin(&pr, 2, &v, &err));
    assert_string_equal(v.change, "Dynamo NoDynamoEscape");
    problem_free(&pr);
    reader_free(rd);
}

/* Popeye's abbreviation rule over the registry. */
static void lookup_by_prefix(void **state)
{
    (void)state;
    bool ambiguous = true;
    assert_ptr_equal(rules_lookup("stones", 6, &ambiguous), &rules_stones_relays);
    assert_false(ambiguous);
    assert_ptr_equal(rules_lookup("EMULATION", 9, &ambiguous), &rules_emulation);
    assert_null(rules_lookup("Emulations", 10, &ambiguous)); /* longer than the name */
    assert_false(ambiguous);
    assert_null(rules_lookup("", 0, &ambiguous));
    assert_ptr_equal(rules_find("Orthodox"), &rules_orthodox);
    assert_null(rules_find("Circe"));
    assert_int_equal(rules_switch_lookup(&rules_dynamo, "n", 1), 1);
    assert_int_equal(rules_switch_lookup(&rules_dynamo, "EnPassant", 9), 2);
    assert_int_equal(rules_switch_lookup(&rules_dynamo, "StrictKing", 10), RULES_NONE);
    assert_int_equal(rules_switch_lookup(&rules_emulation, "a", 1), RULES_NONE);
    assert_int_equal(rules_switch_index(&rules_dynamo, "noDynamoescape"), 1);
    assert_int_equal(rules_switch_index(&rules_dynamo, "NoDyn"), RULES_NONE); /* exact only */
}

static bool tall(const struct rules *r, const void *ctx)
{
    (void)ctx;
    return r->ranks > 8;
}

static void name_lists(void **state)
{
    (void)state;
    char out[160];
    rules_list_names(rules_is_condition, NULL, out, sizeof out);
    assert_string_equal(out, "KnightRelay, Dynamo, StonesAndRelays or Emulation");
    rules_list_names(tall, NULL, out, sizeof out);
    assert_string_equal(out, "StonesAndRelays");
    rules_list_names(rules_is_condition, NULL, out, 8); /* truncated, still a string */
    assert_string_equal(out, "KnightR");
}

/* The bounds of rules.h max_turns, tried: dense positions of many queens
 * and pawns (the units with the most turns: lines, pushes and pulls,
 * promotions), 48 to 64 units, each rule set with every switch; no position
 * lists more turns than its rule set's bound, and a list of that size holds
 * them whole. */
static void turn_bounds_hold(void **state)
{
    (void)state;
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    unsigned x = 2024;
    for (int r = 0; rules_all[r]; r++) {
        const struct rules *rs = rules_all[r];
        int most = 0;
        for (int trial = 0; trial < 400; trial++) {
            struct position p;
            position_init(&p, rs, (1u << switch_count(rs)) - 1);
            const struct geometry *g = p.geo;
            int units = 48 + trial % 17;
            position_put(&p, geo_square(g, 0, 0), unit_make(WHITE, KING));
            for (int i = 1; i < units; i++) {
                x = x * 1103515245u + 12345u;
                int sq = geo_square(g, (int)(x >> 8) % g->files, (int)(x >> 16) % g->ranks);
                if (p.board[sq] != UNIT_EMPTY)
                    continue;
                x = x * 1103515245u + 12345u;
                enum colour c = (x >> 9) % 3 == 0 ? BLACK : WHITE;
                enum kind k = (x >> 12) % 4 == 0 ? PAWN : QUEEN;
                if (rs->neutral_units && (x >> 14) % 3 == 0) {
                    c = NEUTRAL;
                    k = RELAY;
                }
                if (k == PAWN && (g->rank_of[sq] == pawn_last_rank(g, c) || g->rank_of[sq] == pawn_last_rank(g, !c)))
                    k = QUEEN;
                position_put(&p, sq, unit_make(c, k));
            }
            p.st.side = WHITE;
            position_rehash(&p);
            l->overflow = false;
            rs->generate(&p, l);
            assert_false(l->overflow);
            assert_true(l->count <= rules_max_turns(rs));
            most = l->count > most ? l->count : most;
        }
        print_message("%s: at most %d turns found, bound %d\n", rs->name, most, rules_max_turns(rs));
    }
    free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registry_is_format_table),
        cmocka_unit_test(registry_within_limits),
        cmocka_unit_test(describe_round_trip),
        cmocka_unit_test(turn_bounds_hold),
        cmocka_unit_test(twin_condition_text),
        cmocka_unit_test(lookup_by_prefix),
        cmocka_unit_test(name_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
