/* The units of A, the side that mates: listed at each look, with what each
 * denies, checks and reaches, and their counts to the targets of a king square. */
#ifndef FS_BOUND_A_UNITS_H
#define FS_BOUND_A_UNITS_H

#include "goal_bound_node.h"

/* Lists A's units at p (a_kind, a_bit, reach, row, ...; A, a and
 * lines_known already set) with what they deny and check where they stand
 * (denied0, checked0) and may check within a (checkable), and their hash
 * (a_hash).  False when there are more than the working memory holds. */
bool list_a_units(struct goal_bound *n, const struct position *p);
/* Target j of sp is square bit x, which A must deny: each unit's count and
 * where each kind serves it (a_units.c). */
void deny_target(const struct goal_bound *n, struct split *sp, int j, int x, square_set zone);

/* Square sets per kind for one target: deniers or checkers of x. */
static inline void sets_of(const square_set table[][GOAL_NB], int x, square_set *out)
{
    for (int k = KING; k <= PAWN; k++)
        out[k] = table[k][x];
}

/* The fewest turns (INF if more than a) A unit u needs to stand, as some
 * kind, on one of the squares `from` gives for that kind. */
static inline int unit_cost_from(const struct goal_bound *n, int u, const square_set *from_of_kind, square_set mask)
{
    int kinds = n->a_kind[u] == PAWN ? 1 + GOAL_PROMOTIONS : 1;
    int best = INF;
    for (int i = 0; i < kinds; i++) {
        int k = i == 0 ? n->a_kind[u] : promotion_kinds[i - 1];
        square_set from = from_of_kind[k] & mask;
        if (!from)
            continue;
        for (int c = 1; c <= n->a && c < best; c++)
            if (n->reach[u][i][c] & from) {
                best = c;
                break;
            }
    }
    return best;
}

/* What A denies where its units stand, for king square s: A's king counts
 * only where it may stay (deny_target). */
static inline square_set denied_at(const struct goal_bound *n, square_set zone)
{
    int u = n->a_king_unit;
    if (n->lines_known && u >= 0 && (zone & SET_BIT(n->a_bit[u])))
        return n->denied0_no_king;
    return n->denied0;
}

/* What A's units other than u deny where they stand. */
static inline square_set denied_by_others(const struct goal_bound *n, int u)
{
    square_set others = 0;
    for (int x = 0; x < n->na; x++)
        if (x != u)
            others |= n->a_denied[x];
    return others;
}

/* What A's unit of kind k on bit q checks without a turn of its own: where
 * lines are known, only a check along a line (a unit moving off the line
 * discovers it); a contact check from where a unit stands now needs it to
 * move, since D's king cannot step into it.  Shared by the look's listing
 * and the check test (checks_of), which must agree with it. */
static inline square_set standing_checks(const struct goal_tables *t, enum colour A, int k, int q, bool lines_known)
{
    return lines_known ? t->lines->line_checks[A][k][q] : t->checks[A][k][q];
}

#endif
