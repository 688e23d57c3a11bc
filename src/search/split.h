/* Splitting one twin's search over threads: workers (the calling thread
 * among them) take subtrees (tasks) from one counter or from blocks of
 * their own; the calling thread hands their results on in task order. */
#ifndef FS_SPLIT_H
#define FS_SPLIT_H

#include <stdbool.h>

/* Threads one twin's search may use (-j N); the task count of one split. */
#define SPLIT_THREADS_MAX 256
#define SPLIT_TASKS_MAX (1 << 20)

struct split_job {
    int tasks, threads;
    /* the order in which tasks are taken: a permutation of 0 .. tasks - 1,
     * the longest expected first (NULL: 0, 1, ...); results are handed on in
     * task order whatever it is */
    const int *order;
    /* instead of one counter: each thread starts on its own contiguous
     * block of tasks (order ignored), even threads from its front, odd ones
     * from its back, and one that runs out takes the half of the largest
     * block left that its owner is not working towards.  Neighbouring
     * tasks share transpositions, which a thread then finds in its own
     * caches and proves once, not each thread half of them (split.c). */
    bool blocks;
    void *ctx;
    /* runs task t on worker w (0 <= w < threads; 0 is the calling thread);
     * it should give up early once split_cancelled(j, t) */
    void (*run)(void *ctx, int worker, int task);
    /* on the calling thread, for t = 0, 1, ... in order, each once task t
     * is done; false: tasks after t are not wanted (they are cancelled) */
    bool (*emit)(void *ctx, int task);
    /* optional (NULL: none): once no task is left to take, worker w may run
     * a search of task t, still running on another worker, whose only
     * effect is what it adds to the shared table (another move order, so
     * that the two meet in the middle: a long last task no longer keeps the
     * other threads idle); it should return soon after *done turns nonzero,
     * and return true only when it ran to its end */
    bool (*assist)(void *ctx, int worker, int task, volatile int *done);
    /* optional (NULL: none): run by each worker w when it starts, before
     * its first task (on the calling thread before the prelude) */
    void (*start)(void *ctx, int worker);
    /* optional (NULL: none): run by each worker w > 0 on its own thread
     * once it has no task left to take or assist (its last use of memory
     * of its own: what the caller would give back after the split) */
    void (*finish)(void *ctx, int worker);
    /* optional (NULL: none): run on the calling thread once the other
     * workers have started, before it takes a task or hands one on (other
     * work of the caller's that comes first in the results) */
    void (*prelude)(void *ctx);
    /* set by split_run */
    int cancel_from;     /* tasks from this index on are cancelled */
    int *resolved;       /* per task: an assisting search ran to its end (true returned) */
    int *assisting;      /* per task: how many threads assist it now */
};

/* Nonzero while some thread assists task t (both searches then look at the
 * table again after each child: the other may have settled the node). */
static inline volatile int *split_assisting(const struct split_job *j, int t) { return &j->assisting[t]; }

/* Turns nonzero once an assisting search of task t ran to its end: the
 * table then holds t's answer, and t's own search may stop and ask again. */
static inline volatile int *split_resolved(const struct split_job *j, int t) { return &j->resolved[t]; }

/* True when task t's result will not be used. */
static inline bool split_cancelled(const struct split_job *j, int t)
{
    return __atomic_load_n(&j->cancel_from, __ATOMIC_RELAXED) <= t;
}
/* Cancels every task after t (a stop inside task t: -j 1 would not have
 * searched them either). */
void split_cancel_after(struct split_job *j, int t);

/* Runs the job: the calling thread is worker 0, and runs every task
 * itself where no other thread can be started. */
void split_run(struct split_job *j);

#endif
