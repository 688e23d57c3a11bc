/* Verdicts of --check and --json (FORMAT.md 6): the solved twin against the
 * problem's Expect lines or the default rules.  Reads results; solves nothing. */
#ifndef FS_VERDICT_H
#define FS_VERDICT_H

#include <stdbool.h>

#include "../base/text.h"
#include "../problem/problem.h"
#include "../problem/setup.h"
#include "../search/result.h"

/* The rules.
 *
 * Direct and self play.  With "Expect key" lines: cooked when a key found is
 * none of them while one of them is a key, or when several keys are found
 * and none of them is expected; wrong key ("expected key Qf2 is not a key;
 * keys: Qa7-f2") when none of them is a key and some other move is;
 * no-solution when there is no key at all.
 * Without: one key is right, more is cooked, none is no-solution.
 * short: a key forcing the goal in fewer turns than stipulated.
 * Help play.  With "Expect solutions M": "solutions N/M" when the N found
 * differ from M.  Without: the number found cannot be checked, so a twin
 * with no fault is "sound if N solutions intended" (counted sound, flagged
 * assumed): the verdict says what it assumed.  No solution at all is
 * no-solution (unless M is 0); short: a shorter solution.
 * Twins.  Expect belongs to the problem: it applies to every twin solved
 * with the problem's own stipulation (so Expect key lists the keys of all
 * such twins, and each twin must have at least one of them and no other);
 * a twin that changes the stipulation gets the default rules.  Expect key
 * only concerns battle play, Expect solutions only help play.
 * Partial results (time limit, interrupt, MaxSolutions): never sound; only
 * the faults already certain are named (a key not expected is cooked there:
 * an expected one may lie beyond the cut; more solutions than intended, a
 * short solution), then "partial".  An illegal position (the
 * side not to move in check: it cannot arise in play) is "illegal" alone:
 * it is not solved, so no other fault is claimed.
 * Duals are reported after the rest, never a fault: "sound, duals". */
struct verdict {
    bool sound;          /* as intended (duals allowed) */
    bool cooked, no_solution, short_sol, count_wrong, duals, partial, illegal;
    bool wrong_key;      /* Expect key: none of the expected moves is a key, another move is */
    bool assumed;        /* help play without Expect solutions: sound only if the count found is intended */
    bool published_missing; /* a YACPDB entry's published line (battle play: key) is not found */
    int found, intended; /* help: solutions N/M (M -1 without Expect); battle: keys found / expected
                            keys (1 without Expect) */
    char text[256];      /* "sound" ("sound if N solutions intended" when assumed), "illegal", or the
                            faults, then "partial", then "duals", joined by ", ";
                            no item contains ", " (JSON splits on it) */
};

void verdict_compute(const struct problem *pr, const struct twin_view *v, const struct result *r,
                     struct verdict *out);
/* The same, naming the keys found in a wrong-key verdict as key_names[i]
 * says r->keys.items[i] (the solution's notation, Qa7-f2); NULL: their
 * canonical form. */
void verdict_compute_named(const struct problem *pr, const struct twin_view *v, const struct result *r,
                           const char *const *key_names, struct verdict *out);

/* --check on a YACPDB entry: its published solution against the one found
 * (run/published.c).  extra: the lines (battle play: keys) found that it
 * does not have, each a cook; not_ours: its lines not found ("published
 * line not ours"; not claimed when the twin is partial).  In battle play the
 * published keys take the place of the one-key rule.  A help play whose
 * published lines are exactly those found is sound without assuming its
 * number of solutions. */
void verdict_published(struct verdict *v, bool battle, int extra, int not_ours);
/* One line under the verdict: "  cook, not published: 1.Qb2-b1". */
void verdict_published_note(struct text *out, const char *what, const char *line);

#endif
