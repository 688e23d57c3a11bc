/* Goal-directed help play: move-count tables against counts worked out by
 * hand, and the bound against an exhaustive reference search on random
 * positions: whenever it cuts a node, no help line of that length exists. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/rules/rules.h"
#include "help_reference.h"
#include "../src/bound/goal_bound.h"
#include "../src/bound/goal_tables.h"

#include "fen_fixture.h"


/* The helpmate of `plies` half-moves at fen (worked out by hand at each
 * call): whether bound gb cuts it, and whether the exhaustive search
 * (help_exists) finds a solution, 1 or 0; -1 where the test does not ask. */
static void help_verdict(struct goal_bound *gb, const char *fen, int plies, bool cut, int solvable)
{
    struct position p = position_from_fen(&rules_orthodox, fen);
    if (goal_bound_proves_failure(gb, &p, GOAL_MATE, plies) != cut)
        fail_msg("%s: the bound %s", fen, cut ? "does not cut it" : "cuts it");
    if (solvable >= 0 && help_exists(&p, GOAL_MATE, plies) != (solvable == 1))
        fail_msg("%s: %s", fen, solvable ? "no solution found" : "a solution found");
}

/* The h#1 at fen, Black to play. */
static void h1_verdict(struct goal_bound *gb, const char *fen, bool cut, int solvable)
{
    help_verdict(gb, fen, 2, cut, solvable);
}

/* A bound on orthodox chess's tables (those of fen's rule set). */
static struct goal_bound *orthodox_bound(const char *fen)
{
    struct position p = position_from_fen(&rules_orthodox, fen);
    struct goal_bound *gb = goal_bound_new(&p);
    assert_non_null(gb);
    return gb;
}

static int bit(const struct position *p, const char *name)
{
    return geo_bit(p->geo, square_parse(p->geo, name));
}

/* Tables built twice are byte for byte the same (nothing in them depends
 * on memory left from before: the cache shares one build between solves
 * and threads), for every rule set with goal hooks and every variant of
 * Knight relay's (rules.h goal_hooks.variant: 3 x 3 levels), and differ
 * from those of another variant (so that the comparison can tell tables
 * apart). */
static void same_tables(const struct goal_tables *a, const struct goal_tables *b, bool *same)
{
    struct goal_tables x = *a, y = *b;
    x.lines = y.lines = NULL;
    *same = memcmp(&x, &y, sizeof x) == 0 && (a->lines == NULL) == (b->lines == NULL) &&
            (!a->lines || memcmp(a->lines, b->lines, sizeof *a->lines) == 0);
}

static void tables_built_alike(void **state)
{
    (void)state;
    struct position o = position_from_fen(&rules_orthodox, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    struct position k = position_from_fen(&rules_knight_relay, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    struct {
        const struct position *p;
        unsigned variant;
    } cases[] = {{&o, 0}, {&k, 0}, {&k, 1}, {&k, 2}, {&k, 3}, {&k, 4}, {&k, 5}, {&k, 6}, {&k, 7}, {&k, 8}};
    struct goal_tables *previous = NULL;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct goal_tables *one = goal_tables_build(cases[i].p, cases[i].variant);
        struct goal_tables *two = goal_tables_build(cases[i].p, cases[i].variant);
        assert_non_null(one);
        assert_non_null(two);
        bool same;
        same_tables(one, two, &same);
        assert_true(same);
        if (previous) {
            same_tables(previous, one, &same);
            assert_false(same);
        }
        goal_tables_free(previous);
        goal_tables_free(two);
        previous = one;
    }
    goal_tables_free(previous);
}

/* Counts worked out on a board by hand. */
static void orthodox_counts(void **state)
{
    (void)state;
    struct position p = position_from_fen(&rules_orthodox, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    const struct goal_tables *t = goal_tables_get(&p);
    assert_non_null(t);
    /* the knight's corner: a1-c2-d4(or b4/a3)-..-b2 needs four leaps */
    assert_int_equal(t->dist[WHITE][KNIGHT][bit(&p, "a1")][bit(&p, "b2")], 4);
    assert_int_equal(t->dist[WHITE][KNIGHT][bit(&p, "g1")][bit(&p, "f3")], 1);
    assert_int_equal(t->dist[WHITE][ROOK][bit(&p, "a1")][bit(&p, "h8")], 2);
    assert_int_equal(t->dist[WHITE][ROOK][bit(&p, "a1")][bit(&p, "a8")], 1);
    assert_int_equal(t->dist[WHITE][BISHOP][bit(&p, "c1")][bit(&p, "h6")], 1);
    assert_int_equal(t->dist[WHITE][BISHOP][bit(&p, "c1")][bit(&p, "c3")], 2);
    assert_int_equal(t->dist[WHITE][BISHOP][bit(&p, "c1")][bit(&p, "c2")], GOAL_FAR); /* other colour */
    assert_int_equal(t->dist[BLACK][KING][bit(&p, "e8")][bit(&p, "a1")], 7);
    /* castling is paid by the rook's move: the king's part is free */
    assert_int_equal(t->dist[WHITE][KING][bit(&p, "e1")][bit(&p, "g1")], 0);
    assert_int_equal(t->king_plain[WHITE][bit(&p, "e1")][bit(&p, "g1")], 2);
    /* so only the king has a count of 0 between two squares (RULES: a
     * queen, rook, bishop, knight or pawn moves only by its own turns) */
    for (int c = WHITE; c <= BLACK; c++) {
        assert_false(t->here_only[c][KING]);
        for (int k = QUEEN; k <= PAWN; k++)
            assert_true(t->here_only[c][k]);
    }
    /* pawns: double step, then single steps; arriving on the last rank promotes */
    assert_int_equal(t->dist[WHITE][PAWN][bit(&p, "a2")][bit(&p, "a4")], 1);
    assert_int_equal(t->dist[WHITE][PAWN][bit(&p, "a2")][bit(&p, "b3")], 1); /* a capture */
    assert_int_equal(t->dist[WHITE][PAWN][bit(&p, "a2")][bit(&p, "a8")], GOAL_FAR); /* no pawn on a8 */
    assert_int_equal(t->promo_dist[WHITE][bit(&p, "a2")][0][bit(&p, "a8")], 5); /* a4 a5 a6 a7 a8=Q */
    assert_int_equal(t->promo_dist[WHITE][bit(&p, "a7")][3][bit(&p, "a8")], 1);  /* a8=S */
    assert_int_equal(t->any_dist[WHITE][PAWN][bit(&p, "a7")][bit(&p, "h1")], 2);  /* a8=Q, Qa8-h1 */
    assert_int_equal(t->promo_dist[BLACK][bit(&p, "h7")][1][bit(&p, "h1")], 5);  /* h5 h4 h3 h2 h1=R */
    assert_int_equal(t->dist[WHITE][PAWN][bit(&p, "a4")][bit(&p, "a3")], GOAL_FAR); /* never back */
    /* the cheapest of several promotion squares: b8=Q needs two more to
     * reach a1 (b8 shares no line with a1), bxa8=Q one (Qa8-a1) */
    assert_int_equal(t->promo_dist[WHITE][bit(&p, "b7")][0][bit(&p, "a1")], 2);
    /* ... and b7xc8=B reaches h3 at once (c8-h3), b8=B not (b8-h2 misses it) */
    assert_int_equal(t->promo_dist[WHITE][bit(&p, "b7")][2][bit(&p, "h3")], 2);
    /* deny counts: a rook on a1 attacks a5 where it stands, h8 after Rh1 or
     * Ra8; a knight on g1 attacks g2 only from e1, e3, f4 or h4, none a leap
     * from g1, and f4 is two (g1-h3-f4) */
    assert_int_equal(t->deny_dist[WHITE][ROOK][bit(&p, "a1")][bit(&p, "a5")], 0);
    assert_int_equal(t->deny_dist[WHITE][ROOK][bit(&p, "a1")][bit(&p, "h8")], 1);
    assert_int_equal(t->deny_dist[WHITE][KNIGHT][bit(&p, "g1")][bit(&p, "g2")], 2);
    /* a pawn on a7 denies b8 after a8=Q (Qa8 attacks b8), which a pawn's
     * own attack from a7 (b8) already gives: 0 */
    assert_int_equal(t->deny_dist[WHITE][PAWN][bit(&p, "a7")][bit(&p, "b8")], 0);
    /* and h8 only as a promoted piece: a8=Q (or =R) attacks h8 along the rank */
    assert_int_equal(t->deny_dist[WHITE][PAWN][bit(&p, "a7")][bit(&p, "h8")], 1);
    /* a pawn attacks forward diagonals; a king never checks */
    assert_true(t->denies[WHITE][PAWN][bit(&p, "e4")] & SET_BIT(bit(&p, "d5")));
    assert_false(t->denies[WHITE][PAWN][bit(&p, "e4")] & SET_BIT(bit(&p, "e5")));
    assert_int_equal(set_count(t->checks[WHITE][KING][bit(&p, "e4")]), 0);
    assert_int_equal(set_count(t->denies[WHITE][KING][bit(&p, "e4")]), 8);
    assert_int_equal(set_count(t->flights[bit(&p, "a1")]), 3);
}

/* RULES 2: relayed leaps for Q R B P, none for kings and knights; knights
 * attack nothing and deny only their own square. */
static void knight_relay_counts(void **state)
{
    (void)state;
    struct position p = position_from_fen(&rules_knight_relay, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    const struct goal_tables *t = goal_tables_get(&p);
    assert_non_null(t);
    assert_int_equal(t->dist[WHITE][BISHOP][bit(&p, "c1")][bit(&p, "c2")], 2); /* a leap changes colour */
    assert_int_equal(t->dist[WHITE][ROOK][bit(&p, "a1")][bit(&p, "b3")], 1);
    assert_int_equal(t->dist[WHITE][KING][bit(&p, "e1")][bit(&p, "f3")], 2);
    assert_true(t->denies[WHITE][QUEEN][bit(&p, "a1")] & SET_BIT(bit(&p, "b3")));
    assert_true(t->denies[WHITE][KNIGHT][bit(&p, "d4")] == SET_BIT(bit(&p, "d4")));
    assert_int_equal(set_count(t->checks[WHITE][KNIGHT][bit(&p, "d4")]), 0);
    /* a pawn never leaps onto its last rank: b6-c8 is no move */
    assert_false(t->denies[WHITE][PAWN][bit(&p, "b6")] & SET_BIT(bit(&p, "c8")));
}

/* RULES 2.1-2.3: only a knight of the unit's own colour relays, and a colour
 * without one gets one only by promotion.  Worked by hand: the white pawn on
 * d2 needs five turns to promote (d4 by the double step, d5 d6 d7 d8=S), so
 * with at most four white turns left no white unit ever leaps (level 2),
 * with five a knight can stand on d8 only after White's last turn (level 1:
 * its relayed attacks count, no relayed move), with six White may leap
 * (level 0); Black has no pawn and no knight (level 2).  variant = white
 * level + 3 * black level. */
static void knight_relay_variants(void **state)
{
    (void)state;
    struct position p = position_from_fen(&rules_knight_relay, "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
    unsigned (*variant)(const struct position *, const int[2]) = rules_knight_relay.goal->variant;
    assert_non_null(variant);
    assert_int_equal(variant(&p, (const int[2]){4, 4}), 2 + 3 * 2);
    assert_int_equal(variant(&p, (const int[2]){5, 5}), 1 + 3 * 2);
    assert_int_equal(variant(&p, (const int[2]){6, 6}), 0 + 3 * 2);
    /* a black knight relays black units from the start; White is unchanged */
    struct position q = position_from_fen(&rules_knight_relay, "4k3/8/8/8/8/2n5/3P4/4K3 w - - 0 1");
    assert_int_equal(variant(&q, (const int[2]){4, 4}), 2 + 3 * 0);
    /* a black pawn on b2 promotes in one turn (b1=S) */
    struct position r = position_from_fen(&rules_knight_relay, "4k3/8/8/8/8/8/1p6/4K3 w - - 0 1");
    assert_int_equal(variant(&r, (const int[2]){1, 1}), 2 + 3 * 1);
    assert_int_equal(variant(&r, (const int[2]){2, 2}), 2 + 3 * 0);
    /* without the leap a rook needs two moves from a1 to b3 and a queen on a1
     * does not attack b3; with it, one move and an attack */
    const struct goal_tables *none = goal_tables_get_variant(&p, 2 + 3 * 2);
    const struct goal_tables *final = goal_tables_get_variant(&p, 1 + 3 * 2);
    const struct goal_tables *any = goal_tables_get_variant(&p, 0 + 3 * 2);
    const struct goal_tables *general = goal_tables_get_variant(&p, 0);
    assert_non_null(none);
    assert_non_null(final);
    assert_non_null(any);
    assert_non_null(general);
    assert_int_equal(none->dist[WHITE][ROOK][bit(&p, "a1")][bit(&p, "b3")], 2);
    assert_int_equal(final->dist[WHITE][ROOK][bit(&p, "a1")][bit(&p, "b3")], 2);
    assert_int_equal(any->dist[WHITE][ROOK][bit(&p, "a1")][bit(&p, "b3")], 1);
    assert_false(none->denies[WHITE][QUEEN][bit(&p, "a1")] & SET_BIT(bit(&p, "b3")));
    assert_true(final->denies[WHITE][QUEEN][bit(&p, "a1")] & SET_BIT(bit(&p, "b3")));
    /* Black's level 2 holds in those three: no black leap; variant 0 lets both leap */
    assert_int_equal(any->dist[BLACK][ROOK][bit(&p, "a1")][bit(&p, "b3")], 2);
    assert_int_equal(general->dist[BLACK][ROOK][bit(&p, "a1")][bit(&p, "b3")], 1);
}

/* A lone black king in the middle cannot be mated by king and rook in one
 * move each: after 1...K any, the king on d4..f6 has eight flights, and a
 * rook on one square (one move from h1) covers its rank and file only. */
static void obvious_cut(void **state)
{
    (void)state;
    struct goal_bound *gb = orthodox_bound("8/8/8/4k3/8/8/8/K6R b - - 0 1");
    h1_verdict(gb, "8/8/8/4k3/8/8/8/K6R b - - 0 1", true, -1);
    /* with a queen and king next to the corner king, h#1 is possible:
     * Black Ka8, White Kb6 Qd1: 1...Kb8 2.Qd8# (a8 on the queen's rank, c8
     * hers, a7 b7 c7 the king's); the bound must not cut.  (Not Qc1:
     * 1...Kb8 2.Qc8# would be no mate, Kxc8.) */
    h1_verdict(gb, "k7/8/1K6/8/8/8/8/3Q4 b - - 0 1", false, 1);
    goal_bound_free(gb);
}

/* A pawn's file change is a capture, and a captured unit serves nothing.
 * Black Ka1 Pb3, White Kc3 Rh8, Black to play, h#1: Black's king is mated
 * only on a1 (on a2 the rook checks from the a-file but b1 stays free; on b1
 * a2 or, by a file, c1 stays free; b2 touches White's king), the rook
 * checking from h1 (and denying b1), the king denying b2, so a2 must be
 * blocked in Black's one turn: only by b3xa2, which needs a White unit on a2
 * to take, and White's only other unit is its king.  Counted with the
 * capture, b3-a2 is one turn and the bound could not cut; without one, the
 * pawn needs three (b2, b1=Q, Qa2). */
static void capture_needs_a_unit(void **state)
{
    (void)state;
    struct position p = position_from_fen(&rules_orthodox, "7R/8/8/8/8/1pK5/8/k7 b - - 0 1");
    struct goal_bound *gb = goal_bound_new(&p);
    assert_non_null(gb);
    const struct goal_tables *t = goal_tables_get(&p);
    assert_int_equal(t->any_dist[BLACK][PAWN][bit(&p, "b3")][bit(&p, "a2")], 1);
    assert_int_equal(t->pawn_quiet[BLACK][bit(&p, "b3")][bit(&p, "a2")], 3); /* b2, b1=Q, Qa2 */
    assert_int_equal(t->pawn_quiet[BLACK][bit(&p, "b3")][bit(&p, "b1")], 2); /* b2, b1=Q */
    h1_verdict(gb, "7R/8/8/8/8/1pK5/8/k7 b - - 0 1", true, 0);
    goal_bound_free(gb);
}

/* Black to play at fen, h#1: passing fails and the pass is plain (no Black
 * turn after this one, goal_bound.h); a turn is idle unless it moves the
 * king on `king` or goes to `block` (NULL: none), and after each turn White
 * mates in one exactly when it went to `block`.  Returns the idle turns. */
static int idle_turns_at(const char *fen, const char *king, const char *block)
{
    struct position p = position_from_fen(&rules_orthodox, fen);
    struct goal_bound *gb = goal_bound_new(&p);
    assert_non_null(gb);
    struct goal_pass pass;
    assert_true(goal_bound_pass_fails(gb, &p, GOAL_MATE, 2, &pass));
    assert_true(pass.plain);
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    p.rules->generate(&p, l);
    int idle = 0;
    for (int i = 0; i < l->count; i++) {
        const struct turn *t = &l->turns[i];
        bool moves_king = t->from == square_parse(p.geo, king);
        bool blocks = block && t->to == square_parse(p.geo, block) && !moves_king;
        bool is_idle = goal_bound_turn_idle(gb, &pass, &p, t);
        assert_true(moves_king || blocks ? !is_idle : is_idle);
        idle += is_idle;
        struct undo u;
        position_make(&p, t, &u);
        assert_true(help_exists(&p, GOAL_MATE, 1) == blocks);
        position_unmake(&p, &u);
    }
    free(l);
    goal_bound_free(gb);
    return idle;
}

/* Black Ka8 Ph7, White Kc6 Rh1, Black to play, h#1.  Were Black to pass,
 * White could not mate with its one move: the king covers b7 only, and no
 * rook square checks a8 and also covers a7 and b8 (h8 leaves a7, a1 leaves
 * b8), with no Black turn left to block.  h7-h6 and h7-h5 go nowhere near
 * a7, b7 or b8, so they change nothing the bound reads: idle.  The king's
 * turns are never idle, and none is a solution (1...Ka7 2.Ra1+ Kb8; 1...Kb8
 * 2.Rh8+ Ka7). */
static void idle_turns(void **state)
{
    (void)state;
    assert_int_equal(idle_turns_at("k7/7p/2K5/8/8/8/8/7R b - - 0 1", "a8", NULL), 2);
}

/* The same where Black's one turn blocks a flight.  Black Ka8 Sc8, White
 * Kc7 Sd5, Black to play, h#1: passing, Black is never mated (Sb6+ leaves
 * a7 free, and Sc8 takes b6), so passing fails; only a turn to a7, b7 or b8
 * (the flights of a8, the king's only square) can matter, and of the
 * knight's turns only Sc8-a7 goes there: 1...Sa7 2.Sb6# (b7 and b8 are the
 * white king's, a7 is blocked and the knight on a7 does not reach b6).
 * Sd6, Se7 and Sb6 are idle (after Sb6, Sxb6+ Ka7). */
static void idle_turns_but_a_block(void **state)
{
    (void)state;
    assert_int_equal(idle_turns_at("k1n5/2K5/8/3N4/8/8/8/8 b - - 0 1", "a8", "a7"), 3);
}

/* Idle turns and the board's lines (goal_bound.h, goal_pass lines).
 * Black Ka8 Bc8 Pa7 Pb7, White Kh1 Rh8 Sd8, Black to play, h#1.  Were
 * Black to pass, White could not mate: the rook's line to a8 holds its
 * own knight and Black's bishop, so no knight move discovers a check, the
 * rook passes its knight to reach c8 or b8, and the knight's check squares
 * (b6, c7) are no leap from d8.  On the empty board the rook checks a8 for
 * nothing, so the verdict alone lets a8 stand; the lines on the board give
 * it up.  The bishop's turns go nowhere near a flight (a7, b7, b8), but
 * they take it off that line: 1...Be6 2.Sxe6#, 1...Bf5 (Bg4, Bh3) 2.Se6#
 * (the knight shuts the bishop's way back to c8), so none of them is idle
 * (1...Bd7 has no mate: the bishop interposes on c8 or e8).  Every turn
 * found idle leads to no mate. */
static void idle_turns_off_a_line(void **state)
{
    (void)state;
    struct position p = position_from_fen(&rules_orthodox, "k1bN3R/pp6/8/8/8/8/8/7K b - - 0 1");
    struct goal_bound *gb = goal_bound_new(&p);
    assert_non_null(gb);
    struct goal_pass pass;
    assert_true(goal_bound_pass_fails(gb, &p, GOAL_MATE, 2, &pass));
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    p.rules->generate(&p, l);
    int bishop = 0, mating = 0;
    for (int i = 0; i < l->count; i++) {
        const struct turn *t = &l->turns[i];
        bool is_idle = goal_bound_turn_idle(gb, &pass, &p, t);
        struct undo u;
        position_make(&p, t, &u);
        bool mate = help_exists(&p, GOAL_MATE, 1);
        position_unmake(&p, &u);
        if (t->from == square_parse(p.geo, "c8")) {
            bishop++;
            mating += mate;
            assert_false(is_idle);
        }
        assert_false(is_idle && mate);
    }
    assert_int_equal(bishop, 5);
    assert_int_equal(mating, 4);
    free(l);
    goal_bound_free(gb);
}

/* Disturbers: with one White unit alone able to check, a Black unit on a
 * flight that could take the checker by a sure move spoils the mate.
 * Black Ka8 Bh2, White Kb6 Se6, Black to play, h#1.  White's one move can
 * check a8 only by Sc7 (b6 is its king's; the king never checks), which
 * leaves a7, b7 to the king and b8 to a Black block: only Bh2-b8 reaches it,
 * and from b8 the bishop takes c7 (no White unit pins it: the knight is the
 * only one that could stand on a line to a8).  Kb8 cannot be checked (Se6
 * reaches neither a6, c6 nor d7), and on a7 or b7 the king stands next to
 * White's.  No solution; counting moves alone, Bb8 and Sc7 fit the budget.
 * With a knight for the bishop (Sa6-b8, which cannot take c7: it leaps to
 * a6, c6 and d7) 1...Sb8 2.Sc7# is a solution and the bound must let it be. */
static void disturbing_blocker(void **state)
{
    (void)state;
    struct position p = position_from_fen(&rules_orthodox, "k7/8/1K2N3/8/8/8/7b/8 b - - 0 1");
    assert_non_null(goal_tables_get(&p)->lines);
    struct goal_bound *gb = orthodox_bound("k7/8/1K2N3/8/8/8/7b/8 b - - 0 1");
    h1_verdict(gb, "k7/8/1K2N3/8/8/8/7b/8 b - - 0 1", true, 0);
    h1_verdict(gb, "k7/8/nK2N3/8/8/8/8/8 b - - 0 1", false, 1);
    /* the same with a second White unit that could check (a rook on h1):
     * Rh8 is a check in the bound's relaxation (lines through units are
     * open there) that needs no block, so the bound lets it stand */
    h1_verdict(gb, "k7/8/1K2N3/8/8/8/7b/7R b - - 0 1", false, -1);
    goal_bound_free(gb);
}

/* A second unit that could check counts only where it fits in the turns
 * beside the checker.  Black Ka8 Bh2, White Kb6 Se6 Se8, Black to play,
 * h#1: either knight checks a8 from c7 in White's one move (neither
 * reaches b6), and then the other stays where it stands, so there is
 * neither a double check nor a pin; Bh2-b8 blocks b8 but takes c7, and b8
 * is denied by no White unit (Se8 reaches c7, d6, f6, g7; Se6 c7, c5, d4,
 * d8, f4, f8, g5, g7; the king a5, b5, c5, a6, c6, a7, b7, c7).
 * On b8 the king cannot be checked (no knight reaches a6, c6 or d7).  No
 * solution; the bound cuts it (before, any second unit that could check at
 * all turned the disturber test off).  Black Ka8 Bh2, White Kb6 Se6 Rh8:
 * Black is in check and 1...Bb8 2.Sc7# mates, the rook pinning the bishop
 * where it stands: a rook on a line to a8 already gives its check there
 * for nothing (once a unit between moves off), so the disturber test is
 * not asked for a8, and the bound must not cut. */
static void second_checker_in_time(void **state)
{
    (void)state;
    struct goal_bound *gb = orthodox_bound("k3N3/8/1K2N3/8/8/8/7b/8 b - - 0 1");
    h1_verdict(gb, "k3N3/8/1K2N3/8/8/8/7b/8 b - - 0 1", true, 0);
    h1_verdict(gb, "k6R/8/1K2N3/8/8/8/7b/8 b - - 0 1", false, 1);
    goal_bound_free(gb);
}

/* On A's last turn a check that no unit gives for nothing (along a line)
 * is the one moving unit's: the others stay, and what the checker denies
 * where it stands now does not count.  A position of b6i_h3_molnar_int's
 * search: White Ka8 Bc6 Sb2, Black Kd3 Bc3 Bd5 Sd2 Se4 Pe2 Pe3 Pf5 Pf7,
 * Black to play and in check from the knight, h#1.  The king staying on
 * d3 (Black's one turn free for a block), its free flights are c2, c4 and
 * d4.  The knight must move (Black must end its contact check), and no
 * knight move from b2 checks d3.  The bishop checks from e4 (over d5 on the
 * bound's empty board, taking the knight on a flight), where nothing else
 * guards it: the king takes it; or from b5, through c4: it denies c4, and
 * c2 and d4 stay free, two flights for one block.  The king's own moves
 * (1...Kc2, 1...Kd4) leave it flights White's one move cannot all take,
 * and the reference search finds no h#1.  Counting the bishop's guard of
 * e4 from c6, where it stands now, the splits let d3 stand (Bxe4+ denying
 * c2 through d3, Sb2 c4, and Bc3-d4 blocking d4).  With White Ka1 Rb1 and
 * Black Kh8 Pa7 Pg7 Ph7, 1...a6 2.Rb8# mates: not cut. */
static void checker_is_the_last_mover(void **state)
{
    (void)state;
    const char *cut = "K7/5p2/2B5/3b1p2/4n3/2bkp3/1N1np3/8 b - - 0 1";
    struct goal_bound *gb = orthodox_bound(cut);
    h1_verdict(gb, cut, true, 0);
    h1_verdict(gb, "7k/p5pp/8/8/8/8/8/KR6 b - - 0 1", false, 1);
    goal_bound_free(gb);
}

/* The same with A's last two turns: a position of b6i_h3_molnar_int's
 * search, White Kb8 Bc6 Sa5, Black Kd3 Ra4 Bd5 Bh8 Sd2 Se4 Pb2 Pe2 Pe3
 * Pf5 Pf7, White to play, h#1.5 (White, Black, White mates).  With the
 * king staying on d3 (Black's one turn free for one block) its free
 * flights are c2, c3, c4 and d4, and only the knight denies one (c4) where
 * it stands.  White's two turns: the bishop checks from b5 in one (it
 * denies c4; the knight's one move adds d4 at most, the king's nothing:
 * c2 and c3 stay free, and no Black unit reaches c2 in one turn), or from
 * e4 (a flight, taking the knight, where no other unit can guard it in
 * one turn), or alone from a square two turns away (b1, f1, a6, g6, ...:
 * at least c3 and d4 stay free); the knight checks only after two turns,
 * from b2, b4, c1, c5 or e5, and then no longer denies c4.  So d3 is
 * given up; the king's own moves leave it flights White's two turns
 * cannot all take, and the reference search finds no h#1.5.  Without the
 * two-turn test the bound let the position stand. */
static void checker_moves_within_two(void **state)
{
    (void)state;
    const char *cut = "1K5b/5p2/2B5/N2b1p2/r3n3/3kp3/1p1np3/8 w - - 0 1";
    struct goal_bound *gb = orthodox_bound(cut);
    help_verdict(gb, cut, 3, true, 0);
    goal_bound_free(gb);
}

/* A contact check is never had for nothing: D's king cannot step into it.
 * White Ka2 Pb3 Bg7, Black Kc5 Pb4 Pb5 Pc3 Pd3 Pd4 Pd5, Black to play, h#1.
 * c4 is the only square the king could be mated on: on c5 (staying) and on
 * b6, c6, d6 (Black's one move) the flights of the sixth rank stay free
 * (Black's pawns never go up, White has one move), and b5 and d5 leave
 * a5-a6 or c6-e6 free.  On c4 its flights are Black's pawns, b3 (guarded by
 * the king) and c5, which the bishop denies from f8 after one move; the
 * pawn b3 attacks c4, but the king cannot walk into that check, so the pawn
 * must move to give one (a count of at least one turn), and White's one
 * move cannot pay for both.  Counting the pawn's attack as a check for
 * nothing (a line piece's check could be discovered; a pawn's cannot), the
 * bound would let c4 stand.  Indeed 1...Kc4 is illegal, and after any other
 * Black move White has no mate. */
static void contact_check_needs_a_turn(void **state)
{
    (void)state;
    struct position p = position_from_fen(&rules_orthodox, "8/6B1/8/1pkp4/1p1p4/1Ppp4/K7/8 b - - 0 1");
    struct goal_bound *gb = goal_bound_new(&p);
    assert_non_null(gb);
    const struct goal_tables *t = goal_tables_get(&p);
    assert_non_null(t->lines);
    /* the pawn's attack on c4 is no line check; a bishop's from g7 on d4 is */
    assert_false(t->lines->line_checks[WHITE][PAWN][bit(&p, "b3")] & SET_BIT(bit(&p, "c4")));
    assert_true(t->checks[WHITE][PAWN][bit(&p, "b3")] & SET_BIT(bit(&p, "c4")));
    assert_true(t->lines->line_checks[WHITE][BISHOP][bit(&p, "g7")] & SET_BIT(bit(&p, "d4")));
    assert_false(t->lines->line_checks[WHITE][BISHOP][bit(&p, "g7")] & SET_BIT(bit(&p, "f6")));
    h1_verdict(gb, "8/6B1/8/1pkp4/1p1p4/1Ppp4/K7/8 b - - 0 1", true, 0);
    goal_bound_free(gb);
}

/* Castling's king move is free (the rook's pays), so what the king serves on
 * its castling square costs nothing.  Popeye's corpus #22 after 1.Sc3*b1
 * Ba5 2.Sa3: White Ke1 Ra1 Ba5 Bf3 Pb3 Pd4 Pe4, Black Kd3 Sa3 Pe3; 0-0-0#:
 * Rd1 checks down the d-file, Kc1 takes c2 and d2, Ba5 c3, b3 c4, Bf3 e2
 * and guards e4, d4 stays on the rook's file, e3 is Black's own; Sa3 and e3
 * reach neither d1 nor d2.  Charged a turn for the king too, the mate would
 * cost two turns and the bound would cut it. */
/* Stalemate needs every unit immobile.  Black Ka1 Pa2 Qe5 Rd5 Sh5 Bh8,
 * White Kc2, Black to play, h=1: White's king keeps b1 and b2 from Black's,
 * a2 is Black's own, so the king's flights alone allow a stalemate.  But
 * the pawn (a3 free), the bishop (g7), the queen, the rook and the knight
 * all have a sure move to an empty square; Black's one turn moves one of
 * them and fills one square, White's one turn fills, takes or pins one
 * more: three of the five stay free.  The bound cuts, and the reference
 * search finds no h=1.  Without the queen, rook and knight (Ka1 Pa2 Bh8),
 * 1...Bh8-b2 2.Kc2-c1 is no stalemate, but the bound may not cut: two
 * units, one turn each side.  Black's passing must not be found to fail by
 * this test: the search skips Black's turns that the king's squares do not
 * care about when passing fails (goal_bound_turn_idle), and such a turn may
 * be the one that takes a unit's last free square. */
static void mobility_cut(void **state)
{
    (void)state;
    struct position p = position_from_fen(&rules_orthodox, "7b/8/8/3rq2n/8/8/p1K5/k7 b - - 0 1");
    struct goal_bound *gb = goal_bound_new(&p);
    assert_non_null(gb);
    assert_true(goal_bound_proves_failure(gb, &p, GOAL_STALEMATE, 2));
    assert_false(help_exists(&p, GOAL_STALEMATE, 2));
    struct goal_pass pass;
    assert_false(goal_bound_pass_fails(gb, &p, GOAL_STALEMATE, 2, &pass));
    struct position q = position_from_fen(&rules_orthodox, "7b/8/8/8/8/8/p1K5/k7 b - - 0 1");
    assert_false(goal_bound_proves_failure(gb, &q, GOAL_STALEMATE, 2));
    goal_bound_free(gb);
}

static void castling_king_is_free(void **state)
{
    (void)state;
    struct position p = position_from_fen(&rules_orthodox, "8/8/8/B7/3PP3/nP1kpB2/8/R3K3 w Q - 0 1");
    struct goal_bound *gb = goal_bound_new(&p);
    assert_non_null(gb);
    assert_true(help_exists(&p, GOAL_MATE, 1));
    assert_false(goal_bound_proves_failure(gb, &p, GOAL_MATE, 1));
    goal_bound_free(gb);
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static unsigned next(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

/* A unit of colour c on a random empty square, then of a kind drawn from
 * the n of `kinds` (the king where n is 0; a pawn drawn on a first or last
 * rank becomes a knight), the generator drawn in that order. */
static void put_random(struct position *p, enum colour c, const enum kind *kinds, unsigned n)
{
    const struct geometry *g = p->geo;
    int sq;
    do {
        /* the rank drawn first, the file then, in statements of their own:
         * the order of a call's arguments is unspecified (C11 6.5.2.2), and
         * two compilers drew two sets of positions */
        int rank = (int)next((unsigned)g->ranks);
        sq = geo_square(g, (int)next((unsigned)g->files), rank);
    } while (p->board[sq] != UNIT_EMPTY);
    enum kind k = n ? kinds[next(n)] : KING;
    if (k == PAWN && (g->rank_of[sq] == 0 || g->rank_of[sq] == g->ranks - 1))
        k = KNIGHT;
    position_put(p, sq, unit_make(c, k));
}

/* A random legal position: both kings, a few units each, no pawn on a first
 * or last rank, the side not to move not in check. */
static bool random_position(const struct rules *r, struct position *p, int white, int black)
{
    static const enum kind kinds[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN, PAWN};
    position_init(p, r, 0);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i <= (c ? black : white); i++)
            put_random(p, (enum colour)c, kinds, i == 0 ? 0 : 6);
    p->st.side = (uint8_t)next(2);
    position_rehash(p);
    return !rules_opponent_in_check(p);
}

static const enum goal goals[] = {GOAL_MATE, GOAL_STALEMATE, GOAL_MATE_OR_STALEMATE};

/* Fails (naming `what`, the turn's index and the position) where the
 * exhaustive search finds a help line of `plies` after turn t at p. */
static void child_unsolvable(struct position *p, const struct turn *t, enum goal g, int plies, const char *what,
                             int i)
{
    struct undo u;
    position_make(p, t, &u);
    bool solvable = help_exists(p, g, plies);
    position_unmake(p, &u);
    if (solvable) {
        char fen[128];
        fen_write(p, fen);
        fail_msg("%s turn (%d) led to a solution: %s goal %d plies %d", what, i, fen, (int)g, plies + 1);
    }
}

/* The next random legal position into p, and the bound (made on first use). */
static void next_case(const struct rules *r, struct position *p, struct goal_bound **gb)
{
    for (;;) {
        int black = 1 + (int)next(4); /* drawn first (put_random) */
        if (random_position(r, p, 1 + (int)next(3), black))
            break;
    }
    if (!*gb)
        *gb = goal_bound_new(p);
    assert_non_null(*gb);
}

static void random_positions(const struct rules *r, int count, int *cuts, int *idle)
{
    struct position p;
    struct goal_bound *gb = NULL;
    for (int n = 0; n < count; n++) {
        next_case(r, &p, &gb);
        for (int plies = 1; plies <= 3; plies++) {
            enum goal g = goals[next(3)];
            struct goal_pass pass;
            if (plies % 2 == 0 && goal_bound_pass_fails(gb, &p, g, plies, &pass)) {
                /* every idle turn leads to a node without a solution */
                struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
                assert_non_null(l);
                r->generate(&p, l);
                for (int i = 0; i < l->count; i++) {
                    if (!goal_bound_turn_idle(gb, &pass, &p, &l->turns[i]))
                        continue;
                    ++*idle;
                    child_unsolvable(&p, &l->turns[i], g, plies - 1, "an idle", i);
                }
                free(l);
            }
            if (!goal_bound_proves_failure(gb, &p, g, plies))
                continue;
            ++*cuts;
            if (help_exists(&p, g, plies)) {
                char fen[128];
                fen_write(&p, fen);
                fail_msg("cut a solvable node: %s goal %d plies %d", fen, (int)g, plies);
            }
        }
    }
    goal_bound_free(gb);
}

/* The king squares a node proves are excluded at the nodes below it
 * (goal_bound_prunes_below): on random positions, each child (and
 * grandchild) of a node, given the squares its ancestors proved, is cut only
 * when the exhaustive search finds no solution from it; the cuts that only
 * the inherited squares allow are counted (*inherited). */
static void random_paths(const struct rules *r, int count, int *cuts, int *inherited)
{
    struct position p;
    struct goal_bound *gb = NULL;
    for (int n = 0; n < count; n++) {
        next_case(r, &p, &gb);
        enum goal g = goals[next(3)];
        int plies = 4;
        square_set root = 0;
        if (goal_bound_prunes_below(gb, &p, g, plies, &root))
            continue; /* checked by random_positions */
        struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX)), *l2 = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
        assert_non_null(l);
        assert_non_null(l2);
        r->generate(&p, l);
        for (int i = 0; i < l->count; i++) {
            struct undo u;
            position_make(&p, &l->turns[i], &u);
            square_set below = root;
            bool cut = goal_bound_prunes_below(gb, &p, g, plies - 1, &below);
            if (cut) {
                ++*cuts;
                *inherited += !goal_bound_proves_failure(gb, &p, g, plies - 1);
                if (help_exists(&p, g, plies - 1)) {
                    char fen[128];
                    fen_write(&p, fen);
                    fail_msg("cut a solvable child: %s goal %d plies %d", fen, (int)g, plies - 1);
                }
            } else {
                r->generate(&p, l2);
                for (int j = 0; j < l2->count; j++) {
                    struct undo u2;
                    position_make(&p, &l2->turns[j], &u2);
                    square_set deeper = below;
                    if (goal_bound_prunes_below(gb, &p, g, plies - 2, &deeper)) {
                        ++*cuts;
                        *inherited += !goal_bound_proves_failure(gb, &p, g, plies - 2);
                        if (help_exists(&p, g, plies - 2)) {
                            char fen[128];
                            fen_write(&p, fen);
                            fail_msg("cut a solvable grandchild: %s goal %d plies %d", fen, (int)g, plies - 2);
                        }
                    }
                    position_unmake(&p, &u2);
                }
            }
            position_unmake(&p, &u);
        }
        free(l);
        free(l2);
    }
    goal_bound_free(gb);
}

static void inherited_squares(void **state)
{
    (void)state;
    int cuts = 0, inherited = 0;
    random_paths(&rules_orthodox, 150, &cuts, &inherited);
    /* the inherited squares cut where the node's own look would not (the
     * counts are fixed by the generator's seed: 10226 and 966 when written) */
    assert_true(cuts > 5000);
    assert_true(inherited > 400);
}

/* Frozen units (frozen.c unit_frozen): White Kh1 Rh4 Bc1, Black Kc5
 * Qa5 Bb5 Sd5 Pe5 Bd6 Rh6 Rh7 Pd7 Pe7 Pd4 Pa3 Pb3 Pd3, Black to play, h#1
 * (from b8i_h4wtp_degener_int's search).  White's one move must check the
 * king on c5 (or on a square its move reaches) and leave every flight
 * denied or blocked.  Black's pawn d4 cannot move (d3 holds its own pawn, c3
 * and e3 hold nothing to take), so it stands on d4 at the end, and what
 * passes d4 is cut: Rh4 attacks neither c4 nor b4, and a bishop on e3
 * would not check.  Then only 2.Bc1xa3+ checks c5, and b6, c6 and c4 stay
 * free; a king move of Black's leaves more flights.  Counting Rh4's attack
 * through d4, the bound found 1...Bb5-c6 2.Bc1-e3# feasible (Be3 checking
 * and denying b6 through d4, the rook c4 and b4).  Without the pawn d3, d4
 * may step to d3 and is not frozen: the same look finds it feasible.  That
 * look is asked with a White pawn on h2, which changes nothing here but
 * keeps out the lines looked at on the board (lines_on_the_board below), which
 * would cut it (and the same with d3 and a White pawn is still cut). */
static void frozen_units(void **state)
{
    (void)state;
    struct goal_bound *gb = orthodox_bound("8/3pp2r/3b3r/qbknp3/3p3R/pp1p4/8/2B4K b - - 0 1");
    h1_verdict(gb, "8/3pp2r/3b3r/qbknp3/3p3R/pp1p4/8/2B4K b - - 0 1", true, 0);
    h1_verdict(gb, "8/3pp2r/3b3r/qbknp3/3p3R/pp1p4/7P/2B4K b - - 0 1", true, 0);
    h1_verdict(gb, "8/3pp2r/3b3r/qbknp3/3p3R/pp6/7P/2B4K b - - 0 1", false, -1);
    goal_bound_free(gb);
}

/* D's king with its one turn left before A's last (king_squares.c
 * other_squares): it ends where it stands or one step away, and
 * never on a unit of its own nor on a square A attacks now.  White Kh3
 * Pg7, Black Kg8 Rh7 Sd7 Be1 Pb4 Pd6 Ph4 Ph5, Black to play, h#1: White's
 * king checks nothing, so the pawn must, promoting: on g8 only where the
 * king left it, and then the king takes the new unit standing next to it
 * (nothing guards g8), or by taking on f8 or h8, where a queen or rook
 * checks from next to the king, unguarded, and a knight does not check
 * g8.  No h#1: cut.  Counted on the empty board alone, the king could
 * stand on h7, its rook's square, and the bound would not cut.  The
 * control: Black Ka8 Pa7, White Kb6 Qd1, where 1...Kb8 2.Qd8# steps next
 * to its own pawn (and 1...a6 or a5 2.Qd8# as well): not cut. */
static void king_steps_on_the_board(void **state)
{
    (void)state;
    const char *cut = "6k1/3n2Pr/3p4/7p/1p5p/7K/8/4b3 b - - 0 1";
    struct goal_bound *gb = orthodox_bound(cut);
    h1_verdict(gb, cut, true, 0);
    h1_verdict(gb, "k7/p7/1K6/8/8/8/8/3Q4 b - - 0 1", false, 1);
    goal_bound_free(gb);
}

/* D's block in its one turn before A's last, read off the board (d_units.c
 * board_blocks) where its king stays.  White Ke4 Qb8, Black Kg1 Ra1 Rf1
 * Pc4, Black to play, h#1: on g1 the queen's checks leave h1 free (Qg3+
 * guards f2, g2 and h2), or more, and no Black unit moves onto h1 in one
 * turn: both rooks' ways there run through g1.  On the empty board either
 * rook reached h1 in one, and the bound let g1 stand.  With the rook on h8
 * instead of a1, 1...Rh8-h1 2.Qb8-g3# (no Black unit reaches g2 or g3):
 * not cut.  And a flight a unit of D's holds takes no other unit in that
 * turn: White Kh3 Pg7, Black Kd8 Bc7 Sd7 Rd2 Pb4 Pd6 Ph4 Ph5, h#1.  On d8
 * only a promotion on g8 checks; the knight on d7 would step onto f8 in
 * its way, so d7 must hold another unit, and the rook reached d7 in one
 * turn on the tables (through the knight that must leave first).  No
 * h#1: cut; on the tables the bound let d8 stand. */
static void blocks_on_the_board(void **state)
{
    (void)state;
    const char *cut = "1Q6/8/8/8/2p1K3/8/8/r4rk1 b - - 0 1";
    struct goal_bound *gb = orthodox_bound(cut);
    h1_verdict(gb, cut, true, 0);
    h1_verdict(gb, "1Q5r/8/8/8/2p1K3/8/8/5rk1 b - - 0 1", false, 1);
    h1_verdict(gb, "3k4/2bn2P1/3p4/7p/1p5p/7K/3r4/8 b - - 0 1", true, 0);
    goal_bound_free(gb);
}

/* A's royal king far from a king square (verdict_cache.c verdict_key,
 * a_units.c king_far) keys that square's verdict as any far square would.  White Kh1
 * Rd1, Black Ka8 Ph7, Black to play, h#1: the rook alone covers at most
 * b8 and the a-file or the eighth rank, a7 and b7 stay free, and Black
 * blocks neither: no h#1, cut; the king on h1 reaches no square next to
 * a8, a7, b7 or b8 in one turn.  With it on g2 instead (just as far), the
 * same four king squares are looked at again and their verdicts come from
 * memory.  With it on b6, where it guards a7 and b7, 1...h6 2.Rd1-d8#
 * mates: not cut, although the rook and Black's units stand as before, so
 * that a king taken for far there would be given the first position's
 * verdicts. */
static void far_king_keyed_as_one(void **state)
{
    (void)state;
    const char *far = "k7/7p/8/8/8/8/8/3R3K b - - 0 1";
    struct goal_bound *gb = orthodox_bound(far);
    h1_verdict(gb, far, true, 0);
    uint64_t hits = goal_bound_verdict_hits(gb);
    h1_verdict(gb, "k7/7p/8/8/8/8/6K1/3R4 b - - 0 1", true, 0);
    assert_true(goal_bound_verdict_hits(gb) >= hits + 4);
    h1_verdict(gb, "k7/7p/1K6/8/8/8/8/3R4 b - - 0 1", false, 1);
    goal_bound_free(gb);
}

/* A check for nothing looked at on the board (check_lines.c
 * discovered_check_clear, moved_check_clear).  White Kh1 Rh8 Sd8, Black
 * Ka8 Sb8 Bc8 Pa7 Pb7 Pe5, Black to play, h#1.  The king cannot move (a7,
 * b7 and b8 hold its own units), so White's one move must check a8 and
 * leave no flight: a7, b7 and b8 are Black's, and b8 would be denied by the
 * rook's line.  On the empty board the rook checks a8 along the eighth
 * rank where it stands, and the knight's move off that line would discover
 * it, which is why the verdict lets a8 stand.  On the board three units
 * stand on the line, Black's b8 and c8 and White's d8: Black's one move
 * takes at most one of them off it (a capture leaves the taker there), so
 * the line stays shut after any knight move; nor does any other move of
 * White's check a8 (the knight's check squares b6 and c7 are no leap from
 * d8; the rook reaches no square of the a-file, and checks from e8 to g8
 * only through d8, or takes on c8 only over its own knight: on the empty
 * board that capture is a check the line b8 alone blocks).  No h#1: cut.
 * Without the bishop c8 (control), 1...Sb8-c6 2.Sd8-e6# mates by discovery
 * (b8 now empty and on the rook's line): not cut.  With a White pawn on h2
 * the board's lines are not looked at (only where the mating side has no
 * pawn, which could take en passant off a line), and the first position
 * is not cut. */
static void lines_on_the_board(void **state)
{
    (void)state;
    const char *cut = "knbN3R/pp6/8/4p3/8/8/8/7K b - - 0 1";
    struct goal_bound *gb = orthodox_bound(cut);
    h1_verdict(gb, cut, true, 0);
    h1_verdict(gb, "kn1N3R/pp6/8/4p3/8/8/8/7K b - - 0 1", false, 1);
    h1_verdict(gb, "knbN3R/pp6/8/4p3/8/8/7P/7K b - - 0 1", false, 0);
    goal_bound_free(gb);
}

/* The check test after the mating side's turn (goal_bound_turn_checkless),
 * worked out by hand.  White Ka1 Nb1, Black Kh8, White to play h#1.5: after
 * any knight move (to a3, c3 or d2) the knight reaches in one more move only
 * squares from which it checks none of h8, g8, g7, h7 (a knight checks those
 * from f7, g6, e7, f6, h6, e6, e8, f5, h5, f8, g5: two moves away at least),
 * and a king checks nothing: every White turn is checkless, and no h#1.5
 * exists.  With a queen on d1 instead, Qd1-d4 is not checkless (Qd8+ or
 * Qh4+ follow), nor is Qd1-d2 (Qh6+); Ka1-b2 leaves the queen's own checks
 * (Qh5+ from d1).  The king's own square may have been proved above (given
 * as excluded): White Kh7 Bh6 Pd7, Black Kg4 Pc4 Pg3 Sg1 with g4 proved,
 * the king's other squares still count: after d7-d8 (any promotion) the
 * bishop checks g5 where it stands, and the new unit checks h5 or f5 within
 * a turn (Qg5+, Rd5+), so the turn is not checkless; the h#1.5 1...d8=Q
 * 2.Kh5 Qg5# exists (Popeye's answer too). */
static void checkless_turns(void **state)
{
    (void)state;
    static const struct {
        const char *fen, *turn, *excluded;
        bool checkless;
    } cases[] = {
        {"7k/8/8/8/8/8/8/KN6 w - - 0 1", "b1c3", NULL, true},
        {"7k/8/8/8/8/8/8/KN6 w - - 0 1", "b1d2", NULL, true},
        {"7k/8/8/8/8/8/8/KN6 w - - 0 1", "a1b2", NULL, true},
        {"7k/8/8/8/8/8/8/K2Q4 w - - 0 1", "d1d4", NULL, false},
        {"7k/8/8/8/8/8/8/K2Q4 w - - 0 1", "d1d2", NULL, false},
        {"7k/8/8/8/8/8/8/K2Q4 w - - 0 1", "a1b2", NULL, false},
        {"8/3P3K/7B/8/2p3k1/6p1/8/6n1 w - - 0 1", "d7d8", "g4", false},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        struct position p = position_from_fen(&rules_orthodox, cases[c].fen);
        struct goal_bound *gb = goal_bound_new(&p);
        assert_non_null(gb);
        struct goal_checks checks;
        square_set excluded = cases[c].excluded ? SET_BIT(bit(&p, cases[c].excluded)) : 0;
        assert_true(goal_bound_checks_prepare(gb, &p, GOAL_MATE, 3, excluded, &checks));
        struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
        assert_non_null(l);
        p.rules->generate(&p, l);
        int from = square_parse(p.geo, (char[]){cases[c].turn[0], cases[c].turn[1], 0});
        int to = square_parse(p.geo, (char[]){cases[c].turn[2], cases[c].turn[3], 0});
        bool seen = false;
        for (int i = 0; i < l->count; i++) {
            if (l->turns[i].from != from || l->turns[i].to != to)
                continue;
            seen = true;
            if (goal_bound_turn_checkless(gb, &checks, &p, &l->turns[i]) != cases[c].checkless)
                fail_msg("%s %s: checkless should be %d", cases[c].fen, cases[c].turn, cases[c].checkless);
        }
        assert_true(seen);
        if (cases[c].checkless)
            assert_false(help_exists(&p, GOAL_MATE, 3));
        else if (cases[c].excluded) /* the h#1.5 above */
            assert_true(help_exists(&p, GOAL_MATE, 3));
        free(l);
        goal_bound_free(gb);
    }
}

/* A random legal position with the side to move (the mating side here)
 * given a king and 1-2 knights, bishops or pawns, the other side a king and
 * 1-4 units of any kind: little mating force, where the check test cuts. */
static bool random_weak_position(const struct rules *r, struct position *p)
{
    static const enum kind strong[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN, PAWN}, weak[] = {KNIGHT, BISHOP, PAWN};
    position_init(p, r, 0);
    enum colour A = (enum colour)next(2);
    for (int c = 0; c < 2; c++) {
        int units = c == (int)A ? 1 + (int)next(2) : 1 + (int)next(4);
        for (int i = 0; i <= units; i++)
            put_random(p, (enum colour)c, c == (int)A ? weak : strong, i == 0 ? 0 : c == (int)A ? 3 : 6);
    }
    p->st.side = (uint8_t)A;
    position_rehash(p);
    return !rules_opponent_in_check(p);
}

/* On random positions with the mating side to move and three half-moves
 * left, given the king squares the node's own look proved (as help.c asks
 * it; none where that look cuts the node whole, which would make every turn
 * checkless), every checkless turn leads to a node without an h#1 (the
 * exhaustive search); and the test cuts some turns, so that it is tested
 * at all. */
static void random_checkless(const struct rules *r, int count, int *cut)
{
    struct position p;
    struct goal_bound *gb = NULL;
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    for (int n = 0; n < count; n++) {
        while (!random_weak_position(r, &p))
            ;
        if (!gb)
            gb = goal_bound_new(&p);
        assert_non_null(gb);
        square_set proved = 0;
        if (goal_bound_prunes_below(gb, &p, GOAL_MATE, 3, &proved))
            proved = 0; /* cut whole: the test on its own, with nothing proved */
        /* a bound that has learnt nothing: the test is asked at every node
         * (the search stops asking where it seldom cuts) */
        struct goal_bound *fresh = goal_bound_new_like(gb, NULL);
        assert_non_null(fresh);
        struct goal_checks checks;
        assert_true(goal_bound_checks_prepare(fresh, &p, GOAL_MATE, 3, proved, &checks));
        r->generate(&p, l);
        for (int i = 0; i < l->count; i++) {
            if (!goal_bound_turn_checkless(fresh, &checks, &p, &l->turns[i]))
                continue;
            ++*cut;
            child_unsolvable(&p, &l->turns[i], GOAL_MATE, 2, "a checkless", i);
        }
        goal_bound_free(fresh);
    }
    free(l);
    goal_bound_free(gb);
}

static void random_checkless_turns(void **state)
{
    (void)state;
    int orthodox = 0, relay = 0;
    random_checkless(&rules_orthodox, 400, &orthodox);
    random_checkless(&rules_knight_relay, 400, &relay);
    print_message("checkless turns cut: orthodox %d, Knight relay %d\n", orthodox, relay);
    assert_true(orthodox > 100);
    assert_true(relay > 100);
}

static void random_orthodox(void **state)
{
    (void)state;
    int cuts = 0, idle = 0;
    random_positions(&rules_orthodox, 400, &cuts, &idle);
    /* the bound is active: most of these sparse positions admit no goal */
    assert_true(cuts > 200);
    assert_true(idle > 50);
}

static void random_knight_relay(void **state)
{
    (void)state;
    int cuts = 0, idle = 0;
    random_positions(&rules_knight_relay, 400, &cuts, &idle);
    assert_true(cuts > 200);
    assert_true(idle > 50);
}

/* The sharper Knight relay variants against the exhaustive search: each
 * random position's bound is built for the turns its length leaves
 * (goal_bound_new_turns), and a cut must never hide a help line. */
static void random_knight_relay_turns(void **state)
{
    (void)state;
    struct position p;
    static const enum goal goals[] = {GOAL_MATE, GOAL_STALEMATE, GOAL_MATE_OR_STALEMATE};
    int cuts = 0, sharper = 0;
    for (int n = 0; n < 600;) {
        int black = 1 + (int)next(4); /* drawn first (put_random) */
        if (!random_position(&rules_knight_relay, &p, 1 + (int)next(3), black))
            continue;
        n++;
        for (int plies = 1; plies <= 3; plies++) {
            int turns = (plies + 1) / 2;
            const int both[2] = {turns, turns};
            sharper += rules_knight_relay.goal->variant(&p, both) != 0;
            struct goal_bound *gb = goal_bound_new_turns(&p, both);
            assert_non_null(gb);
            enum goal g = goals[next(3)];
            if (goal_bound_proves_failure(gb, &p, g, plies)) {
                ++cuts;
                if (help_exists(&p, g, plies)) {
                    char fen[128];
                    fen_write(&p, fen);
                    fail_msg("cut a solvable node: %s goal %d plies %d", fen, (int)g, plies);
                }
            }
            goal_bound_free(gb);
        }
    }
    assert_true(cuts > 300);
    assert_true(sharper > 300);
}

/* The verdicts a bound remembers (verdict_cache.c verdict_key) never change
 * an answer: a bound that has seen many positions answers each as a bound
 * made for it alone does.  The positions come in families that differ in
 * one unit of the side to move (a step of a unit, as siblings after a turn
 * do), so that many keys meet again: those of squares the unit cannot reach
 * in time must (the test asks for hits), the others must not.  Members
 * that move a unit of either side also send the bound back and forth
 * between its two lists of D's units (struct d_list): taking the other
 * list without its placement's check, or keeping the one in use where the
 * other matched, fails here (checked). */
static void remembered_verdicts(const struct rules *r, int families)
{
    struct position base, p;
    struct goal_bound *warm = NULL;
    int asked = 0;
    for (int f = 0; f < families; f++) {
        next_case(r, &base, &warm);
        for (int v = 0; v < 8; v++) {
            p = base;
            /* one unit of the side to move (not the king) to an empty square;
             * in every second member one of either side, a king too (the far
             * king and D's movers keyed by what they do, not where they
             * stand: verdict_key, board_blocks) */
            int from = -1, seen = 0;
            for (int sq = 0; sq < p.geo->squares; sq++) {
                unit_t u = p.board[sq];
                bool any = v % 2 && (unit_is(u, WHITE) || unit_is(u, BLACK));
                bool own = unit_is(u, (enum colour)p.st.side) && sq != p.st.king_sq[p.st.side];
                if (p.geo->on_board[sq] && (any || own) && next((unsigned)++seen) == 0)
                    from = sq;
            }
            if (from >= 0) {
                int to;
                do {
                    int rank = (int)next((unsigned)p.geo->ranks); /* drawn first (put_random) */
                    to = geo_square(p.geo, (int)next((unsigned)p.geo->files), rank);
                } while (p.board[to] != UNIT_EMPTY);
                unit_t u = p.board[from];
                if (unit_kind(u) == PAWN && (p.geo->rank_of[to] == 0 || p.geo->rank_of[to] == p.geo->ranks - 1))
                    continue;
                position_put(&p, from, UNIT_EMPTY);
                position_put(&p, to, u);
                position_rehash(&p);
                if (rules_opponent_in_check(&p))
                    continue;
            }
            for (int plies = 2; plies <= 5; plies++) {
                enum goal g = goals[next(3)];
                struct goal_bound *fresh = goal_bound_new(&p);
                assert_non_null(fresh);
                bool expected = goal_bound_proves_failure(fresh, &p, g, plies);
                goal_bound_free(fresh);
                if (goal_bound_proves_failure(warm, &p, g, plies) != expected) {
                    char fen[128];
                    fen_write(&p, fen);
                    fail_msg("a remembered verdict changed the answer: %s goal %d plies %d", fen, (int)g, plies);
                }
                asked++;
            }
        }
    }
    assert_true(asked > families * 20);
    /* the memory was used: squares answered from it (3834 of 4008 looks
     * orthodox, 2149 of 3988 Knight relay, with the key of units within rb;
     * 1371 and 662 with units within all of D's turns) */
    assert_true(goal_bound_verdict_hits(warm) > (uint64_t)asked / 10);
    goal_bound_free(warm);
}

static void remembered_verdicts_orthodox(void **state)
{
    (void)state;
    remembered_verdicts(&rules_orthodox, 150);
}

static void remembered_verdicts_knight_relay(void **state)
{
    (void)state;
    remembered_verdicts(&rules_knight_relay, 150);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(orthodox_counts),
        cmocka_unit_test(tables_built_alike),
        cmocka_unit_test(knight_relay_counts),
        cmocka_unit_test(knight_relay_variants),
        cmocka_unit_test(obvious_cut),
        cmocka_unit_test(capture_needs_a_unit),
        cmocka_unit_test(idle_turns),
        cmocka_unit_test(idle_turns_but_a_block),
        cmocka_unit_test(idle_turns_off_a_line),
        cmocka_unit_test(castling_king_is_free),
        cmocka_unit_test(disturbing_blocker),
        cmocka_unit_test(second_checker_in_time),
        cmocka_unit_test(contact_check_needs_a_turn),
        cmocka_unit_test(checker_is_the_last_mover),
        cmocka_unit_test(checker_moves_within_two),
        cmocka_unit_test(far_king_keyed_as_one),
        cmocka_unit_test(mobility_cut),
        cmocka_unit_test(random_orthodox),
        cmocka_unit_test(inherited_squares),
        cmocka_unit_test(random_knight_relay),
        cmocka_unit_test(random_knight_relay_turns),
        cmocka_unit_test(remembered_verdicts_orthodox),
        cmocka_unit_test(remembered_verdicts_knight_relay),
        cmocka_unit_test(frozen_units),
        cmocka_unit_test(lines_on_the_board),
        cmocka_unit_test(king_steps_on_the_board),
        cmocka_unit_test(blocks_on_the_board),
        cmocka_unit_test(checkless_turns),
        cmocka_unit_test(random_checkless_turns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
