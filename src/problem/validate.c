/* Checks made when a problem's text has been read: Forsyth placement, squares
 * against the rule set's board, kings, option squares, and every twin's position. */
#include "sections.h"
#include "squares.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../board/fen.h"
#include "setup.h"

static const char initial_array[] = "rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR";

static bool in_board(struct square_ref q, int files, int ranks)
{
    return q.file >= 0 && q.rank >= 0 && q.file < files && q.rank < ranks;
}

/* German Forsyth letters (K D T L S B) to the English ones fen.c reads. */
static char english_letter(char c)
{
    static const char de[] = "KDTLSBOX", en[] = "KQRBSPOX";
    if (!isalpha((unsigned char)c))
        return c;
    const char *f = strchr(de, toupper((unsigned char)c));
    if (!f)
        return (char)toupper((unsigned char)c) == 'N' ? c : '?';
    return islower((unsigned char)c) ? (char)tolower((unsigned char)en[f - de]) : en[f - de];
}

/* Forsyth (or InitialGameArray) first, then the Pieces on top of it. */
static bool merge_forsyth(struct parser *p)
{
    struct problem *pr = p->pr;
    const struct token *t = &p->forsyth_tok;
    char text[160];
    if (p->forsyth_is_array) {
        snprintf(text, sizeof text, "%s", initial_array);
    } else {
        if (t->len >= sizeof text)
            return parse_fail_at(p, t->line, t->column, "the Forsyth placement is too long");
        for (size_t i = 0; i < t->len; i++)
            text[i] = p->lang == LANG_GERMAN ? english_letter(t->s[i]) : t->s[i];
        text[t->len] = 0;
    }
    struct position pos;
    struct fen_error fe;
    position_init(&pos, pr->rules, pr->switches);
    if (!fen_parse_placement(&pos, text, 'S', &fe))
        return parse_fail_at(p, t->line, t->column + (p->forsyth_is_array ? 0 : fe.column - 1), "Forsyth: %s",
                             fe.message);
    struct diagram merged = {0};
    struct place at[DIAGRAM_MAX];
    const struct geometry *g = pos.geo;
    for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++) {
            unit_t u = pos.board[geo_square(g, f, r)];
            if (!unit_is_piece(u) || merged.count == DIAGRAM_MAX)
                continue;
            struct diagram_unit *du = &merged.units[merged.count];
            du->file = (int8_t)f;
            du->rank = (int8_t)r;
            du->unit = u;
            at[merged.count].line = t->line;
            at[merged.count++].column = t->column;
        }
    for (int i = 0; i < pr->diagram.count; i++) {
        const struct diagram_unit *du = &pr->diagram.units[i];
        int j = 0;
        while (j < merged.count && (merged.units[j].file != du->file || merged.units[j].rank != du->rank))
            j++;
        if (j < merged.count) {
            char sq[3];
            square_ref_name((struct square_ref){du->file, du->rank}, sq);
            return parse_fail_at(p, p->unit_at[i].line, p->unit_at[i].column,
                                 "two units on %s (the Forsyth placement at line %d has one there)", sq, t->line);
        }
        if (j == merged.count) {
            if (merged.count == DIAGRAM_MAX)
                return parse_fail_at(p, p->unit_at[i].line, p->unit_at[i].column, "too many units (at most %d)",
                                     DIAGRAM_MAX);
            merged.count++;
        }
        merged.units[j] = *du;
        at[j] = p->unit_at[i];
    }
    pr->diagram = merged;
    memcpy(p->unit_at, at, sizeof at[0] * (size_t)merged.count);
    return true;
}

static bool has_neutral_units(const struct rules *r, const void *ctx)
{
    (void)ctx;
    return r->neutral_units;
}

static bool has_rank(const struct rules *r, const void *rank)
{
    return r->ranks > *(const int *)rank;
}

static bool check_units(struct parser *p, int files, int ranks)
{
    const struct diagram *d = &p->pr->diagram;
    char names[160];
    int king[2] = {-1, -1};
    for (int i = 0; i < d->count; i++) {
        struct diagram_unit u = d->units[i];
        struct place at = p->unit_at[i];
        struct square_ref q = {u.file, u.rank};
        char sq[3], first[3];
        square_ref_name(q, sq);
        if (!in_board(q, files, ranks)) {
            int rank = u.rank;
            rules_list_names(has_rank, &rank, names, sizeof names);
            return parse_fail_at(p, at.line, at.column, "square %s is off the %dx%d board%s%s%s", sq, files,
                                 ranks, u.rank == 8 && names[0] ? " (only " : "", u.rank == 8 ? names : "",
                                 u.rank == 8 && names[0] ? " has a 9th rank)" : "");
        }
        enum kind k = unit_kind(u.unit);
        enum colour c = unit_colour(u.unit);
        if ((k == STONE || k == RELAY) && !p->pr->rules->neutral_units) {
            rules_list_names(has_neutral_units, NULL, names, sizeof names);
            return parse_fail_at(p, at.line, at.column, "stones (O) and relays (X) need Condition %s", names);
        }
        /* a pawn there would have promoted (RULES 1, RULES 4): no play leads to it */
        if (k == PAWN && c < NEUTRAL && u.rank == pawn_last_rank(geometry_get(files, ranks), c))
            return parse_fail_at(p, at.line, at.column, "a %s pawn on %s, its last rank (it would have promoted)",
                                 c == WHITE ? "white" : "black", sq);
        if (k == KING && c < NEUTRAL) {
            if (king[c] >= 0) {
                struct square_ref fq = {d->units[king[c]].file, d->units[king[c]].rank};
                square_ref_name(fq, first);
                return parse_fail_at(p, at.line, at.column, "a second %s king on %s (the first is on %s)",
                                     c == WHITE ? "white" : "black", sq, first);
            }
            king[c] = i;
        }
    }
    return true;
}

static bool check_squares(struct parser *p, const struct square_ref *q, int n, int files, int ranks,
                          struct place at, const char *option)
{
    for (int i = 0; i < n; i++)
        if (!in_board(q[i], files, ranks)) {
            char sq[3];
            square_ref_name(q[i], sq);
            return parse_fail_at(p, at.line, at.column, "%s square %s is off the %dx%d board", option, sq, files,
                                 ranks);
        }
    return true;
}

static bool check_options(struct parser *p, int files, int ranks)
{
    const struct options *o = &p->pr->options;
    if (!check_squares(p, o->en_passant, o->en_passant_count, files, ranks, p->en_passant_at, "EnPassant") ||
        !check_squares(p, o->no_castling, o->no_castling_count, files, ranks, p->no_castling_at, "NoCastling"))
        return false;
    for (int i = 0; i < o->mutually_exclusive_count; i++)
        if (o->mutually_exclusive[i][1].rank != ranks - 1)
            return parse_fail_at(p, p->exclusive_at.line, p->exclusive_at.column,
                                 "CastlingMutuallyExclusive takes a white rook square (a1 or h1) and then a black "
                                 "one (a%d or h%d)", ranks, ranks);
    if (o->has_last_neutral_step) {
        if (!p->pr->rules->neutral_units) {
            char names[160];
            rules_list_names(has_neutral_units, NULL, names, sizeof names);
            return parse_fail_at(p, p->last_step_at.line, p->last_step_at.column,
                                 "LastNeutralStep needs Condition %s", names);
        }
        if (!check_squares(p, o->last_neutral_step, 2, files, ranks, p->last_step_at, "LastNeutralStep"))
            return false;
    }
    return true;
}

/* Every twin must give a position (twin operations and kings are checked
 * there).  A later twin that does not is the problem's last: the twins before
 * it are still good problems (reader.h, result 2), so only the diagram fails. */
static bool check_twins(struct parser *p)
{
    struct problem *pr = p->pr;
    for (int k = 0; k <= pr->twin_count; k++) {
        struct twin_view v;
        struct position pos;
        if (!problem_twin(pr, k, &v, p->err) || !problem_position(pr, &v, &pos, p->err)) {
            if (k > 0) {
                p->bad_twin = true;
                return true;
            }
            p->failed = true;
            return false;
        }
    }
    return true;
}

bool problem_check_read(struct parser *p)
{
    int files = p->pr->rules->files, ranks = p->pr->rules->ranks;
    return check_units(p, files, ranks) && check_options(p, files, ranks) && check_twins(p);
}

bool problem_finish(struct parser *p)
{
    struct problem *pr = p->pr;
    if (!pr->has_stipulation) {
        char q[64];
        tok_quote(&p->end_tok, q, sizeof q);
        return parse_fail_at(p, p->end_tok.line, p->end_tok.column, "expected a %s before %s",
                             kw_name(p->lang, KT_PROBLEM, PK_STIPULATION), q);
    }
    if (p->has_forsyth && !merge_forsyth(p))
        return false;
    return problem_check_read(p);
}
