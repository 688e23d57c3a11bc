/* A turn's effect three ways: position_make (played, with undo),
 * position_board_after (the squares only) and position_hash_after (the key
 * only), over every kind of turn of every rule set; and the state hash as
 * stored tables know it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/rules/rules.h"
#include "fen_fixture.h"

/* The kinds of turn, by what the turn does (a turn may be of several). */
enum kind_of_turn {
    PLAIN,            /* one unit to an empty square, nothing else */
    CAPTURE,          /* on the target square */
    EN_PASSANT,
    DOUBLE_STEP,
    CASTLE_SHORT,
    CASTLE_LONG,
    PROMOTION,        /* the mover promotes */
    OWNER_CHOICE,     /* a displaced pawn promotes, its owner choosing (RULES 3.4) */
    PUSH,             /* RULES 3.1: the mover moves on */
    PUSH_STATIONARY,  /* the mover stays */
    PUSH_OFF,         /* the pushed unit leaves the board */
    PUSH_PROMOTES,    /* the pushed pawn promotes */
    PUSH_EN_PASSANT,  /* RULES 3.8, switch EnPassant: the push comes first */
    PULL,             /* RULES 3.2 */
    PULL_OFF,         /* the mover leaves the board, the pulled unit too */
    STEP,             /* RULES 4: a piece move and a stone's or relay's step */
    CASTLE_STEP,      /* RULES 4.7: a castling and a step */
    KINDS
};
static const char *const kind_names[KINDS] = {
    "plain", "capture", "en passant", "double step", "castle short", "castle long", "promotion",
    "owner's promotion", "push", "stationary push", "push off", "push promoting", "e.p. push", "pull",
    "pull off", "step", "castle and step",
};

struct tally {
    uint64_t turns, answered;  /* checked; answered by position_hash_after */
    uint64_t of[KINDS];
};

static void count_kinds(const struct turn *t, struct tally *y)
{
    unsigned f = t->flags;
    bool push = f & TURN_PUSH, pull = f & TURN_PULL;
    y->of[PLAIN] += turn_is_plain(t) && !(f & (TURN_CAPTURE | TURN_DOUBLE_STEP)) && !t->promo;
    y->of[CAPTURE] += (f & TURN_CAPTURE) && t->capture_sq == t->to;
    y->of[EN_PASSANT] += (f & TURN_EN_PASSANT) != 0;
    y->of[DOUBLE_STEP] += (f & TURN_DOUBLE_STEP) != 0;
    y->of[CASTLE_SHORT] += (f & TURN_CASTLE) && t->from2 > t->from;
    y->of[CASTLE_LONG] += (f & TURN_CASTLE) && t->from2 < t->from;
    y->of[PROMOTION] += t->promo != 0;
    y->of[OWNER_CHOICE] += (f & TURN_OWNER_CHOICE) != 0;
    y->of[PUSH] += push && t->to != t->from;
    y->of[PUSH_STATIONARY] += push && t->to == t->from;
    y->of[PUSH_OFF] += push && t->to2 == SQ_OFF;
    y->of[PUSH_PROMOTES] += push && t->promo2;
    y->of[PUSH_EN_PASSANT] += push && (f & TURN_DISPLACE_FIRST) && t->to != t->from && t->to2 == SQ_OFF &&
                              t->from2 != t->to;
    y->of[PULL] += pull && t->to != SQ_OFF;
    y->of[PULL_OFF] += pull && t->to == SQ_OFF && t->to2 == SQ_OFF;
    y->of[STEP] += (f & TURN_STEP) && !(f & TURN_CASTLE);
    y->of[CASTLE_STEP] += (f & TURN_STEP) && (f & TURN_CASTLE);
}

static void print_tally(const char *name, const struct tally *t)
{
    print_message("%s: %llu turns, %llu hashed after", name, (unsigned long long)t->turns,
                  (unsigned long long)t->answered);
    for (int k = 0; k < KINDS; k++)
        if (t->of[k])
            print_message(", %s %llu", kind_names[k], (unsigned long long)t->of[k]);
    print_message("\n");
}

static void fail_turn(struct position *p, const struct turn *t, const char *what)
{
    char fen[256];
    fen_write(p, fen);
    fail_msg("%s: turn %d-%d (2nd %d-%d, flags %#x, promo %d/%d) in %s: %s", p->rules->name, t->from, t->to,
             t->from2, t->to2, (unsigned)t->flags, t->promo, t->promo2, fen, what);
}

/* The parts of a position that make changes and unmake restores. */
static bool same_position(const struct position *a, const struct position *b)
{
    const struct position_state *x = &a->st, *y = &b->st;
    return memcmp(a->board, b->board, sizeof a->board) == 0 && x->hash == y->hash && x->placement == y->placement &&
           x->prev_placement == y->prev_placement && memcmp(x->occupied, y->occupied, sizeof x->occupied) == 0 &&
           memcmp(x->king_sq, y->king_sq, sizeof x->king_sq) == 0 &&
           memcmp(x->castle_rook, y->castle_rook, sizeof x->castle_rook) == 0 && x->ep_sq == y->ep_sq &&
           x->ep_victim == y->ep_victim && x->ko_from == y->ko_from && x->ko_to == y->ko_to && x->side == y->side;
}

/* What must hold of the position make left, judged from its squares alone:
 * the occupied masks and king squares as the units stand, no pawn on its
 * last rank (in every rule set a pawn arriving there promotes at once:
 * RULES 1, 2.5, 3.4, 4, 5.4), each right kept by a rook of its colour on
 * its square, the hash as hashed from scratch. */
static void check_made(struct position *p, const struct turn *t)
{
    square_set occupied[COLOUR_COUNT] = {0};
    square_t king[2] = {SQ_NONE, SQ_NONE};
    for (int sq = 0; sq < p->geo->squares; sq++) {
        unit_t u = p->board[sq];
        if (!unit_is_piece(u))
            continue;
        occupied[unit_colour(u)] |= SET_BIT(geo_bit(p->geo, sq));
        if (unit_kind(u) == PAWN && p->geo->rank_of[sq] == pawn_last_rank(p->geo, unit_colour(u)))
            fail_turn(p, t, "a pawn left on its last rank");
        if (unit_kind(u) == KING && unit_colour(u) < NEUTRAL)
            king[unit_colour(u)] = (square_t)sq;
    }
    if (memcmp(occupied, p->st.occupied, sizeof occupied) != 0)
        fail_turn(p, t, "occupied masks not those of the squares");
    if (memcmp(king, p->st.king_sq, sizeof king) != 0)
        fail_turn(p, t, "king squares not those of the squares");
    for (int r = 0; r < CASTLING_RIGHTS; r++) {
        int rook = p->st.castle_rook[r];
        if (rook != SQ_NONE && p->board[rook] != unit_make(r < BLACK_SHORT ? WHITE : BLACK, ROOK))
            fail_turn(p, t, "a castling right kept without its rook");
    }
    struct position fresh = *p;
    position_rehash(&fresh);
    if (fresh.st.placement != p->st.placement || fresh.st.hash != p->st.hash)
        fail_turn(p, t, "hash of make is not the hash of the position");
}

/* One turn three ways.  board_after must leave the squares make leaves,
 * hash_after answer exactly the plain moves with the hash make leaves, and
 * neither change p; make must leave the e.p. square of a double step and
 * the Ko step of a stone's step (RULES 4.6) for the reply, and unmake
 * restore p exactly. */
static void check_turn(struct position *p, const struct turn *t, struct tally *y)
{
    struct position before = *p;
    uint64_t hash = 0;
    bool answered = position_hash_after(p, t, &hash);
    unit_t board[MAX_SQUARES];
    position_board_after(p, t, board);
    if (!same_position(p, &before))
        fail_turn(p, t, "p changed without playing");
    if (answered != turn_is_plain(t))
        fail_turn(p, t, answered ? "hashed after though not a plain move" : "a plain move not hashed after");
    struct undo u;
    position_make(p, t, &u);
    check_made(p, t);
    if (memcmp(board, p->board, sizeof board) != 0) {
        position_unmake(p, &u);
        fail_turn(p, t, "board_after differs from make");
    }
    if (answered && hash != p->st.hash) {
        position_unmake(p, &u);
        fail_turn(p, t, "hash_after differs from make");
    }
    bool double_step = t->flags & TURN_DOUBLE_STEP;
    if (p->st.ep_sq != (double_step ? t->ep_sq : SQ_NONE) || p->st.ep_victim != (double_step ? t->ep_victim : SQ_NONE))
        fail_turn(p, t, "e.p. state left wrong");
    if (p->st.ko_from != turn_step_from(t) || p->st.ko_to != turn_step_to(t) || p->st.side == before.st.side)
        fail_turn(p, t, "Ko state or side left wrong");
    position_unmake(p, &u);
    if (!same_position(p, &before))
        fail_turn(p, t, "unmake did not restore the position");
    y->turns++;
    y->answered += answered;
    count_kinds(t, y);
}

/* Every turn of every position `depth` plies deep. */
static void walk(struct position *p, int depth, struct tally *y)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    p->rules->generate(p, l);
    for (int i = 0; i < l->count; i++)
        check_turn(p, &l->turns[i], y);
    for (int i = 0; depth > 1 && i < l->count; i++) {
        struct undo u;
        position_make(p, &l->turns[i], &u);
        walk(p, depth - 1, y);
        position_unmake(p, &u);
    }
    free(l);
}

static struct tally walk_fen(const struct rules *r, unsigned switches, const char *fen, int depth)
{
    struct position p;
    struct fen_error err;
    position_init(&p, r, switches);
    if (!fen_parse(&p, fen, &err))
        fail_msg("bad FEN %s: %s", fen, err.message);
    struct tally y = {0};
    walk(&p, depth, &y);
    return y;
}

static uint64_t rng = 0x2545f4914f6cdd1dull;
static unsigned next(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

/* Random games from the FEN, with random switches: every turn of every
 * position met. */
static struct tally games(const struct rules *r, const char *fen, int count, int plies)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    struct tally y = {0};
    for (int game = 0; game < count; game++) {
        unsigned switches = 0, names = 0;
        while (r->switch_names && r->switch_names[names])
            names++;
        if (names)
            switches = next(1u << names);
        struct position p;
        struct fen_error err;
        position_init(&p, r, switches);
        assert_true(fen_parse(&p, fen, &err));
        for (int ply = 0; ply < plies; ply++) {
            p.rules->generate(&p, l);
            for (int i = 0; i < l->count; i++)
                check_turn(&p, &l->turns[i], &y);
            if (l->count == 0)
                break;
            struct undo u;
            position_make(&p, &l->turns[next((unsigned)l->count)], &u);
        }
    }
    free(l);
    return y;
}

static const char *const start_array = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* The chessprogramming wiki's perft positions 2 (castling both ways, en
 * passant) and 4 (promotions with and without capture, castling rights lost
 * by captured rooks), three plies deep: every kind of orthodox turn met.
 * The counts are the wiki's "Perft Results" tables summed over depths 1-3
 * (each depth's turns are the turns checked at the ply before it):
 * position 2 nodes 48 + 2,039 + 97,862, captures (e.p. included) 8 + 351 +
 * 17,102, e.p. 0 + 1 + 45, castles 2 + 91 + 3,162; position 4 nodes 6 + 264
 * + 9,467, castles 0 + 6 + 0, promotions 0 + 48 + 120. */
static void orthodox(void **state)
{
    (void)state;
    struct tally a =
        walk_fen(&rules_orthodox, 0, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 3);
    struct tally b =
        walk_fen(&rules_orthodox, 0, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3);
    print_tally("Orthodox, perft position 2", &a);
    print_tally("Orthodox, perft position 4", &b);
    assert_int_equal(a.turns, 48 + 2039 + 97862);
    assert_int_equal(a.of[CAPTURE] + a.of[EN_PASSANT], 8 + 351 + 17102);
    assert_int_equal(a.of[EN_PASSANT], 0 + 1 + 45);
    assert_int_equal(a.of[CASTLE_SHORT] + a.of[CASTLE_LONG], 2 + 91 + 3162);
    assert_int_equal(a.turns - a.answered, 2 + 91 + 3162); /* castling moves two units: not hashed after */
    assert_true(a.of[PLAIN] > 0 && a.of[DOUBLE_STEP] > 0 && a.of[CASTLE_SHORT] > 0 && a.of[CASTLE_LONG] > 0);
    assert_int_equal(b.turns, 6 + 264 + 9467);
    assert_int_equal(b.of[CASTLE_SHORT] + b.of[CASTLE_LONG], 0 + 6 + 0);
    assert_int_equal(b.of[PROMOTION], 0 + 48 + 120);
}

/* Dynamo (RULES 3), switches OwnerPromotes and EnPassant, two plies deep.
 * White Ke1 Ra1 Rh1 Rb3 Rh3 Pa2 Pd2, Black Ke8 Ra8 Rh8 Qh6 Pb2 Pb4, both
 * sides' castling rights.  Rh3 pushes the queen h6 off the board (h9) and
 * pulls it leaving the board itself (h0); Rb3 pushes b2 onto b1, where it
 * promotes, Black choosing; a2-a4 and d2-d4 step twice, and after a2-a4
 * Black's b4 may push a4 off sideways (RULES 3.8). */
static void dynamo(void **state)
{
    (void)state;
    enum { OWNER_PROMOTES = 1, EN_PASSANT_SWITCH = 4 };
    struct tally d = walk_fen(&rules_dynamo, OWNER_PROMOTES | EN_PASSANT_SWITCH,
                              "r3k2r/8/7q/8/1p6/1R5R/Pp1P4/R3K2R w KQkq - 0 1", 2);
    print_tally("Dynamo", &d);
    const enum kind_of_turn met[] = {PLAIN,         DOUBLE_STEP,     CASTLE_SHORT, CASTLE_LONG,
                                     OWNER_CHOICE,  PUSH,            PUSH_STATIONARY, PUSH_OFF,
                                     PUSH_PROMOTES, PUSH_EN_PASSANT, PULL,         PULL_OFF};
    for (size_t i = 0; i < sizeof met / sizeof *met; i++)
        if (!d.of[met[i]])
            fail_msg("Dynamo: no %s met", kind_names[met[i]]);
    assert_int_equal(d.of[CAPTURE] + d.of[EN_PASSANT], 0); /* RULES 3: no captures */
    struct tally g = games(&rules_dynamo, start_array, 10, 40);
    assert_true(g.turns > g.answered && g.answered > 0);
}

/* Stones & Relays (RULES 4), two plies deep: White Ke1 Ra1 Rh1 Pc2,
 * Black Ke9 Ra9 Rh9 Nd4 Pd5, a stone on g5 and a relay on b5, both sides'
 * castling rights: castlings with and without a step (RULES 4.7), steps of
 * the stone and the relay, captures, c2-c4; and Aikin's Figure 1 in
 * random games. */
static void stones_relays(void **state)
{
    (void)state;
    struct tally s = walk_fen(&rules_stones_relays, 0, "r3k2r/8/8/8/1X1p2O1/3n4/8/2P5/R3K2R w KQkq - 0 1", 2);
    print_tally("Stones & Relays", &s);
    const enum kind_of_turn met[] = {PLAIN, CAPTURE, DOUBLE_STEP, CASTLE_SHORT, CASTLE_LONG, STEP, CASTLE_STEP};
    for (size_t i = 0; i < sizeof met / sizeof *met; i++)
        if (!s.of[met[i]])
            fail_msg("Stones & Relays: no %s met", kind_names[met[i]]);
    /* RULES 4: Aikin's Figure 1, stones b4 b5 b6 g5 and relays d5 e5 */
    struct tally f = games(&rules_stones_relays,
                           "rnbqkbnr/pppppppp/8/1O6/1O1XX1O1/1O6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 30);
    print_tally("Stones & Relays, Figure 1", &f);
    assert_true(f.of[STEP] > 0 && f.of[CAPTURE] > 0);
}

/* Knight relay (RULES 2) and Emulation (RULES 5): random games from the
 * array, with relayed and borrowed moves; neither has en passant, Emulation
 * no castling. */
static void knight_relay_emulation(void **state)
{
    (void)state;
    struct tally k = games(&rules_knight_relay, start_array, 30, 80);
    print_tally("KnightRelay", &k);
    assert_true(k.of[PLAIN] > 0 && k.of[CAPTURE] > 0 && k.of[PROMOTION] > 0);
    assert_true(k.of[CASTLE_SHORT] > 0 && k.of[CASTLE_LONG] > 0);
    struct tally e = games(&rules_emulation, start_array, 30, 80);
    print_tally("Emulation", &e);
    assert_true(e.of[PLAIN] > 0 && e.of[CAPTURE] > 0 && e.of[PROMOTION] > 0);
    assert_int_equal(e.turns, e.answered); /* every turn a plain move */
}

/* A stored table (table/store.c) is keyed by these hashes: the state hash
 * of a position must stay what it was when the table was written.  The
 * values are those the hash had when stores were first written, for each
 * rule set and each part of the state (side, castling rights, an e.p.
 * square, mutually exclusive castlings, switches, Dynamo's previous
 * placement, a Ko step). */
static void hashes_as_stored(void **state)
{
    (void)state;
    struct position p = position_from_fen(&rules_orthodox, start_array);
    assert_int_equal(p.st.hash, 0xb50ef7ed87a9113bull);
    p = position_from_fen(&rules_orthodox, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_int_equal(p.st.hash, 0x96649ebf643e914bull);
    p = position_from_fen(&rules_orthodox, start_array);
    position_exclude_castling(&p, WHITE_SHORT, BLACK_LONG);
    assert_int_equal(p.st.hash, 0xcdd10adabafc005bull);
    struct fen_error err;
    position_init(&p, &rules_dynamo, 5);
    assert_true(fen_parse(&p, start_array, &err));
    assert_int_equal(p.st.hash, 0x1412d4512a83cb58ull);
    p.st.prev_placement = 0x0123456789abcdefull;
    position_rehash(&p);
    assert_int_equal(p.st.hash, 0x93d92fafa381e7b2ull);
    position_init(&p, &rules_stones_relays, 1);
    assert_true(fen_parse(&p, "rnbqkbnr/pppppppp/8/1O6/1O1XX1O1/1O6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &err));
    assert_int_equal(p.st.hash, 0x578ca06943b9afdfull);
    p.st.ko_from = (square_t)square_parse(p.geo, "b4");
    p.st.ko_to = (square_t)square_parse(p.geo, "a4");
    position_rehash(&p);
    assert_int_equal(p.st.hash, 0xd3e0924c1003c954ull);
    position_init(&p, &rules_knight_relay, 1);
    assert_true(fen_parse(&p, start_array, &err));
    assert_int_equal(p.st.hash, 0x4135bc3de0cb297eull);
    p = position_from_fen(&rules_emulation, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1");
    assert_int_equal(p.st.hash, 0x88ad69cfcf56370full);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(orthodox),
        cmocka_unit_test(dynamo),
        cmocka_unit_test(stones_relays),
        cmocka_unit_test(knight_relay_emulation),
        cmocka_unit_test(hashes_as_stored),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
