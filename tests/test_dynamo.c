/* Dynamo chess (RULES 3): one test per numbered rule and switch, the RULES 7
 * rows, notation, and a cross-check against a slow generator written from the text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/board/notation.h"
#include "../src/rules/orthodox.h"
#include "../src/rules/rules.h"

#define OWNER 1u   /* switch bits in the order of switch_names */
#define NOESC 2u
#define EP 4u
#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* ---------- helpers ---------- */

static void setup(struct position *p, const char *fen, unsigned switches)
{
    struct fen_error err;
    position_init(p, &rules_dynamo, switches);
    if (!fen_parse(p, fen, &err))
        fail_msg("bad FEN %s: %s", fen, err.message);
}

static int sq(const struct position *p, const char *name) { return square_parse(p->geo, name); }

static struct turn_list *new_list(void)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    l->count = 0;
    return l;
}

#include "turn_texts.h"

static void expect_fen_turns(const char *fen, unsigned sw, const char *expected)
{
    struct position p;
    setup(&p, fen, sw);
    expect_turns(&p, expected);
}


static bool has_turn(struct position *p, const char *text)
{
    char *all = texts(p);
    bool found = false;
    for (char *tok = strtok(all, " "); tok; tok = strtok(NULL, " "))
        found = found || strcmp(tok, text) == 0;
    free(all);
    return found;
}

static void play(struct position *p, const char *text)
{
    struct turn t = find_turn(p, text);
    struct undo u;
    position_make(p, &t, &u);
}

static int count_turns(struct position *p)
{
    struct turn_list *l = new_list();
    p->rules->generate(p, l);
    int n = l->count;
    free(l);
    assert_int_equal(p->rules->has_legal_turn(p), n > 0);
    return n;
}

/* ---------- RULES 3.1 push ---------- */

/* White Ra1, Black Ba5 (the seed's example).  Rook: a2 a3 a4, b1..h1 (10 plain
 * moves); up the file the bishop stands at d=4 and is carried 4 more: a6 a7 a8
 * then off, so Ra1-a5/Ba5E and the stationary Ra1/Ba5E; moving down (off the
 * board at once) with the bishop the nearest unit behind it pulls it off too:
 * Ra1-E/Ba5E.  13 turns. */
static void rule_3_1_push_rook(void **state)
{
    (void)state;
    expect_fen_turns("8/8/8/b7/8/8/8/R7 w - - 0 1", 0,
                     "Ra1-a2 Ra1-a3 Ra1-a4 Ra1-b1 Ra1-c1 Ra1-d1 Ra1-e1 Ra1-f1 Ra1-g1 Ra1-h1 "
                     "Ra1-a5/Ba5E Ra1/Ba5E Ra1-E/Ba5E");
}

/* White Bc1, Black Se3.  The knight is at d=2 on the a1-h8 side diagonal and is
 * carried 2 further, over f4 to g5: Bc1-e3/Se3g5, Bc1/Se3g5.  Plain: d2, b2, a3.
 * Moving towards b0 (off at once) pulls the knight off: Bc1-E/Se3E.  6 turns.
 * With a black pawn on g5 the landing square is taken: the two pushes go, 4 left;
 * with it on f4 the knight cannot pass: also 4. */
static void rule_3_1_push_distance(void **state)
{
    (void)state;
    expect_fen_turns("8/8/8/8/8/4n3/8/2B5 w - - 0 1", 0,
                     "Bc1-d2 Bc1-b2 Bc1-a3 Bc1-e3/Se3g5 Bc1/Se3g5 Bc1-E/Se3E");
    expect_fen_turns("8/8/8/6p1/8/4n3/8/2B5 w - - 0 1", 0, "Bc1-d2 Bc1-b2 Bc1-a3 Bc1-E/Se3E");
    expect_fen_turns("8/8/8/8/5p2/4n3/8/2B5 w - - 0 1", 0, "Bc1-d2 Bc1-b2 Bc1-a3 Bc1-E/Se3E");
}

/* White Sb1, Black Bc3 (the seed's Sb1/Bc3d5).  The leap to c3 pushes the bishop
 * one more leap to d5: Sb1-c3/Bc3d5 and Sb1/Bc3d5.  Plain a3, d2.  The bishop is a
 * leap behind for the leap b1->a(-1): off, so Sb1-E/Bc3E.  5 turns. */
static void rule_3_1_push_knight(void **state)
{
    (void)state;
    expect_fen_turns("8/8/8/8/8/2b5/8/1N6 w - - 0 1", 0, "Sb1-a3 Sb1-d2 Sb1-c3/Bc3d5 Sb1/Bc3d5 Sb1-E/Bc3E");
}

/* White Qa1 Bb2, Black Sa2.  Queen: b1..h1 (7); pushes a2 knight to a3 moving or
 * stationary (2); pushes its own bishop to c3 moving (Qa1-b2/Bb2c3) -- the
 * stationary Qa1/Bb2c3 leaves the same state as Bb2-c3 (no castling rights
 * involved), so it is that move (RULES 0); leaving the board downwards or
 * south-west pulls a2 or b2 off (2).  Bishop: c3..h8 (6), a3, c1; pushes the
 * queen off through a1's corner, moving or stationary (2); its pull of the queen
 * to b2 while moving to c3 is the same state as Qa1-b2/Bb2c3, one turn.  22. */
static void rule_3_1_push_queen_and_duplicates(void **state)
{
    (void)state;
    expect_fen_turns("8/8/8/8/8/8/nB6/Q7 w - - 0 1", 0,
                     "Qa1-b1 Qa1-c1 Qa1-d1 Qa1-e1 Qa1-f1 Qa1-g1 Qa1-h1 Qa1-a2/Sa2a3 Qa1/Sa2a3 "
                     "Qa1-b2/Bb2c3 Qa1-E/Sa2E Qa1-E/Bb2E "
                     "Bb2-c3 Bb2-d4 Bb2-e5 Bb2-f6 Bb2-g7 Bb2-h8 Bb2-a3 Bb2-c1 Bb2-a1/Qa1E Bb2/Qa1E");
}

/* White Kd4 Bd3, Black Se4 Pc5.  Black removes units only on d2 f2 g3 g5 (the
 * knight's leaps whose next leap is off the board); the pawn's diagonal pushes
 * stay on the board.  So every king turn is safe.  Plain: c4 c3 d5 e5 e3 (5).
 * Pushes: e4 to f4, c5 to b6, its own bishop d3 to d2 (a bishop cannot step
 * d3-d2, so the stationary push is kept), each moving or staying (6).  Pulls,
 * moving directly away from the pulled unit: from e4 to c4 (Kd4-c4/Se4d4), from
 * c5 to e3 (Kd4-e3/Pc5d4), from d3 to d5 (Kd4-d5/Bd3d4) (3).  14 king turns. */
static void rule_3_1_push_king(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/8/2p5/3Kn3/3B4/8/8 w - - 0 1", 0);
    const char *want[] = {"Kd4-c4", "Kd4-c3", "Kd4-d5", "Kd4-e5", "Kd4-e3", "Kd4-e4/Se4f4", "Kd4/Se4f4",
                          "Kd4-c5/Pc5b6", "Kd4/Pc5b6", "Kd4-d3/Bd3d2", "Kd4/Bd3d2", "Kd4-c4/Se4d4",
                          "Kd4-e3/Pc5d4", "Kd4-d5/Bd3d4"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!has_turn(&p, want[i]))
            fail_msg("missing %s", want[i]);
    char *all = texts(&p);
    int kings = 0;
    for (char *tok = strtok(all, " "); tok; tok = strtok(NULL, " "))
        kings += tok[0] == 'K';
    free(all);
    assert_int_equal(kings, (int)(sizeof want / sizeof want[0]));
}

/* ---------- RULES 3.2 pull ---------- */

/* White Rh3, Black Qh5: the seed's Rh3-h1/Qh5h3 (the queen, 2 behind, follows
 * the rook's 2 steps).  Also h4, h2, h1, g3..a3 (10 plain) and the push of the
 * queen 2 further to h7, moving or stationary.  13 turns. */
static void rule_3_2_pull(void **state)
{
    (void)state;
    expect_fen_turns("8/8/8/7q/8/7R/8/8 w - - 0 1", 0,
                     "Rh3-h4 Rh3-h2 Rh3-h1 Rh3-g3 Rh3-f3 Rh3-e3 Rh3-d3 Rh3-c3 Rh3-b3 Rh3-a3 "
                     "Rh3-h5/Qh5h7 Rh3/Qh5h7 Rh3-h1/Qh5h3");
}

/* White Rh3, Black Qh6: the queen is 3 behind, the rook has only h2 h1 before the
 * edge, so it leaves the board and both go: Rh3-E/Qh6E (seed).  The push carries
 * the queen 3: h7 h8 off.  Plain h4 h5 h2 h1 and the rank (11).  14 turns. */
static void rule_3_2_pull_off(void **state)
{
    (void)state;
    expect_fen_turns("8/8/7q/8/8/7R/8/8 w - - 0 1", 0,
                     "Rh3-h4 Rh3-h5 Rh3-h2 Rh3-h1 Rh3-g3 Rh3-f3 Rh3-e3 Rh3-d3 Rh3-c3 Rh3-b3 Rh3-a3 "
                     "Rh3-h6/Qh6E Rh3/Qh6E Rh3-E/Qh6E");
}

/* Pawns never pull: White Pe4, Black Re3 behind it: e4-e5 only (d5, f5 empty,
 * nothing to push).  A king never leaves the board: White Ka1 between Black Rb2
 * (diagonal) -- moving away from b2 means leaving: no pull.  Ka1-a2 and Ka1-b1
 * stand where the rook pushes them off (a2 one step west, b1 one step south), so
 * only the pushes of the rook to c3 remain: Ka1-b2/Rb2c3 and Ka1/Rb2c3 (on b2
 * and a1 the rook on c3 has no line to the king). */
static void rule_3_2_pawns_and_kings(void **state)
{
    (void)state;
    expect_fen_turns("8/8/8/8/4P3/4r3/8/8 w - - 0 1", 0, "e4-e5");
    expect_fen_turns("8/8/8/8/8/8/1r6/K7 w - - 0 1", 0, "Ka1-b2/Rb2c3 Ka1/Rb2c3");
}

/* Knight pull: White Sd4, Black Pe6 a leap behind (d4->e6 is (+1,+2)); the knight
 * leaps the other way to c2, pulling the pawn onto d4: Sd4-c2/Pe6d4.  And the
 * same with the knight on b2 and the pawn on c4: the knight leaps to a0, off,
 * and both go: Sb2-E/Pc4E. */
static void rule_3_2_knight(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/4p3/8/3N4/8/8/8 w - - 0 1", 0);
    assert_true(has_turn(&p, "Sd4-c2/Pe6d4"));
    setup(&p, "8/8/8/8/2p5/8/1N6/8 w - - 0 1", 0);
    assert_true(has_turn(&p, "Sb2-E/Pc4E"));
}

/* ---------- RULES 3.3 pawn pushes ---------- */

/* White Pb6 Sb7: the pawn pushes its knight to b8 (moving: the seed's
 * b6-b7/Sb7b8; or stationary, not a knight move so kept).  Knight: a5 c5 d6 d8.
 * With a black rook on c7 the pawn may push it diagonally to d8, moving or
 * staying.  6 and 8 turns. */
static void rule_3_3_pawn_push(void **state)
{
    (void)state;
    expect_fen_turns("8/1N6/1P6/8/8/8/8/8 w - - 0 1", 0,
                     "b6-b7/Sb7b8 b6/Sb7b8 Sb7-a5 Sb7-c5 Sb7-d6 Sb7-d8");
    expect_fen_turns("8/1Nr5/1P6/8/8/8/8/8 w - - 0 1", 0,
                     "b6-b7/Sb7b8 b6/Sb7b8 b6-c7/Rc7d8 b6/Rc7d8 Sb7-a5 Sb7-c5 Sb7-d6 Sb7-d8");
}

/* Only friendly units straight, only enemy units diagonally: White Pe4 Sf5,
 * Black Pe5: the pawn has nothing (e5 is an enemy ahead, f5 a friend aside);
 * the knight's eight leaps are all free and nothing is a leap from it: 8 turns. */
static void rule_3_3_pawn_push_colours(void **state)
{
    (void)state;
    expect_fen_turns("8/8/8/4pN2/4P3/8/8/8 w - - 0 1", 0,
                     "Sf5-d4 Sf5-d6 Sf5-e3 Sf5-e7 Sf5-g3 Sf5-g7 Sf5-h4 Sf5-h6");
}

/* Two squares from the second rank: White Pd2 Bd4 (d3 empty): the pawn could
 * advance two onto the bishop, so it pushes it two further, to d6 (moving or
 * staying).  d2-d3; the bishop's 13 diagonal squares.  16 turns. */
static void rule_3_3_double_push(void **state)
{
    (void)state;
    expect_fen_turns("8/8/8/8/3B4/8/3P4/8 w - - 0 1", 0,
                     "d2-d3 d2-d4/Bd4d6 d2/Bd4d6 Bd4-c5 Bd4-b6 Bd4-a7 Bd4-e5 Bd4-f6 Bd4-g7 Bd4-h8 "
                     "Bd4-c3 Bd4-b2 Bd4-a1 Bd4-e3 Bd4-f2 Bd4-g1");
}

/* ---------- RULES 3.4 pawns anywhere, promotion ---------- */

/* White Pd1 (own first rank): one step only.  White Pg2: two.  3 turns. */
static void rule_3_4_first_and_second_rank(void **state)
{
    (void)state;
    expect_fen_turns("8/8/8/8/8/8/6P1/3P4 w - - 0 1", 0, "d1-d2 g2-g3 g2-g4");
}

/* White Sa6 Pc7: the knight's leap to c7 carries the pawn to e8, where it
 * promotes (the seed's Sa6/Pc7e8=Q): 4 choices moving, 4 stationary.  Plain b8
 * c5 b4; the pawn a leap behind for the leap off the board: Sa6-E/Pc7E; and
 * c7-c8 with 4 choices.  16 turns. */
static void rule_3_4_promotion_by_push(void **state)
{
    (void)state;
    expect_fen_turns("8/2P5/N7/8/8/8/8/8 w - - 0 1", 0,
                     "Sa6-b8 Sa6-c5 Sa6-b4 Sa6-E/Pc7E "
                     "Sa6-c7/Pc7e8=Q Sa6-c7/Pc7e8=R Sa6-c7/Pc7e8=B Sa6-c7/Pc7e8=S "
                     "Sa6/Pc7e8=Q Sa6/Pc7e8=R Sa6/Pc7e8=B Sa6/Pc7e8=S "
                     "c7-c8=Q c7-c8=R c7-c8=B c7-c8=S");
}

/* A black pawn pushed onto rank 1 (its last rank) promotes at once; the mover
 * chooses by default.  White Rb3, Black Pb2: pushes b2->b1 with 4 promotions,
 * moving or stationary (8); pull: the rook moves up to b4 and the pawn follows
 * to b3 (1); plain b4..b8, a3, c3..h3 (12).  21 turns, none owner-chosen. */
static void rule_3_4_enemy_pawn_promotes(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/8/8/8/1R6/1p6/8 w - - 0 1", 0);
    expect_turns(&p, "Rb3-b2/Pb2b1=Q Rb3-b2/Pb2b1=R Rb3-b2/Pb2b1=B Rb3-b2/Pb2b1=S "
                     "Rb3/Pb2b1=Q Rb3/Pb2b1=R Rb3/Pb2b1=B Rb3/Pb2b1=S Rb3-b4/Pb2b3 "
                     "Rb3-b4 Rb3-b5 Rb3-b6 Rb3-b7 Rb3-b8 Rb3-a3 Rb3-c3 Rb3-d3 Rb3-e3 Rb3-f3 Rb3-g3 Rb3-h3");
    struct turn t = find_turn(&p, "Rb3/Pb2b1=S");
    assert_int_equal(t.promo2, KNIGHT);
    assert_false(t.flags & TURN_OWNER_CHOICE);
    assert_int_equal(unit_kind(p.board[sq(&p, "b2")]), PAWN);
    struct undo u;
    position_make(&p, &t, &u);
    assert_int_equal(p.board[sq(&p, "b1")], unit_make(BLACK, KNIGHT));
    position_unmake(&p, &u);
}

/* ---------- RULES 3.5 check ---------- */

/* RULES 7 DY-2: White Ka1 Qa4, Black Kd7, Black to move: the queen steps off the
 * board beyond a4 (direction a4->z3) pulling the king, 3 squares behind on the
 * diagonal, after it: check.  With a unit on c6 the king is not the nearest
 * unit behind: no check. */
static void rule_3_5_dy2(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/3k4/8/8/Q7/8/8/K7 b - - 0 1", 0);
    assert_true(rules_in_check(&p, BLACK));
    assert_false(rules_in_check(&p, WHITE));
    setup(&p, "8/3k4/2p5/8/Q7/8/8/K7 b - - 0 1", 0);
    assert_false(rules_in_check(&p, BLACK));
}

/* White Ka1 Rb1, Black Ra8: the rook on a8 pushes a1 seven squares: off.  In
 * check.  Answers: Ka1-b2 (b2 on no line of a8); Ka1-a2 fails (pushed off from
 * a8 too); the king pushing the rook to c1 while moving to b1.  Rb1-c1/Ka1b1 is
 * the same state as Ka1-b1/Rb1c1 (one turn).  Rb1-a1 would push its own king off;
 * rook moves along rank 1 or the b-file leave the check.  2 turns; the king
 * staying (Ka1/Rb1c1) stays in check. */
static void rule_3_5_check_answers(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "r7/8/8/8/8/8/8/KR6 w - - 0 1", 0);
    assert_true(rules_in_check(&p, WHITE));
    expect_turns(&p, "Ka1-b2 Ka1-b1/Rb1c1");
}

/* Attacks by each unit type on a white king, one black unit at a time:
 * knight b3 leaps onto a1 and carries it a leap further: off (push);
 * knight b1, king c3: leaping b1->z(-1), off the board, it pulls c3 along (its
 * push would carry c3 to d5: on the board);
 * knight e6, king d4: push carries d4 to c2, the pull leap e6->f8 stays: none;
 * pawn b2 pushes a1 diagonally off; a pawn on a2 pushes only friends straight;
 * king b1 pushes a1 one step west: off;
 * bishop h8, king f6: the bishop moves 2 away (h8->j10) pulling f6 off; its push
 * carries f6 only to d4;
 * the same with a white pawn on g7: f6 is not the nearest unit, none;
 * bishop g7, king f6: pulling, the bishop moves one step to h8 (on the board);
 * pushing, f6 goes to e5: none. */
static void rule_3_5_attackers(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/8/8/8/1n6/8/K7 w - - 0 1", 0);
    assert_true(rules_in_check(&p, WHITE));
    setup(&p, "8/8/8/8/8/2K5/8/1n6 w - - 0 1", 0);
    assert_true(rules_in_check(&p, WHITE));
    setup(&p, "8/8/4n3/8/3K4/8/8/8 w - - 0 1", 0);
    assert_false(rules_in_check(&p, WHITE));
    setup(&p, "8/8/8/8/8/8/1p6/K7 w - - 0 1", 0);
    assert_true(rules_in_check(&p, WHITE));
    setup(&p, "8/8/8/8/8/8/p7/K7 w - - 0 1", 0);
    assert_false(rules_in_check(&p, WHITE));
    setup(&p, "8/8/8/8/8/8/8/Kk6 w - - 0 1", 0);
    assert_true(rules_in_check(&p, WHITE));
    setup(&p, "7b/8/5K2/8/8/8/8/8 w - - 0 1", 0);
    assert_true(rules_in_check(&p, WHITE));
    setup(&p, "7b/6P1/5K2/8/8/8/8/8 w - - 0 1", 0);
    assert_false(rules_in_check(&p, WHITE));
    setup(&p, "8/6b1/5K2/8/8/8/8/8 w - - 0 1", 0);
    assert_false(rules_in_check(&p, WHITE));
}

/* ---------- RULES 3.6 undo rule ---------- */

/* White Rd1, Black Rd4.  1.Rd1-d4/Rd4d7 (white rook to d4, black rook carried
 * 3 to d7).  Black's moving push back, Rd7-d4/Rd4d1, would restore the placement
 * before White's move: forbidden; the stationary Rd7/Rd4d1 is allowed.  Black's
 * turns: d8, d6, d5, e7..h7, c7..a7 (10), Rd7/Rd4d1, and Rd7-E/Rd4E (moving up
 * 3 from d7 it leaves the board with the rook 3 behind).  12 turns.  Set up
 * directly with no history, the same placement allows Rd7-d4/Rd4d1 (13). */
static void rule_3_6_undo(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/8/8/3r4/8/8/3R4 w - - 0 1", 0);
    play(&p, "Rd1-d4/Rd4d7");
    expect_turns(&p, "Rd7-d8 Rd7-d6 Rd7-d5 Rd7-e7 Rd7-f7 Rd7-g7 Rd7-h7 Rd7-c7 Rd7-b7 Rd7-a7 "
                     "Rd7/Rd4d1 Rd7-E/Rd4E");
    setup(&p, "8/3r4/8/8/3R4/8/8/8 b - - 0 1", 0);
    assert_true(has_turn(&p, "Rd7-d4/Rd4d1"));
    assert_int_equal(count_turns(&p), 13);
}

/* The rule binds dynamo moves only: White Rb1, Black Rb3.  1.Rb1/Rb3b5 (the
 * black rook, 2 away, carried 2).  Black's plain Rb5-b3 restores the placement
 * before White's move and is allowed. */
static void rule_3_6_plain_restores(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/8/8/8/1r6/8/1R6 w - - 0 1", 0);
    play(&p, "Rb1/Rb3b5");
    assert_true(has_turn(&p, "Rb5-b3"));
}

/* ---------- RULES 3.7 castling ---------- */

/* White Ke1 Rh1 Ph2, right K.  0-0 is legal.  The rook's stationary push of its
 * pawn (Rh1/Ph2h3) loses the right, so it is a different turn from h2-h3; both
 * are listed.  Without the right, Rh1/Ph2h3 is h2-h3 and only that is listed.
 * After Rh1/Ph2h3 the right is gone. */
static void rule_3_7_castling_rights(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/8/8/8/8/7P/4K2R w K - 0 1", 0);
    assert_true(has_turn(&p, "0-0"));
    assert_true(has_turn(&p, "h2-h3"));
    assert_true(has_turn(&p, "Rh1/Ph2h3"));
    play(&p, "Rh1/Ph2h3");
    assert_int_equal(p.st.castle_rook[WHITE_SHORT], SQ_NONE);
    setup(&p, "8/8/8/8/8/8/7P/4K2R w - - 0 1", 0);
    assert_true(has_turn(&p, "h2-h3"));
    assert_false(has_turn(&p, "Rh1/Ph2h3"));
}

/* Pushed or pulled away and back, the rook keeps its right.  White Ke1 Rh1 Pa2,
 * right K; Black Rh2, Black to move.  1...Rh2-h3/Rh1h2 (the black rook pulls the
 * white rook one up: the right follows it to h2, and 0-0 is impossible).
 * 2.a2-a3 Rh3/Rh2h1 (pushed back to the corner; the rook h3 has no line to e1,
 * f1 or g1).  Now 0-0 is legal again. */
static void rule_3_7_rights_follow_the_rook(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/8/8/8/8/P6r/4K2R b K - 0 1", 0);
    play(&p, "Rh2-h3/Rh1h2");
    assert_int_equal(p.st.castle_rook[WHITE_SHORT], sq(&p, "h2"));
    assert_false(has_turn(&p, "0-0"));
    play(&p, "a2-a3");
    play(&p, "Rh3/Rh2h1");
    assert_int_equal(p.st.castle_rook[WHITE_SHORT], sq(&p, "h1"));
    assert_true(has_turn(&p, "0-0"));
}

/* Another rook on the corner gives no right: White Ke1, rook h1, and the rook
 * holding the right displaced to h3 (state set by hand).  No 0-0. */
static void rule_3_7_right_belongs_to_the_unit(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/8/8/8/7R/8/4K2R w K - 0 1", 0);
    p.st.castle_rook[WHITE_SHORT] = (square_t)sq(&p, "h3");
    position_rehash(&p);
    assert_false(has_turn(&p, "0-0"));
}

/* Not through check: White Ke1 Rh1 Ra1, Black Rf8: f1 would be pushed off by the
 * rook f8 (7 squares, off below f1): no 0-0; 0-0-0 (d1, c1 on no black line) is
 * legal.  Not out of check: Black Re8 instead (the king pushed off): neither. */
static void rule_3_7_castling_and_check(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "5r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", 0);
    assert_false(has_turn(&p, "0-0"));
    assert_true(has_turn(&p, "0-0-0"));
    setup(&p, "4r3/8/8/8/8/8/8/R3K2R w KQ - 0 1", 0);
    assert_true(rules_in_check(&p, WHITE));
    assert_false(has_turn(&p, "0-0"));
    assert_false(has_turn(&p, "0-0-0"));
}

/* RULES 3.7: the crossed square is judged with the king standing on it and its
 * home square empty, the rook still at home.  White Ke1 Rh1, Black Ka8 Rc1,
 * White to move with the right K.  The king on e1 is not attacked: along rank 1
 * the rook c1, two squares away, pulls it by retreating two squares (b1, a1),
 * which brings the king to c1, still on the board; its push carries the king
 * two squares east to g1; no other black unit reaches e1.  On f1 with e1 empty
 * the rook stands three squares away: retreating three squares (b1, a1, off)
 * it leaves the board and takes the king with it (RULES 3.2), so f1 is
 * attacked and 0-0 is illegal.  (With the king still on e1, f1 would not be
 * attacked: the king blocks the rank.)  A black knight on d1 cuts that pull
 * (the rook's nearest unit is then the knight; d1 is no knight square of f1):
 * 0-0 is legal.  The plain step Ke1-f1 is illegal for the same pull.  The
 * same for Black: Ke8 Rh8 against White Rc8 (and Sd8), Ka1. */
static void rule_3_7_crossed_square_with_king_on_it(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "k7/8/8/8/8/8/8/2r1K2R w K - 0 1", 0);
    assert_false(rules_in_check(&p, WHITE));
    assert_false(has_turn(&p, "0-0"));
    assert_false(has_turn(&p, "Ke1-f1")); /* the same pull */
    setup(&p, "k7/8/8/8/8/8/8/2r2K1R w - - 0 1", 0);
    assert_true(rules_in_check(&p, WHITE));
    setup(&p, "k7/8/8/8/8/8/8/2rnK2R w K - 0 1", 0);
    assert_false(rules_in_check(&p, WHITE));
    assert_true(has_turn(&p, "0-0"));
    setup(&p, "2R1k2r/8/8/8/8/8/8/K7 b k - 0 1", 0);
    assert_false(rules_in_check(&p, BLACK));
    assert_false(has_turn(&p, "0-0"));
    setup(&p, "2RNk2r/8/8/8/8/8/8/K7 b k - 0 1", 0);
    assert_true(has_turn(&p, "0-0"));
}

/* ---------- RULES 3.8 en passant ---------- */

/* White Pb5, Black Pa7, Black to move.  Default: after a7-a5 White has only
 * b5-b6 (no en passant at all).  With EnPassant: also b5-a6/Pa5E (the pawn
 * moving to the e.p. square) and b5/Pa5E (staying).  Only a- and h-file pawns:
 * with Black Pc7 and White Pb5, c7-c5 gives nothing. */
static void rule_3_8_en_passant(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/p7/8/1P6/8/8/8/8 b - - 0 1", 0);
    play(&p, "a7-a5");
    expect_turns(&p, "b5-b6");
    setup(&p, "8/p7/8/1P6/8/8/8/8 b - - 0 1", EP);
    play(&p, "a7-a5");
    expect_turns(&p, "b5-b6 b5-a6/Pa5E b5/Pa5E");
    setup(&p, "8/2p5/8/1P6/8/8/8/8 b - - 0 1", EP);
    play(&p, "c7-c5");
    expect_turns(&p, "b5-b6");
    /* the e.p. square named in the input */
    expect_fen_turns("8/8/8/pP6/8/8/8/8 w - a6 0 1", EP, "b5-b6 b5-a6/Pa5E b5/Pa5E");
    expect_fen_turns("8/8/8/pP6/8/8/8/8 w - a6 0 1", 0, "b5-b6");
}

/* ---------- RULES 3.9 mate and stalemate ---------- */

/* Black Ka8, White Rb1 Rh7: a7 and b7 are pushed off along rank 7 from h7, b8
 * and b7 along the b-file from b1; a8 is on no line: stalemate.  White Rh8 Rh7
 * instead: a8 is pushed off from h8 (check); b8 too once the king has left a8
 * (the square beyond, a8, is then empty), a7/b7 from h7: mate. */
static void rule_3_9_mate_and_stalemate(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "k7/7R/8/8/8/8/8/1R6 b - - 0 1", 0);
    assert_false(rules_in_check(&p, BLACK));
    assert_false(p.rules->has_legal_turn(&p));
    setup(&p, "k6R/7R/8/8/8/8/8/8 b - - 0 1", 0);
    assert_true(rules_in_check(&p, BLACK));
    assert_false(p.rules->has_legal_turn(&p));
    assert_int_equal(count_turns(&p), 0);
}

/* ---------- switches ---------- */

/* OwnerPromotes: the same 21 turns as rule_3_4_enemy_pawn_promotes; the eight
 * that promote the black pawn carry TURN_OWNER_CHOICE.  White's own pawn pushed
 * to its last rank (Sa6/Pc7e8) is chosen by White: no flag. */
static void switch_owner_promotes(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/8/8/8/8/1R6/1p6/8 w - - 0 1", OWNER);
    struct turn_list *l = new_list();
    p.rules->generate(&p, l);
    assert_int_equal(l->count, 21);
    int owner = 0;
    for (int i = 0; i < l->count; i++) {
        bool flagged = (l->turns[i].flags & TURN_OWNER_CHOICE) != 0;
        assert_int_equal(flagged, l->turns[i].promo2 != 0);
        owner += flagged;
    }
    assert_int_equal(owner, 8);
    setup(&p, "8/2P5/N7/8/8/8/8/8 w - - 0 1", OWNER);
    struct turn t = find_turn(&p, "Sa6/Pc7e8=Q");
    assert_false(t.flags & TURN_OWNER_CHOICE);
    free(l);
}

/* NoDynamoEscape: in rule_3_5_check_answers only the plain Ka1-b2 is left. */
static void switch_no_dynamo_escape(void **state)
{
    (void)state;
    expect_fen_turns("r7/8/8/8/8/8/8/KR6 w - - 0 1", NOESC, "Ka1-b2");
    /* not in check: dynamo moves as usual */
    expect_fen_turns("8/8/8/b7/8/8/8/R7 w - - 0 1", NOESC,
                     "Ra1-a2 Ra1-a3 Ra1-a4 Ra1-b1 Ra1-c1 Ra1-d1 Ra1-e1 Ra1-f1 Ra1-g1 Ra1-h1 "
                     "Ra1-a5/Ba5E Ra1/Ba5E Ra1-E/Ba5E");
}

/* EnPassant: see rule_3_8_en_passant; the double step records the e.p. state
 * only with the switch and only on the a- and h-files. */
static void switch_en_passant(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "8/p6p/8/8/8/8/8/8 b - - 0 1", EP);
    struct turn a = find_turn(&p, "a7-a5"), h = find_turn(&p, "h7-h5");
    assert_true(a.flags & TURN_DOUBLE_STEP);
    assert_true(h.flags & TURN_DOUBLE_STEP);
    assert_int_equal(a.ep_sq, sq(&p, "a6"));
    assert_int_equal(a.ep_victim, sq(&p, "a5"));
    setup(&p, "8/p6p/8/8/8/8/8/8 b - - 0 1", 0);
    assert_false(find_turn(&p, "a7-a5").flags & TURN_DOUBLE_STEP);
}

/* ---------- notation (RULES 3, FORMAT.md 8) ---------- */

static void check_notation(const char *fen, const char *text, const char *canonical)
{
    struct position p;
    setup(&p, fen, 0);
    struct turn t = find_turn(&p, text);
    char buf[NOTATION_MAX];
    turn_canonical(&p, &t, buf);
    assert_string_equal(buf, canonical);
}

static void notation_examples(void **state)
{
    (void)state;
    check_notation("8/8/8/b7/8/8/8/R7 w - - 0 1", "Ra1-a5/Ba5E", "a1a5/a5E");
    check_notation("8/8/8/8/8/2b5/8/1N6 w - - 0 1", "Sb1/Bc3d5", "b1/c3d5");
    check_notation("8/8/8/7q/8/7R/8/8 w - - 0 1", "Rh3-h1/Qh5h3", "h3h1/h5h3");
    check_notation("8/8/7q/8/8/7R/8/8 w - - 0 1", "Rh3-E/Qh6E", "h3E/h6E");
    check_notation("8/1N6/1P6/8/8/8/8/8 w - - 0 1", "b6-b7/Sb7b8", "b6b7/b7b8");
    check_notation("8/2P5/N7/8/8/8/8/8 w - - 0 1", "Sa6/Pc7e8=Q", "a6/c7e8Q");
    check_notation("8/8/8/8/8/8/8/4K2R w K - 0 1", "0-0", "e1h1");
}

/* ---------- RULES 7 DY-P ---------- */

static void perft_game_array(void **state)
{
    (void)state;
    struct position p;
    setup(&p, START, 0);
    uint64_t before = p.st.hash;
    assert_int_equal(rules_perft(&p, 1), 60);
    assert_int_equal(rules_perft(&p, 2), 3589);
    assert_int_equal(rules_perft(&p, 3), 211001);
    assert_int_equal(p.st.hash, before);
}

/* The first ply by hand (60): 20 plain moves; Sb1 and Sg1 each push their
 * d2/e2 pawn a leap on (moving, staying) and leave the board pulling it (3+3);
 * each rook pushes its pawn a step (moving; staying loses the right, so a
 * different turn from the pawn's step) and leaves the board pulling the pawn
 * or the knight beside it (4+4); each bishop pushes its two pawns diagonally
 * (moving, staying) and leaves pulling either (6+6); the queen pushes c2 and e2
 * (moving, staying), d2 moving (staying is d2-d3) and leaves pulling c2, d2 or
 * e2 (8); the king pushes d2 e2 f2 (moving, staying: it loses its rights): 6. */
static void perft_first_ply_by_piece(void **state)
{
    (void)state;
    struct position p;
    setup(&p, START, 0);
    struct turn_list *l = new_list();
    p.rules->generate(&p, l);
    int by_kind[KIND_COUNT] = {0};
    for (int i = 0; i < l->count; i++)
        by_kind[unit_kind(p.board[l->turns[i].from])]++;
    assert_int_equal(by_kind[PAWN], 16);
    assert_int_equal(by_kind[KNIGHT], 4 + 6);
    assert_int_equal(by_kind[ROOK], 8);
    assert_int_equal(by_kind[BISHOP], 12);
    assert_int_equal(by_kind[QUEEN], 8);
    assert_int_equal(by_kind[KING], 6);
    free(l);
}

/* ---------- RULES 7 DY-C ---------- */

/* DY-C: White Ke1 Rh1 Sh3; Black Ka8 Rh8 Bh7 Sh5 Sb3 Rc1; White may castle
 * short: 11 turns, no 0-0 (the rook c1 pulls a king on f1 off the board once
 * e1 is empty, RULES 3.7).  And the position where an independent
 * implementation of RULES 3 found the difference, two plies earlier (1.Sg1-h3
 * Rc6-c1 leads to DY-C with Black's bishop and knights as there): perft 3 is
 * 8,721. */
static void perft_dy_c(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "k6r/7b/8/7n/8/1n5N/8/2r1K2R w K - 0 1", 0);
    uint64_t before = p.st.hash;
    assert_int_equal(rules_perft(&p, 1), 11);
    assert_int_equal(p.st.hash, before);
    assert_false(has_turn(&p, "0-0"));
    setup(&p, "k6r/7b/2r5/7n/8/1n6/8/4K1NR w K - 0 1", 0);
    before = p.st.hash;
    assert_int_equal(rules_perft(&p, 3), 8721);
    assert_int_equal(p.st.hash, before);
}

/* ---------- cross-check against a slow reading of RULES 3 ---------- */

/* Straight from the text: every line of every unit, every push and pull,
 * pawns' pushes; no dedup, no legality.  Used for attacks and, after make and
 * a state comparison, for the legal turns. */
struct naive {
    int count;
    struct turn t[1024];
};

static void naive_add(struct naive *n, const struct position *p, int from, int to, int from2, int to2,
                      unsigned flags)
{
    const struct geometry *g = p->geo;
    unit_t m = p->board[from], d = from2 ? p->board[from2] : UNIT_EMPTY;
    int mlast = unit_colour(m) == WHITE ? g->ranks - 1 : 0, dlast = unit_colour(d) == WHITE ? g->ranks - 1 : 0;
    bool mp = unit_kind(m) == PAWN && to != from && to != SQ_OFF && g->rank_of[to] == mlast;
    bool dp = from2 && unit_kind(d) == PAWN && to2 != SQ_OFF && g->rank_of[to2] == dlast;
    static const enum kind kinds[4] = {QUEEN, ROOK, BISHOP, KNIGHT};
    for (int i = 0; i < (mp ? 4 : 1); i++)
        for (int j = 0; j < (dp ? 4 : 1); j++) {
            struct turn *t = &n->t[n->count++];
            memset(t, 0, sizeof *t);
            t->from = (square_t)from;
            t->to = (square_t)to;
            t->from2 = (square_t)from2;
            t->to2 = (square_t)to2;
            t->flags = (uint16_t)flags;
            t->promo = (uint8_t)(mp ? kinds[i] : 0);
            t->promo2 = (uint8_t)(dp ? kinds[j] : 0);
            if (dp && (p->switches & OWNER) && unit_colour(d) != unit_colour(m))
                t->flags |= TURN_OWNER_CHOICE;
        }
}

/* P on x carried d along v: landing square, SQ_OFF, or 0 when blocked. */
static int naive_carry(const struct position *p, int x, int v, int d)
{
    for (int i = 1; i <= d; i++) {
        unit_t u = p->board[x + i * v];
        if (u == UNIT_BORDER)
            return SQ_OFF;
        if (u != UNIT_EMPTY)
            return 0;
    }
    return x + d * v;
}

static void naive_pushes(struct naive *n, const struct position *p, int s, int x, int v, int d)
{
    int y = naive_carry(p, x, v, d);
    if (!y)
        return;
    naive_add(n, p, s, x, x, y, TURN_PUSH | TURN_DISPLACE_FIRST);
    naive_add(n, p, s, s, x, y, TURN_PUSH | TURN_DISPLACE_FIRST);
}

static void naive_piece(struct naive *n, const struct position *p, int s, const int *dirs, int nd, bool slide,
                        bool king)
{
    const unit_t *b = p->board;
    for (int i = 0; i < nd; i++) {
        int v = dirs[i];
        for (int d = 1; d <= (slide ? 16 : 1); d++) { /* lines (v, d) */
            int x = s + d * v;
            if (b[x] == UNIT_BORDER)
                break;
            if (b[x] == UNIT_EMPTY) {
                naive_add(n, p, s, x, 0, 0, 0);
                continue;
            }
            naive_pushes(n, p, s, x, v, d);
            break;
        }
        for (int k = 1; k <= (slide ? 16 : 1); k++) { /* pull: P at s-kv, k-1 between empty */
            int t = s - k * v;
            if (b[t] == UNIT_BORDER)
                break;
            if (b[t] == UNIT_EMPTY)
                continue;
            int to = naive_carry(p, s, v, k);
            if (to == SQ_OFF && !king)
                naive_add(n, p, s, SQ_OFF, t, SQ_OFF, TURN_PULL);
            else if (to && to != SQ_OFF)
                naive_add(n, p, s, to, t, s, TURN_PULL);
            break;
        }
    }
}

static void naive_pawn(struct naive *n, const struct position *p, int s)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    enum colour c = unit_colour(b[s]);
    int f = c == WHITE ? g->north : g->south, second = c == WHITE ? 1 : g->ranks - 2;
    bool two = g->rank_of[s] == second && b[s + f] == UNIT_EMPTY;
    if (b[s + f] == UNIT_EMPTY)
        naive_add(n, p, s, s + f, 0, 0, 0);
    if (two && b[s + 2 * f] == UNIT_EMPTY) {
        int file = g->file_of[s];
        bool ep = (p->switches & EP) && (file == 0 || file == g->files - 1);
        naive_add(n, p, s, s + 2 * f, 0, 0, ep ? TURN_DOUBLE_STEP : 0);
        if (ep) {
            n->t[n->count - 1].ep_sq = (square_t)(s + f);
            n->t[n->count - 1].ep_victim = (square_t)(s + 2 * f);
        }
    }
    if (unit_is(b[s + f], c))
        naive_pushes(n, p, s, s + f, f, 1);
    if (two && unit_is(b[s + 2 * f], c))
        naive_pushes(n, p, s, s + 2 * f, f, 2);
    for (int e = -1; e <= 1; e += 2)
        if (unit_is(b[s + f + e], (enum colour)!c))
            naive_pushes(n, p, s, s + f + e, f + e, 1);
    int victim = p->st.ep_victim;
    if ((p->switches & EP) && p->st.ep_sq && b[victim] == unit_make((enum colour)!c, PAWN))
        for (int e = -1; e <= 1; e += 2)
            if (s == victim + e && b[victim - e] == UNIT_BORDER && s + f - e == p->st.ep_sq) {
                if (b[p->st.ep_sq] == UNIT_EMPTY)
                    naive_add(n, p, s, p->st.ep_sq, victim, SQ_OFF, TURN_PUSH | TURN_DISPLACE_FIRST);
                naive_add(n, p, s, s, victim, SQ_OFF, TURN_PUSH | TURN_DISPLACE_FIRST);
            }
}

static void naive_pseudo(const struct position *p, enum colour us, struct naive *n)
{
    const struct geometry *g = p->geo;
    n->count = 0;
    for (int s = 0; s < g->squares; s++) {
        if (!unit_is(p->board[s], us))
            continue;
        switch (unit_kind(p->board[s])) {
        case PAWN: naive_pawn(n, p, s); break;
        case KNIGHT: naive_piece(n, p, s, g->knight_leaps, 8, false, false); break;
        case BISHOP: naive_piece(n, p, s, g->bishop_dirs, 4, true, false); break;
        case ROOK: naive_piece(n, p, s, g->rook_dirs, 4, true, false); break;
        case QUEEN: naive_piece(n, p, s, g->queen_dirs, 8, true, false); break;
        case KING: naive_piece(n, p, s, g->queen_dirs, 8, false, true); break;
        default: break;
        }
    }
}

/* RULES 3.5 / 0: some push or pull of `by` removes a hostile unit standing on q. */
static bool naive_attacked(const struct position *p0, int q, enum colour by)
{
    struct position p = *p0;
    if (p.board[q] == UNIT_EMPTY)
        p.board[q] = unit_make((enum colour)!by, KNIGHT);
    struct naive *n = malloc(sizeof *n);
    naive_pseudo(&p, by, n);
    bool hit = false;
    for (int i = 0; i < n->count; i++)
        hit = hit || (n->t[i].from2 == q && n->t[i].to2 == SQ_OFF);
    free(n);
    return hit;
}

/* RULES 3.7 read straight: the king and the rook holding a right at home, the
 * squares between them empty, the king not attacked, nor on the square it
 * crosses with its home square empty (the rook at home); the square it lands
 * on is judged after the turn is played, with the other turns. */
static void naive_castling(const struct position *p, enum colour us, struct naive *n)
{
    int k = castling_king_home(p, us), base = us == WHITE ? WHITE_SHORT : BLACK_SHORT;
    if (p->board[k] != unit_make(us, KING) || naive_attacked(p, k, (enum colour)!us))
        return;
    for (int r = base; r < base + 2; r++) {
        int rook = castling_rook_home(p, (enum castling_right)r);
        if (p->st.castle_rook[r] != rook || p->board[rook] != unit_make(us, ROOK))
            continue;
        int d = rook > k ? 1 : -1;
        bool empty = true;
        for (int s = k + d; s != rook; s += d)
            empty = empty && p->board[s] == UNIT_EMPTY;
        struct position crossing = *p;
        crossing.board[k] = UNIT_EMPTY;
        crossing.board[k + d] = unit_make(us, KING);
        if (!empty || naive_attacked(&crossing, k + d, (enum colour)!us))
            continue;
        struct turn *t = &n->t[n->count++];
        memset(t, 0, sizeof *t);
        t->from = (square_t)k;
        t->to = (square_t)(k + 2 * d);
        t->from2 = (square_t)rook;
        t->to2 = (square_t)(k + d);
        t->flags = TURN_CASTLE;
    }
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Hashes of the distinct legal results, sorted; returns their number.  With
 * `which`, also the first turn found for each (unsorted, in `out`'s first order). */
static int naive_results(struct position *p, uint64_t *out, struct turn *which)
{
    enum colour us = (enum colour)p->st.side;
    struct naive *n = malloc(sizeof *n);
    naive_pseudo(p, us, n);
    naive_castling(p, us, n);
    bool had_king = p->st.king_sq[us] != SQ_NONE;
    bool checked = had_king && naive_attacked(p, p->st.king_sq[us], (enum colour)!us);
    int count = 0;
    for (int i = 0; i < n->count; i++) {
        const struct turn *t = &n->t[i];
        bool dynamo = (t->flags & (TURN_PUSH | TURN_PULL)) != 0;
        if (dynamo && checked && (p->switches & NOESC))
            continue;
        struct undo u;
        uint64_t prev = p->st.prev_placement;
        position_make(p, t, &u);
        bool ok = !(dynamo && prev && p->st.placement == prev);
        if (had_king)
            ok = ok && p->st.king_sq[us] != SQ_NONE && !naive_attacked(p, p->st.king_sq[us], (enum colour)!us);
        uint64_t h = p->st.hash;
        position_unmake(p, &u);
        if (!ok)
            continue;
        bool seen = false;
        for (int j = 0; j < count; j++)
            seen = seen || out[j] == h;
        if (!seen) {
            if (which)
                which[count] = *t;
            out[count++] = h;
        }
    }
    free(n);
    if (!which)
        qsort(out, (size_t)count, sizeof *out, compare_u64);
    return count;
}

static uint64_t next_random(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* Compares generate() with the naive results on p; returns the number of turns. */
static int cross_check(struct position *p)
{
    struct turn_list *l = new_list();
    p->rules->generate(p, l);
    uint64_t *mine = malloc(sizeof *mine * (size_t)(l->count + 1)), naive[1024];
    for (int i = 0; i < l->count; i++) {
        struct undo u;
        position_make(p, &l->turns[i], &u);
        mine[i] = p->st.hash;
        position_unmake(p, &u);
    }
    qsort(mine, (size_t)l->count, sizeof *mine, compare_u64);
    int n = naive_results(p, naive, NULL);
    bool same = n == l->count;
    for (int i = 0; same && i < n; i++)
        same = mine[i] == naive[i];
    if (!same) {
        char fen[160], all[8192] = "";
        fen_write(p, fen);
        for (int i = 0; i < l->count; i++) {
            char name[NOTATION_MAX];
            turn_text(p, &l->turns[i], name);
            strcat(all, name);
            strcat(all, " ");
        }
        struct turn *which = malloc(sizeof *which * 1024);
        int m = naive_results(p, naive, which);
        strcat(all, "\n naive only:");
        for (int i = 0; i < m; i++) {
            bool found = false;
            for (int j = 0; j < l->count; j++)
                found = found || mine[j] == naive[i];
            char name[NOTATION_MAX];
            turn_text(p, &which[i], name);
            if (!found) {
                strcat(all, " ");
                strcat(all, name);
            }
        }
        strcat(all, "\n generate only:");
        for (int j = 0; j < l->count; j++) {
            struct undo u;
            position_make(p, &l->turns[j], &u);
            uint64_t h = p->st.hash;
            position_unmake(p, &u);
            bool found = false;
            for (int i = 0; i < m; i++)
                found = found || naive[i] == h;
            char name[NOTATION_MAX];
            turn_text(p, &l->turns[j], name);
            if (!found) {
                strcat(all, " ");
                strcat(all, name);
            }
        }
        free(which);
        fail_msg("%s (switches %u): generate %d, naive %d: %s", fen, p->switches, l->count, n, all);
    }
    assert_int_equal(p->rules->has_legal_turn(p), l->count > 0);
    int count = l->count;
    free(mine);
    free(l);
    return count;
}

/* The positions of test_dynamo_solve.c (OwnerPromotes in the search), each
 * before and after its key and every promotion choice, with the switches used
 * there: the hand analyses there lean on these lists of legal turns. */
static void cross_check_owner_positions(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        unsigned sw;
        const char *line[2]; /* turns played from fen, NULL-terminated */
    } cases[] = {
        {"k7/4R3/8/7K/4p3/6B1/8/7B w - - 0 1", OWNER, {NULL, NULL}},
        {"k7/4R3/8/7K/4p3/6B1/8/7B w - - 0 1", 0, {NULL, NULL}},
        {"k7/4R3/8/7K/4p3/6B1/8/7B w - - 0 1", OWNER, {"Re7/Pe4e1=Q", NULL}},
        {"k7/4R3/8/7K/4p3/6B1/8/7B w - - 0 1", OWNER, {"Re7/Pe4e1=R", NULL}},
        {"k7/4R3/8/7K/4p3/6B1/8/7B w - - 0 1", OWNER, {"Re7/Pe4e1=B", NULL}},
        {"k7/4R3/8/7K/4p3/6B1/8/7B w - - 0 1", OWNER, {"Re7/Pe4e1=S", NULL}},
        {"k1N5/7B/8/7K/4p3/6B1/1P6/8 w - - 0 1", OWNER | NOESC, {NULL, NULL}},
        {"k1N5/7B/8/7K/4p3/6B1/1P6/8 w - - 0 1", OWNER | NOESC, {"Bh7-e4/Pe4b1=Q", NULL}},
        {"k1N5/7B/8/7K/4p3/6B1/1P6/8 w - - 0 1", OWNER | NOESC, {"Bh7-e4/Pe4b1=S", NULL}},
        {"k1N5/7B/8/7K/4p3/6B1/1P6/8 w - - 0 1", OWNER, {"Bh7-e4/Pe4b1=Q", NULL}},
        {"k1N5/7B/8/7K/4p3/6B1/1P6/8 w - - 0 1", OWNER, {"Bh7-e4/Pe4b1=R", NULL}},
        {"k1N5/7B/8/7K/4p3/6B1/1P6/8 w - - 0 1", OWNER, {"Bh7-e4/Pe4b1=B", NULL}},
        {"k1N5/7B/8/7K/4p3/6B1/1P6/8 w - - 0 1", OWNER, {"Bh7-e4/Pe4b1=S", NULL}},
        {"6Bk/p7/4NNPb/8/8/8/7R/7K w - - 0 1", OWNER, {"g6-g7", NULL}},
        {"6Bk/p7/4NNPb/8/8/8/7R/7K w - - 0 1", OWNER, {"g6-g7", "Bh6/Pg7f8=Q"}},
        {"6Bk/p7/4NNPb/8/8/8/7R/7K w - - 0 1", OWNER, {"g6-g7", "Bh6/Pg7f8=R"}},
        {"6Bk/p7/4NNPb/8/8/8/7R/7K w - - 0 1", OWNER, {"g6-g7", "Bh6/Pg7f8=B"}},
        {"6Bk/p7/4NNPb/8/8/8/7R/7K w - - 0 1", OWNER, {"g6-g7", "Bh6/Pg7f8=S"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position p;
        setup(&p, cases[i].fen, cases[i].sw);
        cross_check(&p);
        for (int k = 0; k < 2 && cases[i].line[k]; k++) {
            play(&p, cases[i].line[k]);
            cross_check(&p);
        }
    }
}

/* Random play from the game array and from random sparse positions (random
 * switches, castling rights where king and rook stand at home), comparing at
 * every ply.  1,000 games: with 160, answering a knight's check by moving the
 * knight could be lost in the generation in check and no game met it (600 do). */
static void cross_check_random(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    static const char letters[] = "KQRBNPkqrbnpPPpp";
    int positions = 0;
    for (int game = 0; game < 1000; game++) {
        struct position p;
        unsigned sw = (unsigned)next_random(&seed) & 7u;
        if (game % 2 == 0) {
            setup(&p, START, sw);
        } else {
            position_init(&p, &rules_dynamo, sw);
            const struct geometry *g = p.geo;
            int units = 3 + (int)(next_random(&seed) % 12);
            for (int i = 0; i < units; i++) {
                /* the rank drawn first, the file then: the order of a
                 * call's arguments is unspecified (C11 6.5.2.2) */
                int rank = (int)(next_random(&seed) % 8);
                int s = geo_square(g, (int)(next_random(&seed) % 8), rank);
                char c = letters[next_random(&seed) % (sizeof letters - 1)];
                enum kind k = kind_from_letter(c == 'N' || c == 'n' ? 'S' : c);
                unit_t u = unit_make(c >= 'a' ? BLACK : WHITE, k);
                if (k == KING && p.st.king_sq[unit_colour(u)] != SQ_NONE)
                    continue;
                if (k == PAWN && (g->rank_of[s] == 0 || g->rank_of[s] == g->ranks - 1) && (next_random(&seed) & 1))
                    continue;
                position_put(&p, s, u);
            }
            p.st.side = (uint8_t)(next_random(&seed) & 1);
            position_default_castling(&p);
            position_rehash(&p);
            if (rules_opponent_in_check(&p))
                continue;
        }
        for (int ply = 0; ply < 14; ply++) {
            int n = cross_check(&p);
            positions++;
            if (n == 0)
                break;
            struct turn_list *l = new_list();
            p.rules->generate(&p, l);
            struct undo u;
            position_make(&p, &l->turns[next_random(&seed) % (uint64_t)l->count], &u);
            free(l);
        }
    }
    assert_true(positions > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_3_1_push_rook),
        cmocka_unit_test(rule_3_1_push_distance),
        cmocka_unit_test(rule_3_1_push_knight),
        cmocka_unit_test(rule_3_1_push_queen_and_duplicates),
        cmocka_unit_test(rule_3_1_push_king),
        cmocka_unit_test(rule_3_2_pull),
        cmocka_unit_test(rule_3_2_pull_off),
        cmocka_unit_test(rule_3_2_pawns_and_kings),
        cmocka_unit_test(rule_3_2_knight),
        cmocka_unit_test(rule_3_3_pawn_push),
        cmocka_unit_test(rule_3_3_pawn_push_colours),
        cmocka_unit_test(rule_3_3_double_push),
        cmocka_unit_test(rule_3_4_first_and_second_rank),
        cmocka_unit_test(rule_3_4_promotion_by_push),
        cmocka_unit_test(rule_3_4_enemy_pawn_promotes),
        cmocka_unit_test(rule_3_5_dy2),
        cmocka_unit_test(rule_3_5_check_answers),
        cmocka_unit_test(rule_3_5_attackers),
        cmocka_unit_test(rule_3_6_undo),
        cmocka_unit_test(rule_3_6_plain_restores),
        cmocka_unit_test(rule_3_7_castling_rights),
        cmocka_unit_test(rule_3_7_rights_follow_the_rook),
        cmocka_unit_test(rule_3_7_right_belongs_to_the_unit),
        cmocka_unit_test(rule_3_7_castling_and_check),
        cmocka_unit_test(rule_3_7_crossed_square_with_king_on_it),
        cmocka_unit_test(rule_3_8_en_passant),
        cmocka_unit_test(rule_3_9_mate_and_stalemate),
        cmocka_unit_test(switch_owner_promotes),
        cmocka_unit_test(switch_no_dynamo_escape),
        cmocka_unit_test(switch_en_passant),
        cmocka_unit_test(notation_examples),
        cmocka_unit_test(perft_game_array),
        cmocka_unit_test(perft_first_ply_by_piece),
        cmocka_unit_test(perft_dy_c),
        cmocka_unit_test(cross_check_random),
        cmocka_unit_test(cross_check_owner_positions),
    };
    return cmocka_run_group_tests_name("dynamo", tests, NULL, NULL);
}
