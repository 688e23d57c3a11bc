/* Reading whole input files (or standard input, for "-") into memory.
 * Binary content is passed through untouched; the reader rejects it. */
#include "input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *input_read_all(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        char *bigger = realloc(buf, cap * 2 + 1);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    if (f != stdin)
        fclose(f);
    if (!buf)
        return NULL;
    buf[n] = 0;
    *len = n;
    return buf;
}
