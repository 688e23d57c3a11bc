/* Battle play on several threads.  Why this method: nearly all of a battle
 * problem's time goes into the first moves' verdicts (the key's proof, the
 * refutation of every other first move), which are exact facts independent
 * of each other; asked on separate threads sharing the table they give -j 1's
 * answers, and the tree is then shown in -j 1 order on the caller's thread
 * (its lines mostly meet the table's entries).  Tasks are first moves, taken
 * in order (split.h), so one long verdict keeps one thread while the others
 * take the rest; the limit is the longest single verdict. */
#include "battle_split.h"

#include <stdlib.h>

#include "../base/memory.h"
#include "../bound/goal_bound.h"
#include "split.h"

/* One thread's search state; the next worker's, written at every node by
 * another thread, starts on another cache line (memory.h). */
struct battle_worker {
    struct position pos;
    struct solver s;
    char next_line[MEMORY_CACHE_LINE];
};

struct battle_split {
    struct solver *s;
    struct battle_worker *workers;
    bool *stopped;           /* per first move: its verdict was cut short */
    void (*verdict)(void *ctx, struct solver *worker, int i);
    void (*assist)(void *ctx, struct solver *worker, int i);
    bool (*show)(void *ctx, int i);
    void *ctx;
    struct split_job *job;
};

static void run_verdict(void *ctx, int worker, int i)
{
    struct battle_split *b = ctx;
    struct solver *w = &b->workers[worker].s;
    w->stopped = false;
    w->ply = 0;
    w->resolved = split_resolved(b->job, i);
    w->assisted = split_assisting(b->job, i);
    b->verdict(b->ctx, w, i);
    w->resolved = w->assisted = NULL;
    b->stopped[i] = w->stopped && !w->overflow ? !split_cancelled(b->job, i) : w->overflow;
    if (b->stopped[i]) /* -j 1 would not have gone further */
        split_cancel_after(b->job, i);
}

/* Worker `worker` asks first move i's question while another thread does
 * (split.h, assist), defences in another order, until that one is done; it
 * stops on `done` as on an interrupt, and a stopped search stores nothing
 * (battle.c), so the table gets only proved bounds.  Where it ends first,
 * the owner is told (split_resolved) and asks again, from the table. */
static bool assist_verdict(void *ctx, int worker, int i, volatile int *done)
{
    struct battle_split *b = ctx;
    struct solver *w = &b->workers[worker].s;
    struct solver_assist saved = solver_begin_assist(w, done, split_assisting(b->job, i), 1 + worker);
    b->assist(b->ctx, w, i);
    return solver_end_assist(w, &saved);
}

static bool show_move(void *ctx, int i)
{
    struct battle_split *b = ctx;
    if (b->stopped[i]) {
        b->s->stopped = true;
        return false;
    }
    return b->show(b->ctx, i);
}

void battle_split_roots(struct solver *s, int count, const int *order,
                        void (*verdict)(void *ctx, struct solver *worker, int i),
                        void (*assist)(void *ctx, struct solver *worker, int i), bool (*show)(void *ctx, int i),
                        void *ctx)
{
    int threads = s->threads;
    struct battle_split b = {.s = s, .verdict = verdict, .assist = assist, .show = show, .ctx = ctx};
    b.workers = calloc((size_t)threads, sizeof *b.workers);
    b.stopped = calloc((size_t)count + 1, sizeof *b.stopped);
    if (!b.workers || !b.stopped)
        out_of_memory();
    for (int i = 0; i < threads; i++) {
        b.workers[i].pos = *s->pos;
        struct solver *w = &b.workers[i].s;
        *w = *s;
        w->pos = &b.workers[i].pos;
        w->nodes = w->next_check = 0;
        w->lists = solver_lists_new(w);
        w->goal_bound = w->end_bound = NULL; /* help play's */
        w->leaf_cache = NULL;
        w->on_root_move = NULL; /* progress callbacks are the caller's thread's */
        w->on_nodes = NULL;
        w->threads = 1;
    }
    struct split_job job = {
        .tasks = count, .threads = threads, .order = order, .ctx = &b, .run = run_verdict, .emit = show_move,
        .assist = assist ? assist_verdict : NULL};
    b.job = &job;
    if (count > 0)
        split_run(&job);
    for (int i = 0; i < threads; i++) {
        s->nodes += b.workers[i].s.nodes;
        if (b.workers[i].s.overflow)
            s->overflow = s->stopped = true;
        free(b.workers[i].s.lists);
    }
    free(b.stopped);
    free(b.workers);
}
