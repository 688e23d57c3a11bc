/* Dynamo's turn generation as the rule set's entry points (RULES 3):
 * dynamo_rules.c names them in rules_dynamo, the goal hooks ask the last. */
#ifndef FS_DYNAMO_H
#define FS_DYNAMO_H

#include <stdbool.h>

#include "../board/position.h"

/* rules.h generate, generate_checks, has_legal_turn and count_legal. */
void dynamo_generate(struct position *p, struct turn_list *out);
void dynamo_generate_checks(struct position *p, struct turn_list *out);
bool dynamo_has_legal_turn(struct position *p);
int dynamo_count_legal(struct position *p);
/* Whether the side to move has a turn that may give check (generate_checks'
 * screen and may_check), judged with neither its king's safety nor the undo
 * rule (RULES 3.5, 3.6), every dynamo move allowed and no castling: false
 * only when no legal turn of it gives check, on p or on any board that
 * differs from p only where those turns read nothing.  The enemy king must
 * not be attacked on p (may_check's premise). */
bool dynamo_may_check_any(struct position *p);

#endif
