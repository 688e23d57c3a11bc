/* Making, copying and freeing a goal-directed bound (goal_bound.h): the sets
 * it derives once from its tables, its memory of verdicts and what it learnt. */
#include "goal_bound.h"

#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../rules/rules.h"
#include "a_units.h"
#include "verdict_cache.h"

/* A bound on tables t that remembers verdicts in `verdicts` (another
 * bound's, goal_bound_new_like), or in memory of its own where NULL. */
static struct goal_bound *bound_with_tables(const struct goal_tables *t, uint64_t *verdicts)
{
    if (!t)
        return NULL;
    struct goal_bound *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->owns_verdicts = !verdicts;
    n->verdicts = verdicts ? verdicts : verdict_memory_new();
    if (!n->verdicts) {
        free(n);
        return NULL;
    }
    n->t = t;
    n->keyed_d = MAX_BUDGET;
    for (int i = 0; i < D_LISTS; i++) {
        n->lists[i].listed_nd = -1; /* nothing listed: no count remembered */
        memset(n->lists[i].open_at, -1, sizeof n->lists[i].open_at); /* no open flight yet (board_blocks) */
    }
    n->L = &n->lists[0];
    for (int i = 0; i < t->squares; i++)
        n->few_flights[t->bits[i]] = set_count(t->flights[t->bits[i]]) <= OPEN_FLIGHTS;
    for (int c = 0; c < 2; c++)
        for (int k = KING; k < KIND_COUNT; k++)
            n->here_kinds[c] |= (unsigned)t->here_only[c][k] << k;
    for (int c = 0; c < 2; c++)
        for (int k = KING; k <= PAWN; k++)
            for (int i = 0; i < t->squares; i++) {
                int from = t->bits[i];
                for (square_set s = t->denies[c][k][from]; s; s &= s - 1)
                    n->deniers[c][k][set_first(s)] |= SET_BIT(from);
                for (square_set s = t->checks[c][k][from]; s; s &= s - 1)
                    n->checkers[c][k][set_first(s)] |= SET_BIT(from);
                bool lines_known = t->lines && t->lines->valid[c];
                for (square_set q = t->within[c][k][from][0]; q; q &= q - 1) {
                    n->stand_denied[c][k][from] |= t->denies[c][k][set_first(q)];
                    n->stand_checked[c][k][from] |= standing_checks(t, (enum colour)c, k, set_first(q), lines_known);
                }
                for (int r = 0; k == PAWN && r <= MAX_BUDGET; r++)
                    for (int slot = 0; slot < GOAL_SLOTS; slot++)
                        n->pawn_within[c][from][r] |= goal_within(t, c, PAWN, from, slot)[r];
            }
    return n;
}

void goal_bound_touch(struct goal_bound *b)
{
    if (!b)
        return;
    memory_touch_for_write(b, sizeof *b);
    if (b->owns_verdicts)
        verdict_memory_touch(b->verdicts);
}

struct goal_bound *goal_bound_new(const struct position *p) { return bound_with_tables(goal_tables_get(p), NULL); }

struct goal_bound *goal_bound_new_turns(const struct position *p, const int turns[2])
{
    const struct goal_hooks *h = p->rules->goal;
    unsigned v = h && h->variant ? h->variant(p, turns) : 0;
    return bound_with_tables(goal_tables_get_variant(p, v), NULL);
}

struct goal_bound_learnt *goal_bound_learnt_copy(const struct goal_bound *model)
{
    struct goal_bound_learnt *l = malloc(sizeof *l);
    if (!l)
        out_of_memory();
    *l = model->learnt;
    return l;
}

void goal_bound_learnt_free(struct goal_bound_learnt *l) { free(l); }

struct goal_bound *goal_bound_new_like(const struct goal_bound *model, const struct goal_bound_learnt *learnt)
{
    /* the model's king squares' verdicts are shared: facts under their
     * keys, whichever thread works them out (-j N keeps one memory).  The model
     * outlives the bounds made like it (help_split.c); its tables and
     * verdicts' address are all read of it here, which no search changes */
    struct goal_bound *n = bound_with_tables(model->t, model->verdicts);
    if (!n)
        return NULL;
    if (learnt)
        n->learnt = *learnt;
    return n;
}

uint64_t goal_bound_verdict_hits(const struct goal_bound *gb) { return gb->verdict_hits; }

void goal_bound_remember_verdicts(struct goal_bound *gb, bool on) { gb->keyed_d = on ? MAX_BUDGET : -1; }

void goal_bound_free(struct goal_bound *gb)
{
    if (gb && gb->owns_verdicts)
        verdict_memory_free(gb->verdicts);
    free(gb);
}
