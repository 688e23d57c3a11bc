/* Goal-directed help play under Emulation: the check cut and the bound against an
 * exhaustive reference search over the rules' own legal turns, on random positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/bound/goal_bound.h"
#include "../src/rules/emulation_goal.h"
#include "../src/rules/rules.h"
#include "help_reference.h"

/* Emulation with its goal hooks (emulation_goal.c), which the rule set
 * itself does not name (emulation.c says why). */
static struct rules emulation;

static void with_goal_hooks(void)
{
    emulation = rules_emulation;
    emulation.goal = &emulation_goal;
}

/* The reference of the check cut: some legal turn of the side to move, then
 * some legal turn of the other side, leaves the first side's king attacked. */
static bool check_in_two(struct position *p)
{
    enum colour D = (enum colour)p->st.side;
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX)), *m = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    assert_non_null(m);
    p->rules->generate(p, l);
    bool found = false;
    for (int i = 0; i < l->count && !found; i++) {
        struct undo u;
        position_make(p, &l->turns[i], &u);
        p->rules->generate(p, m);
        for (int j = 0; j < m->count && !found; j++) {
            struct undo v;
            position_make(p, &m->turns[j], &v);
            found = rules_in_check(p, D);
            position_unmake(p, &v);
        }
        position_unmake(p, &u);
    }
    free(l);
    free(m);
    return found;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static unsigned next(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

/* A unit on a random empty square, within `spread` files and ranks of
 * `near` where it is not SQ_NONE and room is found there (units in contact
 * are what moves). */
static void put_random(struct position *p, unit_t u, int near, int spread)
{
    const struct geometry *g = p->geo;
    int s;
    for (int tries = 0;; tries++) {
        s = geo_square(g, (int)next((unsigned)g->files), (int)next((unsigned)g->ranks));
        if (p->board[s] != UNIT_EMPTY)
            continue;
        if (near != SQ_NONE && tries < 200 &&
            (abs(g->file_of[s] - g->file_of[near]) > spread || abs(g->rank_of[s] - g->rank_of[near]) > spread))
            continue;
        if (unit_kind(u) == PAWN && (g->rank_of[s] == 0 || g->rank_of[s] == g->ranks - 1))
            continue;
        break;
    }
    position_put(p, s, u);
}

/* A random legal position: both kings and up to `most` more units a side,
 * each near one of the kings or anywhere. */
static bool random_position(struct position *p, int most)
{
    static const enum kind kinds[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN, PAWN};
    position_init(p, &emulation, 0);
    put_random(p, unit_make(BLACK, KING), SQ_NONE, 0);
    put_random(p, unit_make(WHITE, KING), SQ_NONE, 0);
    for (int c = 0; c < 2; c++)
        for (int i = (int)next((unsigned)most + 1); i > 0; i--) {
            int near = next(4) ? p->st.king_sq[next(2)] : SQ_NONE;
            put_random(p, unit_make((enum colour)c, kinds[next(6)]), near, 2 + (int)next(2));
        }
    p->st.side = (uint8_t)next(2);
    position_rehash(p);
    return !rules_opponent_in_check(p);
}

static struct goal_bound *bound_for(const struct position *p, int plies)
{
    const int turns[2] = {(plies + 1) / 2, (plies + 1) / 2};
    struct goal_bound *gb = goal_bound_new_turns(p, turns);
    assert_non_null(gb);
    return gb;
}

/* The check cut (goal_hooks.no_final_check, D to move, one turn each)
 * never claims what the reference finds, and claims it often: a cut one
 * square too strong (a square of the king's, a line one unit longer)
 * shows here as a fail. */
static void check_cut_random(void **state)
{
    (void)state;
    const struct goal_hooks *h = emulation.goal;
    assert_non_null(h);
    assert_non_null(h->no_final_check);
    int cuts = 0, impossible = 0;
    struct position p;
    for (int n = 0; n < 20000; n++) {
        while (!random_position(&p, 2 + n % 6))
            ;
        enum colour A = (enum colour)!p.st.side;
        bool cut = h->no_final_check(&p, A, 1, 1);
        bool check = check_in_two(&p);
        impossible += !check;
        cuts += cut;
        if (cut && check) {
            char fen[160];
            fen_write(&p, fen);
            fail_msg("the check cut claims no check, the rules give one: %s", fen);
        }
    }
    /* it proves a good share of the positions without a check (a cut that
     * never cuts passes every test) */
    assert_true(cuts * 3 > impossible);
}

/* By hand (RULES 5.1, 5.5): White Sa1 Rb1 Sa3 Sb4 Kh1, Black Ka8 Pg7 Ph7,
 * Black to play.  The rook next to a1 lends the knight there its lines,
 * and the knight on a3, lent a leap by its neighbour on b4, leaves the
 * a-file: 1...h7-h6 2.Sa3-c4 (b5, c2) checks from a1, White's only checks.
 * A cut that let no unit of White's leave a line would claim no check. */
static void discovered_check(void **state)
{
    (void)state;
    struct position p;
    struct fen_error err;
    position_init(&p, &emulation, 0);
    assert_true(fen_parse(&p, "k7/6pp/8/8/1N6/N7/8/NR5K b - - 0 1", &err));
    assert_true(check_in_two(&p));
    assert_false(emulation.goal->no_final_check(&p, WHITE, 1, 1));
    /* A bishop on a1 and no knight on b4: the knight on a3 has no
     * neighbour, and no move, but 2.Rb1-a2 lends it the rook's line a3-a8.  With a knight
     * on b1 instead of the rook nothing lends a line towards a8: the
     * knight on b1 moves along the bishop's diagonals, where nothing is
     * next to it that could lend one, and lends only leaps (to a3 from
     * a2), which do not reach a8; Black's king has no neighbour, no move. */
    assert_true(fen_parse(&p, "k7/6pp/8/8/8/N7/8/BR5K b - - 0 1", &err));
    assert_true(check_in_two(&p));
    assert_false(emulation.goal->no_final_check(&p, WHITE, 1, 1));
    assert_true(fen_parse(&p, "k7/6pp/8/8/8/N7/8/BN5K b - - 0 1", &err));
    assert_false(check_in_two(&p));
    assert_true(emulation.goal->no_final_check(&p, WHITE, 1, 1));
}

/* Every legal turn of p goes where goal_hooks.reach says, in the hooks'
 * variant v, and where a king is attacked some enemy unit checks its
 * square by goal_hooks.checks. */
static void hooks_cover(struct position *p, unsigned v)
{
    const struct goal_hooks *h = emulation.goal;
    const struct geometry *g = p->geo;
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    p->rules->generate(p, l);
    for (int i = 0; i < l->count; i++) {
        const struct turn *t = &l->turns[i];
        unit_t u = p->board[t->from];
        square_set r = 0;
        h->reach(p, unit_colour(u), unit_kind(u), t->from, v, &r);
        if (!(r & SET_BIT(geo_bit(g, t->to)))) {
            char fen[160];
            fen_write(p, fen);
            fail_msg("a turn beyond the reach of variant %u: %s", v, fen);
        }
    }
    free(l);
    for (int c = 0; c < 2; c++) {
        int king = p->st.king_sq[c];
        if (king == SQ_NONE || !rules_in_check(p, (enum colour)c))
            continue;
        bool checked = false;
        for (square_set s = p->st.occupied[!c]; s && !checked; s &= s - 1) {
            int sq = geo_square_of_bit(g, set_first(s));
            square_set k = 0;
            h->checks(p, (enum colour)!c, unit_kind(p->board[sq]), sq, v, &k);
            checked = k & SET_BIT(geo_bit(g, king));
        }
        if (!checked) {
            char fen[160];
            fen_write(p, fen);
            fail_msg("a check no unit's checks of variant %u hold: %s", v, fen);
        }
    }
}

/* The hooks' variant, chosen for one turn of each side, covers the turns
 * and the checks of the position and of every position after one turn
 * (a pawn promoted there lends its new kind's powers: RULES 5.4). */
static void variant_covers_turns(void **state)
{
    (void)state;
    const int turns[2] = {1, 1};
    int sharp = 0;
    struct position p;
    for (int n = 0; n < 3000; n++) {
        while (!random_position(&p, 1 + n % 4))
            ;
        unsigned v = emulation.goal->variant(&p, turns);
        sharp += v != 0;
        hooks_cover(&p, v);
        struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
        assert_non_null(l);
        p.rules->generate(&p, l);
        for (int i = 0; i < l->count; i++) {
            struct undo u;
            position_make(&p, &l->turns[i], &u);
            hooks_cover(&p, v);
            position_unmake(&p, &u);
        }
        free(l);
    }
    /* most positions lack some kind: the variants are tried */
    assert_true(sharp * 2 > 3000);
}

static const enum goal goals[] = {GOAL_MATE, GOAL_STALEMATE, GOAL_MATE_OR_STALEMATE};

/* The whole bound (the variant's tables, the cut) cuts no node with a help
 * line below it, for every goal, one to three half-moves. */
static void bound_random(void **state)
{
    (void)state;
    int cuts = 0;
    struct position p;
    for (int n = 0; n < 700; n++) {
        while (!random_position(&p, 3))
            ;
        int plies = 1 + (int)next(3);
        enum goal g = goals[n % 3 == 0 ? next(3) : 0];
        struct goal_bound *gb = bound_for(&p, plies);
        if (goal_bound_proves_failure(gb, &p, g, plies)) {
            ++cuts;
            if (help_exists(&p, g, plies)) {
                char fen[160];
                fen_write(&p, fen);
                fail_msg("cut a solvable node: %s goal %d plies %d", fen, (int)g, plies);
            }
        }
        goal_bound_free(gb);
    }
    assert_true(cuts > 0);
}

int main(void)
{
    with_goal_hooks();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(discovered_check),
        cmocka_unit_test(check_cut_random),
        cmocka_unit_test(variant_covers_turns),
        cmocka_unit_test(bound_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
