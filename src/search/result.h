/* What solving found, beside the tree that went to the sink (sink.h): the
 * canonical keys, tries and solutions that verdicts and duals judge. */
#ifndef FS_RESULT_H
#define FS_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/spool.h"

/* What a list keeps of what is added: every string in memory (the default),
 * only their number (nobody reads them: the solutions of a run without
 * --check and --json), or the strings in bounded memory (STRLIST_MEMORY
 * bytes of them, then all of them in a temporary file): a twin may have
 * millions of solutions, and memory must not grow with them. */
enum strlist_keep { STRLIST_ALL, STRLIST_COUNT, STRLIST_SPILL };
#define STRLIST_MEMORY ((size_t)1 << 20)

struct strlist {
    int count, cap;
    char **items;               /* in memory: STRLIST_ALL, STRLIST_SPILL until it spills */
    enum strlist_keep keep;     /* kept by strlist_free */
    size_t bytes;               /* of the items in memory */
    struct spool *spill;        /* STRLIST_SPILL once spilled: every string, one per line */
    bool lost;                  /* STRLIST_SPILL: the temporary file failed; strings were lost */
};

/* s has no newline (canonical moves and lines, dual lines). */
void strlist_add(struct strlist *l, const char *s);
/* Frees the strings; the list is empty, and keeps what it kept. */
void strlist_free(struct strlist *l);
/* Only for lists whose strings are in memory. */
bool strlist_has(const struct strlist *l, const char *s);
/* Whether the strings are in l->items (not counted only, not spilled). */
static inline bool strlist_in_memory(const struct strlist *l)
{
    return l->keep != STRLIST_COUNT && !l->spill && !l->lost;
}
/* Each string in order to fn (false from fn stops); false when stopped, or
 * when the strings are not all kept (STRLIST_COUNT, or lost). */
bool strlist_each(struct strlist *l, bool (*fn)(void *ctx, const char *s), void *ctx);

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
