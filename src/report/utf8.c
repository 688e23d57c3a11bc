/* Valid UTF-8 from bytes of unknown encoding: UTF-8 where it is well
 * formed, Latin-1 for the rest.  No other encoding is guessed. */
#include "../base/memory.h"
#include "utf8.h"

#include <stdlib.h>
#include <string.h>

/* Length of the well-formed UTF-8 sequence at s (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), 0 when there is none. */
static size_t sequence_length(const unsigned char *s)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return n;
}

char *utf8_from_text(const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t len = strlen(text);
    char *out = malloc(2 * len + 1); /* a Latin-1 byte takes two */
    if (!out)
        out_of_memory();
    size_t o = 0;
    while (*s) {
        size_t n = sequence_length(s);
        if (n) {
            memcpy(out + o, s, n);
            o += n;
            s += n;
        } else {
            out[o++] = (char)(0xC0 | (*s >> 6));
            out[o++] = (char)(0x80 | (*s & 0x3F));
            s++;
        }
    }
    out[o] = 0;
    return out;
}
