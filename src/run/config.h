/* What the command line asked for, as plain data handed from main to the run.
 * Filled by main.c only; read by everything that runs jobs. */
#ifndef FS_CONFIG_H
#define FS_CONFIG_H

#include <stdbool.h>

struct config {
    const char *fen, *stipulation, *condition, *option;
    int perft_depth;          /* 0: no perft */
    bool divide, check, json, regression, progress;
    bool plain_help;          /* help play by the plain search (cross-checks) */
    int jobs;                 /* -j: worker threads; 0: one per processor */
    long hash_mb;
    const char *store;
    bool store_replace;       /* --store-replace: a store of another identity may be replaced */
    double max_time;          /* 0: none */
    /* --shard K/N: only the twins at places K-1, K-1+N, ... of the run's
     * twins in input order; 0/0: all */
    int shard_k, shard_n;
    int first_from, first_to; /* --first-moves A-B (Popeye's MoveNumbers numbering); 0: all */
    bool merge;               /* --merge: the files are parts' JSON output, joined into one run's answer */
    bool merge_store;         /* --merge-store: the files are stores, joined into --store */
    const char *version;      /* "fairysolve 0.1": parts of other versions are not joined */
    const char *svg_dir;      /* --svg DIR: a diagram per problem and twin (run/svg_files.c); NULL: none */
    bool no_solve;            /* --no-solve: inputs read and checked, diagrams written, nothing solved */
    int file_count;
    char **files;             /* none: standard input */
};

/* The limits of the parts a run can be split into. */
#define SHARD_COUNT_MAX 1000000
#define FIRST_MOVE_NUMBER_MAX 100000

/* --shard or --first-moves: the JSON lines carry what --merge needs */
static inline bool config_is_part(const struct config *c) { return c->shard_n > 0 || c->first_from > 0; }

#endif
