/* A growing text buffer: reports are written here, then flushed whole so
 * that parallel jobs never interleave their lines. */
#ifndef FS_TEXT_H
#define FS_TEXT_H

#include <stddef.h>

struct text {
    char *data;
    size_t len, cap;
};

void text_init(struct text *t);
void text_free(struct text *t);
void text_printf(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void text_put(struct text *t, const char *s);
/* len bytes of s as a NUL-terminated string, malloc'd (an input file's
 * text, which may hold NUL bytes: len counts them); NULL when memory runs
 * out, which the readers report rather than stop. */
char *text_copy(const char *s, size_t len);

#endif
