/* Help play's node: the search state of one phase (struct help_run) and the
 * search below one node, which the phase's driver (help_search.c) and its
 * split over threads (help_split.c) both run. */
#ifndef FS_HELP_H
#define FS_HELP_H

#include "../board/position.h"
#include "../bound/goal_bound.h"
#include "result.h"
#include "sink.h"
#include "solver.h"
#include "split.h"

/* The solutions one task found, `plies` turns each, in -j 1 order. */
struct help_record {
    struct turn *turns;
    int count, cap;  /* solutions */
    int plies;
};
void help_record_add(struct help_record *rec, const struct turn *path, int plies);

/* One phase's search (set play or play): its root, the path from there to
 * the current node, where solutions go, and what the split shares. */
struct help_run {
    struct solver *s;
    struct position root;       /* to replay a solution for its notation */
    struct turn path[SOLVER_MAX_PLY];
    /* excluded[ply]: the king squares of the goal bound's claims made above
     * the node at that ply (goal_bound_prunes_below); zero: none known */
    square_set excluded[SOLVER_MAX_PLY + 1];
    struct result *r;
    const struct solution_sink *sink;
    struct strlist *lines;      /* canonical solutions go here */
    bool set_play;
    bool white_first;           /* numbering: "1..." when the first move is White's */
    int max_solutions, found;
    int first_index;            /* the current first move's place in the root list */
    /* the half-moves of a full line of the length searched: the plies at
     * the root, and hs#'s forced mate (part_chunks.c puts a line and the
     * numbered move of its first move together by it) */
    int line_plies;
    /* MoveNumbers: the numbers before this phase's first moves (the set
     * play's, which Popeye numbers on into the play), and how many first
     * moves this phase numbered */
    int number_base, numbered;
    /* a split's task (NULL, 0: the whole search): solutions go to record */
    struct help_record *record;
    struct split_job *split;
    int task;
    /* the split's threads' search state, kept between lengths (NULL: none
     * yet); help_split_release frees it */
    struct help_workers *workers;
    int last;                   /* the phase's longest length (plies) */
    uint64_t previous_nodes;    /* the nodes of the length before this one (0: none) */
    /* the table's answer for the child about to be searched, asked before
     * its turn was played (help.c child_failed_before): its key, whether
     * the table had it, and what it had; `probed` holds until that child's
     * node starts */
    bool probed, probe_found;
    uint64_t probe_key;
    struct tt_bounds probe_e;
};

/* The half-moves of a full line of help play `plies` long: hs# adds
 * Black's forced mate (help_run.line_plies). */
static inline int help_line_plies(const struct solver *s, int plies) { return plies + (s->play == PLAY_HELP_SELF); }

static inline uint64_t help_key_of(const struct solver *s, uint64_t hash) { return hash ^ s->mode_key ^ 0x6a09e667f3bcc909ull; }
static inline uint64_t help_key(const struct solver *s) { return help_key_of(s, s->pos->st.hash); }

/* Number of solutions below the current node with exactly `plies` left. */
int help_node(struct help_run *h, int plies);
/* The last move's failures of goal-directed help play are kept per thread
 * in HELP_LEAF_CACHE entries (solver.h, help.c); a solver that searches
 * help play gets its cache empty from help_leaf_cache_reset (help_search,
 * and each thread of a split), and none without the goal bound;
 * solver_leaf_cache_free (or solver_free) gives it back. */
void help_leaf_cache_reset(struct solver *s);
/* Before threads start: s's cache written once (memory.h). */
void help_leaf_cache_touch(struct solver *s);
/* Whether the goal bounds prove that no solution passes the current node,
 * `plies` half-moves before the help play's end (help.c); excluded (or
 * NULL): the helpmate bound's squares, as goal_bound_prunes_below. */
bool help_bound_prunes(struct solver *s, int plies, square_set *excluded);
/* Whether the side to be mated passing would be cut here (help.c), so that
 * its idle turns need not be played; fills pass. */
bool help_pass_fails(struct solver *s, int plies, const square_set *excluded, struct goal_pass *pass);
/* MaxSolutions shows the first solutions found: a node's turns in Popeye's
 * order, `plies` half-moves before the end. */
void help_order_for_max_solutions(const struct solver *s, struct turn_list *l, int plies);
/* A solution of `plies` turns in h->path: to the result and the sink. */
void help_send_solution(struct help_run *h, int plies);

#endif
