/* The digest that seals each JSON line of a part (--shard, --first-moves),
 * written by the part's run and checked by --merge. */
#include "../base/memory.h"
#include "part_seal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"

/* The seal: ,"digest":"<16 hex digits>" last in "part" (the line's last
 * field), the FNV-1a hash of the line as it was without it. */
#define SEAL_START ",\"digest\":\""
#define SEAL_LEN (sizeof SEAL_START - 1 + 16 + 3) /* then the digits and "}} */

char *part_line_seal(char *line)
{
    size_t n = strlen(line);
    if (n < 2 || strcmp(line + n - 2, "}}") != 0)
        return line; /* not a part line: the merge refuses it */
    unsigned long long h = input_hash(line, n);
    line = realloc(line, n - 2 + SEAL_LEN + 1);
    if (!line)
        out_of_memory();
    snprintf(line + n - 2, SEAL_LEN + 1, SEAL_START "%016llx\"}}", h);
    return line;
}

static bool seal_write(void *ctx, const char *data, size_t n)
{
    struct part_seal_stream *s = ctx;
    s->hash = input_hash_more(s->hash, data, n);
    return s->out.write(s->out.ctx, data, n);
}

struct json_writer part_seal_stream_begin(struct part_seal_stream *s, const struct json_writer *out)
{
    s->out = *out;
    s->hash = INPUT_HASH_START;
    return (struct json_writer){.write = seal_write, .ctx = s};
}

char *part_seal_stream_end(void *seal_stream)
{
    const struct part_seal_stream *s = seal_stream;
    /* the digest is of the line without the seal: what was written, then "}}" */
    unsigned long long h = input_hash_more(s->hash, "}}", 2);
    char *end = malloc(SEAL_LEN + 1);
    if (!end)
        out_of_memory();
    snprintf(end, SEAL_LEN + 1, SEAL_START "%016llx\"}}", h);
    return end;
}

bool part_line_sealed(char *s, size_t len)
{
    if (len < SEAL_LEN + 2 || memcmp(s + len - SEAL_LEN, SEAL_START, sizeof SEAL_START - 1) != 0 ||
        memcmp(s + len - 3, "\"}}", 3) != 0)
        return false;
    unsigned long long digest = 0;
    for (const char *d = s + len - 19; d < s + len - 3; d++) {
        int v = *d >= '0' && *d <= '9' ? *d - '0' : *d >= 'a' && *d <= 'f' ? *d - 'a' + 10 : -1;
        if (v < 0)
            return false;
        digest = digest << 4 | (unsigned)v;
    }
    /* the unsealed line is the text before the seal, then "}}" */
    size_t n = len - SEAL_LEN;
    char kept[2] = {s[n], s[n + 1]};
    s[n] = s[n + 1] = '}';
    bool same = input_hash(s, n + 2) == digest;
    s[n] = kept[0];
    s[n + 1] = kept[1];
    return same;
}
