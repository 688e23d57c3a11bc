/* Orthodox pieces' attacks and castling, for rule sets that keep them.
 * Declarations only; the rule set itself is rules_orthodox in rules.h. */
#ifndef FS_ORTHODOX_H
#define FS_ORTHODOX_H

#include "../board/position.h"

bool orthodox_attacked(const struct position *p, int sq, enum colour by);
/* Adds the castling turns allowed by RULES 1 with the given attack test. */
void orthodox_castling(struct position *p, struct turn_list *out,
                       bool (*attacked)(const struct position *, int, enum colour));

#endif
