/* Option GroupSteps (Stones & Relays): turns that differ only in the optional
 * step (RULES 4.1) taken as one, in canonical lines and in Popeye's text. */
#ifndef FS_STEP_GROUPS_H
#define FS_STEP_GROUPS_H

#include <stdbool.h>

#include "../problem/problem.h"
#include "../problem/setup.h"

/* Whether the twin's turns are grouped: the option is set and its rule set
 * has stones and relays. */
bool step_groups_apply(const struct problem *pr, const struct twin_view *v);

/* Canonical lines (FORMAT.md 8: moves separated by spaces, a Stones & Relays
 * move's step after '/'): group[i] is the index of the first line of line
 * i's group.  A group's lines are equal but for the step (or its absence)
 * of one and the same move, each line joining the first group, in order,
 * that it fits.  Returns the number of groups. */
int step_groups_canonical(const char *const *lines, int count, int *group);

/* The same for texts in Popeye's layout (a key with its play, a help line):
 * equal but for the step ("/Od8-d7") of one and the same move.  text_word
 * gets the index of that move among the first text's white-space separated
 * words, -1 for a group of one. */
int step_groups_text(const char *const *texts, int count, int *group, int *text_word);

/* The group of first as one text: its varying move written once with the
 * steps of the group's texts in order, "/-" for none:
 * "1.Rh1-h8 (/-, /Od8-d7, /Od8-d6)".  malloc'd. */
char *step_groups_join(const char *const *texts, int count, const int *group, int first, int word);

/* A key's or a try's text with its play, each line's deeper lines (its
 * threat, variations, continuations, refutations) grouped the same way
 * among their siblings, from the deepest up.  malloc'd. */
char *step_groups_tree(const char *text);

#endif
