/* Verdicts (report/verdict.h, FORMAT.md 6) on results written by hand, and
 * Expect keys in every written form against the canonical notation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/board/notation.h"
#include "../src/report/expect_key.h"
#include "../src/report/verdict.h"
#include "../src/rules/rules.h"

static struct problem pr;
static struct twin_view view;
static struct result res;

/* A problem with stipulation text (play, moves), no Expect, its own twin 0. */
static void problem_with(enum play play, int moves)
{
    problem_init(&pr);
    pr.stipulation = (struct stipulation){.play = play, .goal = GOAL_MATE, .moves = moves};
    snprintf(pr.stipulation.text, sizeof pr.stipulation.text, "%s#%d",
             play == PLAY_HELP ? "h" : play == PLAY_SELF ? "s" : "", moves);
    pr.has_stipulation = true;
    memset(&view, 0, sizeof view);
    view.stipulation = pr.stipulation;
    view.rules = pr.rules;
    result_free(&res);
    result_init(&res);
}

static void expect_key(const char *written)
{
    snprintf(pr.expect.keys[pr.expect.key_count++], sizeof pr.expect.keys[0], "%s", written);
}

static struct verdict judge(void)
{
    struct verdict v;
    verdict_compute(&pr, &view, &res, &v);
    return v;
}

static int setup(void **state)
{
    (void)state;
    result_init(&res);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    result_free(&res);
    return 0;
}

/* ---------- direct and self play ---------- */

static void sound_single_key(void **state)
{
    (void)state;
    problem_with(PLAY_DIRECT, 2);
    strlist_add(&res.keys, "a7f2");
    struct verdict v = judge();
    assert_true(v.sound);
    assert_string_equal(v.text, "sound");
    assert_int_equal(v.found, 1);
    assert_int_equal(v.intended, 1);
    /* the same with the key expected */
    expect_key("Qa7-f2");
    v = judge();
    assert_true(v.sound);
    assert_string_equal(v.text, "sound");
}

/* FORMAT.md 6: more than one key when none is expected. */
static void cooked_without_expect(void **state)
{
    (void)state;
    problem_with(PLAY_SELF, 3);
    strlist_add(&res.keys, "a3d6");
    strlist_add(&res.keys, "a3f8");
    struct verdict v = judge();
    assert_false(v.sound);
    assert_true(v.cooked);
    assert_false(v.no_solution);
    assert_string_equal(v.text, "cooked");
}

/* A key not expected, next to the expected one. */
static void cooked_extra_key(void **state)
{
    (void)state;
    problem_with(PLAY_DIRECT, 2);
    expect_key("Qa3-d6");
    strlist_add(&res.keys, "a3d6");
    strlist_add(&res.keys, "a3f8");
    struct verdict v = judge();
    assert_true(v.cooked);
    assert_false(v.no_solution);
    assert_string_equal(v.text, "cooked");
    assert_int_equal(v.found, 2);
    assert_int_equal(v.intended, 1);
}

/* Several expected keys (intended twin keys or a problem with two keys). */
static void several_expected_keys(void **state)
{
    (void)state;
    problem_with(PLAY_DIRECT, 2);
    expect_key("Qa3-d6");
    expect_key("a3f8");
    strlist_add(&res.keys, "a3d6");
    strlist_add(&res.keys, "a3f8");
    assert_string_equal(judge().text, "sound");
}

static void no_solution(void **state)
{
    (void)state;
    problem_with(PLAY_DIRECT, 2);
    struct verdict v = judge();
    assert_true(v.no_solution);
    assert_false(v.sound);
    assert_string_equal(v.text, "no-solution");
    /* with Expect: no key at all, then only an unexpected key */
    expect_key("Qa3-d6");
    assert_string_equal(judge().text, "no-solution");
}

/* The expected key is no key and another move is: said in plain words
 * (it was "cooked, no-solution" for a problem with one key); with two
 * such keys it is cooked as well; cut short, only "cooked" is certain. */
static void wrong_key(void **state)
{
    (void)state;
    problem_with(PLAY_DIRECT, 2);
    expect_key("Qf2");
    strlist_add(&res.keys, "h1h8");
    struct verdict v = judge();
    assert_true(v.wrong_key);
    assert_false(v.cooked || v.no_solution || v.sound);
    assert_string_equal(v.text, "expected key Qf2 is not a key; key: h1h8");
    const char *names[] = {"Rh1-h8", "Rg1-g8"};
    verdict_compute_named(&pr, &view, &res, names, &v);
    assert_string_equal(v.text, "expected key Qf2 is not a key; key: Rh1-h8");
    strlist_add(&res.keys, "g1g8");
    verdict_compute_named(&pr, &view, &res, names, &v);
    assert_true(v.wrong_key && v.cooked);
    assert_string_equal(v.text, "expected key Qf2 is not a key; keys: Rh1-h8 Rg1-g8, cooked");
    expect_key("1.Qe3!");
    verdict_compute_named(&pr, &view, &res, names, &v);
    assert_string_equal(v.text, "expected keys Qf2 1.Qe3! are not keys; keys: Rh1-h8 Rg1-g8, cooked");
    res.partial = true;
    v = judge();
    assert_false(v.wrong_key);
    assert_string_equal(v.text, "cooked, partial");
}

static void short_solution(void **state)
{
    (void)state;
    problem_with(PLAY_DIRECT, 3);
    strlist_add(&res.keys, "c3c1");
    strlist_add(&res.short_keys, "c3c1");
    struct verdict v = judge();
    assert_true(v.short_sol);
    assert_false(v.sound);
    assert_string_equal(v.text, "short");
    strlist_add(&res.keys, "c3b3");
    assert_string_equal(judge().text, "cooked, short");
}

/* The position cannot arise: a verdict of its own, no fault claimed (it was
 * not solved), never sound, with or without Expect. */
static void illegal_position(void **state)
{
    (void)state;
    problem_with(PLAY_DIRECT, 2);
    res.illegal = true;
    struct verdict v = judge();
    assert_string_equal(v.text, "illegal");
    assert_true(v.illegal);
    assert_false(v.sound);
    assert_false(v.no_solution);
    problem_with(PLAY_HELP, 2);
    pr.expect.solutions = 0;
    res.illegal = true;
    assert_string_equal(judge().text, "illegal");
}

/* ---------- help play ---------- */

static void help_solutions_count(void **state)
{
    (void)state;
    problem_with(PLAY_HELP, 2);
    pr.expect.solutions = 2;
    strlist_add(&res.solutions, "a1a2 b1b2 c1c2 d1d2");
    strlist_add(&res.solutions, "a1a3 b1b3 c1c3 d1d3");
    assert_string_equal(judge().text, "sound");
    strlist_add(&res.solutions, "a1a4 b1b4 c1c4 d1d4");
    struct verdict v = judge();
    assert_true(v.count_wrong);
    assert_int_equal(v.found, 3);
    assert_int_equal(v.intended, 2);
    assert_string_equal(v.text, "solutions 3/2");
}

/* Without Expect the number found cannot be checked: no fault, but the
 * verdict says it assumed that number; none is no-solution. */
static void help_without_expect(void **state)
{
    (void)state;
    problem_with(PLAY_HELP, 2);
    struct verdict v = judge();
    assert_string_equal(v.text, "no-solution");
    assert_int_equal(v.intended, -1);
    strlist_add(&res.solutions, "a1a2 b1b2 c1c2 d1d2");
    strlist_add(&res.solutions, "a1a3 b1b3 c1c3 d1d3");
    strlist_add(&res.solutions, "a1a4 b1b4 c1c4 d1d4");
    v = judge();
    assert_true(v.sound);
    assert_true(v.assumed);
    assert_int_equal(v.found, 3);
    assert_string_equal(v.text, "sound if 3 solutions intended");
    res.duals = 1;
    assert_string_equal(judge().text, "sound if 3 solutions intended, duals");
    res.duals = 0;
    strlist_add(&res.short_solutions, "a1a5 b1b5");
    v = judge();
    assert_string_equal(v.text, "short");
    assert_false(v.assumed);
}

/* Expect solutions with none found: both faults are named. */
static void help_none_found(void **state)
{
    (void)state;
    problem_with(PLAY_HELP, 3);
    pr.expect.solutions = 1;
    assert_string_equal(judge().text, "no-solution, solutions 0/1");
}

/* ---------- partial results, duals, twins ---------- */

static void partial(void **state)
{
    (void)state;
    problem_with(PLAY_DIRECT, 4);
    res.partial = true;
    struct verdict v = judge();
    assert_false(v.sound);
    assert_false(v.no_solution); /* unknown: the key may be beyond the cut */
    assert_string_equal(v.text, "partial");
    strlist_add(&res.keys, "a3d6");
    strlist_add(&res.keys, "a3f8");
    assert_string_equal(judge().text, "cooked, partial");
    /* help play: more than intended is certain, fewer is not */
    problem_with(PLAY_HELP, 2);
    pr.expect.solutions = 2;
    res.partial = true;
    strlist_add(&res.solutions, "a1a2 b1b2 c1c2 d1d2");
    assert_string_equal(judge().text, "partial");
    strlist_add(&res.solutions, "a1a3 b1b3 c1c3 d1d3");
    strlist_add(&res.solutions, "a1a4 b1b4 c1c4 d1d4");
    assert_string_equal(judge().text, "solutions 3/2, partial");
}

static void duals_are_reported(void **state)
{
    (void)state;
    problem_with(PLAY_DIRECT, 2);
    strlist_add(&res.keys, "f7f6");
    res.duals = 1;
    strlist_add(&res.dual_lines, "f7f6 h7h6: b5e8 b5e2");
    struct verdict v = judge();
    assert_true(v.sound);
    assert_true(v.duals);
    assert_string_equal(v.text, "sound, duals");
    strlist_add(&res.keys, "d4h4");
    assert_string_equal(judge().text, "cooked, duals");
}

/* A twin with the problem's stipulation is judged by Expect; a twin that
 * changes the stipulation by the default rules. */
static void twins_and_expect(void **state)
{
    (void)state;
    problem_with(PLAY_DIRECT, 2);
    expect_key("Qa3-d6");
    expect_key("Rh1-h8");
    view.label = 'b';
    strlist_add(&res.keys, "h1h8");
    assert_string_equal(judge().text, "sound");
    view.stipulation.moves = 3;
    strlist_free(&res.keys);
    strlist_add(&res.keys, "c2c4");
    assert_string_equal(judge().text, "sound");
    strlist_add(&res.keys, "c2c3");
    assert_string_equal(judge().text, "cooked");
    /* help twin of a direct problem: Expect key does not apply */
    view.stipulation.play = PLAY_HELP;
    strlist_add(&res.solutions, "a1a2 b1b2");
    assert_string_equal(judge().text, "sound if 1 solution intended");
}

/* ---------- Expect key forms ---------- */

static void expect_key_is(const char *written, const char *canonical)
{
    char out[64];
    if (!expect_key_canonical(written, out, sizeof out))
        fail_msg("'%s' not understood", written);
    if (strcmp(out, canonical) != 0)
        fail_msg("'%s' gave '%s', not '%s'", written, out, canonical);
}

static void expect_key_forms(void **state)
{
    (void)state;
    expect_key_is("Qa3-d6", "a3d6");
    expect_key_is("a3d6", "a3d6");
    expect_key_is("Sb1*c3", "b1c3");
    expect_key_is("Sb1xc3", "b1c3");
    expect_key_is("Nb1-c3", "b1c3");
    expect_key_is("0-0", "e1h1");
    expect_key_is("O-O-O", "e1a1");
    expect_key_is("e1h1", "e1h1");
    expect_key_is("e7-e8=Q", "e7e8Q");
    expect_key_is("e7*d8=S+", "e7d8S");
    expect_key_is("e7e8Q", "e7e8Q");
    expect_key_is("e7e8q", "e7e8Q");
    expect_key_is("e7-e8=D", "e7e8Q"); /* German Dame */
    expect_key_is("e5*d6 ep.", "e5d6");
    expect_key_is("e5*d6ep.", "e5d6");
    expect_key_is("1.Qa7-f2!", "a7f2");
    expect_key_is("Qa7-f2#", "a7f2");
    expect_key_is("Ra1-a5/Ba5E", "a1a5/a5E");
    expect_key_is("Ra1/Ba5E", "a1/a5E");
    expect_key_is("Ra1-E/Ba5E", "a1E/a5E");
    expect_key_is("Sb1/Bc3d5", "b1/c3d5");
    expect_key_is("a1a5/a5E", "a1a5/a5E");
    expect_key_is("Qd2-f6/Xe4-e5", "d2f6/e4e5");
    expect_key_is("d2f6/e4e5", "d2f6/e4e5");
    expect_key_is("0-0/Xd5-d6", "e1h1/d5d6");
    expect_key_is("Pd7-d9", "d7d9"); /* 9 ranks */
    char out[64];
    assert_false(expect_key_canonical("Qx", out, sizeof out));
    assert_false(expect_key_canonical("", out, sizeof out));
    assert_false(expect_key_canonical("Qa3-d6", out, 4)); /* no room */
}

/* Each Popeye form of FORMAT.md 6 matches the canonical key in a verdict. */
static void expect_key_matches_in_verdict(void **state)
{
    (void)state;
    static const char *const pairs[][2] = {
        {"Qa3-d6", "a3d6"},       {"Sb1*c3", "b1c3"},         {"0-0", "e1h1"},
        {"e7-e8=Q", "e7e8Q"},     {"Ra1-a5/Ba5E", "a1a5/a5E"}, {"Qd2-f6/Xe4-e5", "d2f6/e4e5"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        problem_with(PLAY_DIRECT, 2);
        expect_key(pairs[i][0]);
        strlist_add(&res.keys, pairs[i][1]);
        struct verdict v = judge();
        if (!v.sound)
            fail_msg("Expect key %s against %s: %s", pairs[i][0], pairs[i][1], v.text);
    }
}

/* Every legal turn of White, written by turn_text, converts to what
 * turn_canonical writes: the notation of every rule set is understood. */
static void check_all_turns(struct position *p)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    p->rules->generate(p, l);
    if (l->count == 0)
        fail_msg("%s: no turns", p->rules->name);
    for (int i = 0; i < l->count; i++) {
        char text[NOTATION_MAX], canonical[NOTATION_MAX], out[64];
        turn_text(p, &l->turns[i], text);
        turn_canonical(p, &l->turns[i], canonical);
        if (!expect_key_canonical(text, out, sizeof out) || strcmp(out, canonical) != 0)
            fail_msg("%s: %s is %s, read as %s", p->rules->name, text, canonical, out);
    }
    free(l);
}

static void from_fen(const struct rules *rules, const char *fen)
{
    static struct position p;
    struct fen_error err;
    position_init(&p, rules, 0);
    if (!fen_parse(&p, fen, &err))
        fail_msg("bad FEN %s: %s", fen, err.message);
    check_all_turns(&p);
}

/* Units like "wKe1 nXh2" (colour w/b/n, letter, square), White to move. */
static void from_units(const struct rules *rules, const char *units)
{
    static struct position p;
    position_init(&p, rules, 0);
    for (const char *c = units; *c;) {
        while (*c == ' ')
            c++;
        if (!*c)
            break;
        enum colour col = c[0] == 'w' ? WHITE : c[0] == 'b' ? BLACK : NEUTRAL;
        position_put(&p, square_parse(p.geo, (char[]){c[2], c[3], 0}), unit_make(col, kind_from_letter(c[1])));
        c += 4;
    }
    p.st.side = WHITE;
    position_default_castling(&p);
    position_rehash(&p);
    check_all_turns(&p);
}

static void expect_key_reads_every_notation(void **state)
{
    (void)state;
    /* castling both ways, promotions with and without capture, e.p. */
    from_fen(&rules_orthodox, "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    from_fen(&rules_knight_relay, "r3k2r/1P6/8/3pP3/8/2N5/8/R3K2R w KQkq - 0 1");
    from_fen(&rules_emulation, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    from_fen(&rules_emulation, "2r1k3/RP6/8/8/8/8/8/4K3 w - - 0 1"); /* b7 promotes as a rook */
    /* Dynamo: pushes, pulls, units leaving the board, stationary turns */
    from_fen(&rules_dynamo, "8/8/8/b7/8/8/8/R7 w - - 0 1");
    from_fen(&rules_dynamo, "8/8/8/8/8/2b5/8/1N6 w - - 0 1");
    from_fen(&rules_dynamo, "8/8/8/8/8/8/nB6/Q7 w - - 0 1");
    from_fen(&rules_dynamo, "8/2P5/N7/8/8/8/8/4K2R w K - 0 1"); /* Sa6/Pc7e8=Q, 0-0 */
    /* Stones & Relays: steps, castling with a step (tests/test_stones_relays.c) */
    from_units(&rules_stones_relays, "wKe1 wRh1 bBf4 nXh2");
    from_units(&rules_stones_relays, "wSd2 nXe4 nOc5 wPe7 nXf8");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sound_single_key),
        cmocka_unit_test(cooked_without_expect),
        cmocka_unit_test(cooked_extra_key),
        cmocka_unit_test(several_expected_keys),
        cmocka_unit_test(no_solution),
        cmocka_unit_test(wrong_key),
        cmocka_unit_test(short_solution),
        cmocka_unit_test(illegal_position),
        cmocka_unit_test(help_solutions_count),
        cmocka_unit_test(help_without_expect),
        cmocka_unit_test(help_none_found),
        cmocka_unit_test(partial),
        cmocka_unit_test(duals_are_reported),
        cmocka_unit_test(twins_and_expect),
        cmocka_unit_test(expect_key_forms),
        cmocka_unit_test(expect_key_matches_in_verdict),
        cmocka_unit_test(expect_key_reads_every_notation),
    };
    return cmocka_run_group_tests_name("verdict", tests, setup, teardown);
}
