/* A growing text buffer with printf-style appends.
 * Aborts on allocation failure: a report half written is worse. */
#include "memory.h"
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void text_init(struct text *t)
{
    t->cap = 1024;
    t->len = 0;
    t->data = malloc(t->cap);
    if (!t->data)
        out_of_memory();
    t->data[0] = 0;
}

void text_free(struct text *t)
{
    free(t->data);
    t->data = NULL;
    t->len = t->cap = 0;
}

static void reserve(struct text *t, size_t more)
{
    if (t->len + more + 1 <= t->cap)
        return;
    while (t->len + more + 1 > t->cap)
        t->cap *= 2;
    t->data = realloc(t->data, t->cap);
    if (!t->data)
        out_of_memory();
}

void text_printf(struct text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    reserve(t, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(t->data + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

void text_put(struct text *t, const char *s)
{
    size_t n = strlen(s);
    reserve(t, n);
    memcpy(t->data + t->len, s, n + 1);
    t->len += n;
}

char *text_copy(const char *s, size_t len)
{
    char *copy = malloc(len + 1);
    if (!copy)
        return NULL;
    if (len)
        memcpy(copy, s, len);
    copy[len] = 0;
    return copy;
}
