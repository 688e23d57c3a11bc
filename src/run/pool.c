/* Worker threads and ordered printing.  One lock guards the hand-out counter,
 * the job states and the progress slots; solving happens outside it. */
#include "../base/memory.h"
#include "pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../search/solver.h"
#include "interrupt.h"

/* The search keeps its turn lists on the heap (solver.h); rule sets keep a
 * few 100 KB lists on the stack, never recursively.  Sanitizers' frames are
 * larger, hence the margin. */
#define STACK_BYTES ((size_t)16 << 20)
#define SMALL_STACK_BYTES ((size_t)8 << 20)

struct pool {
    struct job_list *jobs;
    const struct work_ctx *ctx;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int next, alive;
    int workers;
    struct progress_slot *slots;
};

struct worker {
    struct pool *pool;
    int id;
    bool running;
    pthread_t thread;
    volatile int stop;         /* its solvers' interrupt flag (interrupt_watch) */
};

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct pool *p = w->pool;
    struct progress_slot *slot = &p->slots[w->id];
    interrupt_block_here();
    bool own_flag = interrupt_watch(&w->stop);
    pthread_mutex_lock(&p->lock);
    while (p->next < p->jobs->count && !__atomic_load_n(p->ctx->interrupt, __ATOMIC_RELAXED)) {
        int i = p->next++;
        struct job *j = &p->jobs->items[i];
        j->state = JOB_RUNNING;
        progress_slot_begin(slot, i, monotonic_seconds());
        pthread_mutex_unlock(&p->lock);
        if (own_flag) {
            interrupt_rearm(&w->stop);
            j->stop = &w->stop;
        }
        work_run(p->ctx, j, slot);
        j->stop = NULL;
        pthread_mutex_lock(&p->lock);
        progress_slot_end(slot);
        j->state = JOB_DONE;
        pthread_cond_broadcast(&p->changed);
    }
    p->alive--;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
    if (own_flag)
        interrupt_unwatch(&w->stop);
    return NULL;
}

static bool start(struct worker *w)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    bool ok = pthread_attr_setstacksize(&attr, STACK_BYTES) == 0 &&
              pthread_create(&w->thread, &attr, worker_main, w) == 0;
    if (!ok) /* a tight address-space limit: try a smaller reservation */
        ok = pthread_attr_setstacksize(&attr, SMALL_STACK_BYTES) == 0 &&
             pthread_create(&w->thread, &attr, worker_main, w) == 0;
    pthread_attr_destroy(&attr);
    return ok;
}

static void wait_a_little(struct pool *p, double seconds)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    long ns = ts.tv_nsec + (long)(seconds * 1e9);
    ts.tv_sec += ns / 1000000000L;
    ts.tv_nsec = ns % 1000000000L;
    pthread_cond_timedwait(&p->changed, &p->lock, &ts);
}

/* Waits until job i is done (true) or no worker is left to do it (false). */
static bool wait_for(struct pool *p, int i, struct output *out)
{
    pthread_mutex_lock(&p->lock);
    while (p->jobs->items[i].state != JOB_DONE && p->alive > 0) {
        if (!p->ctx->cfg->progress) {
            pthread_cond_wait(&p->changed, &p->lock);
            continue;
        }
        wait_a_little(p, 0.25);
        char line[1024];
        if (progress_compose(out->progress, p->jobs, p->slots, p->workers, p->ctx->tt, monotonic_seconds(), line,
                             sizeof line)) {
            /* workers must not wait for standard error */
            pthread_mutex_unlock(&p->lock);
            progress_write(out->progress, line);
            pthread_mutex_lock(&p->lock);
        }
    }
    bool done = p->jobs->items[i].state == JOB_DONE;
    pthread_mutex_unlock(&p->lock);
    return done;
}

#ifdef __EMSCRIPTEN__
/* The WebAssembly build has no threads (docs/web.md): this thread solves the
 * jobs one after the other, and the progress line is written from the
 * solver's node hook, as no printer thread runs beside the search. */
static struct pool *inline_pool;
static struct output *inline_out;

static void inline_progress(void)
{
    char line[1024];
    struct pool *p = inline_pool;
    if (progress_compose(inline_out->progress, p->jobs, p->slots, 1, p->ctx->tt, monotonic_seconds(), line,
                         sizeof line))
        progress_write(inline_out->progress, line);
}

static int pool_run_inline(struct job_list *l, const struct work_ctx *ctx, struct output *out)
{
    struct progress_slot slot = {.job = -1};
    struct pool p = {.jobs = l, .ctx = ctx, .workers = 1, .slots = &slot};
    inline_pool = &p;
    inline_out = out;
    progress_set_tick(inline_progress);
    int printed = 0;
    while (printed < l->count && !__atomic_load_n(ctx->interrupt, __ATOMIC_RELAXED)) {
        struct job *j = &l->items[printed++];
        if (j->skip) { /* another shard's twin */
            output_skip(out, j);
            continue;
        }
        output_stream(out, j);
        j->state = JOB_RUNNING;
        progress_slot_begin(&slot, printed - 1, monotonic_seconds());
        work_run(ctx, j, &slot);
        progress_slot_end(&slot);
        j->state = JOB_DONE;
        output_job(out, j);
    }
    progress_set_tick(NULL);
    return printed;
}
#endif

int pool_run(struct job_list *l, const struct work_ctx *ctx, int workers, struct output *out)
{
#ifdef __EMSCRIPTEN__
    (void)workers;
    return pool_run_inline(l, ctx, out);
#endif
    struct pool p = {.jobs = l, .ctx = ctx, .workers = workers};
    pthread_mutex_init(&p.lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&p.changed, &ca);
    pthread_condattr_destroy(&ca);
    p.slots = calloc((size_t)workers, sizeof *p.slots);
    struct worker *w = calloc((size_t)workers, sizeof *w);
    if (!p.slots || !w)
        out_of_memory();
    int started = 0;
    pthread_mutex_lock(&p.lock);
    for (int i = 0; i < workers; i++) {
        p.slots[i].job = -1;
        w[i] = (struct worker){.pool = &p, .id = i};
        w[i].running = start(&w[i]);
        started += w[i].running;
    }
    p.alive = started;
    pthread_mutex_unlock(&p.lock);
    int printed = 0;
    if (started > 0)
        while (printed < l->count) {
            if (l->items[printed].skip) { /* another shard's twin */
                output_skip(out, &l->items[printed++]);
                continue;
            }
            output_stream(out, &l->items[printed]);
            if (!wait_for(&p, printed, out))
                break;
            output_job(out, &l->items[printed++]);
        }
    for (int i = 0; i < workers; i++)
        if (w[i].running)
            pthread_join(w[i].thread, NULL);
    pthread_cond_destroy(&p.changed);
    pthread_mutex_destroy(&p.lock);
    free(w);
    free(p.slots);
    return started > 0 ? printed : -1;
}
