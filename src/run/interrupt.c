/* The signal handler only stores the signal number in a lock-free atomic
 * sig_atomic_t: no stdio, no locks, nothing else unsafe in a handler. */
#include "interrupt.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
    int saved = errno;
    /* a lock-free atomic store: safe in a handler, and defined for the
     * solving threads that read it */
    __atomic_store_n(&caught, sig, __ATOMIC_RELAXED);
    errno = saved;
}

void interrupt_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* SA_RESTART: a write to standard output is never cut by the signal;
     * SA_RESETHAND: the second Ctrl-C takes the default action */
    sa.sa_flags = SA_RESTART | SA_RESETHAND;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

volatile int *interrupt_flag(void)
{
    return &caught;
}

int interrupt_signal(void)
{
    return __atomic_load_n(&caught, __ATOMIC_RELAXED);
}

void interrupt_block_here(void)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
}
