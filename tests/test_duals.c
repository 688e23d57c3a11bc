/* Dual counting (search/duals.h) on small positions whose trees are worked out
 * by hand in the comment above each test; help play also on made-up lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/rules/rules.h"
#include "../src/search/duals.h"
#include "../src/search/solve.h"

#include "table_fixture.h"

static struct position *position_from(const char *fen)
{
    static struct position p;
    struct fen_error err;
    position_init(&p, &rules_orthodox, 0);
    assert_true(fen_parse(&p, fen, &err));
    return &p;
}

/* Counts the duals of the tree after the given key only: the analysis in the
 * comments need not prove that no other first move works. */
static void duals_after_key(const char *fen, enum play play, int moves, const char *key, struct result *r)
{
    struct position *p = position_from(fen);
    struct options o;
    memset(&o, 0, sizeof o);
    o.threat = -1;
    o.max_flights = -1;
    struct stipulation st = {.play = play, .goal = GOAL_MATE, .moves = moves};
    struct solver s;
    tt_clear(&table);
    solver_init(&s, p, &st, &o, &table);
    result_init(r);
    strlist_add(&r->keys, key);
    duals_count(&s, moves, r);
    assert_int_equal(s.ply, 0); /* the walk leaves the position as it found it */
    solver_free(&s);
}

/* The whole path through solve_twin, as --check and --json run it. */
static void solve_with_duals(const char *fen, enum play play, int moves, bool want, struct result *r)
{
    static struct problem pr;
    problem_init(&pr);
    pr.stipulation = (struct stipulation){.play = play, .goal = GOAL_MATE, .moves = moves};
    pr.has_stipulation = true;
    struct twin_view v;
    memset(&v, 0, sizeof v);
    v.stipulation = pr.stipulation;
    v.rules = &rules_orthodox;
    struct solve_limits limits = {.want_duals = want};
    tt_clear(&table);
    result_init(r);
    solve_twin(&pr, &v, position_from(fen), &table, &limits, r, NULL);
}

/* #2, White Kf7 Bb5 Rd4, Black Kh5 Ph7 Pf6; key 1.Kf7*f6.
 * After the key the Black king has g4 and h4 (Rd4), g5 and g6 (Kf6) taken,
 * h6 free; the f-pawn is gone and h7-h5 is blocked by the king.  So Black
 * has two moves: Kh5-h6 and h7-h6.
 * No threat (zugzwang): White's checks on h5 are Rh4+ (Kxh4, unprotected),
 * Rd5+ (g4 opens), Be8+ and Be2+ (Kh6).
 * 1...Kh6: the bishop runs on light squares and h6 is dark; Rd6 is blocked by
 * Kf6; only 2.Rh4# (g5 g6 g7 by Kf6, h5 on the rook's line, h7 own pawn).
 * 1...h6: h6 is now blocked; the bishop checks from e8 (over f7, g6) and e2
 * (over f3, g4): both mate (g4 h4 by the rook, g5 g6 by the king).  Rh4+ Kxh4
 * and Rd5+ Kg4 are no mates.  One dual: 1...h6 2.Be8# / 2.Be2#. */
static void zugzwang_mating_dual(void **state)
{
    (void)state;
    struct result r;
    duals_after_key("8/5K1p/5p2/1B5k/3R4/8/8/8 w - -", PLAY_DIRECT, 2, "f7f6", &r);
    assert_int_equal(r.duals, 1);
    assert_int_equal(r.dual_lines.count, 1);
    const char *line = r.dual_lines.items[0];
    assert_true(strncmp(line, "f7f6 h7h6: ", 11) == 0);
    assert_non_null(strstr(line + 11, "b5e8"));
    assert_non_null(strstr(line + 11, "b5e2"));
    assert_int_equal(strlen(line), strlen("f7f6 h7h6: b5e8 b5e2"));
    result_free(&r);
}

/* The same position through solve_twin: 1.Kf7*f6 is found and its dual is
 * listed when asked for, and nothing is counted when not. */
static void duals_only_when_wanted(void **state)
{
    (void)state;
    struct result r;
    solve_with_duals("8/5K1p/5p2/1B5k/3R4/8/8/8 w - -", PLAY_DIRECT, 2, true, &r);
    assert_true(strlist_has(&r.keys, "f7f6"));
    assert_true(r.duals >= 1);
    assert_true(strlist_has(&r.dual_lines, "f7f6 h7h6: b5e8 b5e2") || strlist_has(&r.dual_lines, "f7f6 h7h6: b5e2 b5e8"));
    result_free(&r);
    solve_with_duals("8/5K1p/5p2/1B5k/3R4/8/8/8 w - -", PLAY_DIRECT, 2, false, &r);
    assert_true(strlist_has(&r.keys, "f7f6"));
    assert_int_equal(r.duals, 0);
    assert_int_equal(r.dual_lines.count, 0);
    result_free(&r);
}

/* #2, White Ka5 Qf5, Black Ka8 Pb7; key 1.Ka5-b6.
 * Threat: 2.Qf8# and 2.Qc8# (a7 by Kb6, b8 by the queen's rank, b7 own pawn):
 * a double threat, which is not a dual.  Black's moves: the pawn is blocked
 * by Kb6; a7 is Kb6's; b8 is free.  1...Kb8 defeats the threat (2.Qc8+ Kxc8)
 * and only 2.Qf8# mates (a8 behind the king on the rank, a7 c7 by Kb6);
 * queen checks on the diagonal h2-b8 (Qf4+, Qe5+, Qd6+) leave a8.  No duals. */
static void double_threat_is_no_dual(void **state)
{
    (void)state;
    struct result r;
    duals_after_key("k7/1p6/8/K4Q2/8/8/8/8 w - -", PLAY_DIRECT, 2, "a5b6", &r);
    assert_int_equal(r.duals, 0);
    assert_int_equal(r.dual_lines.count, 0);
    result_free(&r);
}

/* #2, White Ka3 Rb2 Bc4, Black Ka1 Pe5 Pf2; key 1.Bc4-d3.
 * Threat: 2.Rb1# (b1 protected by Bd3; a2 b2 by Ka3) and 2.Ra2# (a2
 * protected by Ka3; b1 by Bd3, b2 by Ka3).  Black: the king has no move (a2
 * and b2 are Ka3's, b1 is Bd3's), so e5-e4 and f2-f1 = Q R B S.
 * f1=Q and f1=R defeat the threat (2.Rb1+ Q/Rxb1) and leave only 2.Ra2#.
 * e4, f1=B and f1=S leave both threats mating: two mates each, but these moves
 * defend against nothing, so they are no duals.  No duals. */
static void non_defences_are_no_duals(void **state)
{
    (void)state;
    struct result r;
    duals_after_key("8/8/8/4p3/2B5/K7/1R3p2/k7 w - -", PLAY_DIRECT, 2, "c4d3", &r);
    assert_int_equal(r.duals, 0);
    result_free(&r);
}

/* #1: no defences, so no duals (several keys would be a cook).  White Ka6
 * Se8 Pa7, Black Ka8: the only key 1.Se8-c7# (tests/test_solve.c). */
static void mate_in_one_has_no_duals(void **state)
{
    (void)state;
    struct result r;
    solve_with_duals("k3N3/P7/K7/8/8/8/8/8 w - -", PLAY_DIRECT, 1, true, &r);
    assert_true(strlist_has(&r.keys, "e8c7"));
    assert_int_equal(r.duals, 0);
    result_free(&r);
}

/* h#1, White Kc1 Rd1, Black Kh8 Pa7 Pf7 Pg7 Ph7 (tests/test_solve.c): five
 * solutions, a7-a6, a7-a5, f7-f6, f7-f5 or Kh8-g8, each followed by 2.Rd1-d8#.
 * They are one line with five choices for Black's half-move: one dual. */
static void help_choice_of_one_half_move(void **state)
{
    (void)state;
    struct result r;
    solve_with_duals("7k/p4ppp/8/8/8/8/8/2KR4 b - -", PLAY_HELP, 1, true, &r);
    assert_int_equal(r.solutions.count, 5);
    assert_int_equal(r.duals, 1);
    const char *line = r.dual_lines.items[0];
    assert_true(strncmp(line, "* d1d8: ", 8) == 0);
    const char *alternatives[] = {"a7a6", "a7a5", "f7f6", "f7f5", "h8g8"};
    for (int i = 0; i < 5; i++)
        assert_non_null(strstr(line + 8, alternatives[i]));
    result_free(&r);
}

/* Help play duals come from the solution list alone: made-up lines.
 * "a1a2 b1b2 c1c2 d1d2" and "a1a2 b1b2 c1c2 e1e2" differ only in the last
 * half-move; "a1a2 b1b2 c1c2 d1d2" and "a1a2 f1f2 c1c2 d1d2" only in the
 * second; "g1g2 h1h2 a3a4 b3b4" shares nothing.  Two duals. */
static void help_lines_differing_once(void **state)
{
    (void)state;
    struct solver s;
    memset(&s, 0, sizeof s);
    s.play = PLAY_HELP;
    struct result r;
    result_init(&r);
    strlist_add(&r.solutions, "a1a2 b1b2 c1c2 d1d2");
    strlist_add(&r.solutions, "a1a2 b1b2 c1c2 e1e2");
    strlist_add(&r.solutions, "a1a2 f1f2 c1c2 d1d2");
    strlist_add(&r.solutions, "g1g2 h1h2 a3a4 b3b4");
    duals_count(&s, 2, &r);
    assert_int_equal(r.duals, 2);
    assert_true(strlist_has(&r.dual_lines, "a1a2 * c1c2 d1d2: b1b2 f1f2"));
    assert_true(strlist_has(&r.dual_lines, "a1a2 b1b2 c1c2 *: d1d2 e1e2"));
    assert_false(r.partial);
    result_free(&r);
}

/* Two solutions that differ in two half-moves are two solutions, no dual. */
static void help_lines_differing_twice(void **state)
{
    (void)state;
    struct solver s;
    memset(&s, 0, sizeof s);
    s.play = PLAY_HELP;
    struct result r;
    result_init(&r);
    strlist_add(&r.solutions, "a1a2 b1b2 c1c2 d1d2");
    strlist_add(&r.solutions, "a1a2 b1b3 c1c2 d1d3");
    duals_count(&s, 2, &r);
    assert_int_equal(r.duals, 0);
    assert_int_equal(r.dual_lines.count, 0);
    result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zugzwang_mating_dual),       cmocka_unit_test(duals_only_when_wanted),
        cmocka_unit_test(double_threat_is_no_dual),   cmocka_unit_test(non_defences_are_no_duals),
        cmocka_unit_test(mate_in_one_has_no_duals),   cmocka_unit_test(help_choice_of_one_half_move),
        cmocka_unit_test(help_lines_differing_once),  cmocka_unit_test(help_lines_differing_twice),
    };
    return cmocka_run_group_tests_name("duals", tests, setup, teardown);
}
