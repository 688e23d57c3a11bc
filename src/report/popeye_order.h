/* Popeye's order of first moves, which its MoveNumbers lines expose.
 * Only printing depends on it; the search keeps its own order. */
#ifndef FS_POPEYE_ORDER_H
#define FS_POPEYE_ORDER_H

#include <stdbool.h>

#include "../board/position.h"
#include "text.h"

void popeye_order_sort(const struct position *p, struct turn_list *l);
/* Popeye's MoveNumbers line "  3  (Qa4-b3 + )" for first move number n. */
void popeye_write_move_number(struct text *out, struct position *p, int n, const struct turn *t);

/* The first moves Popeye numbers: pseudo-legal where the rule set can list
 * them (Popeye numbers a move before it finds it illegal), in its order. */
void popeye_numbered_moves(struct position *p, struct turn_list *out);
/* Whether a move of that list is legal. */
bool popeye_turn_legal(struct position *p, const struct turn *t);

#endif
