/* Bytes held for later in bounded memory: what fits stays in memory, the
 * rest goes to an unlinked temporary file, so output that must wait (a
 * twin's JSON fields, the jobs after the one being printed) never grows
 * the process with the number of solutions. */
#ifndef FS_SPOOL_H
#define FS_SPOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Memory a spool keeps before it spills, unless told otherwise. */
#define SPOOL_MEMORY ((size_t)64 << 10)

struct spool {
    char *buf;                 /* the newest bytes; the older ones are in file */
    size_t len, cap, limit;
    FILE *file;                /* NULL until the memory is full */
    unsigned long long bytes;  /* written in all */
    /* memory or the temporary file failed: what was written since is lost,
     * and every call returns false from then on */
    bool failed;
};

/* An empty spool keeping up to `memory` bytes in memory (0: SPOOL_MEMORY). */
void spool_init(struct spool *s, size_t memory);
/* Appends n bytes; false when they could not be kept (s->failed). */
bool spool_write(struct spool *s, const char *data, size_t n);
bool spool_puts(struct spool *s, const char *text);
static inline bool spool_is_empty(const struct spool *s) { return s->bytes == 0; }
/* Hands every byte, oldest first, to `chunk` in pieces (false from chunk
 * stops it); the spool keeps them and may be appended to afterwards.
 * False when reading the temporary file failed or chunk said stop. */
bool spool_each(struct spool *s, bool (*chunk)(void *ctx, const char *data, size_t n), void *ctx);
/* Everything in the temporary file, which is returned positioned at its
 * start for reading (NULL when it failed); nothing may be written to the
 * spool until it is cleared. */
FILE *spool_read_file(struct spool *s);
/* Writes everything to f, then empties the spool; false when a read or the
 * write failed. */
bool spool_drain(struct spool *s, FILE *f);
/* Empties the spool (its temporary file goes). */
void spool_clear(struct spool *s);
void spool_free(struct spool *s);
/* The directory temporary files go to: $TMPDIR, else /tmp. */
const char *spool_directory(void);

#endif
