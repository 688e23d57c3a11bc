/* Splitting one search over threads (src/search/split.c): every task runs
 * once, results come in task order whatever the run order, cuts, assists. */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../src/search/split.h"

#define TASKS 200
/* spins of a task waiting for another thread (sched_yield each): far more
 * than it ever takes; a broken assist fails the test instead of hanging it */
#define SPIN_MAX 10000000L

struct fixture {
    struct split_job *job;
    int runs[TASKS];           /* per task, atomic */
    int emitted[TASKS];        /* the tasks in the order emit saw them */
    int emit_count;
    int stop_at;               /* emit returns false at this task; -1: never */
    int threads;
    bool bad_worker;           /* a run on the calling thread not as worker 0, or an id out of range */
    int assists[TASKS];        /* assist calls per task (atomic) */
    int assist_finished;       /* assist returns true */
    bool wait_for_assist;      /* task 0 spins until an assist of it began */
    bool saw_resolved;         /* task 0 saw split_resolved turn nonzero */
    int saw_assisting;         /* task 0 saw split_assisting nonzero (atomic) */
    /* per worker (the hooks' test): start and finish calls, tasks run, and
     * tasks run after finish or before start */
    int started[4], finished[4], ran[4];
    bool out_of_order;
    /* blocks: task 0 waits until every other task ran; and the first task
     * each worker ran (-1: none yet) */
    bool wait_for_others;
    bool saw_others;
    int first[4];               /* atomic */
    bool wait_for_firsts;       /* each task waits until every worker began one */
};

static _Thread_local bool on_calling_thread;

static void run_task(void *ctx, int worker, int task)
{
    struct fixture *f = ctx;
    __atomic_fetch_add(&f->runs[task], 1, __ATOMIC_RELAXED);
    if ((on_calling_thread && worker != 0) || worker < 0 || worker >= f->threads)
        f->bad_worker = true; /* read after split_run joined the threads */
    if (f->job->start && worker >= 0 && worker < 4) { /* each worker writes its own entries */
        f->ran[worker]++;
        if (!f->started[worker] || f->finished[worker])
            f->out_of_order = true;
    }
    if (worker >= 0 && worker < 4 && __atomic_load_n(&f->first[worker], __ATOMIC_RELAXED) < 0)
        __atomic_store_n(&f->first[worker], task, __ATOMIC_RELAXED); /* each worker writes its own entry */
    if (f->wait_for_firsts) {
        /* no worker can empty its block before every worker took a task
         * from its own: each first task is then its block's first by its
         * direction (a thread that never starts fails the test) */
        long spins = 0;
        for (int w = 0; w < f->job->threads && spins < SPIN_MAX; w++)
            while (__atomic_load_n(&f->first[w], __ATOMIC_RELAXED) < 0 && spins++ < SPIN_MAX)
                sched_yield();
    }
    if (task == 0 && f->wait_for_others) {
        /* only a thread that takes worker 0's block from it ends this wait */
        long spins = 0;
        bool all = false;
        while (!all && spins++ < SPIN_MAX) {
            all = true;
            for (int t = 1; t < f->job->tasks && all; t++)
                all = __atomic_load_n(&f->runs[t], __ATOMIC_RELAXED) == 1;
            if (!all)
                sched_yield();
        }
        f->saw_others = all;
    }
    if (task != 0 || !f->wait_for_assist)
        return;
    /* only an assisting thread ends these waits: once every other task is
     * done, the other thread assists task 0 (and waits for this task to
     * see it do so before it ends) */
    long spins = 0;
    while (!__atomic_load_n(split_assisting(f->job, 0), __ATOMIC_RELAXED) && spins++ < SPIN_MAX)
        sched_yield();
    __atomic_store_n(&f->saw_assisting, spins < SPIN_MAX, __ATOMIC_RELEASE);
    while (!__atomic_load_n(split_resolved(f->job, 0), __ATOMIC_ACQUIRE) && spins++ < SPIN_MAX)
        sched_yield();
    f->saw_resolved = __atomic_load_n(split_resolved(f->job, 0), __ATOMIC_ACQUIRE) != 0;
}

static bool emit_task(void *ctx, int task)
{
    struct fixture *f = ctx;
    assert_true(on_calling_thread);
    assert_int_equal(__atomic_load_n(&f->runs[task], __ATOMIC_RELAXED), 1); /* done before it is handed on */
    f->emitted[f->emit_count++] = task;
    return task != f->stop_at;
}

static bool assist_task(void *ctx, int worker, int task, volatile int *done)
{
    struct fixture *f = ctx;
    (void)done;
    if ((on_calling_thread && worker != 0) || worker < 0 || worker >= f->threads)
        f->bad_worker = true;
    __atomic_fetch_add(&f->assists[task], 1, __ATOMIC_RELAXED);
    long spins = 0;
    while (!__atomic_load_n(&f->saw_assisting, __ATOMIC_ACQUIRE) && !*done && spins++ < SPIN_MAX)
        sched_yield();
    return f->assist_finished;
}

static void start_worker(void *ctx, int worker)
{
    struct fixture *f = ctx;
    if ((on_calling_thread && worker != 0) || worker < 0 || worker >= f->threads)
        f->bad_worker = true;
    else if (f->ran[worker])
        f->out_of_order = true;
    else
        f->started[worker]++;
}

static void finish_worker(void *ctx, int worker)
{
    struct fixture *f = ctx;
    if (on_calling_thread || worker <= 0 || worker >= f->threads)
        f->bad_worker = true; /* helpers only, each on its own thread */
    else
        f->finished[worker]++;
}

/* Runs job j (its ctx f) from the calling thread. */
static void run_prepared(struct fixture *f, struct split_job *j)
{
    f->job = j;
    f->threads = j->threads;
    on_calling_thread = true;
    split_run(j);
    on_calling_thread = false;
}

static void run_job(struct fixture *f, struct split_job *j, int threads, const int *order)
{
    *j = (struct split_job){.tasks = TASKS, .threads = threads, .order = order, .ctx = f, .run = run_task,
                            .emit = emit_task};
    run_prepared(f, j);
}

/* Tasks taken in reverse: each still runs once and is handed on in task
 * order; the calling thread is worker 0. */
static void results_in_task_order(void **state)
{
    (void)state;
    static int reverse[TASKS];
    for (int i = 0; i < TASKS; i++)
        reverse[i] = TASKS - 1 - i;
    for (int threads = 2; threads <= 4; threads++) {
        for (int ordered = 0; ordered < 2; ordered++) {
            struct fixture f = {.stop_at = -1};
            struct split_job j;
            run_job(&f, &j, threads, ordered ? reverse : NULL);
            assert_int_equal(f.emit_count, TASKS);
            for (int i = 0; i < TASKS; i++) {
                assert_int_equal(f.runs[i], 1);
                assert_int_equal(f.emitted[i], i);
            }
            assert_false(f.bad_worker);
        }
    }
}

/* emit false at task 57: nothing after it is handed on. */
static void a_cut_ends_the_results(void **state)
{
    (void)state;
    struct fixture f = {.stop_at = 57};
    struct split_job j;
    run_job(&f, &j, 3, NULL);
    assert_int_equal(f.emit_count, 58);
    for (int i = 0; i < 58; i++)
        assert_int_equal(f.emitted[i], i);
    assert_true(split_cancelled(&j, 58));
    assert_false(split_cancelled(&j, 57));
}

/* Task 0 runs until an assist of it ran to its end (true): the idle thread
 * assists it, the task sees split_assisting and then split_resolved; no
 * finished task is assisted.  Without the assist (or its flags) the task
 * would give up after SPIN_MAX spins and the checks fail. */
static void an_idle_thread_assists_the_running_task(void **state)
{
    (void)state;
    struct fixture f = {.stop_at = -1, .threads = 2, .assist_finished = true, .wait_for_assist = true};
    struct split_job j = {.tasks = TASKS, .threads = 2, .ctx = &f, .run = run_task, .emit = emit_task,
                          .assist = assist_task};
    run_prepared(&f, &j);
    assert_false(f.bad_worker);
    assert_true(f.saw_assisting);
    assert_true(f.saw_resolved);
    assert_true(f.assists[0] >= 1);
    for (int i = 1; i < TASKS; i++)
        assert_int_equal(f.assists[i], 0);
    assert_int_equal(f.emit_count, TASKS);
    for (int i = 0; i < TASKS; i++)
        assert_int_equal(f.emitted[i], i);
}

/* The hooks: every worker runs start once before its first task, and each
 * helper (never the calling thread, worker 0) runs finish once, on its own
 * thread, after its last.  Worked out from split.h's contract. */
static void start_and_finish_bracket_each_worker(void **state)
{
    (void)state;
    for (int threads = 2; threads <= 4; threads++) {
        struct fixture f = {.stop_at = -1, .threads = threads};
        struct split_job j = {.tasks = TASKS, .threads = threads, .ctx = &f, .run = run_task, .emit = emit_task,
                              .start = start_worker, .finish = finish_worker};
        run_prepared(&f, &j);
        assert_false(f.bad_worker);
        assert_false(f.out_of_order);
        int ran = 0;
        for (int w = 0; w < threads; w++) {
            assert_int_equal(f.started[w], 1);
            assert_int_equal(f.finished[w], w == 0 ? 0 : 1);
            ran += f.ran[w];
        }
        assert_int_equal(ran, TASKS);
        assert_int_equal(f.emit_count, TASKS);
    }
}

/* Tasks taken from blocks (split_job.blocks), for task counts below,
 * at and above the thread count: each runs once and is handed on in task
 * order.  With TASKS, where every worker waits in its first task until all
 * began one: worker 0 starts at task 0, worker 1 at its block's last task
 * (of 2 threads: the last task), worker 2 at its block's first. */
static void blocks_run_each_task_once_in_order(void **state)
{
    (void)state;
    const int counts[] = {1, 2, 3, 5, TASKS};
    for (int threads = 2; threads <= 4; threads++) {
        for (size_t c = 0; c < sizeof counts / sizeof *counts; c++) {
            struct fixture f = {.stop_at = -1, .first = {-1, -1, -1, -1}, .wait_for_firsts = counts[c] == TASKS};
            struct split_job j = {.tasks = counts[c], .threads = threads, .blocks = true, .ctx = &f,
                                  .run = run_task, .emit = emit_task};
            run_prepared(&f, &j);
            assert_false(f.bad_worker);
            assert_int_equal(f.emit_count, counts[c]);
            for (int i = 0; i < counts[c]; i++) {
                assert_int_equal(f.runs[i], 1);
                assert_int_equal(f.emitted[i], i);
            }
            if (counts[c] == TASKS) {
                assert_int_equal(f.first[0], 0);
                /* worker w's block is [w * TASKS / threads, (w + 1) * TASKS / threads) */
                assert_int_equal(f.first[1], 2 * TASKS / threads - 1);
                if (threads > 2)
                    assert_int_equal(f.first[2], 2 * TASKS / threads);
            }
        }
    }
}

/* Task 0 waits until every other task ran: the other threads must take
 * worker 0's block from it (without stealing, tasks 1 .. TASKS / threads - 1
 * would wait for worker 0 and task 0 would give up after SPIN_MAX spins). */
static void blocks_an_idle_thread_takes_a_busy_ones_tasks(void **state)
{
    (void)state;
    for (int threads = 2; threads <= 4; threads++) {
        struct fixture f = {.stop_at = -1, .wait_for_others = true, .first = {-1, -1, -1, -1}};
        struct split_job j = {.tasks = TASKS, .threads = threads, .blocks = true, .ctx = &f, .run = run_task,
                              .emit = emit_task};
        run_prepared(&f, &j);
        assert_true(f.saw_others);
        assert_int_equal(f.emit_count, TASKS);
        for (int i = 0; i < TASKS; i++)
            assert_int_equal(f.runs[i], 1);
    }
}

/* A cut in blocks: nothing after the cut is handed on, whatever ran. */
static void blocks_a_cut_ends_the_results(void **state)
{
    (void)state;
    struct fixture f = {.stop_at = 57, .first = {-1, -1, -1, -1}};
    struct split_job j = {.tasks = TASKS, .threads = 3, .blocks = true, .ctx = &f, .run = run_task,
                          .emit = emit_task};
    run_prepared(&f, &j);
    assert_int_equal(f.emit_count, 58);
    for (int i = 0; i < 58; i++)
        assert_int_equal(f.emitted[i], i);
    assert_true(split_cancelled(&j, 58));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(results_in_task_order),
        cmocka_unit_test(a_cut_ends_the_results),
        cmocka_unit_test(an_idle_thread_assists_the_running_task),
        cmocka_unit_test(start_and_finish_bracket_each_worker),
        cmocka_unit_test(blocks_run_each_task_once_in_order),
        cmocka_unit_test(blocks_an_idle_thread_takes_a_busy_ones_tasks),
        cmocka_unit_test(blocks_a_cut_ends_the_results),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
