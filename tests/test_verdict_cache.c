/* The goal bound's memory of king squares' verdicts (verdict_cache.c verdict_key)
 * against a bound that works every verdict out: the same answers everywhere. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/bound/goal_bound.h"
#include "../src/rules/rules.h"

#include "fen_fixture.h"

/* A key must hold everything a verdict reads: a field left out lets a
 * verdict worked out at one node answer for another node that differs in
 * that field, and the search prunes where it must not.  No answer of the
 * bound may depend on its memory, so two bounds on the same tables, one
 * remembering and one working every verdict out, asked the same questions
 * in the same order, answer alike: their statistics (what each asks next)
 * follow their answers and stay alike too.  The questions are those of a
 * help search on random positions, walked whole a few half-moves deep:
 * siblings differ in one unit of either side (a king too), and along the
 * path the turns left shrink, so that keys meet again and verdicts are
 * taken from memory (counted: the test asks for it) where the unit moved
 * makes no difference to them, and would be, wrongly, where it does if the
 * key left it out.  At each node the bound is also asked with turns of
 * each side drawn at random, for either side as the mating one and any
 * goal, and with one turn each both ways (where the side to be mated moves
 * first, its one turn is read off the board): the same units under other
 * budgets and goals, with either side moving first. */

static uint64_t rng = 0x2545f4914f6cdd1dull;
static unsigned next(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

static const enum goal goals[] = {GOAL_MATE, GOAL_STALEMATE, GOAL_MATE_OR_STALEMATE};

/* A unit of colour c and kind k (a pawn on a first or last rank becomes a
 * knight) on a random empty square, its rank drawn before its file. */
static void put_random(struct position *p, enum colour c, enum kind k)
{
    const struct geometry *g = p->geo;
    int sq;
    do {
        int rank = (int)next((unsigned)g->ranks);
        sq = geo_square(g, (int)next((unsigned)g->files), rank);
    } while (p->board[sq] != UNIT_EMPTY);
    if (k == PAWN && (g->rank_of[sq] == 0 || g->rank_of[sq] == g->ranks - 1))
        k = KNIGHT;
    position_put(p, sq, unit_make(c, k));
}

/* A random legal position: both kings, 1-4 other units of each side, the
 * side not to move not in check.  Up to four: D's blocks read off the board
 * (d_units.c board_blocks) differ from its tables' counts only where
 * units stand in each other's way, which sparser positions seldom give,
 * and a key must tell those two verdicts apart. */
static void random_position(const struct rules *r, struct position *p)
{
    static const enum kind kinds[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN, PAWN};
    do {
        position_init(p, r, 0);
        for (int c = 0; c < 2; c++) {
            put_random(p, (enum colour)c, KING);
            for (int i = 1 + (int)next(4); i > 0; i--)
                put_random(p, (enum colour)c, kinds[next(6)]);
        }
        p->st.side = (uint8_t)next(2);
        position_rehash(p);
    } while (rules_opponent_in_check(p));
}

/* The two bounds and what they were asked. */
struct pair {
    struct goal_bound *on, *off;
    long asked, cut;
};

/* b's bounds, made on first use for the tables of p's variant (the turns
 * left per side at most `turns`: goal_bound_new_turns). */
static struct pair *pair_for(struct pair b[GOAL_VARIANTS], const struct position *p, const int turns[2])
{
    const struct goal_hooks *h = p->rules->goal;
    unsigned v = h->variant ? h->variant(p, turns) : 0;
    assert_true(v < GOAL_VARIANTS);
    if (!b[v].on) {
        b[v].on = goal_bound_new_turns(p, turns);
        b[v].off = goal_bound_new_turns(p, turns);
        assert_non_null(b[v].on);
        assert_non_null(b[v].off);
        goal_bound_remember_verdicts(b[v].off, false);
    }
    return &b[v];
}

/* Fails, naming the question (and its budgets in `how`) and the position. */
static void differ(const struct position *p, const char *question, enum goal g, const char *how, int x, int y)
{
    char fen[128], budgets[64];
    fen_write(p, fen);
    snprintf(budgets, sizeof budgets, how, x, y);
    fail_msg("remembered verdicts changed %s at %s, goal %d, %s", question, fen, (int)g, budgets);
}

/* A look with the turns given per side (series play, and help play's
 * looks along a path): the answer and the king squares it proved. */
static void ask_below(struct pair *b, const struct position *p, enum goal g, enum colour A, int a, int d,
                      square_set *excluded)
{
    square_set on = *excluded, off = *excluded;
    bool cut = goal_bound_proves_failure_below(b->on, p, g, A, a, d, &on);
    if (goal_bound_proves_failure_below(b->off, p, g, A, a, d, &off) != cut || on != off)
        differ(p, A == WHITE ? "a look, White mating" : "a look, Black mating", g, "a %d d %d", a, d);
    b->asked++;
    b->cut += cut;
    *excluded = on;
}

/* The questions of help play at a node with `plies` half-moves left and
 * the squares proved above it: the node's look, and where D is to move,
 * its pass and which of its turns are idle. */
static void ask_help(struct pair *b, struct position *p, enum goal g, int plies, square_set *excluded,
                     struct turn_list *l)
{
    square_set on = *excluded, off = *excluded;
    bool cut = goal_bound_prunes_below(b->on, p, g, plies, &on);
    if (goal_bound_prunes_below(b->off, p, g, plies, &off) != cut || on != off)
        differ(p, "a node's look", g, "plies %d", plies, 0);
    cut = goal_bound_proves_failure(b->on, p, g, plies);
    if (goal_bound_proves_failure(b->off, p, g, plies) != cut)
        differ(p, "a node's own look", g, "plies %d", plies, 0);
    b->asked += 2;
    b->cut += cut;
    *excluded = on;
    if (plies < 2 || plies % 2)
        return;
    struct goal_pass pass_on, pass_off;
    bool fails = goal_bound_pass_fails_below(b->on, p, g, plies, excluded, &pass_on);
    if (goal_bound_pass_fails_below(b->off, p, g, plies, excluded, &pass_off) != fails)
        differ(p, "a pass", g, "plies %d", plies, 0);
    b->asked++;
    if (!fails)
        return;
    if (pass_on.flights != pass_off.flights || pass_on.lines != pass_off.lines || pass_on.d != pass_off.d ||
        pass_on.plain != pass_off.plain)
        differ(p, "what a pass leaves", g, "plies %d", plies, 0);
    for (int i = 0; i < l->count; i++)
        if (goal_bound_turn_idle(b->on, &pass_on, p, &l->turns[i]) !=
            goal_bound_turn_idle(b->off, &pass_off, p, &l->turns[i]))
            differ(p, "an idle turn", g, "plies %d, turn %d", plies, i);
}

/* The node p of a help play of `plies` half-moves left, with goal g and
 * the squares proved above it, then (while `depth` lasts) every node
 * below it: the nodes the bound cuts too, whose looks are questions as
 * good as any. */
static void walk(struct pair *b, struct position *p, enum goal g, int plies, square_set excluded, int depth)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    p->rules->generate(p, l);
    ask_help(b, p, g, plies, &excluded, l);
    for (int A = WHITE; A <= BLACK; A++) {
        square_set none = 0, none2 = 0;
        ask_below(b, p, goals[next(3)], (enum colour)A, 1 + (int)next(3), (int)next(4), &none);
        ask_below(b, p, goals[next(3)], (enum colour)A, 1, 1, &none2);
    }
    for (int i = 0; depth > 0 && plies > 1 && i < l->count; i++) {
        struct undo u;
        position_make(p, &l->turns[i], &u);
        walk(b, p, g, plies - 1, excluded, depth - 1);
        position_unmake(p, &u);
    }
    free(l);
}

/* A position whose h#1 only the second look, with D's frozen units
 * (goal_bound.c frozen_fails), cuts: test_goal_bound.c frozen_units' with
 * White's king on e4 instead of h1.  Random positions seldom freeze a unit
 * that matters.  The second look's keys differ from the first's by the
 * lines it cuts, and by A's king where the first keys it as far from a
 * square (verdict_key): near it, on e4, the lines alone tell them apart. */
static const char *const frozen_root = "8/3pp2r/3b3r/qbknp3/3pK2R/pp1p4/7P/2B5 b - - 0 1";

/* `roots` random positions of rule set r, each the root of a help play of
 * 3-5 half-moves walked two half-moves deep, then frozen_root as h#1 and
 * h#2.  No side has more than three turns in any question (those of the
 * play, and the budgets drawn in walk), so the bounds are made for that
 * (goal_bound_new_turns): where the rule set's variant hook sharpens the
 * tables for it (Knight relay's colours that never leap), the bound reads
 * the board as in orthodox chess (D's blocks, its frozen units:
 * d_units.c board_blocks, goal_bound.c frozen_fails), whose verdicts the key must
 * tell apart too.  One pair of bounds per variant, kept across the roots. */
static void verdicts_remembered_alike(const struct rules *r, int roots)
{
    static const int turns[2] = {3, 3};
    struct pair b[GOAL_VARIANTS] = {{0}};
    struct position p;
    for (int n = 0; n < roots; n++) {
        random_position(r, &p);
        int plies = 3 + (int)next(3);
        walk(pair_for(b, &p, turns), &p, goals[next(3)], plies, 0, 2);
    }
    p = position_from_fen(r, frozen_root);
    walk(pair_for(b, &p, turns), &p, GOAL_MATE, 2, 0, 2);
    walk(pair_for(b, &p, turns), &p, GOAL_MATE, 4, 0, 2);
    long asked = 0, cut = 0;
    uint64_t hits = 0;
    int variants = 0;
    for (unsigned v = 0; v < GOAL_VARIANTS; v++) {
        if (!b[v].on)
            continue;
        variants++;
        asked += b[v].asked;
        cut += b[v].cut;
        hits += goal_bound_verdict_hits(b[v].on);
        assert_int_equal(goal_bound_verdict_hits(b[v].off), 0);
        goal_bound_free(b[v].on);
        goal_bound_free(b[v].off);
    }
    print_message("%s: %ld questions (%d variants of the tables), %ld cut, %llu verdicts from memory\n", r->name,
                  asked, variants, cut, (unsigned long long)hits);
    /* the memory served, and the answers were not all alike */
    assert_true(hits > (uint64_t)asked / 2);
    assert_true(cut > asked / 10 && cut < asked * 9 / 10);
}

static void orthodox(void **state)
{
    (void)state;
    verdicts_remembered_alike(&rules_orthodox, 40);
}

static void knight_relay(void **state)
{
    (void)state;
    verdicts_remembered_alike(&rules_knight_relay, 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(orthodox),
        cmocka_unit_test(knight_relay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
