/* Expect lines against the problem (FORMAT.md 6): a key is read in any usual
 * notation and matched to the legal first moves; misfit lines are warnings. */
#include "../base/memory.h"
#include "expect_lines.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/notation.h"
#include "../report/expect_key.h"
#include "../rules/rules.h"
#include "../search/threats.h"

#define KEY_TEXT_MAX 64

/* A move as short or long algebraic says it: which units may make it, from
 * where (file and rank each optional), to where, promoting to what. */
struct written_move {
    unsigned kinds;            /* bit per enum kind; 0: any unit */
    int from_file, from_rank;  /* -1: not given */
    int to_file, to_rank;
    enum kind promo;           /* KIND_NONE: not given */
    int castle;                /* 1: 0-0, 2: 0-0-0, 0: not a castling */
};

#define KIND_BIT(k) (1u << (k))

/* English and German letters, either case.  B is the bishop only: German
 * notation writes no letter for pawns. */
static unsigned kinds_of_letter(char c)
{
    switch (tolower((unsigned char)c)) {
    case 'k': return KIND_BIT(KING);
    case 'q': case 'd': return KIND_BIT(QUEEN);
    case 'r': case 't': return KIND_BIT(ROOK);
    case 'b': case 'l': return KIND_BIT(BISHOP);
    case 's': case 'n': return KIND_BIT(KNIGHT);
    case 'p': return KIND_BIT(PAWN);
    default: return 0;
    }
}

static enum kind promotion_of_letter(char c)
{
    unsigned k = kinds_of_letter(c);
    for (enum kind i = QUEEN; i <= KNIGHT; i++)
        if (k == KIND_BIT(i))
            return i;
    return KIND_NONE;
}

static bool is_file(char c) { return c >= 'a' && c <= 'h'; }
static bool is_rank(char c) { return c >= '1' && c <= '9'; }

/* s (lower case) after the piece letter, if any: [file][rank][-x*:]file rank
 * [=Q | (Q) | Q].  False when it is not that. */
static bool parse_squares(const char *s, struct written_move *m)
{
    size_t n = strlen(s);
    m->promo = KIND_NONE;
    if (n >= 3 && s[n - 1] == ')' && s[n - 3] == '(') {
        m->promo = promotion_of_letter(s[n - 2]);
        n -= 3;
        if (m->promo == KIND_NONE)
            return false;
    } else if (n >= 2 && s[n - 2] == '=') {
        m->promo = promotion_of_letter(s[n - 1]);
        n -= 2;
        if (m->promo == KIND_NONE)
            return false;
    } else if (n >= 3 && isalpha((unsigned char)s[n - 1]) && is_rank(s[n - 2])) {
        m->promo = promotion_of_letter(s[n - 1]);
        n -= 1;
        if (m->promo == KIND_NONE)
            return false;
    }
    if (n < 2 || !is_file(s[n - 2]) || !is_rank(s[n - 1]))
        return false;
    m->to_file = s[n - 2] - 'a';
    m->to_rank = s[n - 1] - '1';
    n -= 2;
    if (n > 0 && strchr("-x*:", s[n - 1]))
        n--;
    m->from_file = m->from_rank = -1;
    size_t i = 0;
    if (i < n && is_file(s[i]))
        m->from_file = s[i++] - 'a';
    if (i < n && is_rank(s[i]))
        m->from_rank = s[i++] - '1';
    return i == n;
}

/* Up to two readings of one move (a leading "b" or "d" may be a piece or a file). */
static int read_move(const char *written, struct written_move out[2])
{
    char s[KEY_TEXT_MAX];
    size_t n = 0;
    for (; written[n] && n + 1 < sizeof s; n++)
        s[n] = (char)tolower((unsigned char)written[n]);
    s[n] = 0;
    if (strcmp(s, "0-0") == 0 || strcmp(s, "o-o") == 0 || strcmp(s, "0-0-0") == 0 || strcmp(s, "o-o-o") == 0) {
        memset(&out[0], 0, sizeof out[0]);
        out[0].castle = n == 3 ? 1 : 2;
        return 1;
    }
    int count = 0;
    unsigned kinds = kinds_of_letter(s[0]);
    struct written_move m = {0};
    if (kinds && parse_squares(s + 1, &m)) {
        m.kinds = kinds;
        out[count++] = m;
    }
    memset(&m, 0, sizeof m);
    if (parse_squares(s, &m)) {
        /* no letter: a pawn, or any unit when both squares are given (a3d6) */
        m.kinds = m.from_file >= 0 && m.from_rank >= 0 ? 0 : KIND_BIT(PAWN);
        out[count++] = m;
    }
    return count;
}

static bool fits(const struct position *p, const struct turn *t, const struct written_move *m)
{
    if (m->castle)
        return (t->flags & TURN_CASTLE) && (t->from2 > t->from) == (m->castle == 1);
    if (t->flags & TURN_CASTLE)
        return false;
    const struct geometry *g = p->geo;
    if (m->kinds && !(m->kinds & KIND_BIT(unit_kind(p->board[t->from]))))
        return false;
    if (t->to == SQ_OFF || g->file_of[t->to] != m->to_file || g->rank_of[t->to] != m->to_rank)
        return false;
    if ((m->from_file >= 0 && g->file_of[t->from] != m->from_file) ||
        (m->from_rank >= 0 && g->rank_of[t->from] != m->from_rank))
        return false;
    return m->promo == KIND_NONE || t->promo == m->promo;
}

/* "1.Qf2+!" -> "Qf2"; "e5*d6 ep." -> "e5*d6". */
static void strip_key(const char *written, char *s, size_t size)
{
    const char *w = written;
    while (isdigit((unsigned char)*w))
        w++;
    if (w > written && *w == '.') {
        while (*w == '.')
            w++;
    } else {
        w = written;
    }
    snprintf(s, size, "%s", w);
    for (bool again = true; again;) {
        size_t n = strlen(s);
        again = n > 0 && strchr("+#!?= \t", s[n - 1]);
        if (again)
            s[n - 1] = 0;
        else if (n >= 4 && strcmp(s + n - 4, "e.p.") == 0)
            s[n - 4] = 0, again = true;
        else if (n >= 3 && strcmp(s + n - 3, "ep.") == 0)
            s[n - 3] = 0, again = true;
        else if (n >= 3 && strcmp(s + n - 2, "ep") == 0 && isdigit((unsigned char)s[n - 3]))
            s[n - 2] = 0, again = true;
    }
}

/* Does the written key name turn t?  Either its canonical conversion is t's
 * canonical form, or the first part reads as t's move and the rest (a
 * Dynamo or Stones & Relays second part) converts to t's rest. */
static bool key_names(const struct position *p, const struct turn *t, const char *key)
{
    char canon[NOTATION_MAX], conv[KEY_TEXT_MAX];
    decision_canonical(p, t, canon); /* OwnerPromotes: one key for every choice */
    if (expect_key_canonical(key, conv, sizeof conv) && strcmp(conv, canon) == 0)
        return true;
    char s[KEY_TEXT_MAX];
    strip_key(key, s, sizeof s);
    char *slash = strchr(s, '/');
    const char *rest = strchr(canon, '/');
    if ((slash != NULL) != (rest != NULL))
        return false;
    if (slash) {
        *slash = 0;
        char *tail = slash + 1;
        if (isalpha((unsigned char)tail[0]) && isalpha((unsigned char)tail[1]))
            tail[0] = (char)toupper((unsigned char)tail[0]); /* "xe4-e5": the relay X */
        if (!expect_key_canonical(tail, conv, sizeof conv) || strcmp(conv, rest + 1) != 0)
            return false;
    }
    struct written_move m[2];
    int readings = read_move(s, m);
    for (int i = 0; i < readings; i++)
        if (fits(p, t, &m[i]))
            return true;
    return false;
}

bool expect_move_names(const struct position *p, const struct turn *t, const char *written)
{
    return key_names(p, t, written);
}

/* Expect applies to twins solved with the problem's own stipulation (verdict.h). */
static bool same_stipulation(const struct stipulation *a, const struct stipulation *b)
{
    return a->play == b->play && a->goal == b->goal && a->moves == b->moves && a->half == b->half &&
           a->series == b->series;
}

/* False when EXPECT_RESOLVED_MAX moves are already held (never silently dropped). */
static bool add_resolved(struct expectation *e, const char *canon)
{
    for (int i = 0; i < e->resolved_count; i++)
        if (strcmp(e->resolved[i], canon) == 0)
            return true;
    if (e->resolved_count == EXPECT_RESOLVED_MAX)
        return false;
    snprintf(e->resolved[e->resolved_count++], sizeof e->resolved[0], "%s", canon);
    return true;
}

static bool fail_at(struct parse_error *err, int line, int column, const char *fmt, const char *a, const char *b)
{
    err->line = line;
    err->column = column;
    snprintf(err->message, sizeof err->message, fmt, a, b);
    return false;
}

/* Key k against the legal first moves of every twin it applies to. */
static bool resolve_key(struct problem *pr, int k, int count, const struct twin_view *views,
                        const struct position *starts, struct turn_list *l, struct parse_error *err)
{
    struct expectation *e = &pr->expect;
    const char *key = e->keys[k];
    bool any_twin = false, named = false;
    for (int t = 0; t < count; t++) {
        if (!same_stipulation(&pr->stipulation, &views[t].stipulation))
            continue;
        struct position p = starts[t];
        /* battle play: White moves first (solve.c), Black under HalfDuplex */
        p.st.side = (uint8_t)(pr->options.half_duplex ? BLACK : WHITE);
        position_rehash(&p);
        if (rules_opponent_in_check(&p))
            continue; /* illegal: no play, reported as such */
        any_twin = true;
        l->overflow = false;
        p.rules->generate(&p, l);
        char first[NOTATION_MAX] = "", moves[2 * NOTATION_MAX + 16] = "";
        int found = 0;
        for (int i = 0; i < l->count; i++) {
            if (!key_names(&p, &l->turns[i], key))
                continue;
            char text[NOTATION_MAX], canon[NOTATION_MAX];
            decision_canonical(&p, &l->turns[i], canon);
            if (found > 0 && strcmp(canon, first) == 0)
                continue; /* the same decision (OwnerPromotes choices) */
            turn_text(&p, &l->turns[i], text);
            if (found++ == 0) {
                snprintf(first, sizeof first, "%s", canon);
                snprintf(moves, sizeof moves, "%s", text);
            } else if (found == 2) {
                size_t len = strlen(moves);
                snprintf(moves + len, sizeof moves - len, ", %s", text);
            }
        }
        if (found > 1) {
            char q[KEY_TEXT_MAX + 32];
            snprintf(q, sizeof q, "'%s' names %d first moves", key, found);
            if (found > 2)
                strcat(moves, ", ...");
            return fail_at(err, e->key_line[k], e->key_column[k], "Expect key %s (%s): write the move in full", q,
                           moves);
        }
        if (found == 1) {
            if (!add_resolved(e, first)) {
                char limit[16];
                snprintf(limit, sizeof limit, "%d", EXPECT_RESOLVED_MAX);
                return fail_at(err, e->key_line[k], e->key_column[k],
                               "Expect keys name more than %s different moves over the twins (the limit)%s", limit,
                               "");
            }
            named = true;
        }
    }
    if (any_twin && !named) {
        char q[KEY_TEXT_MAX + 16];
        snprintf(q, sizeof q, "'%s'", key);
        return fail_at(err, e->key_line[k], e->key_column[k], "Expect key %s is not a legal first move%s", q,
                       count > 1 ? " of any twin with the problem's stipulation" : " of the position");
    }
    return true;
}

bool expect_lines_check(struct problem *pr, int count, const struct twin_view *views, const struct position *starts,
                  struct parse_error *err, struct text *warnings)
{
    struct expectation *e = &pr->expect;
    e->resolved_count = 0;
    bool help = stipulation_has_lines(&pr->stipulation);
    const char *file = pr->file ? pr->file : "-";
    if (help && e->key_count > 0) {
        text_printf(warnings, "%s:%d:%d: warning: Expect key is for direct and self play, not %s: ignored\n", file,
                    e->key_line[0], e->key_column[0], pr->stipulation.text);
        return true;
    }
    if (!help && e->solutions >= 0)
        text_printf(warnings, "%s:%d:%d: warning: Expect solutions is for help play, not %s: ignored\n", file,
                    e->solutions_line, e->solutions_column, pr->stipulation.text);
    if (help || e->key_count == 0)
        return true;
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX)); /* twins may change the rule set */
    if (!l)
        out_of_memory();
    bool ok = true;
    for (int k = 0; k < e->key_count && ok; k++)
        ok = resolve_key(pr, k, count, views, starts, l, err);
    free(l);
    return ok;
}
