/* Dynamo switch OwnerPromotes (RULES 3.4) in the search: a pawn pushed onto
 * its last rank by the opponent is promoted by its owner, and a move is good
 * only if it is good for every choice the owner can make.  Each position was
 * composed by hand for this file and its answer derived by hand in the comment
 * above the test; the solver must agree, and the single steps (which replies
 * exist after each promotion) are checked on the generator as well.
 *
 * Squares and lines, as used below (RULES 3.1-3.5): a king is attacked when a
 * push or pull of the opponent removes it from the board.  For the king on a8
 * that is a rook or queen on rank 8 or on the a-file, a bishop or queen on the
 * long diagonal a8-h1 (each with the squares between empty), a knight on b6 or
 * c7 (its next leap leaves the board) or a white pawn on b7; for the king on h8
 * the same with rank 8, the h-file, the diagonal h8-a1 and knights on f7, g6,
 * a white pawn on g7.
 *
 * One consequence worth knowing when composing (it shapes position B): in a
 * #1 without NoDynamoEscape, a key that pushes a black pawn onto rank 1 can
 * never be good under OwnerPromotes.  The key is a push (pulls never bring a
 * unit onto the edge rank the puller leaves from): its mover M goes from s to
 * p0 (or stays) and the pawn from p0 to p1, along one line.  Black then picks
 * the piece that moves along that line (Q for a rook's or a bishop's line, S
 * for a knight's leap) and plays it back: a push of M from p0 to s if M moved,
 * else a plain move from p1 to p0.  Every square of the board is then occupied
 * as before the key, by units of the same colours, white units of the same
 * kinds; whether a king is attacked depends on nothing else, and before the
 * key Black was not in check.  So the key is not mate.  (The undo rule does
 * not forbid the push back: a queen now stands where a pawn stood.  With
 * NoDynamoEscape the push back is no answer to check, which position B uses;
 * the plain move back after a stationary push still is.) */
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
#include "../src/search/battle_search.h"
#include "../src/rules/rules.h"
#include "../src/search/battle.h"

#define OWNER 1u /* Dynamo switch bits, in the order of its switch names */
#define NOESC 2u

#include "table_fixture.h"
#include "solution_text.h"

static void put_fen(struct position *p, const char *fen, unsigned switches)
{
    struct fen_error err;
    position_init(p, &rules_dynamo, switches);
    if (!fen_parse(p, fen, &err))
        fail_msg("bad FEN %s: %s", fen, err.message);
}

/* Direct mate in `moves`, White to move in fen; the result as battle_search
 * makes it (keys, text). */
static void solve_direct(const char *fen, unsigned switches, int moves, bool variation, struct result *r)
{
    static struct position p;
    put_fen(&p, fen, switches);
    struct options o;
    memset(&o, 0, sizeof o);
    o.threat = -1;
    o.max_flights = -1;
    o.variation = variation;
    struct stipulation st = {.play = PLAY_DIRECT, .goal = GOAL_MATE, .moves = moves};
    struct solver s;
    tt_clear(&table);
    solver_init(&s, &p, &st, &o, &table);
    result_init(r);
    battle_search(&s, moves, r, fresh_solution_sink());
    solver_free(&s);
}

static int occurrences(const char *text, const char *s)
{
    int n = 0;
    for (const char *q = strstr(text, s); q; q = strstr(q + 1, s))
        n++;
    return n;
}

#include "turn_texts.h"

/* Plays the legal turn written `text` (the undo rule then applies to the reply). */
static void play(struct position *p, const char *text, struct undo *u)
{
    struct turn t = find_turn(p, text);
    position_make(p, &t, u);
}

/* ---------- a. White's key, Black's choice saves him ---------- */

/* Position A, #1: White Kh5 Re7 Bg3 Bh1, Black Ka8 Pe4 (k7/4R3/8/7K/4p3/6B1/8/7B).
 *
 * The black pawn e4 shuts the long diagonal of Bh1 (it is pinned: e4-e3 would
 * expose its own king).  Re7 covers a7 and b7 (pushed 4 and 3 squares west, off),
 * Bg3 covers b8 (pushed 5 squares north-west, off: f4 e5 d6 c7 empty).  Mate
 * needs check; White's checking moves are all rook moves:
 *   1.Re7-e8+ (pushes a8 four squares west, off): 1...Ka8-a7 (or Kb7), rank 7 is
 *       free now.  No mate.
 *   1.Re7-a7+ (pushes a8 one square north, off): 1...Ka8-a7/Ra7a6, the king steps
 *       onto a7 pushing the rook on to a6, from where it carries a7 only to a8; Bh1
 *       is still shut, Bg3's diagonal ends on b8.  No mate.
 *   1.Re7-E/Pe4E+ (the rook runs north off the board pulling the pawn, 3 behind it,
 *       off as well; Bh1 now sees a8): 1...Ka8-a7, rank 7 is free.  No mate.
 *   1.Re7/Pe4e1=X+ (stationary push: the pawn is carried 3 squares, e3 e2 e1, and
 *       promotes; the rook stays on rank 7 and Bh1 checks along the open diagonal
 *       g2 f3 e4 d5 c6 b7).  a7 b7 b8 stay covered, the king has no neighbour to
 *       push or pull, so only the new black piece on e1 can help:
 *         X=Q: Qe1-e4 (interposes), Qe1/Bh1E and Qe1-h1/Bh1E (the bishop, 3 squares
 *              east, is pushed 3 further: off), Qe1-b1/Bh1e1 (the queen backs 3
 *              squares west and pulls the bishop onto e1).  Not mate.
 *         X=R: the same four turns.  Not mate.
 *         X=S: Se1-f3, Se1-g2 interpose.  Not mate.
 *         X=B: e1's diagonals (d2-a5, f2-g3) meet neither the long diagonal nor h1
 *              and no pull is possible from the edge; pushing Bg3 off leaves the
 *              check.  No legal turn: mate.
 * No other White turn checks: Re7-e4/Pe4e1 puts the rook on e4 (still shut),
 * Bh1/Pe4b7 and Bh1-e4/Pe4b7 leave the pawn on b7 (shut), Bh1-E/Pe4E removes the
 * bishop, the rook's other squares are off a8's lines, Bg3 and Kh5 have none.
 *
 * Without the switch White chooses the promotion: one key, Re7/Pe4e1=B (e7/e4e1B).
 * With OwnerPromotes Black chooses it (Q, R or S): no key at all. */
#define POSITION_A "k7/4R3/8/7K/4p3/6B1/8/7B w - - 0 1"

static void owner_choice_spoils_the_key(void **state)
{
    (void)state;
    struct result r;
    solve_direct(POSITION_A, 0, 1, false, &r);
    assert_int_equal(r.keys.count, 1);
    assert_true(strlist_has(&r.keys, "e7/e4e1B"));
    assert_non_null(strstr(solution.data, "1.Re7/Pe4e1=B # !"));
    result_free(&r);

    solve_direct(POSITION_A, OWNER, 1, false, &r);
    assert_int_equal(r.keys.count, 0);
    assert_null(strstr(solution.data, "Pe4e1"));
    result_free(&r);
}

/* The replies listed above, one promotion at a time (with the switch: the
 * generator offers the same four turns, only flagged). */
static void owner_choice_replies_by_hand(void **state)
{
    (void)state;
    static const char *const promos[4] = {"Q", "R", "B", "S"};
    static const char *const replies[4] = {
        "Qe1-e4 Qe1/Bh1E Qe1-h1/Bh1E Qe1-b1/Bh1e1",
        "Re1-e4 Re1/Bh1E Re1-h1/Bh1E Re1-b1/Bh1e1",
        "",
        "Se1-f3 Se1-g2",
    };
    for (int i = 0; i < 4; i++) {
        struct position p;
        struct undo u;
        put_fen(&p, POSITION_A, OWNER);
        char key[NOTATION_MAX];
        snprintf(key, sizeof key, "Re7/Pe4e1=%s", promos[i]);
        play(&p, key, &u);
        assert_true(rules_in_check(&p, BLACK));
        expect_turns(&p, replies[i]);
    }
}

/* ---------- b. White's key, every choice of Black mated ---------- */

/* Position B, #1: White Kh5 Bh7 Bg3 Sc8 Pb2, Black Ka8 Pe4 (k1N5/7B/8/7K/4p3/6B1/1P6/8).
 *
 * 1.Bh7-e4/Pe4b1=X+: the bishop runs h7-g6-f5-e4 and pushes the pawn on, 3 squares
 * further south-west (d3 c2 b1), where it promotes; Be4 checks along d5 c6 b7
 * (a8 pushed 4 north-west, off).  a7 is covered by Sc8 (the leap c8-a7 goes on
 * off the board), b7 by Be4 (pushed 3: a8, off), b8 by Bg3; the king has no
 * neighbour.  The other checks: 1.Sc8-b6+ Ka8-a7 (a7 is free once the knight
 * has left c8); nothing else reaches a8 (no rook; Bh7's other squares, Bg3, the
 * pawn and the king are off a8's lines).
 *
 * With NoDynamoEscape Black in check has only ordinary moves: the king none,
 * the new piece on b1 must interpose on d5, c6 or b7 -- Q: b-file shut by Pb2,
 * the diagonal b1-e4 ends at the bishop, a2 and rank 1 lead nowhere; R: rank 1,
 * b-file shut; B: a2 c2 d3; S: a3 c3 d2.  Mate whatever the promotion, so with
 * OwnerPromotes the decision is the key: once in r->keys, as h7e4/e4b1, with one
 * key line per choice.  (Without OwnerPromotes each promotion is a key of its own.)
 *
 * Without NoDynamoEscape the push back of the header works: =Q: Qb1/Be4h7 and
 * Qb1-e4/Be4h7 (the bishop, 3 squares up the diagonal, is carried 3 further,
 * f5 g6 h7) and Qb1-E/Be4E (the queen leaves the board at a0 pulling the bishop
 * off); =B the same three.  =R: rank 1 and Rb1-b2/Pb2b3, Rb1/Pb2b3 -- nothing
 * touches the check: mate.  =S: nothing on a3 c3 d2 to push, nothing to pull:
 * mate.  So in plain Dynamo White picks R or S (two keys), with OwnerPromotes
 * Black picks Q or B (no key). */
#define POSITION_B "k1N5/7B/8/7K/4p3/6B1/1P6/8 w - - 0 1"

static void owner_choice_all_mated(void **state)
{
    (void)state;
    struct result r;
    solve_direct(POSITION_B, OWNER | NOESC, 1, false, &r);
    assert_int_equal(r.keys.count, 1);
    assert_string_equal(r.keys.items[0], "h7e4/e4b1");
    assert_non_null(strstr(solution.data, "   1.Bh7-e4/Pe4b1=Q # !\n"
                                        "   1.Bh7-e4/Pe4b1=R # !\n"
                                        "   1.Bh7-e4/Pe4b1=B # !\n"
                                        "   1.Bh7-e4/Pe4b1=S # !\n"));
    assert_int_equal(occurrences(solution.data, "Bh7-e4/Pe4b1"), 4);
    result_free(&r);

    solve_direct(POSITION_B, NOESC, 1, false, &r); /* White chooses: four keys */
    assert_int_equal(r.keys.count, 4);
    assert_true(strlist_has(&r.keys, "h7e4/e4b1Q") && strlist_has(&r.keys, "h7e4/e4b1R"));
    assert_true(strlist_has(&r.keys, "h7e4/e4b1B") && strlist_has(&r.keys, "h7e4/e4b1S"));
    result_free(&r);

    solve_direct(POSITION_B, 0, 1, false, &r); /* White chooses R or S */
    assert_int_equal(r.keys.count, 2);
    assert_true(strlist_has(&r.keys, "h7e4/e4b1R"));
    assert_true(strlist_has(&r.keys, "h7e4/e4b1S"));
    result_free(&r);

    solve_direct(POSITION_B, OWNER, 1, false, &r); /* Black chooses Q or B */
    assert_int_equal(r.keys.count, 0);
    result_free(&r);
}

static void owner_choice_all_mated_by_hand(void **state)
{
    (void)state;
    static const char *const promos[4] = {"Q", "R", "B", "S"};
    static const char *const dynamo_replies[4] = {
        "Qb1/Be4h7 Qb1-e4/Be4h7 Qb1-E/Be4E", "", "Bb1/Be4h7 Bb1-e4/Be4h7 Bb1-E/Be4E", ""};
    for (int i = 0; i < 4; i++) {
        char key[NOTATION_MAX];
        snprintf(key, sizeof key, "Bh7-e4/Pe4b1=%s", promos[i]);
        struct position p;
        struct undo u;
        put_fen(&p, POSITION_B, OWNER | NOESC);
        play(&p, key, &u);
        assert_true(rules_in_check(&p, BLACK));
        expect_turns(&p, "");
        put_fen(&p, POSITION_B, OWNER);
        play(&p, key, &u);
        expect_turns(&p, dynamo_replies[i]);
    }
}

/* ---------- c. Black's defence, White's choice ---------- */

/* Position C, #2: White Kh1 Rh2 Se6 Sf6 Bg8 Pg6, Black Kh8 Bh6 Pa7
 * (6Bk/p7/4NNPb/8/8/8/7R/7K).
 *
 * Bh6 shuts the h-file against Rh2 (the rook's push of h6 is stopped by the king
 * on h8, its pull by its own king on h1), so the bishop may not leave h6.  Sf6
 * covers g8 and h7 (leaps f6-g8, f6-h7 go on off the board) and shuts the
 * diagonal h8-a1; Bg8 stands on g8, Se6 covers g7 (e6-g7-i8).
 *
 * 1.g6-g7+ (the pawn pushes h8 diagonally off).  Black's turns: Kh8-h7 (Sf6,
 * Bg8), the push of Bg8 to f8 (moving: the king on g8 meets Sf6; staying: the pawn
 * still checks), the push of the pawn to f6 (Sf6 is in the way), a7-a6/a5 and the
 * bishop's plain moves (the pawn still checks), Bh6-g7/Pg7f8 and the pull
 * Bh6-E/Pg7E (the h-file opens) all fail; the one defence is the stationary push
 * Bh6/Pg7f8=X: the bishop pushes the pawn one square on to f8, where it promotes
 * -- a white piece, so with OwnerPromotes White chooses.  No X attacks h8 (the
 * rank is shut by Bg8, f8-g7-h6 ends at the bishop), so all four are legal.
 *   X=S: 2.Sf8-g6# -- the leap g6-h8 goes on off the board; g7 (Se6) and h7
 *        (Sf6, Bg8) are covered, Kh8-g8/Bg8f8 (f8 is empty again) puts the king
 *        where Sf6 pushes it off, Kh8/Bg8f8 leaves the check; Bh6 has no push
 *        (g7 f8 and g5..c1 are empty), cannot reach g6 and may not leave h6.
 *        (White may choose as well X=Q: 2.Qf8-g7#, X=B: 2.Bf8-g7#.)
 *   X=R: no mate.  Rf8 is shut off by Bg8, so White's checks are the discoveries
 *        on rank 8: Bg8-h7, Bg8-f7, Bg8-e6/Se6c4, Bg8-E/Se6E (the bishop leaves at
 *        h9 pulling e6 off), Sf6/Bg8E -- each answered by Bh6/Rf8E (f8 is two
 *        squares up the bishop's diagonal, the push carries it two further: off;
 *        the bishop stays on h6) -- and the double check Sf6-e4/Bg8f6 (the knight
 *        pulls the bishop onto f6: rank 8 and the diagonal both open), answered by
 *        Kh8-g8 (Rf8 carries g8 only to h8; Sf6 has gone) or Kh8-h7.  No knight
 *        reaches f7 or g6, and the h-file cannot be opened.
 * Without the switch Black chooses R and 1.g6-g7+ fails; with OwnerPromotes White
 * chooses S (or Q, B) and it is the key.  Every other first move fails in both
 * (solver: the quiet ones to 1...a7-a6 or a7-a5 -- after which g6-g7 is no mate
 * because the push answers it -- and 1.Sf6-e4/Bg8f6+ to Kh8-g8; the other checks
 * by hand are only these two). */
#define POSITION_C "6Bk/p7/4NNPb/8/8/8/7R/7K w - - 0 1"

static void owner_choice_keeps_the_key(void **state)
{
    (void)state;
    struct result r;
    /* only g6-g7 is analysed in full by hand (the other first moves partly),
     * so only its fate is asserted */
    solve_direct(POSITION_C, 0, 2, true, &r);
    assert_false(strlist_has(&r.keys, "g6g7"));
    result_free(&r);

    solve_direct(POSITION_C, OWNER, 2, true, &r);
    assert_true(strlist_has(&r.keys, "g6g7"));
    assert_non_null(strstr(solution.data, "1.g6-g7 + !"));
    assert_non_null(strstr(solution.data, "1...Bh6/Pg7f8=S\n          2.Sf8-g6 #"));
    result_free(&r);
}

static void owner_choice_defence_by_hand(void **state)
{
    (void)state;
    struct position p;
    struct undo u;
    put_fen(&p, POSITION_C, OWNER);
    play(&p, "g6-g7", &u);
    expect_turns(&p, "Bh6/Pg7f8=Q Bh6/Pg7f8=R Bh6/Pg7f8=B Bh6/Pg7f8=S");
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    l->count = 0;
    p.rules->generate(&p, l);
    for (int i = 0; i < l->count; i++)
        assert_true(l->turns[i].flags & TURN_OWNER_CHOICE);
    free(l);

    /* after each promotion, White to play: mate in one for S, none for R */
    struct options o;
    memset(&o, 0, sizeof o);
    o.threat = -1;
    o.max_flights = -1;
    struct stipulation st = {.play = PLAY_DIRECT, .goal = GOAL_MATE, .moves = 1};
    static const char *const defence[2] = {"Bh6/Pg7f8=S", "Bh6/Pg7f8=R"};
    for (int k = 0; k < 2; k++) {
        put_fen(&p, POSITION_C, OWNER);
        struct undo v;
        play(&p, "g6-g7", &u);
        play(&p, defence[k], &v);
        struct solver s;
        tt_clear(&table);
        solver_init(&s, &p, &st, &o, &table);
        assert_int_equal(attack_wins(&s, 1), k == 0);
        solver_free(&s);
    }
    /* and the rook's answer to every discovery on rank 8 */
    put_fen(&p, POSITION_C, OWNER);
    struct undo v, w;
    play(&p, "g6-g7", &u);
    play(&p, "Bh6/Pg7f8=R", &v);
    play(&p, "Bg8-h7", &w);
    assert_true(rules_in_check(&p, BLACK));
    char *replies = texts(&p);
    assert_non_null(strstr(replies, "Bh6/Rf8E"));
    free(replies);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(owner_choice_spoils_the_key),
        cmocka_unit_test(owner_choice_replies_by_hand),
        cmocka_unit_test(owner_choice_all_mated),
        cmocka_unit_test(owner_choice_all_mated_by_hand),
        cmocka_unit_test(owner_choice_keeps_the_key),
        cmocka_unit_test(owner_choice_defence_by_hand),
    };
    return cmocka_run_group_tests_name("dynamo solve", tests, setup, teardown_with_text);
}
