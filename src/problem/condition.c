/* The Condition keyword: one rule set of FORMAT.md 3 and its switches, found
 * in the rules registry.  Never combines rule sets; never builds a position. */
#include "parse.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const struct rules *registered(const char *name)
{
    for (int i = 0; rules_all[i]; i++)
        if (strcasecmp(rules_all[i]->name, name) == 0)
            return rules_all[i];
    return NULL;
}

static const struct rules *registered_token(const struct token *t)
{
    for (int i = 0; rules_all[i]; i++)
        if (tok_equals(t, rules_all[i]->name))
            return rules_all[i];
    return NULL;
}

bool rules_is_stones_and_relays(const struct rules *r)
{
    return r && r->name && strcasecmp(r->name, "StonesAndRelays") == 0;
}

void rules_board_size(const struct rules *r, int *files, int *ranks)
{
    if (r && r->files > 0 && r->ranks > 0 && r->files <= MAX_FILES && r->ranks <= MAX_RANKS) {
        *files = r->files;
        *ranks = r->ranks;
    } else {
        *files = 8;
        *ranks = rules_is_stones_and_relays(r) ? 9 : 8;
    }
}

void condition_text(const struct rules *r, unsigned switches, char *out, size_t cap)
{
    size_t used = 0;
    int w = snprintf(out, cap, "%s", r->name);
    used = w > 0 ? (size_t)w : 0;
    for (int i = 0; r->switch_names && r->switch_names[i] && used < cap; i++)
        if (switches & (1u << i)) {
            w = snprintf(out + used, cap - used, " %s", r->switch_names[i]);
            if (w < 0)
                break;
            used += (size_t)w;
        }
}

/* Index of t among the NULL-terminated words (unique prefix), KW_NONE or KW_AMBIGUOUS. */
static int find_switch(const char *const *words, const struct token *t)
{
    int found = KW_NONE;
    for (int i = 0; words && words[i]; i++) {
        if (!tok_is_prefix_of(t, words[i]))
            continue;
        if (t->len == strlen(words[i]))
            return i;
        if (found != KW_NONE)
            return KW_AMBIGUOUS;
        found = i;
    }
    return found;
}

static void list_words(const char *const *words, char *out, size_t cap)
{
    size_t used = 0;
    int n = 0;
    out[0] = 0;
    while (words && words[n])
        n++;
    for (int i = 0; i < n && used < cap; i++) {
        int w = snprintf(out + used, cap - used, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ", words[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

static bool is_condition_word(const struct parser *p, const struct token *t)
{
    return kw_find(p->lang, KT_CONDITION, t) >= 0 || registered_token(t) != NULL;
}

bool parse_condition(struct parser *p, const struct token *kw, const struct rules **r, unsigned *switches,
                     struct token *name_tok)
{
    char q[64], k[64];
    struct token t = lex_next(&p->lx);
    tok_quote(kw, k, sizeof k);
    if (t.len == 0)
        return parse_fail_tok(p, kw, "expected a condition (KnightRelay, Dynamo, StonesAndRelays or Emulation) "
                                     "after %s, found the end of the input", k);
    tok_quote(&t, q, sizeof q);
    int c = kw_find(p->lang, KT_CONDITION, &t);
    const char *name;
    const struct rules *found;
    const char *const *words; /* FORMAT.md 3's switches (grammar), or the rule set's own */
    if (c == KW_AMBIGUOUS) {
        char cand[160];
        kw_candidates(p->lang, KT_CONDITION, &t, cand, sizeof cand);
        return parse_fail_tok(p, &t, "ambiguous condition %s (%s)", q, cand);
    }
    if (c >= 0) {
        name = kw_name(p->lang, KT_CONDITION, c);
        found = registered(name);
        words = condition_switch_words((enum condition_kw)c);
    } else {
        found = registered_token(&t);
        if (!found)
            return parse_fail_tok(p, &t, "expected a condition (KnightRelay, Dynamo, StonesAndRelays or "
                                         "Emulation) after %s, found %s", k, q);
        name = found->name;
        words = NULL;
    }
    *name_tok = t;
    unsigned bits = 0;
    for (;;) {
        struct token n = lex_peek(&p->lx);
        if (n.len == 0)
            break;
        char nq[64];
        tok_quote(&n, nq, sizeof nq);
        int own = found ? find_switch(found->switch_names, &n) : KW_NONE;
        int known = find_switch(words, &n);
        if (own == KW_AMBIGUOUS || (own == KW_NONE && known == KW_AMBIGUOUS))
            return parse_fail_tok(p, &n, "ambiguous switch %s of %s", nq, name);
        if (own >= 0 || known >= 0) {
            lex_next(&p->lx);
            if (found && own < 0)
                return parse_fail_tok(p, &n, "switch %s of %s is not supported yet", words[known], name);
            if (found) {
                if (own >= 32)
                    return parse_fail_tok(p, &n, "too many switches for %s", name);
                bits |= 1u << own;
            }
            continue;
        }
        if (is_keyword(p, &n) || kw_find(p->lang, KT_TWIN_OP, &n) != KW_NONE)
            break;
        if (is_condition_word(p, &n)) {
            char first[64];
            tok_quote(&t, first, sizeof first);
            return parse_fail_tok(p, &n, "two conditions: %s and %s (conditions are not combined)", first, nq);
        }
        char list[160];
        list_words(words ? words : found->switch_names, list, sizeof list);
        if (list[0])
            return parse_fail_tok(p, &n, "expected a switch of %s (%s) or a keyword, found %s", name, list, nq);
        return parse_fail_tok(p, &n, "expected a keyword after %s (it has no switches), found %s", name, nq);
    }
    if (!found)
        return parse_fail_tok(p, &t, "condition %s is not supported yet", name);
    *r = found;
    *switches = bits;
    return true;
}
