/* Squares as the problem language writes them: a file a-h and a rank 1-9,
 * alone or glued into lists (a1h1).  The board's real size is checked elsewhere. */
#include "squares.h"

#include <ctype.h>

static bool is_square_at(const char *s)
{
    int f = tolower((unsigned char)s[0]);
    return f >= 'a' && f <= 'h' && s[1] >= '1' && s[1] <= '9';
}

size_t square_list_prefix(const char *s, size_t len)
{
    size_t i = 0;
    while (i + 2 <= len && is_square_at(s + i))
        i += 2;
    return i;
}

bool token_is_square_list(const struct token *t)
{
    return t->len >= 2 && square_list_prefix(t->s, t->len) == t->len;
}

struct square_ref square_ref_at(const char *s)
{
    struct square_ref q = {(int8_t)(tolower((unsigned char)s[0]) - 'a'), (int8_t)(s[1] - '1')};
    return q;
}

void square_ref_name(struct square_ref q, char *buf)
{
    buf[0] = (char)('a' + q.file);
    buf[1] = (char)('1' + q.rank);
    buf[2] = 0;
}
