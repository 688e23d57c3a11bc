/* The signal handler only stores the signal number in a lock-free atomic
 * sig_atomic_t: no stdio, no locks, nothing else unsafe in a handler. */
#include "interrupt.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t caught;

/* The workers' own flags (interrupt_watch), set by the handler too. */
static volatile int *watched[INTERRUPT_WATCHED_MAX];
static int watched_count;

static void on_signal(int sig)
{
    int saved = errno;
    /* lock-free atomic stores: safe in a handler, and defined for the
     * solving threads that read them */
    __atomic_store_n(&caught, sig, __ATOMIC_RELAXED);
    int n = __atomic_load_n(&watched_count, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n; i++) {
        volatile int *f = __atomic_load_n(&watched[i], __ATOMIC_ACQUIRE);
        if (f)
            __atomic_store_n(f, sig, __ATOMIC_RELAXED);
    }
    errno = saved;
}

bool interrupt_watch(volatile int *flag)
{
    *flag = interrupt_signal();
    int i = __atomic_fetch_add(&watched_count, 1, __ATOMIC_ACQ_REL);
    if (i >= INTERRUPT_WATCHED_MAX)
        return false;
    __atomic_store_n(&watched[i], flag, __ATOMIC_RELEASE);
    /* a signal between the first line and the store above */
    if (interrupt_signal())
        __atomic_store_n(flag, interrupt_signal(), __ATOMIC_RELAXED);
    return true;
}

void interrupt_unwatch(volatile int *flag)
{
    int n = __atomic_load_n(&watched_count, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n && i < INTERRUPT_WATCHED_MAX; i++)
        if (__atomic_load_n(&watched[i], __ATOMIC_ACQUIRE) == flag)
            __atomic_store_n(&watched[i], NULL, __ATOMIC_RELEASE);
}

void interrupt_rearm(volatile int *flag)
{
    __atomic_store_n(flag, interrupt_signal(), __ATOMIC_RELAXED);
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
