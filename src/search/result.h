/* What solving found, beside the tree that went to the sink (sink.h): the
 * canonical keys, tries and solutions that verdicts and duals judge. */
#ifndef FS_RESULT_H
#define FS_RESULT_H

#include <stdbool.h>
#include <stdint.h>

struct strlist {
    int count, cap;
    char **items;
};

void strlist_add(struct strlist *l, const char *s);
void strlist_free(struct strlist *l);
bool strlist_has(const struct strlist *l, const char *s);

struct try_result {
    char *move;
    struct strlist refutations;
};

struct result {
    struct strlist keys;        /* battle play: canonical first turns that solve */
    struct strlist short_keys;  /* battle play: keys that reach the goal early */
    int try_count;
    struct try_result *tries;
    struct strlist solutions;   /* help play: canonical moves separated by spaces */
    struct strlist short_solutions;
    bool partial;               /* MaxSolutions, time limit or interrupt cut it short */
    bool illegal;               /* the side not to move is in check: no play (set play may be legal) */
    bool set_play_illegal;      /* Option SetPlay: the side moving first in the set play could take the king */
    bool too_many_turns;        /* a position had more than TURN_LIST_MAX turns: cut (and partial) */
    int duals;                  /* defences (help play: lines) with more than one way on; duals.h */
    struct strlist dual_lines;  /* each dual as canonical text "KEY DEFENCE: C1 C2" */
    /* parts (want_refuted): each other first move that fails, with one
     * refutation, "MOVE REFUTATION" in canonical notation */
    struct strlist refuted;
    /* Option PostKeyPlay: the play after the key was solved; the
     * defences that hold (none: it solves) */
    bool post_key;
    int post_key_refutations;
    int numbered_moves;         /* first moves in Popeye's numbering; set when only a range of them is solved */
    uint64_t nodes;
    double seconds;
};

void result_init(struct result *r);
void result_free(struct result *r);
struct try_result *result_add_try(struct result *r, const char *move);

#endif
