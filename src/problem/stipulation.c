/* Stipulations #n, h#n, h#n.5, s#n with the goals #, = and #= (FORMAT.md 2),
 * and their text as Popeye prints it.  Does not decide who moves first. */
#include "parse.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Digits read before the limits of problem.h are applied (keeps n from overflowing). */
#define STIPULATION_MOVES_MAX 999

static const char *const play_prefix[] = {"", "h", "s"};
static const char *const goal_text[] = {"#", "=", "#="};

void stipulation_write_text(struct stipulation *s)
{
    snprintf(s->text, sizeof s->text, "%s%s%d%s", play_prefix[s->play], goal_text[s->goal], s->moves,
             s->half ? ".5" : "");
}

static bool unsupported(struct parser *p, const struct token *t)
{
    char q[64];
    tok_quote(t, q, sizeof q);
    return parse_fail_tok(p, t,
                          "expected a stipulation (#n, h#n, h#n.5, s#n, or the same with = or #=), "
                          "found %s",
                          q);
}

/* Reads the number of moves from s[0..len) (digits, then ".5" if half is allowed). */
static bool parse_moves(struct parser *p, const struct token *t, size_t from, struct stipulation *s)
{
    const char *c = t->s + from;
    size_t len = t->len - from, i = 0;
    long n = 0;
    bool too_big = false;
    while (i < len && isdigit((unsigned char)c[i])) {
        if (!too_big) {
            n = n * 10 + (c[i] - '0');
            too_big = n > STIPULATION_MOVES_MAX;
        }
        i++;
    }
    char q[64];
    tok_quote(t, q, sizeof q);
    if (i == 0)
        return parse_fail_tok(p, t, "expected the number of moves in the stipulation, found %s", q);
    if (too_big)
        return parse_fail_tok(p, t, "the number of moves in %s is too large (at most %d)", q,
                              STIPULATION_MOVES_MAX);
    s->moves = (int)n;
    s->half = false;
    if (i + 2 <= len && c[i] == '.' && c[i + 1] == '5') {
        if (s->play != PLAY_HELP)
            return parse_fail_tok(p, t, "'.5' in %s is only for help play (h#n.5)", q);
        s->half = true;
        i += 2;
    }
    if (i != len)
        return unsupported(p, t);
    if (s->moves == 0 && !s->half)
        return parse_fail_tok(p, t, "the number of moves in %s must be at least 1", q);
    /* what the search can hold (problem.h): longer ones are refused here, not
     * solved wrongly */
    if (s->play == PLAY_HELP && s->moves * 2 + (s->half ? 1 : 0) > STIPULATION_HELP_PLIES_MAX)
        return parse_fail_tok(p, t, "too many moves in %s (limit is %d.5 for help play)", q,
                              STIPULATION_HELP_PLIES_MAX / 2);
    if (s->play != PLAY_HELP && s->moves > STIPULATION_BATTLE_MOVES_MAX)
        return parse_fail_tok(p, t, "too many moves in %s (limit is %d)", q, STIPULATION_BATTLE_MOVES_MAX);
    return true;
}

bool parse_stipulation(struct parser *p, const struct token *kw, struct stipulation *s)
{
    struct token t = lex_next(&p->lx);
    if (t.len == 0) {
        char q[64];
        tok_quote(kw, q, sizeof q);
        return parse_fail_tok(p, kw, "expected a stipulation like #2 or h#3 after %s, found the end of the input", q);
    }
    memset(s, 0, sizeof *s);
    size_t i = 0;
    char c0 = (char)tolower((unsigned char)t.s[0]);
    if (c0 == 'h' || c0 == 's') {
        s->play = c0 == 'h' ? PLAY_HELP : PLAY_SELF;
        i = 1;
    }
    if (i < t.len && t.s[i] == '#' && i + 1 < t.len && t.s[i + 1] == '=') {
        s->goal = GOAL_MATE_OR_STALEMATE;
        i += 2;
    } else if (i < t.len && t.s[i] == '#') {
        s->goal = GOAL_MATE;
        i += 1;
    } else if (i < t.len && t.s[i] == '=') {
        s->goal = GOAL_STALEMATE;
        i += 1;
    } else {
        return unsupported(p, &t);
    }
    if (i < t.len && (t.s[i] == '#' || t.s[i] == '=' || t.s[i] == '!'))
        return unsupported(p, &t);
    if (i == t.len) { /* Popeye allows "h# 2" */
        struct token n = lex_next(&p->lx);
        if (n.len == 0 || !isdigit((unsigned char)n.s[0])) {
            char q[64], k[64];
            tok_quote(&t, k, sizeof k);
            tok_quote(&n, q, sizeof q);
            return parse_fail_tok(p, n.len ? &n : &t, "expected the number of moves after %s, found %s", k,
                                  n.len ? q : "the end of the input");
        }
        if (!parse_moves(p, &n, 0, s))
            return false;
    } else if (!parse_moves(p, &t, i, s)) {
        return false;
    }
    stipulation_write_text(s);
    return true;
}
