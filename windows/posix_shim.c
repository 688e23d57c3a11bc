/* Windows build only: the POSIX calls posix_shim.h maps, on the Win32 API and
 * the C runtime.  Only this file includes <windows.h>. */
#include "posix_shim.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#define WIN32_LEAN_AND_MEAN
#include <windows.h>

static int errno_of(DWORD err)
{
    switch (err) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
        return ENOENT;
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
        return EACCES;
    case ERROR_NOT_SAME_DEVICE:
        return EXDEV;
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
        return ENOSPC;
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY:
        return ENOMEM;
    default:
        return EIO;
    }
}

/* ---- signals */

int fs_sigaction(int sig, const struct sigaction *sa, struct sigaction *old)
{
    void (*prev)(int) = signal(sig, sa ? sa->sa_handler : SIG_DFL);
    if (prev == SIG_ERR) {
        errno = EINVAL;
        return -1;
    }
    if (old)
        *old = (struct sigaction){.sa_handler = prev};
    /* Ctrl-Break is the console's other interrupt key */
    if (sig == SIGINT && sa)
        signal(SIGBREAK, sa->sa_handler);
    return 0;
}

/* ---- processors and memory */

long fs_sysconf(int name)
{
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    switch (name) {
    case _SC_NPROCESSORS_ONLN:
        return (long)si.dwNumberOfProcessors;
    case _SC_PAGESIZE:
        return (long)si.dwPageSize;
    case _SC_PHYS_PAGES: {
        MEMORYSTATUSEX ms = {.dwLength = sizeof ms};
        if (!GlobalMemoryStatusEx(&ms))
            break;
        unsigned long long pages = ms.ullTotalPhys / si.dwPageSize;
        /* long is 32 bits on Windows */
        return pages > LONG_MAX ? LONG_MAX : (long)pages;
    }
    }
    errno = EINVAL;
    return -1;
}

/* ---- terminal */

int fs_isatty(int fd)
{
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    DWORD mode;
    /* _isatty() is true for NUL too; a console has a console mode */
    if (h == INVALID_HANDLE_VALUE || !GetConsoleMode(h, &mode))
        return 0;
    if (mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING)
        return 1;
    return SetConsoleMode(h, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING) != 0;
}

int fs_ioctl(int fd, unsigned long request, struct winsize *ws)
{
    CONSOLE_SCREEN_BUFFER_INFO info;
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    if (request != TIOCGWINSZ || h == INVALID_HANDLE_VALUE || !GetConsoleScreenBufferInfo(h, &info)) {
        errno = ENOTTY;
        return -1;
    }
    ws->ws_col = (unsigned short)(info.srWindow.Right - info.srWindow.Left + 1);
    ws->ws_row = (unsigned short)(info.srWindow.Bottom - info.srWindow.Top + 1);
    ws->ws_xpixel = ws->ws_ypixel = 0;
    return 0;
}

/* ---- memory */

void *fs_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
    (void)addr, (void)prot, (void)offset;
    if (fd != -1 || !(flags & MAP_ANONYMOUS)) {
        errno = ENODEV;
        return MAP_FAILED;
    }
    void *p = VirtualAlloc(NULL, len, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!p) {
        errno = ENOMEM;
        return MAP_FAILED;
    }
    return p;
}

int fs_munmap(void *addr, size_t len)
{
    (void)len;
    return VirtualFree(addr, 0, MEM_RELEASE) ? 0 : (errno = EINVAL, -1);
}

int fs_madvise(void *addr, size_t len, int advice)
{
    if (advice == MADV_HUGEPAGE) /* large pages need a privilege: a hint only */
        return 0;
    if (advice != MADV_DONTNEED) {
        errno = EINVAL;
        return -1;
    }
    /* decommitted and committed again, the pages read as zero */
    if (!VirtualFree(addr, len, MEM_DECOMMIT) || !VirtualAlloc(addr, len, MEM_COMMIT, PAGE_READWRITE)) {
        errno = ENOMEM;
        return -1;
    }
    return 0;
}

/* ---- files */

ssize_t fs_readlink(const char *path, char *buf, size_t len)
{
    (void)path, (void)buf, (void)len;
    errno = EINVAL; /* not a link: lstat() never reports one */
    return -1;
}

char *fs_realpath(const char *path, char *resolved)
{
    return _fullpath(resolved, path, resolved ? _MAX_PATH : 0);
}

ssize_t fs_pwrite(int fd, const void *buf, size_t n, off_t offset)
{
    __int64 at = _lseeki64(fd, 0, SEEK_CUR);
    if (at < 0 || _lseeki64(fd, offset, SEEK_SET) < 0)
        return -1;
    int w = _write(fd, buf, n > INT_MAX ? INT_MAX : (unsigned)n);
    int err = errno;
    _lseeki64(fd, at, SEEK_SET);
    errno = err;
    return w;
}

int fs_rename(const char *from, const char *to)
{
    /* MOVEFILE_WRITE_THROUGH: returns once the move is on disk, as the
     * store's directory sync does on Linux */
    if (MoveFileExA(from, to, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        return 0;
    errno = errno_of(GetLastError());
    return -1;
}

/* ---- qsort_r */

struct sort_ctx {
    int (*compar)(const void *, const void *, void *);
    void *arg;
};

/* qsort_s passes its context first, glibc's qsort_r last */
static int sort_trampoline(void *ctx, const void *a, const void *b)
{
    struct sort_ctx *c = ctx;
    return c->compar(a, b, c->arg);
}

void fs_qsort_r(void *base, size_t n, size_t size, int (*compar)(const void *, const void *, void *), void *arg)
{
    struct sort_ctx c = {compar, arg};
    qsort_s(base, n, size, sort_trampoline, &c);
}

/* ---- open_memstream */

struct memstream {
    FILE *f;
    char **buf;
    size_t *len;
    struct memstream *next;
};

static pthread_mutex_t memstreams_lock = PTHREAD_MUTEX_INITIALIZER;
static struct memstream *memstreams;

FILE *fs_open_memstream(char **buf, size_t *len)
{
    char dir[MAX_PATH + 1], name[MAX_PATH + 1];
    struct memstream *m = malloc(sizeof *m);
    DWORD n = GetTempPathA(sizeof dir, dir);
    if (!m || n == 0 || n > sizeof dir || !GetTempFileNameA(dir, "fs", 0, name)) {
        free(m);
        errno = ENOMEM;
        return NULL;
    }
    /* _O_TEMPORARY: the file goes away with its last descriptor */
    int fd = _open(name, _O_RDWR | _O_BINARY | _O_NOINHERIT | _O_TEMPORARY);
    FILE *f = fd < 0 ? NULL : _fdopen(fd, "w+b");
    if (!f) {
        if (fd >= 0)
            _close(fd);
        DeleteFileA(name);
        free(m);
        return NULL;
    }
    *m = (struct memstream){.f = f, .buf = buf, .len = len};
    pthread_mutex_lock(&memstreams_lock);
    m->next = memstreams;
    memstreams = m;
    pthread_mutex_unlock(&memstreams_lock);
    return f;
}

static bool read_back(struct memstream *m)
{
    if (fflush(m->f) != 0 || fseek(m->f, 0, SEEK_END) != 0)
        return false;
    long size = ftell(m->f);
    if (size < 0 || fseek(m->f, 0, SEEK_SET) != 0)
        return false;
    char *b = malloc((size_t)size + 1);
    if (!b || fread(b, 1, (size_t)size, m->f) != (size_t)size) {
        free(b);
        return false;
    }
    b[size] = 0;
    *m->buf = b;
    *m->len = (size_t)size;
    return true;
}

int fs_fclose(FILE *f)
{
    pthread_mutex_lock(&memstreams_lock);
    struct memstream **at = &memstreams;
    while (*at && (*at)->f != f)
        at = &(*at)->next;
    struct memstream *m = *at;
    if (m)
        *at = m->next;
    pthread_mutex_unlock(&memstreams_lock);
    bool ok = !m || read_back(m);
    free(m);
    int rc = (fclose)(f); /* the C library's, not the macro */
    return ok ? rc : EOF;
}
