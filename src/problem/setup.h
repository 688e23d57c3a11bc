/* From a parsed problem to what the solver needs: the twin as it stands and
 * its starting position.  Does not decide who moves first (the solver does). */
#ifndef FS_SETUP_H
#define FS_SETUP_H

#include "problem.h"
#include "reader.h"

struct twin_view {
    struct diagram diagram;
    struct stipulation stipulation;
    const struct rules *rules;
    unsigned switches;
    char label;               /* 'a', 'b', ... ; 0 when the problem has no twins */
    char change[256];         /* Popeye's description of the change: "bBb5", "+bBh6", "bSh3-->h4" */
    /* Popeye prints a twin as "<label_text>) <change>", preceded by '+' when
     * continued; each operation is followed by two blanks there, joined by two
     * blanks (without trailing blanks) here.  label stays 'z' from the 26th twin
     * on, where Popeye counts z1, z2, ...: print label_text. */
    char label_text[8];       /* "a" ... "z", then "z1", "z2", ... as Popeye; "" without twins */
    bool continued;           /* the twin applies to the previous one: Popeye prints "+b)" */
    /* Option Duplex / HalfDuplex: this is the part with the colours' roles
     * exchanged (Black plays first in direct and self play, White in help
     * play; the goal is then against White).  Set by the runner, which makes
     * one job per part. */
    bool colours_swapped;
    int line, column;         /* where the twin was written (the problem's line for twin 0) */
};

/* twin 0 is the original position (label 'a' when twins exist); twin k >= 1
 * applies problem->twins[k-1], on top of twin k-1 when that twin is Continued. */
bool problem_twin(const struct problem *pr, int twin, struct twin_view *v, struct parse_error *err);
/* Units, castling rights (default, NoCastling), e.p. (EnPassant), Ko state
 * (LastNeutralStep).  Errors: two kings of a colour, units off the board.
 * EnPassant is set as written (ep_victim is the pawn that double-stepped); as in
 * Popeye it only counts when that pawn's side is not the one to move first, so
 * whoever sets the side to move clears ep_sq/ep_victim otherwise (and rehashes). */
bool problem_position(const struct problem *pr, const struct twin_view *v, struct position *p,
                      struct parse_error *err);

#endif
