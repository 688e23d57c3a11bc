/* The tests' reference for help play: every sequence of legal turns tried,
 * with no bound, shared by the tests that check a bound against it. */
#ifndef FS_HELP_REFERENCE_H
#define FS_HELP_REFERENCE_H

#include <stdbool.h>
#include <stdlib.h>

#include "../src/board/position.h"
#include "../src/rules/rules.h"
#include "../src/problem/problem.h"

/* The side to move has no legal turn and the goal says what that is:
 * mate in check, stalemate out of it, either for #= (docs/rules.md, goals). */
static inline bool help_reference_goal_now(struct position *p, enum goal g)
{
    if (p->rules->has_legal_turn(p))
        return false;
    bool check = rules_in_check(p, (enum colour)p->st.side);
    return g == GOAL_MATE_OR_STALEMATE || (g == GOAL_MATE) == check;
}

/* Some sequence of exactly `plies` legal turns ends in goal g. */
static inline bool help_exists(struct position *p, enum goal g, int plies)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    p->rules->generate(p, l);
    bool found = false;
    for (int i = 0; i < l->count && !found; i++) {
        struct undo u;
        position_make(p, &l->turns[i], &u);
        found = plies == 1 ? help_reference_goal_now(p, g) : help_exists(p, g, plies - 1);
        position_unmake(p, &u);
    }
    free(l);
    return found;
}

#endif
