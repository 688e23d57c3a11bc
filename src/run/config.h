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
    int file_count;
    char **files;             /* none: standard input */
};

/* Runs every job; returns the process exit status (0, 1, 2, or 128+signal). */
int run_all(const struct config *cfg);

#endif
