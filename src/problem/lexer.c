/* Splitting problem text into tokens with line and column, and reading the
 * rest of a line for Author/Remark.  Knows no keyword and builds no problem. */
#include "../base/memory.h"
#include "lexer.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_separator(unsigned char c)
{
    return c == ' ' || c == ';' || c == ',' || c < 0x20 || c == 0x7f;
}

void lex_init(struct lexer *lx, const char *buf, size_t len)
{
    memset(lx, 0, sizeof *lx);
    lx->buf = buf;
    lx->len = len;
    lx->line = 1;
    lx->column = 1;
    lx->last.line = 1;
    lx->last.column = 1;
    lx->last.s = buf;
}

static void advance(struct lexer *lx)
{
    if (lx->buf[lx->pos] == '\n') {
        lx->line++;
        lx->column = 1;
    } else {
        lx->column++;
    }
    lx->pos++;
}

struct token lex_next(struct lexer *lx)
{
    while (lx->pos < lx->len && is_separator((unsigned char)lx->buf[lx->pos]))
        advance(lx);
    struct token t = {lx->buf + lx->pos, 0, lx->pos, lx->line, lx->column};
    while (lx->pos < lx->len && !is_separator((unsigned char)lx->buf[lx->pos])) {
        lx->pos++; /* no newline inside a token */
        lx->column++;
    }
    t.len = lx->pos - t.offset;
    if (t.len)
        lx->last = t;
    return t;
}

struct token lex_peek(const struct lexer *lx)
{
    struct lexer copy = *lx;
    return lex_next(&copy);
}

void lex_rewind(struct lexer *lx, const struct token *t)
{
    lx->pos = t->offset;
    lx->line = t->line;
    lx->column = t->column;
}

static bool at_line_end(const struct lexer *lx)
{
    return lx->pos >= lx->len || lx->buf[lx->pos] == '\n' || lx->buf[lx->pos] == '\r';
}

void lex_rest_of_line(struct lexer *lx, char *out, size_t cap)
{
    size_t n = 0;
    if (!at_line_end(lx)) {
        while (lx->pos < lx->len && strchr(" \t;.,", lx->buf[lx->pos]) && lx->buf[lx->pos])
            advance(lx);
        while (!at_line_end(lx)) {
            unsigned char c = (unsigned char)lx->buf[lx->pos];
            if (c >= 0x20 && c != 0x7f && n + 1 < cap)
                out[n++] = (char)c;
            else if (c == '\t' && n + 1 < cap)
                out[n++] = ' ';
            advance(lx);
        }
    }
    /* do not leave half a UTF-8 sequence at a cut */
    if (n + 1 >= cap) {
        size_t k = n;
        while (k > 0 && ((unsigned char)out[k - 1] & 0xc0) == 0x80)
            k--;
        if (k > 0 && ((unsigned char)out[k - 1] & 0x80))
            n = k - 1;
    }
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '\t'))
        n--;
    if (cap)
        out[n] = 0;
}

char *lex_rest_of_line_copy(struct lexer *lx)
{
    /* the rest of the input bounds the rest of the line */
    size_t cap = lx->len - lx->pos + 1;
    char *out = malloc(cap);
    if (!out)
        out_of_memory();
    lex_rest_of_line(lx, out, cap);
    return out;
}

void lex_skip_line(struct lexer *lx)
{
    while (!at_line_end(lx))
        advance(lx);
}

bool tok_equals(const struct token *t, const char *word)
{
    size_t n = strlen(word);
    if (n != t->len)
        return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)t->s[i]) != tolower((unsigned char)word[i]))
            return false;
    return true;
}

bool tok_is_prefix_of(const struct token *t, const char *word)
{
    if (t->len == 0 || t->len > strlen(word))
        return false;
    for (size_t i = 0; i < t->len; i++)
        if (tolower((unsigned char)t->s[i]) != tolower((unsigned char)word[i]))
            return false;
    return true;
}

void tok_quote(const struct token *t, char *out, size_t cap)
{
    size_t n = 0, max = 40;
    if (cap < 8) {
        if (cap)
            out[0] = 0;
        return;
    }
    out[n++] = '\'';
    for (size_t i = 0; i < t->len && i < max && n + 6 < cap; i++) {
        unsigned char c = (unsigned char)t->s[i];
        out[n++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    if (t->len > max && n + 5 < cap) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n++] = '\'';
    out[n] = 0;
}

bool tok_number(const struct token *t, long max, long *value, bool *too_big)
{
    long v = 0;
    *too_big = false;
    if (t->len == 0)
        return false;
    for (size_t i = 0; i < t->len; i++) {
        if (!isdigit((unsigned char)t->s[i]))
            return false;
        if (!*too_big) {
            v = v * 10 + (t->s[i] - '0');
            if (v > max)
                *too_big = true;
        }
    }
    if (*too_big)
        return false;
    *value = v;
    return true;
}
