/* The Pieces keyword (and twin Add): colour words, then piece letters with
 * squares (Pa2b3c4).  Records units with where they were written; no board checks. */
#include "sections.h"
#include "squares.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool add_unit(struct parser *p, struct twin *add_to, struct square_ref q, unit_t u, int line, int column)
{
    if (add_to) {
        if (add_to->op_count == TWIN_OPS_MAX)
            return parse_fail_at(p, line, column, "too many operations in one twin (at most %d)", TWIN_OPS_MAX);
        struct twin_op *op = &add_to->ops[add_to->op_count++];
        memset(op, 0, sizeof *op);
        op->kind = TWIN_ADD;
        op->a = q;
        op->unit = u;
        op->line = line;
        op->column = column;
        return true;
    }
    struct diagram *d = &p->pr->diagram;
    int slot = p->slot[q.rank][q.file];
    if (slot >= 0) { /* never a silent replacement (White Qa7 Black Qa7) */
        char sq[3];
        square_ref_name(q, sq);
        return parse_fail_at(p, line, column, "two units on %s (the first was written at line %d, column %d)", sq,
                             p->unit_at[slot].line, p->unit_at[slot].column);
    }
    if (d->count == DIAGRAM_MAX)
        return parse_fail_at(p, line, column, "too many units (at most %d)", DIAGRAM_MAX);
    slot = d->count++;
    p->slot[q.rank][q.file] = (int8_t)slot;
    d->units[slot].file = q.file;
    d->units[slot].rank = q.rank;
    d->units[slot].unit = u;
    p->unit_at[slot].line = line;
    p->unit_at[slot].column = column;
    return true;
}

static bool ends_pieces(const struct parser *p, const struct token *t, bool in_twin)
{
    return kw_find(p->lang, KT_COLOUR, t) != KW_NONE || is_keyword(p, t) ||
           (in_twin && kw_find(p->lang, KT_TWIN_OP, t) != KW_NONE);
}

/* 1: a piece token was read; 0: t is not a piece token; -1: error. */
static int piece_token(struct parser *p, const struct token *t, enum colour colour, struct twin *add_to)
{
    char q[64];
    if (t->len == 0)
        return 0;
    tok_quote(t, q, sizeof q);
    enum kind kind = language_piece(p->lang, t->s[0]);
    if (kind == KIND_NONE) {
        bool squares_follow = t->len > 1 && square_list_prefix(t->s + 1, t->len - 1) == t->len - 1;
        if (toupper((unsigned char)t->s[0]) == 'N' && squares_follow)
            return parse_fail_tok(p, t, "N is not a piece letter in %s: the knight is S", q), -1;
        return 0;
    }
    struct token list;
    size_t first;
    if (t->len == 1) {
        lex_next(&p->lx);
        list = lex_next(&p->lx);
        if (!token_is_square_list(&list)) {
            char l[64];
            tok_quote(&list, l, sizeof l);
            return parse_fail_tok(p, list.len ? &list : t, "expected a square after %s, found %s", q,
                                  list.len ? l : "the end of the input"), -1;
        }
        first = 0;
    } else {
        size_t good = square_list_prefix(t->s + 1, t->len - 1);
        if (good != t->len - 1) {
            if (good == 0 && ends_pieces(p, t, add_to != NULL))
                return 0;
            struct token before = *t, bad = *t;
            before.len = 1 + good;
            bad.s += 1 + good;
            bad.offset += 1 + good;
            bad.column += (int)(1 + good);
            bad.len = t->len - 1 - good;
            if (bad.len > 2 && isalpha((unsigned char)bad.s[0]) && isdigit((unsigned char)bad.s[1]))
                bad.len = 2;
            char b1[64], b2[64];
            tok_quote(&before, b1, sizeof b1);
            tok_quote(&bad, b2, sizeof b2);
            return parse_fail_tok(p, &bad, "expected a square after %s, found %s", b1, b2), -1;
        }
        lex_next(&p->lx);
        list = *t;
        first = 1;
    }
    if (colour == NEUTRAL && kind != STONE && kind != RELAY)
        return parse_fail_tok(p, t, "only stones (O) and relays (X) can be Neutral, found %s", q), -1;
    if (colour != NEUTRAL && (kind == STONE || kind == RELAY))
        return parse_fail_tok(p, t, "stones (O) and relays (X) belong to nobody: write %s after Neutral", q), -1;
    for (size_t i = first; i < list.len; i += 2)
        if (!add_unit(p, add_to, square_ref_at(list.s + i), unit_make(colour, kind), list.line,
                      list.column + (int)i))
            return -1;
    return 1;
}

bool parse_pieces(struct parser *p, const struct token *kw, struct twin *add_to)
{
    static const enum colour colours[CK_COUNT] = {WHITE, BLACK, NEUTRAL};
    char k[64], q[64];
    tok_quote(kw, k, sizeof k);
    int groups = 0;
    for (;;) {
        struct token t = lex_peek(&p->lx);
        tok_quote(&t, q, sizeof q);
        int c = t.len ? kw_find(p->lang, KT_COLOUR, &t) : KW_NONE;
        if (c == KW_AMBIGUOUS)
            return parse_fail_tok(p, &t, "ambiguous colour %s", q);
        if (c < 0) {
            if (groups > 0 && (t.len == 0 || ends_pieces(p, &t, add_to != NULL)))
                return true;
            if (groups > 0)
                return parse_fail_tok(p, &t, "expected a piece like Ke1, a colour (%s, %s, %s) or a keyword, found %s",
                                      kw_name(p->lang, KT_COLOUR, 0), kw_name(p->lang, KT_COLOUR, 1),
                                      kw_name(p->lang, KT_COLOUR, 2), q);
            return parse_fail_tok(p, t.len ? &t : kw, "expected %s, %s or %s after %s, found %s",
                                  kw_name(p->lang, KT_COLOUR, 0), kw_name(p->lang, KT_COLOUR, 1),
                                  kw_name(p->lang, KT_COLOUR, 2), k, t.len ? q : "the end of the input");
        }
        lex_next(&p->lx);
        groups++;
        int n = 0;
        for (;;) {
            struct token u = lex_peek(&p->lx);
            int r = piece_token(p, &u, colours[c], add_to);
            if (r < 0)
                return false;
            if (r == 0)
                break;
            n++;
        }
        if (n == 0) {
            /* an empty group, as Popeye reads it ("White" then "Black" or a
             * keyword): that colour has no units */
            struct token u = lex_peek(&p->lx);
            if (u.len && (kw_find(p->lang, KT_COLOUR, &u) >= 0 || ends_pieces(p, &u, add_to != NULL)))
                continue;
            char ql[64], uq[64];
            tok_quote(&t, ql, sizeof ql);
            tok_quote(&u, uq, sizeof uq);
            return parse_fail_tok(p, u.len ? &u : &t, "expected a piece like Ke1 after %s, found %s", ql,
                                  u.len ? uq : "the end of the input");
        }
    }
}
