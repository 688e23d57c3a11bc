/* Solving one twin: decides who moves first and how many turns the
 * stipulation allows, then searches battle or help play: the solution tree
 * to a sink as it is proved, the canonical lists into a result. */
#ifndef FS_SOLVE_H
#define FS_SOLVE_H

#include "../problem/setup.h"
#include "result.h"
#include "sink.h"
#include "../table/tt.h"

struct solve_limits {
    double deadline;           /* monotonic seconds, 0 = none */
    volatile int *interrupt;
    bool want_duals;           /* count duals (duals.h) after solving: --check, --json */
    bool plain_help;           /* --plain-help: help play without the goal-directed bound */
    int threads;               /* -j: threads for this twin's search (split.h); 0, 1: one */
    /* --first-moves A-B: only the first moves numbered A to B (Popeye's
     * MoveNumbers numbering) are solved; 0: the problem's StartMoveNumber /
     * UpToMoveNumber, or every first move */
    int first_from, first_to;
    /* battle play: name a refutation of every first move that is neither key
     * nor try shown (result.h refuted), so parts show the whole picture */
    bool want_refuted;
    /* --progress hooks, handed to the solver (solver.h); NULL: none */
    void (*on_root_move)(void *ctx, int plies, int k, int n);
    void (*on_nodes)(void *ctx, uint64_t nodes);
    void *progress_ctx;
};

/* Option PostKeyPlay applies: battle play (#n, s#n, r#n, semi-r#n, not a
 * series), where the diagram is then the position after White's key and
 * Black moves first; elsewhere Popeye ignores it with a note. */
bool solve_post_key(const struct problem *pr, const struct stipulation *st);
/* Option WhiteToPlay applies: a helpmate h#n (h=n, h#=n) of whole moves,
 * which then starts with White, a half-move shorter.  Elsewhere it is
 * ignored with Popeye's note (Popeye 4.104 rewrites ser-h#n, ser-#n, hs#n
 * and reci-h#n in ways of its own; docs/language.md "Options"). */
bool solve_white_to_play(const struct problem *pr, const struct stipulation *st);
/* Where Popeye 4.104 takes Option Quodlibet without its "not applicable"
 * note: s#, r#, semi-r# (and their = and #= forms), hs#, ser-s#.  It
 * changes play in s# and semi-r# only (battle.c battle_quodlibet). */
bool solve_quodlibet_applies(const struct stipulation *st);
/* The stipulation as it is solved (h#n + WhiteToPlay becomes h#(n-1).5). */
struct stipulation solve_effective_stipulation(const struct problem *pr, const struct twin_view *v);
/* The side that moves first in st as solved (solve_effective_stipulation),
 * before Duplex swaps the colours: Black in h#n (ser-h#n), hs#n.5, reci-h#n
 * and battle play under PostKeyPlay; White elsewhere. */
enum colour solve_first_mover(const struct problem *pr, const struct stipulation *st);
void solve_twin(const struct problem *pr, const struct twin_view *v, const struct position *start,
                struct tt *tt, const struct solve_limits *limits, struct result *r,
                const struct solution_sink *sink);

#endif
