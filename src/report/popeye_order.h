/* Popeye's order of first moves, which its MoveNumbers lines expose.
 * Only printing depends on it; the search keeps its own order. */
#ifndef FS_POPEYE_ORDER_H
#define FS_POPEYE_ORDER_H

#include "../board/position.h"

void popeye_order_sort(const struct position *p, struct turn_list *l);

#endif
