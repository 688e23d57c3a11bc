/* The orthodox "may this turn give check" filter never rejects a checking
 * turn: checks counted through it equal the published perft check counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/rules/rules.h"

struct tally {
    uint64_t checks;     /* last-ply turns that give check, each played */
    uint64_t passed;     /* last-ply turns the filter lets through */
    uint64_t leaves;
};

static void walk(struct position *p, int depth, struct tally *t)
{
    struct turn_list *l = malloc(sizeof *l);
    assert_non_null(l);
    p->rules->generate(p, l);
    for (int i = 0; i < l->count; i++) {
        bool may = p->rules->may_check(p, &l->turns[i]);
        struct undo u;
        position_make(p, &l->turns[i], &u);
        if (depth == 1) {
            t->leaves++;
            t->passed += may;
            /* a check the filter rejected is missed: the count comes out low */
            t->checks += may && rules_in_check(p, (enum colour)p->st.side);
        } else {
            walk(p, depth - 1, t);
        }
        position_unmake(p, &u);
    }
    free(l);
}

static struct tally count(const char *fen, int depth)
{
    struct position p;
    struct fen_error err;
    position_init(&p, &rules_orthodox, 0);
    assert_true(fen_parse(&p, fen, &err));
    struct tally t = {0};
    walk(&p, depth, &t);
    return t;
}

/* Check counts from the chessprogramming wiki's "Perft Results" tables. */
static void start_position(void **state)
{
    (void)state;
    const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_int_equal(count(fen, 3).checks, 12);
    struct tally t = count(fen, 4);
    assert_int_equal(t.leaves, 197281);
    assert_int_equal(t.checks, 469);
    assert_true(t.passed < t.leaves / 2); /* and it does filter */
}

static void kiwipete(void **state)
{
    (void)state;
    const char *fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    assert_int_equal(count(fen, 2).checks, 3);
    assert_int_equal(count(fen, 3).checks, 993);
}

static void position_3(void **state)
{
    (void)state;
    const char *fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
    assert_int_equal(count(fen, 1).checks, 2);
    assert_int_equal(count(fen, 2).checks, 10);
    assert_int_equal(count(fen, 3).checks, 267);
    assert_int_equal(count(fen, 4).checks, 1680);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_position),
        cmocka_unit_test(kiwipete),
        cmocka_unit_test(position_3),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
