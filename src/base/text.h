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

#endif
