/* A published solution against ours: the twin's part read into keys or lines,
 * replayed move by move on the twin's position, compared canonically. */
#include "published.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/memory.h"
#include "../board/notation.h"
#include "../report/step_groups.h"
#include "../report/verdict.h"
#include "../rules/rules.h"
#include "../search/solve.h"
#include "../search/threats.h"
#include "expect_lines.h"

#define MOVE_TEXT_MAX 48

struct pub_move {
    char text[MOVE_TEXT_MAX];  /* as written, without number and marks */
    int number;                /* its move number; 0 when it has none */
    bool black;                /* "1...": the second half-move's number */
    bool key, try_play;        /* marked "!" (without "?"), or "?" */
    bool placeholder;          /* "..." standing for a passed half-move (set play) */
};

struct published {
    struct pub_move *moves;
    int count, cap;
};

static struct pub_move *add_move(struct published *p)
{
    if (p->count == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 32;
        p->moves = realloc(p->moves, sizeof *p->moves * (size_t)p->cap);
        if (!p->moves)
            out_of_memory();
    }
    struct pub_move *m = &p->moves[p->count++];
    memset(m, 0, sizeof *m);
    return m;
}

/* Comments {...} become blanks; YACPDB's quotes around the whole text go. */
static char *clean_text(const char *published)
{
    char *s = strdup(published);
    if (!s)
        out_of_memory();
    int depth = 0;
    for (char *c = s; *c; c++) {
        if (*c == '{')
            depth++;
        bool inside = depth > 0;
        if (*c == '}' && depth > 0)
            depth--;
        if (inside || *c == '"')
            *c = ' ';
    }
    return s;
}

static bool is_twin_label(const char *w, size_t n)
{
    if (n > 0 && w[0] == '+')
        w++, n--;
    if (n == 2 && islower((unsigned char)w[0]) && w[1] == ')')
        return true;
    if (n < 3 || w[0] != 'z' || w[n - 1] != ')')
        return false;
    for (size_t i = 1; i + 1 < n; i++)
        if (!isdigit((unsigned char)w[i]))
            return false;
    return true;
}

static bool is_castling(const char *w)
{
    return strncmp(w, "0-0", 3) == 0 || strncasecmp(w, "o-o", 3) == 0;
}

static bool has_square(const char *w)
{
    for (const char *c = w; c[0] && c[1]; c++)
        if (c[0] >= 'a' && c[0] <= 'h' && c[1] >= '1' && c[1] <= '9')
            return true;
    return is_castling(w);
}

/* Marks glued to a move ("Sf2-g4+!") or standing alone ("!", "#") go to m. */
static void take_marks(struct pub_move *m, const char *marks)
{
    if (!m)
        return;
    bool bang = strchr(marks, '!') != NULL, query = strchr(marks, '?') != NULL;
    m->key |= bang && !query;
    m->try_play |= query;
}

/* One word: "(", ")" and "[...]" around it dropped, then a move number,
 * a move, marks. */
static void read_word(struct published *p, char *w, int *pending, bool *pending_black)
{
    char *br;
    while ((br = strchr(w, '[')) != NULL) { /* "Nd6#[A]": theme letters */
        char *close = strchr(br, ']');
        memmove(br, close ? close + 1 : br + strlen(br), strlen(close ? close + 1 : br + strlen(br)) + 1);
    }
    while (*w == '(')
        w++;
    size_t n = strlen(w);
    while (n > 0 && w[n - 1] == ')')
        w[--n] = 0;
    char *paren = strchr(w, '('); /* "Kd5(b4)": an alternative, left out */
    if (paren && paren > w)
        *paren = 0;
    struct pub_move *last = p->count ? &p->moves[p->count - 1] : NULL;
    if (w[0] && strspn(w, "+#=!?") == strlen(w)) {
        take_marks(last, w);
        return;
    }
    if (strcmp(w, "...") == 0) {
        struct pub_move *m = add_move(p);
        m->placeholder = true;
        m->number = *pending;
        m->black = true;
        *pending = 0;
        return;
    }
    char *c = w;
    int number = 0;
    while (isdigit((unsigned char)*c)) /* no play is that long: a larger number stays large */
        number = number < 100000 ? number * 10 + (*c - '0') : number, c++;
    if (c > w && *c == '.') {
        int dots = 0;
        while (*c == '.')
            c++, dots++;
        *pending = number;
        *pending_black = dots >= 3;
        w = c;
    }
    if (!*w || !has_square(w))
        return;
    struct pub_move *m = add_move(p);
    m->number = *pending;
    m->black = *pending_black;
    *pending = 0;
    *pending_black = false;
    n = strlen(w);
    size_t keep = n;
    while (keep > 0 && strchr("+#!?", w[keep - 1]))
        keep--;
    if (keep > 0 && w[keep - 1] == '=' && !is_castling(w)) /* a stalemate mark, not a promotion */
        keep--;
    take_marks(m, w + keep);
    snprintf(m->text, sizeof m->text, "%.*s", (int)keep, w);
}

/* The words of the twin's part: after "label)" (the diagram's part may go
 * without "a)"), up to the next label; its description of the change
 * ("wRh4-->g1") skipped up to the first move number. */
static bool twin_part(char *text, const char *label, struct published *p)
{
    int count = 0, cap = 64;
    char **words = malloc(sizeof *words * (size_t)cap), *save;
    for (char *w = strtok_r(text, " \t\r\n", &save); w; w = strtok_r(NULL, " \t\r\n", &save)) {
        if (count == cap)
            words = realloc(words, sizeof *words * (size_t)(cap *= 2));
        if (!words)
            out_of_memory();
        words[count++] = w;
    }
    if (!words)
        out_of_memory();
    int from = 0, to = count;
    if (label[0]) {
        char want[16];
        snprintf(want, sizeof want, "%s)", label);
        from = -1;
        for (int i = 0; i < count && from < 0; i++)
            if (is_twin_label(words[i], strlen(words[i])) && strcmp(words[i] + (words[i][0] == '+'), want) == 0)
                from = i + 1;
        if (from < 0 && strcmp(label, "a") == 0)
            from = 0;
        if (from < 0) {
            free(words);
            return false;
        }
        for (to = from; to < count && !is_twin_label(words[to], strlen(words[to])); to++)
            ;
        while (from < to && !(isdigit((unsigned char)words[from][0]) && strchr(words[from], '.')))
            from++;
    }
    int pending = 0;
    bool pending_black = false;
    for (int i = from; i < to; i++)
        read_word(p, words[i], &pending, &pending_black);
    free(words);
    return true;
}

/* The legal turn of the side to move in pos that the written move names:
 * Popeye's text exactly, else one decision read in any notation Expect
 * takes.  -1: none, or several. */
static int find_turn(struct position *pos, struct turn_list *l, const char *written)
{
    int found = -1;
    char first[NOTATION_MAX] = "";
    for (int i = 0; i < l->count; i++) {
        char text[NOTATION_MAX];
        turn_text(pos, &l->turns[i], text);
        char *ep = strstr(text, " ep.");
        if (ep)
            memmove(ep, ep + 4, strlen(ep + 4) + 1);
        if (strcmp(text, written) == 0)
            return i;
    }
    for (int i = 0; i < l->count; i++) {
        if (!expect_move_names(pos, &l->turns[i], written))
            continue;
        char canon[NOTATION_MAX];
        decision_canonical(pos, &l->turns[i], canon);
        if (found >= 0 && strcmp(canon, first) != 0)
            return -1;
        if (found < 0)
            snprintf(first, sizeof first, "%s", canon);
        if (found < 0)
            found = i;
    }
    return found;
}

struct replay {
    struct position start;
    struct turn_list *list;
    bool battle;
    int series_moves;   /* of a series line: the series mover's moves in a row */
};

/* moves[0..n) played from the start: their canonical line, or false when a
 * move is not a legal turn there. */
static bool replay_line(struct replay *rp, const struct pub_move *m, int n, char *canon, size_t cap)
{
    struct position p = rp->start;
    canon[0] = 0;
    for (int i = 0; i < n; i++) {
        rp->list->overflow = false;
        p.rules->generate(&p, rp->list);
        int k = find_turn(&p, rp->list, m[i].text);
        if (k < 0)
            return false;
        char c[NOTATION_MAX];
        if (rp->battle)
            decision_canonical(&p, &rp->list->turns[k], c);
        else
            turn_canonical(&p, &rp->list->turns[k], c);
        size_t len = strlen(canon);
        snprintf(canon + len, cap - len, "%s%s", i ? " " : "", c);
        struct undo u;
        position_make(&p, &rp->list->turns[k], &u);
        if (i < rp->series_moves - 1) /* the other side passes during a series */
            position_make_null(&p, &u);
    }
    return true;
}

/* The published move texts of moves[0..n) joined, as the note shows them. */
static void written_line(const struct pub_move *m, int n, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < n && len < cap; i++) {
        char num[16] = "";
        if (m[i].number)
            snprintf(num, sizeof num, "%d.%s", m[i].number, m[i].black ? ".." : "");
        len += (size_t)snprintf(out + len, cap - len, "%s%s%s", i ? " " : "", num, m[i].text);
    }
}

/* Whether moves[from..to) is a line of the play, not of the set play:
 * Popeye numbers a help play's first half-move "1." and that of h#n.5
 * "1..."; the set play of h#n.5 passes one ("1...  ...  2."). */
static bool play_line(const struct pub_move *m, int from, int to, bool half, bool series)
{
    for (int i = from; i < to; i++)
        if (m[i].placeholder)
            return false;
    return series ? !m[from].black : m[from].black == half;
}

/* What was published and what it is to us: each published line's
 * canonical form ("" when it could not be played). */
struct comparison {
    struct strlist canon;     /* canonical, one per published line */
    struct strlist written;   /* as published */
};

static void add_line(struct replay *rp, struct comparison *c, const struct pub_move *m, int n)
{
    char canon[NOTATION_MAX * 130], written[1024];
    if (!replay_line(rp, m, n, canon, sizeof canon))
        canon[0] = 0;
    written_line(m, n, written, sizeof written);
    strlist_add(&c->canon, canon);
    strlist_add(&c->written, written);
}

/* Battle play: the keys ("1.Sf2-g4 !"); where none is marked, every first
 * move that is not marked a try. */
static void read_keys(struct replay *rp, const struct published *p, struct comparison *c)
{
    bool marked = false;
    for (int i = 0; i < p->count; i++)
        marked |= p->moves[i].number == 1 && !p->moves[i].black && p->moves[i].key;
    for (int i = 0; i < p->count; i++) {
        const struct pub_move *m = &p->moves[i];
        if (m->number == 1 && !m->black && (marked ? m->key : !m->try_play))
            add_line(rp, c, m, 1);
    }
}

/* Help and series play: a line from each move numbered 1 to the next. */
static void read_lines(struct replay *rp, const struct published *p, bool half, bool series, struct comparison *c)
{
    for (int from = 0; from < p->count;) {
        int to = from + 1;
        while (to < p->count && p->moves[to].number != 1)
            to++;
        if (p->moves[from].number == 1 && play_line(p->moves, from, to, half, series)) {
            int numbered = 0;
            for (int i = from; i < to; i++)
                numbered += p->moves[i].number > 0;
            rp->series_moves = series ? numbered : 0;
            add_line(rp, c, p->moves + from, to - from);
        }
        from = to;
    }
}

/* Our canonical line in Popeye's text, numbered as the play is. */
static void our_text(struct replay *rp, const struct stipulation *st, const char *canon, char *out, size_t cap)
{
    struct position p = rp->start;
    size_t len = 0;
    char moves[NOTATION_MAX * 130];
    snprintf(moves, sizeof moves, "%s", canon);
    int plies = 0;
    for (const char *c = canon; *c; c++)
        plies += *c == ' ';
    plies++;
    int series = st->series ? plies - (st->play != PLAY_DIRECT) : 0;
    out[0] = 0;
    int i = 0;
    for (char *save, *w = strtok_r(moves, " ", &save); w && len < cap; w = strtok_r(NULL, " ", &save), i++) {
        rp->list->overflow = false;
        p.rules->generate(&p, rp->list);
        int k = -1;
        for (int t = 0; t < rp->list->count && k < 0; t++) {
            char c[NOTATION_MAX];
            if (rp->battle)
                decision_canonical(&p, &rp->list->turns[t], c);
            else
                turn_canonical(&p, &rp->list->turns[t], c);
            if (strcmp(c, w) == 0)
                k = t;
        }
        char text[NOTATION_MAX] = "?";
        if (k >= 0)
            turn_text(&p, &rp->list->turns[k], text);
        int half = i + (st->half && !st->series);
        if (rp->battle || (series && i < series))
            len += (size_t)snprintf(out + len, cap - len, "%s%d.%s", i ? " " : "", i + 1, text);
        else if (!st->series && half % 2 == 0)
            len += (size_t)snprintf(out + len, cap - len, "%s%d.%s", i ? " " : "", half / 2 + 1, text);
        else if (i == 0)
            len += (size_t)snprintf(out + len, cap - len, "1...%s", text);
        else
            len += (size_t)snprintf(out + len, cap - len, " %s", text);
        if (k < 0)
            break;
        struct undo u;
        position_make(&p, &rp->list->turns[k], &u);
        if (i < series - 1)
            position_make_null(&p, &u);
    }
}

/* seen[i]: published line i is one found */
static bool grouped_with(const char *ours, const struct comparison *c, const bool *seen)
{
    for (int i = 0; i < c->canon.count; i++) {
        const char *pair[2] = {ours, c->canon.items[i]};
        int group[2];
        if (seen[i] && step_groups_canonical(pair, 2, group) == 1)
            return true;
    }
    return false;
}

/* The lines found are read through strlist_each: help play's solutions may
 * be held in a temporary file (result.h), not in memory. */
struct found_pass {
    const struct comparison *c;
    bool *seen;
    /* the second pass: each line found that is not published is a cook */
    struct replay *rp;
    const struct stipulation *st;
    bool grouped;
    int extra;
    struct text *notes;
};

static bool mark_seen(void *ctx, const char *line)
{
    struct found_pass *f = ctx;
    for (int i = 0; i < f->c->canon.count; i++)
        f->seen[i] |= f->c->canon.items[i][0] && strcmp(f->c->canon.items[i], line) == 0;
    return true;
}

static bool note_cook(void *ctx, const char *line)
{
    struct found_pass *f = ctx;
    if (strlist_has(&f->c->canon, line) || (f->grouped && grouped_with(line, f->c, f->seen)))
        return true;
    char text[1024];
    our_text(f->rp, f->st, line, text, sizeof text);
    f->extra++;
    verdict_published_note(f->notes, "cook, not published", text);
    return true;
}

void published_check(struct job *j, const struct result *r, struct text *notes)
{
    const struct problem *pr = j->pr;
    if (!pr->published || j->view.colours_swapped || r->illegal)
        return;
    struct stipulation st = solve_effective_stipulation(pr, &j->view);
    struct replay rp = {.start = j->start, .battle = !stipulation_has_lines(&st)};
    rp.start.st.side = (uint8_t)solve_first_mover(pr, &st);
    position_rehash(&rp.start);
    rp.list = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    struct published p = {0};
    char *text = clean_text(pr->published);
    struct comparison c = {0};
    if (!rp.list)
        out_of_memory();
    if (twin_part(text, j->view.label_text, &p)) {
        if (rp.battle)
            read_keys(&rp, &p, &c);
        else
            read_lines(&rp, &p, st.half, st.series, &c);
    }
    const struct strlist *found = rp.battle ? &r->keys : &r->solutions;
    if (c.canon.count == 0) {
        verdict_published_note(notes, "published solution", rp.battle ? "no key read for this twin"
                                                                     : "no line read for this twin");
    } else {
        int not_ours = 0;
        struct found_pass f = {.c = &c, .seen = calloc((size_t)c.canon.count, sizeof *f.seen), .rp = &rp, .st = &st,
                               .grouped = step_groups_apply(pr, &j->view), .notes = notes};
        if (!f.seen)
            out_of_memory();
        /* a list that could not be kept whole (the twin is partial) is
         * compared as far as it was kept */
        strlist_each((struct strlist *)found, mark_seen, &f);
        for (int i = 0; i < c.canon.count && !r->partial; i++) /* partial: it may lie beyond the cut */
            if (!f.seen[i]) {
                not_ours++;
                verdict_published_note(notes, "published, not ours", c.written.items[i]);
            }
        strlist_each((struct strlist *)found, note_cook, &f);
        verdict_published(&j->verdict, rp.battle, f.extra, not_ours);
        free(f.seen);
    }
    strlist_free(&c.canon);
    strlist_free(&c.written);
    free(text);
    free(p.moves);
    free(rp.list);
}
