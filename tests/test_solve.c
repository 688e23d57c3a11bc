/* Solving on small positions: each expected answer is derived by hand in the
 * comment above it, or is Popeye's printed answer for the same position. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/rules/rules.h"
#include "../src/search/battle.h"
#include "../src/search/help_search.h"
#include "../src/search/battle_search.h"

#include "table_fixture.h"
#include "solution_text.h"

static struct options plain_options(void)
{
    struct options o;
    memset(&o, 0, sizeof o);
    o.threat = -1;
    o.max_flights = -1;
    return o;
}

/* Solves fen (side to move from the FEN) into r; returns the search's node
 * count. */
static uint64_t solve_fen(const char *fen, enum play play, enum goal goal, int moves, bool half,
                          const struct options *o, struct result *r)
{
    static struct position p;
    struct fen_error err;
    position_init(&p, &rules_orthodox, 0);
    assert_true(fen_parse(&p, fen, &err));
    struct stipulation st = {.play = play, .goal = goal, .moves = moves, .half = half};
    struct solver s;
    tt_clear(&table);
    solver_init(&s, &p, &st, o, &table);
    result_init(r);
    if (play == PLAY_HELP)
        help_search(&s, moves * 2 + (half ? 1 : 0), r, fresh_solution_sink());
    else
        battle_search(&s, moves, r, fresh_solution_sink());
    uint64_t nodes = s.nodes;
    solver_free(&s);
    return nodes;
}

static bool same_lines(const struct strlist *a, const struct strlist *b)
{
    if (a->count != b->count)
        return false;
    for (int i = 0; i < a->count; i++)
        if (!strlist_has(b, a->items[i]))
            return false;
    return true;
}

/* Solves fen (mate in `moves`) without and with KeepMatingPiece into the
 * two results: the answers (help lines, short lines, keys) must be the same,
 * and the option must have spared nodes (the plain search: no goal bound). */
static void solve_with_and_without_keep(const char *fen, enum play play, int moves, struct result *with)
{
    struct options o = plain_options();
    struct result without;
    uint64_t n0 = solve_fen(fen, play, GOAL_MATE, moves, false, &o, &without);
    o.keep_mating_piece = true;
    uint64_t n1 = solve_fen(fen, play, GOAL_MATE, moves, false, &o, with);
    assert_true(same_lines(&with->solutions, &without.solutions));
    assert_true(same_lines(&with->short_solutions, &without.short_solutions));
    assert_true(same_lines(&with->keys, &without.keys));
    assert_true(n1 < n0);
    result_free(&without);
}

/* Option KeepMatingPiece, h#2: White Kc3 Rh1, Black Ka1 Bg2 Pa2, Black to
 * move.  Popeye 4.104 prints, with the option and without it, the short
 * 1.Bg2-f1 Rh1*f1 # and 1.Bg2-f1 Rh1-g1 2.Ka1-b1 Rg1*f1 #, 1.Bg2-f1
 * Kc3-b3 2.Ka1-b1 Rh1*f1 #.  A lone king never mates, so the option changes
 * no answer; it only ends the lines where Black takes the rook (1.Bg2*h1,
 * or later), so the plain search must visit fewer nodes with it. */
static void keep_mating_piece_help(void **state)
{
    (void)state;
    struct result r;
    solve_with_and_without_keep("8/8/8/8/8/2K5/p5b1/k6R b - -", PLAY_HELP, 2, &r);
    assert_int_equal(r.solutions.count, 2);
    assert_true(strlist_has(&r.solutions, "g2f1 h1g1 a1b1 g1f1"));
    assert_true(strlist_has(&r.solutions, "g2f1 c3b3 a1b1 h1f1"));
    assert_true(strlist_has(&r.short_solutions, "g2f1 h1f1"));
    result_free(&r);
}

/* Option KeepMatingPiece, #3: White Kb3 Rh2, Black Ka1 Bg1.  Popeye 4.104,
 * with the option and without: the keys 1.Rh2-h1 (threat 2.Rh1*g1 #),
 * 1.Rh2-d2 and 1.Rh2-e2.  Black's Bg1*h2 (and later captures of the rook)
 * leave White's king alone: with the option those defences hold at once,
 * without it White's moves are still tried; the keys are the same. */
static void keep_mating_piece_direct(void **state)
{
    (void)state;
    struct result r;
    solve_with_and_without_keep("8/8/8/8/8/1K6/7R/k5b1 w - -", PLAY_DIRECT, 3, &r);
    assert_int_equal(r.keys.count, 3);
    assert_true(strlist_has(&r.keys, "h2h1"));
    assert_true(strlist_has(&r.keys, "h2d2"));
    assert_true(strlist_has(&r.keys, "h2e2"));
    result_free(&r);
}

/* KeepMatingPiece with Quodlibet, s#2: White Kc6 Rh1, Black Ka8.  Black's
 * king is alone, but with Quodlibet White's own mate solves too, so both
 * sides have a goal and nothing stops (Popeye's rule).  Popeye 4.104: the
 * keys 1.Kc6-b6 and 1.Kc6-c7 (each followed by 2.Rh1-h8 #). */
static void keep_mating_piece_quodlibet(void **state)
{
    (void)state;
    struct options o = plain_options();
    o.quodlibet = o.keep_mating_piece = true;
    struct result r;
    solve_fen("k7/8/2K5/8/8/8/8/7R w - -", PLAY_SELF, GOAL_MATE, 2, false, &o, &r);
    assert_int_equal(r.keys.count, 2);
    assert_true(strlist_has(&r.keys, "c6b6"));
    assert_true(strlist_has(&r.keys, "c6c7"));
    result_free(&r);
}

/* Option NonTrivial m t, #3: White Ke1 Ra4 Rh1, Black Kc3 (Popeye's
 * castling.inp problem 4).  The key 1.Rh1-h3 leaves Black two moves, Kb2 and
 * Kc2 (rank 3 and rank 4 are the rooks', d2 the king's); White mates after
 * neither at once (2.Ke1-d2 and 2.Ra4-b4 come first), so with t = 0 (trivial:
 * met by a mate in 1) both are non-trivial.  With m = 0 at most one may be:
 * the key fails, and no other first move mates in 3 that way (Popeye 4.104:
 * no solution).  With m = 1 two may be (Popeye: the key 1.Rh1-h3 alone). */
static void nontrivial_direct(void **state)
{
    (void)state;
    struct options o = plain_options();
    o.nontrivial = true;
    struct result r;
    solve_fen("8/8/8/8/R7/2k5/8/4K2R w K -", PLAY_DIRECT, GOAL_MATE, 3, false, &o, &r);
    assert_int_equal(r.keys.count, 0);
    result_free(&r);
    o.nontrivial_max = 1;
    solve_fen("8/8/8/8/R7/2k5/8/4K2R w K -", PLAY_DIRECT, GOAL_MATE, 3, false, &o, &r);
    assert_int_equal(r.keys.count, 1);
    assert_true(strlist_has(&r.keys, "h1h3"));
    result_free(&r);
}

/* #1. White Ka6 Se8 Pa7, Black Ka8.  1.Se8-c7 checks a8; a7 is White's pawn,
 * protected by Ka6; b7 and b8 are covered by Ka6 and the pawn.  No other
 * White move checks.  One key: e8c7 (Popeye's battle_play test "#1" agrees). */
static void direct_mate_in_one(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_fen("k3N3/P7/K7/8/8/8/8/8 w - -", PLAY_DIRECT, GOAL_MATE, 1, false, &o, &r);
    assert_int_equal(r.keys.count, 1);
    assert_true(strlist_has(&r.keys, "e8c7"));
    result_free(&r);
}

/* #2 (Popeye's corpus problem 1, G. Schopfer): White Ke1 Qa7 Rh1, Black Kc1.
 * Popeye: the only key is 1.Qa7-f2 threatening 2.0-0#. */
static void direct_mate_in_two(void **state)
{
    (void)state;
    struct options o = plain_options();
    o.variation = true;
    struct result r;
    solve_fen("8/Q7/8/8/8/8/8/2k1K2R w K -", PLAY_DIRECT, GOAL_MATE, 2, false, &o, &r);
    assert_int_equal(r.keys.count, 1);
    assert_true(strlist_has(&r.keys, "a7f2"));
    assert_non_null(strstr(solution.data, "1.Qa7-f2 ! threat:"));
    assert_non_null(strstr(solution.data, "2.0-0 #"));
    result_free(&r);
}

/* =1. White Kc7 Rb1, Black Ka8.  The king's only free square is a7 (b7, b8
 * are next to Kc7).  Rb1-b7 covers a7, is protected by Kc7 and gives no
 * check: stalemate.  No other move covers a7 without checking: Kb6 blocks
 * the b-file so b8 opens; Ra1 checks.  One key: b1b7. */
static void direct_stalemate_in_one(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_fen("k7/2K5/8/8/8/8/8/1R6 w - -", PLAY_DIRECT, GOAL_STALEMATE, 1, false, &o, &r);
    assert_int_equal(r.keys.count, 1);
    assert_true(strlist_has(&r.keys, "b1b7"));
    result_free(&r);
}

/* h#1. White Kc1 Rd1, Black Kh8 Pa7 Pf7 Pg7 Ph7, Black first.  2.Rd1-d8 is
 * White's only check.  It mates after a7-a6, a7-a5, f7-f6, f7-f5 (g8 is on
 * the rook's rank, g7 and h7 are blocked) and after Kh8-g8 (f8 and h8 are
 * both on the rank, f7 g7 h7 are Black's own pawns).  After g7-g6/g5 or
 * h7-h6/h5 the king escapes to the square the pawn left.  Five solutions. */
static void helpmate_in_one(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_fen("7k/p4ppp/8/8/8/8/8/2KR4 b - -", PLAY_HELP, GOAL_MATE, 1, false, &o, &r);
    assert_int_equal(r.solutions.count, 5);
    assert_true(strlist_has(&r.solutions, "h8g8 d1d8"));
    assert_true(strlist_has(&r.solutions, "a7a6 d1d8"));
    assert_true(strlist_has(&r.solutions, "a7a5 d1d8"));
    assert_true(strlist_has(&r.solutions, "f7f6 d1d8"));
    assert_true(strlist_has(&r.solutions, "f7f5 d1d8"));
    assert_non_null(strstr(solution.data, "  1.a7-a6 Rd1-d8 #"));
    result_free(&r);
}

/* h#0.5: the same position with White first: 1.Rd1-d8# is the only mate. */
static void helpmate_half_move(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_fen("7k/p4ppp/8/8/8/8/8/2KR4 w - -", PLAY_HELP, GOAL_MATE, 0, true, &o, &r);
    assert_int_equal(r.solutions.count, 1);
    assert_true(strlist_has(&r.solutions, "d1d8"));
    assert_non_null(strstr(solution.data, "  1...Rd1-d8 #"));
    result_free(&r);
}

/* s#1 (Popeye's battle_play test "s#1"): White Ka1 Rh3, Black Ka3 Pa2 Pb3.
 * 1.Rh3-h4 takes a4 and b4 from the king (b2 touches Ka1), so Black must
 * play b3-b2, which mates: b1 is covered by a2, a2 and b2 are protected by
 * Ka3.  Popeye's only key: h3h4. */
static void selfmate_in_one(void **state)
{
    (void)state;
    struct options o = plain_options();
    o.variation = true;
    struct result r;
    solve_fen("8/8/8/8/8/kp5R/p7/K7 w - -", PLAY_SELF, GOAL_MATE, 1, false, &o, &r);
    assert_int_equal(r.keys.count, 1);
    assert_true(strlist_has(&r.keys, "h3h4"));
    assert_non_null(strstr(solution.data, "1...b3-b2 #"));
    result_free(&r);
}

/* #=2 (Popeye's battle_play test "#=2 with short solution"): White Ka3 Rc3,
 * Black Ka1.  Popeye: keys 1.Rc3-c1 #= and 1.Rc3-b3 #= (mate and stalemate
 * in one), both short. */
static void mate_or_stalemate(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_fen("8/8/8/8/8/K1R5/8/k7 w - -", PLAY_DIRECT, GOAL_MATE_OR_STALEMATE, 2, false, &o, &r);
    assert_true(strlist_has(&r.keys, "c3c1"));
    assert_true(strlist_has(&r.keys, "c3b3"));
    assert_non_null(strstr(solution.data, "1.Rc3-c1 #= !"));
    result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(direct_mate_in_one),  cmocka_unit_test(direct_mate_in_two),
        cmocka_unit_test(direct_stalemate_in_one), cmocka_unit_test(helpmate_in_one),
        cmocka_unit_test(helpmate_half_move),  cmocka_unit_test(selfmate_in_one),
        cmocka_unit_test(mate_or_stalemate), cmocka_unit_test(keep_mating_piece_help),
        cmocka_unit_test(keep_mating_piece_direct), cmocka_unit_test(keep_mating_piece_quodlibet),
        cmocka_unit_test(nontrivial_direct),
    };
    return cmocka_run_group_tests_name("solve", tests, setup, teardown_with_text);
}
