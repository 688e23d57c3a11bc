/* --progress: what each worker is solving, shown on standard error at most
 * once a second.  Workers only store numbers; the printer thread writes. */
#ifndef FS_PROGRESS_H
#define FS_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../table/tt.h"
#include "job.h"

/* One per worker.  job and started change under the pool's lock; the rest
 * is written by the solving thread with relaxed atomics. */
struct progress_slot {
    int job;              /* index into the job list; -1 when idle */
    double started;       /* monotonic seconds */
    int plies;            /* the search's depth in half-moves (help play: the iteration) */
    double depth_started; /* when the search at this depth began */
    int k, n;             /* first move k of n at the root (0 of 0: not yet there) */
    int solutions;        /* keys or help solutions so far */
    uint64_t nodes;
};

/* The solver's hooks (solver.h); ctx is the worker's slot. */
void progress_root_move(void *ctx, int plies, int k, int n);
void progress_nodes(void *ctx, uint64_t nodes);
/* A key or help solution was found (work.c counts them on the way to the report). */
void progress_solution(struct progress_slot *s);

#ifdef __EMSCRIPTEN__
/* The WebAssembly build has no printer thread: progress_nodes calls tick
 * (NULL: nothing), which writes the line when it is time for one. */
void progress_set_tick(void (*tick)(void));
#endif

void progress_slot_begin(struct progress_slot *s, int job, double now);
void progress_slot_end(struct progress_slot *s);

struct progress {
    bool tty;             /* standard error is a terminal: one line, redrawn */
    bool shown;           /* a redrawable line is on the terminal now */
    double next;          /* do not write before this time */
};

void progress_init(struct progress *p, double now);
/* The line about the jobs that have run for a second or more, if it is time
 * for one (false: nothing to show).  Called with the pool's lock held (slots
 * are read); the writing is done after, without it. */
bool progress_compose(struct progress *p, const struct job_list *l, const struct progress_slot *slots,
                      int count, const struct tt *tt, double now, char *line, size_t len);
void progress_write(struct progress *p, char *line);
/* Before anything else goes to the terminal: take the redrawable line away. */
void progress_clear(struct progress *p);

#endif
