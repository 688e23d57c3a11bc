/* The working state of the goal-directed bound at one node, shared by the
 * files of src/bound/ that work its verdicts out (not the search's: goal_bound.h). */
#ifndef FS_GOAL_BOUND_NODE_H
#define FS_GOAL_BOUND_NODE_H

#include <stdbool.h>
#include <stdint.h>

#include "../board/position.h"
#include "goal_tables.h"

/* The bound of goal-directed help play (README "How help play is solved"):
 * a relaxation of "the last move mates" checked before a node is searched.
 *
 * Let D be the side to be mated, A the side that moves last, a and d their
 * remaining turns.  In the final position D's king stands on some square s
 * that it can reach in d turns; it is in check (goal #), and each of its
 * certain flights (goal_hooks.flights) is occupied by a D unit or denied by
 * an A unit.  Every D unit that blocks a flight is a different unit, and needs
 * at least its table count to get there; every A unit ends on one square, and
 * the A units together need at least the sum of their counts.  So a node is
 * cut when for every such s neither side can pay: the D king's count plus the
 * cheapest blocks of the flights that A does not deny exceed d, or the A
 * units cannot deny the rest (and give check) within a.  A unit that serves
 * several targets is charged the largest of its counts for them, a lower
 * bound of the count for one square serving them all.  A D pawn that blocks
 * by a path with a capture (a file change) takes an A unit off the board,
 * and a unit taken serves nothing in the final position: so at most as many
 * blocks use such paths as A has capturable units (not its king, nor a unit
 * whose deny set holds its own square: rules.h) beyond those that serve; a
 * block by pushes alone is charged its quiet count (reach_quiet).  Pins,
 * interpositions and the mobility of other D units are ignored: each only
 * makes mate harder, so ignoring them keeps the bound admissible (it never
 * cuts a solution).
 *
 * Where each part is worked out:
 *   goal_bound.c      what the search asks at a node: is it cut (prunes,
 *                     proves_failure, the frozen second look), which of A's
 *                     turns give no check in time
 *   goal_bound_new.c  making, copying and freeing a bound
 *   idle_turns.c      D passing its turn, and D's turns that change nothing
 *   king_squares.c    the look: D's king's squares, tried in turn
 *   verdict_cache.c   a king square's verdict, remembered under its key
 *   square_verdict.c  a king square's verdict from the tables
 *   targets.c         its targets shared out: A's covers, D's blocks
 *   disturbers.c      D's units that could parry a single check
 *   check_lines.c     A's last check looked at on the board
 *   a_units.c         A's units listed; what they deny and check, their counts
 *   d_units.c         D's units listed; their counts, D's one turn on the board
 *   frozen.c          D's frozen units and the lines of A's that they cut
 *   stalemate.c       stalemate's test of D's sure turns
 *   goal_tables.c     the move-count tables every part reads */

/* SET_BIT by a load: a 128-bit shift by a variable count is a sequence of
 * eight operations, and the bound asks for single bits everywhere */
#define ONE_BIT(i) ((square_set)1 << (i))
#define ONE_BITS4(i) ONE_BIT(i), ONE_BIT(i + 1), ONE_BIT(i + 2), ONE_BIT(i + 3)
#define ONE_BITS16(i) ONE_BITS4(i), ONE_BITS4(i + 4), ONE_BITS4(i + 8), ONE_BITS4(i + 12)
static const square_set one_bit[128] = {ONE_BITS16(0),  ONE_BITS16(16), ONE_BITS16(32), ONE_BITS16(48),
                                        ONE_BITS16(64), ONE_BITS16(80), ONE_BITS16(96), ONE_BITS16(112)};
_Static_assert(GOAL_NB <= 128, "every bit index of the bound has its entry in one_bit");
#undef SET_BIT
#define SET_BIT(b) (one_bit[b])

#define MAX_TARGETS 10               /* flights, check and a contact checker's square */
#define MAX_FLIGHT_TARGETS (MAX_TARGETS - 2)
#define MAX_COVER (1 << MAX_TARGETS)
#define MAX_SIDE_UNITS 64            /* units of one side the working memory holds */
#define MAX_BUDGET GOAL_BUDGET       /* turns of one side the reach sets distinguish */
#define D_LISTS 2                    /* lists of D's units a bound remembers (struct d_list) */
#define OPEN_FLIGHTS 8               /* a king's flights read off the board (board_blocks): its neighbours */
_Static_assert(MAX_SIDE_UNITS <= 64, "one bit per unit of D's in board_blocks' uint64_t masks");
_Static_assert(2 * OPEN_FLIGHTS <= 64, "a unit's moves onto the flights, quiet ones too, fit board_blocks' code");
#define INF 0x3fff
_Static_assert(GOAL_NB < 127, "a king square plus one fits goal_bound_learnt.witness");
_Static_assert(MAX_BUDGET < 32, "one bit per count in goal_bound.reach_ready");
#define LEVELS 64                    /* remaining lengths with their own statistics */
#define WINDOW 4096                  /* evaluations between two decisions per level */
#define SAMPLE 32                    /* while a test is off, one ask in SAMPLE is still answered */
#define PROBE 256                    /* while it does not, one node in PROBE still looks at every square */

/* Whether the bound pays at one remaining length: a bound that rarely cuts
 * costs more than it saves.  Skipping it never loses a solution. */
struct level {
    uint32_t evaluated, cut, skipped;
    bool off;
    /* along a search path (goal_bound_prunes_below): the king squares looked
     * at after one was found feasible (extra), and the looks spared at the
     * nodes one level down by squares proved above them (the squares they
     * skip before their first feasible one, or all they skip where none is):
     * while fewer are spared than looked at, the look stops at the first
     * feasible square (early), but one node in PROBE still looks at all */
    uint32_t extra, spared, probe;
    bool early;
};

/* Whether D's frozen units pay (freeze_pays): asks and changes in the
 * current window of FREEZE_WINDOW asks, and whether it is off (fewer than
 * one ask in FREEZE_RATIO changed anything). */
#define FREEZE_WINDOW 1024
#define FREEZE_RATIO 64
struct freeze_stats {
    uint32_t asked, changed, skipped;
    bool off;
};

/* What a bound learnt of where it pays, and its witnesses: a fresh bound
 * would look at every node and every square until its own statistics
 * filled, which the many short tasks of a parallel search cannot afford;
 * these only steer effort, never a verdict. */
struct goal_bound_learnt {
    struct level level[LEVELS];
    struct freeze_stats freeze_stats;
    struct freeze_stats checks_stats; /* goal_bound_checks_prepare's */
    /* witness[A][a]: the king square found feasible last with these budgets,
     * tried first next time (fails_excluding): where a node is not cut, the
     * sibling's square usually serves again, and the verdict does not
     * depend on the order in which the squares are tried */
    int8_t witness[2][MAX_BUDGET + 1];
    /* checker_witness[A][s]: the checker's unit index plus one (bits 16
     * on), its kind index (bits 8-15) and square plus one (bits 0-7) found
     * feasible last for king square s (single_check_survives), 0 for none */
    uint32_t checker_witness[2][GOAL_NB];
};

/* The targets of one king square: flights that D may block (block[j] turns)
 * or A must deny, and perhaps the check (block INF).  cost[u][j] is unit u's
 * count for target j; no unit may serve both targets `check` and `ban`. */
struct split {
    int nt, check, ban;
    int block[MAX_TARGETS];
    int block_quiet[MAX_TARGETS];    /* the same without a capture */
    /* targets 0 .. nflights-1 are the flights, on these squares; match[m]:
     * the fewest D turns blocking the flights in m by distinct units,
     * computed on first use (matched), INF where more than matched_rb */
    int nflights;
    int flight_bit[MAX_TARGETS];
    bool matched;
    int matched_rb;                  /* the budget match was computed for */
    int match[1 << MAX_FLIGHT_TARGETS];
    /* when set, D unit u blocks flight j for ublock[u][j] turns (disturbers
     * left out), instead of its table count */
    const uint8_t (*ublock)[MAX_FLIGHT_TARGETS];
    int cost[MAX_SIDE_UNITS][MAX_TARGETS];
    square_set serve[MAX_TARGETS][KIND_COUNT]; /* where each kind serves target j */
};

/* D's units as listed (d_units), and all that is worked out of the list
 * and remembered while it stands.  A bound keeps D_LISTS of them: the one
 * in use and the one before it, so that after A's capture of a unit of
 * D's the siblings after A's other turns find their list again instead of
 * listing D's units and working out their counts anew.  Which list serves
 * changes no count and no key: only work is spared. */
struct d_list {
    /* the units: kind, square bit and hash (for verdict_key), and d_index[b]
     * the unit on bit b (for b among blockers); d_here: every unit's counts
     * are 0 only where it stands (here_only), so that what it reaches
     * within 0 turns is its square */
    uint8_t d_kind[MAX_SIDE_UNITS], d_bit[MAX_SIDE_UNITS];
    uint64_t d_hash[MAX_SIDE_UNITS];
    uint8_t d_index[GOAL_NB];
    bool d_here;
    /* the list's colour, length (-1: none listed) and the placement hash
     * it was listed for (goal_bound.d_placement); the counts below are
     * valid where they carry the stamp, which changes with the units */
    enum colour listed_colour;
    int listed_nd;
    uint64_t listed_placement;
    uint32_t stamp;
    /* block counts per flight square (block_cost) */
    uint32_t block_stamp[GOAL_NB];
    uint16_t block_memo[GOAL_NB], quiet_memo[GOAL_NB];
    /* d_reach[r]: the squares each unit reaches within r turns, for the r
     * in reach_ready (verdict_key), valid while reach_stamp is the stamp */
    square_set d_reach[MAX_BUDGET + 1][MAX_SIDE_UNITS];
    uint32_t reach_stamp;
    unsigned reach_ready;
    /* d_part[r][s]: verdict_key's share of D's units for king square s and
     * r turns, valid while d_part_stamp[r][s] is the stamp */
    uint32_t d_part_stamp[MAX_BUDGET + 1][GOAL_NB];
    uint64_t d_part[MAX_BUDGET + 1][GOAL_NB];
    /* D to move with its one turn, A's last after it (goal_bound.d_board):
     * open[j] the flights of kb, for j < nopen those no unit of D's holds,
     * then those one holds (nflights in all; open_at[bit] is j, -1 off
     * them); open_one[j] the units (bit w) that move onto open[j] in that
     * turn, open_quiet[j] those that do so without a capture (none onto a
     * flight a unit of D's holds); board_part verdict_key's share of D's
     * units then (board_blocks) */
    int nopen, nflights;
    uint8_t open[OPEN_FLIGHTS];
    int8_t open_at[GOAL_NB];
    uint64_t open_one[OPEN_FLIGHTS], open_quiet[OPEN_FLIGHTS];
    uint64_t board_part;
    /* for the stamp pairs_stamp and D's king on pairs_kb: the units
     * standing on a flight of kb (stand, bit w), and the pairs (unit
     * pair_unit[i], open flight open[pair_flight[i]]) the tables let meet
     * in one turn */
    uint32_t pairs_stamp;
    int pairs_kb, npairs;
    uint64_t stand;
    uint8_t pair_unit[MAX_SIDE_UNITS * OPEN_FLIGHTS], pair_flight[MAX_SIDE_UNITS * OPEN_FLIGHTS];
    /* what the pairs' turns read of the board (the squares of their lines,
     * the open flights, the en passant square), and the board as last read
     * there: while it is the same (siblings after A's turns elsewhere), so
     * are open_one, open_quiet and board_part */
    square_set watch, watched, watched_theirs;
    int watched_ep;
};

struct goal_bound {
    const struct goal_tables *t;
    /* squares[k][x]: the squares from which kind k of side A denies (checks) x */
    square_set deniers[2][KIND_COUNT][GOAL_NB], checkers[2][KIND_COUNT][GOAL_NB];
    /* pawn_within[c][b][r]: what a pawn of colour c on b reaches within r
     * turns as any kind it may become (goal_within's slots together) */
    square_set pawn_within[2][GOAL_NB][MAX_BUDGET + 1];
    /* stand_denied[c][k][b], stand_checked[c][k][b]: what a unit of colour
     * c and kind k on b denies, and where it checks (standing_checks),
     * where it stands or where a free move takes it (a_denied, a_checked) */
    square_set stand_denied[2][KIND_COUNT][GOAL_NB], stand_checked[2][KIND_COUNT][GOAL_NB];
    bool few_flights[GOAL_NB]; /* the square has at most OPEN_FLIGHTS flights (board_blocks) */
    unsigned here_kinds[2];    /* bit k: t->here_only of kind k (d_units) */
    /* king_far[c][b][s]: the fewest turns in which a king of colour c on
     * b could deny s or a flight of s, or check s (GOAL_FAR: never), by
     * the tables (verdict_key), by rows worked out on first use */
    uint8_t king_far[2][GOAL_NB][GOAL_NB];
    bool king_far_ready[2][GOAL_NB]; /* the rows worked out (king_far_row) */
    /* per node */
    const struct position *pos;
    enum colour A, D;
    int a, d;
    bool need_check;
    square_set blockers;             /* D units other than the king */
    /* the squares a unit no side owns may stand on when the play ends
     * (goal_hooks.neutral_squares): a flight among them is not certain */
    square_set neutral;
    square_set denied0, checked0;    /* what A's units deny and check where they stand */
    square_set checkable;            /* where some A unit may give check within a turns */
    int nd;
    int na;
    /* reach[u][i][c]: squares A unit u can stand on as its kind i (0 its own,
     * 1.. promotion_kinds) after at most c of its turns */
    uint8_t a_kind[MAX_SIDE_UNITS];
    bool a_capturable[MAX_SIDE_UNITS]; /* D may take it: not the king, not immune */
    square_set a_denied[MAX_SIDE_UNITS]; /* what it denies where it stands (denied0) */
    square_set a_checked[MAX_SIDE_UNITS]; /* where it checks along a line there (checked0) */
    /* with A's last turn and a check to give: the checker squares per unit
     * and slot that last_turn_check_feasible let pass, for the disturbers
     * (single_check_survives) at the same king square; valid while
     * last_turn_valid */
    square_set last_turn_pass[MAX_SIDE_UNITS][GOAL_SLOTS];
    bool last_turn_valid;
    int a_king_unit;                   /* A's king among them, -1 if none */
    square_set a_king_set;             /* its square, 0 if none */
    const uint8_t *a_king_far;         /* its row of king_far */
    /* whether A's last turn is looked at on the board at this node
     * (lines_clear), -1 for not yet known, and A's units */
    int8_t lines_clear;
    square_set a_units;
    /* the squares of every line those two looked at, read after D's pass
     * (goal_bound_pass_fails_below sets it to 0 first) */
    square_set pass_lines;
    bool lines_known;                  /* the lines pair holds for A (goal_tables.h) */
    square_set denied0_no_king;        /* denied0 without A's king */
    int capturable;                    /* how many of A's units are */
    const square_set *reach[MAX_SIDE_UNITS][1 + GOAL_PROMOTIONS]; /* in the tables */
    uint8_t a_bit[MAX_SIDE_UNITS];
    const uint8_t *row[MAX_SIDE_UNITS][1 + GOAL_PROMOTIONS]; /* its table counts */
    struct goal_bound_learnt learnt; /* copied whole to the bounds made like it */
    bool listed;                     /* the last look listed its units (frozen_fails may follow) */
    bool freeze;                     /* this look cuts the lines of frozen units (frozen_fails) */
    square_set flights_seen;         /* of the king squares whose verdict D's units could change */
    /* set while D's passing is asked about (goal_bound_pass_fails_below):
     * the verdict must rest on the king's squares alone, since D's idle
     * turns are skipped on it, and a turn that no flight cares about may
     * still take away a unit's last free square (stalemate_mobility_fails) */
    bool passing;
    struct split sp;                 /* the targets of the king square being examined */
    struct split dsp;                /* the same with one checker square (disturbers) */
    uint8_t ublock[MAX_SIDE_UNITS][MAX_FLIGHT_TARGETS];
    /* near[j]: the D units some kind of which reaches flight j of dsp
     * within d, near_count[j] of them (disturber_flights) */
    uint8_t near[MAX_FLIGHT_TARGETS][MAX_SIDE_UNITS];
    int near_count[MAX_FLIGHT_TARGETS];
    /* the position's placement hash less A's units (D's, its king too, and
     * any neutral ones: a change of those lists D's units again, which is
     * only work) at this look */
    uint64_t d_placement;
    struct d_list lists[D_LISTS], *L; /* L: the list in use (d_units) */
    /* verdicts[i]: a king square's verdict (bit 0) under its key (the other
     * bits), in one of the two slots of the set the key picks (verdict_key),
     * the newer first; VERDICTS of them, shared by the bounds made like this
     * one (goal_bound_new_like) on other threads, each slot read and written
     * whole (atomic) */
    uint64_t *verdicts;
    bool owns_verdicts;
    /* the most turns of D's whose verdicts are remembered: MAX_BUDGET, as
     * far as verdict_key's reach sets go; -1 for none, where a test checks
     * that the memory changes no answer (goal_bound_remember_verdicts) */
    int keyed_d;
    uint64_t verdict_hits;           /* looks answered from them (goal_bound_verdict_hits) */
    /* for verdict_key: A's units hashed (per node; D's: struct d_list) */
    uint64_t a_hash, a_king_hash;
    /* D to move with its one turn, A's last after it (d_board): where D's
     * king stays on its square kb, that turn may block a flight, and which
     * unit can move onto which flight of kb then is read off the board
     * (board_blocks, into the list in use: struct d_list), while board_on
     * (kb's verdict being worked out) */
    bool d_board, board_on, board_ready;
    bool step_attacked; /* D's king steps in D's one turn (d_first): not onto a square A attacks (step_attacked) */
    int kb;
};

#endif
