/* The LaTeX document of Popeye's LaTeX FILE for diagram.sty (TeX Live's
 * chess-problem-diagrams): each problem's diagram, twins and solution. */
#include "latex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/rules.h"
#include "utf8.h"
#include "words.h"

/* diagram.sty's letters are German (K D T L S B) and so are its colours:
 * w, s (schwarz), n. */
static const char diagram_letter[KIND_COUNT] = {0, 'K', 'D', 'T', 'L', 'S', 'B', 0, 0};
static const char colour_letter[COLOUR_COUNT] = {'w', 's', 'n'};

void latex_units_default(struct latex_units *u, enum language lang)
{
    snprintf(u->symbol[LATEX_STONE], sizeof u->symbol[0], "C");
    snprintf(u->symbol[LATEX_RELAY], sizeof u->symbol[0], "E");
    snprintf(u->name[LATEX_STONE], sizeof u->name[0], "%s", lang == LANG_GERMAN ? "Stein" : "Stone");
    snprintf(u->name[LATEX_RELAY], sizeof u->name[0], "%s", lang == LANG_GERMAN ? "Relais" : "Relay");
}

void latex_units_update(struct latex_units *u, const struct problem *pr)
{
    for (int i = 0; i < LATEX_PIECES; i++) {
        const struct latex_piece *lp = &pr->latex_pieces[i];
        if (lp->symbol[0])
            snprintf(u->symbol[i], sizeof u->symbol[i], "%s", lp->symbol);
        if (lp->name && lp->name[0])
            snprintf(u->name[i], sizeof u->name[i], "%s", lp->name);
    }
}

/* Text from the input, as Popeye writes it: TeX's markup passes (accents as
 * L\'aszl\'o, braces), the characters TeX takes as commands of their own
 * are escaped; valid UTF-8, pdflatex's input encoding. */
static void user_text(struct text *out, const char *s, size_t len)
{
    char *part = malloc(len + 1);
    if (!part)
        return;
    memcpy(part, s, len);
    part[len] = 0;
    char *u = utf8_from_text(part);
    for (const char *c = u; *c; c++) {
        if (strchr("#$%&_", *c))
            text_printf(out, "\\%c", *c);
        else
            text_printf(out, "%c", (unsigned char)*c < 0x20 ? ' ' : *c);
    }
    free(u);
    free(part);
}

/* The lines of a text (Author, Origin ... joined with newlines), each
 * through user_text, joined by sep. */
static void user_lines(struct text *out, const char *s, const char *sep)
{
    for (bool first = true; *s; first = false) {
        size_t len = strcspn(s, "\n");
        if (!first)
            text_put(out, sep);
        user_text(out, s, len);
        s += len + (s[len] == '\n');
    }
}

/* Our own words (moves, stipulations): every character TeX treats
 * specially is escaped. */
static void plain_text(struct text *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '\\': text_put(out, "\\textbackslash{}"); break;
        case '~': text_put(out, "\\textasciitilde{}"); break;
        case '^': text_put(out, "\\textasciicircum{}"); break;
        case '<': text_put(out, "$<$"); break;
        case '>': text_put(out, "$>$"); break;
        default:
            if (strchr("#$%&_{}", *s))
                text_printf(out, "\\%c", *s);
            else
                text_printf(out, "%c", *s);
        }
    }
}

/* diagram.sty wants "surname, given names"; Popeye turns "Given Surname"
 * round (the last word is the surname) unless a comma says it already is;
 * several authors are separated by "; ". */
static void author(struct text *out, const char *a)
{
    text_put(out, " \\author{");
    if (strchr(a, ',')) {
        user_lines(out, a, "; ");
    } else {
        for (bool first = true; *a; first = false) {
            size_t len = strcspn(a, "\n"), space = len;
            while (space > 0 && a[space - 1] != ' ')
                space--;
            if (!first)
                text_put(out, "; ");
            user_text(out, a + space, len - space);
            text_put(out, ", ");
            user_text(out, a, space > 0 ? space - 1 : 0);
            a += len + (a[len] == '\n');
        }
    }
    text_put(out, "}%\n");
}

/* Popeye's award line: the award up to the first comma, the tournament after it. */
static void award(struct text *out, const char *a)
{
    const char *comma = strchr(a, ',');
    text_put(out, " \\award{");
    user_text(out, a, comma ? (size_t)(comma - a) : strlen(a));
    text_put(out, "}%\n");
    if (comma) {
        text_put(out, " \\tournament{");
        user_lines(out, comma + 1 + strspn(comma + 1, " "), ", ");
        text_put(out, "}%\n");
    }
}

static void tagged(struct text *out, const char *tag, const char *s)
{
    text_printf(out, " \\%s{", tag);
    user_lines(out, s, ", ");
    text_put(out, "}%\n");
}

/* "wKe1", "nCb9": colour, diagram.sty's symbol, square. */
static void unit_symbol(struct text *out, unit_t u, const struct latex_units *lu)
{
    enum kind k = unit_kind(u);
    text_printf(out, "%c", colour_letter[unit_colour(u) % 3]);
    if (k == STONE || k == RELAY)
        text_put(out, lu->symbol[k == STONE ? LATEX_STONE : LATEX_RELAY]);
    else
        text_printf(out, "%c", diagram_letter[k % KIND_COUNT]);
}

/* \pieces in Popeye's order (a1, b1 ... h1, a2 ...); returns which of
 * stone and relay stand on the board. */
static unsigned pieces(struct text *out, const struct position *p, const struct latex_units *lu)
{
    const struct geometry *g = p->geo;
    unsigned neutral = 0;
    bool first = true;
    text_put(out, " \\pieces{");
    for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++) {
            unit_t u = p->board[geo_square(g, f, r)];
            if (!unit_is_piece(u))
                continue;
            text_put(out, first ? "" : ", ");
            unit_symbol(out, u, lu);
            text_printf(out, "%c%d", 'a' + f, r + 1);
            neutral |= unit_kind(u) == STONE ? 1u : unit_kind(u) == RELAY ? 2u : 0u;
            first = false;
        }
    text_put(out, "}%\n");
    return neutral;
}

/* Popeye's legend of the fairy pieces: "\nC =Stone". */
static void legend(struct text *out, unsigned neutral, const struct latex_units *lu)
{
    if (!neutral)
        return;
    text_put(out, " \\remark{");
    for (int i = 0; i < LATEX_PIECES; i++) {
        if (!(neutral >> i & 1))
            continue;
        if (i == LATEX_RELAY && (neutral & 1))
            text_put(out, "{\\newline}");
        text_printf(out, "\\mbox{\\n%s =", lu->symbol[i]);
        user_text(out, lu->name[i], strlen(lu->name[i]));
        text_put(out, "}");
    }
    text_put(out, "}%\n");
}

void latex_diagram_head(struct text *out, const struct problem *pr, const struct position *p,
                        const struct latex_units *u)
{
    const struct geometry *g = p->geo;
    text_put(out, "\\begin{diagram}");
    if (g->files != 8 || g->ranks != 8)
        text_printf(out, "[%dx%d]", g->files, g->ranks);
    text_put(out, "%\n");
    if (pr->author && pr->author[0])
        author(out, pr->author);
    if (pr->origin && pr->origin[0])
        tagged(out, "source", pr->origin);
    if (pr->award && pr->award[0])
        award(out, pr->award);
    if (pr->title && pr->title[0])
        tagged(out, "dedication", pr->title);
    unsigned neutral = pieces(out, p, u);
    text_put(out, " \\stipulation{");
    plain_text(out, pr->stipulation.text);
    if (pr->options.set_play)
        text_put(out, "*");
    if (pr->options.white_to_play) /* Popeye: "h#2 w->" */
        text_put(out, " w{\\ra}");
    text_put(out, "}%\n");
    if (pr->rules != &rules_orthodox) {
        char cond[RULES_DESCRIPTION_MAX];
        rules_describe_text(pr->rules, pr->switches, cond);
        tagged(out, "condition", cond);
    }
    legend(out, neutral, u);
}

/* "wBb5" at s, as twin_apply.c writes a unit (English letters), into *u;
 * false when s does not start with one. */
static bool unit_at(const char *s, unit_t *u)
{
    const char *colours = "wbn";
    const char *c = s[0] ? strchr(colours, s[0]) : NULL;
    enum kind k = s[0] ? kind_from_letter(s[1]) : KIND_NONE;
    if (!c || k == KIND_NONE || s[2] < 'a' || s[2] > 'h' || s[3] < '1' || s[3] > '9')
        return false;
    *u = unit_make((enum colour)(c - colours), k);
    return true;
}

static void unit_on(struct text *out, unit_t u, const char *square, const struct latex_units *lu)
{
    text_put(out, "\\");
    unit_symbol(out, u, lu);
    text_printf(out, " %.2s", square);
}

/* One operation of a twin's change as Popeye's LaTeX writes it: "+\wL h6",
 * "--\sL b5", "\wS h3{\ra}h4", "\wK e1{\lra}\sK e8", "rotate $90^\circ$". */
static void twin_operation(struct text *out, const char *op, const struct words *w, const struct latex_units *lu)
{
    const struct words *en = words_of(LANG_ENGLISH);
    unit_t a, b;
    bool sign = op[0] == '+' || op[0] == '-';
    if (unit_at(op + sign, &a)) {
        const char *rest = op + sign + 4;
        text_put(out, op[0] == '+' ? "+" : op[0] == '-' ? "--" : "");
        unit_on(out, a, op + sign + 2, lu);
        if (strncmp(rest, "-->", 3) == 0) {
            text_printf(out, "{\\ra}%.2s", rest + 3);
        } else if (strncmp(rest, "<-->", 4) == 0 && unit_at(rest + 4, &b)) {
            text_put(out, "{\\lra}");
            unit_on(out, b, rest + 6, lu);
        }
        return;
    }
    size_t rl = strlen(en->rotate), ml = strlen(en->mirror), sl = strlen(en->shift);
    if (strncmp(op, en->rotate, rl) == 0) {
        text_printf(out, "%s $%s^\\circ$", w->rotate, op + rl + 1);
    } else if (strncmp(op, en->mirror, ml) == 0 && strlen(op) >= ml + 9) {
        text_printf(out, "%s %.2s{\\lra}%.2s", w->mirror, op + ml + 1, op + ml + 7);
    } else if (strncmp(op, en->shift, sl) == 0 && strlen(op) >= sl + 10) {
        text_printf(out, "%s %.2s$\\Rightarrow$%.2s", w->shift, op + sl + 1, op + sl + 8);
    } else if (strcmp(op, en->polish) == 0) {
        text_put(out, w->polish);
    } else if (strlen(op) == 7 && strncmp(op + 1, " ==> ", 5) == 0 && kind_from_letter(op[0]) != KIND_NONE &&
               kind_from_letter(op[6]) != KIND_NONE) {
        unit_t from = unit_make(WHITE, kind_from_letter(op[0])), to = unit_make(WHITE, kind_from_letter(op[6]));
        text_put(out, "{\\");
        unit_symbol(out, from, lu);
        text_put(out, "} $\\Rightarrow$ \\");
        unit_symbol(out, to, lu);
    } else {
        plain_text(out, op); /* a stipulation or a condition */
    }
}

void latex_twin_add(struct text *twins, const struct problem *pr, const struct twin_view *v,
                    const struct latex_units *u)
{
    if (!v->label || (strcmp(v->label_text, "a") == 0 && !pr->zero_position))
        return;
    const struct words *w = words_of(pr->language);
    text_printf(twins, "%s%s) ", v->continued ? "+" : "", v->label_text);
    /* twin_apply.c joins the operations with two blanks */
    for (const char *c = v->change; *c;) {
        const char *end = strstr(c, "  ");
        size_t len = end ? (size_t)(end - c) : strlen(c);
        char op[sizeof v->change];
        snprintf(op, sizeof op, "%.*s", (int)len, c);
        if (c != v->change)
            text_put(twins, ", ");
        twin_operation(twins, op, w, u);
        c += len;
        c += strspn(c, " ");
    }
    text_put(twins, "{\\newline}");
}

/* A line of the solution, its indentation kept (half an em a blank);
 * lines are separated by \newline, which may not end a paragraph. */
static void solution_line(struct text *solution, const char *line, size_t len)
{
    size_t blanks = strspn(line, " ");
    if (blanks >= len)
        return;
    char *part = malloc(len - blanks + 1);
    if (!part)
        return;
    memcpy(part, line + blanks, len - blanks);
    part[len - blanks] = 0;
    if (solution->len)
        text_put(solution, "\\newline\n");
    text_printf(solution, "\\mbox{}\\hspace*{%d.%dem}", (int)(blanks / 2), (int)(blanks % 2 * 5));
    plain_text(solution, part);
    free(part);
}

void latex_solution_add(struct text *solution, const struct twin_view *v, bool labelled, const char *text)
{
    if (labelled) {
        char label[16];
        snprintf(label, sizeof label, "%s)", v->label_text);
        solution_line(solution, label, strlen(label));
    }
    while (text && *text) {
        size_t len = strcspn(text, "\n");
        solution_line(solution, text, len);
        text += len + (text[len] == '\n');
    }
}

void latex_diagram_tail(struct text *out, const struct problem *pr, const char *twins, const char *solution,
                        bool tested)
{
    struct text all;
    text_init(&all);
    if (pr->options.duplex || pr->options.half_duplex)
        text_put(&all, pr->options.half_duplex ? "HalfDuplex{\\newline}" : "Duplex{\\newline}");
    if (pr->options.quodlibet)
        text_put(&all, "Quodlibet{\\newline}");
    text_put(&all, twins);
    if (all.len) {
        all.data[all.len - strlen("{\\newline}")] = 0; /* Popeye drops the last one */
        text_printf(out, " \\twins{%s}%%\n", all.data);
    }
    text_free(&all);
    if (solution && solution[0])
        text_printf(out, " \\solution{%%\n%s}%%\n", solution);
    if (tested)
        text_put(out, " \\Co+%\n");
    text_put(out, "\\end{diagram}%\n\\hfill\n");
}

void latex_document_begin(struct text *out, enum language lang)
{
    text_put(out, "\\documentclass{article}%\n\\usepackage{diagram}\n");
    if (lang == LANG_GERMAN) /* Popeye's choice; where the package is missing the document still compiles */
        text_put(out, "\\IfFileExists{german.sty}{\\usepackage{german}}{}\n");
    text_put(out, "\n\\begin{document}\n\n");
}

void latex_document_end(struct text *out) { text_put(out, "\n\\putsol\n\n\\end{document}\n"); }
