/* Help-self (hs#n) and reciprocal helpmates (reci-h#n) on small positions:
 * each expected answer is derived by hand in the comment above it, or is
 * Popeye's printed answer in the corpus (series_reflex_en.out, number given). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/rules/rules.h"
#include "../src/bound/goal_bound.h"
#include "../src/search/help_search.h"

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

/* Solves fen (the first mover to move in the FEN) with the help search of
 * `plies` half-moves before the ending, as solve.c calls it. */
static void solve_help(const char *fen, enum play play, int moves, int plies, struct result *r)
{
    static struct position p;
    struct fen_error err;
    position_init(&p, &rules_orthodox, 0);
    assert_true(fen_parse(&p, fen, &err));
    struct stipulation st = {.play = play, .goal = GOAL_MATE, .moves = moves};
    struct options o = plain_options();
    struct solver s;
    tt_clear(&table);
    solver_init(&s, &p, &st, &o, &table);
    result_init(r);
    help_search(&s, plies, r, fresh_solution_sink());
    solver_free(&s);
}

/* hs#1, by hand.  White Ka1 Ph3, Black Ka3 Pa2 Pa4 Pb3 Pb4.  Ka1 has no
 * move (b1 is the a2 pawn's, b2 Ka3's, a2 protected by b3 and Ka3), so
 * 1.h3-h4.  Then Black's only move is b3-b2 (Ka3 is boxed in by its own
 * pawns and Ka1; a4 and b4 are blocked; a2 cannot move), and it mates: a1
 * attacked, b1 the a2 pawn's, a2 and b2 protected by Ka3.  Forced: one
 * solution, numbered from White's move. */
static void help_self_by_hand(void **state)
{
    (void)state;
    struct result r;
    solve_help("8/8/8/8/pp6/kp5P/p7/K7 w - -", PLAY_HELP_SELF, 1, 1, &r);
    assert_int_equal(r.solutions.count, 1);
    assert_true(strlist_has(&r.solutions, "h3h4 b3b2"));
    assert_non_null(strstr(solution.data, "  1.h3-h4 b3-b2 #"));
    result_free(&r);
}

/* hs#1 fails when Black has a move that does not mate.  The same with the
 * a4 pawn on a5: 1.h3-h4 is still White's only move, but Black now has
 * Ka3-a4 and a5-a4 besides b3-b2 #, so it is not forced to mate: no
 * solution. */
static void help_self_not_forced(void **state)
{
    (void)state;
    struct result r;
    solve_help("8/8/8/p7/1p6/kp5P/p7/K7 w - -", PLAY_HELP_SELF, 1, 1, &r);
    assert_int_equal(r.solutions.count, 0);
    result_free(&r);
}

/* reci-h#1 (corpus #15, Popeye's regression test for issue 2029421):
 * White Kg2 Rg1 Rh5 Bh1 Be5 Sa4 Sh3 Pd4 Ph4, Black Ke8 Ra8 Rh8 Bb7 Be3 Sf1
 * Sg3 Pe4 Pe6 Pf7 Ph2 Ph7, White's last move d2-d4.  Popeye: Black helps
 * with 1.0-0-0 Sa4-b6 # and mates itself with 1.e4*d3 ep. #
 * (castling is written king-to-rook in canonical form: e8a8). */
static void reciprocal_corpus(void **state)
{
    (void)state;
    struct result r;
    solve_help("r3k2r/1b3p1p/4p3/4B2R/N2Pp2P/4b1nN/6Kp/5nRB b kq d3", PLAY_RECI_HELP, 1, 2, &r);
    assert_int_equal(r.solutions.count, 2);
    assert_true(strlist_has(&r.solutions, "e8a8 a4b6"));
    assert_true(strlist_has(&r.solutions, "e4d3"));
    assert_non_null(strstr(solution.data, "  1.0-0-0 Sa4-b6 #"));
    assert_non_null(strstr(solution.data, "  1.e4*d3 ep. #"));
    result_free(&r);
}

/* The bounds of solve.c on reci-h#3 (corpus #14 a), TLi, Pachl, Manhart,
 * Europa-Rochade 1992, with Popeye's answer): White Kf1 Ra3 Ba8 Pe3, Black
 * Kc4 Ra5 Rb3 Bc6 Bg5 Sh1 Pa4 Pb6 Pc5, Black to move.  Popeye: 1.Bc6-f3
 * Ba8-e4 2.Rb3-b4 Be4-b1, then 3.Bf3-d5 Bb1-d3 # and Black's own 3.Rb4*b1 #.
 * With only the bound of Black's own mate (end_bound, five plies before
 * Black's last move at the root), with both bounds, and with none, the
 * same two lines; each bound cuts nodes, so the searches with them visit
 * fewer nodes than the plain one (a bound that cut nothing, or that read
 * the wrong side's turns, would fail one of these). */
static uint64_t solve_reci_bounded(bool helpmate_bound, bool end_bound, struct result *r)
{
    static struct position p;
    struct fen_error err;
    position_init(&p, &rules_orthodox, 0);
    assert_true(fen_parse(&p, "B7/8/1pb5/r1p3b1/p1k5/Rr2P3/8/5K1n b - -", &err));
    struct stipulation st = {.play = PLAY_RECI_HELP, .goal = GOAL_MATE, .moves = 3};
    struct options o = plain_options();
    struct solver s;
    tt_clear(&table);
    solver_init(&s, &p, &st, &o, &table);
    const int turns[2] = {3, 3};
    if (helpmate_bound)
        s.goal_bound = goal_bound_new_turns(&p, turns);
    if (end_bound)
        s.end_bound = goal_bound_new_turns(&p, turns);
    result_init(r);
    help_search(&s, 6, r, fresh_solution_sink());
    uint64_t nodes = s.nodes;
    solver_free(&s);
    assert_int_equal(r->solutions.count, 2);
    assert_true(strlist_has(&r->solutions, "c6f3 a8e4 b3b4 e4b1 f3d5 b1d3"));
    assert_true(strlist_has(&r->solutions, "c6f3 a8e4 b3b4 e4b1 b4b1"));
    return nodes;
}

static void reciprocal_bounds(void **state)
{
    (void)state;
    struct result r;
    uint64_t plain = solve_reci_bounded(false, false, &r);
    result_free(&r);
    uint64_t end = solve_reci_bounded(false, true, &r);
    result_free(&r);
    uint64_t both = solve_reci_bounded(true, true, &r);
    result_free(&r);
    assert_true(end < plain);
    assert_true(both < end);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(help_self_by_hand),
        cmocka_unit_test(help_self_not_forced),
        cmocka_unit_test(reciprocal_corpus),
        cmocka_unit_test(reciprocal_bounds),
    };
    return cmocka_run_group_tests_name("help endings", tests, setup, teardown_with_text);
}
