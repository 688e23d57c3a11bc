/* Battle play (direct #n and self s#n) as yes/no questions with a
 * transposition table; the printing layer asks these to build its tree. */
#ifndef FS_BATTLE_H
#define FS_BATTLE_H

#include <stdbool.h>

#include "solver.h"

/* Attacker to move: can it force the goal within n of its turns?
 * (self play: force the defender to reach it within n defender turns) */
bool attack_wins(struct solver *s, int n);
/* The attacker has just moved: does the goal follow whatever the defender
 * does, with n attacker turns left (self play: n defender turns left)?
 * Includes the goal test of the move just made. */
bool attack_move_wins(struct solver *s, int n);
/* Defender to move, nothing decided yet: does every defence lose within n?
 * Direct: n attacker turns follow; self: n defender turns including this one. */
bool defence_loses(struct solver *s, int n);
/* Smallest m <= n such that attack_wins(m), or 0 if none. */
int attack_shortest(struct solver *s, int n);
/* The defender has just moved: does that defence hold (self play: keep the
 * defender out of the goal) with n turns as in defence_loses? */
bool defence_move_refutes(struct solver *s, int n);
/* Option NonTrivial at a defence node (defence_loses' n, l its defences):
 * the non-trivial defences granted to the play below, -1 when the node has
 * too many. */
int nontrivial_below(struct solver *s, int n, const struct turn_list *l);
/* OwnerPromotes: b is a's decision with another promotion chosen by the
 * opponent (b carries TURN_OWNER_CHOICE). */
bool battle_same_decision(const struct turn *a, const struct turn *b);
/* OwnerPromotes: turn i of l is a decision shared with an earlier turn that
 * differs only in the promotion its opponent chooses. */
bool battle_choice_seen(const struct turn_list *l, int i);
/* Turn i of l (and, when the opponent chooses a promotion, every turn of that
 * decision) made in turn: is good(s, n) true after each? */
bool battle_all_choices(struct solver *s, const struct turn_list *l, int i, int n,
                        bool (*good)(struct solver *s, int n));
/* Option Quodlibet applies: White reaching the goal itself also wins. */
bool battle_quodlibet(const struct solver *s);
/* Reflexmates: some turn of the side to move reaches the goal. */
bool battle_goal_in_one(struct solver *s);
/* r#n, semi-r#n: the defender to move can reach the goal, so it must. */
bool battle_defender_bound_to_goal(struct solver *s);
/* Defender king's legal moves (MaxFlightsquares). */
int defender_flights(struct solver *s);

#endif
