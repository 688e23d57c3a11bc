/* A run: every input read into the job list first (errors keep their place),
 * then the table and store set up, the jobs solved and printed in order. */
#include "run.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "../base/memory.h"
#include "../search/solver.h"
#include "../search/split.h"
#include "interrupt.h"
#include "job.h"
#include "merge_run.h"
#include "output.h"
#include "persist.h"
#include "pool.h"
#include "read_jobs.h"
#include "svg_files.h"
#include "work.h"

static int solve_jobs(const struct job_list *l)
{
    int n = 0;
    for (int i = 0; i < l->count; i++)
        n += l->items[i].kind == JOB_SOLVE;
    return n;
}

static int threads_wanted(const struct config *cfg)
{
    long n = cfg->jobs;
    if (n <= 0) /* -j 0: one per processor */
        n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    if (n > SPLIT_THREADS_MAX)
        n = SPLIT_THREADS_MAX;
    return (int)n;
}

static int worker_count(const struct config *cfg, const struct job_list *l)
{
    long n = threads_wanted(cfg);
    if (n > l->count)
        n = l->count > 0 ? l->count : 1;
    return (int)n;
}

static const char *signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}

/* Solves and prints the list; returns the exit status. */
static int run_jobs(const struct config *cfg, struct job_list *jobs, struct tt *tt, const cJSON *inputs)
{
    struct progress progress;
    progress_init(&progress, monotonic_seconds());
    struct output out;
    output_init(&out, cfg, &progress);
    int workers = worker_count(cfg, jobs);
    /* -j N: N threads in all.  Twins are independent, so a collection runs
     * its twins on the N workers (no sharing overhead); the threads a worker
     * gets beyond one share its twin's search (split.h): N for one twin,
     * N / workers in general. */
    struct work_ctx ctx = {.cfg = cfg, .tt = tt, .interrupt = interrupt_flag(), .inputs = inputs,
                           .twin_threads = threads_wanted(cfg) / workers};
    int printed = pool_run(jobs, &ctx, workers, &out);
    int status = output_finish(&out);
    if (printed < 0) {
        fprintf(stderr, "fairysolve: cannot start a solving thread\n");
        return 2;
    }
    int sig = interrupt_signal();
    if (sig) {
        fprintf(stderr, "fairysolve: interrupted by %s; %d of %d jobs not started\n", signal_name(sig),
                jobs->count - printed, jobs->count);
        status = 128 + sig;
    }
    return status;
}

/* The machine's memory in MB, 0 when unknown. */
static long physical_mb(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return 0;
    return (long)((unsigned long long)pages * (unsigned long long)page >> 20);
}

int run_all(const struct config *cfg)
{
    /* the table grows as it fills, so an impossible --hash would fail late,
     * as an out-of-memory kill in the middle of a run: refuse it at once */
    long ram = physical_mb();
    if (ram > 0 && cfg->hash_mb > ram) {
        fprintf(stderr, "fairysolve: --hash %ld MB is more than this machine's memory (%ld MB)\n", cfg->hash_mb,
                ram);
        return 2;
    }
    bool use_store = cfg->store && !cfg->perft_depth;
    /* before reading and solving: a run whose store cannot be written is not started */
    if (use_store && !persist_check(cfg->store))
        return 2;
    if (cfg->svg_dir && !svg_files_prepare(cfg->svg_dir))
        return 2;
    if (cfg->merge)
        return merge_run(cfg);
    if (cfg->merge_store)
        return merge_stores(cfg);
    struct job_list jobs = {0};
    cJSON *inputs = NULL;
    if (config_is_part(cfg) && !(inputs = cJSON_CreateArray()))
        out_of_memory();
    if (read_jobs(cfg, &jobs, inputs) != 0) {
        job_list_free(&jobs);
        cJSON_Delete(inputs);
        return 2;
    }
    struct tt tt = {0};
    char *identity = NULL;
    use_store = use_store && solve_jobs(&jobs) > 0;
    /* one table, made once, shared by every worker and kept across problems
     * (keys hold the whole state and the mode) */
    if (solve_jobs(&jobs) > 0 && !tt_init(&tt, (size_t)cfg->hash_mb)) {
        fprintf(stderr, "fairysolve: cannot allocate %ld MB for the hash table\n", cfg->hash_mb);
        job_list_free(&jobs);
        cJSON_Delete(inputs);
        return 2;
    }
    if (use_store) {
        identity = persist_identity(&jobs);
        if (!persist_load(&tt, cfg->store, identity, cfg->store_replace, cfg->progress)) {
            free(identity);
            tt_free(&tt);
            job_list_free(&jobs);
            cJSON_Delete(inputs);
            return 2;
        }
    }
    interrupt_install();
    int status = run_jobs(cfg, &jobs, &tt, inputs);
    cJSON_Delete(inputs);
    if (use_store && !persist_save(&tt, cfg->store, identity, cfg->progress) && status < 2)
        status = 2;
    if (interrupt_signal() && status < 128) /* a signal while the store was written */
        status = 128 + interrupt_signal();
    free(identity);
    tt_free(&tt);
    job_list_free(&jobs);
    return status;
}
