/* Persistent transposition store: writes the filled slots of a table to a file
 * atomically and reads them back only when every check on the file passes. */
#define ZLIB_CONST
#include "store.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "../board/zobrist.h"

/* File format, every integer little-endian and written byte by byte:
 *
 *   offset  size  field
 *   0       8     magic "FSSTORE\0"
 *   8       4     format version (STORE_VERSION)
 *   12      4     identity length L (at most MAX_IDENTITY)
 *   16      8     hash-seed identity, zobrist_seed_identity()
 *   24      8     entry count N
 *   32      8     compressed payload length C
 *   40      4     CRC32 of the uncompressed payload
 *   44      L     identity bytes, no terminating NUL
 *   44+L    4     CRC32 of bytes 0 .. 44+L-1
 *   48+L    C     payload as one zlib stream; the file ends with it
 *
 * The uncompressed payload is N records of 16 bytes: key (8), win_at,
 * fail_at, hint_from, hint_to (1 each), help_fail (4).  Records go in blocks
 * of BLOCK = 4096 (the last block shorter), and inside a block byte j of every
 * record comes before byte j+1 of any: the key bytes holding the bucket
 * index (slots are read in bucket order, so they change slowly) and the
 * mostly-empty bounds then form runs, which records interleaved with random
 * key bytes would break up. */

#define STORE_VERSION 1u
#define FIXED_HEADER 44
#define MAX_IDENTITY STORE_IDENTITY_MAX
#define RECORD 16
#define BLOCK 4096
#define IO_CHUNK ((size_t)1 << 16)
/* C bytes of deflate data never inflate to more than about 1032 * C: a count
 * claiming more is corrupt, whatever the header CRC says */
#define MAX_RATIO 1032u
/* Most key bytes are random and compress at no setting; what does compress
 * is runs (empty bounds, the keys' bucket-ordered index bytes).  Level 1
 * with run-length matches only finds those runs in much less time than
 * plain matching, for files barely larger; higher levels gain little more
 * for far more time. */
#define LEVEL 1
#define STRATEGY Z_RLE

static const unsigned char magic[8] = "FSSTORE";

static void say(char *msg, size_t msglen, const char *fmt, ...)
{
    if (!msg || !msglen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msglen, fmt, ap);
    va_end(ap);
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static uint64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* zlib's crc32 takes uInt lengths; our buffers are far below that */
static uint32_t crc_of(uint32_t crc, const unsigned char *p, size_t n)
{
    return (uint32_t)crc32(crc, p, (uInt)n);
}

/* ---------- plain I/O that survives signals ---------- */

/* The save runs on the exit path after a SIGINT, whose handler may have been
 * installed without SA_RESTART: interrupted calls are simply retried. */
static bool pwrite_all(int fd, const unsigned char *p, size_t n, off_t at)
{
    while (n) {
        ssize_t w = pwrite(fd, p, n, at);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return false;
        }
        p += w;
        n -= (size_t)w;
        at += w;
    }
    return true;
}

/* Sequential writes through the positioned one, so the retry lives in one place. */
static bool write_all(int fd, const unsigned char *p, size_t n)
{
    off_t at = lseek(fd, 0, SEEK_CUR);
    if (at < 0 || !pwrite_all(fd, p, n, at))
        return false;
    return lseek(fd, at + (off_t)n, SEEK_SET) >= 0;
}

/* Bytes read, fewer than n only at end of file; -1 on error. */
static ssize_t read_all(int fd, unsigned char *p, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, p + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        got += (size_t)r;
    }
    return (ssize_t)got;
}

static int fsync_retry(int fd)
{
    int rc;
    while ((rc = fsync(fd)) != 0 && errno == EINTR)
        ;
    return rc;
}

/* ---------- records ---------- */

static void record_put(unsigned char *r, uint64_t key, const struct tt_bounds *b)
{
    put64(r, key);
    r[8] = b->win_at;
    r[9] = b->fail_at;
    r[10] = b->hint_from;
    r[11] = b->hint_to;
    put32(r + 12, b->help_fail);
}

static void record_get(const unsigned char *r, uint64_t *key, struct tt_bounds *b)
{
    *key = get64(r);
    b->win_at = r[8];
    b->fail_at = r[9];
    b->hint_from = r[10];
    b->hint_to = r[11];
    b->help_fail = get32(r + 12);
}

/* rows: n records one after another; planes: byte j of all n, then byte j+1 */
static void to_planes(const unsigned char *rows, unsigned char *planes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < RECORD; j++)
            planes[j * n + i] = rows[i * RECORD + j];
}

static void from_planes(const unsigned char *planes, unsigned char *rows, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < RECORD; j++)
            rows[i * RECORD + j] = planes[j * n + i];
}

/* ---------- paths ---------- */

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = 0;
    }
    return d;
}

/* The file a dangling link names: the link's text, relative to its directory. */
static char *link_text(const char *path)
{
    char text[PATH_MAX];
    ssize_t n = readlink(path, text, sizeof text - 1);
    if (n < 0)
        return NULL;
    text[n] = 0;
    char *dir = dir_of(path), *joined = NULL;
    if (text[0] == '/' || !dir)
        joined = strdup(text);
    else if ((joined = malloc(strlen(dir) + (size_t)n + 2)))
        sprintf(joined, "%s/%s", dir, text);
    free(dir);
    return joined;
}

/* A symlinked store is written where the link points, so the link survives
 * the rename; a dangling link is followed one step, to the file it will name. */
static char *target_of(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(path, NULL);
        if (!real)
            real = link_text(path);
        if (real)
            return real;
    }
    return strdup(path);
}

/* An existing path must be a regular file we may write: rename() would
 * replace a read-only file too, but read-only says "keep this". */
static bool target_ok(const char *path, char *msg, size_t msglen)
{
    struct stat st;
    if (!*path) {
        say(msg, msglen, "empty store path");
        return false;
    }
    if (stat(path, &st) != 0) {
        if (errno == ENOENT)
            return true;
        say(msg, msglen, "cannot use store %s: %s", path, strerror(errno));
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        say(msg, msglen, "store %s is a directory", path);
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        say(msg, msglen, "store %s is not a regular file", path);
        return false;
    }
    if (faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0) {
        say(msg, msglen, "store %s is not writable: %s", path, strerror(errno));
        return false;
    }
    return true;
}

/* mkstemp next to path: the temporary file must be on the same file system
 * for rename() to be atomic.  Returns the fd, *tmp the malloc'd name. */
static int temp_next_to(const char *path, char **tmp)
{
    size_t n = strlen(path);
    *tmp = malloc(n + sizeof ".XXXXXX");
    if (!*tmp) {
        errno = ENOMEM;
        return -1;
    }
    memcpy(*tmp, path, n);
    memcpy(*tmp + n, ".XXXXXX", sizeof ".XXXXXX");
    int fd = mkstemp(*tmp);
    if (fd < 0) {
        free(*tmp);
        *tmp = NULL;
    }
    return fd;
}

bool store_writable(const char *path, char *msg, size_t msglen)
{
    char *target = target_of(path), *tmp;
    if (!target) {
        say(msg, msglen, "store %s: out of memory", path);
        return false;
    }
    bool ok = target_ok(target, msg, msglen);
    if (ok) {
        /* the same operation the save starts with, so whatever stops it
         * (missing directory, permissions, read-only file system) shows now */
        int fd = temp_next_to(target, &tmp);
        if (fd < 0) {
            say(msg, msglen, "cannot write store %s: %s", path, strerror(errno));
            ok = false;
        } else {
            close(fd);
            unlink(tmp);
            free(tmp);
        }
    }
    free(target);
    return ok;
}

/* ---------- save ---------- */

struct writer {
    int fd;
    z_stream z;
    uint32_t crc;
    uint64_t count, compressed;
    size_t n; /* records waiting in rows */
    unsigned char rows[BLOCK * RECORD], planes[BLOCK * RECORD], out[IO_CHUNK];
};

static bool deflate_feed(struct writer *w, const unsigned char *in, size_t n, int flush)
{
    w->z.next_in = in;
    w->z.avail_in = (uInt)n;
    do {
        w->z.next_out = w->out;
        w->z.avail_out = (uInt)sizeof w->out;
        if (deflate(&w->z, flush) == Z_STREAM_ERROR) {
            errno = EINVAL;
            return false;
        }
        size_t have = sizeof w->out - w->z.avail_out;
        if (!write_all(w->fd, w->out, have))
            return false;
        w->compressed += have;
    } while (w->z.avail_out == 0);
    return true;
}

static bool flush_block(struct writer *w)
{
    if (!w->n)
        return true;
    to_planes(w->rows, w->planes, w->n);
    w->crc = crc_of(w->crc, w->planes, w->n * RECORD);
    w->count += w->n;
    bool ok = deflate_feed(w, w->planes, w->n * RECORD, Z_NO_FLUSH);
    w->n = 0;
    return ok;
}

/* Only slots tt_get would answer with: a torn slot, whose key^data names
 * nobody in its bucket, is left behind instead of stored under a made-up key. */
static bool live(const struct tt *t, uint64_t key, const struct tt_bounds *b)
{
    struct tt_bounds g;
    return tt_get(t, key, &g) && g.win_at == b->win_at && g.fail_at == b->fail_at &&
           g.hint_from == b->hint_from && g.hint_to == b->hint_to && g.help_fail == b->help_fail;
}

static bool write_payload(const struct tt *t, struct writer *w)
{
    size_t slots = t->entries ? tt_slot_count(t) : 0;
    for (size_t i = 0; i < slots; i++) {
        uint64_t key;
        struct tt_bounds b;
        if (!tt_slot_read(t, i, &key, &b) || !live(t, key, &b))
            continue;
        record_put(w->rows + w->n * RECORD, key, &b);
        if (++w->n == BLOCK && !flush_block(w))
            return false;
    }
    return flush_block(w) && deflate_feed(w, NULL, 0, Z_FINISH);
}

static void header_put(unsigned char *h, const char *identity, size_t idlen, const struct writer *w)
{
    memcpy(h, magic, sizeof magic);
    put32(h + 8, STORE_VERSION);
    put32(h + 12, (uint32_t)idlen);
    put64(h + 16, zobrist_seed_identity());
    put64(h + 24, w->count);
    put64(h + 32, w->compressed);
    put32(h + 40, w->crc);
    memcpy(h + FIXED_HEADER, identity, idlen);
    put32(h + FIXED_HEADER + idlen, crc_of(0, h, FIXED_HEADER + idlen));
}

/* A new store gets the mode a plain fopen would give it (mkstemp makes 0600);
 * a replaced one keeps its own.  umask() is read and put back at once: no
 * other thread creates files while the run is ending. */
static mode_t mode_for(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return st.st_mode & 0777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* The rename is durable only once the directory itself is synced; a file
 * system that cannot sync a directory still has the renamed file. */
static void sync_dir_of(const char *path)
{
    char *dir = dir_of(path);
    if (!dir)
        return;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync_retry(fd);
        close(fd);
    }
    free(dir);
}

/* Writes into the open temporary file: header space, payload, header. */
static bool write_store(const struct tt *t, struct writer *w, const char *identity, size_t idlen)
{
    unsigned char header[FIXED_HEADER + MAX_IDENTITY + 4];
    size_t hlen = FIXED_HEADER + idlen + 4;
    if (lseek(w->fd, (off_t)hlen, SEEK_SET) < 0)
        return false;
    w->crc = crc_of(0, NULL, 0);
    if (deflateInit2(&w->z, LEVEL, Z_DEFLATED, 15, 8, STRATEGY) != Z_OK) {
        errno = ENOMEM;
        return false;
    }
    bool ok = write_payload(t, w);
    deflateEnd(&w->z);
    if (!ok)
        return false;
    header_put(header, identity, idlen, w);
    return pwrite_all(w->fd, header, hlen, 0) && fsync_retry(w->fd) == 0;
}

bool store_save(const struct tt *t, const char *path, const char *identity, char *msg, size_t msglen)
{
    size_t idlen = strlen(identity);
    if (idlen > MAX_IDENTITY) {
        say(msg, msglen, "cannot write store %s: identity longer than %d bytes", path, MAX_IDENTITY);
        return false;
    }
    char *target = target_of(path), *tmp = NULL;
    struct writer *w = calloc(1, sizeof *w);
    bool ok = false;
    int err;
    if (!target || !w) {
        say(msg, msglen, "cannot write store %s: %s", path, strerror(ENOMEM));
        goto out;
    }
    if (!target_ok(target, msg, msglen))
        goto out;
    w->fd = temp_next_to(target, &tmp);
    if (w->fd < 0) {
        say(msg, msglen, "cannot write store %s: %s", path, strerror(errno));
        goto out;
    }
    ok = fchmod(w->fd, mode_for(target)) == 0 && write_store(t, w, identity, idlen);
    err = errno;
    if (close(w->fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (ok && rename(tmp, target) != 0) {
        ok = false;
        err = errno;
    }
    if (ok) {
        sync_dir_of(target);
    } else {
        unlink(tmp);
        say(msg, msglen, "cannot write store %s: %s", path, strerror(err));
    }
out:
    free(tmp);
    free(target);
    free(w);
    return ok;
}

/* ---------- load ---------- */

struct reader {
    int fd;
    const char *path;
    z_stream z;
    uint64_t left;  /* compressed bytes not yet read from the file */
    bool ended;     /* the zlib stream reported its end */
    char *msg;
    size_t msglen;
    enum store_status refusal; /* why the file was not loaded (REJECTED unless FOREIGN or OTHER) */
    unsigned char in[IO_CHUNK], planes[BLOCK * RECORD], rows[BLOCK * RECORD];
};

static bool corrupt(struct reader *r, const char *why)
{
    say(r->msg, r->msglen, "store %s is corrupt (%s)", r->path, why);
    return false;
}

static bool refill(struct reader *r)
{
    size_t want = r->left < IO_CHUNK ? (size_t)r->left : IO_CHUNK;
    ssize_t got = read_all(r->fd, r->in, want);
    if (got < 0) {
        say(r->msg, r->msglen, "cannot read store %s: %s", r->path, strerror(errno));
        return false;
    }
    if ((size_t)got != want) {
        say(r->msg, r->msglen, "store %s is truncated (it shrank while being read)", r->path);
        return false;
    }
    r->z.next_in = r->in;
    r->z.avail_in = (uInt)got;
    r->left -= want;
    return true;
}

/* Inflates exactly n bytes into out; n == 0 checks that the stream ends. */
static bool inflate_exact(struct reader *r, unsigned char *out, size_t n)
{
    unsigned char spare;
    bool probe = n == 0;
    r->z.next_out = probe ? &spare : out;
    r->z.avail_out = probe ? 1 : (uInt)n;
    while (probe ? !r->ended : r->z.avail_out > 0) {
        if (r->ended)
            return corrupt(r, "payload shorter than its entry count");
        if (r->z.avail_in == 0 && r->left > 0 && !refill(r))
            return false;
        /* called even with no input left: output of a match that crossed
         * the previous block's end may still be pending */
        int rc = inflate(&r->z, Z_NO_FLUSH);
        if (rc == Z_STREAM_END)
            r->ended = true;
        else if (rc == Z_BUF_ERROR && r->z.avail_in == 0)
            return corrupt(r, "payload ends early");
        else if (rc == Z_MEM_ERROR)
            return corrupt(r, "out of memory while inflating");
        else if (rc != Z_OK)
            return corrupt(r, r->z.msg ? r->z.msg : "bad compressed data");
        if (probe && r->z.avail_out == 0)
            return corrupt(r, "payload longer than its entry count");
    }
    return true;
}

static bool read_payload(struct tt *t, struct reader *r, uint64_t count, uint32_t want_crc)
{
    uint32_t crc = crc_of(0, NULL, 0);
    for (uint64_t done = 0; done < count;) {
        size_t n = count - done < BLOCK ? (size_t)(count - done) : BLOCK;
        if (!inflate_exact(r, r->planes, n * RECORD))
            return false;
        crc = crc_of(crc, r->planes, n * RECORD);
        from_planes(r->planes, r->rows, n);
        for (size_t i = 0; i < n; i++) {
            uint64_t key;
            struct tt_bounds b;
            record_get(r->rows + i * RECORD, &key, &b);
            tt_put(t, key, &b);
        }
        done += n;
    }
    if (!inflate_exact(r, NULL, 0))
        return false;
    if (r->z.avail_in || r->left)
        return corrupt(r, "data after the compressed payload");
    if (crc != want_crc)
        return corrupt(r, "payload checksum mismatch");
    return true;
}

/* The header checks, most telling first: what the file is, then whether it
 * is whole, then whether it belongs to this run.  On success *count, *clen
 * and *crc describe the payload, which starts at the file offset. */
static bool read_header(struct reader *r, const char *identity, off_t size, uint64_t *count,
                        uint64_t *clen, uint32_t *crc)
{
    unsigned char h[FIXED_HEADER + MAX_IDENTITY + 4];
    ssize_t got = read_all(r->fd, h, FIXED_HEADER);
    if (got < 0) {
        say(r->msg, r->msglen, "cannot read store %s: %s", r->path, strerror(errno));
        return false;
    }
    if (got == 0) {
        say(r->msg, r->msglen, "store %s is empty, not a fairysolve store", r->path);
        return false;
    }
    size_t m = (size_t)got < sizeof magic ? (size_t)got : sizeof magic;
    if (memcmp(h, magic, m) != 0) {
        say(r->msg, r->msglen, "%s is not a fairysolve store", r->path);
        r->refusal = STORE_FOREIGN;
        return false;
    }
    if (got < FIXED_HEADER) {
        say(r->msg, r->msglen, "store %s is truncated (inside the header)", r->path);
        return false;
    }
    uint32_t version = get32(h + 8);
    if (version != STORE_VERSION) {
        say(r->msg, r->msglen, "store %s has format version %u, this build reads version %u", r->path,
            version, STORE_VERSION);
        r->refusal = STORE_OTHER;
        return false;
    }
    uint32_t idlen = get32(h + 12);
    if (idlen > MAX_IDENTITY)
        return corrupt(r, "identity length out of range");
    got = read_all(r->fd, h + FIXED_HEADER, idlen + 4);
    if (got < 0) {
        say(r->msg, r->msglen, "cannot read store %s: %s", r->path, strerror(errno));
        return false;
    }
    if ((size_t)got < idlen + 4) {
        say(r->msg, r->msglen, "store %s is truncated (inside the header)", r->path);
        return false;
    }
    if (crc_of(0, h, FIXED_HEADER + idlen) != get32(h + FIXED_HEADER + idlen))
        return corrupt(r, "header checksum mismatch");
    if (idlen != strlen(identity) || memcmp(h + FIXED_HEADER, identity, idlen) != 0) {
        say(r->msg, r->msglen, "store %s was made for \"%.*s\", this run is \"%s\"", r->path, (int)idlen,
            (const char *)h + FIXED_HEADER, identity);
        r->refusal = STORE_OTHER;
        return false;
    }
    uint64_t seed = get64(h + 16);
    if (seed != zobrist_seed_identity()) {
        say(r->msg, r->msglen, "store %s was made with another hash seed (%016llx, this build %016llx)",
            r->path, (unsigned long long)seed, (unsigned long long)zobrist_seed_identity());
        r->refusal = STORE_OTHER;
        return false;
    }
    *count = get64(h + 24);
    *clen = get64(h + 32);
    *crc = get32(h + 40);
    uint64_t hlen = FIXED_HEADER + idlen + 4;
    uint64_t payload = (uint64_t)size > hlen ? (uint64_t)size - hlen : 0;
    if (payload < *clen) {
        say(r->msg, r->msglen, "store %s is truncated (%llu of %llu payload bytes)", r->path,
            (unsigned long long)payload, (unsigned long long)*clen);
        return false;
    }
    if (payload > *clen)
        return corrupt(r, "data after the compressed payload");
    /* the payload is inflated block by block, so memory never depends on
     * the count; the bound only stops a forged count from making us try */
    if (*count > (*clen + 1) * MAX_RATIO / RECORD)
        return corrupt(r, "entry count larger than the payload can hold");
    return true;
}

static bool load_fd(struct tt *t, struct reader *r, const char *identity, uint64_t *loaded)
{
    struct stat st;
    if (fstat(r->fd, &st) != 0) {
        say(r->msg, r->msglen, "cannot read store %s: %s", r->path, strerror(errno));
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        say(r->msg, r->msglen, "store %s is not a regular file", r->path);
        return false;
    }
    uint64_t count, clen;
    uint32_t crc;
    if (!read_header(r, identity, st.st_size, &count, &clen, &crc))
        return false;
    r->left = clen;
    if (inflateInit(&r->z) != Z_OK)
        return corrupt(r, "out of memory while inflating");
    bool ok = read_payload(t, r, count, crc);
    inflateEnd(&r->z);
    *loaded = count;
    return ok;
}

enum store_status store_load(struct tt *t, const char *path, const char *identity, size_t *entries,
                             char *msg, size_t msglen)
{
    if (entries)
        *entries = 0;
    if (msg && msglen)
        msg[0] = 0;
    /* O_NONBLOCK: opening a FIFO by mistake must not wait for a writer;
     * regular files ignore it */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0 && errno == ENOENT)
        return STORE_ABSENT;
    struct reader *r = calloc(1, sizeof *r);
    bool ok = false;
    uint64_t loaded = 0;
    enum store_status refusal = STORE_REJECTED;
    if (fd < 0)
        say(msg, msglen, "cannot read store %s: %s", path, strerror(errno));
    else if (!r)
        say(msg, msglen, "cannot read store %s: %s", path, strerror(ENOMEM));
    else {
        r->fd = fd;
        r->path = path;
        r->msg = msg;
        r->msglen = msglen;
        r->refusal = STORE_REJECTED;
        ok = load_fd(t, r, identity, &loaded);
        refusal = r->refusal;
    }
    if (fd >= 0)
        close(fd);
    free(r);
    if (!ok) {
        tt_clear(t);
        return refusal;
    }
    if (entries)
        *entries = (size_t)loaded;
    return STORE_LOADED;
}

bool store_identity(const char *path, char *buf, size_t n, char *msg, size_t msglen)
{
    unsigned char h[FIXED_HEADER + MAX_IDENTITY + 4];
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        say(msg, msglen, "cannot read store %s: %s", path, strerror(errno));
        return false;
    }
    ssize_t got = read_all(fd, h, sizeof h);
    close(fd);
    uint32_t idlen = got >= FIXED_HEADER ? get32(h + 12) : 0;
    if (got < FIXED_HEADER || memcmp(h, magic, sizeof magic) != 0 || idlen > MAX_IDENTITY ||
        (size_t)got < FIXED_HEADER + idlen + 4 || idlen >= n ||
        crc_of(0, h, FIXED_HEADER + idlen) != get32(h + FIXED_HEADER + idlen)) {
        say(msg, msglen, "%s is not a whole fairysolve store", path);
        return false;
    }
    memcpy(buf, h + FIXED_HEADER, idlen);
    buf[idlen] = 0;
    return true;
}
