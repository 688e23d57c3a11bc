/* Reading Twin and ZeroPosition: the twinning operations of FORMAT.md 5 and
 * their arguments.  Applying them to a diagram is twin_apply.c's job. */
#include "sections.h"
#include "squares.h"

#include <stdio.h>
#include <string.h>

static struct twin_op *new_op(struct parser *p, struct twin *t, enum twin_op_kind kind, const struct token *at)
{
    if (t->op_count == TWIN_OPS_MAX) {
        parse_fail_tok(p, at, "too many operations in one twin (at most %d)", TWIN_OPS_MAX);
        return NULL;
    }
    struct twin_op *op = &t->ops[t->op_count++];
    memset(op, 0, sizeof *op);
    op->kind = kind;
    op->line = at->line;
    op->column = at->column;
    return op;
}

static bool read_square(struct parser *p, const struct token *kw, struct square_ref *q)
{
    struct token t = lex_next(&p->lx);
    if (t.len == 2 && token_is_square_list(&t)) {
        *q = square_ref_at(t.s);
        return true;
    }
    char k[64], s[64];
    tok_quote(kw, k, sizeof k);
    tok_quote(&t, s, sizeof s);
    return parse_fail_tok(p, t.len ? &t : kw, "expected a square after %s, found %s", k,
                          t.len ? s : "the end of the input");
}

static bool read_kind(struct parser *p, const struct token *kw, unit_t *u)
{
    struct token t = lex_next(&p->lx);
    enum kind k = t.len == 1 ? language_piece(p->lang, t.s[0]) : KIND_NONE;
    if (k != KIND_NONE && k != STONE && k != RELAY) {
        *u = unit_make(WHITE, k);
        return true;
    }
    char kq[64], s[64];
    tok_quote(kw, kq, sizeof kq);
    tok_quote(&t, s, sizeof s);
    if (t.len == 1 && (t.s[0] == 'N' || t.s[0] == 'n'))
        return parse_fail_tok(p, &t, "N is not a piece letter: the knight is S");
    return parse_fail_tok(p, t.len ? &t : kw, "expected a piece letter after %s, found %s", kq,
                          t.len ? s : "the end of the input");
}

static bool two_squares(struct parser *p, struct twin *t, enum twin_op_kind kind, const struct token *kw)
{
    struct twin_op *op = new_op(p, t, kind, kw);
    return op && read_square(p, kw, &op->a) && read_square(p, kw, &op->b);
}

static bool remove_squares(struct parser *p, struct twin *t, const struct token *kw)
{
    struct token s = lex_next(&p->lx);
    if (!token_is_square_list(&s)) {
        char k[64], q[64];
        tok_quote(kw, k, sizeof k);
        tok_quote(&s, q, sizeof q);
        return parse_fail_tok(p, s.len ? &s : kw, "expected a square after %s, found %s", k,
                              s.len ? q : "the end of the input");
    }
    for (size_t i = 0; i < s.len; i += 2) {
        struct token at = s;
        at.column += (int)i;
        struct twin_op *op = new_op(p, t, TWIN_REMOVE, &at);
        if (!op)
            return false;
        op->a = square_ref_at(s.s + i);
    }
    return true;
}

static bool rotate(struct parser *p, struct twin *t, const struct token *kw)
{
    struct twin_op *op = new_op(p, t, TWIN_ROTATE, kw);
    if (!op)
        return false;
    struct token s = lex_next(&p->lx);
    op->degrees = tok_equals(&s, "90") ? 90 : tok_equals(&s, "180") ? 180 : tok_equals(&s, "270") ? 270 : 0;
    if (op->degrees)
        return true;
    char q[64];
    tok_quote(&s, q, sizeof q);
    char k[64];
    tok_quote(kw, k, sizeof k);
    return parse_fail_tok(p, s.len ? &s : kw, "expected 90, 180 or 270 after %s, found %s", k,
                          s.len ? q : "the end of the input");
}

static bool mirror(struct parser *p, struct twin *t, const struct token *kw)
{
    struct twin_op *op = new_op(p, t, TWIN_MIRROR, kw);
    if (!op)
        return false;
    struct token s = lex_next(&p->lx);
    int m = s.len ? kw_find(p->lang, KT_MIRROR, &s) : KW_NONE;
    if (m >= 0) {
        op->mirror = (enum mirror_kind)m;
        return true;
    }
    char q[64];
    tok_quote(&s, q, sizeof q);
    char k[64];
    tok_quote(kw, k, sizeof k);
    return parse_fail_tok(p, s.len ? &s : kw, "expected a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1 after %s, "
                                              "found %s", k, s.len ? q : "the end of the input");
}

static bool one_op(struct parser *p, struct twin *t, const struct token *kw, int which)
{
    struct twin_op *op;
    switch (which) {
    case TO_MOVE: return two_squares(p, t, TWIN_MOVE, kw);
    case TO_EXCHANGE: return two_squares(p, t, TWIN_EXCHANGE, kw);
    case TO_SHIFT: return two_squares(p, t, TWIN_SHIFT, kw);
    case TO_REMOVE: return remove_squares(p, t, kw);
    case TO_ADD: return parse_pieces(p, kw, t);
    case TO_ROTATE: return rotate(p, t, kw);
    case TO_MIRROR: return mirror(p, t, kw);
    case TO_POLISH: return new_op(p, t, TWIN_POLISH, kw) != NULL;
    case TO_SUBSTITUTE:
        op = new_op(p, t, TWIN_SUBSTITUTE, kw);
        return op && read_kind(p, kw, &op->unit) && read_kind(p, kw, &op->unit2);
    case TO_STIPULATION:
        op = new_op(p, t, TWIN_STIPULATION, kw);
        return op && parse_stipulation(p, kw, &op->stipulation);
    case TO_CONDITION: {
        for (int i = 0; i < t->op_count; i++)
            if (t->ops[i].kind == TWIN_CONDITION)
                return parse_fail_tok(p, kw, "two conditions in one twin (conditions are not combined)");
        struct token name;
        op = new_op(p, t, TWIN_CONDITION, kw);
        return op && parse_condition(p, kw, &op->rules, &op->switches, &name);
    }
    default: {
        char q[64];
        tok_quote(kw, q, sizeof q);
        return parse_fail_tok(p, kw, "twinning %s (structured stipulation) is not supported", q);
    }
    }
}

bool parse_twin_ops(struct parser *p, const struct token *kw, struct twin *t, bool zero_position)
{
    char k[64], q[64];
    tok_quote(kw, k, sizeof k);
    memset(t, 0, sizeof *t);
    t->line = kw->line;
    t->column = kw->column;
    struct token n = lex_peek(&p->lx);
    if (n.len && kw_find(p->lang, KT_TWIN_OP, &n) == TO_CONTINUED) {
        if (zero_position)
            return parse_fail_tok(p, &n, "%s cannot be Continued", k);
        lex_next(&p->lx);
        t->continued = true;
    }
    for (;;) {
        n = lex_peek(&p->lx);
        if (n.len == 0)
            break;
        int which = kw_find(p->lang, KT_TWIN_OP, &n);
        tok_quote(&n, q, sizeof q);
        if (which == KW_AMBIGUOUS) {
            char cand[200];
            kw_candidates(p->lang, KT_TWIN_OP, &n, cand, sizeof cand);
            return parse_fail_tok(p, &n, "ambiguous twinning %s (%s)", q, cand);
        }
        if (which == KW_NONE)
            break;
        if (which == TO_CONTINUED)
            return parse_fail_tok(p, &n, "%s must come first after %s", q, k);
        lex_next(&p->lx);
        if (!one_op(p, t, &n, which))
            return false;
    }
    if (t->op_count == 0)
        return parse_fail_tok(p, n.len ? &n : kw, "expected a twinning (Move, Exchange, Remove, Add, Substitute, "
                                                  "Rotate, Mirror, Shift, PolishType, Stipulation, Condition) "
                                                  "after %s, found %s", k, n.len ? q : "the end of the input");
    return true;
}
