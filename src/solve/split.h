/* Splitting one twin's search over threads: workers take subtrees (tasks) in
 * order from one counter; the calling thread takes their results in order. */
#ifndef FS_SPLIT_H
#define FS_SPLIT_H

#include <stdbool.h>

/* Threads one twin's search may use (-j N); the task count of one split. */
#define SPLIT_THREADS_MAX 256
#define SPLIT_TASKS_MAX (1 << 20)

struct split_job {
    int tasks, threads;
    void *ctx;
    /* runs task t on worker w (0 <= w < threads), on that worker's thread;
     * it should give up early once split_cancelled(j, t) */
    void (*run)(void *ctx, int worker, int task);
    /* on the calling thread, for t = 0, 1, ... in order, each once task t
     * is done; false: tasks after t are not wanted (they are cancelled) */
    bool (*emit)(void *ctx, int task);
    /* set by split_run */
    int cancel_from;     /* tasks from this index on are cancelled */
};

/* True when task t's result will not be used. */
static inline bool split_cancelled(const struct split_job *j, int t)
{
    return __atomic_load_n(&j->cancel_from, __ATOMIC_RELAXED) <= t;
}
/* Cancels every task after t (a stop inside task t: -j 1 would not have
 * searched them either). */
void split_cancel_after(struct split_job *j, int t);

/* Runs the job; false when no thread could be started (nothing was run:
 * the caller searches alone). */
bool split_run(struct split_job *j);

#endif
