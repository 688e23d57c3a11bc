/* SIGINT and SIGTERM: the first one asks every solver to stop (the run then
 * reports, saves and exits 128+signal); a second one ends the process at once. */
#ifndef FS_INTERRUPT_H
#define FS_INTERRUPT_H

#include <stdbool.h>

/* Installs the handlers; call before the workers start. */
void interrupt_install(void);
/* The flag the solvers poll (solve_limits.interrupt): the signal number, 0 if none. */
volatile int *interrupt_flag(void);
/* A worker's own flag, which its solvers poll instead of the one above: a
 * signal sets it too (its number), and the worker may set it alone to stop
 * its twin (INTERRUPT_MEMORY: memory for the twin ran out).  Starts as the
 * signal received so far; false when too many are watched (then the flag
 * must not be used). */
#define INTERRUPT_WATCHED_MAX 512
#define INTERRUPT_MEMORY (-1)
bool interrupt_watch(volatile int *flag);
void interrupt_unwatch(volatile int *flag);
/* Before the next twin: the flag says only a signal received. */
void interrupt_rearm(volatile int *flag);
/* The signal received, 0 if none. */
int interrupt_signal(void);
/* Called on a worker thread: leave the signals to the main thread. */
void interrupt_block_here(void);

#endif
