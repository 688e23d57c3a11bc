/* The search context shared by every play type: position, goal, limits,
 * transposition table and per-ply turn lists.  No global search state. */
#ifndef FS_SOLVER_H
#define FS_SOLVER_H

#include <stdbool.h>
#include <stdint.h>

#include "../board/position.h"
#include "../problem/problem.h"
#include "result.h"
#include "sink.h"
#include "../table/tt.h"

#define SOLVER_MAX_PLY 128
/* The stipulation limits of problem.h fit what the search holds. */
_Static_assert(2 * STIPULATION_BATTLE_MOVES_MAX + 2 <= SOLVER_MAX_PLY, "battle play deeper than the turn lists");
_Static_assert(STIPULATION_BATTLE_MOVES_MAX < TT_NONE, "battle bounds are 8 bits below TT_NONE");
_Static_assert(STIPULATION_HELP_PLIES_MAX < 32, "help failures are one bit per length in 32 bits");
_Static_assert(STIPULATION_HELP_PLIES_MAX + 1 <= SOLVER_MAX_PLY, "help play deeper than the turn lists");

/* The entries of a solver's leaf_cache (help.h). */
#define HELP_LEAF_CACHE (1 << 17)

struct solver {
    struct position *pos;
    enum goal goal;
    enum play play;
    enum colour attacker;
    const struct options *opt;
    struct tt *tt;
    uint64_t mode_key;           /* solver_mode_key: play, goal, options; hashed into every table key */
    uint64_t nodes;
    uint64_t next_check;         /* solver_should_stop looks at the clock from this count on */
    int ply;
    /* SOLVER_MAX_PLY lists, one per ply, each of list_bytes: the rule
     * set's most turns (rules.h max_turns), so that lists of most rule sets
     * take what TURN_LIST_USUAL turns take; read by solver_list */
    struct turn_list *lists;
    size_t list_bytes;
    struct goal_bound *goal_bound; /* goal-directed help play; NULL: plain search */
    uint64_t *leaf_cache;        /* help play's last-move failures, this thread's own (help.c):
                                  * HELP_LEAF_CACHE entries, from memory_table_new */
    /* hs#, reci-h#: the bound of the other mate at the end, Black's of White
     * (help_bound_prunes); NULL: none */
    struct goal_bound *end_bound;
    /* goal-directed help play asks the rule set's check_needs (rules.h) */
    bool check_needs;
    double deadline;             /* monotonic seconds; 0 = none */
    volatile int *interrupt;     /* set by a signal handler; may be NULL */
    /* -j N: set when another thread has put this search's answer into the
     * table (split_resolved): stop, and ask again; may be NULL */
    volatile int *resolved;
    /* -j N: nonzero while another thread asks the same question (split.h,
     * split_assisting); may be NULL */
    volatile int *assisted;
    bool stopped;                /* ran out of time or was interrupted, or overflow */
    bool overflow;               /* a position had more turns than TURN_LIST_MAX */
    /* a first-move range (StartMoveNumber, --first-moves): the canonical first
     * moves of the play (not set play) that are solved; NULL: all */
    const struct strlist *root_filter;
    /* the filter is a --first-moves part, which a merge joins with the
     * others: what a whole run shows once after its first moves comes from
     * the part with the last one (battle_search.c) */
    bool first_moves_part;
    bool want_refuted;           /* solve_limits.want_refuted */
    /* the play's first move is to mate at once (stipulation_first_move_mates):
     * MoveNumbers numbers the mating-move generator's moves */
    bool first_move_mates;
    /* the diagram is illegal for the play (result.illegal) but Option
     * SetPlay asks for the set play, which starts with the other side:
     * only that is solved, where legal (Popeye shows it) */
    bool set_play_only;
    /* --progress (NULL when nobody listens): the root loop of a search
     * `plies` half-moves deep begins its k-th of n first moves; every 4096
     * nodes, the count so far */
    void (*on_root_move)(void *ctx, int plies, int k, int n);
    void (*on_nodes)(void *ctx, uint64_t nodes);
    void *progress_ctx;
    int threads;                 /* -j: threads this twin's search may use (split.h); 1: alone */
    /* 0, or k > 0 on a thread assisting another's search (split.h, assist):
     * turns are tried in another order (solver_turn_order) */
    int assist_order;
    /* Option NonTrivial: the non-trivial defences still granted beyond one
     * per defence node on this path (battle.c nontrivial_below); part of
     * every battle table key while the option is on */
    int nontrivial_left;
};

void solver_init(struct solver *s, struct position *pos, const struct stipulation *stip,
                 const struct options *opt, struct tt *tt);
/* solver.mode_key: everything besides the position that changes an answer
 * (play, goal and the options that do), mixed into one word; stores keep
 * their entries under it (solver.c says how it is packed). */
uint64_t solver_mode_key(const struct stipulation *stip, const struct options *opt);
void solver_free(struct solver *s);
/* Gives back the help search's last-move cache (solver.leaf_cache, help.h
 * help_leaf_cache_reset makes it); solver_free does too. */
void solver_leaf_cache_free(struct solver *s);
/* Whether first move t (at the root of the play) is in the range solved. */
bool solver_root_allowed(const struct solver *s, const struct turn *t);

/* Legal turns of the side to move into the list of the current ply. */
struct turn_list *solver_generate(struct solver *s);
/* For the mate goal, the legal turns that may give check (the rule set's
 * may_check, in generate's order); for other goals every legal turn. */
struct turn_list *solver_generate_mating(struct solver *s);
/* Number of legal turns of the side to move (the rule set's count when it
 * has one, else the length of the next ply's list). */
int solver_count_turns(struct solver *s);
void solver_make(struct solver *s, const struct turn *t, struct undo *u);
void solver_unmake(struct solver *s, const struct undo *u);
/* The side to move passes (threats, set play). */
void solver_make_null(struct solver *s, struct undo *u);

/* The side to move is mated / stalemated / either, as the goal asks. */
bool goal_reached(struct solver *s);
bool solver_in_check(const struct solver *s);
/* False when turn t cannot reach a mate goal because it gives no check
 * (the rule set says so without playing it).  A turn so judged brings the
 * next look at the clock nearer, as a played one would. */
static inline bool solver_may_reach_mate(struct solver *s, const struct turn *t)
{
    bool (*may_check)(const struct position *, const struct turn *) = s->pos->rules->may_check;
    if (s->goal != GOAL_MATE || !may_check || may_check(s->pos, t))
        return true;
    if (s->next_check > 0)
        s->next_check--;
    return false;
}
/* The k-th turn of a list of `count` to try: k itself, but on a thread
 * assisting another (solver.assist_order) round the list from its middle
 * on (the owner of the question starts at its head), so that the two prove
 * different subtrees into the shared table.  Any order gives the same
 * answer; the first member of an OwnerPromotes decision stands for it
 * wherever it is met (battle.c).  Help play's nodes and battle play's
 * attacker nodes use it; a defence node keeps the owner's order (battle.c
 * defence_loses says why). */
static inline int solver_turn_order(const struct solver *s, int count, int k)
{
    if (!s->assist_order)
        return k;
    return (k + count / 2 + s->assist_order - 1) % count;
}
/* Nonzero while another thread asks the same question (solver.assisted): a
 * node then looks at its table entry again after each child, which the
 * other may have settled. */
static inline bool solver_assisted(const struct solver *s)
{
    return s->assisted && __atomic_load_n(s->assisted, __ATOMIC_RELAXED);
}
/* A search run on this solver to assist another thread's (split.h,
 * assist): it stops on `done` as on an interrupt, looks nodes up again
 * while `assisted` is nonzero, and tries turns in another order (order > 0,
 * solver_turn_order).  solver_end_assist says whether it ran to its end and
 * puts back what it changed: what it met (a stop, an overflow) is the
 * owner's to meet or not, so -j 1's answers stay the answers. */
struct solver_assist {
    volatile int *interrupt;
    bool overflow;
};
struct solver_assist solver_begin_assist(struct solver *s, volatile int *done, volatile int *assisted, int order);
bool solver_end_assist(struct solver *s, const struct solver_assist *saved);
/* Option KeepMatingPiece (Popeye's): true where the side `mating`, the one
 * that must reach the goal, has no unit left but its king; play through
 * such a node does not count (docs/rules.md 6).  False without the
 * option. */
bool solver_mating_piece_gone(const struct solver *s, enum colour mating);
/* The list of ply `ply`. */
static inline struct turn_list *solver_list(const struct solver *s, int ply)
{
    return (struct turn_list *)(void *)((char *)s->lists + (size_t)ply * s->list_bytes);
}
/* SOLVER_MAX_PLY lists for s (of s->list_bytes each), malloc'd. */
struct turn_list *solver_lists_new(const struct solver *s);

/* Checks the clock and the interrupt flag now and then. */
bool solver_should_stop(struct solver *s);

double monotonic_seconds(void);

/* A line replayed from `root`: its canonical text into `canon` (room for
 * NOTATION_MAX per turn) and each turn's effect, the last one the goal.  In
 * series play the other side passes after each of the first `series` - 1
 * turns; 0 for help play. */
void solver_replay_line(const struct position *root, const struct turn *line, int plies, int series, char *canon,
                        enum move_effect *effects);

/* The turns of l (the side to move's, at this node) that reach the goal at
 * once: each is passed to `each` when given; without `each` the search
 * stops at the first.  True when there is one.  Reflexmates ask it: the
 * side to move must reach the goal when it can. */
bool solver_goal_turns(struct solver *s, const struct turn_list *l,
                       void (*each)(void *ctx, int index), void *ctx);

/* Whether turn t, played in p, gives check (p is restored). */
bool solver_turn_checks(struct position *p, const struct turn *t);

#endif
