/* The problem reader: BeginProblem ... NextProblem ... EndProblem, the
 * keywords of a problem, and recovery after an error.  Never solves or prints. */
#include "reader.h"

#include "../base/memory.h"
#include "../base/text.h"
#include "../board/fen.h"
#include "sections.h"
#include "reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TWINS_MAX 10000

enum reader_state { R_START, R_IN, R_DONE };

struct reader {
    const char *file;
    char *text;
    size_t len;
    struct lexer lx;
    enum language lang;
    enum reader_state state;
    int count;
    const char *encoding;     /* an encoding the reader cannot read ("UTF-16LE"); NULL if none */
};

static void parser_setup(struct parser *p, const struct lexer *lx, enum language lang, struct parse_error *err,
                         struct problem *pr)
{
    memset(p, 0, sizeof *p);
    p->lx = *lx;
    p->lang = lang;
    p->err = err;
    p->pr = pr;
    memset(p->slot, -1, sizeof p->slot);
}

/* The rest of the keyword's line added to *dst (a new line when *dst has
 * text already): texts are kept whole, however long (FORMAT.md 1). */
static void append_line(struct lexer *lx, char **dst)
{
    char *text = lex_rest_of_line_copy(lx);
    if (!*dst) {
        *dst = text;
        return;
    }
    size_t n = strlen(*dst), m = strlen(text);
    char *joined = realloc(*dst, n + m + 2);
    if (!joined)
        out_of_memory();
    joined[n] = '\n';
    memcpy(joined + n + 1, text, m + 1);
    *dst = joined;
    free(text);
}

static bool set_condition(struct parser *p, const struct token *kw)
{
    struct problem *pr = p->pr;
    if (p->has_condition) {
        struct token next = lex_peek(&p->lx);
        char a[64], b[64];
        tok_quote(&p->condition_tok, a, sizeof a);
        tok_quote(&next, b, sizeof b);
        return parse_fail_tok(p, next.len ? &next : kw, "two conditions: %s and %s (conditions are not combined)",
                              a, next.len ? b : "another");
    }
    if (!parse_condition(p, kw, &pr->rules, &pr->switches, &p->condition_tok))
        return false;
    p->has_condition = true;
    return true;
}

/* Protocol FILE: the output from this problem on is copied to FILE, as in
 * Popeye (the printer opens it); a second Protocol replaces the first. */
static bool set_protocol(struct parser *p, const struct token *t)
{
    struct problem *pr = p->pr;
    char *name = parse_file_name(p, t);
    if (!name)
        return false;
    free(pr->protocol);
    pr->protocol = name;
    pr->protocol_line = t->line;
    pr->protocol_column = t->column;
    return true;
}

static bool problem_keyword(struct parser *p, const struct token *t, int which)
{
    struct problem *pr = p->pr;
    char q[64];
    tok_quote(t, q, sizeof q);
    switch (which) {
    case PK_REMARK: append_line(&p->lx, &pr->remark); return true;
    case PK_AUTHOR: append_line(&p->lx, &pr->author); return true;
    case PK_ORIGIN: append_line(&p->lx, &pr->origin); return true;
    case PK_TITLE: append_line(&p->lx, &pr->title); return true;
    case PK_AWARD: append_line(&p->lx, &pr->award); return true;
    case PK_PROTOCOL: return set_protocol(p, t);
    case PK_LATEX: return parse_latex(p, t);
    case PK_LATEX_PIECES: return parse_latex_pieces(p, t);
    case PK_PIECES: return parse_pieces(p, t, NULL);
    case PK_CONDITION: return set_condition(p, t);
    case PK_OPTION: return parse_options(p, t, &pr->options, true);
    case PK_EXPECT: return parse_expect(p, t);
    case PK_STIPULATION:
        if (pr->has_stipulation)
            return parse_fail_tok(p, t, "a second Stipulation (the first is %s)", pr->stipulation.text);
        if (!parse_stipulation(p, t, &pr->stipulation))
            return false;
        pr->has_stipulation = true;
        return true;
    case PK_ARRAY:
    case PK_FORSYTH:
        if (p->has_forsyth)
            return parse_fail_tok(p, t, "a second Forsyth or InitialGameArray in one problem");
        p->has_forsyth = true;
        p->forsyth_is_array = which == PK_ARRAY;
        p->forsyth_tok = *t;
        if (which == PK_FORSYTH) {
            p->forsyth_tok = lex_next(&p->lx);
            if (p->forsyth_tok.len == 0)
                return parse_fail_tok(p, t, "expected a placement like rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR "
                                            "after %s, found the end of the input", q);
        }
        return true;
    default:
        return parse_fail_tok(p, t, "%s (structured stipulation) is not supported", q);
    }
}

static struct twin *add_twin(struct parser *p, const struct token *t)
{
    struct problem *pr = p->pr;
    if (pr->twin_count == TWINS_MAX) {
        parse_fail_tok(p, t, "too many twins (at most %d)", TWINS_MAX);
        return NULL;
    }
    if ((pr->twin_count & (pr->twin_count - 1)) == 0) { /* 0, 1, 2, 4, ...: grow */
        size_t cap = pr->twin_count ? (size_t)pr->twin_count * 2 : 1;
        struct twin *grown = realloc(pr->twins, cap * sizeof *grown);
        if (!grown) {
            parse_fail_tok(p, t, "out of memory for twins");
            return NULL;
        }
        pr->twins = grown;
    }
    return &pr->twins[pr->twin_count++];
}

static bool twin_keyword(struct parser *p, const struct token *t, int which, bool *in_twins)
{
    struct problem *pr = p->pr;
    if (which == TE_ZEROPOSITION) {
        if (*in_twins) {
            char q[64];
            tok_quote(t, q, sizeof q);
            return parse_fail_tok(p, t, "%s must come before the first Twin, and only once", q);
        }
        pr->zero_position = true;
        *in_twins = true;
        return parse_twin_ops(p, t, &pr->zero, true);
    }
    struct twin *tw = add_twin(p, t);
    *in_twins = true;
    if (!tw)
        return false;
    if (!parse_twin_ops(p, t, tw, false)) {
        pr->twin_count--;
        return false;
    }
    return true;
}

static bool unexpected(struct parser *p, const struct token *t, int index, enum kw_table table, bool in_twins)
{
    char q[64];
    tok_quote(t, q, sizeof q);
    if (index == KW_AMBIGUOUS) {
        char cand[200];
        kw_candidates(p->lang, table, t, cand, sizeof cand);
        return parse_fail_tok(p, t, "ambiguous keyword %s (%s)", q, cand);
    }
    const char *end = kw_name(p->lang, KT_PROBLEM_END, PE_NEXT), *stop = kw_name(p->lang, KT_PROBLEM_END, PE_END);
    if (in_twins)
        return parse_fail_tok(p, t, "expected a twinning, %s, %s or %s after the twins, found %s",
                              kw_name(p->lang, KT_TWIN_END, TE_TWIN), end, stop, q);
    return parse_fail_tok(p, t, "expected a keyword (%s, %s, %s, %s, %s, %s or %s ...), found %s",
                          kw_name(p->lang, KT_PROBLEM, PK_PIECES), kw_name(p->lang, KT_PROBLEM, PK_STIPULATION),
                          kw_name(p->lang, KT_PROBLEM, PK_OPTION), kw_name(p->lang, KT_PROBLEM, PK_CONDITION),
                          kw_name(p->lang, KT_TWIN_END, TE_TWIN), end, stop, q);
}

static bool parse_body(struct parser *p)
{
    bool in_twins = false;
    for (;;) {
        struct token t = lex_next(&p->lx);
        if (t.len == 0) {
            struct token last = p->lx.last;
            char q[64];
            tok_quote(&last, q, sizeof q);
            p->ended = END_EOF;
            return parse_fail_at(p, last.line, last.column, "expected %s or %s after %s, found the end of the input",
                                 kw_name(p->lang, KT_PROBLEM_END, PE_NEXT), kw_name(p->lang, KT_PROBLEM_END, PE_END),
                                 q);
        }
        int which;
        enum kw_table table = classify_keyword(p, &t, &which);
        if (which < 0)
            return unexpected(p, &t, which, table, in_twins);
        if (table == KT_PROBLEM_END) {
            p->ended = which == PE_END ? END_END : END_NEXT;
            p->end_tok = t;
            return true;
        }
        if (table == KT_TWIN_END) {
            if (!twin_keyword(p, &t, which, &in_twins))
                return false;
            continue;
        }
        if (in_twins && which != PK_REMARK && which != PK_EXPECT)
            return unexpected(p, &t, KW_NONE, table, true);
        if (!problem_keyword(p, &t, which))
            return false;
    }
}

/* After an error: on to the end of this problem (NextProblem or EndProblem). */
static void skip_problem(struct parser *p)
{
    for (;;) {
        struct token t = lex_next(&p->lx);
        if (t.len == 0) {
            p->ended = END_EOF;
            return;
        }
        int which;
        enum kw_table table = classify_keyword(p, &t, &which);
        if (table == KT_PROBLEM_END && which >= 0) {
            p->ended = which == PE_END ? END_END : END_NEXT;
            return;
        }
        if (table == KT_PROBLEM && (which == PK_REMARK || which == PK_AUTHOR || which == PK_ORIGIN ||
                                    which == PK_TITLE || which == PK_AWARD || which == PK_PROTOCOL ||
                                    which == PK_LATEX))
            lex_skip_line(&p->lx);
    }
}

/* UTF-16 shows as a byte-order mark or, without one, as a NUL byte next to
 * each of the first ASCII characters; one of the first four bytes being
 * NUL is enough to tell it from text, in which NUL never belongs. */
static const char *utf16_name(const unsigned char *b, size_t len)
{
    if (len >= 2 && b[0] == 0xff && b[1] == 0xfe)
        return "UTF-16LE";
    if (len >= 2 && b[0] == 0xfe && b[1] == 0xff)
        return "UTF-16BE";
    if (len >= 4 && b[0] && !b[1] && b[2] && !b[3])
        return "UTF-16LE";
    if (len >= 4 && !b[0] && b[1] && !b[2] && b[3])
        return "UTF-16BE";
    return NULL;
}

struct reader *reader_new(const char *file_name, const char *text, size_t len)
{
    struct reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->encoding = utf16_name((const unsigned char *)text, len);
    /* a UTF-8 byte-order mark (editors on Windows write one) is not text */
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
        text += 3;
        len -= 3;
    }
    r->text = text_copy(text, len);
    if (!r->text) {
        free(r);
        return NULL;
    }
    r->len = len;
    r->file = file_name;
    lex_init(&r->lx, r->text, len);
    return r;
}

void reader_free(struct reader *r)
{
    if (!r)
        return;
    free(r->text);
    free(r);
}

/* Before the first problem: the BeginProblem word sets the language. */
static int reader_start(struct reader *r, struct problem *pr, struct parse_error *err)
{
    if (r->encoding) {
        err->line = err->column = 1;
        snprintf(err->message, sizeof err->message,
                 "the file is in %s; save it as UTF-8 (or ASCII) to read it", r->encoding);
        pr->index = 0;
        pr->line = 1;
        r->state = R_DONE;
        return -1;
    }
    struct token t = lex_next(&r->lx);
    if (t.len == 0) {
        r->state = R_DONE;
        return 0;
    }
    int lang = kw_begin_language(&t);
    if (lang >= 0) {
        r->lang = (enum language)lang;
        r->state = R_IN;
        return 1;
    }
    char q[64];
    tok_quote(&t, q, sizeof q);
    err->line = t.line;
    err->column = t.column;
    snprintf(err->message, sizeof err->message, "expected BeginProblem (or AnfangProblem), found %s", q);
    pr->index = 0;
    pr->line = t.line;
    r->state = R_DONE;
    while ((t = lex_next(&r->lx)).len) {
        lang = kw_begin_language(&t);
        if (lang >= 0) {
            r->lang = (enum language)lang;
            r->state = R_IN;
            break;
        }
    }
    return -1;
}

int reader_next(struct reader *r, struct problem *pr, struct parse_error *err)
{
    problem_init(pr);
    memset(err, 0, sizeof *err);
    if (!r)
        return 0;
    pr->file = r->file;
    if (r->state == R_START) {
        int s = reader_start(r, pr, err);
        if (s <= 0)
            return s;
    }
    if (r->state == R_DONE)
        return 0;
    struct token first = lex_peek(&r->lx);
    if (first.len == 0 && r->count > 0) { /* a NextProblem just before the end */
        r->state = R_DONE;
        return 0;
    }
    struct parser p;
    parser_setup(&p, &r->lx, r->lang, err, pr);
    pr->index = ++r->count;
    pr->language = r->lang;
    pr->line = first.len ? first.line : r->lx.last.line;
    bool ok = parse_body(&p) && problem_finish(&p);
    if (!ok) {
        if (p.ended == END_NONE) {
            if (p.fail_has_tok)
                lex_rewind(&p.lx, &p.fail_tok);
            skip_problem(&p);
        }
        problem_free(pr);
    }
    r->lx = p.lx;
    if (p.ended != END_NEXT)
        r->state = R_DONE;
    return !ok ? -1 : p.bad_twin ? 2 : 1;
}

/* ---- the same grammar for the --fen companions ---- */

static void text_parser(struct parser *p, const char *text, struct parse_error *err, struct lexer *lx)
{
    memset(err, 0, sizeof *err);
    lex_init(lx, text ? text : "", text ? strlen(text) : 0);
    parser_setup(p, lx, LANG_ENGLISH, err, NULL);
}

static bool nothing_after(struct parser *p, const char *what)
{
    struct token t = lex_next(&p->lx);
    if (t.len == 0)
        return true;
    char q[64];
    tok_quote(&t, q, sizeof q);
    return parse_fail_tok(p, &t, "unexpected %s after the %s", q, what);
}

static struct token pseudo_keyword(const char *word)
{
    struct token t = {word, strlen(word), 0, 1, 1};
    return t;
}

bool parse_stipulation_text(const char *text, struct stipulation *s, struct parse_error *err)
{
    struct parser p;
    struct lexer lx;
    text_parser(&p, text, err, &lx);
    struct token kw = pseudo_keyword("Stipulation");
    struct stipulation tmp;
    if (!parse_stipulation(&p, &kw, &tmp) || !nothing_after(&p, "stipulation"))
        return false;
    *s = tmp;
    return true;
}

bool parse_condition_text(const char *text, const struct rules **r, unsigned *switches, struct parse_error *err)
{
    struct parser p;
    struct lexer lx;
    text_parser(&p, text, err, &lx);
    struct token kw = pseudo_keyword("Condition"), name;
    const struct rules *found;
    unsigned bits;
    if (!parse_condition(&p, &kw, &found, &bits, &name) || !nothing_after(&p, "condition"))
        return false;
    *r = found;
    *switches = bits;
    return true;
}

bool parse_options_text(const char *text, struct options *o, struct parse_error *err)
{
    struct parser p;
    struct lexer lx;
    text_parser(&p, text, err, &lx);
    struct token kw = pseudo_keyword("Option");
    struct options tmp = *o;
    if (!parse_options(&p, &kw, &tmp, false))
        return false;
    *o = tmp;
    return true;
}

/* The units of the FEN's placement (text, from its first character) into
 * pr's diagram, each with the column it is written at. */
static bool fen_units(struct parser *p, const char *text, int offset, const struct position *pos)
{
    struct problem *pr = p->pr;
    const struct geometry *g = pos->geo;
    int rank = g->ranks - 1, file = 0;
    for (const char *c = text; *c && *c != ' ' && *c != '\t'; c++) {
        if (*c == '/') {
            rank--;
            file = 0;
        } else if (*c >= '0' && *c <= '9') {
            int n = *c - '0';
            if (c[1] >= '0' && c[1] <= '9') { /* two-digit runs, as fen.c reads them */
                c++;
                n = n * 10 + (*c - '0');
            }
            file += n;
        } else {
            if (pr->diagram.count == DIAGRAM_MAX)
                return parse_fail_at(p, 1, offset + (int)(c - text) + 1, "too many units (at most %d)", DIAGRAM_MAX);
            int i = pr->diagram.count++;
            pr->diagram.units[i] = (struct diagram_unit){(int8_t)file, (int8_t)rank, pos->board[geo_square(g, file, rank)]};
            p->unit_at[i] = (struct place){1, offset + (int)(c - text) + 1};
            file++;
        }
    }
    return true;
}

bool parse_fen_text(const char *text, struct problem *pr, int *side, struct parse_error *err)
{
    struct parser p;
    struct lexer lx;
    text_parser(&p, text, err, &lx);
    p.pr = pr;
    struct position pos;
    struct fen_error fe;
    position_init(&pos, pr->rules, pr->switches);
    if (!fen_parse(&pos, text, &fe))
        return parse_fail_at(&p, 1, fe.column, "%s", fe.message);
    int offset = 0;
    while (text[offset] == ' ' || text[offset] == '\t')
        offset++;
    if (!fen_units(&p, text + offset, offset, &pos))
        return false;
    /* the rights the castling field leaves out: gone, as NoCastling takes them */
    struct options *o = &pr->options;
    for (int r = 0; r < CASTLING_RIGHTS && o->no_castling_count < SQUARE_LIST_MAX; r++) {
        int rook = castling_rook_home(&pos, (enum castling_right)r);
        if (pos.st.castle_rook[r] == SQ_NONE && rook != SQ_NONE)
            o->no_castling[o->no_castling_count++] = (struct square_ref){(int8_t)pos.geo->file_of[rook],
                                                                         (int8_t)pos.geo->rank_of[rook]};
    }
    /* the e.p. square: the double step over it was the last move */
    if (pos.st.ep_sq != SQ_NONE) {
        const char *field = text + offset;
        for (int f = 0; f < 3; f++) { /* placement, side, castling */
            while (*field && *field != ' ' && *field != '\t')
                field++;
            while (*field == ' ' || *field == '\t')
                field++;
        }
        int over = pos.st.ep_sq, to = pos.st.ep_victim, from = 2 * over - to;
        const struct geometry *g = pos.geo;
        int sq[3] = {from, over, to};
        for (int i = 0; i < 3; i++)
            o->en_passant[i] = (struct square_ref){(int8_t)g->file_of[sq[i]], (int8_t)g->rank_of[sq[i]]};
        o->en_passant_count = 3;
        o->en_passant_line = 1;
        o->en_passant_column = (int)(field - text) + 1;
        p.en_passant_at = (struct place){1, o->en_passant_column};
    }
    *side = pos.st.side;
    return problem_check_read(&p);
}
