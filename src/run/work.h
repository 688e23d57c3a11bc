/* Running one job on a worker thread: solve (or count) it and format its
 * output into the job, so the printer only has to write it. */
#ifndef FS_WORK_H
#define FS_WORK_H

#include <cjson/cJSON.h>

#include "../table/tt.h"
#include "config.h"
#include "job.h"
#include "progress.h"

struct work_ctx {
    const struct config *cfg;
    struct tt *tt;             /* shared by every worker */
    volatile int *interrupt;   /* set by a signal */
    int twin_threads;          /* threads for one twin's search (split.h); run.c says why */
    const cJSON *inputs;       /* --shard, --first-moves: [[file, hash], ...] of the run's inputs */
};

/* The text before a twin's solution (header, board, twin line) and after it
 * (Popeye's blank lines, which depend on what r shows and on whether a
 * key's or a try's play was the last thing shown; the --check
 * verdict), into j->out: for runs and --merge. */
void work_twin_head(struct job *j);
void work_twin_tail(const struct config *cfg, struct job *j, const struct result *r, bool tree_last);
/* The same into out (the protocol's text under --json). */
void work_twin_head_into(struct job *j, struct text *out);
void work_twin_tail_into(const struct config *cfg, struct job *j, const struct result *r, bool tree_last,
                         struct text *out);

/* j->illegal_by and j->set_play_illegal_by for j->illegal and
 * j->set_play_illegal (job.h): runs and --merge. */
void work_name_illegal(struct job *j);
/* j->verdict for the result r of j (verdict.h), the keys found named in
 * the solution's notation where the verdict names them: runs and --merge. */
void work_verdict(struct job *j, const struct result *r);

void work_run(const struct work_ctx *c, struct job *j, struct progress_slot *slot);

#endif
