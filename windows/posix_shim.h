/* Windows build only (make windows forces it in front of every source file):
 * the few POSIX calls the program makes, mapped onto the Windows C runtime. */
#ifndef FS_POSIX_SHIM_H
#define FS_POSIX_SHIM_H

#ifndef _WIN32
#error "posix_shim.h is for the mingw-w64 build only"
#endif

/* The system headers come first, so the macros below do not rename their
 * declarations; no <windows.h> here: its macros would leak into every file. */
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

/* ---- signals: Ctrl-C arrives as SIGINT (on a thread of its own, which is
 * why the handler only stores a number), Ctrl-Break as SIGBREAK.  The C
 * runtime resets a handler to the default before calling it, so a second
 * Ctrl-C ends the program as SA_RESETHAND asks. */
#ifndef _POSIX
typedef _sigset_t sigset_t;
#endif
struct sigaction {
    void (*sa_handler)(int);
    sigset_t sa_mask;
    int sa_flags;
};
#define SA_RESTART 0
#define SA_RESETHAND 0
int fs_sigaction(int sig, const struct sigaction *sa, struct sigaction *old);
#define sigaction(sig, sa, old) fs_sigaction(sig, sa, old)
static inline int fs_sigemptyset(sigset_t *s) { *s = 0; return 0; }
static inline int fs_sigaddset(sigset_t *s, int sig) { *s |= (sigset_t)1 << sig; return 0; }
#define sigemptyset fs_sigemptyset
#define sigaddset fs_sigaddset
/* winpthreads defines pthread_sigmask as 0: there is nothing to block, the
 * handler never runs on a worker */
#undef pthread_sigmask
static inline int fs_pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
    (void)how, (void)set, (void)old;
    return 0;
}
#define pthread_sigmask fs_pthread_sigmask

/* ---- condition variables: winpthreads times pthread_cond_timedwait on the
 * wall clock and refuses pthread_condattr_setclock(CLOCK_MONOTONIC), so a
 * monotonic deadline has always passed and a waiting loop spins.  The program
 * gives its condition variables CLOCK_MONOTONIC only (run/pool.c), so here
 * every deadline is monotonic and becomes a relative wait. */
static inline int fs_condattr_setclock(pthread_condattr_t *a, clockid_t clock)
{
    (void)a;
    return clock == CLOCK_MONOTONIC ? 0 : EINVAL;
}
static inline int fs_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *deadline)
{
    struct timespec now, rel;
    clock_gettime(CLOCK_MONOTONIC, &now);
    rel.tv_sec = deadline->tv_sec - now.tv_sec;
    rel.tv_nsec = deadline->tv_nsec - now.tv_nsec;
    if (rel.tv_nsec < 0) {
        rel.tv_nsec += 1000000000L;
        rel.tv_sec--;
    }
    if (rel.tv_sec < 0)
        rel.tv_sec = rel.tv_nsec = 0;
    return pthread_cond_timedwait_relative_np(c, m, &rel);
}
#define pthread_condattr_setclock fs_condattr_setclock
#define pthread_cond_timedwait fs_cond_timedwait

/* ---- processors and memory */
#define _SC_NPROCESSORS_ONLN 84
#define _SC_PHYS_PAGES 85
#define _SC_PAGESIZE 30
long fs_sysconf(int name);
#define sysconf fs_sysconf

/* ---- terminal: a console counts as a terminal only when it understands the
 * escape sequences the progress line uses */
int fs_isatty(int fd);
#define isatty fs_isatty

/* ---- files.  Every open() of the program passes O_CLOEXEC; on Windows that
 * is "not inherited" plus binary mode, so the store's bytes pass untouched. */
#define O_CLOEXEC (_O_NOINHERIT | _O_BINARY)
#define O_DIRECTORY 0 /* opening a directory fails on Windows: the store skips the directory sync */
#define O_NONBLOCK 0  /* there are no FIFOs to wait on */
#define AT_FDCWD (-100)
#define AT_EACCESS 0
#define faccessat(dirfd, path, mode, flags) ((void)(dirfd), (void)(flags), access(path, mode))
#define fchmod(fd, mode) ((void)(fd), (void)(mode), 0) /* a new file is writable, as wanted */
#define fsync(fd) _commit(fd)
#define lstat stat /* no symbolic links to follow */
#define mkdir(path, mode) ((void)(mode), mkdir(path)) /* io.h's takes no mode (--svg's folder) */
#define S_ISLNK(mode) ((void)(mode), 0)
ssize_t fs_readlink(const char *path, char *buf, size_t len);
#define readlink fs_readlink
char *fs_realpath(const char *path, char *resolved);
#define realpath fs_realpath
ssize_t fs_pwrite(int fd, const void *buf, size_t n, off_t offset);
#define pwrite fs_pwrite
/* rename() on Windows fails when the target exists; the store's atomic
 * replace needs MoveFileEx with MOVEFILE_REPLACE_EXISTING */
int fs_rename(const char *from, const char *to);
#define rename fs_rename

/* ---- qsort_r in glibc's argument order, on the runtime's qsort_s */
void fs_qsort_r(void *base, size_t n, size_t size, int (*compar)(const void *, const void *, void *), void *arg);
#define qsort_r fs_qsort_r

/* ---- open_memstream: a temporary file that fclose() reads back */
FILE *fs_open_memstream(char **buf, size_t *len);
int fs_fclose(FILE *f);
#define open_memstream fs_open_memstream
#define fclose(f) fs_fclose(f)

#endif
