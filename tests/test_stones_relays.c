/* Stones & Relays (RULES 4): a test per numbered rule (4.4 case by case) and switch, the
 * RULES 7 rows, notation, and a cross-check against a slow reference from the rule text. */
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

#define STRICT 1u /* switch bit of StrictKing */
#define TEXT 65536

/* ---------- helpers ---------- */

static int sq(const struct position *p, const char *name)
{
    int s = square_parse(p->geo, name);
    if (s == SQ_NONE)
        fail_msg("bad square %s", name);
    return s;
}

/* Units from tokens like "wKd1 bPe7 nOc5 nXe4" (colour w/b/n, letter, square). */
static void setup(struct position *p, const char *units, enum colour side, unsigned switches)
{
    position_init(p, &rules_stones_relays, switches);
    for (const char *c = units; *c;) {
        while (*c == ' ')
            c++;
        if (!*c)
            break;
        enum colour col = c[0] == 'w' ? WHITE : c[0] == 'b' ? BLACK : NEUTRAL;
        enum kind k = kind_from_letter(c[1]);
        assert_true(k != KIND_NONE);
        position_put(p, sq(p, (char[]){c[2], c[3], 0}), unit_make(col, k));
        c += 4;
    }
    p->st.side = (uint8_t)side;
    position_rehash(p);
}

static struct turn_list *new_list(void)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    return l;
}

/* generate() with what must hold of every list: each result once (RULES 0),
 * the first-turn test and the counting perft agreeing with it. */
static void gen(struct position *p, struct turn_list *l)
{
    p->rules->generate(p, l);
    for (int i = 0; i < l->count; i++)
        for (int j = i + 1; j < l->count; j++)
            assert_false(turn_equal(&l->turns[i], &l->turns[j]));
    assert_int_equal(p->rules->has_legal_turn(p), l->count > 0);
    assert_int_equal(rules_perft(p, 1), (uint64_t)l->count);
}

static int compare_names(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Sorted canonical names of the legal turns.  mode 'a': all; 'd': the
 * step-less piece moves from `from`, written without the origin (its
 * destinations); 'p': turns whose canonical name starts with `from`;
 * 'C': castling turns only; 'c': the castlings legal with or without a
 * step, each once, written without the step. */
static void names(struct position *p, char mode, const char *from, char *buf)
{
    struct turn_list *l = new_list();
    gen(p, l);
    char(*n)[24] = malloc((size_t)(l->count + 1) * 24);
    int k = 0;
    for (int i = 0; i < l->count; i++) {
        const struct turn *t = &l->turns[i];
        char c[NOTATION_MAX];
        turn_canonical(p, t, c);
        if (mode == 'd') {
            if (t->from != sq(p, from) || t->from2 != SQ_NONE || (t->flags & TURN_CASTLE))
                continue;
            strcpy(n[k++], c + 2);
        } else if (mode == 'p') {
            if (strncmp(c, from, strlen(from)) == 0)
                strcpy(n[k++], c);
        } else if (mode == 'c' || mode == 'C') {
            if (!(t->flags & TURN_CASTLE))
                continue;
            if (mode == 'c')
                c[4] = 0; /* the king's and the rook's origin; duplicates go below */
            strcpy(n[k++], c);
        } else {
            strcpy(n[k++], c);
        }
    }
    qsort(n, (size_t)k, 24, compare_names);
    buf[0] = 0;
    for (int i = 0; i < k; i++) {
        if (i && strcmp(n[i], n[i - 1]) == 0)
            continue; /* only mode 'c' has equal names */
        if (i)
            strcat(buf, " ");
        strcat(buf, n[i]);
    }
    free(n);
    free(l);
}

static int count(struct position *p)
{
    struct turn_list *l = new_list();
    gen(p, l);
    int n = l->count;
    free(l);
    return n;
}

/* The legal turn with this canonical name (copied to *t), or false. */
static bool find(struct position *p, const char *name, struct turn *t)
{
    struct turn_list *l = new_list();
    gen(p, l);
    memset(t, 0, sizeof *t);
    bool found = false;
    for (int i = 0; i < l->count && !found; i++) {
        char c[NOTATION_MAX];
        turn_canonical(p, &l->turns[i], c);
        if (strcmp(c, name) == 0) {
            *t = l->turns[i];
            found = true;
        }
    }
    free(l);
    return found;
}

static void play(struct position *p, const char *name, struct undo *u)
{
    struct turn t;
    if (!find(p, name, &t))
        fail_msg("turn %s is not legal", name);
    position_make(p, &t, u);
}

static bool attacked(const struct position *p, const char *s, enum colour by)
{
    return p->rules->attacked(p, sq(p, s), by);
}

/* ---------- RULES 4.1: the turn ---------- */

/* White Kd1 Ph2; Black Kh9 Rd9; stone c5.  The rook checks down the d-file.
 * Piece moves: Kc1 Kc2 Ke1 Ke2 Kd2, h3 h4; steps of the stone: b5 c4 c6 d5.
 * Legality is judged at the end of the turn:
 *   - Kc1 Kc2 Ke1 Ke2 leave the file: alone or with any step, 4 x 5 = 20;
 *   - Kd2 and the pawn moves stay in check unless the stone steps to d5
 *     and blocks the file: Kd2/Oc5-d5, h3/Oc5-d5, h4/Oc5-d5 = 3.
 * Total 23. */
static void rule_4_1_turn(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKd1 wPh2 bKh9 bRd9 nOc5", WHITE, 0);
    assert_true(rules_in_check(&p, WHITE));
    names(&p, 'a', NULL, buf);
    assert_string_equal(buf, "d1c1 d1c1/c5b5 d1c1/c5c4 d1c1/c5c6 d1c1/c5d5 "
                             "d1c2 d1c2/c5b5 d1c2/c5c4 d1c2/c5c6 d1c2/c5d5 d1d2/c5d5 "
                             "d1e1 d1e1/c5b5 d1e1/c5c4 d1e1/c5c6 d1e1/c5d5 "
                             "d1e2 d1e2/c5b5 d1e2/c5c4 d1e2/c5c6 d1e2/c5d5 h2h3/c5d5 h2h4/c5d5");
}

/* A side needs a piece move: the step alone is no turn.  White Ka1 Pa2 Pb2
 * Pa5, Black Pa6, stone e5: piece moves Kb1 (a2 b2 are its own), a3 a4 b3
 * b4 (a5 is blocked) = 5, each alone or with a step of the stone (d5 e4 e6
 * f5): 25.  Black with no piece at all has no turn, though the stone and
 * the relay c5 could step. */
static void rule_4_1_piece_move_first(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKa1 wPa2 wPb2 wPa5 bPa6 nOe5", WHITE, 0);
    assert_int_equal(count(&p), 25);
    names(&p, 'd', "a1", buf);
    assert_string_equal(buf, "b1");
    setup(&p, "wKa1 nOe5 nXc5", BLACK, 0);
    assert_int_equal(count(&p), 0);
}

/* ---------- switch StrictKing (RULES 4.1) ---------- */

/* The position of rule_4_1_turn: Kd2 ends on a square the rook attacks
 * right after the piece move, so Kd2/Oc5-d5 goes; the pawn moves, whose
 * check comes from another piece, keep their cure: 22 turns. */
static void switch_strict_king(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKd1 wPh2 bKh9 bRd9 nOc5", WHITE, STRICT);
    names(&p, 'a', NULL, buf);
    assert_string_equal(buf, "d1c1 d1c1/c5b5 d1c1/c5c4 d1c1/c5c6 d1c1/c5d5 "
                             "d1c2 d1c2/c5b5 d1c2/c5c4 d1c2/c5c6 d1c2/c5d5 "
                             "d1e1 d1e1/c5b5 d1e1/c5c4 d1e1/c5c6 d1e1/c5d5 "
                             "d1e2 d1e2/c5b5 d1e2/c5c4 d1e2/c5c6 d1e2/c5d5 h2h3/c5d5 h2h4/c5d5");
}

/* ---------- RULES 4.2: stones and relays ---------- */

/* White Rd1 Kh1; Black Ka9; stone d4.  The stone blocks the file and is
 * never captured: rook a1 b1 c1 e1 f1 g1 d2 d3 (8), king g1 g2 h2 (3).
 * Steps c4 d3 d5 e4, but not d3 after Rd3: 10 x 5 + 1 x 4 = 54.  The stone
 * attacks nothing and shields d5 from the rook. */
static void rule_4_2_stones_block(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wRd1 wKh1 bKa9 nOd4", WHITE, 0);
    names(&p, 'd', "d1", buf);
    assert_string_equal(buf, "a1 b1 c1 d2 d3 e1 f1 g1");
    names(&p, 'd', "h1", buf);
    assert_string_equal(buf, "g1 g2 h2");
    assert_int_equal(count(&p), 54);
    assert_true(attacked(&p, "d3", WHITE));
    assert_false(attacked(&p, "d5", WHITE));
    /* Black Ka9 beside a stone b9 and a relay b8 is in no check; the relay
     * is no destination, the stone no capture: a8, and through b8 to a7
     * b7 c7 c8 c9 (a9 its start, b9 the stone) */
    setup(&p, "bKa9 nOb9 nXb8 wKh1", BLACK, 0);
    assert_false(rules_in_check(&p, BLACK));
    names(&p, 'd', "a9", buf);
    assert_string_equal(buf, "a7 a8 b7 c7 c8 c9");
}

/* ---------- RULES 4.3: crossing relays ---------- */

/* White Rd1; Black Pb4 Ph4; relay d4.  Rank 1: a1 b1 c1 e1 f1 g1 h1; up
 * the file d2 d3 to the relay, which may not be a destination; from it:
 * d5-d9, west c4 and the capture b4 (a4 is behind it), east e4 f4 g4 and
 * the capture h4, south d3 d2 again (one turn each) and over the start
 * square off the board.  20 destinations; e5 (diagonal) is not one. */
static void rule_4_3_rook(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wRd1 bPb4 bPh4 nXd4", WHITE, 0);
    names(&p, 'd', "d1", buf);
    assert_string_equal(buf, "a1 b1 b4 c1 c4 d2 d3 d5 d6 d7 d8 d9 e1 e4 f1 f4 g1 g4 h1 h4");
}

/* White Bc1; relay e3.  b2 a3, d2 to the relay; from e3: f4 g5 h6, d4 c5
 * b6 a7, f2 g1, back d2 (again) and over c1 off the board: 12. */
static void rule_4_3_bishop(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wBc1 nXe3", WHITE, 0);
    names(&p, 'd', "c1", buf);
    assert_string_equal(buf, "a3 a7 b2 b6 c5 d2 d4 f2 f4 g1 g5 h6");
}

/* Aikin's Figure 3: the black queen a7 reaches c1 through the relays f7
 * (along rank 7), then c4 (diagonal f7-e6-d5-c4) and down the c-file.
 * Without the relay c4 it cannot. */
static void rule_4_3_queen_switches_lines(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "bQa7 nXf7 nXc4", BLACK, 0);
    names(&p, 'd', "a7", buf);
    assert_non_null(strstr(buf, "c1"));
    setup(&p, "bQa7 nXf7", BLACK, 0);
    names(&p, 'd', "a7", buf);
    assert_null(strstr(buf, "c1"));
}

/* RULES 7 SR-2: White Sd2, relay e4: b1 b3 c4 f1 f3 and via the relay c3 c5
 * d6 f6 g5 g3 f2 (d2 is the start square: no destination). */
static void rule_4_3_knight_sr2(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wSd2 nXe4", WHITE, 0);
    names(&p, 'd', "d2", buf);
    assert_string_equal(buf, "b1 b3 c3 c4 c5 d6 f1 f2 f3 f6 g3 g5");
}

/* White Kd1; relay d2.  c1 c2 e1 e2, and from the relay c3 d3 e3 (the
 * rest again, d1 its start): 7. */
static void rule_4_3_king_steps_again(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKd1 nXd2", WHITE, 0);
    names(&p, 'd', "d1", buf);
    assert_string_equal(buf, "c1 c2 c3 d3 e1 e2 e3");
}

/* White Sa1; relays b3 d4.  a1: c2 and the relay b3; b3: a5 c1 c5 d2 and
 * the relay d4 (a1 is the start); d4: b5 c2 c6 e2 e6 f3 f5 (b3 used): 11. */
static void rule_4_3_several_relays(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wSa1 nXb3 nXd4", WHITE, 0);
    names(&p, 'd', "a1", buf);
    assert_string_equal(buf, "a5 b5 c1 c2 c5 c6 d2 e2 e6 f3 f5");
}

/* ---------- RULES 4.4: pawns and relays ---------- */

/* A forward step onto a relay continues straight ahead, over further relays,
 * and never captures.  White Pc3 Xc4: c5.  Pe3 Xe4 Xe5: e6.  Pg3 Xg4 and a
 * black knight g5: nothing.  Pb7 Xb8: b9, promoting four ways. */
static void rule_4_4_forward_step(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wPc3 nXc4 wPe3 nXe4 nXe5 wPg3 nXg4 bSg5 wPb7 nXb8", WHITE, 0);
    names(&p, 'd', "c3", buf);
    assert_string_equal(buf, "c5");
    names(&p, 'd', "e3", buf);
    assert_string_equal(buf, "e6");
    names(&p, 'd', "g3", buf);
    assert_string_equal(buf, "");
    names(&p, 'd', "b7", buf);
    assert_string_equal(buf, "b9B b9Q b9R b9S");
}

/* A double step whose second square is a relay goes one or two squares
 * further.  Pd2 Xd4: d3, d5 and d6 (e.p. square d5).  Pf2 Xf4 Of5: f3 only.
 * Ph2 Xh4 Oh6: h3 h5. */
static void rule_4_4_double_step_second_square_relay(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    struct turn t;
    setup(&p, "wPd2 nXd4 wPf2 nXf4 nOf5 wPh2 nXh4 nOh6", WHITE, 0);
    names(&p, 'd', "d2", buf);
    assert_string_equal(buf, "d3 d5 d6");
    names(&p, 'd', "f2", buf);
    assert_string_equal(buf, "f3");
    names(&p, 'd', "h2", buf);
    assert_string_equal(buf, "h3 h5");
    assert_true(find(&p, "d2d6", &t));
    assert_true(t.flags & TURN_DOUBLE_STEP);
    assert_int_equal(t.ep_sq, sq(&p, "d5"));
    assert_int_equal(t.ep_victim, sq(&p, "d6"));
    assert_true(find(&p, "d2d5", &t));
    assert_false(t.flags & TURN_DOUBLE_STEP);
    assert_true(find(&p, "h2h5", &t));
    assert_false(t.flags & TURN_DOUBLE_STEP);
}

/* A double step whose first square is a relay ends two squares ahead: Pa2
 * Xa3: a4, one turn though the single step over the relay gets there too,
 * and no e.p. square.  Pc2 Xc3 Oc4: nothing.  Pe2 Xe3 Xe4: the single step
 * crosses both relays to e5; the double step would end on the relay e4. */
static void rule_4_4_double_step_first_square_relay(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    struct turn t;
    setup(&p, "wPa2 nXa3 wPc2 nXc3 nOc4 wPe2 nXe3 nXe4", WHITE, 0);
    names(&p, 'd', "a2", buf);
    assert_string_equal(buf, "a4");
    assert_true(find(&p, "a2a4", &t));
    assert_false(t.flags & TURN_DOUBLE_STEP);
    names(&p, 'd', "c2", buf);
    assert_string_equal(buf, "");
    names(&p, 'd', "e2", buf);
    assert_string_equal(buf, "e5");
}

/* A diagonal capture step onto a relay continues one more square and must
 * capture there.  Pc3 Xd4, black Se5 Sb4: c4, captures b4 and e5.  Pf3 Xg4
 * (h5 empty): f4 only.  Pe7 Xf8, black Rg9: e8 and e7xg9 promoting. */
static void rule_4_4_capture_through_relay(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    struct turn t;
    setup(&p, "wPc3 nXd4 bSe5 bSb4 wPf3 nXg4 wPe7 nXf8 bRg9", WHITE, 0);
    names(&p, 'd', "c3", buf);
    assert_string_equal(buf, "b4 c4 e5");
    names(&p, 'd', "f3", buf);
    assert_string_equal(buf, "f4");
    names(&p, 'd', "e7", buf);
    assert_string_equal(buf, "e8 g9B g9Q g9R g9S");
    assert_true(find(&p, "c3e5", &t));
    assert_true(t.flags & TURN_CAPTURE);
    assert_int_equal(t.capture_sq, sq(&p, "e5"));
}

/* En passant after an ordinary double step: e2-e4 leaves e3, and d4xe3
 * takes the pawn e4. */
static void rule_4_4_en_passant_ordinary(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    struct undo u;
    struct turn t;
    setup(&p, "wPe2 bPd4", WHITE, 0);
    play(&p, "e2e4", &u);
    assert_int_equal(p.st.ep_sq, sq(&p, "e3"));
    names(&p, 'd', "d4", buf);
    assert_string_equal(buf, "d3 e3");
    assert_true(find(&p, "d4e3", &t));
    assert_true(t.flags & TURN_EN_PASSANT);
    assert_int_equal(t.capture_sq, sq(&p, "e4"));
}

/* En passant after a double step continued two squares past a relay: e2
 * over e3, the relay e4, e5 to e6 leaves e5 (the first square past the
 * relay), so d6xe5 takes e6.  One square past the relay (e2-e5) leaves none:
 * d6xe5 is then an ordinary capture. */
static void rule_4_4_en_passant_past_relay(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    struct undo u;
    struct turn t;
    setup(&p, "wPe2 nXe4 bPd6", WHITE, 0);
    play(&p, "e2e6", &u);
    assert_int_equal(p.st.ep_sq, sq(&p, "e5"));
    assert_int_equal(p.st.ep_victim, sq(&p, "e6"));
    names(&p, 'd', "d6", buf);
    assert_string_equal(buf, "d5 e5");
    assert_true(find(&p, "d6e5", &t));
    assert_true(t.flags & TURN_EN_PASSANT);
    assert_int_equal(t.capture_sq, sq(&p, "e6"));
    position_unmake(&p, &u);
    play(&p, "e2e5", &u);
    assert_int_equal(p.st.ep_sq, SQ_NONE);
    assert_true(find(&p, "d6e5", &t));
    assert_false(t.flags & TURN_EN_PASSANT);
    assert_int_equal(t.capture_sq, sq(&p, "e5"));
}

/* No e.p. square after a double step over a relay on the first square:
 * e2 over the relay e3 to e4; d4 has d3 only (its capture towards e3 meets
 * the relay and finds f2 empty). */
static void rule_4_4_en_passant_none_after_relay(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    struct undo u;
    setup(&p, "wPe2 nXe3 bPd4", WHITE, 0);
    play(&p, "e2e4", &u);
    assert_int_equal(p.st.ep_sq, SQ_NONE);
    names(&p, 'd', "d4", buf);
    assert_string_equal(buf, "d3");
}

/* A capture path through a relay ending on the e.p. square takes the pawn:
 * after e2-e4 (e.p. square e3), c5 captures onto the relay d4, goes on to
 * e3 and removes e4. */
static void rule_4_4_en_passant_through_relay(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    struct undo u, u2;
    struct turn t;
    setup(&p, "wPe2 nXd4 bPc5", WHITE, 0);
    play(&p, "e2e4", &u);
    assert_int_equal(p.st.ep_sq, sq(&p, "e3"));
    names(&p, 'd', "c5", buf);
    assert_string_equal(buf, "c4 e3");
    assert_true(find(&p, "c5e3", &t));
    assert_true(t.flags & TURN_EN_PASSANT);
    assert_int_equal(t.capture_sq, sq(&p, "e4"));
    position_make(&p, &t, &u2);
    assert_int_equal(position_at(&p, sq(&p, "e4")), UNIT_EMPTY);
    assert_int_equal(position_at(&p, sq(&p, "e3")), unit_make(BLACK, PAWN));
}

/* An en passant capture empties two squares of a line (RULES 0, 4.4): the
 * pawn's and the taken pawn's.  Black's c8-c6 (its second rank is the 8th on
 * the 8x9 board) lands beside White's d6 pawn on the 6th rank, where White's
 * king a6 and Black's rook h6 stand: d6xc7 would leave a6 attacked, so only
 * d6-d7 is legal for it.  The taken pawn's square c6 is the one of the two
 * that the king's test reads (c6 hides d6 from a6). */
static void rule_4_4_en_passant_uncovers_own_king(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    struct undo u;
    setup(&p, "wKa6 wPd6 bKh9 bRh6 bPc8", BLACK, 0);
    play(&p, "c8c6", &u);
    assert_int_equal(p.st.ep_sq, sq(&p, "c7"));
    names(&p, 'd', "d6", buf);
    assert_string_equal(buf, "d7");
}

/* The same on the enemy king's line: after c8-c6, White's b6xc7 empties b6
 * and c6, and the rook a6 checks the king h6 along the 6th rank.  The enemy
 * king's test reads c6 (its first unit westward), not b6; generate_checks
 * must list the capture. */
static void rule_4_4_en_passant_uncovers_check(void **state)
{
    (void)state;
    struct position p;
    struct undo u;
    setup(&p, "wKa1 wRa6 wPb6 bKh6 bPc8", BLACK, 0);
    play(&p, "c8c6", &u);
    struct turn t;
    assert_true(find(&p, "b6c7", &t));
    assert_true(t.flags & TURN_EN_PASSANT);
    struct turn_list *l = new_list();
    p.rules->generate_checks(&p, l);
    bool listed = false;
    for (int i = 0; i < l->count; i++)
        listed = listed || turn_equal(&l->turns[i], &t);
    assert_true(listed);
    free(l);
}

/* ---------- RULES 4.5: stone/relay steps ---------- */

/* White Ka1; stone d5, relays e5 f5.
 *   stone d5: c5 d4 d6; onto e5, then e4 e6 or onto f5, then f4 f6 g5: 8
 *   relay e5: e4 e6; onto f5, then f4 f6 g5 (d5 is the stone): 5
 *   relay f5: f4 f6 g5; onto e5, then e4 e6 (d5 the stone): 5
 * No step ends on a unit, a relay or its start.  3 king moves x 19 = 57.
 * In the corner (stone g9, relay h9): g9 f9 g9-g8 and over h9 to h8 (north
 * and east are off the board, west straight back); h9-h8: 3 x 5 = 15. */
static void rule_4_5_steps(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKa1 nOd5 nXe5 nXf5", WHITE, 0);
    assert_int_equal(count(&p), 57);
    names(&p, 'p', "a1a2/", buf);
    assert_string_equal(buf, "a1a2/d5c5 a1a2/d5d4 a1a2/d5d6 a1a2/d5e4 a1a2/d5e6 a1a2/d5f4 a1a2/d5f6 "
                             "a1a2/d5g5 a1a2/e5e4 a1a2/e5e6 a1a2/e5f4 a1a2/e5f6 a1a2/e5g5 "
                             "a1a2/f5e4 a1a2/f5e6 a1a2/f5f4 a1a2/f5f6 a1a2/f5g5");
    setup(&p, "wKa1 nOg9 nXh9", WHITE, 0);
    assert_int_equal(count(&p), 15);
    names(&p, 'p', "a1a2/", buf);
    assert_string_equal(buf, "a1a2/g9f9 a1a2/g9g8 a1a2/g9h8 a1a2/h9h8");
}

/* The step is made after the piece move: a square the piece leaves is free
 * for it, a square it lands on is not.  White Kb4 (stone b5 above it),
 * Black Kh9.  Kb4-a4/Ob5-b4 steps onto the square the king left; after
 * Kb4-c5 the stone cannot go to c5. */
static void rule_4_5_step_after_piece_move(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKb4 bKh9 nOb5", WHITE, 0);
    names(&p, 'p', "b4a4/", buf);
    assert_string_equal(buf, "b4a4/b5a5 b4a4/b5b4 b4a4/b5b6 b4a4/b5c5");
    names(&p, 'p', "b4c5/", buf);
    assert_string_equal(buf, "b4c5/b5a5 b4c5/b5b4 b4c5/b5b6");
}

/* ---------- RULES 4.6: Ko ---------- */

/* White Ka1, Black Kh9; relay d6 (just stepped from d5), stone c5.  The
 * relay may not go back to d5 (d7 c6 e6 remain), the stone may go there
 * (b5 c4 c6 d5): 3 x (1 + 7) = 24.  After Ka2/Xd6-d7 Black may not step the
 * relay back to d6; after Black's step-less Kg9 White may again. */
static void rule_4_6_ko(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    struct turn t;
    struct undo u1, u2;
    setup(&p, "wKa1 bKh9 nXd6 nOc5", WHITE, 0);
    p.st.ko_from = (square_t)sq(&p, "d5");
    p.st.ko_to = (square_t)sq(&p, "d6");
    position_rehash(&p);
    assert_int_equal(count(&p), 24);
    assert_false(find(&p, "a1a2/d6d5", &t));
    assert_true(find(&p, "a1a2/c5d5", &t));
    play(&p, "a1a2/d6d7", &u1);
    assert_int_equal(p.st.ko_from, sq(&p, "d6"));
    assert_int_equal(p.st.ko_to, sq(&p, "d7"));
    assert_int_equal(count(&p), 24);
    assert_false(find(&p, "h9g9/d7d6", &t));
    assert_true(find(&p, "h9g9/d7d8", &t));
    play(&p, "h9g9", &u2);
    assert_int_equal(p.st.ko_from, SQ_NONE);
    names(&p, 'p', "a2a3/d7", buf);
    assert_string_equal(buf, "a2a3/d7c7 a2a3/d7d6 a2a3/d7d8 a2a3/d7e7");
}

/* ---------- RULES 4.7: castling ---------- */

/* White Ke1 Ra1 Rh1, Black Ke9 Ra9 Rh9; relay b1, stone f9.  A relay or a
 * stone between king and rook blocks: White 0-0 only, Black 0-0-0 only
 * (rank 9).  The rook a1's path over b1 up the b-file does not touch c9-e9. */
static void rule_4_7_castling_blocked(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKe1 wRa1 wRh1 bKe9 bRa9 bRh9 nXb1 nOf9", WHITE, 0);
    position_default_castling(&p);
    names(&p, 'c', NULL, buf);
    assert_string_equal(buf, "e1h1");
    p.st.side = BLACK;
    position_rehash(&p);
    names(&p, 'c', NULL, buf);
    assert_string_equal(buf, "e9a9");
}

/* Not through check, judged before the turn, with relay paths: Black Bh3
 * reaches f1 over the relay g2, so White Ke1 Ra1 Rh1 may castle long only. */
static void rule_4_7_castling_through_check(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKe1 wRa1 wRh1 bBh3 nXg2", WHITE, 0);
    position_default_castling(&p);
    assert_true(attacked(&p, "f1", BLACK));
    assert_false(attacked(&p, "e1", BLACK));
    assert_false(attacked(&p, "d1", BLACK));
    names(&p, 'c', NULL, buf);
    assert_string_equal(buf, "e1a1");
}

/* Not out of check: Black Ra5 checks over the relay e5 down the e-file. */
static void rule_4_7_castling_out_of_check(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKe1 wRh1 bRa5 nXe5", WHITE, 0);
    position_default_castling(&p);
    assert_true(rules_in_check(&p, WHITE));
    names(&p, 'c', NULL, buf);
    assert_string_equal(buf, "");
}

/* The king's final square is judged at the end of the turn, a step after
 * the castling included: Black Bf4 reaches g1 over the relay h2
 * (f4-g3-h2-g1) but not e1 or f1.  0-0 alone ends in check.  After it
 * (Kg1 Rf1) the relay h2 may step to h3, g2, or h1, which the rook has just
 * left (RULES 4.1: the step follows the piece move); each takes the relay off
 * the bishop's path, and none of h3 g2 h1 lies on a diagonal of f4, so the
 * three turns e1h1/h2g2 e1h1/h2h1 e1h1/h2h3 are legal.  With StrictKing the
 * castled king stands attacked right after the piece move: no castling at
 * all.  Without the relay 0-0 is legal alone (no neutral unit to step). */
static void rule_4_7_castling_final_square(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKe1 wRh1 bBf4 nXh2", WHITE, 0);
    position_default_castling(&p);
    assert_true(attacked(&p, "g1", BLACK));
    assert_false(attacked(&p, "f1", BLACK));
    names(&p, 'C', NULL, buf);
    assert_string_equal(buf, "e1h1/h2g2 e1h1/h2h1 e1h1/h2h3");
    setup(&p, "wKe1 wRh1 bBf4 nXh2", WHITE, STRICT);
    position_default_castling(&p);
    names(&p, 'c', NULL, buf);
    assert_string_equal(buf, "");
    setup(&p, "wKe1 wRh1 bBf4", WHITE, 0);
    position_default_castling(&p);
    names(&p, 'C', NULL, buf);
    assert_string_equal(buf, "e1h1");
}

/* Castling is a piece move, so a step may follow it (RULES 4.1, 4.7).
 * White Ke1 Rh1; Black Rg9; stone g5, which shuts the g-file (the rook g9
 * sees g8 g7 g6 and rank 9 only).  White's piece moves: king d1 d2 e2 f1
 * f2 (5), rook g1 f1 and h2..h9 (10), 0-0 (e1 and f1 not attacked): 16.
 * The stone steps to g4 g6 f5 h5.  Off the g-file nothing of White's can
 * be attacked by the rook, so every king and rook move takes each step or
 * none: 15 x 5 = 75, less Rh1-h5/Og5-h5 (h5 taken) = 74.  After 0-0 the
 * king stands on g1: g4 and g6 keep the file shut, f5 and h5 open it and
 * leave the king in check: e1h1, e1h1/g5g4, e1h1/g5g6.  77 turns. */
static void rule_4_7_castling_then_step(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKe1 wRh1 bRg9 nOg5", WHITE, 0);
    position_default_castling(&p);
    assert_int_equal(count(&p), 77);
    names(&p, 'C', NULL, buf);
    assert_string_equal(buf, "e1h1 e1h1/g5g4 e1h1/g5g6");
    assert_int_equal(rules_perft(&p, 1), 77);
}

/* "Through check" is judged before the turn only (RULES 4.7), the most
 * literal reading: a step that afterwards opens a line onto the square the
 * king passed does not spoil the castling.  White Ke1 Rh1; Black Rf9;
 * stone f5 shuts the f-file, so f1 is safe before the turn.  After 0-0
 * (Kg1 Rf1) the stone may step to e5 or g5, and the rook f9 then attacks f1
 * (now the white rook), but not g1: all four steps and none are legal. */
static void rule_4_7_castling_passed_square_after_step(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKe1 wRh1 bRf9 nOf5", WHITE, 0);
    position_default_castling(&p);
    assert_false(attacked(&p, "f1", BLACK));
    names(&p, 'C', NULL, buf);
    assert_string_equal(buf, "e1h1 e1h1/f5e5 e1h1/f5f4 e1h1/f5f6 e1h1/f5g5");
}

/* make/unmake of a castling with a step, in the position of
 * rule_4_7_castling_then_step: 0-0/Og5-g4 leaves Kg1 Rf1, the stone on g4,
 * e1 h1 g5 empty, White's rights gone, the Ko state g5-g4 and Black to
 * move; the incremental hash equals the hash recomputed from scratch and
 * differs from plain 0-0's; unmake restores board and state exactly.  Then
 * RULES 4.6 holds for the step of a castling: after Rg9-g8 Black's stone
 * g4 may go to f4 g3 h4 but not back to g5. */
static void castling_step_make_unmake(void **state)
{
    (void)state;
    struct position p, before, fresh;
    struct undo u, plain;
    char buf[TEXT];
    setup(&p, "wKe1 wRh1 bRg9 nOg5", WHITE, 0);
    position_default_castling(&p);
    before = p;
    play(&p, "e1h1", &plain);
    uint64_t plain_hash = p.st.hash;
    position_unmake(&p, &plain);
    play(&p, "e1h1/g5g4", &u);
    assert_int_equal(p.board[sq(&p, "g1")], unit_make(WHITE, KING));
    assert_int_equal(p.board[sq(&p, "f1")], unit_make(WHITE, ROOK));
    assert_int_equal(p.board[sq(&p, "g4")], unit_make(NEUTRAL, STONE));
    assert_int_equal(p.board[sq(&p, "e1")], UNIT_EMPTY);
    assert_int_equal(p.board[sq(&p, "h1")], UNIT_EMPTY);
    assert_int_equal(p.board[sq(&p, "g5")], UNIT_EMPTY);
    assert_int_equal(p.st.king_sq[WHITE], sq(&p, "g1"));
    assert_int_equal(p.st.castle_rook[WHITE_SHORT], SQ_NONE);
    assert_int_equal(p.st.ko_from, sq(&p, "g5"));
    assert_int_equal(p.st.ko_to, sq(&p, "g4"));
    assert_int_equal(p.st.side, BLACK);
    fresh = p;
    position_rehash(&fresh);
    assert_int_equal(fresh.st.placement, p.st.placement);
    assert_int_equal(fresh.st.hash, p.st.hash);
    assert_true(p.st.hash != plain_hash);
    names(&p, 'p', "g9g8/g4", buf);
    assert_string_equal(buf, "g9g8/g4f4 g9g8/g4g3 g9g8/g4h4");
    position_unmake(&p, &u);
    assert_memory_equal(p.board, before.board, sizeof p.board);
    assert_memory_equal(&p.st, &before.st, sizeof p.st);
}

/* ---------- RULES 4.8: attacks follow the paths ---------- */

static void rule_4_8_attacks(void **state)
{
    (void)state;
    struct position p;
    /* rook d1, relay d5: along rank 5 and up the file, never diagonally */
    setup(&p, "wRd1 nXd5 bKh5", BLACK, 0);
    assert_true(rules_in_check(&p, BLACK));
    assert_true(attacked(&p, "a5", WHITE));
    assert_true(attacked(&p, "d9", WHITE));
    assert_false(attacked(&p, "e6", WHITE));
    /* bishop c1, relay e3: g1 over the relay, no orthogonal continuation */
    setup(&p, "wBc1 nXe3", BLACK, 0);
    assert_true(attacked(&p, "g1", WHITE));
    assert_false(attacked(&p, "e4", WHITE));
    assert_false(attacked(&p, "f3", WHITE));
    /* SR-2 squares: g5 via the relay, e6 not */
    setup(&p, "wSd2 nXe4", BLACK, 0);
    assert_true(attacked(&p, "g5", WHITE));
    assert_true(attacked(&p, "c4", WHITE));
    assert_false(attacked(&p, "e6", WHITE));
    /* pawn c3, relay d4: b4 and e5 (through the relay), not c4 or d5 */
    setup(&p, "wPc3 nXd4", BLACK, 0);
    assert_true(attacked(&p, "b4", WHITE));
    assert_true(attacked(&p, "e5", WHITE));
    assert_false(attacked(&p, "c4", WHITE));
    assert_false(attacked(&p, "d5", WHITE));
    /* a stone blocks: rook d1, stone d3 */
    setup(&p, "wRd1 nOd3", BLACK, 0);
    assert_true(attacked(&p, "d2", WHITE));
    assert_false(attacked(&p, "d6", WHITE));
    /* king d1, relay d2: d3 e3 c3 */
    setup(&p, "wKd1 nXd2", BLACK, 0);
    assert_true(attacked(&p, "d3", WHITE));
    assert_true(attacked(&p, "e3", WHITE));
    /* Figure 3: the queen a7 attacks c1 through f7 and c4 */
    setup(&p, "bQa7 nXf7 nXc4", WHITE, 0);
    assert_true(attacked(&p, "c1", BLACK));
    /* a rook does not switch to a diagonal: with a rook a7, c1 is safe */
    setup(&p, "bRa7 nXf7 nXc4", WHITE, 0);
    assert_false(attacked(&p, "c1", BLACK));
    /* nor a bishop to a file: g8-f7-e6-d5-c4 then down the c-file is a
     * queen's path only */
    setup(&p, "bBg8 nXf7 nXc4", WHITE, 0);
    assert_false(attacked(&p, "c1", BLACK));
    assert_true(attacked(&p, "b3", BLACK));
    setup(&p, "bQg8 nXf7 nXc4", WHITE, 0);
    assert_true(attacked(&p, "c1", BLACK));
}

/* ---------- RULES 7 rows ---------- */

/* SR-3 (Aikin's Figure 4): Black Ka9, stone b9, relay c9; White Sb7, relay
 * d7; Black to move, in check from b7 (a leap to a9).
 *   Ka8 is attacked by b7-c9-a8; only a step of the relay c9 (to c8 or d9)
 *   breaks that path: 2 turns.
 *   Kb8 is attacked by b7-c9-d7-b8; a step of either relay breaks it: c9 to
 *   c8 d9, d7 to d8 d6 c7 e7 (b7-d8 and b7-d6 then reach no b8): 6 turns.
 *   The stone's steps (a9, b8, over c9 to c8 or d9) cure nothing.
 * 8 turns: not mate.  StrictKing: both king moves end attacked: mate. */
static void sr3_figure_4(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "bKa9 nOb9 nXc9 wSb7 nXd7", BLACK, 0);
    assert_true(rules_in_check(&p, BLACK));
    names(&p, 'a', NULL, buf);
    assert_string_equal(buf, "a9a8/c9c8 a9a8/c9d9 a9b8/c9c8 a9b8/c9d9 a9b8/d7c7 a9b8/d7d6 a9b8/d7d8 a9b8/d7e7");
    setup(&p, "bKa9 nOb9 nXc9 wSb7 nXd7", BLACK, STRICT);
    assert_true(rules_in_check(&p, BLACK));
    assert_false(p.rules->has_legal_turn(&p));
    assert_int_equal(count(&p), 0);
}

/* SR-P: Figure 1 array.  Depth 1 by hand: piece moves a3 a4 b3 c3 c4 d3 d4
 * e3 e4 f3 f4 g3 g4 h3 h4, Sa3 Sc3 Sf3 Sh3 (b2-b4 meets the stone) = 19;
 * steps b4: a4 b3 c4; b5: a5 c5; b6: a6 b7 c6; g5: f5 g4 g6 h5; relay d5:
 * c5 d4 d6 and over e5 to e4 e6 f5; relay e5: e4 e6 f5 and over d5 to c5
 * d4 d6 = 24.  19 x 25 = 475, less the steps onto the piece move's square:
 * b3 (1), a4 (1), c4 (1), d4 (2), e4 (2), g4 (1) = 467.  Depth 2: RULES 7. */
static void srp_figure_1(void **state)
{
    (void)state;
    struct position p;
    struct fen_error err;
    position_init(&p, &rules_stones_relays, 0);
    assert_true(fen_parse(&p, "rnbqkbnr/pppppppp/8/1O6/1O1XX1O1/1O6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &err));
    uint64_t before = p.st.hash;
    assert_int_equal(count(&p), 467);
    assert_int_equal(rules_perft(&p, 1), 467);
    assert_int_equal(rules_perft(&p, 2), 204527);
    assert_int_equal(p.st.hash, before);
}

/* ---------- RULES 0: one result, one turn ---------- */

/* White Ka1; stone d4, relays d5 e4.  The stone reaches e5 over d5 and over
 * e4: one turn.  Stone: d3 c4, d6 c5 e5 (over d5), e3 f4 (over e4) = 7;
 * relay d5: d6 c5 e5; relay e4: e5 e3 f4: 13 steps, 3 x 14 = 42. */
static void same_result_one_turn(void **state)
{
    (void)state;
    struct position p;
    char buf[TEXT];
    setup(&p, "wKa1 nOd4 nXd5 nXe4", WHITE, 0);
    assert_int_equal(count(&p), 42);
    names(&p, 'p', "a1a2/d4", buf);
    assert_string_equal(buf, "a1a2/d4c4 a1a2/d4c5 a1a2/d4d3 a1a2/d4d6 a1a2/d4e3 a1a2/d4e5 a1a2/d4f4");
}

/* ---------- notation (FORMAT.md 8) ---------- */

static void notation_of(struct position *p, const char *canonical, const char *text)
{
    struct turn t;
    char buf[NOTATION_MAX];
    if (!find(p, canonical, &t))
        fail_msg("turn %s is not legal", canonical);
    turn_canonical(p, &t, buf);
    assert_string_equal(buf, canonical);
    turn_text(p, &t, buf);
    assert_string_equal(buf, text);
}

static void notation(void **state)
{
    (void)state;
    struct position p;
    struct undo u;
    setup(&p, "wKd1 wPh2 bKh9 bRd9 nOc5", WHITE, 0);
    notation_of(&p, "d1d2/c5d5", "Kd1-d2/Oc5-d5");
    setup(&p, "wSd2 nXe4", WHITE, 0);
    notation_of(&p, "d2f6", "Sd2-f6");
    notation_of(&p, "d2f6/e4e5", "Sd2-f6/Xe4-e5");
    setup(&p, "wPe7 nXf8 bRg9", WHITE, 0);
    notation_of(&p, "e7g9Q", "e7*g9=Q");
    notation_of(&p, "e7g9S/f8f9", "e7*g9=S/Xf8-f9");
    setup(&p, "wPe2 nXd4 bPc5", WHITE, 0);
    play(&p, "e2e4", &u);
    notation_of(&p, "c5e3", "c5*e3 ep.");
    setup(&p, "wKe1 wRh1 bKe9 bRa9 nOc5", WHITE, 0);
    position_default_castling(&p);
    notation_of(&p, "e1h1", "0-0");
    notation_of(&p, "e1h1/c5c6", "0-0/Oc5-c6");
    p.st.side = BLACK;
    position_rehash(&p);
    notation_of(&p, "e9a9", "0-0-0");
    notation_of(&p, "e9a9/c5d5", "0-0-0/Oc5-d5");
    setup(&p, "bKe9 bRa9 nXd5", BLACK, 0);
    position_default_castling(&p);
    notation_of(&p, "e9a9/d5d6", "0-0-0/Xd5-d6");
}

/* ---------- cross-check against a slow reference written from the rule text ---------- */

/* Literal readings, path by path, each relay at most once, no shortcut. */

static square_set bit_of(const struct position *p, int s) { return SET_BIT(geo_bit(p->geo, s)); }

static bool ref_is_relay(const struct position *p, int s) { return p->board[s] == unit_make(NEUTRAL, RELAY); }

/* Destinations of a rook/bishop/queen from `from`, continuing at `at`. */
static void ref_slide(const struct position *p, enum colour us, int from, int at, const int *dirs, int n,
                      square_set used, square_set *dest)
{
    for (int i = 0; i < n; i++)
        for (int s = at + dirs[i];; s += dirs[i]) {
            if (s == from)
                continue; /* the start square counts as empty */
            unit_t u = p->board[s];
            if (u == UNIT_EMPTY) {
                *dest |= bit_of(p, s);
                continue;
            }
            if (unit_is(u, (enum colour)!us))
                *dest |= bit_of(p, s);
            else if (ref_is_relay(p, s) && !(used & bit_of(p, s)))
                ref_slide(p, us, from, s, dirs, n, used | bit_of(p, s), dest);
            break;
        }
}

static void ref_leap(const struct position *p, enum colour us, int from, int at, const int *dirs,
                     square_set used, square_set *dest)
{
    for (int i = 0; i < 8; i++) {
        int s = at + dirs[i];
        unit_t u = p->board[s];
        if (s == from)
            continue;
        if (u == UNIT_EMPTY || unit_is(u, (enum colour)!us))
            *dest |= bit_of(p, s);
        else if (ref_is_relay(p, s) && !(used & bit_of(p, s)))
            ref_leap(p, us, from, s, dirs, used | bit_of(p, s), dest);
    }
}

static struct turn *ref_push(struct turn_list *l)
{
    assert_true(l->count < TURN_LIST_MAX);
    struct turn *t = &l->turns[l->count++];
    memset(t, 0, sizeof *t);
    return t;
}

static void ref_pawn_add(const struct position *p, enum colour us, struct turn_list *l, int from, int to,
                         int capture_sq, uint16_t flags)
{
    int last = us == WHITE ? p->geo->ranks - 1 : 0;
    static const enum kind promos[4] = {QUEEN, ROOK, BISHOP, KNIGHT};
    for (int i = 0; i < (p->geo->rank_of[to] == last ? 4 : 1); i++) {
        struct turn *t = ref_push(l);
        t->from = (square_t)from;
        t->to = (square_t)to;
        t->capture_sq = (square_t)capture_sq;
        t->flags = flags;
        if (p->geo->rank_of[to] == last)
            t->promo = (uint8_t)promos[i];
    }
}

/* RULES 4.4, bullet by bullet. */
static void ref_pawn(const struct position *p, enum colour us, int from, struct turn_list *l, bool captures_only)
{
    const struct geometry *g = p->geo;
    const unit_t *b = p->board;
    int f = us == WHITE ? g->north : g->south;
    enum colour them = (enum colour)!us;
    bool ep_ok = p->st.ep_sq != SQ_NONE && b[p->st.ep_sq] == UNIT_EMPTY &&
                 b[p->st.ep_victim] == unit_make(them, PAWN);
    for (int e = -1; e <= 1; e += 2) {
        int d = f + e;
        int x = from + d;
        if (ref_is_relay(p, x))
            x += d; /* onto a relay: one more square, and capture there */
        if (unit_is(b[x], them))
            ref_pawn_add(p, us, l, from, x, x, TURN_CAPTURE);
        else if (ep_ok && x == p->st.ep_sq && !captures_only)
            ref_pawn_add(p, us, l, from, x, p->st.ep_victim, TURN_CAPTURE | TURN_EN_PASSANT);
    }
    if (captures_only)
        return;
    square_set dest = 0;
    int s = from + f;
    while (ref_is_relay(p, s))
        s += f;
    if (b[s] == UNIT_EMPTY) {
        ref_pawn_add(p, us, l, from, s, 0, 0);
        dest |= bit_of(p, s);
    }
    if (g->rank_of[from] != (us == WHITE ? 1 : g->ranks - 2))
        return;
    int s1 = from + f, s2 = s1 + f, s3 = s2 + f, s4 = s3 + f;
    if (b[s1] == UNIT_EMPTY && b[s2] == UNIT_EMPTY) {
        struct turn *t = ref_push(l);
        t->from = (square_t)from;
        t->to = (square_t)s2;
        t->flags = TURN_DOUBLE_STEP;
        t->ep_sq = (square_t)s1;
        t->ep_victim = (square_t)s2;
    }
    if (b[s1] == UNIT_EMPTY && ref_is_relay(p, s2) && b[s3] == UNIT_EMPTY) {
        ref_pawn_add(p, us, l, from, s3, 0, 0);
        if (b[s4] == UNIT_EMPTY) {
            struct turn *t = ref_push(l);
            t->from = (square_t)from;
            t->to = (square_t)s4;
            t->flags = TURN_DOUBLE_STEP;
            t->ep_sq = (square_t)s3;
            t->ep_victim = (square_t)s4;
        }
    }
    if (ref_is_relay(p, s1) && b[s2] == UNIT_EMPTY && !(dest & bit_of(p, s2)))
        ref_pawn_add(p, us, l, from, s2, 0, 0);
}

/* Piece moves of `us` without castling (captures only: attacks). */
static void ref_piece_moves(const struct position *p, enum colour us, struct turn_list *l, bool captures_only)
{
    const struct geometry *g = p->geo;
    for (int from = 0; from < g->squares; from++) {
        if (!g->on_board[from] || !unit_is(p->board[from], us))
            continue;
        square_set dest = 0;
        switch (unit_kind(p->board[from])) {
        case PAWN: ref_pawn(p, us, from, l, captures_only); continue;
        case KNIGHT: ref_leap(p, us, from, from, g->knight_leaps, 0, &dest); break;
        case KING: ref_leap(p, us, from, from, g->queen_dirs, 0, &dest); break;
        case BISHOP: ref_slide(p, us, from, from, g->bishop_dirs, 4, 0, &dest); break;
        case ROOK: ref_slide(p, us, from, from, g->rook_dirs, 4, 0, &dest); break;
        case QUEEN: ref_slide(p, us, from, from, g->queen_dirs, 8, 0, &dest); break;
        default: continue;
        }
        for (int s = 0; s < g->squares; s++) {
            if (!g->on_board[s] || !(dest & bit_of(p, s)))
                continue;
            bool capture = p->board[s] != UNIT_EMPTY;
            if (captures_only && !capture)
                continue;
            struct turn *t = ref_push(l);
            t->from = (square_t)from;
            t->to = (square_t)s;
            if (capture) {
                t->flags = TURN_CAPTURE;
                t->capture_sq = (square_t)s;
            }
        }
    }
}

/* RULES 0 and 4.8: some unit of `by` could capture a hostile unit on s. */
static bool ref_attacked(struct position *p, int s, enum colour by)
{
    unit_t keep = p->board[s];
    if (keep == UNIT_EMPTY)
        p->board[s] = unit_make((enum colour)!by, PAWN);
    static struct turn_list *l;
    if (!l)
        l = new_list();
    l->count = 0;
    ref_piece_moves(p, by, l, true);
    p->board[s] = keep;
    for (int i = 0; i < l->count; i++)
        if (l->turns[i].capture_sq == s)
            return true;
    return false;
}

/* RULES 4.5: the step destinations of the unit on `start`, now at `at`. */
static void ref_step(const struct position *p, int start, int at, int came, square_set used, square_set *dest)
{
    const struct geometry *g = p->geo;
    for (int i = 0; i < 4; i++) {
        int d = g->rook_dirs[i];
        if (at != start && d == -came)
            continue;
        int s = at + d;
        if (s == start)
            continue;
        if (p->board[s] == UNIT_EMPTY)
            *dest |= bit_of(p, s);
        else if (ref_is_relay(p, s) && !(used & bit_of(p, s)))
            ref_step(p, start, s, d, used | bit_of(p, s), dest);
    }
}

static bool ref_king_safe(struct position *p, enum colour us)
{
    int k = p->st.king_sq[us];
    return k == SQ_NONE || !ref_attacked(p, k, (enum colour)!us);
}

/* Every legal turn (RULES 4.1): each piece move, alone or with each step
 * made in the position after it, judged at the end. */
static void ref_turns(struct position *p, struct turn_list *out)
{
    const struct geometry *g = p->geo;
    enum colour us = (enum colour)p->st.side, them = (enum colour)!us;
    static struct turn_list *moves;
    if (!moves)
        moves = new_list();
    moves->count = 0;
    ref_piece_moves(p, us, moves, false);
    /* RULES 4.7 castling: a piece move like the others, steps follow below */
    int k = castling_king_home(p, us);
    for (int r = us == WHITE ? WHITE_SHORT : BLACK_SHORT, n = 0; n < 2; r++, n++) {
        int rook = p->st.castle_rook[r];
        if (rook == SQ_NONE || p->board[k] != unit_make(us, KING) || p->board[rook] != unit_make(us, ROOK) ||
            rook != castling_rook_home(p, (enum castling_right)r))
            continue;
        int d = rook > k ? 1 : -1;
        bool clear = true;
        for (int s = k + d; s != rook; s += d)
            clear = clear && p->board[s] == UNIT_EMPTY;
        if (!clear || ref_attacked(p, k, them) || ref_attacked(p, k + d, them))
            continue;
        struct turn *t = ref_push(moves);
        t->from = (square_t)k;
        t->to = (square_t)(k + 2 * d);
        t->from2 = (square_t)rook;
        t->to2 = (square_t)(k + d);
        t->flags = TURN_CASTLE;
    }
    out->count = 0;
    bool strict = (p->switches & STRICT) != 0;
    for (int i = 0; i < moves->count; i++) {
        struct turn m = moves->turns[i];
        bool king_move = m.from == p->st.king_sq[us];
        struct undo u;
        position_make(p, &m, &u);
        bool safe = ref_king_safe(p, us);
        position_unmake(p, &u);
        if (strict && king_move && !safe)
            continue;
        if (safe)
            *ref_push(out) = m;
        /* the steps, seen in the position after the piece move */
        square_set dests[MAX_SQUARES];
        memset(dests, 0, sizeof dests);
        square_t ko_from = p->st.ko_from, ko_to = p->st.ko_to;
        position_make(p, &m, &u);
        for (int a = 0; a < g->squares; a++)
            if (g->on_board[a] && unit_is(p->board[a], NEUTRAL))
                ref_step(p, a, a, 0, 0, &dests[a]);
        position_unmake(p, &u);
        for (int a = 0; a < g->squares; a++)
            for (int b = 0; b < g->squares; b++) {
                if (!g->on_board[b] || !(dests[a] & bit_of(p, b)))
                    continue;
                if (ko_from != SQ_NONE && a == ko_to && b == ko_from)
                    continue;
                struct turn t = m;
                if (m.flags & TURN_CASTLE) { /* the rook is the second displacement */
                    t.from3 = (square_t)a;
                    t.to3 = (square_t)b;
                } else {
                    t.from2 = (square_t)a;
                    t.to2 = (square_t)b;
                }
                t.flags |= TURN_STEP;
                position_make(p, &t, &u);
                bool ok = ref_king_safe(p, us);
                position_unmake(p, &u);
                if (ok)
                    *ref_push(out) = t;
            }
    }
}

static int compare_turns(const void *a, const void *b) { return memcmp(a, b, sizeof(struct turn)); }

struct rng {
    uint64_t s;
};

static unsigned rnd(struct rng *r, unsigned n)
{
    r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(r->s >> 33) % n;
}

/* The generator and the reference agree on the turns (field by field), and
 * attacked() agrees with the reference on every square for both sides. */
static void compare_with_reference(struct position *p)
{
    static struct turn_list *mine, *ref;
    if (!mine) {
        mine = new_list();
        ref = new_list();
    }
    gen(p, mine);
    ref_turns(p, ref);
    qsort(mine->turns, (size_t)mine->count, sizeof(struct turn), compare_turns);
    qsort(ref->turns, (size_t)ref->count, sizeof(struct turn), compare_turns);
    if (mine->count != ref->count || memcmp(mine->turns, ref->turns, sizeof(struct turn) * (size_t)ref->count)) {
        char fen[256];
        fen_write(p, fen);
        fail_msg("generator %d turns, reference %d, in %s (ko %d %d)", mine->count, ref->count, fen, p->st.ko_from,
                 p->st.ko_to);
    }
    for (int s = 0; s < p->geo->squares; s++) {
        if (!p->geo->on_board[s] || unit_is_neutral(p->board[s]))
            continue;
        for (int c = WHITE; c <= BLACK; c++)
            if (!unit_is(p->board[s], (enum colour)c) &&
                p->rules->attacked(p, s, (enum colour)c) != ref_attacked(p, s, (enum colour)c)) {
                char fen[256], name[3];
                fen_write(p, fen);
                square_name(p->geo, s, name);
                fail_msg("attacked(%s, %d) differs in %s", name, c, fen);
            }
    }
}

/* A square of the board: the rank drawn first, the file then, in
 * statements of their own (the order of a call's arguments is unspecified,
 * C11 6.5.2.2: two compilers drew two sets of positions). */
static int random_square(const struct geometry *g, struct rng *r)
{
    int rank = (int)rnd(r, (unsigned)g->ranks);
    return geo_square(g, (int)rnd(r, (unsigned)g->files), rank);
}

/* Random play from p, comparing at every node. */
static void walk(struct position *p, struct rng *r, int plies)
{
    static struct turn_list *l;
    if (!l)
        l = new_list();
    compare_with_reference(p);
    if (plies == 0)
        return;
    gen(p, l);
    if (l->count == 0)
        return;
    struct turn t = l->turns[rnd(r, (unsigned)l->count)];
    struct undo u;
    uint64_t before = p->st.hash;
    position_make(p, &t, &u);
    walk(p, r, plies - 1);
    position_unmake(p, &u);
    assert_int_equal(p->st.hash, before);
}

static void random_position(struct position *p, struct rng *r)
{
    static const char kinds[] = "QRBSP";
    const struct geometry *g;
    position_init(p, &rules_stones_relays, rnd(r, 4) == 0 ? STRICT : 0);
    g = p->geo;
    int units = 3 + (int)rnd(r, 14);
    for (int i = 0; i < units; i++) {
        int s = random_square(g, r);
        if (p->board[s] != UNIT_EMPTY)
            continue;
        unsigned what = rnd(r, 10);
        unit_t u;
        if (what < 3)
            u = unit_make(NEUTRAL, what == 0 ? STONE : RELAY);
        else {
            enum colour c = (enum colour)rnd(r, 2);
            enum kind k = kind_from_letter(kinds[rnd(r, 5)]);
            int rank = g->rank_of[s];
            if (k == PAWN && rank == (c == WHITE ? g->ranks - 1 : 0))
                continue;
            u = unit_make(c, k);
        }
        position_put(p, s, u);
    }
    for (int c = WHITE; c <= BLACK; c++) {
        if (rnd(r, 5) == 0)
            continue;
        for (int tries = 0; tries < 20; tries++) {
            int s = random_square(g, r);
            if (p->board[s] == UNIT_EMPTY) {
                position_put(p, s, unit_make((enum colour)c, KING));
                break;
            }
        }
    }
    p->st.side = (uint8_t)rnd(r, 2);
    position_rehash(p);
}

static void cross_check_reference(void **state)
{
    (void)state;
    struct rng r = {12345};
    struct position p;
    int checked = 0;
    for (int i = 0; i < 400; i++) {
        random_position(&p, &r);
        if (rules_in_check(&p, (enum colour)!p.st.side))
            continue; /* cannot arise in play */
        walk(&p, &r, 3);
        checked++;
    }
    assert_true(checked > 200);
    /* Figure 1 array and the castling array, a few random games each */
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/1O6/1O1XX1O1/1O6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1p2p1p/1X4O1/8/2XOX3/8/1O4X1/P1P2P1P/R3K2R w KQkq - 0 1",
        "4k3/1ppppp2/8/2X1X3/8/3X1X2/8/2PPPPP1/4K3 w - - 0 1",
    };
    for (size_t f = 0; f < sizeof fens / sizeof *fens; f++)
        for (int game = 0; game < 6; game++) {
            struct fen_error err;
            position_init(&p, &rules_stones_relays, (unsigned)(game & 1));
            assert_true(fen_parse(&p, fens[f], &err));
            walk(&p, &r, 8);
        }
}

/* Blocks of relays (RULES 4.3, 4.5 crossing many relays): the generator
 * expands each relay once, the reference walks every self-avoiding path; the
 * turns must be the same.  Regions of 4x4 keep the reference's paths few. */
static void dense_relay_blocks(void **state)
{
    (void)state;
    struct rng r = {777};
    struct position p;
    int checked = 0;
    for (int i = 0; i < 100; i++) {
        position_init(&p, &rules_stones_relays, i % 3 == 0 ? STRICT : 0);
        const struct geometry *g = p.geo;
        int f0 = (int)rnd(&r, 5), r0 = (int)rnd(&r, 6);
        for (int f = f0; f < f0 + 4; f++)
            for (int k = r0; k < r0 + 4; k++)
                if (rnd(&r, 10) < 7)
                    position_put(&p, geo_square(g, f, k), unit_make(NEUTRAL, rnd(&r, 8) == 0 ? STONE : RELAY));
        static const char *const extra[] = {"wK", "bK", "wS", "bS", "wB", "nO", "nO"};
        for (size_t e = 0; e < sizeof extra / sizeof *extra; e++)
            for (int tries = 0; tries < 20; tries++) {
                int s = random_square(g, &r);
                if (p.board[s] != UNIT_EMPTY)
                    continue;
                enum colour c = extra[e][0] == 'w' ? WHITE : extra[e][0] == 'b' ? BLACK : NEUTRAL;
                position_put(&p, s, unit_make(c, kind_from_letter(extra[e][1])));
                break;
            }
        p.st.side = (uint8_t)(i & 1);
        position_rehash(&p);
        if (rules_in_check(&p, (enum colour)!p.st.side))
            continue;
        walk(&p, &r, 2);
        checked++;
    }
    print_message("dense relay blocks: %d positions checked\n", checked);
    assert_true(checked > 40);
}

/* More than TURN_LIST_USUAL turns (8,304 by count, the example, and
 * a denser position with 5 queens and 9 relays): a Stones & Relays list
 * holds them all (rules.h: at most 193,130), the same turns count_legal
 * counts without a list, and perft goes on through them. */
static void many_turns(void **state)
{
    (void)state;
    struct position p;
    setup(&p, "wKa1 wRe1 wQf1 wQg1 wQh1 bKh9 nOh8 nXd3 nXe3 nXf3 nXg3", WHITE, 0);
    struct turn_list *l = malloc(TURN_LIST_BYTES(rules_max_turns(p.rules)));
    assert_non_null(l);
    l->overflow = false;
    p.rules->generate(&p, l);
    assert_false(l->overflow);
    assert_int_equal(l->count, 8304);
    assert_int_equal(p.rules->count_legal(&p), 8304);
    assert_true(p.rules->has_legal_turn(&p));
    uint64_t two = 0;
    for (int i = 0; i < l->count; i++) {
        struct undo u;
        position_make(&p, &l->turns[i], &u);
        two += (uint64_t)p.rules->count_legal(&p);
        position_unmake(&p, &u);
    }
    assert_true(rules_perft(&p, 2) == two);
    setup(&p, "wKa1 wQb2 wQc1 wQd4 wQe6 wQh1 bKh9 nXc3 nXd3 nXe3 nXf3 nXg3 nXc5 nXd6 nXe4 nXf5", WHITE, 0);
    l->overflow = false;
    p.rules->generate(&p, l);
    assert_false(l->overflow);
    assert_true(l->count > TURN_LIST_USUAL);
    assert_int_equal(l->count, p.rules->count_legal(&p));
    print_message("5 queens, 9 relays: %d turns\n", l->count);
    /* a list that fits says it is whole */
    setup(&p, "wKa1 wRe1 bKh9 nOh8 nXd3", WHITE, 0);
    l->overflow = true;
    p.rules->generate(&p, l);
    assert_false(l->overflow);
    free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_4_1_turn),
        cmocka_unit_test(dense_relay_blocks),
        cmocka_unit_test(many_turns),
        cmocka_unit_test(rule_4_1_piece_move_first),
        cmocka_unit_test(switch_strict_king),
        cmocka_unit_test(rule_4_2_stones_block),
        cmocka_unit_test(rule_4_3_rook),
        cmocka_unit_test(rule_4_3_bishop),
        cmocka_unit_test(rule_4_3_queen_switches_lines),
        cmocka_unit_test(rule_4_3_knight_sr2),
        cmocka_unit_test(rule_4_3_king_steps_again),
        cmocka_unit_test(rule_4_3_several_relays),
        cmocka_unit_test(rule_4_4_forward_step),
        cmocka_unit_test(rule_4_4_double_step_second_square_relay),
        cmocka_unit_test(rule_4_4_double_step_first_square_relay),
        cmocka_unit_test(rule_4_4_capture_through_relay),
        cmocka_unit_test(rule_4_4_en_passant_ordinary),
        cmocka_unit_test(rule_4_4_en_passant_past_relay),
        cmocka_unit_test(rule_4_4_en_passant_none_after_relay),
        cmocka_unit_test(rule_4_4_en_passant_through_relay),
        cmocka_unit_test(rule_4_4_en_passant_uncovers_own_king),
        cmocka_unit_test(rule_4_4_en_passant_uncovers_check),
        cmocka_unit_test(rule_4_5_steps),
        cmocka_unit_test(rule_4_5_step_after_piece_move),
        cmocka_unit_test(rule_4_6_ko),
        cmocka_unit_test(rule_4_7_castling_blocked),
        cmocka_unit_test(rule_4_7_castling_through_check),
        cmocka_unit_test(rule_4_7_castling_out_of_check),
        cmocka_unit_test(rule_4_7_castling_final_square),
        cmocka_unit_test(rule_4_7_castling_then_step),
        cmocka_unit_test(rule_4_7_castling_passed_square_after_step),
        cmocka_unit_test(castling_step_make_unmake),
        cmocka_unit_test(rule_4_8_attacks),
        cmocka_unit_test(sr3_figure_4),
        cmocka_unit_test(srp_figure_1),
        cmocka_unit_test(same_result_one_turn),
        cmocka_unit_test(notation),
        cmocka_unit_test(cross_check_reference),
    };
    return cmocka_run_group_tests_name("stones_relays", tests, NULL, NULL);
}
