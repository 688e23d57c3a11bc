/* The Condition keyword: one rule set of FORMAT.md 3 and its switches, found
 * in the rules registry.  Never combines rule sets; never builds a position. */
#include "sections.h"

#include <stdio.h>
#include <string.h>

static bool is_condition_word(const struct token *t)
{
    bool ambiguous;
    return rules_lookup(t->s, t->len, &ambiguous) != NULL;
}

static bool begins_with(const struct rules *r, const void *token)
{
    return tok_is_prefix_of(token, r->name);
}

/* The switch words of r as "A, B or C" for messages; empty when it has none. */
static void list_switches(const struct rules *r, char *out, size_t cap)
{
    size_t used = 0;
    int n = 0;
    out[0] = 0;
    while (r->switch_names && r->switch_names[n])
        n++;
    for (int i = 0; i < n && used < cap; i++) {
        int w = snprintf(out + used, cap - used, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
                         r->switch_names[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

bool parse_condition(struct parser *p, const struct token *kw, const struct rules **r, unsigned *switches,
                     struct token *name_tok)
{
    char q[64], k[64], conditions[160];
    struct token t = lex_next(&p->lx);
    tok_quote(kw, k, sizeof k);
    rules_list_names(rules_is_condition, NULL, conditions, sizeof conditions);
    if (t.len == 0)
        return parse_fail_tok(p, kw, "expected a condition (%s) after %s, found the end of the input", conditions,
                              k);
    tok_quote(&t, q, sizeof q);
    bool ambiguous;
    const struct rules *found = rules_lookup(t.s, t.len, &ambiguous);
    if (ambiguous) {
        char cand[160];
        rules_list_names(begins_with, &t, cand, sizeof cand);
        return parse_fail_tok(p, &t, "ambiguous condition %s (%s)", q, cand);
    }
    if (!found)
        return parse_fail_tok(p, &t, "expected a condition (%s) after %s, found %s", conditions, k, q);
    *name_tok = t;
    unsigned bits = 0;
    for (;;) {
        struct token n = lex_peek(&p->lx);
        if (n.len == 0)
            break;
        char nq[64];
        tok_quote(&n, nq, sizeof nq);
        int own = rules_switch_lookup(found, n.s, n.len);
        if (own == RULES_AMBIGUOUS)
            return parse_fail_tok(p, &n, "ambiguous switch %s of %s", nq, found->name);
        if (own >= 0) {
            lex_next(&p->lx);
            bits |= 1u << own;
            continue;
        }
        if (is_keyword(p, &n) || kw_find(p->lang, KT_TWIN_OP, &n) != KW_NONE)
            break;
        if (is_condition_word(&n)) {
            char first[64];
            tok_quote(&t, first, sizeof first);
            return parse_fail_tok(p, &n, "two conditions: %s and %s (conditions are not combined)", first, nq);
        }
        char list[160];
        list_switches(found, list, sizeof list);
        if (list[0])
            return parse_fail_tok(p, &n, "expected a switch of %s (%s) or a keyword, found %s", found->name, list,
                                  nq);
        return parse_fail_tok(p, &n, "expected a keyword after %s (it has no switches), found %s", found->name, nq);
    }
    *r = found;
    *switches = bits;
    return true;
}
