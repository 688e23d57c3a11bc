/* Reading whole input files (or standard input, for "-") into memory.
 * Binary content is passed through untouched; the reader rejects it. */
#include "input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *input_read_all(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    /* fopen opens a directory; reading it fails (EISDIR), but say why at once */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (f != stdin)
            fclose(f);
        errno = EISDIR;
        return NULL;
    }
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
    /* a read error is not the end of the file: never solve half a file */
    int read_errno = ferror(f) ? (errno ? errno : EIO) : 0;
    if (f != stdin)
        fclose(f);
    if (buf && read_errno) {
        free(buf);
        errno = read_errno;
        return NULL;
    }
    if (!buf)
        return NULL;
    buf[n] = 0;
    *len = n;
    return buf;
}

unsigned long long input_hash_more(unsigned long long h, const char *text, size_t len)
{
    uint64_t v = h;
    for (size_t i = 0; i < len; i++)
        v = (v ^ (unsigned char)text[i]) * 0x100000001b3ull;
    return (unsigned long long)v;
}

unsigned long long input_hash(const char *text, size_t len)
{
    return input_hash_more(INPUT_HASH_START, text, len);
}
