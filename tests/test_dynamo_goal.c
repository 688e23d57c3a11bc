/* Dynamo's check_needs (rules/dynamo_goal.c) against an exhaustive search:
 * on random positions, every turn of the side to move after which the other
 * side has a legal turn giving check must change a square the hook names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../src/rules/dynamo_goal.h"
#include "../src/rules/rules.h"

static uint64_t rng = 0x2545f4914f6cdd1dull;
static unsigned next(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

/* A random legal Dynamo position: both kings, `most` more units at most
 * each, no pawn on a first or last rank, castling where king and rook stand
 * at home, random switches, the side not to move not in check. */
static bool random_position(struct position *p, int most)
{
    static const enum kind kinds[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN, PAWN, ROOK, KNIGHT};
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
    struct turn_list *mine = malloc(sizeof *mine), *theirs = malloc(sizeof *theirs);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(by_hand),
        cmocka_unit_test(random_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
