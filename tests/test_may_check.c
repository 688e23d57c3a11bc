/* The "may this turn give check" filters never reject a checking turn: the
 * orthodox one against published perft check counts, the fairy ones against
 * every turn played and tested, on game arrays and random positions. */
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

struct tally {
    uint64_t checks;     /* last-ply turns that give check, each played */
    uint64_t passed;     /* last-ply turns the filter lets through */
    uint64_t leaves;
};

static void walk(struct position *p, int depth, struct tally *t)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
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
    struct position p = position_from_fen(&rules_orthodox, fen);
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

/* Fairy rule sets: no published check counts, so every turn is played and its
 * check tested; a checking turn the filter rejects fails the test at once.  A
 * rule set's generate_checks must list generate's turns in the same order,
 * each admitted by may_check, and leave out none that gives check. */
struct audit {
    uint64_t turns, passed, checks;
    uint64_t in_check, mated; /* positions audited with the side to move in check, and mated */
};

static void audit(struct position *p, int depth, struct audit *a)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    l->overflow = false;
    p->rules->generate(p, l);
    assert_false(l->overflow);
    /* has_legal_turn, and in check has_legal_turn_in_check, against the list */
    assert_int_equal(p->rules->has_legal_turn(p), l->count > 0);
    if (p->rules->has_legal_turn_in_check && rules_in_check(p, (enum colour)p->st.side)) {
        a->in_check++;
        a->mated += l->count == 0;
        assert_int_equal(p->rules->has_legal_turn_in_check(p), l->count > 0);
    }
    if (p->rules->generate_checks) {
        /* generate's turns in its order, each admitted by may_check; a turn
         * left out must give no check (played and tested here) */
        struct turn_list *c = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
        assert_non_null(c);
        p->rules->generate_checks(p, c);
        int n = 0;
        for (int i = 0; i < l->count; i++) {
            if (n < c->count && turn_equal(&l->turns[i], &c->turns[n])) {
                assert_true(p->rules->may_check(p, &l->turns[i]));
                n++;
                continue;
            }
            struct undo u;
            position_make(p, &l->turns[i], &u);
            bool check = rules_in_check(p, (enum colour)p->st.side);
            position_unmake(p, &u);
            if (check) {
                char fen[256];
                fen_write(p, fen);
                fail_msg("%s: generate_checks left out the check %d-%d in %s", p->rules->name, l->turns[i].from,
                         l->turns[i].to, fen);
            }
        }
        assert_int_equal(n, c->count);
        free(c);
    }
    for (int i = 0; i < l->count; i++) {
        const struct turn *t = &l->turns[i];
        bool may = p->rules->may_check(p, t);
        struct undo u;
        position_make(p, t, &u);
        bool check = rules_in_check(p, (enum colour)p->st.side);
        a->turns++;
        a->passed += may;
        a->checks += check;
        if (check && !may) {
            position_unmake(p, &u);
            char fen[256];
            fen_write(p, fen);
            fail_msg("%s: the check %d-%d (second %d-%d, flags %#x) was filtered out in %s", p->rules->name, t->from,
                     t->to, t->from2, t->to2, (unsigned)t->flags, fen);
        }
        if (depth > 1)
            audit(p, depth - 1, a);
        position_unmake(p, &u);
    }
    free(l);
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static unsigned next(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

static unsigned random_switches(const struct rules *r)
{
    unsigned n = 0;
    while (r->switch_names && r->switch_names[n])
        n++;
    return n ? next(1u << n) : 0;
}

/* Random games from the array: every position met is audited one ply deep. */
static void games(const struct rules *r, const char *fen, int depth, int count, int plies, struct audit *a)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    for (int game = 0; game < count; game++) {
        struct position p;
        struct fen_error err;
        position_init(&p, r, random_switches(r));
        assert_true(fen_parse(&p, fen, &err));
        audit(&p, game == 0 ? depth : 1, a);
        for (int ply = 0; ply < plies; ply++) {
            p.rules->generate(&p, l);
            if (l->count == 0)
                break;
            struct undo u;
            position_make(&p, &l->turns[next((unsigned)l->count)], &u);
            audit(&p, 1, a);
        }
    }
    free(l);
}

/* A random legal position: both kings, 1 to 7 more units each (stones and
 * relays under Stones & Relays), no pawn on a first or last rank, castling
 * where king and rook stand at home, the side not to move not in check. */
static bool random_position(const struct rules *r, struct position *p)
{
    static const enum kind kinds[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN, PAWN, ROOK, KNIGHT};
    position_init(p, r, random_switches(r));
    const struct geometry *g = p->geo;
    /* one draw a statement: an initialiser list's order is unspecified (C11 6.7.9) */
    int counts[3];
    counts[0] = 1 + (int)next(7);
    counts[1] = 1 + (int)next(7);
    counts[2] = r->neutral_units ? (int)next(6) : 0;
    for (int c = 0; c < 3; c++)
        for (int i = 0; i <= counts[c] - (c == NEUTRAL); i++) {
            int sq;
            do {
                /* the rank drawn first, the file then: the order of a call's
                 * arguments is unspecified (C11 6.5.2.2) */
                int rank = (int)next((unsigned)g->ranks);
                sq = geo_square(g, (int)next((unsigned)g->files), rank);
            } while (p->board[sq] != UNIT_EMPTY);
            enum kind k = c == NEUTRAL ? (next(2) ? STONE : RELAY) : i == 0 ? KING : kinds[next(8)];
            if (k == PAWN && (g->rank_of[sq] == 0 || g->rank_of[sq] == g->ranks - 1))
                k = BISHOP;
            position_put(p, sq, unit_make((enum colour)c, k));
        }
    p->st.side = (uint8_t)next(2);
    if (r->castling)
        position_default_castling(p);
    position_rehash(p);
    return !rules_opponent_in_check(p);
}

static void random_positions(const struct rules *r, int count, int depth, struct audit *a)
{
    for (int n = 0; n < count;) {
        struct position p;
        if (!random_position(r, &p))
            continue;
        n++;
        audit(&p, depth, a);
    }
}

/* Both halves must meet checks (or the test could not fail) and the filter
 * must turn away some turns (or it would be no filter). */
static void judge(const struct rules *r, const char *what, const struct audit *a)
{
    char line[160];
    snprintf(line, sizeof line, "%s %s: %llu turns, %llu passed, %llu checks", r->name, what,
             (unsigned long long)a->turns, (unsigned long long)a->passed, (unsigned long long)a->checks);
    print_message("%s\n", line);
    assert_true(a->checks > 0);
    assert_true(a->passed < a->turns);
    if (r->has_legal_turn_in_check) {
        print_message("%s %s: %llu positions in check, %llu mated\n", r->name, what,
                      (unsigned long long)a->in_check, (unsigned long long)a->mated);
        assert_true(a->in_check > 0);
    }
}

static const char *const start_array = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/* RULES 4: Aikin's Figure 1, stones b4 b5 b6 g5 and relays d5 e5 */
static const char *const stones_relays_array = "rnbqkbnr/pppppppp/8/1O6/1O1XX1O1/1O6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static void fairy(const struct rules *r, const char *array, int depth, int games_count, int random_depth)
{
    struct audit a = {0};
    games(r, array, depth, games_count, 60, &a);
    judge(r, "games", &a);
    struct audit b = {0};
    random_positions(r, 150, random_depth, &b);
    judge(r, "random positions", &b);
}

/* An en passant capture empties two squares of one line, the capturer's and
 * the captured pawn's, and may so discover a check; worked out by hand:
 * White Rh5, Pe5, Ke1; Black Ka5 and a pawn just arrived on d5 from d7
 * (e.p. square d6).  e5xd6 e.p. opens the rank from h5 to a5: check, though
 * neither pawn alone shields the rook (orthodox chess's find_check_squares
 * finds no shield: the capture must be admitted as such).  Knight relay has
 * no en passant (RULES 2.4).  The turns by hand: king d1 d2 e2 f1 f2 (5),
 * pawn e6 and e5xd6 (2), rook h1-h4, h6-h8, g5, f5 (9): 16, of which only
 * the capture checks (the rook's turns leave the rank, or stay behind e5). */
static void en_passant_discovery(void **state)
{
    (void)state;
    struct position p;
    struct fen_error err;
    position_init(&p, &rules_orthodox, 0);
    assert_true(fen_parse(&p, "8/8/8/k2pP2R/8/8/8/4K3 w - d6", &err));
    struct audit a = {0};
    audit(&p, 1, &a);
    assert_int_equal(a.turns, 16);
    assert_int_equal(a.checks, 1); /* e5xd6 e.p., the only checking turn */
}

/* Orthodox too: its generate_checks against generate and may_check. */
static void orthodox_audit(void **state)
{
    (void)state;
    fairy(&rules_orthodox, start_array, 3, 40, 2);
}

static void knight_relay(void **state)
{
    (void)state;
    fairy(&rules_knight_relay, start_array, 3, 40, 2);
}

static void dynamo(void **state)
{
    (void)state;
    fairy(&rules_dynamo, start_array, 3, 40, 2);
}

static void emulation(void **state)
{
    (void)state;
    fairy(&rules_emulation, start_array, 3, 40, 2);
}

static void stones_relays(void **state)
{
    (void)state;
    fairy(&rules_stones_relays, stones_relays_array, 2, 10, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_position),
        cmocka_unit_test(kiwipete),
        cmocka_unit_test(position_3),
        cmocka_unit_test(orthodox_audit),
        cmocka_unit_test(en_passant_discovery),
        cmocka_unit_test(knight_relay),
        cmocka_unit_test(dynamo),
        cmocka_unit_test(emulation),
        cmocka_unit_test(stones_relays),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
