/* Popeye's order of first moves, which its MoveNumbers lines expose.
 * Only printing depends on it; the search keeps its own order. */
#ifndef FS_POPEYE_ORDER_H
#define FS_POPEYE_ORDER_H

#include "../board/position.h"
#include "text.h"

void popeye_order_sort(const struct position *p, struct turn_list *l);
/* Popeye's MoveNumbers line "  3  (Qa4-b3 + )" for first move number n. */
void popeye_write_move_number(struct text *out, struct position *p, int n, const struct turn *t);

#endif
