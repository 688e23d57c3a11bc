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
};

/* twin 0 is the original position (label 'a' when twins exist); twin k >= 1
 * applies problem->twins[k-1], on top of twin k-1 when that twin is Continued. */
bool problem_twin(const struct problem *pr, int twin, struct twin_view *v, struct parse_error *err);
/* Units, castling rights (default, NoCastling), e.p. (EnPassant), Ko state
 * (LastNeutralStep).  Errors: two kings of a colour, units off the board. */
bool problem_position(const struct problem *pr, const struct twin_view *v, struct position *p,
                      struct parse_error *err);

#endif
