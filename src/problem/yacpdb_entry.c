/* One YACPDB entry into struct problem through the Popeye reader's section
 * parsers, each field lexed where it stands; kinds not solved told apart. */
#include "yacpdb_entry.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/memory.h"
#include "sections.h"
#include "yacpdb_schema.h"
#include "yacpdb_texts.h"

#define NOT_SOLVED "not solved: "

/* Each field's text is lexed at its place in the file (lex_scalar) and read
 * by the section parser the problem language uses for it, so errors name
 * file:line:column and both languages mean the same; validate.c checks the
 * whole.  Entries of kinds not solved (proof games, studies, fairy pieces
 * and conditions) are told apart from malformed ones (not_solved). */
struct entry {
    const struct entry_doc *d;
    const yaml_node_t *root;
    struct parser p;
    struct parse_error *err;
    bool not_solved;       /* the error says what is not solved here */
    char **kept;           /* the texts the parser's tokens point into, freed at the end */
    int kept_count;
};

static bool not_solved_at(struct entry *e, const yaml_node_t *n, const char *fmt, const char *what)
{
    struct place at = doc_text_place(e->d, n);
    e->not_solved = true;
    char q[64];
    snprintf(q, sizeof q, "%.40s%s", what, strlen(what) > 40 ? "..." : "");
    return parse_fail_at(&e->p, at.line, at.column, fmt, q);
}

/* A parser's failure in a section of a kind fairysolve may not play: its
 * message, marked as not solved. */
static bool refused(struct entry *e)
{
    char *m = e->err->message;
    size_t prefix = strlen(NOT_SOLVED), keep = strnlen(m, sizeof e->err->message - 1 - prefix);
    memmove(m + prefix, m, keep);
    memcpy(m, NOT_SOLVED, prefix);
    m[prefix + keep] = 0;
    e->not_solved = true;
    return false;
}

/* The lexer on prefix + the scalar's text, the text's first byte at its
 * place in the file (the prefix, a keyword the section parser wants, before
 * it).  The text is kept until the problem is finished. */
static void lex_scalar(struct entry *e, const yaml_node_t *n, const char *prefix)
{
    const char *text = doc_text(n);
    size_t pl = strlen(prefix), tl = strlen(text);
    char *buf = malloc(pl + tl + 1);
    char **grown = realloc(e->kept, sizeof *grown * (size_t)(e->kept_count + 1));
    if (!buf || !grown)
        out_of_memory();
    memcpy(buf, prefix, pl);
    memcpy(buf + pl, text, tl + 1);
    e->kept = grown;
    e->kept[e->kept_count++] = buf;
    struct place at = doc_text_place(e->d, n);
    lex_init(&e->p.lx, buf, pl + tl);
    e->p.lx.line = e->p.lx.last.line = at.line;
    e->p.lx.column = at.column - (int)pl;
    e->p.lx.last.column = at.column;
}

/* The name of the field, as the keyword the section parser's messages cite. */
static struct token field_token(struct entry *e, const yaml_node_t *n, const char *name)
{
    struct place at = doc_place(e->d, n);
    struct token t = {name, strlen(name), 0, at.line, at.column};
    return t;
}

static bool nothing_after(struct entry *e, const char *what)
{
    struct token t = lex_next(&e->p.lx);
    if (t.len == 0)
        return true;
    char q[64];
    tok_quote(&t, q, sizeof q);
    return parse_fail_tok(&e->p, &t, "unexpected %s after the %s", q, what);
}

/* Proof games (PG, dia), studies (+, =) and stipulations in words are
 * YACPDB's; the play types of the stipulation parser are the ones solved. */
static bool read_stipulation(struct entry *e)
{
    const yaml_node_t *n = doc_get(e->d, e->root, "stipulation");
    const char *t = doc_text(n);
    if (strncasecmp(t, "pg", 2) == 0 || strncasecmp(t, "dia", 3) == 0)
        return not_solved_at(e, n, NOT_SOLVED "a proof game (stipulation '%s')", t);
    if ((t[0] == '+' || t[0] == '=') && (t[1] == 0 || t[1] == ' '))
        return not_solved_at(e, n, NOT_SOLVED "a study (stipulation '%s')", t);
    if (strcasecmp(t, "see text") == 0)
        return not_solved_at(e, n, NOT_SOLVED "a stipulation in words ('%s')", t);
    lex_scalar(e, n, "");
    struct token kw = field_token(e, n, "stipulation");
    if (!parse_stipulation(&e->p, &kw, &e->p.pr->stipulation) || !nothing_after(e, "stipulation"))
        return refused(e);
    e->p.pr->has_stipulation = true;
    return true;
}

/* One item of options: an option with its arguments, or a condition with
 * its switches (YACPDB lists both there). */
static bool read_option(struct entry *e, const yaml_node_t *n)
{
    struct problem *pr = e->p.pr;
    lex_scalar(e, n, "");
    struct token first = lex_peek(&e->p.lx);
    bool ambiguous;
    if (first.len && kw_find(LANG_ENGLISH, KT_OPTION, &first) != KW_NONE) {
        struct token kw = field_token(e, n, "options");
        return parse_options(&e->p, &kw, &pr->options, false) || refused(e);
    }
    if (first.len && rules_lookup(first.s, first.len, &ambiguous)) {
        if (e->p.has_condition) {
            char a[64], b[64];
            tok_quote(&e->p.condition_tok, a, sizeof a);
            tok_quote(&first, b, sizeof b);
            parse_fail_tok(&e->p, &first, "two conditions: %s and %s (conditions are not combined)", a, b);
            return refused(e);
        }
        struct token kw = field_token(e, n, "options");
        if (!parse_condition(&e->p, &kw, &pr->rules, &pr->switches, &e->p.condition_tok))
            return refused(e);
        e->p.has_condition = true;
        return true;
    }
    return not_solved_at(e, n, NOT_SOLVED "'%s' is a condition or option fairysolve does not play", doc_text(n));
}

static bool read_options(struct entry *e)
{
    const yaml_node_t *list = doc_get(e->d, e->root, "options");
    for (int i = 0; i < doc_length(list); i++) {
        const yaml_node_t *n = doc_item(e->d, list, i);
        if (!doc_is_label(n)) {
            struct place at = doc_place(e->d, n);
            return parse_fail_at(&e->p, at.line, at.column, "options[%d]: expected an option as text, found %s",
                                 i + 1, doc_kind_name(n));
        }
        if (!read_option(e, n))
            return false;
    }
    return true;
}

/* Fairy pieces and specifications (Royal Zf3, Gd4, Na1 the nightrider) and
 * neutral pieces are not played; neutral stones and relays (O, X) are. */
static bool read_piece(struct entry *e, const yaml_node_t *n, const char *colour)
{
    const char *t = doc_text(n);
    size_t len = strlen(t);
    bool neutral = strcmp(colour, "Neutral") == 0;
    if (strchr(t, ' ') || len != 3 || !strchr(neutral ? "OX" : "KQRBSP", t[0]))
        return not_solved_at(e, n, neutral && len == 3 && strchr("KQRBSP", t[0])
                                       ? NOT_SOLVED "a neutral piece ('%s')"
                                       : NOT_SOLVED "a fairy piece ('%s')", t);
    char prefix[16];
    snprintf(prefix, sizeof prefix, "%s ", colour);
    lex_scalar(e, n, prefix);
    struct token kw = field_token(e, n, "algebraic");
    return parse_pieces(&e->p, &kw, NULL) && nothing_after(e, "piece");
}

static bool read_algebraic(struct entry *e)
{
    static const char *const keys[] = {"white", "black", "neutral"}, *const colours[] = {"White", "Black", "Neutral"};
    const yaml_node_t *alg = doc_get(e->d, e->root, "algebraic");
    for (int c = 0; c < 3; c++) {
        const yaml_node_t *list = doc_get(e->d, alg, keys[c]);
        for (int i = 0; i < doc_length(list); i++)
            if (!read_piece(e, doc_item(e->d, list, i), colours[c]))
                return false;
    }
    return true;
}

/* b = 1, c = 2, ... z = 25, z1 = 26, ...; a (the zero position) = 0. */
static long twin_rank(const char *label)
{
    return label[1] ? 25 + strtol(label + 1, NULL, 10) : label[0] - 'a';
}

static int by_rank(const void *a, const void *b)
{
    long x = twin_rank(doc_text(*(yaml_node_t *const *)a)), y = twin_rank(doc_text(*(yaml_node_t *const *)b));
    return (x > y) - (x < y);
}

static bool read_twin(struct entry *e, const yaml_node_t *label, const yaml_node_t *ops, struct twin *tw, bool zero)
{
    lex_scalar(e, ops, "");
    struct token kw = field_token(e, label, zero ? "twin a" : "twin");
    return parse_twin_ops(&e->p, &kw, tw, zero) || refused(e);
}

/* The twins in label order: a (if any) is the zero position, then b, c, ...
 * with none left out. */
static bool read_twins(struct entry *e)
{
    struct problem *pr = e->p.pr;
    const yaml_node_t *map = doc_get(e->d, e->root, "twins");
    int n = doc_length(map);
    if (n == 0)
        return true;
    yaml_node_t **labels = malloc(sizeof *labels * (size_t)n);
    pr->twins = calloc((size_t)n, sizeof *pr->twins);
    if (!labels || !pr->twins)
        out_of_memory();
    for (int i = 0; i < n; i++)
        labels[i] = doc_pair_key(e->d, map, i);
    qsort(labels, (size_t)n, sizeof *labels, by_rank);
    bool ok = true;
    pr->zero_position = twin_rank(doc_text(labels[0])) == 0;
    for (int i = 0; i < n && ok; i++) {
        const yaml_node_t *ops = doc_get(e->d, map, doc_text(labels[i]));
        long want = i + !pr->zero_position;
        if (twin_rank(doc_text(labels[i])) != want) {
            struct place at = doc_place(e->d, labels[i]);
            ok = parse_fail_at(&e->p, at.line, at.column, "twins: '%s' comes after the twin before it is missing "
                                                          "(twins are labelled b, c, d ... in order)",
                               doc_text(labels[i]));
        } else if (want == 0) {
            ok = read_twin(e, labels[i], ops, &pr->zero, true);
        } else {
            ok = read_twin(e, labels[i], ops, &pr->twins[pr->twin_count], false);
            pr->twin_count += ok;
        }
    }
    free(labels);
    return ok;
}

/* intended-solutions: N, or "2.2.1.1" (the product: 4), "4.1.1..." (4):
 * the number of solutions of each twin, for --check in help and series
 * play (Expect solutions). */
static void read_intended(struct entry *e)
{
    struct problem *pr = e->p.pr;
    const yaml_node_t *n = doc_get(e->d, e->root, "intended-solutions");
    if (!n || !stipulation_has_lines(&pr->stipulation))
        return;
    long product = 1;
    for (const char *t = doc_text(n); *t && product <= 1000000;) {
        char *end;
        long v = strtol(t, &end, 10);
        if (end == t)
            break;
        product *= v;
        t = *end == '.' && isdigit((unsigned char)end[1]) ? end + 1 : "";
    }
    struct place at = doc_place(e->d, n);
    pr->expect.solutions = product > 1000000 ? 1000000 : (int)product;
    pr->expect.solutions_line = at.line;
    pr->expect.solutions_column = at.column;
}

static void read_solution(struct entry *e)
{
    const yaml_node_t *n = doc_get(e->d, e->root, "solution");
    e->p.pr->published = strdup(doc_text(n));
    if (!e->p.pr->published)
        out_of_memory();
    e->p.pr->published_line = doc_text_place(e->d, n).line;
}

enum entry_result yacpdb_entry_read(const struct entry_doc *d, const yaml_node_t *root, struct problem *pr,
                                    struct parse_error *err)
{
    struct entry e = {.d = d, .root = root, .err = err};
    memset(&e.p, 0, sizeof e.p);
    e.p.lang = LANG_ENGLISH;
    e.p.err = err;
    e.p.pr = pr;
    memset(e.p.slot, -1, sizeof e.p.slot);
    bool ok = yacpdb_schema_check(d, root, err);
    if (ok) {
        yacpdb_texts(d, root, pr);
        ok = read_options(&e) && read_stipulation(&e) && read_algebraic(&e) && read_twins(&e);
    }
    if (ok) {
        read_intended(&e);
        read_solution(&e);
        ok = problem_finish(&e.p);
    }
    for (int i = 0; i < e.kept_count; i++)
        free(e.kept[i]);
    free(e.kept);
    if (!ok) {
        problem_free(pr);
        return e.not_solved ? ENTRY_NOT_SOLVED : ENTRY_ERROR;
    }
    return e.p.bad_twin ? ENTRY_BAD_TWIN : ENTRY_OK;
}
