/* The parser's shared pieces: an error recorded at a place or a token (the
 * first one wins), and the test for a problem-level keyword, which the
 * reader and every section parser use. */
#include "parse.h"

#include <stdio.h>
#include <stdlib.h>

static bool vfail(struct parser *p, int line, int column, const char *fmt, va_list ap)
{
    if (!p->failed) {
        p->failed = true;
        p->err->line = line;
        p->err->column = column;
        vsnprintf(p->err->message, sizeof p->err->message, fmt, ap);
    }
    return false;
}

bool parse_fail_at(struct parser *p, int line, int column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(p, line, column, fmt, ap);
    va_end(ap);
    return false;
}

bool parse_fail_tok(struct parser *p, const struct token *t, const char *fmt, ...)
{
    if (!p->failed) {
        p->fail_tok = *t;
        p->fail_has_tok = true;
    }
    va_list ap;
    va_start(ap, fmt);
    vfail(p, t->line, t->column, fmt, ap);
    va_end(ap);
    return false;
}

enum kw_table classify_keyword(const struct parser *p, const struct token *t, int *index)
{
    static const enum kw_table order[] = {KT_PROBLEM, KT_TWIN_END, KT_PROBLEM_END};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        int k = kw_find(p->lang, order[i], t);
        if (k != KW_NONE) {
            *index = k;
            return order[i];
        }
    }
    *index = KW_NONE;
    return KT_COUNT;
}

bool is_keyword(const struct parser *p, const struct token *t)
{
    int index;
    return t->len > 0 && classify_keyword(p, t, &index) != KT_COUNT;
}

char *parse_file_name(struct parser *p, const struct token *kw)
{
    char *name = lex_rest_of_line_copy(&p->lx);
    if (name[0])
        return name;
    free(name);
    char q[64];
    tok_quote(kw, q, sizeof q);
    parse_fail_tok(p, kw, "expected a file name after %s", q);
    return NULL;
}
