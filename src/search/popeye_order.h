/* Popeye's order of first moves, which its MoveNumbers lines expose; help
 * play with MaxSolutions searches in it so as to find Popeye's solutions. */
#ifndef FS_POPEYE_ORDER_H
#define FS_POPEYE_ORDER_H

#include <stdbool.h>

#include "../board/position.h"

void popeye_order_sort(const struct position *p, struct turn_list *l);
/* The order of moves that are to mate at once (a direct mate's last move):
 * units from the last square back to the first, each unit's moves as above. */
void popeye_order_sort_mating(const struct position *p, struct turn_list *l);
/* The one or the other: the mating order where `mating`. */
void popeye_order_sort_by(const struct position *p, struct turn_list *l, bool mating);

/* The first moves Popeye numbers: pseudo-legal where the rule set can list
 * them (Popeye numbers a move before it finds it illegal), in its order. */
void popeye_numbered_moves(struct position *p, struct turn_list *out);
/* The same where the first move is to mate at once (#1, ser-#1, h#0.5):
 * Popeye numbers its mating-move generator's moves, those that give check,
 * in the mating order (Popeye 4.104). */
void popeye_numbered_mating_moves(struct position *p, struct turn_list *out);
/* Whether a move of that list is legal. */
bool popeye_turn_legal(struct position *p, const struct turn *t);

#endif
