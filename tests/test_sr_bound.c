/* Goal-directed help play under Stones & Relays: the bound against an exhaustive
 * reference search on random positions with stones and relays, and by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/bound/goal_bound.h"
#include "../src/rules/rules.h"
#include "help_reference.h"

static int sq(const struct position *p, const char *name) { return square_parse(p->geo, name); }

/* The bound for p's play of `plies` half-moves (its variant: rules.h). */
static struct goal_bound *bound_for(const struct position *p, int plies)
{
    const int turns[2] = {(plies + 1) / 2, (plies + 1) / 2};
    struct goal_bound *gb = goal_bound_new_turns(p, turns);
    assert_non_null(gb);
    return gb;
}

/* h#1, Black to play, worked out by hand: 1.h3-h2/Oa6-a7 Re1-e9/Oa7-a8#.
 * Black's king on a9 has the flights a8, b8 and b9; White's king on c7
 * takes b8, the rook on rank 9 b9, and only the stone can fill a8, two
 * steps away: one in each side's turn.  A bound that let a stone take one
 * step fewer than the turns left would cut this. */
static void stone_fills_a_flight(void **state)
{
    (void)state;
    struct position p;
    position_init(&p, &rules_stones_relays, 0);
    position_put(&p, sq(&p, "a9"), unit_make(BLACK, KING));
    position_put(&p, sq(&p, "h3"), unit_make(BLACK, PAWN));
    position_put(&p, sq(&p, "c7"), unit_make(WHITE, KING));
    position_put(&p, sq(&p, "e1"), unit_make(WHITE, ROOK));
    position_put(&p, sq(&p, "a6"), unit_make(NEUTRAL, STONE));
    p.st.side = BLACK;
    position_rehash(&p);
    assert_true(help_exists(&p, GOAL_MATE, 2));
    struct goal_bound *gb = bound_for(&p, 2);
    assert_false(goal_bound_proves_failure(gb, &p, GOAL_MATE, 2));
    goal_bound_free(gb);
    /* the stone one square farther: no step of it reaches a8, and nothing
     * else covers it, so the bound cuts (a bound that cuts nothing passes
     * no test) */
    position_put(&p, sq(&p, "a6"), UNIT_EMPTY);
    position_put(&p, sq(&p, "a5"), unit_make(NEUTRAL, STONE));
    position_rehash(&p);
    assert_false(help_exists(&p, GOAL_MATE, 2));
    gb = bound_for(&p, 2);
    assert_true(goal_bound_proves_failure(gb, &p, GOAL_MATE, 2));
    goal_bound_free(gb);
}

static uint64_t rng = 0x2545f4914f6cdd1dull;
static unsigned next(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

/* A unit on a random empty square (near `near` where it is not SQ_NONE:
 * within two files and ranks), drawn rank first, file then. */
static void put_random(struct position *p, unit_t u, int near)
{
    const struct geometry *g = p->geo;
    int s;
    for (;;) {
        int rank = (int)next((unsigned)g->ranks);
        s = geo_square(g, (int)next((unsigned)g->files), rank);
        if (p->board[s] != UNIT_EMPTY)
            continue;
        if (near != SQ_NONE && (abs(g->file_of[s] - g->file_of[near]) > 2 || abs(g->rank_of[s] - g->rank_of[near]) > 2))
            continue;
        if (unit_kind(u) == PAWN && (g->rank_of[s] == 0 || g->rank_of[s] == g->ranks - 1))
            continue;
        break;
    }
    position_put(p, s, u);
}

/* A random legal position: both kings, one or two units each, and up to
 * two stones or relays, mostly next to the kings where they matter. */
static bool random_position(struct position *p)
{
    static const enum kind kinds[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
    position_init(p, &rules_stones_relays, next(4) == 0 ? 1u : 0u);
    put_random(p, unit_make(BLACK, KING), SQ_NONE);
    put_random(p, unit_make(WHITE, KING), SQ_NONE);
    for (int c = 0; c < 2; c++)
        for (int i = (int)next(2); i < 2; i++)
            put_random(p, unit_make((enum colour)c, kinds[next(5)]), SQ_NONE);
    int neutrals = (int)next(3);
    for (int i = 0; i < neutrals; i++)
        put_random(p, unit_make(NEUTRAL, next(2) ? STONE : RELAY), p->st.king_sq[next(2)]);
    p->st.side = (uint8_t)next(2);
    position_rehash(p);
    return !rules_opponent_in_check(p);
}

static const enum goal goals[] = {GOAL_MATE, GOAL_STALEMATE, GOAL_MATE_OR_STALEMATE};

/* Every cut the bound makes (at the node, along a path below it with the
 * squares proved above, and of D's idle turns) must hide no help line. */
static void random_positions(int count, int *cuts, int *checked)
{
    struct position p;
    for (int n = 0; n < count; n++) {
        while (!random_position(&p))
            ;
        int plies = 1 + (int)next(3);
        enum goal g = goals[next(3)];
        struct goal_bound *gb = bound_for(&p, plies);
        struct goal_pass pass;
        if (plies == 2 && goal_bound_pass_fails(gb, &p, g, plies, &pass)) {
            struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
            assert_non_null(l);
            p.rules->generate(&p, l);
            for (int i = 0; i < l->count; i++) {
                if (!goal_bound_turn_idle(gb, &pass, &p, &l->turns[i]))
                    continue;
                struct undo u;
                position_make(&p, &l->turns[i], &u);
                if (help_exists(&p, g, 1)) {
                    char fen[160];
                    fen_write(&p, fen);
                    fail_msg("an idle turn led to a solution: %s goal %d", fen, (int)g);
                }
                position_unmake(&p, &u);
            }
            free(l);
        }
        ++*checked;
        if (goal_bound_proves_failure(gb, &p, g, plies)) {
            ++*cuts;
            if (help_exists(&p, g, plies)) {
                char fen[160];
                fen_write(&p, fen);
                fail_msg("cut a solvable node: %s goal %d plies %d", fen, (int)g, plies);
            }
        }
        goal_bound_free(gb);
    }
}

static void random_stones_and_relays(void **state)
{
    (void)state;
    int cuts = 0, checked = 0;
    random_positions(1500, &cuts, &checked);
    /* the bound cuts a good share of them: a test of a bound that never
     * cuts would prove nothing */
    assert_true(cuts * 4 > checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stone_fills_a_flight),
        cmocka_unit_test(random_stones_and_relays),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
