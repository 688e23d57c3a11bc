/* The Expect keyword (FORMAT.md 6, ext): intended keys and number of
 * solutions, kept as written.  Checking them against a solution is elsewhere. */
#include "sections.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define EXPECT_SOLUTIONS_MAX 1000000L

static bool read_key(struct parser *p, const struct token *kw)
{
    struct expectation *e = &p->pr->expect;
    struct token m = lex_next(&p->lx);
    bool digit = false;
    for (size_t i = 0; i < m.len; i++)
        digit |= isdigit((unsigned char)m.s[i]) != 0;
    digit |= m.len >= 3 && strncasecmp(m.s, "o-o", 3) == 0; /* castling with the letter O */
    char k[64], q[64];
    tok_quote(kw, k, sizeof k);
    tok_quote(&m, q, sizeof q);
    if (!digit || m.len >= sizeof e->keys[0])
        return parse_fail_tok(p, m.len ? &m : kw, "expected a key move like Qa3-d6 or a3d6 after %s, found %s", k,
                              m.len ? q : "the end of the input");
    if (e->key_count == EXPECT_KEYS_MAX)
        return parse_fail_tok(p, &m, "too many expected keys (at most %d)", EXPECT_KEYS_MAX);
    memcpy(e->keys[e->key_count], m.s, m.len);
    e->keys[e->key_count][m.len] = 0;
    e->key_line[e->key_count] = m.line;
    e->key_column[e->key_count] = m.column;
    e->key_count++;
    return true;
}

static bool read_solutions(struct parser *p, const struct token *kw)
{
    struct token n = lex_next(&p->lx);
    long v;
    bool too_big;
    char k[64], q[64];
    tok_quote(kw, k, sizeof k);
    tok_quote(&n, q, sizeof q);
    if (!tok_number(&n, EXPECT_SOLUTIONS_MAX, &v, &too_big))
        return parse_fail_tok(p, n.len ? &n : kw, too_big ? "the number %s after %s is too large" :
                                                            "expected a number after %s, found %s",
                              too_big ? q : k, too_big ? k : (n.len ? q : "the end of the input"));
    p->pr->expect.solutions = (int)v;
    p->pr->expect.solutions_line = kw->line;
    p->pr->expect.solutions_column = kw->column;
    return true;
}

bool parse_expect(struct parser *p, const struct token *kw)
{
    int items = 0;
    for (;;) {
        struct token t = lex_peek(&p->lx);
        int e = t.len ? kw_find(p->lang, KT_EXPECT, &t) : KW_NONE;
        if (e < 0)
            break;
        lex_next(&p->lx);
        if (!(e == EK_KEY ? read_key(p, &t) : read_solutions(p, &t)))
            return false;
        items++;
    }
    if (items == 0) {
        struct token t = lex_peek(&p->lx);
        char k[64], q[64];
        tok_quote(kw, k, sizeof k);
        tok_quote(&t, q, sizeof q);
        return parse_fail_tok(p, t.len ? &t : kw, "expected 'key MOVE' or 'solutions N' after %s, found %s", k,
                              t.len ? q : "the end of the input");
    }
    return true;
}
