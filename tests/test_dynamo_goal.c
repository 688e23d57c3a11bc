/* Dynamo's check_needs and may_give_check (rules/dynamo_goal.c) against an
 * exhaustive search (tests/help_reference.h) on random and hand-built positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../src/rules/dynamo_goal.h"
#include "../src/rules/rules.h"
#include "help_reference.h"

static uint64_t rng = 0x2545f4914f6cdd1dull;
static unsigned next(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

/* A random legal Dynamo position: both kings, `most` more units at most
 * each, no pawn on a first or last rank, castling where king and rook stand
 * at home, random switches, the side not to move not in check. */
static const enum kind all_kinds[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN, PAWN, ROOK, KNIGHT};
/* kings, knights and pawns mostly: may_give_check's cheap answer is given
 * only where the side to move has no queen, rook or bishop */
static const enum kind minor_kinds[] = {KNIGHT, PAWN, PAWN, PAWN, KNIGHT, PAWN, BISHOP, PAWN};
static const enum kind *kinds = all_kinds;

static bool random_position(struct position *p, int most)
{
    position_init(p, &rules_dynamo, next(8));
    const struct geometry *g = p->geo;
    int counts[2];
    counts[0] = (int)next((unsigned)most + 1);
    counts[1] = (int)next((unsigned)most + 1);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i <= counts[c]; i++) {
            int sq;
            do {
                int rank = (int)next((unsigned)g->ranks);
                sq = geo_square(g, (int)next((unsigned)g->files), rank);
            } while (p->board[sq] != UNIT_EMPTY);
            enum kind k = i == 0 ? KING : kinds[next(8)];
            if (k == PAWN && (g->rank_of[sq] == 0 || g->rank_of[sq] == g->ranks - 1))
                k = BISHOP;
            position_put(p, sq, unit_make((enum colour)c, k));
        }
    p->st.side = (uint8_t)next(2);
    if (next(2))
        position_default_castling(p);
    position_rehash(p);
    return !rules_opponent_in_check(p);
}

/* Whether the side to move has a legal turn that leaves the other side's
 * king attacked: every turn played and tested. */
static bool has_checking_turn(struct position *p, struct turn_list *l)
{
    p->rules->generate(p, l);
    for (int i = 0; i < l->count; i++) {
        struct undo u;
        position_make(p, &l->turns[i], &u);
        bool check = rules_in_check(p, (enum colour)p->st.side);
        position_unmake(p, &u);
        if (check)
            return true;
    }
    return false;
}

static bool touches(const struct position *p, const struct turn *t, square_set set)
{
    const square_set *bit = p->geo->bit;
    return ((bit[t->from] | bit[t->to] | bit[t->from2] | bit[t->to2] | bit[t->capture_sq]) & set) != 0;
}

struct tally {
    int positions, known; /* positions, and those where the hook named squares */
    long turns, cut;      /* turns of the side to move there, and those it cuts */
    long followed;        /* turns followed by a check (each must be kept) */
};

static void audit(int count, int most, struct tally *t)
{
    struct turn_list *mine = malloc(TURN_LIST_BYTES(TURN_LIST_MAX)), *theirs = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(mine);
    assert_non_null(theirs);
    while (t->positions < count) {
        struct position p;
        if (!random_position(&p, most))
            continue;
        t->positions++;
        square_set relevant;
        struct position before = p;
        bool known = dynamo_check_needs(&p, &relevant);
        assert_memory_equal(&before, &p, sizeof p); /* the hook leaves p as it found it */
        if (!known)
            continue;
        t->known++;
        p.rules->generate(&p, mine);
        for (int i = 0; i < mine->count; i++) {
            const struct turn *d = &mine->turns[i];
            bool kept = touches(&p, d, relevant);
            t->turns++;
            t->cut += !kept;
            struct undo u;
            position_make(&p, d, &u);
            bool followed = has_checking_turn(&p, theirs);
            if (!kept) /* the reference: no mate in one after a cut turn */
                assert_false(help_exists(&p, GOAL_MATE, 1));
            position_unmake(&p, &u);
            t->followed += followed;
            if (followed && !kept) {
                char fen[128];
                snprintf(fen, sizeof fen, "turn %d of %d", i, mine->count);
                fail_msg("a turn followed by a check is cut (%s)", fen);
            }
        }
    }
    free(mine);
    free(theirs);
}

/* Few units (the hook names squares more often) and many. */
static void random_positions(void **state)
{
    (void)state;
    struct tally few = {0}, many = {0};
    audit(6000, 3, &few);
    audit(3000, 7, &many);
    struct tally minor = {0};
    kinds = minor_kinds;
    audit(6000, 4, &minor);
    kinds = all_kinds;
    print_message("kings, knights and pawns: %d positions, %d known, %ld turns, %ld cut, %ld followed by a check\n",
                  minor.positions, minor.known, minor.turns, minor.cut, minor.followed);
    assert_true(minor.cut > 0 && minor.followed > 0);
    print_message("few units: %d positions, %d known, %ld turns, %ld cut, %ld followed by a check\n", few.positions,
                  few.known, few.turns, few.cut, few.followed);
    print_message("many units: %d positions, %d known, %ld turns, %ld cut, %ld followed by a check\n",
                  many.positions, many.known, many.turns, many.cut, many.followed);
    /* the test can fail only where both kinds of turn are met */
    assert_true(few.cut > 0 && few.followed > 0);
    assert_true(many.cut > 0 && many.followed > 0);
}

/* Worked out by hand (RULES 3.1, 3.2, 3.5): White Kh1 Bc1, Black Ka8 Pb6,
 * Black to move.  White has no checking turn: the bishop (dark squares)
 * reaches no diagonal through a8, and a line attack needs a bishop on a
 * diagonal through a8 (the long diagonal holds only White's king, which
 * attacks only from beside a8).  White's turns read the bishop's diagonals
 * and the king's neighbours; b6-b5 touches none of them and no line through
 * a8 that a white slider could stand on: cut.  Ka8-b8 moves the king: kept. */
static void by_hand(void **state)
{
    (void)state;
    struct position p;
    position_init(&p, &rules_dynamo, 0);
    const struct geometry *g = p.geo;
    position_put(&p, geo_square(g, 7, 0), unit_make(WHITE, KING));
    position_put(&p, geo_square(g, 2, 0), unit_make(WHITE, BISHOP));
    position_put(&p, geo_square(g, 0, 7), unit_make(BLACK, KING));
    position_put(&p, geo_square(g, 1, 5), unit_make(BLACK, PAWN));
    p.st.side = BLACK;
    position_rehash(&p);
    square_set relevant;
    assert_true(dynamo_check_needs(&p, &relevant));
    assert_false((relevant & g->bit[geo_square(g, 1, 5)]) != 0); /* b6 */
    assert_false((relevant & g->bit[geo_square(g, 1, 4)]) != 0); /* b5 */
    assert_true((relevant & g->bit[geo_square(g, 0, 7)]) != 0); /* a8, the king */
    assert_true((relevant & g->bit[geo_square(g, 4, 2)]) != 0); /* e3, on the bishop's diagonal */
    assert_true((relevant & g->bit[geo_square(g, 6, 1)]) != 0); /* g2, beside White's king */
}

/* may_give_check on random positions (the side not to move not in check):
 * where it answers no, no legal turn gives check (every turn played), and
 * the reference finds no mate in one. */
static void may_give_check_random(void **state)
{
    (void)state;
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    int positions = 0, no = 0, checks = 0;
    kinds = minor_kinds;
    while (positions < 20000) {
        struct position p;
        if (!random_position(&p, 4))
            continue;
        positions++;
        struct position before = p;
        bool may = dynamo_may_give_check(&p);
        assert_memory_equal(&before, &p, sizeof p);
        bool check = has_checking_turn(&p, l);
        checks += check;
        if (may)
            continue;
        no++;
        assert_false(check);
        assert_false(help_exists(&p, GOAL_MATE, 1));
    }
    kinds = all_kinds;
    free(l);
    print_message("may_give_check: %d positions, %d answered no, %d with a checking turn\n", positions, no, checks);
    assert_true(no > 1000 && checks > 1000);
}

static void put(struct position *p, const char *sq, enum colour c, enum kind k)
{
    position_put(p, geo_square(p->geo, sq[0] - 'a', sq[1] - '1'), unit_make(c, k));
}

/* Worked out by hand (RULES 3.3, 3.5), White to move.  White Kh1 Pb2,
 * Black Ka5: b2-b4 gives check (the pawn on b4 may push a5 one more square
 * along b4-a5, off the board), so the answer must be yes; the pawn moves two
 * ranks.  With the black king on a6 instead, no turn of White's checks: the
 * pawn reaches b3 or b4, and only a pawn on b5 pushes a6 off; Kh1 reaches
 * nothing near: the answer is no.  White Kh1 Sd3, Black Ka6: Sd3-c5 does
 * not check (c5 is no square from which a knight pushes or pulls a6 off the
 * board) but Sd3-b4 does (b4-a6 is a leap, and a6 pushed on by it leaves the
 * board): yes. */
static void may_give_check_by_hand(void **state)
{
    (void)state;
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    const char *const black_king[] = {"a5", "a6", "a6"};
    const enum kind white[] = {PAWN, PAWN, KNIGHT};
    const char *const white_sq[] = {"b2", "b2", "d3"};
    const bool expected[] = {true, false, true};
    for (int i = 0; i < 3; i++) {
        struct position p;
        position_init(&p, &rules_dynamo, 0);
        put(&p, "h1", WHITE, KING);
        put(&p, white_sq[i], WHITE, white[i]);
        put(&p, black_king[i], BLACK, KING);
        p.st.side = WHITE;
        position_rehash(&p);
        assert_int_equal(has_checking_turn(&p, l), expected[i]);
        assert_int_equal(dynamo_may_give_check(&p), expected[i]);
    }
    free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(may_give_check_by_hand),
        cmocka_unit_test(may_give_check_random),
        cmocka_unit_test(by_hand),
        cmocka_unit_test(random_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
