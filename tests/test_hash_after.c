/* position_hash_after (the key a turn leads to, without playing it) against
 * the hash position_make leaves, for every turn of walks in each rule set. */
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
    uint64_t answered, declined;
    uint64_t castlings, en_passant, double_steps, captures, promotions; /* among the answered, but castlings */
};

/* Every turn of the position: where position_hash_after answers, its hash
 * is the one position_make leaves, and that one is the hash of the position
 * after the turn recomputed from scratch (position_rehash: every unit and
 * the state hashed anew); it declines only turns that move more than one
 * unit (it says so in position.h). */
static void check_turns(struct position *p, const struct turn_list *l, struct tally *t)
{
    for (int i = 0; i < l->count; i++) {
        const struct turn *turn = &l->turns[i];
        uint64_t before = p->st.hash, after = 0;
        bool answered = position_hash_after(p, turn, &after);
        assert_int_equal(p->st.hash, before); /* p unchanged */
        struct undo u;
        position_make(p, turn, &u);
        struct position fresh = *p;
        position_rehash(&fresh);
        assert_int_equal(fresh.st.hash, p->st.hash);
        if (answered && after != p->st.hash) {
            position_unmake(p, &u);
            char fen[256];
            fen_write(p, fen);
            fail_msg("%s: turn %d-%d (flags %#x) hashed wrongly in %s", p->rules->name, turn->from, turn->to,
                     (unsigned)turn->flags, fen);
        }
        position_unmake(p, &u);
        if (!answered) {
            assert_true(turn->from2 != SQ_NONE || (turn->flags & (TURN_CASTLE | TURN_STEP)));
            t->declined++;
            t->castlings += (turn->flags & TURN_CASTLE) != 0;
            continue;
        }
        t->answered++;
        t->en_passant += (turn->flags & TURN_EN_PASSANT) != 0;
        t->double_steps += (turn->flags & TURN_DOUBLE_STEP) != 0;
        t->captures += (turn->flags & TURN_CAPTURE) != 0;
        t->promotions += turn->promo != 0;
    }
}

static void walk(struct position *p, int depth, struct tally *t)
{
    struct turn_list *l = malloc(sizeof *l);
    assert_non_null(l);
    p->rules->generate(p, l);
    check_turns(p, l, t);
    for (int i = 0; depth > 1 && i < l->count; i++) {
        struct undo u;
        position_make(p, &l->turns[i], &u);
        walk(p, depth - 1, t);
        position_unmake(p, &u);
    }
    free(l);
}

static struct tally orthodox_walk(const char *fen, int depth)
{
    struct position p = position_from_fen(&rules_orthodox, fen);
    struct tally t = {0};
    walk(&p, depth, &t);
    return t;
}

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
    struct tally a = orthodox_walk("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 3);
    struct tally b = orthodox_walk("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3);
    assert_int_equal(a.answered + a.declined, 48 + 2039 + 97862);
    assert_int_equal(a.captures, 8 + 351 + 17102);
    assert_int_equal(a.en_passant, 0 + 1 + 45);
    assert_int_equal(a.castlings, 2 + 91 + 3162);
    assert_int_equal(a.declined, a.castlings); /* castling moves two units: declined */
    assert_true(a.double_steps > 0);
    assert_int_equal(b.answered + b.declined, 6 + 264 + 9467);
    assert_int_equal(b.castlings, 0 + 6 + 0);
    assert_int_equal(b.promotions, 0 + 48 + 120);
}

static uint64_t rng = 0x2545f4914f6cdd1dull;
static unsigned next(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

/* Random games from the array, with random switches: every turn of every
 * position met. */
static struct tally games(const struct rules *r, const char *fen, int count, int plies)
{
    struct turn_list *l = malloc(sizeof *l);
    assert_non_null(l);
    struct tally t = {0};
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
            check_turns(&p, l, &t);
            if (l->count == 0)
                break;
            struct undo u;
            position_make(&p, &l->turns[next((unsigned)l->count)], &u);
        }
    }
    free(l);
    return t;
}

static const char *const start_array = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static void fairy(void **state)
{
    (void)state;
    const struct rules *sets[] = {&rules_knight_relay, &rules_dynamo, &rules_emulation};
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
        struct tally t = games(sets[i], start_array, 30, 80);
        print_message("%s: %llu answered, %llu declined\n", sets[i]->name, (unsigned long long)t.answered,
                      (unsigned long long)t.declined);
        assert_true(t.answered > 0);
        assert_true(sets[i] == &rules_dynamo ? t.captures == 0 : t.captures > 0); /* RULES: Dynamo has none */
    }
    /* Dynamo's pushes and pulls move two units: declined, and met */
    assert_true(games(&rules_dynamo, start_array, 10, 40).declined > 0);
    /* RULES 4: Aikin's Figure 1, stones b4 b5 b6 g5 and relays d5 e5; a turn
     * with a stone or relay step is declined */
    struct tally s = games(&rules_stones_relays, "rnbqkbnr/pppppppp/8/1O6/1O1XX1O1/1O6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                           6, 30);
    assert_true(s.answered > 0 && s.declined > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(orthodox),
        cmocka_unit_test(fairy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
