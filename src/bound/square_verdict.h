/* A king square's verdict from the tables (square_verdict.c), and the test
 * of a checker's square that it shares with the checks looked at on the board. */
#ifndef FS_BOUND_SQUARE_VERDICT_H
#define FS_BOUND_SQUARE_VERDICT_H

#include "d_units.h"
#include "goal_bound_node.h"

/* Can D's king on square bit s, reached in king_turns of D's turns, be
 * mated (stalemated) within the budgets, by the tables?  Past the cheap
 * tests (king_square_feasible); false proves s out.  A check from a flight
 * p is a contact check: the king could take the checker unless another A
 * unit denies p, and no D unit can stand on p. */
bool square_verdict(struct goal_bound *n, int s, int king_turns, bool need_check);

/* Whether A's checker of kind kk on bit q, with `denied` what the other A
 * units deny, leaves no more of the free flights (`open`) than D's units can
 * block within rb turns, each by another unit (at least the sum of each
 * flight's cheapest block); a checker on a flight must be among `denied`,
 * or the king takes it. */
static inline __attribute__((always_inline)) bool checker_square_fits(struct goal_bound *n, square_set flights,
                                                                      square_set open, square_set denied, int kk,
                                                                      int q, int rb)
{
    if ((flights & SET_BIT(q)) && !(denied & SET_BIT(q)))
        return false;
    square_set left = open & ~denied & ~n->t->denies[n->A][kk][q] & ~SET_BIT(q);
    int spent = 0;
    for (; left && spent <= rb; left &= left - 1)
        spent += block_cost(n, set_first(left), false);
    return spent <= rb;
}

#endif
