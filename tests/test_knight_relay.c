/* Knight relay (RULES 2): one test per numbered rule and switch, the RULES 7
 * rows, and a cross-check against a slow reference written from the rule text. */
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
#include "../src/rules/rules.h"

#define PFR 1u /* switch bit of PawnFirstRank */
#define LIST_TEXT 4096

/* ---------- helpers ---------- */

static void setup(struct position *p, const char *fen, unsigned switches)
{
    struct fen_error err;
    position_init(p, &rules_knight_relay, switches);
    if (!fen_parse(p, fen, &err))
        fail_msg("bad FEN %s: %s", fen, err.message);
}

static int sq(const struct position *p, const char *name) { return square_parse(p->geo, name); }

static int compare_names(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Sorted canonical names of the turns in l (only those from `from` when given). */
static void names_of(const struct position *p, const struct turn_list *l, const char *from, char *buf)
{
    static const int width = 16;
    char(*names)[16] = malloc((size_t)(l->count + 1) * (size_t)width);
    int n = 0;
    for (int i = 0; i < l->count; i++) {
        if (from && l->turns[i].from != sq(p, from))
            continue;
        turn_canonical(p, &l->turns[i], names[n++]);
    }
    qsort(names, (size_t)n, (size_t)width, compare_names);
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(buf, " ");
        strcat(buf, names[i]);
    }
    free(names);
}

static struct turn_list *new_list(void)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    return l;
}

/* The legal turns of the side to move (only from `from` when given), sorted. */
static void legal(struct position *p, const char *from, char *buf)
{
    struct turn_list *l = new_list();
    p->rules->generate(p, l);
    assert_int_equal(p->rules->has_legal_turn(p), l->count > 0);
    names_of(p, l, from, buf);
    free(l);
}

static int legal_count(struct position *p)
{
    struct turn_list *l = new_list();
    p->rules->generate(p, l);
    int n = l->count;
    free(l);
    return n;
}

/* Plays the legal turn with this canonical name; fails if there is none. */
static void play(struct position *p, const char *name, struct undo *u)
{
    struct turn_list *l = new_list();
    p->rules->generate(p, l);
    for (int i = 0; i < l->count; i++) {
        char b[NOTATION_MAX];
        turn_canonical(p, &l->turns[i], b);
        if (strcmp(b, name) == 0) {
            position_make(p, &l->turns[i], u);
            free(l);
            return;
        }
    }
    free(l);
    fail_msg("turn %s is not legal", name);
}

/* RULES 6 "#1" without the solver: the turns after which the opponent is in
 * check and has no legal turn. */
static void mates_in_one(struct position *p, char *buf)
{
    struct turn_list *l = new_list(), *mates = new_list();
    p->rules->generate(p, l);
    mates->count = 0;
    enum colour them = (enum colour)!p->st.side;
    for (int i = 0; i < l->count; i++) {
        struct undo u;
        position_make(p, &l->turns[i], &u);
        bool mate = rules_in_check(p, them) && !p->rules->has_legal_turn(p);
        position_unmake(p, &u);
        if (mate)
            mates->turns[mates->count++] = l->turns[i];
    }
    names_of(p, mates, NULL, buf);
    free(l);
    free(mates);
}

/* ---------- RULES 2.1: the relayed leap ---------- */

/* White Ka2 Rb1 Bd1 Sc3 Pe2; Black Ka8.  The knight c3 is a leap away from
 * a2 b1 d1 e2 (and a4 b5 d5 e4), so:
 *   Bd1: lines c2 b3 a4 (e2 own pawn); leaps b2 e3 f2 (c3 own)       = 6
 *   Rb1: a1, c1 (d1 own), b2..b8; leaps a3 d2 (c3 own)               = 11
 *   Pe2: e3 e4; leaps d4 f4 g3 (c1 g1 are its first rank: RULES 2.3) = 5
 *   Ka2: a1 a3 b2 b3 only -- a king never gains the leap (no b4 c1)   = 4
 *   Sc3: a4 b5 d5 e4 (a2 b1 d1 e2 occupied)                          = 4  */
static void rule_2_1_relayed_leaps(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "k7/8/8/8/8/2N5/K3P3/1R1B4 w - - 0 1", 0);
    legal(&p, "d1", buf);
    assert_string_equal(buf, "d1a4 d1b2 d1b3 d1c2 d1e3 d1f2");
    legal(&p, "b1", buf);
    assert_string_equal(buf, "b1a1 b1a3 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 b1c1 b1d2");
    legal(&p, "e2", buf);
    assert_string_equal(buf, "e2d4 e2e3 e2e4 e2f4 e2g3");
    legal(&p, "a2", buf);
    assert_string_equal(buf, "a2a1 a2a3 a2b2 a2b3");
    legal(&p, "c3", buf);
    assert_string_equal(buf, "c3a4 c3b5 c3d5 c3e4");
    assert_int_equal(legal_count(&p), 30);
}

/* White Kh1 Qd4 Sf3; Black Ka8 Pe6.  Queen lines: d5-d8 (4), d3-d1 (3),
 * e4-h4 (4), c4-a4 (3), e5-h8 (4), c5 b6 a7 (3), e3 f2 g1 (3), c3 b2 a1 (3)
 * = 27; relayed leaps b3 b5 c2 c6 e2 f5 and the capture e6 (f3 own) = 7. */
static void rule_2_1_queen_leaps_and_captures(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "k7/8/4p3/8/3Q4/5N2/8/7K w - - 0 1", 0);
    legal(&p, "d4", buf);
    assert_string_equal(buf, "d4a1 d4a4 d4a7 d4b2 d4b3 d4b4 d4b5 d4b6 d4c2 d4c3 d4c4 d4c5 d4c6 d4d1 d4d2 "
                             "d4d3 d4d5 d4d6 d4d7 d4d8 d4e2 d4e3 d4e4 d4e5 d4e6 d4f2 d4f4 d4f5 d4f6 d4g1 "
                             "d4g4 d4g7 d4h4 d4h8");
    /* an enemy knight relays nothing: the same queen beside a black knight
     * has its 27 line moves only */
    setup(&p, "k7/8/8/8/3Q4/5n2/8/7K w - - 0 1", 0);
    legal(&p, "d4", buf);
    assert_int_equal(strlen(buf), 27 * 5 - 1);
    assert_null(strstr(buf, "d4b3"));
}

/* White Ke1 Se2 Qc1; Black Ka8 Re8.  The knight e2 blocks the e-file (no
 * check) and is pinned, so it cannot move, yet it still relays the queen c1
 * (the test is geometric): leaps a2 b3 d3 (e2 own) besides the lines a1 b1
 * d1, c2-c8 (7), b2 a3, d2 e3 f4 g5 h6 = 17.  King: d1 d2 f1 f2. */
static void rule_2_1_pinned_knight_relays(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "k3r3/8/8/8/8/8/4N3/2Q1K3 w - - 0 1", 0);
    assert_false(rules_in_check(&p, WHITE));
    legal(&p, "e2", buf);
    assert_string_equal(buf, "");
    legal(&p, "c1", buf);
    assert_string_equal(buf, "c1a1 c1a2 c1a3 c1b1 c1b2 c1b3 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 c1d1 c1d2 "
                             "c1d3 c1e3 c1f4 c1g5 c1h6");
    legal(&p, "e1", buf);
    assert_string_equal(buf, "e1d1 e1d2 e1f1 e1f2");
}

/* ---------- RULES 2.2: knights ---------- */

/* White Kh1 Sd4; Black Ka8 Rb5 Pc6 Pe6.  The knight's leaps b5 c6 e6 hold
 * enemy units it may not capture: b3 c2 e2 f3 f5 remain; king g1 g2 h2. */
static void rule_2_2_knight_moves_only_to_empty(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "k7/8/2p1p3/1r6/3N4/8/8/7K w - - 0 1", 0);
    legal(&p, "d4", buf);
    assert_string_equal(buf, "d4b3 d4c2 d4e2 d4f3 d4f5");
    assert_int_equal(legal_count(&p), 8);
}

/* Black Ka8 Rb7 Pc5; White Kh1 Sb4, Black to move.  The rook stops before
 * the knight (b8 b6 b5, a7 c7-h7 = 10), the pawn cannot take it (c4 only),
 * the king a7 b8: 13 turns, none lands on b4. */
static void rule_2_2_knight_never_captured(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "k7/1r6/8/2p5/1N6/8/8/7K b - - 0 1", 0);
    legal(&p, NULL, buf);
    assert_string_equal(buf, "a8a7 a8b8 b7a7 b7b5 b7b6 b7b8 b7c7 b7d7 b7e7 b7f7 b7g7 b7h7 c5c4");
}

/* Black Ke8; White Sd7 Se7 Ka1.  Knights give no check, and the king may
 * stand next to and a leap away from them, but may not capture them:
 * d8 f7 f8 (f8 would be covered by d7 in orthodox chess). */
static void rule_2_2_knights_attack_nothing(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "4k3/3NN3/8/8/8/8/8/K7 b - - 0 1", 0);
    assert_false(rules_in_check(&p, BLACK));
    for (int s = 0; s < p.geo->squares; s++)
        if (p.geo->on_board[s] && s != sq(&p, "b1") && s != sq(&p, "b2") && s != sq(&p, "a2"))
            assert_false(p.rules->attacked(&p, s, WHITE)); /* only the king a1 attacks */
    legal(&p, NULL, buf);
    assert_string_equal(buf, "e8d8 e8f7 e8f8");
}

/* ---------- RULES 2.3: pawn leaps and the first/last rank ---------- */

/* KR-1 diagram (White Ke1 Qa3 Sb7 Sd4 Pe6; Black Kd8 Sc3 Sc2 Pa5).  The
 * pawn e6 is relayed by d4 but may not leap to d8 or f8 (its last rank), so
 * Black is not in check; it does attack c7 by the leap.  Pawn moves: e7 and
 * the leaps c5 c7 f4 g5 g7 (d4 own).  The same with PawnFirstRank. */
static void rule_2_3_no_leap_to_last_rank(void **state)
{
    (void)state;
    char buf[LIST_TEXT];
    for (unsigned sw = 0; sw <= PFR; sw++) {
        struct position p;
        setup(&p, "3k4/1N6/4P3/p7/3N4/Q1n5/2n5/4K3 w - - 0 1", sw);
        assert_false(rules_in_check(&p, BLACK));
        assert_false(p.rules->attacked(&p, sq(&p, "d8"), WHITE));
        assert_true(p.rules->attacked(&p, sq(&p, "c7"), WHITE));
        legal(&p, "e6", buf);
        assert_string_equal(buf, "e6c5 e6c7 e6e7 e6f4 e6g5 e6g7");
    }
}

/* White Kh1 Sa4 Pc3; Black Ka8.  Pawn c3 relayed by a4: step c4, leaps
 * a2 b5 d5 e2 e4; b1 and d1 are its first rank: only with PawnFirstRank. */
static void rule_2_3_no_leap_to_first_rank(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "k7/8/8/8/N7/2P5/8/7K w - - 0 1", 0);
    legal(&p, "c3", buf);
    assert_string_equal(buf, "c3a2 c3b5 c3c4 c3d5 c3e2 c3e4");
}

/* Switch PawnFirstRank: the same position gains c3-b1 and c3-d1.  After
 * c3-b1 Ka8-b8 the pawn on its first rank steps one square only (RULES 0):
 * b1-b2, no b1-b3 (and no relay: a4 is not a leap from b1). */
static void switch_pawn_first_rank(void **state)
{
    (void)state;
    struct position p;
    struct undo u1, u2;
    char buf[LIST_TEXT];
    setup(&p, "k7/8/8/8/N7/2P5/8/7K w - - 0 1", PFR);
    legal(&p, "c3", buf);
    assert_string_equal(buf, "c3a2 c3b1 c3b5 c3c4 c3d1 c3d5 c3e2 c3e4");
    play(&p, "c3b1", &u1);
    play(&p, "a8b8", &u2);
    legal(&p, "b1", buf);
    assert_string_equal(buf, "b1b2");
}

/* Switch PawnFirstRank makes a first-rank leap an attack.  White Kd8;
 * Black Pe6 Sd4 Ka1.  Pawn e6 (relayed by d4) leaps to d8 only with the
 * switch (d8 is Black's first rank), so White is in check only then; it
 * covers c7 either way.  King moves both times: c8 d7 e7 e8. */
static void switch_pawn_first_rank_attacks(void **state)
{
    (void)state;
    char buf[LIST_TEXT];
    for (unsigned sw = 0; sw <= PFR; sw++) {
        struct position p;
        setup(&p, "3K4/8/4p3/8/3n4/8/8/k7 w - - 0 1", sw);
        assert_int_equal(rules_in_check(&p, WHITE), sw != 0);
        assert_int_equal(p.rules->attacked(&p, sq(&p, "f8"), BLACK), sw != 0);
        assert_true(p.rules->attacked(&p, sq(&p, "c7"), BLACK));
        legal(&p, NULL, buf);
        assert_string_equal(buf, "d8c8 d8d7 d8e7 d8e8");
    }
}

/* ---------- RULES 2.4: double step, no en passant ---------- */

/* White Kh1 Se3 Pc4; Black Ka8.  c4 relayed by e3: step c5, leaps a3 a5
 * b2 b6 d2 d6 e5.  After c4-b2 Ka8-a7 the pawn stands on its second rank
 * and may double-step: b2-b3, b2-b4 (b2 is no leap from e3). */
static void rule_2_4_double_step_whatever_history(void **state)
{
    (void)state;
    struct position p;
    struct undo u1, u2;
    char buf[LIST_TEXT];
    setup(&p, "k7/8/8/8/2P5/4N3/8/7K w - - 0 1", 0);
    legal(&p, "c4", buf);
    assert_string_equal(buf, "c4a3 c4a5 c4b2 c4b6 c4c5 c4d2 c4d6 c4e5");
    play(&p, "c4b2", &u1);
    play(&p, "a8a7", &u2);
    legal(&p, "b2", buf);
    assert_string_equal(buf, "b2b3 b2b4");
}

/* Black Ka8 Pd7; White Kh1 Pe5.  d7-d5 is legal and leaves no e.p. square,
 * so White's pawn has e6 only; a FEN naming d6 as e.p. square changes nothing. */
static void rule_2_4_no_en_passant(void **state)
{
    (void)state;
    struct position p;
    struct undo u;
    char buf[LIST_TEXT];
    setup(&p, "k7/3p4/8/4P3/8/8/8/7K b - - 0 1", 0);
    play(&p, "d7d5", &u);
    assert_int_equal(p.st.ep_sq, SQ_NONE);
    legal(&p, "e5", buf);
    assert_string_equal(buf, "e5e6");
    setup(&p, "k7/8/8/3pP3/8/8/8/7K w - d6 0 1", 0);
    legal(&p, "e5", buf);
    assert_string_equal(buf, "e5e6");
}

/* ---------- RULES 2.5: promotion, castling, check, mate ---------- */

/* White Ka1 Qc6 Pb7; Black Ke7.  b7-b8 promotes to Q R B S.  After b8=S the
 * new knight relays the queen at once (b8 is a leap from c6) and c6-e7 is a
 * leap: check.  After b8=Q no check.  Black's answers to b8=S: d6 e6 f6
 * (rank 6), d7 e8 (diagonal), d8 (leap) are covered; f7 f8 are free. */
static void rule_2_5_promotion_relays_at_once(void **state)
{
    (void)state;
    struct position p;
    struct undo u;
    char buf[LIST_TEXT];
    setup(&p, "8/1P2k3/2Q5/8/8/8/8/K7 w - - 0 1", 0);
    assert_false(rules_in_check(&p, BLACK));
    legal(&p, "b7", buf);
    assert_string_equal(buf, "b7b8B b7b8Q b7b8R b7b8S");
    play(&p, "b7b8Q", &u);
    assert_false(rules_in_check(&p, BLACK));
    position_unmake(&p, &u);
    play(&p, "b7b8S", &u);
    assert_true(rules_in_check(&p, BLACK));
    legal(&p, NULL, buf);
    assert_string_equal(buf, "e7f7 e7f8");
}

/* Black Ke8 Bh8 Rc2; White Rf6 Sh5 Ka1, Black to move.  The rook f6 is
 * relayed by h5 and leaps to e8: check.  A leap cannot be blocked; the
 * answers are Kd8, Ke7 (d7 leap, f7 f8 file covered) and Bh8xf6. */
static void rule_2_5_leap_check_answers(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "4k2b/8/5R2/7N/8/8/2r5/K7 b - - 0 1", 0);
    assert_true(rules_in_check(&p, BLACK));
    legal(&p, NULL, buf);
    assert_string_equal(buf, "e8d8 e8e7 h8f6");
}

/* Castling with knight-relay attacks (White Ke1 Ra1 Rh1, Black Ka8):
 *  - Bh3 relayed by Sg5 leaps to g1 (Pg2 blocks its diagonal): 0-0 illegal,
 *    0-0-0 legal;
 *  - a pawn on h3 instead may not leap to g1 (its last rank): both legal;
 *  - a knight on d3 attacks nothing (no check, c1 free): both legal;
 *  - a white knight on b1 blocks 0-0-0. */
static void rule_2_5_castling(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "k7/8/8/6n1/8/7b/6P1/R3K2R w KQ - 0 1", 0);
    assert_false(rules_in_check(&p, WHITE));
    legal(&p, "e1", buf);
    assert_non_null(strstr(buf, "e1a1"));
    assert_null(strstr(buf, "e1h1"));
    assert_null(strstr(buf, "e1f2")); /* f2 is a leap from h3 too */
    setup(&p, "k7/8/8/6n1/8/7p/6P1/R3K2R w KQ - 0 1", 0);
    legal(&p, "e1", buf);
    assert_non_null(strstr(buf, "e1a1"));
    assert_non_null(strstr(buf, "e1h1"));
    setup(&p, "k7/8/8/8/8/3n4/8/R3K2R w KQ - 0 1", 0);
    assert_false(rules_in_check(&p, WHITE));
    legal(&p, "e1", buf);
    assert_string_equal(buf, "e1a1 e1d1 e1d2 e1e2 e1f1 e1f2 e1h1");
    setup(&p, "k7/8/8/8/8/8/8/RN2K2R w KQ - 0 1", 0);
    legal(&p, "e1", buf);
    assert_string_equal(buf, "e1d1 e1d2 e1e2 e1f1 e1f2 e1h1");
}

/* ---------- RULES 7 rows ---------- */

/* KR-1: Qa3-d6 (relayed by b7: covers c8 e8 by leaps) and Qa3-f8 (rank 8
 * through the king's square; c7 covered by the e6 pawn's leap) both mate. */
static void kr1_wikipedia(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "3k4/1N6/4P3/p7/3N4/Q1n5/2n5/4K3 w - - 0 1", 0);
    assert_false(rules_in_check(&p, BLACK));
    mates_in_one(&p, buf);
    assert_string_equal(buf, "a3d6 a3f8");
}

/* KR-2: Se2-f4 relays the queen g6, which leaps to h8; g7 g8 h7 are
 * covered by the queen's lines and the rook c3 (relayed by b5) cannot reach
 * g6.  No queen move checks without a flight. */
static void kr2(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "7k/8/6Q1/1n6/8/2r5/4N3/K7 w - - 0 1", 0);
    mates_in_one(&p, buf);
    assert_string_equal(buf, "e2f4");
}

/* KR-3: Sf1-d2 relays the queen b3, which leaps to a1; a2 b1 b2 covered.
 * Line checks (Qa3 Qa4 Qc3 Qd1) leave a flight; Qa2 Qb1 Qb2 are taken. */
static void kr3(void **state)
{
    (void)state;
    struct position p;
    char buf[LIST_TEXT];
    setup(&p, "8/8/8/8/8/1Q6/8/k4N1K w - - 0 1", 0);
    mates_in_one(&p, buf);
    assert_string_equal(buf, "f1d2");
}

/* KR-P: 28 = 20 orthodox + d2 (relayed by b1) to b3 c4 e4 f3 + e2 (relayed
 * by g1) to c3 d4 f4 g3; Black likewise 28, and 784 = 28 * 28. */
static void krp_game_array(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0);
    uint64_t before = p.st.hash;
    assert_int_equal(rules_perft(&p, 1), 28);
    assert_int_equal(rules_perft(&p, 2), 784);
    assert_int_equal(rules_perft(&p, 3), 24044);
    assert_int_equal(p.st.hash, before);
}

/* ---------- cross-check against a reference written from the rule text ---------- */

static const enum kind ref_promotions[4] = {QUEEN, ROOK, BISHOP, KNIGHT};

static void ref_add(struct turn_list *out, int from, int to, const struct position *p, int promo)
{
    struct turn *t = turn_list_push(out);
    t->from = (square_t)from;
    t->to = (square_t)to;
    t->promo = (uint8_t)promo;
    if (p->board[to] != UNIT_EMPTY) {
        t->flags = TURN_CAPTURE;
        t->capture_sq = (square_t)to;
    }
}

/* May a unit of `side` end a move on t (empty, or enemy non-knight)? */
static bool ref_target(unit_t t, enum colour side)
{
    if (t == UNIT_EMPTY)
        return true;
    return unit_is_piece(t) && unit_colour(t) == !side && unit_kind(t) != KNIGHT;
}

static bool ref_relayed(const struct position *p, int s, enum colour side)
{
    for (int i = 0; i < 8; i++)
        if (p->board[s + p->geo->knight_leaps[i]] == unit_make(side, KNIGHT))
            return true;
    return false;
}

/* Pseudo-legal moves of every unit of `side`, castling excluded. */
static void ref_pseudo(const struct position *p, enum colour side, struct turn_list *out)
{
    const struct geometry *g = p->geo;
    int first = side == WHITE ? 0 : g->ranks - 1, last = g->ranks - 1 - first;
    int fwd = side == WHITE ? g->north : g->south;
    out->count = 0;
    for (int s = 0; s < g->squares; s++) {
        unit_t u = p->board[s];
        if (!g->on_board[s] || !unit_is(u, side))
            continue;
        enum kind k = unit_kind(u);
        bool relay = k != KING && k != KNIGHT && ref_relayed(p, s, side);
        if (k == KING)
            for (int i = 0; i < 8; i++)
                if (ref_target(p->board[s + g->queen_dirs[i]], side))
                    ref_add(out, s, s + g->queen_dirs[i], p, 0);
        if (k == KNIGHT)
            for (int i = 0; i < 8; i++)
                if (p->board[s + g->knight_leaps[i]] == UNIT_EMPTY)
                    ref_add(out, s, s + g->knight_leaps[i], p, 0);
        if (k == QUEEN || k == ROOK || k == BISHOP) {
            const int *dirs = k == ROOK ? g->rook_dirs : k == BISHOP ? g->bishop_dirs : g->queen_dirs;
            for (int i = 0; i < (k == QUEEN ? 8 : 4); i++) {
                int t = s + dirs[i];
                while (p->board[t] == UNIT_EMPTY) {
                    ref_add(out, s, t, p, 0);
                    t += dirs[i];
                }
                if (ref_target(p->board[t], side))
                    ref_add(out, s, t, p, 0);
            }
        }
        if (k == PAWN) {
            int t = s + fwd;
            int pr = g->rank_of[t] == last ? 4 : 1;
            if (p->board[t] == UNIT_EMPTY) {
                for (int i = 0; i < pr; i++)
                    ref_add(out, s, t, p, pr == 4 ? ref_promotions[i] : 0);
                if (g->rank_of[s] == (side == WHITE ? 1 : g->ranks - 2) && p->board[t + fwd] == UNIT_EMPTY)
                    ref_add(out, s, t + fwd, p, 0);
            }
            for (int d = -1; d <= 1; d += 2)
                if (p->board[t + d] != UNIT_EMPTY && ref_target(p->board[t + d], side))
                    for (int i = 0; i < pr; i++)
                        ref_add(out, s, t + d, p, pr == 4 ? ref_promotions[i] : 0);
        }
        if (relay)
            for (int i = 0; i < 8; i++) {
                int t = s + g->knight_leaps[i];
                if (!ref_target(p->board[t], side))
                    continue;
                if (k == PAWN && (g->rank_of[t] == last ||
                                  (g->rank_of[t] == first && !(p->switches & PFR))))
                    continue;
                ref_add(out, s, t, p, 0);
            }
    }
}

/* RULES 0: could `by` capture a hostile unit standing on s?  A hostile bishop
 * is put there when it is empty. */
static bool ref_attacked(const struct position *p, int s, enum colour by)
{
    struct position q = *p;
    if (q.board[s] == UNIT_EMPTY)
        position_put(&q, s, unit_make((enum colour)!by, BISHOP));
    struct turn_list *l = new_list();
    ref_pseudo(&q, by, l);
    bool hit = false;
    for (int i = 0; i < l->count && !hit; i++)
        hit = (l->turns[i].flags & TURN_CAPTURE) && l->turns[i].to == s;
    free(l);
    return hit;
}

static void ref_legal(struct position *p, struct turn_list *out)
{
    enum colour us = (enum colour)p->st.side, them = (enum colour)!us;
    struct turn_list *pseudo = new_list();
    ref_pseudo(p, us, pseudo);
    out->count = 0;
    for (int i = 0; i < pseudo->count; i++) {
        struct undo u;
        position_make(p, &pseudo->turns[i], &u);
        bool ok = p->st.king_sq[us] == SQ_NONE || !ref_attacked(p, p->st.king_sq[us], them);
        position_unmake(p, &u);
        if (ok)
            out->turns[out->count++] = pseudo->turns[i];
    }
    free(pseudo);
    int k = castling_king_home(p, us);
    for (int r = us == WHITE ? WHITE_SHORT : BLACK_SHORT; r < (us == WHITE ? BLACK_SHORT : CASTLING_RIGHTS); r++) {
        int rook = castling_rook_home(p, (enum castling_right)r);
        if (p->board[k] != unit_make(us, KING) || p->st.castle_rook[r] != rook ||
            p->board[rook] != unit_make(us, ROOK))
            continue;
        int d = rook > k ? 1 : -1;
        bool ok = true;
        for (int s = k + d; s != rook; s += d)
            ok = ok && p->board[s] == UNIT_EMPTY;
        for (int s = k; ok && s != k + 3 * d; s += d)
            ok = !ref_attacked(p, s, them);
        if (!ok)
            continue;
        struct turn *t = turn_list_push(out);
        t->from = (square_t)k;
        t->to = (square_t)(k + 2 * d);
        t->from2 = (square_t)rook;
        t->to2 = (square_t)(k + d);
        t->flags = TURN_CASTLE;
    }
}

/* Random games from each start: at every node the generator's turns equal
 * the reference's, attacked() agrees with the reference on every square for
 * both sides, and has_legal_turn agrees with the count. */
static void cross_check_walk(const char *fen, unsigned switches, int games, int plies, unsigned seed)
{
    struct position p;
    struct turn_list *a = new_list(), *b = new_list();
    char na[LIST_TEXT], nb[LIST_TEXT];
    for (int game = 0; game < games; game++) {
        setup(&p, fen, switches);
        for (int ply = 0; ply < plies; ply++) {
            p.rules->generate(&p, a);
            ref_legal(&p, b);
            names_of(&p, a, NULL, na);
            names_of(&p, b, NULL, nb);
            if (strcmp(na, nb) != 0) {
                char f[160];
                fen_write(&p, f);
                fail_msg("%s\n gen: %s\n ref: %s", f, na, nb);
            }
            assert_int_equal(p.rules->has_legal_turn(&p), a->count > 0);
            /* attacks matter on empty squares and on capturable enemy units */
            for (int s = 0; s < p.geo->squares; s++)
                for (int c = WHITE; c <= BLACK; c++) {
                    unit_t u = p.board[s];
                    if (!p.geo->on_board[s] || (seed + (unsigned)s) % 4 != 0 ||
                        (u != UNIT_EMPTY && (!unit_is(u, (enum colour)!c) || unit_kind(u) == KNIGHT)))
                        continue;
                    assert_int_equal(p.rules->attacked(&p, s, (enum colour)c), ref_attacked(&p, s, (enum colour)c));
                }
            if (a->count == 0)
                break;
            seed = seed * 1103515245u + 12345u;
            struct undo u;
            position_make(&p, &a->turns[(seed >> 8) % (unsigned)a->count], &u);
        }
    }
    free(a);
    free(b);
}

static void cross_check_reference(void **state)
{
    (void)state;
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "3k4/1N6/4P3/p7/3N4/Q1n5/2n5/4K3 w - - 0 1",
        "r3k2r/1P4P1/8/2n1N3/3pP3/5N2/pp4p1/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        "4k3/1n1n1n2/8/2PpP3/8/2N1N3/8/R3K2R b KQ - 0 1",
    };
    for (unsigned i = 0; i < sizeof fens / sizeof *fens; i++)
        for (unsigned sw = 0; sw <= PFR; sw++)
            cross_check_walk(fens[i], sw, 12, 60, 17u + i * 31u + sw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_2_1_relayed_leaps),
        cmocka_unit_test(rule_2_1_queen_leaps_and_captures),
        cmocka_unit_test(rule_2_1_pinned_knight_relays),
        cmocka_unit_test(rule_2_2_knight_moves_only_to_empty),
        cmocka_unit_test(rule_2_2_knight_never_captured),
        cmocka_unit_test(rule_2_2_knights_attack_nothing),
        cmocka_unit_test(rule_2_3_no_leap_to_last_rank),
        cmocka_unit_test(rule_2_3_no_leap_to_first_rank),
        cmocka_unit_test(switch_pawn_first_rank),
        cmocka_unit_test(switch_pawn_first_rank_attacks),
        cmocka_unit_test(rule_2_4_double_step_whatever_history),
        cmocka_unit_test(rule_2_4_no_en_passant),
        cmocka_unit_test(rule_2_5_promotion_relays_at_once),
        cmocka_unit_test(rule_2_5_leap_check_answers),
        cmocka_unit_test(rule_2_5_castling),
        cmocka_unit_test(kr1_wikipedia),
        cmocka_unit_test(kr2),
        cmocka_unit_test(kr3),
        cmocka_unit_test(krp_game_array),
        cmocka_unit_test(cross_check_reference),
    };
    return cmocka_run_group_tests_name("knight_relay", tests, NULL, NULL);
}
