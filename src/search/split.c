/* Splitting one twin's search over threads (-j N).  Why this method: the
 * search's answers (help solutions, battle verdicts) are exact facts, so
 * subtrees searched on different threads give the same answers as one
 * thread would, and the shared table only spares work.  Tasks are taken
 * from one counter in -j 1 order, or (help play) from per-thread blocks of
 * neighbouring tasks with stealing (dynamic balance either way: a long
 * subtree keeps one thread while the others take the rest), results are
 * buffered per task and handed on strictly in task order, so the output
 * is -j 1's byte for byte; a cut (MaxSolutions, a stop) cancels the later
 * tasks.  With many more tasks than threads this scales past two cores:
 * the statistics below (FAIRYSOLVE_SPLIT_STATS=1) estimate the speedup on
 * 16 cores from the work split as it ran. */
#include "split.h"

#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../base/memory.h"

/* Like the job pool's threads (src/run/pool.c): the search keeps its turn
 * lists on the heap; rule sets keep a few 100 KB lists on the stack, and
 * sanitizers' frames are larger, hence the margin. */
#define SPLIT_STACK_BYTES ((size_t)16 << 20)
#define SPLIT_SMALL_STACK_BYTES ((size_t)8 << 20)
/* the core count the statistics estimate the speedup for */
#define SPLIT_ESTIMATE_CORES 16

struct split_state {
    struct split_job *job;
    pthread_mutex_t lock;
    pthread_cond_t done_cond;
    int next;                /* next task to hand out, in split_job.order (atomic) */
    struct split_block *blocks; /* per worker (split_job.blocks) */
    int *done;               /* per task (atomic); an assisting search stops on it */
    int waiting_for;         /* the task the emitting thread sleeps on, or -1 (atomic) */
    double *cpu;             /* per task: thread CPU seconds, for the statistics */
    double *worker_cpu;      /* per worker */
    int *worker_tasks;
    double emit_cpu;         /* the calling thread's, handing results on */
    double *worker_assist;   /* per worker: CPU seconds spent assisting */
};

/* A worker's tasks still to take, [lo, hi) packed as lo | hi << 32 in one
 * word, so that its owner taking the front and a thief cutting the back
 * agree by one compare-and-swap; each on a cache line of its own, since
 * its owner writes it at every task. */
struct split_block {
    uint64_t range;
    char pad[MEMORY_CACHE_LINE - sizeof(uint64_t)];
};

static inline uint64_t block_pack(uint32_t lo, uint32_t hi) { return (uint64_t)lo | (uint64_t)hi << 32; }

/* The tasks in `threads` blocks of (nearly) equal length, in task order. */
static void blocks_init(struct split_block *b, int threads, int tasks)
{
    for (int i = 0; i < threads; i++)
        b[i].range =
            block_pack((uint32_t)((int64_t)tasks * i / threads), (uint32_t)((int64_t)tasks * (i + 1) / threads));
}

struct split_worker {
    struct split_state *st;
    int id;
    pthread_t thread;
};

static double thread_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void split_cancel_after(struct split_job *j, int t)
{
    int want = t + 1, cur = __atomic_load_n(&j->cancel_from, __ATOMIC_RELAXED);
    while (want < cur && !__atomic_compare_exchange_n(&j->cancel_from, &cur, want, false, __ATOMIC_RELAXED,
                                                      __ATOMIC_RELAXED)) {
    }
}

/* Runs task t on worker w and marks it done, waking the emitting thread if
 * it sleeps on t. */
static void run_one(struct split_state *st, int id, int t)
{
    struct split_job *j = st->job;
    double c0 = thread_cpu_seconds();
    if (!split_cancelled(j, t))
        j->run(j->ctx, id, t);
    double c = thread_cpu_seconds() - c0;
    st->cpu[t] = c; /* read after the joins */
    st->worker_cpu[id] += c;
    st->worker_tasks[id]++;
    /* sequentially consistent with waiting_for (see split_run): either
     * this thread sees the emitter waiting, or the emitter sees the task
     * done before it sleeps */
    __atomic_store_n(&st->done[t], 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&st->waiting_for, __ATOMIC_SEQ_CST) == t) {
        pthread_mutex_lock(&st->lock);
        pthread_cond_signal(&st->done_cond);
        pthread_mutex_unlock(&st->lock);
    }
}

static void assist_running(struct split_state *st, int id, int *emitted);

/* split_job.blocks: worker w's next task from its own block, from the
 * block's front when w is even and from its back when w is odd; when its
 * block is empty, it first takes the half of the largest other block away
 * from where that block's worker takes (the whole of a block of one) as
 * its own.  -1 when no block holds a task.  Worker 0 starts at task 0, the
 * first the results wait for; worker 1 at the last task, from the far end,
 * so that each goes through neighbouring tasks in one direction.  That
 * searches fewer nodes than one counter, or than worker 1 going forward
 * from the middle: there later tasks find less of the earlier ones in the
 * table, and the goal bound, which learns where it pays, sees another
 * sequence than -j 1's.  A block's word is its whole state, so a
 * compare-and-swap that succeeds acted on the block as it then was. */
static int take_block_task(struct split_block *b, int threads, int w)
{
    for (;;) {
        uint64_t cur = __atomic_load_n(&b[w].range, __ATOMIC_RELAXED);
        for (;;) {
            uint32_t lo = (uint32_t)cur, hi = (uint32_t)(cur >> 32);
            if (lo >= hi)
                break;
            bool back = w % 2;
            uint64_t rest = back ? block_pack(lo, hi - 1) : block_pack(lo + 1, hi);
            if (__atomic_compare_exchange_n(&b[w].range, &cur, rest, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
                return back ? (int)hi - 1 : (int)lo;
        }
        int victim = -1;
        uint32_t most = 0;
        for (int x = 0; x < threads; x++) {
            uint64_t r = __atomic_load_n(&b[x].range, __ATOMIC_RELAXED);
            uint32_t lo = (uint32_t)r, hi = (uint32_t)(r >> 32);
            if (x != w && hi > lo && hi - lo > most) {
                most = hi - lo;
                victim = x;
            }
        }
        if (victim < 0)
            return -1;
        uint64_t r = __atomic_load_n(&b[victim].range, __ATOMIC_RELAXED);
        uint32_t lo = (uint32_t)r, hi = (uint32_t)(r >> 32);
        if (lo >= hi)
            continue;
        /* the victim keeps the half it is working towards */
        uint32_t half = (hi - lo + 1) / 2;
        bool victim_back = victim % 2;
        uint64_t kept = victim_back ? block_pack(lo + half, hi) : block_pack(lo, hi - half);
        uint64_t taken = victim_back ? block_pack(lo, lo + half) : block_pack(hi - half, hi);
        if (__atomic_compare_exchange_n(&b[victim].range, &r, kept, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            __atomic_store_n(&b[w].range, taken, __ATOMIC_RELAXED); /* empty until now: nobody else writes it */
    }
}

/* The next task to run (split_job.order or .blocks), or -1 when none is
 * left. */
static int take_task(struct split_state *st, int w)
{
    const struct split_job *j = st->job;
    if (j->blocks)
        return take_block_task(st->blocks, j->threads, w);
    int k = __atomic_fetch_add(&st->next, 1, __ATOMIC_RELAXED);
    if (k >= j->tasks)
        return -1;
    return j->order ? j->order[k] : k;
}

static void *split_worker_main(void *arg)
{
    struct split_worker *w = arg;
    struct split_state *st = w->st;
    if (st->job->start)
        st->job->start(st->job->ctx, w->id);
    /* Tasks are taken and finished without the lock, and the emitting
     * thread is woken only for the task it sleeps on: short runs have
     * thousands of tasks of a few microseconds each, where a lock and a
     * wake-up per task cost as much as the tasks. */
    for (;;) {
        int t = take_task(st, w->id);
        if (t < 0)
            break;
        run_one(st, w->id, t);
    }
    assist_running(st, w->id, NULL);
    if (st->job->finish)
        st->job->finish(st->job->ctx, w->id);
    return NULL;
}

static void emit_one(struct split_state *st, int t);

/* No task is left to take: assist (split_job.assist) each task still
 * running, lowest first (the one the results wait for), until it is done.
 * The calling thread (emitted non-NULL) hands on what is ready before each. */
static void assist_running(struct split_state *st, int id, int *emitted)
{
    struct split_job *j = st->job;
    for (int t = 0; t < j->tasks; t++) {
        if (emitted)
            while (*emitted < j->tasks && __atomic_load_n(&st->done[*emitted], __ATOMIC_ACQUIRE))
                emit_one(st, (*emitted)++);
        if (!j->assist || __atomic_load_n(&st->done[t], __ATOMIC_ACQUIRE) || split_cancelled(j, t))
            continue;
        double c0 = thread_cpu_seconds();
        __atomic_fetch_add(&j->assisting[t], 1, __ATOMIC_RELAXED);
        if (j->assist(j->ctx, id, t, &st->done[t]))
            __atomic_store_n(&j->resolved[t], 1, __ATOMIC_RELEASE);
        __atomic_fetch_sub(&j->assisting[t], 1, __ATOMIC_RELAXED);
        st->worker_assist[id] += thread_cpu_seconds() - c0;
    }
}

/* On the calling thread: hands on task t's result (in order). */
static void emit_one(struct split_state *st, int t)
{
    struct split_job *j = st->job;
    if (split_cancelled(j, t))
        return;
    double c0 = thread_cpu_seconds();
    if (!j->emit(j->ctx, t))
        split_cancel_after(j, t);
    st->emit_cpu += thread_cpu_seconds() - c0;
}

static bool start_worker(struct split_worker *w)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    bool ok = pthread_attr_setstacksize(&attr, SPLIT_STACK_BYTES) == 0 &&
              pthread_create(&w->thread, &attr, split_worker_main, w) == 0;
    if (!ok)
        ok = pthread_attr_setstacksize(&attr, SPLIT_SMALL_STACK_BYTES) == 0 &&
             pthread_create(&w->thread, &attr, split_worker_main, w) == 0;
    pthread_attr_destroy(&attr);
    return ok;
}

/* The makespan of the tasks taken in order (`order`, NULL: by index) by
 * `cores` threads, each taking the next task when it is free: the queue's
 * schedule on a larger machine. */
static double ordered_makespan(const double *cpu, const int *order, int n, int cores)
{
    double finish[SPLIT_ESTIMATE_CORES] = {0};
    assert(cores <= SPLIT_ESTIMATE_CORES);
    double end = 0;
    for (int t = 0; t < n; t++) {
        int k = 0;
        for (int c = 1; c < cores; c++)
            if (finish[c] < finish[k])
                k = c;
        finish[k] += cpu[order ? order[t] : t];
        if (finish[k] > end)
            end = finish[k];
    }
    return end;
}

/* The same when the tasks are taken as split_job.blocks says. */
static double block_makespan(const double *cpu, int n, int cores)
{
    struct split_block b[SPLIT_ESTIMATE_CORES];
    double finish[SPLIT_ESTIMATE_CORES] = {0};
    bool idle[SPLIT_ESTIMATE_CORES] = {0};
    assert(cores <= SPLIT_ESTIMATE_CORES);
    blocks_init(b, cores, n);
    double end = 0;
    for (;;) {
        int k = -1;
        for (int c = 0; c < cores; c++)
            if (!idle[c] && (k < 0 || finish[c] < finish[k]))
                k = c;
        if (k < 0)
            return end;
        int t = take_block_task(b, cores, k);
        if (t < 0) {
            idle[k] = true;
            continue;
        }
        finish[k] += cpu[t];
        if (finish[k] > end)
            end = finish[k];
    }
}

static void print_statistics(const struct split_state *st, double wall)
{
    const struct split_job *j = st->job;
    double total = 0, longest = 0;
    for (int t = 0; t < j->tasks; t++) {
        total += st->cpu[t];
        if (st->cpu[t] > longest)
            longest = st->cpu[t];
    }
    double span = j->blocks ? block_makespan(st->cpu, j->tasks, SPLIT_ESTIMATE_CORES)
                            : ordered_makespan(st->cpu, j->order, j->tasks, SPLIT_ESTIMATE_CORES);
    fprintf(stderr, "split: tasks %d threads %d wall %.3f cpu %.3f longest-task %.3f est-speedup-%d %.2f emit %.3f |",
            j->tasks, j->threads, wall, total, longest, SPLIT_ESTIMATE_CORES, span > 0 ? total / span : 1.0,
            st->emit_cpu);
    for (int w = 0; w < j->threads; w++)
        fprintf(stderr, " w%d %d tasks %.3f s assist %.3f s", w, st->worker_tasks[w], st->worker_cpu[w],
                st->worker_assist[w]);
    fprintf(stderr, "\n");
}

void split_run(struct split_job *j)
{
    assert(j->threads >= 2 && j->threads <= SPLIT_THREADS_MAX); /* solve.c caps -j */
    assert(j->tasks >= 0 && j->tasks <= SPLIT_TASKS_MAX);      /* the callers' enumerations cap it */
    j->cancel_from = j->tasks;
    struct split_state st = {.job = j, .waiting_for = -1};
    pthread_mutex_init(&st.lock, NULL);
    pthread_cond_init(&st.done_cond, NULL);
    st.done = calloc((size_t)j->tasks + 1, sizeof *st.done);
    j->resolved = calloc((size_t)j->tasks + 1, sizeof *j->resolved);
    j->assisting = calloc((size_t)j->tasks + 1, sizeof *j->assisting);
    st.cpu = calloc((size_t)j->tasks + 1, sizeof *st.cpu);
    st.worker_cpu = calloc((size_t)j->threads, sizeof *st.worker_cpu);
    st.worker_tasks = calloc((size_t)j->threads, sizeof *st.worker_tasks);
    st.worker_assist = calloc((size_t)j->threads, sizeof *st.worker_assist);
    struct split_worker *w = calloc((size_t)j->threads, sizeof *w);
    if (j->blocks) {
        st.blocks = aligned_alloc(MEMORY_CACHE_LINE, sizeof *st.blocks * (size_t)j->threads);
        if (!st.blocks)
            out_of_memory();
        blocks_init(st.blocks, j->threads, j->tasks);
    }
    if (!st.done || !j->resolved || !j->assisting || !st.cpu || !st.worker_cpu || !st.worker_tasks || !st.worker_assist || !w)
        out_of_memory();
    double wall0 = wall_seconds();
    /* The calling thread is worker 0: it takes tasks like the others and
     * hands on, between two of its tasks, every result that is ready in
     * order; it sleeps only at the end, on tasks still running elsewhere.
     * (As an emitter only it would wake once per short task, a context
     * switch each, and be a third thread on two cores.) */
    int started = 0;
    for (int i = 1; i < j->threads; i++) {
        w[i] = (struct split_worker){.st = &st, .id = i};
        if (!start_worker(&w[i]))
            break;
        started++;
    }
    if (j->start)
        j->start(j->ctx, 0);
    if (j->prelude)
        j->prelude(j->ctx);
    int emitted = 0;
    for (;;) {
        int t = take_task(&st, 0);
        if (t < 0)
            break;
        run_one(&st, 0, t);
        while (emitted < j->tasks && __atomic_load_n(&st.done[emitted], __ATOMIC_ACQUIRE))
            emit_one(&st, emitted++);
    }
    assist_running(&st, 0, &emitted);
    /* the rest in task order, each as soon as it is done */
    for (; emitted < j->tasks; emitted++) {
        if (!__atomic_load_n(&st.done[emitted], __ATOMIC_ACQUIRE)) {
            pthread_mutex_lock(&st.lock);
            __atomic_store_n(&st.waiting_for, emitted, __ATOMIC_SEQ_CST);
            while (!__atomic_load_n(&st.done[emitted], __ATOMIC_SEQ_CST))
                pthread_cond_wait(&st.done_cond, &st.lock);
            __atomic_store_n(&st.waiting_for, -1, __ATOMIC_RELAXED);
            pthread_mutex_unlock(&st.lock);
        }
        emit_one(&st, emitted);
    }
    for (int i = 1; i <= started; i++)
        pthread_join(w[i].thread, NULL);
    const char *env = getenv("FAIRYSOLVE_SPLIT_STATS");
    if (env && *env == '1')
        print_statistics(&st, wall_seconds() - wall0);
    free(w);
    free(st.blocks);
    free(st.worker_tasks);
    free(st.worker_assist);
    free(st.worker_cpu);
    free(st.cpu);
    free(st.done);
    free(j->resolved);
    free(j->assisting);
    j->resolved = j->assisting = NULL;
    pthread_cond_destroy(&st.done_cond);
    pthread_mutex_destroy(&st.lock);
}
