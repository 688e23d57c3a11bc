/* The units of D, the side to be mated: their list, and each one's count to
 * a square as the verdicts read it (inline: asked in the verdicts' loops). */
#ifndef FS_BOUND_D_UNITS_H
#define FS_BOUND_D_UNITS_H

#include "goal_bound_node.h"

/* D's units other than the king (nd, d_kind, d_bit), listed at the first
 * king square that needs them: most nodes the bound cuts are settled by
 * the check alone.  False when there are more than the working memory
 * holds. */
bool d_units(struct goal_bound *n);
/* Where D is to move with its one turn and A's last follows (d_board): the
 * units of D's that can move onto each open flight of its king's square
 * kb in that turn, read off the board (d_units.c). */
void board_blocks(struct goal_bound *n);

/* D unit w's count c to bit x from the tables, sharpened off the board
 * where kb's verdict is worked out (board_on): onto a flight of kb, a unit
 * that cannot move there in D's one turn needs two at least (onto one a
 * unit of D's holds, every other unit).  Where D has only that turn, no
 * count beyond one is within its budget: a verdict reads no other. */
static inline int d_board_count(const struct goal_bound *n, int w, int x, int c, bool quiet)
{
    const struct d_list *const L = n->L;
    int j;
    if (c != 1 || !n->board_on || (j = L->open_at[x]) < 0)
        return c;
    return ((quiet ? L->open_quiet[j] : L->open_one[j]) >> w & 1) ? 1 : 2;
}

/* The fewest turns D's unit w needs to stand on x as any kind; with
 * `quiet` (a pawn), by a path without captures. */
static inline int d_count(const struct goal_bound *n, int w, int x, bool quiet)
{
    const struct d_list *const L = n->L;
    int c = quiet ? n->t->pawn_quiet[n->D][L->d_bit[w]][x] : n->t->any_dist[n->D][L->d_kind[w]][L->d_bit[w]][x];
    return d_board_count(n, w, x, c, quiet);
}

/* The fewest turns a D unit other than the king needs to stand on x; with
 * `quiet`, by a path without captures. */
static inline int block_cost(struct goal_bound *n, int x, bool quiet)
{
    struct d_list *const L = n->L;
    if (L->block_stamp[x] != L->stamp) {
        int cheapest = INF, cheapest_quiet = INF;
        for (int u = 0; u < n->nd; u++) {
            int c = n->t->any_dist[n->D][L->d_kind[u]][L->d_bit[u]][x];
            if (c < cheapest)
                cheapest = c;
            if (L->d_kind[u] == PAWN)
                c = n->t->pawn_quiet[n->D][L->d_bit[u]][x];
            if (c < cheapest_quiet)
                cheapest_quiet = c;
        }
        L->block_memo[x] = (uint16_t)cheapest;
        L->quiet_memo[x] = (uint16_t)cheapest_quiet;
        L->block_stamp[x] = L->stamp;
    }
    int c = quiet ? L->quiet_memo[x] : L->block_memo[x], j;
    if (c == 1 && n->board_on && (j = L->open_at[x]) >= 0) /* the tables' count, sharpened on the board */
        return (quiet ? L->open_quiet[j] : L->open_one[j]) ? 1 : 2;
    return c;
}

#endif
