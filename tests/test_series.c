/* Series play on small positions: each expected answer is derived by hand in
 * the comment above it, or is Popeye's printed answer in the corpus
 * (corpus/popeye/derived/series_reflex_en.out, problem number given). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/bound/goal_bound.h"
#include "../src/rules/rules.h"
#include "../src/search/series.h"

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

/* Solves the series stipulation on fen (the series mover moves first in
 * the FEN) and returns the nodes; the Popeye text is in `solution`.  With
 * `bound`, the goal-directed bound as solve.c sets it up for a series:
 * neither side makes more than `moves` turns. */
static uint64_t solve_series_with(const char *fen, enum play play, enum goal goal, int moves, const struct options *o,
                                  struct result *r, bool bound)
{
    static struct position p;
    struct fen_error err;
    position_init(&p, &rules_orthodox, 0);
    assert_true(fen_parse(&p, fen, &err));
    struct stipulation st = {.play = play, .goal = goal, .moves = moves, .series = true};
    struct solver s;
    tt_clear(&table);
    solver_init(&s, &p, &st, o, &table);
    if (bound) {
        const int turns[2] = {moves, moves};
        s.goal_bound = goal_bound_new_turns(&p, turns);
        assert_non_null(s.goal_bound);
    }
    result_init(r);
    series_search(&s, moves, r, fresh_solution_sink());
    uint64_t nodes = s.nodes;
    solver_free(&s);
    return nodes;
}

static uint64_t solve_series(const char *fen, enum play play, enum goal goal, int moves, const struct options *o,
                             struct result *r)
{
    return solve_series_with(fen, play, goal, moves, o, r, false);
}

static uint64_t solve_series_bound(const char *fen, enum play play, enum goal goal, int moves,
                                   const struct options *o, struct result *r)
{
    return solve_series_with(fen, play, goal, moves, o, r, true);
}

/* ser-#2, by hand.  White Ka6 Rb1, Black Ka8.  Ka8's squares a7 and b7 are
 * Ka6's; a mate needs a rook check on the 8th rank that also covers b8, so
 * the rook must reach c8..h8 (b8 is unprotected: Kxb8 would not be mate,
 * and a rook check on the a-file leaves b8).  From b1 it gets there in two
 * moves: 1.Rb1-x1 (x = c..h, no check) 2.Rx1-x8 #: six solutions.  King
 * moves do not help (Kb6 closes the b-file; Ka5/Kb5 free a7).  No ser-#1:
 * the only 8th-rank square in reach is b8.  The series rule forbids
 * 1.Rb1-b8+ 2.Rb8-c8 #, which would otherwise be a seventh solution. */
static void series_direct_no_check_before_last(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_series("k7/8/K7/8/8/8/8/1R6 w - -", PLAY_DIRECT, GOAL_MATE, 2, &o, &r);
    assert_int_equal(r.solutions.count, 6);
    assert_int_equal(r.short_solutions.count, 0);
    const char *want[] = {"b1c1 c1c8", "b1d1 d1d8", "b1e1 e1e8", "b1f1 f1f8", "b1g1 g1g8", "b1h1 h1h8"};
    for (int i = 0; i < 6; i++)
        assert_true(strlist_has(&r.solutions, want[i]));
    assert_false(strlist_has(&r.solutions, "b1b8 b8c8"));
    assert_non_null(strstr(solution.data, "  1.Rb1-c1   2.Rc1-c8 #"));
    result_free(&r);
}

/* ser-#8 (corpus #20, M. Tomasevic): White Kh1 Qe8, Black Ka6 Qg6.  Popeye's
 * only solution: 1.Qe4 2.Qg2 3.Kg1 4.Kf2 5.Ke3 6.Kd4 7.Kc5 8.Qa8 #. */
static void series_direct_corpus(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_series("4Q3/8/k5q1/8/8/8/8/7K w - -", PLAY_DIRECT, GOAL_MATE, 8, &o, &r);
    assert_int_equal(r.solutions.count, 1);
    assert_int_equal(r.short_solutions.count, 0);
    assert_true(strlist_has(&r.solutions, "e8e4 e4g2 h1g1 g1f2 f2e3 e3d4 d4c5 g2a8"));
    assert_non_null(strstr(solution.data, "  1.Qe8-e4   2.Qe4-g2   3.Kh1-g1   4.Kg1-f2   5.Kf2-e3   6.Ke3-d4"
                                          "   7.Kd4-c5   8.Qg2-a8 #"));
    result_free(&r);
}

/* ser-=4 (corpus #24, T. Steudel): White Pd7 Pe7, Black Kh8 Pg7.  Popeye:
 * 1.e8=B 2.d8=Q 3.Qd5 4.Bg6 = and 1.e8=S 2.d8=R 3.Rd7 4.Rxg7 =. */
static void series_stalemate_corpus(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_series("7k/3PP1p1/8/8/8/8/8/8 w - -", PLAY_DIRECT, GOAL_STALEMATE, 4, &o, &r);
    assert_int_equal(r.solutions.count, 2);
    assert_non_null(strstr(solution.data, "  1.e7-e8=B   2.d7-d8=Q   3.Qd8-d5   4.Be8-g6 ="));
    assert_non_null(strstr(solution.data, "  1.e7-e8=S   2.d7-d8=R   3.Rd8-d7   4.Rd7*g7 ="));
    result_free(&r);
}

/* ser-h#1, by hand: one Black move, then White mates in one.  White Kb6
 * Rh1, Black Ka8 Pg7.  Black's moves: g7-g6, g7-g5, Ka8-b8 (a7, b7 are
 * Kb6's).  After 1.g6 or 1.g5, 2.Rh8 # (the h-file and the 8th rank are
 * open; a7, b7 Kb6's, b8 the rook's; nothing interposes).  After 1.Kb8,
 * 2.Rh8 # too: a8 and c8 on the rook's rank, a7, b7, c7 Kb6's.  Rh1 is
 * White's only unit that can check, and Ra1+ leaves b8 (or, after 1.Kb8,
 * does not check): exactly three solutions. */
static void series_help_by_hand(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_series("k7/6p1/1K6/8/8/8/8/7R b - -", PLAY_HELP, GOAL_MATE, 1, &o, &r);
    assert_int_equal(r.solutions.count, 3);
    const char *want[] = {"g7g6 h1h8", "g7g5 h1h8", "a8b8 h1h8"};
    for (int i = 0; i < 3; i++)
        assert_true(strlist_has(&r.solutions, want[i]));
    assert_non_null(strstr(solution.data, "  1.Ka8-b8 Rh1-h8 #"));
    result_free(&r);
}

/* ser-h#4 (corpus #25 a, G. Husserl): White Ke1 Qa3 Bg3, Black Kd4 Ra2
 * Bg1 Pa6 Pc3 Pe3 Ph7.  Popeye: 1.Kd3 2.Kc2 3.Kb1 4.Ka1 Qc1 #, the only one. */
static void series_help_corpus(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_series("8/7p/p7/8/3k4/Q1p1p1B1/r7/4K1b1 b - -", PLAY_HELP, GOAL_MATE, 4, &o, &r);
    assert_int_equal(r.solutions.count, 1);
    assert_int_equal(r.short_solutions.count, 0);
    assert_non_null(strstr(solution.data, "  1.Kd4-d3   2.Kd3-c2   3.Kc2-b1   4.Kb1-a1 Qa3-c1 #"));
    result_free(&r);
}

/* ser-s#4 (corpus #47, G. Bakcsi): White Kg1 Sc5 Bc2 Pa7 Pb6 Pe3 Ph2, Black
 * Kf3 Qa4 Pe6.  Popeye: four solutions, each ending 4.Bc2-d1 + Qa4*d1 #
 * (Black's only move, forced to mate). */
static void series_self_corpus(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_series("8/P7/1P2p3/2N5/q7/4Pk2/2B4P/6K1 w - -", PLAY_SELF, GOAL_MATE, 4, &o, &r);
    assert_int_equal(r.solutions.count, 4);
    assert_non_null(strstr(solution.data, "  1.b6-b7   2.b7-b8=Q   3.Qb8-e5   4.Bc2-d1 + Qa4*d1 #"));
    assert_non_null(strstr(solution.data, "  1.a7-a8=R   2.Ra8-e8   3.Re8*e6   4.Bc2-d1 + Qa4*d1 #"));
    result_free(&r);
}

/* ser-r#2 (corpus #44, Popeye's series_play test 7): White Ka1 Ph3, Black
 * Ka3 Pa2 Pa4 Pb3 Pb4.  By hand: Ka1 has no move (b1 is the a2 pawn's, b2
 * Ka3's, a2 is protected by b3 and Ka3), so 1.h3-h4 is White's only move.
 * Then b3-b2 # (a1 attacked; b1 the a2 pawn's; b2 and a2 protected by
 * Ka3): Black can mate and must, so the series ends after one move and no
 * series of two exists.  Popeye prints that short solution only. */
static void series_reflex_corpus(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_series("8/8/8/8/pp6/kp5P/p7/K7 w - -", PLAY_REFLEX, GOAL_MATE, 2, &o, &r);
    assert_int_equal(r.solutions.count, 0);
    assert_int_equal(r.short_solutions.count, 1);
    assert_true(strlist_has(&r.short_solutions, "h3h4 b3b2"));
    assert_non_null(strstr(solution.data, "  1.h3-h4 b3-b2 #"));
    result_free(&r);
}

/* ser-r#3, by hand (Popeye agrees: "1.Rf6-f8 # ?!?" and nothing else).
 * White Kh1 Rf6, Black Kh8 Pg7 Ph7.  1.Rf6-f8 mates at once (g8 is on the
 * rook's rank, g7 and h7 are Black's own pawns); in a reflexmate White must
 * mate when it can, so the series fails before it starts: no solution,
 * the forced mate shown as the failing line. */
static void series_reflex_mover_must_mate(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    solve_series("7k/6pp/5R2/8/8/8/8/7K w - -", PLAY_REFLEX, GOAL_MATE, 3, &o, &r);
    assert_int_equal(r.solutions.count, 0);
    assert_int_equal(r.short_solutions.count, 0);
    assert_non_null(strstr(solution.data, "  1.Rf6-f8 # ?!?"));
    result_free(&r);
}

/* The bound must keep every solution where the solution needs every turn
 * the stipulation gives: here each of these corpus solutions uses all its
 * moves (the king's walk of ser-h#4, the eight moves of ser-#8, the
 * promotions and the walk of ser-= and ser-h=), so a bound that counted one
 * turn fewer for either side would lose them.  Popeye's solutions, corpus
 * numbers given; ser-h=3 #32 (L. Zagler): White Kd3 Bd2 Pa3, Black Kd1 Pa2,
 * 1.a1=X 2.X.. 3.X-b4 a3*b4 = for each promotion X; ser-h=5 #30
 * (Z. Oliva): 1.a1=B 2.Bb2 3.Bc1 4.Bh6 5.Bf8 e7*f8=Q = and 1.a1=S 2.Sc2
 * 3.Sd4 4.Sxe6 5.Sd8 e7*d8=R =. */
static void series_bound_keeps_solutions(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result r;
    /* ser-h#3 by hand: White Kc6 Rh1, Black Kc3.  With Kc6 fixed and one
     * rook move, the lone king is mated only on a6 (Ra1 #: a5, a7 on the
     * file, b5, b6, b7 Kc6's); elsewhere within three a flight stays free
     * (Ka5: b4; Ka7: b8; Kc8 is five away).  c3 to a6 in three steps goes
     * up a rank each time: b4 or c4, then a5 (b5 is Kc6's; from c4 a5 is
     * not a step), then a6.  One solution, every one of Black's turns
     * needed. */
    solve_series_bound("8/8/2K5/8/8/2k5/8/7R b - -", PLAY_HELP, GOAL_MATE, 3, &o, &r);
    assert_int_equal(r.solutions.count, 1);
    assert_int_equal(r.short_solutions.count, 0);
    assert_true(strlist_has(&r.solutions, "c3b4 b4a5 a5a6 h1a1"));
    result_free(&r);
    solve_series_bound("8/7p/p7/8/3k4/Q1p1p1B1/r7/4K1b1 b - -", PLAY_HELP, GOAL_MATE, 4, &o, &r);
    assert_int_equal(r.solutions.count, 1);
    assert_non_null(strstr(solution.data, "  1.Kd4-d3   2.Kd3-c2   3.Kc2-b1   4.Kb1-a1 Qa3-c1 #"));
    result_free(&r);
    solve_series_bound("4Q3/8/k5q1/8/8/8/8/7K w - -", PLAY_DIRECT, GOAL_MATE, 8, &o, &r);
    assert_int_equal(r.solutions.count, 1);
    assert_true(strlist_has(&r.solutions, "e8e4 e4g2 h1g1 g1f2 f2e3 e3d4 d4c5 g2a8"));
    result_free(&r);
    solve_series_bound("7k/3PP1p1/8/8/8/8/8/8 w - -", PLAY_DIRECT, GOAL_STALEMATE, 4, &o, &r);
    assert_int_equal(r.solutions.count, 2);
    result_free(&r);
    /* ser-h=1 by hand (Popeye 4.104 agrees): White Kg8 Rb8 Ba7 Sa4, Black
     * Kh2.  g1 is the bishop's; after 1.Kh1 the rook on b2 takes g2 and h2
     * without check, and no other White move covers both (Rb1, Rh8 check;
     * on f2 the rook would cut the bishop's line to g1; the knight reaches
     * neither).  From g2, g3 or h3 the king keeps flights no one move
     * covers.  One solution, the Black move needed: asked before it, with
     * no turn of Black's left, the stalemate bound would cut it. */
    solve_series_bound("1R4K1/B7/8/8/N7/8/7k/8 b - -", PLAY_HELP, GOAL_STALEMATE, 1, &o, &r);
    assert_int_equal(r.solutions.count, 1);
    assert_true(strlist_has(&r.solutions, "h2h1 b8b2"));
    assert_non_null(strstr(solution.data, "  1.Kh2-h1 Rb8-b2 ="));
    result_free(&r);
    solve_series_bound("8/8/8/8/8/P2K4/p2B4/3k4 b - -", PLAY_HELP, GOAL_STALEMATE, 3, &o, &r);
    assert_int_equal(r.solutions.count, 4);
    assert_non_null(strstr(solution.data, "  1.a2-a1=Q   2.Qa1-b2   3.Qb2-b4 a3*b4 ="));
    assert_non_null(strstr(solution.data, "  1.a2-a1=S   2.Sa1-c2   3.Sc2-b4 + a3*b4 ="));
    result_free(&r);
    solve_series_bound("1R6/2k1P3/4P3/K2P4/8/2P5/p7/8 b - -", PLAY_HELP, GOAL_STALEMATE, 5, &o, &r);
    assert_int_equal(r.solutions.count, 2);
    assert_non_null(strstr(solution.data, "  1.a2-a1=B   2.Ba1-b2   3.Bb2-c1   4.Bc1-h6   5.Bh6-f8 e7*f8=Q ="));
    assert_non_null(strstr(solution.data, "  1.a2-a1=S   2.Sa1-c2   3.Sc2-d4   4.Sd4*e6   5.Se6-d8 e7*d8=R ="));
    result_free(&r);
}

/* The bound cuts: the same positions with one move fewer than the
 * solutions need have none, and the bound finds that in fewer nodes than
 * the plain search (ser-h=5 #30 as ser-h=4; ser-h#4 #25 as ser-h#3). */
static void series_bound_cuts(void **state)
{
    (void)state;
    struct options o = plain_options();
    struct result plain, bound;
    uint64_t plain_nodes = solve_series("1R6/2k1P3/4P3/K2P4/8/2P5/p7/8 b - -", PLAY_HELP, GOAL_STALEMATE, 4, &o, &plain);
    uint64_t bound_nodes =
        solve_series_bound("1R6/2k1P3/4P3/K2P4/8/2P5/p7/8 b - -", PLAY_HELP, GOAL_STALEMATE, 4, &o, &bound);
    assert_int_equal(plain.solutions.count + plain.short_solutions.count, 0);
    assert_int_equal(bound.solutions.count + bound.short_solutions.count, 0);
    assert_true(bound_nodes < plain_nodes);
    result_free(&plain);
    result_free(&bound);
    plain_nodes = solve_series("8/7p/p7/8/3k4/Q1p1p1B1/r7/4K1b1 b - -", PLAY_HELP, GOAL_MATE, 3, &o, &plain);
    bound_nodes = solve_series_bound("8/7p/p7/8/3k4/Q1p1p1B1/r7/4K1b1 b - -", PLAY_HELP, GOAL_MATE, 3, &o, &bound);
    assert_int_equal(plain.solutions.count + plain.short_solutions.count, 0);
    assert_int_equal(bound.solutions.count + bound.short_solutions.count, 0);
    assert_true(bound_nodes < plain_nodes);
    result_free(&plain);
    result_free(&bound);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(series_direct_no_check_before_last),
        cmocka_unit_test(series_direct_corpus),
        cmocka_unit_test(series_stalemate_corpus),
        cmocka_unit_test(series_help_by_hand),
        cmocka_unit_test(series_help_corpus),
        cmocka_unit_test(series_self_corpus),
        cmocka_unit_test(series_reflex_corpus),
        cmocka_unit_test(series_reflex_mover_must_mate),
        cmocka_unit_test(series_bound_keeps_solutions),
        cmocka_unit_test(series_bound_cuts),
    };
    return cmocka_run_group_tests_name("series", tests, setup, teardown_with_text);
}
