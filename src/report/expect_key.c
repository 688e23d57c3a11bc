/* From a key as written after "Expect key" to canonical notation: drops
 * piece letters, capture and check signs; knows nothing of the position. */
#include "expect_key.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static char promotion_letter(char c)
{
    switch (toupper((unsigned char)c)) {
    case 'Q': case 'D': return 'Q';
    case 'R': case 'T': return 'R';
    case 'B': case 'L': return 'B';
    case 'S': case 'N': return 'S';
    default: return 0;
    }
}

static bool is_square_at(const char *s)
{
    return islower((unsigned char)s[0]) && isdigit((unsigned char)s[1]);
}

/* Trailing "+", "#", "=", "!", "?", "ep." and blanks in any order. */
static void strip_marks(char *s)
{
    for (bool again = true; again;) {
        size_t n = strlen(s);
        again = false;
        if (n > 0 && strchr("+#=!? \t", s[n - 1])) {
            s[n - 1] = 0;
            again = true;
        } else if (n >= 3 && strcasecmp(s + n - 3, "ep.") == 0) {
            s[n - 3] = 0;
            again = true;
        } else if (n >= 3 && strcasecmp(s + n - 2, "ep") == 0 && isdigit((unsigned char)s[n - 3])) {
            s[n - 2] = 0;
            again = true;
        }
    }
}

/* One '/'-separated part; false when it is not a move part. */
static bool convert_part(const char *p, char *o, size_t *len, size_t size)
{
    char buf[64];
    size_t n = 0;
    if (strncmp(p, "0-0-0", 5) == 0 || strncasecmp(p, "O-O-O", 5) == 0) {
        n = (size_t)snprintf(buf, sizeof buf, "e1a1");
        p += 5;
    } else if (strncmp(p, "0-0", 3) == 0 || strncasecmp(p, "O-O", 3) == 0) {
        n = (size_t)snprintf(buf, sizeof buf, "e1h1");
        p += 3;
    }
    bool castling = n > 0;
    int squares = castling ? 2 : 0;
    while (!castling && isupper((unsigned char)*p) && !is_square_at(p))
        p++; /* piece letters: K, Q, R, B, S, P, O stone, X relay ... */
    while (*p && n + 4 < sizeof buf) {
        if (is_square_at(p)) {
            buf[n++] = *p++;
            while (isdigit((unsigned char)*p))
                buf[n++] = *p++;
            squares++;
        } else if (strchr("-*:", *p)) {
            p++;
        } else if (*p == '=' && promotion_letter(p[1]) && squares > 0) {
            buf[n++] = promotion_letter(p[1]);
            p += 2;
        } else if (*p == 'E' && squares > 0) {
            buf[n++] = 'E'; /* leaves the board (Dynamo) */
            p++;
        } else if (*p == 'x' && !is_square_at(p) && squares > 0) {
            p++; /* "Sb1xc3" */
        } else if (squares > 0 && promotion_letter(*p) && !is_square_at(p + 1)) {
            buf[n++] = promotion_letter(*p); /* canonical "e7e8Q" */
            p++;
        } else {
            return false;
        }
    }
    if (*p || squares == 0 || *len + n + 1 >= size)
        return false;
    memcpy(o + *len, buf, n);
    *len += n;
    o[*len] = 0;
    return true;
}

bool expect_key_canonical(const char *written, char *out, size_t size)
{
    char s[128];
    if (size == 0 || strlen(written) >= sizeof s)
        return false;
    const char *w = written;
    const char *d = w;
    while (isdigit((unsigned char)*d))
        d++;
    if (d > w && *d == '.') { /* a move number: "1.Qa3-d6", "1...e5" */
        while (*d == '.')
            d++;
        w = d;
    }
    strcpy(s, w);
    strip_marks(s);
    size_t len = 0;
    out[0] = 0;
    char *save = NULL;
    int parts = 0;
    for (char *part = strtok_r(s, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
        if (parts++) {
            if (len + 2 >= size)
                return false;
            out[len++] = '/';
            out[len] = 0;
        }
        if (!convert_part(part, out, &len, size))
            return false;
    }
    return parts > 0;
}
