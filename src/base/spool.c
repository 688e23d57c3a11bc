/* Bounded memory for bytes held back (spool.h): a memory buffer in front
 * of an unlinked temporary file.  Never stops the program: a failure is
 * reported to the caller, which cuts its twin short and says why. */
#include "spool.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

void spool_init(struct spool *s, size_t memory)
{
    *s = (struct spool){.limit = memory ? memory : SPOOL_MEMORY};
}

const char *spool_directory(void)
{
    const char *dir = getenv("TMPDIR");
#ifdef _WIN32
    /* Windows names its temporary directory in TMP or TEMP; there is no /tmp */
    if (!dir || !dir[0])
        dir = getenv("TMP");
    if (!dir || !dir[0])
        dir = getenv("TEMP");
    return dir && dir[0] ? dir : ".";
#else
    return dir && dir[0] ? dir : "/tmp";
#endif
}

/* The temporary file, unlinked at once: it goes when it is closed, or when
 * the process ends however it ends.  Windows cannot unlink an open file:
 * there it is opened again as one the system deletes when it is closed. */
static FILE *temporary_file(void)
{
#ifdef _WIN32
    return tmpfile(); /* an open file cannot be unlinked there; this one goes when closed */
#endif
    const char *dir = spool_directory();
    size_t n = strlen(dir) + 32;
    char *name = malloc(n);
    if (!name)
        return NULL;
    snprintf(name, n, "%s/fairysolve.XXXXXX", dir);
    int fd = mkstemp(name);
#ifdef _WIN32
    if (fd >= 0) {
        close(fd);
        fd = _open(name, _O_RDWR | _O_BINARY | _O_TEMPORARY);
        if (fd < 0)
            remove(name);
    }
#else
    if (fd >= 0)
        unlink(name);
#endif
    free(name);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "w+b");
    if (!f)
        close(fd);
    return f;
}

/* The memory's bytes to the end of the file. */
static bool spill(struct spool *s)
{
    if (!s->file && !(s->file = temporary_file()))
        return false;
    if (s->len && fwrite(s->buf, 1, s->len, s->file) != s->len)
        return false;
    s->len = 0;
    return true;
}

bool spool_write(struct spool *s, const char *data, size_t n)
{
    if (s->failed)
        return false;
    if (s->len + n > s->limit) {
        if (!spill(s))
            goto fail;
        if (n > s->limit) { /* larger than the memory: straight to the file */
            if (fwrite(data, 1, n, s->file) != n)
                goto fail;
            s->bytes += n;
            return true;
        }
    }
    if (s->len + n > s->cap) {
        size_t cap = s->cap ? s->cap : 256;
        while (cap < s->len + n)
            cap *= 2;
        if (cap > s->limit)
            cap = s->limit;
        char *grown = realloc(s->buf, cap);
        if (!grown)
            goto fail;
        s->buf = grown;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, data, n);
    s->len += n;
    s->bytes += n;
    return true;
fail:
    s->failed = true;
    return false;
}

bool spool_puts(struct spool *s, const char *text)
{
    return spool_write(s, text, strlen(text));
}

bool spool_each(struct spool *s, bool (*chunk)(void *ctx, const char *data, size_t n), void *ctx)
{
    if (s->failed)
        return false;
    if (s->file) {
        char block[1 << 14];
        bool ok = fflush(s->file) == 0 && fseek(s->file, 0, SEEK_SET) == 0;
        size_t got;
        while (ok && (got = fread(block, 1, sizeof block, s->file)) > 0)
            ok = chunk(ctx, block, got);
        ok = ok && !ferror(s->file);
        /* appending goes on at the end */
        if (fseek(s->file, 0, SEEK_END) != 0)
            s->failed = true;
        if (!ok || s->failed)
            return false;
    }
    return s->len == 0 || chunk(ctx, s->buf, s->len);
}

FILE *spool_read_file(struct spool *s)
{
    if (s->failed || !spill(s) || fflush(s->file) != 0 || fseek(s->file, 0, SEEK_SET) != 0) {
        s->failed = true;
        return NULL;
    }
    return s->file;
}

static bool to_file(void *ctx, const char *data, size_t n)
{
    return fwrite(data, 1, n, (FILE *)ctx) == n;
}

bool spool_drain(struct spool *s, FILE *f)
{
    bool ok = spool_each(s, to_file, f);
    spool_clear(s);
    return ok;
}

void spool_clear(struct spool *s)
{
    if (s->file)
        fclose(s->file);
    s->file = NULL;
    s->len = 0;
    s->bytes = 0;
    s->failed = false;
}

void spool_free(struct spool *s)
{
    spool_clear(s);
    free(s->buf);
    *s = (struct spool){.limit = s->limit};
}
