/* SIGINT and SIGTERM: the first one asks every solver to stop (the run then
 * reports, saves and exits 128+signal); a second one ends the process at once. */
#ifndef FS_INTERRUPT_H
#define FS_INTERRUPT_H

/* Installs the handlers; call before the workers start. */
void interrupt_install(void);
/* The flag the solvers poll (solve_limits.interrupt): the signal number, 0 if none. */
volatile int *interrupt_flag(void);
/* The signal received, 0 if none. */
int interrupt_signal(void);
/* Called on a worker thread: leave the signals to the main thread. */
void interrupt_block_here(void);

#endif
