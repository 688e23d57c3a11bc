/* Direct and self play written in Popeye's tree layout.
 * Decides what to show; all chess questions go to solve/battle.h. */
#ifndef FS_BATTLE_TEXT_H
#define FS_BATTLE_TEXT_H

#include "../solve/result.h"
#include "../solve/solver.h"

/* Writes set play, keys and tries of an n-mover into r (text and lists). */
void battle_write(struct solver *s, int n, struct result *r);

#endif
