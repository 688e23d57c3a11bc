/* Move-count tables for goal-directed help play: the fewest turns a unit needs
 * between two squares on an empty board, from a rule set's goal hooks. */
#ifndef FS_GOAL_TABLES_H
#define FS_GOAL_TABLES_H

#include <stdbool.h>
#include <stdint.h>

#include "../board/position.h"

#define GOAL_NB (MAX_RANKS * (MAX_FILES + 2)) /* square bit indices (geo_bit) are below this */
#define GOAL_FAR 255                          /* unreachable */
#define GOAL_PROMOTIONS 4                     /* promotion_kinds in turn.h */
#define GOAL_BUDGET 15                        /* turns of one side the reach sets distinguish */
#define GOAL_SLOTS (1 + GOAL_PROMOTIONS)      /* a unit's own kind, then promotion_kinds */

/* What a rule set with goal_hooks.sure_moves and attack_line says about
 * lines and sure moves, by square bits (disturbers.c, check_lines.c, frozen.c,
 * stalemate.c). */
struct goal_lines {
    bool valid[2]; /* per mating colour (goal_hooks.lines_hold) */
    /* the sure captures and sure quiet moves of a unit of colour c, kind k on a */
    square_set sure_take[2][KIND_COUNT][GOAL_NB], sure_step[2][KIND_COUNT][GOAL_NB];
    /* line[c][k][a][b]: attack_line of such a unit on a towards b */
    square_set line[2][KIND_COUNT][GOAL_NB][GOAL_NB];
    /* the squares on which such a unit on a checks a king along a line
     * (a nonempty attack_line): the checks a move of another unit may
     * discover */
    square_set line_checks[2][KIND_COUNT][GOAL_NB];
};

/* Every count is a lower bound on the turns the unit needs on any board,
 * because the hooks over-approximate each unit's powers (rules.h). */
struct goal_tables {
    const struct rules *rules;
    unsigned switches;
    unsigned variant;              /* of the rule set's goal hooks (rules.h) */
    int nb;                        /* bit indices in use: 0 .. nb-1 */
    int squares;                   /* how many of them are playing squares */
    uint8_t bits[GOAL_NB];         /* the playing squares' bit indices */
    /* a unit of colour c and kind k goes from bit a to bit b, keeping its kind */
    uint8_t dist[2][KIND_COUNT][GOAL_NB][GOAL_NB];
    /* a pawn of colour c goes from a to b and is promotion_kinds[i] there */
    uint8_t promo_dist[2][GOAL_NB][GOAL_PROMOTIONS][GOAL_NB];
    /* a unit goes from a to b as any kind (min of the two above) */
    uint8_t any_dist[2][KIND_COUNT][GOAL_NB][GOAL_NB];
    /* a pawn goes from a to b as any kind without capturing (reach_quiet) */
    uint8_t pawn_quiet[2][GOAL_NB][GOAL_NB];
    /* the king's counts without castling, for a side that has lost its rights */
    uint8_t king_plain[2][GOAL_NB][GOAL_NB];
    square_set denies[2][KIND_COUNT][GOAL_NB], checks[2][KIND_COUNT][GOAL_NB];
    square_set flights[GOAL_NB];
    /* Derived once, so that a node looks them up instead of recounting:
     * within[c][k][a][n]: the squares a unit of colour c and kind k on a
     * reaches in at most n turns as its own kind; promo_within[c][a][i][n]
     * the same for a pawn as promotion_kinds[i] (goal_within: by slot) */
    square_set within[2][KIND_COUNT][GOAL_NB][GOAL_BUDGET + 1];
    square_set promo_within[2][GOAL_NB][GOAL_PROMOTIONS][GOAL_BUDGET + 1];
    /* king_plain_within[c][a][n]: the squares a king of colour c on a
     * reaches in at most n turns without castling (king_plain) */
    square_set king_plain_within[2][GOAL_NB][GOAL_BUDGET + 1];
    /* ... and the squares on which it may give check from there */
    square_set check_within[2][KIND_COUNT][GOAL_NB][GOAL_BUDGET + 1];
    /* the fewest turns such a unit needs to deny square b, as any kind */
    uint8_t deny_dist[2][KIND_COUNT][GOAL_NB][GOAL_NB];
    const struct goal_lines *lines; /* NULL when the rule set lacks those hooks */
    /* symmetric[c][k]: a unit of colour c and kind k (not a pawn) needs as
     * many turns from a to b as from b to a (within[c][k][b][n] is then
     * also the squares from which it reaches b within n) */
    bool symmetric[2][KIND_COUNT];
    /* here_only[c][k]: every count of such a unit from a to b (dist,
     * any_dist, and a pawn's promo_dist and pawn_quiet) is 0 only where a
     * is b: no free move (rules.h free_reach) takes it anywhere (kinds
     * without hooks, stones and relays, have no counts: true) */
    bool here_only[2][KIND_COUNT];
};

/* within of kind slot i (goal_tables.h GOAL_SLOTS: 0 the unit's own kind,
 * a pawn's 1.. promotion_kinds), indexed by the count n. */
static inline const square_set *goal_within(const struct goal_tables *t, int c, int k, int a, int i)
{
    return i == 0 ? t->within[c][k][a] : t->promo_within[c][a][i - 1];
}

/* The tables of p's rule set and switches, built on first use and shared by
 * every thread; NULL when the rule set has no goal hooks. */
const struct goal_tables *goal_tables_get(const struct position *p);
/* The same for a variant of the hooks (below GOAL_VARIANTS; 0 is the one
 * above), valid only where the rule set's variant hook chose it; built
 * where not yet. */
const struct goal_tables *goal_tables_get_variant(const struct position *p, unsigned variant);
/* Tables built anew, kept by the caller (not shared), freed by
 * goal_tables_free; NULL as above or when memory runs out. */
struct goal_tables *goal_tables_build(const struct position *p, unsigned variant);
void goal_tables_free(struct goal_tables *t);

#endif
