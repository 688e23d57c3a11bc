/* Short solutions of battle play: a key whose whole tree is shorter than n
 * is a short solution even when its first move does not reach the goal. */
#include "short_keys.h"

#include <string.h>

#include "../board/notation.h"
#include "battle.h"
#include "threats.h"

/* Every turn of this decision (OwnerPromotes: each promotion the opponent
 * may choose) wins within fewer than n turns. */
static bool wins_early(struct solver *s, int n, const struct turn_list *l, const char *key)
{
    bool matched = false;
    for (int i = 0; i < l->count && !s->stopped; i++) {
        char name[NOTATION_MAX];
        decision_canonical(s->pos, &l->turns[i], name);
        if (strcmp(name, key) != 0)
            continue;
        struct undo u;
        solver_make(s, &l->turns[i], &u);
        bool early = false;
        for (int m = 1; m < n && !early && !s->stopped; m++)
            early = attack_move_wins(s, m);
        solver_unmake(s, &u);
        if (!early)
            return false;
        matched = true;
    }
    return matched && !s->stopped;
}

void short_keys_complete(struct solver *s, int n, struct result *r)
{
    if (n <= 1 || s->stopped)
        return;
    struct turn_list *l = solver_generate(s);
    for (int k = 0; k < r->keys.count; k++)
        if (!strlist_has(&r->short_keys, r->keys.items[k]) && wins_early(s, n, l, r->keys.items[k]))
            strlist_add(&r->short_keys, r->keys.items[k]);
}
