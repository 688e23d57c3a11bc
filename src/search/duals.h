/* Duals (FORMAT.md 6, RULES.md 6): counted after solving, from the solution
 * tree (battle play) or the solution list (help play).  Never a fault here. */
#ifndef FS_DUALS_H
#define FS_DUALS_H

#include "result.h"
#include "solver.h"

/* What counts as a dual.
 *
 * Direct #n and self s#n.  The tree is the one Popeye shows with Variation:
 * each key, then the defences that count, then for each of them every
 * attacker continuation completing the stipulation in the fewest turns left,
 * and so on down to the goal.  A defence counts when the defender is in
 * check or there is no threat, or when it defeats the threat (the play
 * becomes longer than the threat or some threat move no longer works); a
 * move that leaves the threat on, or allows something quicker than it, is
 * no defence, so several ways to win after it are not duals.  A dual is a
 * defence that counts and is answered by two or more such continuations,
 * at any depth; at the last move that is two mates (a mating dual).
 * Not duals: several threats (the threat line is not examined), several
 * keys (cooks), the defender's own choices (in self play its goal move),
 * anything in #1 or s#1.  One dual per defence, whatever the number of
 * continuations.
 *
 * Help play: a dual is a set of two or more full-length solutions that are
 * the same line except for one half-move (of either side); one dual per such
 * set.  Short solutions are not looked at. */

/* Counts duals of the solved problem; fills r->duals and r->dual_lines:
 * battle play "KEY DEFENCE: C1 C2" (deeper: "KEY D1 C1 D2: C1' C2'"), help
 * play the shared line with '*' at the differing half-move, then the
 * alternatives ("a7a6 *: d1d8 c1c8").  Canonical moves (FORMAT.md 8).
 * Battle play: n is the stipulation's number of turns and the answers come
 * from the solver's table, so call after the solution is found.  Help play:
 * n is not used.  Stops when the solver stops (time, interrupt); r->partial
 * is then set. */
void duals_count(struct solver *s, int n, struct result *r);
/* Help play's duals from r->solutions alone (no search): for joining the
 * solutions of parts that each solved some first moves. */
void duals_of_help_solutions(struct result *r);

#endif
