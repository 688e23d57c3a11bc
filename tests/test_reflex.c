/* Reflexmates r#n and semi-r#n on small positions: each expected answer is
 * worked out by hand in the comment above it and is also Popeye's printed
 * answer in the corpus (corpus/popeye/derived/series_reflex_en.out, number given). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/rules/rules.h"
#include "../src/search/battle_search.h"

#include "table_fixture.h"
#include "solution_text.h"

static struct options variation_options(void)
{
    struct options o;
    memset(&o, 0, sizeof o);
    o.threat = -1;
    o.max_flights = -1;
    o.variation = true;
    return o;
}

/* Solves fen (White to move) as play#moves; the Popeye text is in `solution`. */
static void solve_reflex(const char *fen, enum play play, int moves, const struct options *o, struct result *r)
{
    static struct position p;
    struct fen_error err;
    position_init(&p, &rules_orthodox, 0);
    assert_true(fen_parse(&p, fen, &err));
    struct stipulation st = {.play = play, .goal = GOAL_MATE, .moves = moves};
    struct solver s;
    tt_clear(&table);
    solver_init(&s, &p, &st, o, &table);
    result_init(r);
    battle_search(&s, moves, r, fresh_solution_sink());
    solver_free(&s);
}

/* r#1 (corpus #4).  White Kb1, Black Ka3 Se1 Pa2.  White has two moves:
 * Ka1 and Kc1 (a2 is protected by Ka3, b2 is next to it, c2 is the knight's).
 * After 1.Ka1 Black can mate by Se1-c2 (a1 checked; b1 is the a2 pawn's, b2
 * Ka3's, a2 protected), so it must.  After 1.Kc1 Black cannot mate: Sd3+
 * leaves d2, a1=Q+ leaves c2 and d2, Sc2 gives no check.  One key, Ka1, and
 * the play after it is Black's forced mate. */
static void reflex_one(void **state)
{
    (void)state;
    struct options o = variation_options();
    struct result r;
    solve_reflex("8/8/8/8/8/k7/p7/1K2n3 w - -", PLAY_REFLEX, 1, &o, &r);
    assert_int_equal(r.keys.count, 1);
    assert_true(strlist_has(&r.keys, "b1a1"));
    assert_non_null(strstr(solution.data, "   1.Kb1-a1 !\n      1...Se1-c2 #"));
    result_free(&r);
}

/* semi-r#2 (corpus #16): White Ka1 Bg7, Black Ka3 Pa2 Pa4 Pb3.  Ka1 has no
 * move; Black's only possible mate is b3-b2 (a1 checked, b1 the a2 pawn's,
 * a2 and b2 protected by Ka3) unless the bishop covers b2 from the long
 * diagonal.  1.Bg7-h6 leaves b2, so Black can mate at once and must: the key,
 * with a short solution.  1.Bf8+ is mate of Black (b4 is the bishop's, b2
 * Ka1's), which a semi-reflexmate allows but which ends the play. */
static void semi_reflex_short(void **state)
{
    (void)state;
    struct options o = variation_options();
    struct result r;
    solve_reflex("8/6B1/8/8/p7/kp6/p7/K7 w - -", PLAY_SEMI_REFLEX, 2, &o, &r);
    assert_int_equal(r.keys.count, 1);
    assert_true(strlist_has(&r.keys, "g7h6"));
    assert_true(strlist_has(&r.short_keys, "g7h6"));
    assert_non_null(strstr(solution.data, "   1.Bg7-h6 !\n      1...b3-b2 #"));
    result_free(&r);
}

/* r#2 (corpus #3), the same position: in a reflexmate White too must mate
 * when it can, and 1.Bg7-f8 mates (above), so White has to play it and the
 * problem has no solution; Popeye shows the forced mate marked "?!?". */
static void reflex_white_must_mate(void **state)
{
    (void)state;
    struct options o = variation_options();
    struct result r;
    solve_reflex("8/6B1/8/8/p7/kp6/p7/K7 w - -", PLAY_REFLEX, 2, &o, &r);
    assert_int_equal(r.keys.count, 0);
    assert_int_equal(r.try_count, 0);
    assert_non_null(strstr(solution.data, "   1.Bg7-f8 # ?!?\n"));
    assert_null(strstr(solution.data, "Bg7-h6"));
    result_free(&r);
}

/* r#1 (corpus #6): White Ka1 Ph3, Black Ka3 Se1 Pa2.  Ka1 has no move (b1
 * the a2 pawn's, b2 Ka3's, a2 protected), so 1.h3-h4 is White's only move,
 * and then Se1-c2 mates as in reflex_one: one key.  As a selfmate the same
 * holds only if every Black move mated, which Ka3-b4 etc. do not: the r#1
 * obligation is what makes h4 a key (s#1 has none). */
static void reflex_versus_self(void **state)
{
    (void)state;
    struct options o = variation_options();
    struct result r;
    solve_reflex("8/8/8/8/8/k6P/p7/K3n3 w - -", PLAY_REFLEX, 1, &o, &r);
    assert_int_equal(r.keys.count, 1);
    assert_true(strlist_has(&r.keys, "h3h4"));
    result_free(&r);
    solve_reflex("8/8/8/8/8/k6P/p7/K3n3 w - -", PLAY_SELF, 1, &o, &r);
    assert_int_equal(r.keys.count, 0);
    result_free(&r);
}

/* Option Quodlibet, s#2 and semi-r#2 on the position of semi_reflex_short:
 * 1.Bg7-f8 mates Black at once (b4 is the bishop's, b2 Ka1's; no Black unit
 * can take f8 or interpose), so with Quodlibet it solves, in one move: the
 * s#2's only key (live Popeye 4.104 shows the same), and in the semi-r#2 a
 * second key beside 1.Bg7-h6 (Popeye: both). */
static void quodlibet_direct_mate(void **state)
{
    (void)state;
    struct options o = variation_options();
    o.quodlibet = true;
    struct result r;
    solve_reflex("8/6B1/8/8/p7/kp6/p7/K7 w - -", PLAY_SELF, 2, &o, &r);
    assert_int_equal(r.keys.count, 1);
    assert_true(strlist_has(&r.keys, "g7f8"));
    assert_non_null(strstr(solution.data, "   1.Bg7-f8 # !"));
    result_free(&r);
    solve_reflex("8/6B1/8/8/p7/kp6/p7/K7 w - -", PLAY_SEMI_REFLEX, 2, &o, &r);
    assert_int_equal(r.keys.count, 2);
    assert_true(strlist_has(&r.keys, "g7f8"));
    assert_true(strlist_has(&r.keys, "g7h6"));
    result_free(&r);
    /* without it, White's mate is no solution of the semi-r#2 */
    o.quodlibet = false;
    solve_reflex("8/6B1/8/8/p7/kp6/p7/K7 w - -", PLAY_SEMI_REFLEX, 2, &o, &r);
    assert_false(strlist_has(&r.keys, "g7f8"));
    result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reflex_one),
        cmocka_unit_test(semi_reflex_short),
        cmocka_unit_test(reflex_white_must_mate),
        cmocka_unit_test(reflex_versus_self),
        cmocka_unit_test(quodlibet_direct_mate),
    };
    return cmocka_run_group_tests_name("reflex", tests, setup, teardown_with_text);
}
