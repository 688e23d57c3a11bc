/* Goal-directed help play: a node is cut when no final position that the
 * remaining turns can pay for is mate (or stalemate), by admissible counts. */
#ifndef FS_GOAL_BOUND_H
#define FS_GOAL_BOUND_H

#include <stdbool.h>

#include "../board/position.h"
#include "../problem/problem.h"
#include "goal_tables.h"

/* The bound's tables and working memory for one solver; NULL when p's rule
 * set has no goal hooks (its help play stays the plain search). */
struct goal_bound;
struct goal_bound *goal_bound_new(const struct position *p);
/* The same, sharper where the rule set's variant hook allows it: valid only
 * at positions reached from p in which colour c makes at most turns[c] more
 * turns (rules.h, goal_hooks.variant). */
struct goal_bound *goal_bound_new_turns(const struct position *p, const int turns[2]);
/* What a bound learnt of where it pays (statistics and witnesses: effort
 * only, never a verdict), copied out of it. */
struct goal_bound_learnt;
struct goal_bound_learnt *goal_bound_learnt_copy(const struct goal_bound *model);
void goal_bound_learnt_free(struct goal_bound_learnt *l);
/* A bound with the tables and the verdicts' memory of `model`, for another
 * thread of the same search, starting from `learnt` (NULL: afresh).  Reads
 * nothing of the model that its search changes: another thread may be
 * searching with it. */
struct goal_bound *goal_bound_new_like(const struct goal_bound *model, const struct goal_bound_learnt *learnt);
/* Before threads start: b's memory, and its verdicts where they are its
 * own, written once (memory.h; NULL: nothing). */
void goal_bound_touch(struct goal_bound *b);
void goal_bound_free(struct goal_bound *gb);
/* How many king squares' verdicts this bound took from those it remembers
 * (verdict_cache.c verdict_key) instead of working them out. */
uint64_t goal_bound_verdict_hits(const struct goal_bound *gb);
/* Whether gb remembers king squares' verdicts and takes them from memory:
 * on from the start; off only where a test compares the answers of a bound
 * that remembers with those of one that works every verdict out. */
void goal_bound_remember_verdicts(struct goal_bound *gb, bool on);

/* True only when no sequence of exactly `plies` half-moves from p, the last
 * one by the side whose opponent is to be mated, can end in `goal`. */
bool goal_bound_proves_failure(struct goal_bound *gb, const struct position *p, enum goal goal, int plies);
/* The same with the turns counted per side, in any order (`a` turns of the
 * side A that moves last and d of the side to be mated: series play), along
 * a search path, as goal_bound_prunes_below. */
bool goal_bound_proves_failure_below(struct goal_bound *gb, const struct position *p, enum goal goal, enum colour A,
                                     int a, int d, square_set *excluded);
/* The same, asked by the help search at each node: false without asking
 * where the bound does not pay (the last move; remaining lengths at which it
 * has rarely cut lately), which never loses a solution. */
bool goal_bound_prunes(struct goal_bound *gb, const struct position *p, enum goal goal, int plies);
/* The same along a search path: *excluded holds the D king squares that
 * nodes above this one proved no final position can have (their claims hold
 * below them: king_squares.h); they are not looked at again, and the squares
 * proved here are added, for the nodes below.  Zero: nothing known. */
bool goal_bound_prunes_below(struct goal_bound *gb, const struct position *p, enum goal goal, int plies,
                             square_set *excluded);

/* At a node where D, the side to be mated, is to move with `plies` (even)
 * half-moves left: true when D passing its turn would leave a node the bound
 * cuts.  Then goal_bound_turn_idle may be asked about D's turns.  (Not asked
 * of A, the side that mates: an A line piece's every square serves some
 * flight or check, so few A turns are idle, and the test would cost more
 * than it saves.) */
struct goal_pass {
    square_set flights; /* the flights of every king square whose verdict D's units could change */
    /* the squares of the lines on the board that gave a king square up
     * (check_lines.c discovered_check_clear, moved_check_clear): a D unit
     * leaving one could open a line, so that turn is never idle */
    square_set lines;
    int d;              /* D's turns after its turn */
    /* goal_bound_turn_idle's own, per square a turn leaves: the targets
     * that make it matter (busy), for the squares in `known` */
    square_set known;
    square_set busy[GOAL_NB];
    /* d is 0 and no kind of D but the king's has a free move (goal_tables.h
     * here_only): no count from a turn's target is within d but the
     * target's own, so a simple turn of a unit other than a king is idle
     * unless it goes to a flight */
    bool plain;
};
bool goal_bound_pass_fails(struct goal_bound *gb, const struct position *p, enum goal goal, int plies,
                           struct goal_pass *pass);
/* The same with the squares excluded above this node (goal_bound_prunes_below)
 * skipped; *excluded is not changed (NULL: none). */
bool goal_bound_pass_fails_below(struct goal_bound *gb, const struct position *p, enum goal goal, int plies,
                                 const square_set *excluded, struct goal_pass *pass);
/* A turn the idle test looks at: it moves one unit other than D's king to
 * another square of the board and captures nothing (D to move at p). */
static inline bool goal_turn_simple(const struct position *p, const struct turn *t)
{
    enum { NOT_SIMPLE = TURN_NOT_PLAIN | TURN_CAPTURE | TURN_EN_PASSANT };
    return !(t->flags & NOT_SIMPLE) && t->from2 == SQ_NONE && t->to != t->from && p->geo->on_board[t->to] &&
           t->from != p->st.king_sq[p->st.side];
}
/* After goal_bound_pass_fails proved failure at p and filled pass: true when
 * D's turn t changes nothing the bound could use, so the bound cuts the node
 * after t too and t need not be played.  Asked once per turn of most nodes
 * before the last move: a plain pass is answered here, without a call. */
bool goal_bound_turn_idle_counted(const struct goal_bound *gb, struct goal_pass *pass, const struct position *p,
                                  const struct turn *t);
static inline bool goal_bound_turn_idle(const struct goal_bound *gb, struct goal_pass *pass, const struct position *p,
                                        const struct turn *t)
{
    if (pass->plain && unit_kind(p->board[t->from]) != KING)
        return goal_turn_simple(p, t) && !(pass->flights & SET_BIT(geo_bit(p->geo, t->to)));
    return goal_bound_turn_idle_counted(gb, pass, p, t);
}

/* At a node where A, the side that mates, is to move with three half-moves
 * left (its turn, D's, its mating turn): what each of A's units may check
 * in the node after a turn, where A has one turn left and D one, as that
 * node's look reads it at its first test of each king square (goal_bound.c
 * checks_of, king_squares.c king_square_feasible).  A turn after which no
 * square D's king may stand on can be checked makes a node the look cuts
 * at once: it need not be played (goal_bound_turn_checkless).  With the king squares proved above left
 * out, many turns are such. */
#define GOAL_CHECKS_UNITS 16
struct goal_checks {
    square_set king_squares; /* D's king's squares within its one turn */
    int na;
    uint8_t bit[GOAL_CHECKS_UNITS];
    square_set others[GOAL_CHECKS_UNITS]; /* what A's units but this one may check */
    square_set all;                       /* what all of them may */
};
/* Fills c at p (A to move, plies == 3), the king squares proved above p
 * (goal_bound_prunes_below) left out; false where the test does not apply
 * (another goal or length, too many units) or has not paid of late. */
bool goal_bound_checks_prepare(struct goal_bound *gb, const struct position *p, enum goal goal, int plies,
                               square_set excluded, struct goal_checks *c);
/* After goal_bound_checks_prepare: true when the node after A's turn t is
 * cut by the bound's check test on every king square. */
bool goal_bound_turn_checkless(struct goal_bound *gb, const struct goal_checks *c, const struct position *p,
                               const struct turn *t);

#endif
