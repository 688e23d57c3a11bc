/* Popeye's LaTeX FILE and LaTeXPieces: the file the problems go into, and how
 * stones and relays are drawn there.  What cannot be done is refused. */
#include "sections.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool letters_only(const struct token *t, size_t max)
{
    if (t->len == 0 || t->len > max)
        return false;
    for (size_t i = 0; i < t->len; i++)
        if (!isalpha((unsigned char)t->s[i]))
            return false;
    return true;
}

/* diagram.sty's piece symbols (its default German letters): K D T L S B,
 * optionally turned Left, Right or Upside down, and the circle C and the
 * equihoppers E and X, which cannot be turned. */
static bool diagram_symbol(const struct token *t, char out[3])
{
    if (!letters_only(t, 2))
        return false;
    char a = (char)toupper((unsigned char)t->s[0]), b = t->len == 2 ? (char)toupper((unsigned char)t->s[1]) : 0;
    if (!strchr("KDTLSBCEX", a) || (b && (!strchr("LRU", b) || strchr("CEX", a))))
        return false;
    out[0] = a;
    out[1] = b;
    out[2] = 0;
    return true;
}

/* One line "O C Stone": the unit's letter, its symbol, its name (the rest of
 * the line).  t is the unit's letter, already read. */
static bool piece_line(struct parser *p, const struct token *t, const struct token *kw)
{
    char q[64], k[64];
    tok_quote(t, q, sizeof q);
    tok_quote(kw, k, sizeof k);
    /* the refused line is skipped whole: recovery must not read its words
     * as keywords ('n' would be NextProblem) */
    enum kind kind = t->len == 1 ? language_piece(p->lang, t->s[0]) : KIND_NONE;
    if (kind != STONE && kind != RELAY) {
        lex_skip_line(&p->lx);
        if (kind != KIND_NONE)
            return parse_fail_at(p, t->line, t->column, "%s after %s: the orthodox pieces keep diagram.sty's own "
                                 "symbols (only O, the stone, and X, the relay, can be given one)", q, k);
        return parse_fail_at(p, t->line, t->column, "%s after %s: no unit has that letter (fairy pieces are not "
                             "supported; O, the stone, and X, the relay, can be given a symbol)", q, k);
    }
    struct token sym = lex_next(&p->lx);
    struct latex_piece *lp = &p->pr->latex_pieces[kind == STONE ? LATEX_STONE : LATEX_RELAY];
    if (!diagram_symbol(&sym, lp->symbol)) {
        char s[64];
        tok_quote(&sym, s, sizeof s);
        static const char what[] = "%s is not a piece symbol of diagram.sty for %s (K D T L S B, turned by L, "
                                   "R or U; or C, E, X)";
        if (sym.len == 0 || sym.line != t->line) /* the next line's word is read again by the recovery */
            return parse_fail_tok(p, sym.len ? &sym : t, what, sym.len ? s : "the end of the input", q);
        lex_skip_line(&p->lx);
        return parse_fail_at(p, sym.line, sym.column, what, s, q);
    }
    free(lp->name);
    lp->name = lex_rest_of_line_copy(&p->lx);
    lp->line = t->line;
    lp->column = t->column;
    return true;
}

/* As in Popeye, a word of one or two letters is a piece's code and begins
 * a line of the list; the first longer word ends it.  A code of a piece
 * Popeye knows and we do not ("n SU Nightrider") is refused. */
static bool piece_lines(struct parser *p, const struct token *kw)
{
    for (;;) {
        struct token t = lex_peek(&p->lx);
        if (!letters_only(&t, 2))
            return true;
        lex_next(&p->lx);
        if (!piece_line(p, &t, kw))
            return false;
    }
}

bool parse_latex(struct parser *p, const struct token *kw)
{
    struct problem *pr = p->pr;
    char *name = parse_file_name(p, kw);
    if (!name)
        return false;
    free(pr->latex); /* a second LaTeX replaces the first, as a second Protocol does */
    pr->latex = name;
    pr->latex_line = kw->line;
    pr->latex_column = kw->column;
    return piece_lines(p, kw);
}

bool parse_latex_pieces(struct parser *p, const struct token *kw) { return piece_lines(p, kw); }
