/* Stipulations #n, h#n, h#n.5, s#n, r#n, semi-r#n, hs#n, hs#n.5, reci-h#n and the series
 * ser-#n, ser-h#n, ser-s#n, ser-r#n with the goals #, = and #= (FORMAT.md 2), and their text as Popeye
 * prints it.  Does not decide who moves first. */
#include "sections.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Digits read before the limits of problem.h are applied (keeps n from overflowing). */
#define STIPULATION_MOVES_MAX 999

static const char *const play_prefix[] = {"", "h", "s", "r", "hs", "reci-h", "semi-r"};
static const char *const goal_text[] = {"#", "=", "#="};

void stipulation_write_text(struct stipulation *s)
{
    snprintf(s->text, sizeof s->text, "%s%s%s%d%s", s->series ? "ser-" : "", play_prefix[s->play],
             goal_text[s->goal], s->moves, s->half ? ".5" : "");
}

static bool unsupported(struct parser *p, const struct token *t)
{
    char q[64];
    tok_quote(t, q, sizeof q);
    return parse_fail_tok(p, t,
                          "expected a stipulation (#n, h#n, h#n.5, s#n, r#n, semi-r#n, hs#n, hs#n.5, reci-h#n, ser-#n, "
                          "ser-h#n, ser-s#n, ser-r#n, or the same with = or #=), found %s",
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
        if ((s->play != PLAY_HELP && s->play != PLAY_HELP_SELF) || s->series)
            return parse_fail_tok(p, t, "'.5' in %s is only for help play (h#n.5, hs#n.5)", q);
        /* hs#0.5 would be Black's forced mate alone, with no help move */
        if (s->play == PLAY_HELP_SELF && n == 0)
            return parse_fail_tok(p, t, "the number of moves in %s must be at least 1 (hs#1.5)", q);
        s->half = true;
        i += 2;
    }
    if (i != len)
        return unsupported(p, t);
    if (s->moves == 0 && !s->half)
        return parse_fail_tok(p, t, "the number of moves in %s must be at least 1", q);
    /* what the search can hold (problem.h): longer ones are refused here, not
     * solved wrongly */
    if (s->series && s->moves > STIPULATION_SERIES_MOVES_MAX)
        return parse_fail_tok(p, t, "too many moves in %s (limit is %d for series play)", q,
                              STIPULATION_SERIES_MOVES_MAX);
    if (s->series)
        return true;
    /* hs#n's line is 2n half-moves with Black's forced mate, hs#n.5's one more */
    if ((s->play == PLAY_HELP_SELF || s->play == PLAY_RECI_HELP) &&
        s->moves * 2 + (s->half ? 1 : 0) > STIPULATION_HELP_PLIES_MAX)
        return parse_fail_tok(p, t, "too many moves in %s (limit is %d)", q, STIPULATION_HELP_PLIES_MAX / 2);
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
    /* Popeye's play types that are not solved here: named, not misread */
    static const char *const refused[] = {"pser-", "phser-", "exact-"};
    for (size_t k = 0; k < sizeof refused / sizeof *refused; k++) {
        size_t n = strlen(refused[k]);
        if (t.len > n && strncasecmp(t.s, refused[k], n) == 0 &&
            (refused[k][n - 1] == '-' || t.s[n] == '#' || t.s[n] == '=')) {
            char q[64];
            tok_quote(&t, q, sizeof q);
            return parse_fail_tok(p, &t,
                                  "the stipulation %s is not supported (supported: #n, h#n, h#n.5, s#n, r#n, semi-r#n, "
                                  "hs#n, hs#n.5, reci-h#n, ser-#n, ser-h#n, ser-s#n, ser-r#n, with the goals #, = and #=)",
                                  q);
        }
    }
    if (t.len > 4 && strncasecmp(t.s, "ser-", 4) == 0) {
        s->series = true;
        i = 4;
    } else if (t.len > 2 && strncasecmp(t.s, "hs", 2) == 0 && (t.s[2] == '#' || t.s[2] == '=')) {
        s->play = PLAY_HELP_SELF;
        i = 2;
    } else if (t.len > 6 && strncasecmp(t.s, "reci-h", 6) == 0) {
        s->play = PLAY_RECI_HELP;
        i = 6;
    } else if (t.len > 6 && strncasecmp(t.s, "semi-r", 6) == 0) {
        s->play = PLAY_SEMI_REFLEX;
        i = 6;
    }
    char c0 = i < t.len && s->play == PLAY_DIRECT ? (char)tolower((unsigned char)t.s[i]) : 0;
    if (c0 == 'h' || c0 == 's' || c0 == 'r') {
        s->play = c0 == 'h' ? PLAY_HELP : c0 == 's' ? PLAY_SELF : PLAY_REFLEX;
        i++;
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
