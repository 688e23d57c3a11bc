/* The Option keyword: the options of FORMAT.md 4 with their arguments, in
 * English or German.  Squares are checked against the board later, not here. */
#include "sections.h"
#include "squares.h"

#include <stdio.h>
#include <string.h>

#define OPTION_NUMBER_MAX 1000000L

/* The number after kw, from min to max. */
static bool read_number(struct parser *p, const struct token *kw, long min, long max, int *out)
{
    char k[64], q[64];
    struct token t = lex_next(&p->lx);
    tok_quote(kw, k, sizeof k);
    tok_quote(&t, q, sizeof q);
    long v;
    bool too_big;
    if (t.len == 0)
        return parse_fail_tok(p, kw, "expected a number after %s, found the end of the input", k);
    if (!tok_number(&t, max, &v, &too_big)) {
        if (too_big)
            return parse_fail_tok(p, &t, "the number %s after %s is too large (at most %ld)", q, k, max);
        return parse_fail_tok(p, &t, "expected a number after %s, found %s", k, q);
    }
    if (v < min)
        return parse_fail_tok(p, &t, "expected a number of at least %ld after %s, found %s", min, k, q);
    *out = (int)v;
    return true;
}

/* Squares written glued (f7f6f5) or as separate tokens, between min and max of them. */
static bool read_squares(struct parser *p, const struct token *kw, struct square_ref *out, int min, int max,
                         int *count, const char *example)
{
    char k[64], q[64];
    tok_quote(kw, k, sizeof k);
    int n = 0;
    for (;;) {
        struct token t = lex_peek(&p->lx);
        if (!token_is_square_list(&t)) {
            if (n > 0)
                break;
            tok_quote(&t, q, sizeof q);
            return parse_fail_tok(p, t.len ? &t : kw, "expected squares like %s after %s, found %s", example,
                                  k, t.len ? q : "the end of the input");
        }
        lex_next(&p->lx);
        for (size_t i = 0; i < t.len; i += 2) {
            if (n == max) {
                tok_quote(&t, q, sizeof q);
                return parse_fail_tok(p, &t, "too many squares after %s in %s (at most %d, like %s)", k, q,
                                      max, example);
            }
            out[n++] = square_ref_at(t.s + i);
        }
        if (n >= min && min == max)
            break;
    }
    if (n < min)
        return parse_fail_tok(p, kw, "%s needs %d squares, like %s", k, min, example);
    *count = n;
    return true;
}

static struct place place_of(const struct token *t)
{
    struct place pl = {t->line, t->column};
    return pl;
}

static bool option_argument(struct parser *p, const struct token *t, int k, struct options *o)
{
    char q[64];
    int n;
    switch (k) {
    case OK_DEFENCE:
        o->try_play = true;
        return read_number(p, t, 1, OPTION_NUMBER_MAX, &o->defence);
    case OK_SETPLAY: o->set_play = true; return true;
    case OK_WHITETOPLAY: o->white_to_play = true; return true;
    case OK_VARIATION: o->variation = true; return true;
    case OK_MOVENUMBERS: o->move_numbers = true; return true;
    case OK_DUPLEX: o->duplex = true; return true;
    case OK_HALFDUPLEX: o->half_duplex = true; return true;
    case OK_THREAT: return read_number(p, t, 0, OPTION_THREAT_MAX, &o->threat);
    case OK_NOTHREAT: o->no_threat = true; return true;
    case OK_TRY: o->try_play = true; return true;
    case OK_MAXSOLUTIONS: return read_number(p, t, 1, OPTION_NUMBER_MAX, &o->max_solutions);
    case OK_MAXFLIGHTS: return read_number(p, t, 0, OPTION_MAX_FLIGHTS_MAX, &o->max_flights);
    case OK_NOBOARD: o->no_board = true; return true;
    case OK_NOSHORTVARIATIONS: o->no_short_variations = true; return true;
    case OK_STOPONSHORT: o->stop_on_short = true; return true;
    case OK_MATESIN1: o->mates_in_1 = true; return true;
    case OK_QUODLIBET: o->quodlibet = true; return true;
    case OK_KEEPMATING: o->keep_mating_piece = true; return true;
    case OK_POSTKEYPLAY: o->post_key_play = true; return true;
    case OK_GROUPSTEPS: o->group_steps = true; return true;
    case OK_NONTRIVIAL: /* Popeye's order: the extra non-trivial defences granted, then the length */
        o->nontrivial = true;
        return read_number(p, t, 0, OPTION_NUMBER_MAX, &o->nontrivial_max) &&
               read_number(p, t, 0, OPTION_NONTRIVIAL_LENGTH_MAX, &o->nontrivial_length);
    /* Popeye numbers the first moves it solves when either is given, as with MoveNumbers */
    case OK_STARTMOVENUMBER: o->move_numbers = true; return read_number(p, t, 1, OPTION_NUMBER_MAX, &o->start_move);
    case OK_UPTOMOVENUMBER: o->move_numbers = true; return read_number(p, t, 1, OPTION_NUMBER_MAX, &o->upto_move);
    case OK_MAXTIME: return read_number(p, t, 1, OPTION_NUMBER_MAX, &o->max_time); /* seconds, as in Popeye */
    case OK_INTELLIGENT: {
        o->intelligent = true;
        struct token a = lex_peek(&p->lx);
        long v;
        bool big;
        /* Popeye's Intelligent n shows at most n solutions per mating
         * position (its limit_nr_solutions_per_target.c): not played here,
         * and taken silently it would show others than Popeye shows */
        if (a.len && (tok_number(&a, OPTION_NUMBER_MAX, &v, &big) || big)) {
            char n[64];
            tok_quote(&a, n, sizeof n);
            tok_quote(t, q, sizeof q);
            return parse_fail_tok(p, &a, "option %s %s (at most that many solutions per mating position) is not "
                                         "supported: write %s alone (help play is always goal-directed)", q, n, q);
        }
        return true;
    }
    case OK_ENPASSANT:
        p->en_passant_at = place_of(t);
        o->en_passant_line = t->line;
        o->en_passant_column = t->column;
        return read_squares(p, t, o->en_passant, 3, 3, &o->en_passant_count, "f7f6f5");
    case OK_NOCASTLING: {
        p->no_castling_at = place_of(t);
        if (!read_squares(p, t, o->no_castling + o->no_castling_count, 1,
                          SQUARE_LIST_MAX - o->no_castling_count, &n, "a1h1"))
            return false;
        o->no_castling_count += n;
        return true;
    }
    case OK_MUTUALLYEXCLUSIVE: {
        struct square_ref pair[2];
        p->exclusive_at = place_of(t);
        if (o->mutually_exclusive_count == SQUARE_LIST_MAX)
            return parse_fail_tok(p, t, "too many CastlingMutuallyExclusive pairs (at most %d)", SQUARE_LIST_MAX);
        if (!read_squares(p, t, pair, 2, 2, &n, "h1h8"))
            return false;
        if ((pair[0].file != 0 && pair[0].file != 7) || pair[0].rank != 0 || (pair[1].file != 0 && pair[1].file != 7)) {
            tok_quote(t, q, sizeof q);
            return parse_fail_tok(p, t, "%s takes a white rook square (a1 or h1) and then a black one "
                                        "(a8 or h8), like h1h8", q);
        }
        memcpy(o->mutually_exclusive[o->mutually_exclusive_count++], pair, sizeof pair);
        return true;
    }
    case OK_LASTNEUTRALSTEP:
        p->last_step_at = place_of(t);
        o->last_step_line = t->line;
        o->last_step_column = t->column;
        o->has_last_neutral_step = true;
        return read_squares(p, t, o->last_neutral_step, 2, 2, &n, "d5d6");
    default:
        tok_quote(t, q, sizeof q);
        return parse_fail_tok(p, t, "option %s (%s) is not supported", q, kw_name(p->lang, KT_OPTION, k));
    }
}

bool parse_options(struct parser *p, const struct token *kw, struct options *o, bool stop_at_keywords)
{
    char k[64], q[64];
    int count = 0;
    tok_quote(kw, k, sizeof k);
    for (;;) {
        struct token t = lex_peek(&p->lx);
        if (t.len == 0)
            break;
        tok_quote(&t, q, sizeof q);
        int i = kw_find(p->lang, KT_OPTION, &t);
        if (i == KW_AMBIGUOUS) {
            char cand[256];
            kw_candidates(p->lang, KT_OPTION, &t, cand, sizeof cand);
            return parse_fail_tok(p, &t, "ambiguous option %s (%s)", q, cand);
        }
        if (i == KW_NONE) {
            if (count > 0 && stop_at_keywords && is_keyword(p, &t))
                break;
            if (count == 0)
                return parse_fail_tok(p, &t, "expected an option after %s, found %s", k, q);
            return parse_fail_tok(p, &t, stop_at_keywords ? "unknown option or keyword %s" : "unknown option %s",
                                  q);
        }
        lex_next(&p->lx);
        count++;
        if (!option_argument(p, &t, i, o))
            return false;
    }
    if (count == 0)
        return parse_fail_tok(p, kw, "expected an option after %s, found the end of the input", k);
    return true;
}
