/* Windows build only: checks of posix_shim under wine (scripts/check-windows):
 * each mapped call behaves as the program relies on; one line per failure. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        failures++;
        printf("FAIL: %s\n", what);
    }
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* run/pool.c waits 0.25 s at a time on a CLOCK_MONOTONIC condition variable:
 * in one second that is 4 waits, not thousands of immediate returns */
static void timed_waits(void)
{
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    check(pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0, "condattr_setclock(CLOCK_MONOTONIC)");
    pthread_cond_t c;
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_init(&c, &ca);
    int waits = 0;
    double t0 = seconds();
    pthread_mutex_lock(&m);
    while (seconds() - t0 < 1.0) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        long ns = ts.tv_nsec + 250000000L;
        ts.tv_sec += ns / 1000000000L;
        ts.tv_nsec = ns % 1000000000L;
        pthread_cond_timedwait(&c, &m, &ts);
        waits++;
    }
    pthread_mutex_unlock(&m);
    char what[80];
    snprintf(what, sizeof what, "0.25 s timed waits in one second: %d, expected 4 or 5", waits);
    check(waits >= 3 && waits <= 6, what);
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fputs(text, f);
    return fclose(f) == 0;
}

static void file_calls(void)
{
    /* rename over an existing file replaces it (the store's atomic replace) */
    check(write_file("shim-a.tmp", "new\n") && write_file("shim-b.tmp", "old\n"), "write two files");
    check(rename("shim-a.tmp", "shim-b.tmp") == 0, "rename over an existing file");
    char buf[16] = "";
    FILE *f = fopen("shim-b.tmp", "rb");
    check(f && fgets(buf, sizeof buf, f) && strcmp(buf, "new\n") == 0, "renamed file has the new text");
    if (f)
        fclose(f);
    check(access("shim-a.tmp", 0) != 0, "rename left the source behind");
    /* O_CLOEXEC opens in binary mode: a LF byte stays one byte */
    int fd = open("shim-b.tmp", O_WRONLY | O_TRUNC | O_CLOEXEC);
    check(fd >= 0 && write(fd, "\n\n", 2) == 2 && fsync(fd) == 0 && pwrite(fd, "x", 1, 0) == 1 && close(fd) == 0,
          "open/write/fsync/pwrite/close");
    struct stat st;
    check(stat("shim-b.tmp", &st) == 0 && st.st_size == 2, "binary mode: 2 bytes written are 2 bytes");
    unlink("shim-b.tmp");
    /* mkstemp gives a binary file too */
    char tmpl[] = "shim-XXXXXX";
    fd = mkstemp(tmpl);
    check(fd >= 0 && write(fd, "\n", 1) == 1 && close(fd) == 0 && stat(tmpl, &st) == 0 && st.st_size == 1,
          "mkstemp file in binary mode");
    unlink(tmpl);
}

static void memstream(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    check(f != NULL, "open_memstream");
    if (!f)
        return;
    fprintf(f, "%s %d\n", "perft", 8902);
    check(fclose(f) == 0 && buf && len == 11 && strcmp(buf, "perft 8902\n") == 0, "open_memstream text after fclose");
    free(buf);
}

static int by_distance(const void *a, const void *b, void *to)
{
    int da = abs(*(const int *)a - *(const int *)to), db = abs(*(const int *)b - *(const int *)to);
    return (da > db) - (da < db);
}

/* report/popeye_order.c sorts with its context as qsort_r's last argument */
static void sort_with_context(void)
{
    int v[] = {9, 1, 7, 4, 12}, to = 8;
    qsort_r(v, 5, sizeof v[0], by_distance, &to);
    check(v[0] == 9 || v[0] == 7, "qsort_r: nearest to 8 first");
    check(v[4] == 1, "qsort_r: farthest from 8 last");
    check(abs(v[2] - 8) == 4, "qsort_r: the middle one 4 away");
}

static void memory(void)
{
    size_t size = (size_t)64 << 20;
    unsigned char *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    check(p != MAP_FAILED, "mmap 64 MB");
    if (p == MAP_FAILED)
        return;
    check(p[0] == 0 && p[size - 1] == 0, "fresh memory reads as zero");
    memset(p, 0xab, size);
    check(madvise(p, size, MADV_HUGEPAGE) == 0, "madvise HUGEPAGE is a hint");
    check(madvise(p, size, MADV_DONTNEED) == 0 && p[0] == 0 && p[size / 2] == 0 && p[size - 1] == 0,
          "madvise DONTNEED gives zero pages");
    check(munmap(p, size) == 0, "munmap");
}

int main(void)
{
    check(sysconf(_SC_NPROCESSORS_ONLN) >= 1, "sysconf processors");
    check(sysconf(_SC_PAGESIZE) >= 4096 && sysconf(_SC_PHYS_PAGES) > 0, "sysconf memory");
    struct winsize ws;
    check(ioctl(99, TIOCGWINSZ, &ws) == -1, "ioctl on a non-console fails");
    timed_waits();
    file_calls();
    memstream();
    sort_with_context();
    memory();
    printf("shim checks: %d failed\n", failures);
    return failures != 0;
}
