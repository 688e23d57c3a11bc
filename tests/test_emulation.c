/* Emulation chess (RULES 5): one test per numbered rule on positions whose
 * turns are listed by hand in the comments, plus RULES 7 EM-P, EM-1 and EM-2. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/board/notation.h"
#include "../src/rules/rules.h"

#define GAME_ARRAY "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

static void setup(struct position *p, const char *fen)
{
    struct fen_error err;
    position_init(p, &rules_emulation, 0);
    assert_true(fen_parse(p, fen, &err));
}

/* The legal turns of the side to move; every caller frees. */
static struct turn_list *turns_of(struct position *p)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    rules_emulation.generate(p, l);
    /* has_legal_turn must agree with the full list */
    assert_int_equal(rules_emulation.has_legal_turn(p), l->count > 0);
    return l;
}

/* Index of the turn written canonically as `name` ("e1d2", "c6b8Q"), or -1. */
static int find_turn(const struct position *p, const struct turn_list *l, const char *name)
{
    for (int i = 0; i < l->count; i++) {
        char buf[NOTATION_MAX];
        turn_canonical(p, &l->turns[i], buf);
        if (strcmp(buf, name) == 0)
            return i;
    }
    return -1;
}

/* The list is exactly `names` (each once, nothing else). */
static void expect_exactly(struct position *p, const char *const *names, int n)
{
    struct turn_list *l = turns_of(p);
    for (int i = 0; i < n; i++) {
        if (find_turn(p, l, names[i]) < 0)
            fail_msg("missing turn %s", names[i]);
    }
    assert_int_equal(l->count, n);
    free(l);
}

static int count_turns(struct position *p)
{
    struct turn_list *l = turns_of(p);
    int n = l->count;
    free(l);
    return n;
}

/* Plays the turn named `name`, which must be legal. */
static void play(struct position *p, const char *name, struct undo *u)
{
    struct turn_list *l = turns_of(p);
    int i = find_turn(p, l, name);
    if (i < 0)
        fail_msg("turn %s not legal", name);
    position_make(p, &l->turns[i], u);
    free(l);
}

/* RULES 5.1.  White Ka1 Rb1, Black Kh8 Sa5 (isolated), White to move.
 * Ka1 has only the rook power of b1 (no step of its own, so no Ka1-b2):
 * a2, a3, a4, a5 on the a-file; a4 is next to the knight, which then borrows
 * the king's step and attacks it, so a4 is illegal; a5 captures the isolated
 * knight.  Rb1 has the king's step: a2 b2 c2 c1.  Black's units are isolated
 * and attack nothing, so the other six are legal: 7 turns.
 * Black to move in the same position: Kh8 and Sa5 are isolated: no turn. */
static void rule_5_1_borrowed_powers_only(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "7k/8/8/n7/8/8/8/KR6 w - - 0 1");
    const char *const white[] = {"a1a2", "a1a3", "a1a5", "b1a2", "b1b2", "b1c2", "b1c1"};
    expect_exactly(&p, white, 7);
    setup(&p, "7k/8/8/n7/8/8/8/KR6 b - - 0 1");
    assert_int_equal(count_turns(&p), 0);
    assert_false(rules_in_check(&p, BLACK));
}

/* RULES 5.2.
 * (a) White Ka1 Be6, Black Kh1 Pd7.  Be6's only neighbour is the black pawn
 * on its own second rank: White's direction, e7 and the double step e8 (the
 * bishop stands on rank 6), and the diagonal capture e6xd7 (f7 is empty).
 * The kings are isolated.  3 turns.
 * (b) The black pawn on d6 instead (not its second rank): only e6-e7.
 * (c) Black Ka8 Sc3, White Kh1 Pd2, Black to move.  The white pawn on its own
 * second rank lends Sc3 pawn power in Black's direction: c2, double step c1,
 * and the capture c3xd2 (b2 is empty).  Ka8 is isolated.  3 turns.
 * (d) As (a) with a black rook on e8: the double step needs e8 empty and a
 * forward step never captures: e6-e7 and e6xd7 only (the rook, with the
 * pawn's and then the bishop's power, never reaches a1). */
static void rule_5_2_pawn_power(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/3p4/4B3/8/8/8/8/K6k w - - 0 1");
    const char *const a[] = {"e6e7", "e6e8", "e6d7"};
    expect_exactly(&p, a, 3);
    setup(&p, "8/8/3pB3/8/8/8/8/K6k w - - 0 1");
    const char *const b[] = {"e6e7"};
    expect_exactly(&p, b, 1);
    setup(&p, "k7/8/8/8/8/2n5/3P4/7K b - - 0 1");
    const char *const c[] = {"c3c2", "c3c1", "c3d2"};
    expect_exactly(&p, c, 3);
    setup(&p, "4r3/3p4/4B3/8/8/8/8/K6k w - - 0 1");
    const char *const d[] = {"e6e7", "e6d7"};
    expect_exactly(&p, d, 2);
}

/* RULES 5.3.  White Ka1 Sb1, Black Kh8 Qh3 Rh2.  Rh2 has queen power (h3)
 * and sweeps rank 2; Qh3 has rook power (h2) and sweeps rank 3.  Ka1 has the
 * knight's leaps b3 (rank 3) and c2 (rank 2): both attacked, so the king
 * cannot move.  Sb1 borrows the king's one-square step: a2 b2 c2 c1, all
 * legal although a2 b2 c2 are attacked: the knight is not royal.  4 turns.
 * After Sb1-b2 the knight stands attacked and White is not in check. */
static void rule_5_3_king_power(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "7k/8/8/8/8/7q/7r/KN6 w - - 0 1");
    const char *const w[] = {"b1a2", "b1b2", "b1c2", "b1c1"};
    expect_exactly(&p, w, 4);
    struct undo u;
    play(&p, "b1b2", &u);
    assert_true(rules_emulation.attacked(&p, geo_square(p.geo, 1, 1), BLACK));
    assert_false(rules_in_check(&p, WHITE));
}

static bool any_flag(const struct turn_list *l, unsigned flag)
{
    for (int i = 0; i < l->count; i++)
        if (l->turns[i].flags & flag)
            return true;
    return false;
}

/* RULES 5.4.
 * (a) White Ke1 Rh1 Sd2 (FEN grants K), Black Ke8.  Ke1 leaps (knight d2):
 * c2 d3 f3 g2; Sd2 steps (king e1): c1 c2 c3 d1 d3 e2 e3; Rh1 is isolated;
 * no castling: 11 turns.
 * (b) White Ke1 Pe5, Black Ke8 Pd5, e.p. square d6 given.  Pe5 has the pawn
 * power of d5 (not on its second rank): e6; no capture on d6.  1 turn.
 * (c) White Kh1 Pc6 Sd7, Black Kh8.  Pc6 leaps (knight d7) to a5 a7 b4 d4 e5
 * e7 and to b8 d8 on its last rank, promoting to Q R B S: 6 + 8; Sd7 steps
 * with the pawn's power to d8 and stays a knight.  15 turns.
 * (d) Black Kh8 Rc3 Pb2, White Kh4, Black to move.  Pb2 has rook power: b1
 * (its last rank: 4 promotions), b3..b8, a2, c2..h2 = 4 + 6 + 1 + 6; Rc3 has
 * the pawn's power (b2 is not Black's second rank): c2.  18 turns. */
static void rule_5_4_castling_ep_promotion(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "4k3/8/8/8/8/8/3N4/4K2R w K - 0 1");
    const char *const a[] = {"e1c2", "e1d3", "e1f3", "e1g2", "d2c1", "d2c2",
                             "d2c3", "d2d1", "d2d3", "d2e2", "d2e3"};
    expect_exactly(&p, a, 11);
    struct turn_list *l = turns_of(&p);
    assert_false(any_flag(l, TURN_CASTLE));
    free(l);

    setup(&p, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    const char *const b[] = {"e5e6"};
    expect_exactly(&p, b, 1);

    setup(&p, "7k/3N4/2P5/8/8/8/8/7K w - - 0 1");
    const char *const c[] = {"c6a5", "c6a7", "c6b4", "c6d4", "c6e5", "c6e7", "c6b8Q", "c6b8R",
                             "c6b8B", "c6b8S", "c6d8Q", "c6d8R", "c6d8B", "c6d8S", "d7d8"};
    expect_exactly(&p, c, 15);

    setup(&p, "7k/8/8/8/7K/2r5/1p6/8 b - - 0 1");
    const char *const d[] = {"b2b1Q", "b2b1R", "b2b1B", "b2b1S", "b2b3", "b2b4", "b2b5", "b2b6", "b2b7",
                             "b2b8",  "b2a2",  "b2c2",  "b2d2",  "b2e2", "b2f2", "b2g2", "b2h2", "c3c2"};
    expect_exactly(&p, d, 18);
}

/* RULES 5.5.
 * (a) White Kd1 Qc1, Black Kf4 (isolated).  Kd1 has queen power: d2..d8 (7),
 * e1..h1 (4), e2 f3 g4 h5 (4), c2 b3 a4 (3); f3 and g4 touch the black king,
 * which would borrow the king's step: 16.  Qc1 steps: b1 b2 c2 d2.  20 turns.
 * (b) White Ke1, Black Ka8 Sd2.  The knight borrows the king's step: White is
 * in check.  Ke1 has the knight's leaps c2 d3 f3 g2; c2 and d3 stay next to
 * the knight and are attacked; f3 and g2 are legal.  No capture of d2 (a leap
 * cannot reach a neighbour).  2 turns.
 * (c) Game array: e7 has queen power (d8), so the e2-pawn may not leave the
 * e-file: e3 e4 e5 e6 e7 only (e7 captures).  d2 leaves the queen exposed,
 * not the king: its 12 queen-power turns (d-file 5, diagonals 3 + 4). */
static void rule_5_5_check(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/8/8/5k2/8/8/2QK4 w - - 0 1");
    const char *const a[] = {"d1d2", "d1d3", "d1d4", "d1d5", "d1d6", "d1d7", "d1d8", "d1e1", "d1f1", "d1g1",
                             "d1h1", "d1e2", "d1h5", "d1c2", "d1b3", "d1a4", "c1b1", "c1b2", "c1c2", "c1d2"};
    expect_exactly(&p, a, 20);

    setup(&p, "k7/8/8/8/8/8/3n4/4K3 w - - 0 1");
    assert_true(rules_in_check(&p, WHITE));
    const char *const b[] = {"e1f3", "e1g2"};
    expect_exactly(&p, b, 2);

    setup(&p, GAME_ARRAY);
    struct turn_list *l = turns_of(&p);
    int e2 = 0, d2 = 0;
    for (int i = 0; i < l->count; i++) {
        e2 += l->turns[i].from == geo_square(p.geo, 4, 1);
        d2 += l->turns[i].from == geo_square(p.geo, 3, 1);
    }
    assert_int_equal(e2, 5);
    assert_int_equal(d2, 12);
    for (int r = 2; r <= 6; r++) {
        char name[8] = {'e', '2', 'e', (char)('1' + r), 0};
        assert_true(find_turn(&p, l, name) >= 0);
    }
    free(l);
}

/* RULES 5.6: no legal turn, in check or not (the solver's #= goal).
 * (a) White Ka1, Black Kh8 Sb2: the knight checks (king's step); Ka1 leaps
 * b3 or c2, both next to the knight: no turn, in check.
 * (b) White Ka1, Black Kh8: the white king is isolated: no turn, no check. */
static void rule_5_6_no_legal_turn(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "7k/8/8/8/8/8/1n6/K7 w - - 0 1");
    assert_true(rules_in_check(&p, WHITE));
    assert_int_equal(count_turns(&p), 0);
    setup(&p, "7k/8/8/8/8/8/8/K7 w - - 0 1");
    assert_false(rules_in_check(&p, WHITE));
    assert_int_equal(count_turns(&p), 0);
}

/* RULES 7 EM-1.  White Ke1 Qd1, Black Kd7 Bd8.
 * White: Ke1 (queen power) e2..e8, f1 g1 h1, d2 c3 b4 a5, f2 g3 h4 = 17,
 * less e6 e7 e8 next to the black units = 14; Qd1 steps c1 c2 d2 e2: 18.
 * 1.Ke1-d2+: Kd2 keeps the queen's power (d1) and sees d7 up the d-file.
 * Black may only move the king (bishop power from d8): c6 b5 a4 e6 f5 g4 h3
 * c8 e8, none on a line of d2; the bishop's steps do not block: 9 turns.
 * 1...Kd7-g4 2.Qd1-e2: both black units are isolated, Black not in check. */
static void em_1(void **state)
{
    (void)state;
    struct position p;
    struct undo u1, u2, u3;
    setup(&p, "3b4/3k4/8/8/8/8/8/3QK3 w - - 0 1");
    assert_int_equal(count_turns(&p), 18);
    play(&p, "e1d2", &u1);
    assert_true(rules_in_check(&p, BLACK));
    const char *const black[] = {"d7c6", "d7b5", "d7a4", "d7e6", "d7f5", "d7g4", "d7h3", "d7c8", "d7e8"};
    expect_exactly(&p, black, 9);
    play(&p, "d7g4", &u2);
    play(&p, "d1e2", &u3);
    assert_int_equal(count_turns(&p), 0);
    assert_false(rules_emulation.has_legal_turn(&p));
    assert_false(rules_in_check(&p, BLACK));
    position_unmake(&p, &u3);
    position_unmake(&p, &u2);
    position_unmake(&p, &u1);
}

/* RULES 7 EM-2.  White Ke1 Qd1, Black Kd7 Qd8: Kd7 has queen power and sees
 * d2 down the d-file, so 1.Ke1-d2 is illegal.  White's turns: Ke1 as in EM-1
 * less d2 = 13, Qd1 steps c1 c2 d2 e2 = 4: 17. */
static void em_2(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "3q4/3k4/8/8/8/8/8/3QK3 w - - 0 1");
    struct turn_list *l = turns_of(&p);
    assert_int_equal(find_turn(&p, l, "e1d2"), -1);
    assert_true(find_turn(&p, l, "d1d2") >= 0);
    assert_int_equal(l->count, 17);
    free(l);
}

/* RULES 7 EM-P: the game array without castling.  Depth 1 by hand: a1 b3;
 * c1 b3 d3; f1 e3 g3; h1 g3; a2 7; b2 14; c2 16; d2 12; e2 5 (5.5 c); f2 13;
 * g2 14; h2 7: 6 + 88 = 94. */
static void em_p(void **state)
{
    (void)state;
    struct position p;
    setup(&p, GAME_ARRAY);
    uint64_t before = p.st.hash;
    assert_int_equal(rules_perft(&p, 1), 94);
    assert_int_equal(rules_perft(&p, 2), 8418);
    assert_int_equal(rules_perft(&p, 3), 715567);
    assert_int_equal(p.st.hash, before);
}

/* The bulk-counting perft must agree with listing turns and making them. */
static uint64_t listed_perft(struct position *p, int depth)
{
    struct turn_list *l = turns_of(p);
    uint64_t n = 0;
    if (depth == 1) {
        n = (uint64_t)l->count;
    } else {
        for (int i = 0; i < l->count; i++) {
            struct undo u;
            position_make(p, &l->turns[i], &u);
            n += listed_perft(p, depth - 1);
            position_unmake(p, &u);
        }
    }
    free(l);
    return n;
}

static void counting_matches_listing(void **state)
{
    (void)state;
    const char *const fens[] = {
        GAME_ARRAY,
        "3b4/3k4/8/8/8/8/8/3QK3 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct position p;
        setup(&p, fens[i]);
        assert_int_equal(rules_perft(&p, 3), listed_perft(&p, 3));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_5_1_borrowed_powers_only),
        cmocka_unit_test(rule_5_2_pawn_power),
        cmocka_unit_test(rule_5_3_king_power),
        cmocka_unit_test(rule_5_4_castling_ep_promotion),
        cmocka_unit_test(rule_5_5_check),
        cmocka_unit_test(rule_5_6_no_legal_turn),
        cmocka_unit_test(em_1),
        cmocka_unit_test(em_2),
        cmocka_unit_test(em_p),
        cmocka_unit_test(counting_matches_listing),
    };
    return cmocka_run_group_tests_name("emulation", tests, NULL, NULL);
}
