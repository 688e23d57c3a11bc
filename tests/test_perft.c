/* Perft of orthodox positions against the published figures (chessprogramming
 * wiki "Perft Results"); the deep counts run in scripts/, not here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/rules/rules.h"

static uint64_t perft_fen(const char *fen, int depth)
{
    struct position p;
    struct fen_error err;
    position_init(&p, &rules_orthodox, 0);
    assert_true(fen_parse(&p, fen, &err));
    uint64_t before = p.st.hash;
    uint64_t n = rules_perft(&p, depth);
    assert_int_equal(p.st.hash, before); /* make/unmake leave no trace */
    return n;
}

static void start_position(void **state)
{
    (void)state;
    const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_int_equal(perft_fen(fen, 1), 20);
    assert_int_equal(perft_fen(fen, 2), 400);
    assert_int_equal(perft_fen(fen, 3), 8902);
    assert_int_equal(perft_fen(fen, 4), 197281);
}

static void kiwipete(void **state)
{
    (void)state;
    const char *fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    assert_int_equal(perft_fen(fen, 1), 48);
    assert_int_equal(perft_fen(fen, 2), 2039);
    assert_int_equal(perft_fen(fen, 3), 97862);
}

static void position3(void **state)
{
    (void)state;
    const char *fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
    assert_int_equal(perft_fen(fen, 1), 14);
    assert_int_equal(perft_fen(fen, 2), 191);
    assert_int_equal(perft_fen(fen, 3), 2812);
    assert_int_equal(perft_fen(fen, 4), 43238);
    assert_int_equal(perft_fen(fen, 5), 674624);
}

static void position4(void **state)
{
    (void)state;
    const char *fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    assert_int_equal(perft_fen(fen, 1), 6);
    assert_int_equal(perft_fen(fen, 2), 264);
    assert_int_equal(perft_fen(fen, 3), 9467);
    assert_int_equal(perft_fen(fen, 4), 422333);
}

static void position5(void **state)
{
    (void)state;
    const char *fen = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
    assert_int_equal(perft_fen(fen, 1), 44);
    assert_int_equal(perft_fen(fen, 2), 1486);
    assert_int_equal(perft_fen(fen, 3), 62379);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_position), cmocka_unit_test(kiwipete), cmocka_unit_test(position3),
        cmocka_unit_test(position4),      cmocka_unit_test(position5),
    };
    return cmocka_run_group_tests_name("perft", tests, NULL, NULL);
}
