/* Stalemate's own test (stalemate.c): whether D's units keep too many sure
 * turns for any final position to be stalemate. */
#ifndef FS_BOUND_STALEMATE_H
#define FS_BOUND_STALEMATE_H

#include "goal_bound_node.h"

/* True when no final position reached within the budgets leaves D without
 * a legal turn, by its units' sure turns (D's units listed: d_units). */
bool stalemate_mobility_fails(const struct goal_bound *n, const struct position *p);

#endif
