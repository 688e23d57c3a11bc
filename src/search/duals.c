/* Duals (definitions in duals.h): walks the battle-play solution tree asking
 * battle.c, or compares help-play solutions; never changes what was solved. */
#include "../base/memory.h"
#include "duals.h"

#include <stdlib.h>
#include <string.h>

#include "../base/record_sort.h"
#include "../board/notation.h"
#include "battle.h"
#include "../base/text.h"
#include "threats.h"

#define PATH_MAX_CHARS (SOLVER_MAX_PLY * (NOTATION_MAX + 1))

struct walk {
    struct solver *s;
    struct result *r;
    size_t len;                 /* of path */
    char path[PATH_MAX_CHARS];  /* canonical moves from the key, space-separated */
};

static size_t path_push(struct walk *w, const char *move)
{
    size_t old = w->len;
    size_t n = strlen(move);
    if (w->len + n + 2 < sizeof w->path) {
        if (w->len)
            w->path[w->len++] = ' ';
        memcpy(w->path + w->len, move, n + 1);
        w->len += n;
    }
    return old;
}

static void path_pop(struct walk *w, size_t old)
{
    w->len = old;
    w->path[old] = 0;
}

static bool stop(struct walk *w) { return solver_should_stop(w->s); }

static void walk_defences(struct walk *w, int m);

/* Attacker to move after a defence: every move winning in exactly v; notes
 * a dual when they are two decisions or more, then walks each of them. */
static void walk_continuations(struct walk *w, int v)
{
    struct solver *s = w->s;
    struct turn_list *l = solver_generate(s); /* this ply's list: deeper plies use their own */
    int *wins = malloc(sizeof *wins * (size_t)(l->count ? l->count : 1));
    if (!wins)
        out_of_memory();
    int count = 0;
    for (int i = 0; i < l->count && !stop(w); i++) {
        struct undo u;
        solver_make(s, &l->turns[i], &u);
        if (attack_move_wins(s, v))
            wins[count++] = i;
        solver_unmake(s, &u);
    }
    if (stop(w)) {
        free(wins);
        return;
    }
    struct text line;
    text_init(&line);
    text_printf(&line, "%s:", w->path);
    int decisions = 0;
    for (int k = 0; k < count; k++) {
        char c[NOTATION_MAX];
        decision_canonical(s->pos, &l->turns[wins[k]], c);
        bool repeated = false;
        for (int j = 0; j < k && !repeated; j++) {
            char o[NOTATION_MAX];
            decision_canonical(s->pos, &l->turns[wins[j]], o);
            repeated = strcmp(o, c) == 0;
        }
        if (repeated)
            continue;
        decisions++;
        text_printf(&line, " %s", c);
    }
    if (decisions >= 2) {
        strlist_add(&w->r->dual_lines, line.data);
        w->r->duals++;
    }
    text_free(&line);
    for (int k = 0; k < count && !stop(w); k++) {
        const struct turn *c = &l->turns[wins[k]];
        char name[NOTATION_MAX];
        turn_canonical(s->pos, c, name);
        size_t old = path_push(w, name);
        struct undo u;
        solver_make(s, c, &u);
        if (!(s->play == PLAY_DIRECT && goal_reached(s)))
            walk_defences(w, v);
        solver_unmake(s, &u);
        path_pop(w, old);
    }
    free(wins);
}

/* Defender to move after an attacker's move that wins with m as in
 * attack_move_wins(s, m); as battle_text's write_after_attack. */
static void walk_defences(struct walk *w, int m)
{
    struct solver *s = w->s;
    bool self = s->play == PLAY_SELF;
    int left = self ? m : m - 1; /* direct: attacker turns after a defence;
                                    self: defender turns including this one */
    if (left < 1 || (self && left == 1))
        return; /* the goal, or the defender's forced last move */
    struct turn_list *threats = malloc(s->list_bytes);
    if (!threats)
        out_of_memory();
    threats->count = 0;
    int t = 0;
    if (!solver_in_check(s))
        t = threats_find(s, left, threats);
    struct turn_list *l = solver_generate(s);
    for (int i = 0; i < l->count && !stop(w); i++) {
        const struct turn *d = &l->turns[i];
        char name[NOTATION_MAX];
        turn_canonical(s->pos, d, name);
        struct undo u;
        solver_make(s, d, &u);
        int v = -1;
        if (!(self && goal_reached(s)))
            v = attack_shortest(s, self ? left - 1 : left);
        bool counts = v > 0 && !s->stopped;
        if (counts && t > 0)
            counts = v > t || (v == t && threat_defeated(s, threats, t));
        if (counts) {
            size_t old = path_push(w, name);
            walk_continuations(w, v);
            path_pop(w, old);
        }
        solver_unmake(s, &u);
    }
    free(threats);
}

static void battle_duals(struct solver *s, int n, struct result *r)
{
    struct walk *w = calloc(1, sizeof *w);
    if (!w)
        out_of_memory();
    w->s = s;
    w->r = r;
    struct turn_list *l = solver_generate(s);
    /* the keys in the order they are shown (a merge of first-move parts
     * places each dual by its key's place) */
    for (int k = 0; k < r->keys.count && !stop(w); k++) {
        for (int i = 0; i < l->count && !stop(w); i++) {
            char key[NOTATION_MAX];
            decision_canonical(s->pos, &l->turns[i], key);
            if (strcmp(key, r->keys.items[k]) != 0)
                continue;
            char name[NOTATION_MAX];
            turn_canonical(s->pos, &l->turns[i], name);
            size_t old = path_push(w, name);
            struct undo u;
            solver_make(s, &l->turns[i], &u);
            if (!(s->play == PLAY_DIRECT && goal_reached(s))) {
                int n_k = 1; /* the key's play is written at its shortest length */
                while (n_k < n && !attack_move_wins(s, n_k) && !s->stopped)
                    n_k++;
                walk_defences(w, n_k);
            }
            solver_unmake(s, &u);
            path_pop(w, old);
        }
    }
    free(w);
}

/* ---------- help play ---------- */

struct line {
    int count;
    char **moves;               /* pointers into text */
    char *text;
};

static void split_line(const char *solution, struct line *out)
{
    out->text = strdup(solution);
    if (!out->text)
        out_of_memory();
    out->count = 0;
    size_t words = 1;
    for (const char *c = solution; *c; c++)
        words += *c == ' ';
    out->moves = malloc(sizeof *out->moves * words);
    if (!out->moves)
        out_of_memory();
    for (char *save = NULL, *m = strtok_r(out->text, " ", &save); m; m = strtok_r(NULL, " ", &save))
        out->moves[out->count++] = m;
}

/* The line with '*' at half-move ply, malloc'd to its length: there is one
 * per solution, and a helpmate may have 200,000 of them. */
static char *line_without(const struct line *l, int ply)
{
    size_t len = 0;
    for (int i = 0; i < l->count; i++)
        len += 1 + (i == ply ? 1 : strlen(l->moves[i]));
    char *s = malloc(len + 1), *o = s;
    if (!s)
        out_of_memory();
    for (int i = 0; i < l->count; i++) {
        if (i)
            *o++ = ' ';
        const char *m = i == ply ? "*" : l->moves[i];
        size_t n = strlen(m);
        memcpy(o, m, n);
        o += n;
    }
    *o = 0;
    return s;
}

struct keyed {
    char *key;
    int index;
};

static int compare_keyed(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : x->index - y->index;
}

/* Groups of solutions equal but for half-move ply. */
static void help_duals_at(struct line *lines, int count, int ply, struct result *r)
{
    struct keyed *k = malloc(sizeof *k * (size_t)count);
    if (!k)
        out_of_memory();
    for (int i = 0; i < count; i++)
        k[i] = (struct keyed){.key = line_without(&lines[i], ply), .index = i};
    qsort(k, (size_t)count, sizeof *k, compare_keyed);
    for (int i = 0; i < count;) {
        int j = i + 1;
        while (j < count && strcmp(k[j].key, k[i].key) == 0)
            j++;
        if (j - i >= 2) {
            struct text t;
            text_init(&t);
            text_printf(&t, "%s:", k[i].key);
            for (int g = i; g < j; g++)
                text_printf(&t, " %s", lines[k[g].index].moves[ply]);
            strlist_add(&r->dual_lines, t.data);
            text_free(&t);
            r->duals++;
        }
        i = j;
    }
    for (int i = 0; i < count; i++)
        free(k[i].key);
    free(k);
}

/* Help duals stop with the solver (time, interrupt): they search no nodes,
 * so the clock and the flag are read now. */
static bool help_stopped(struct solver *s)
{
    if (!s)
        return false;
    s->next_check = 0;
    return solver_should_stop(s);
}

/* ---- the solutions spilled to a file: the same groups by an external sort ---- */

/* One record per solution and half-move: "PLY\1LINE*\1INDEX\1MOVE", the
 * line with '*' at that half-move; sorted, the records of one ply and one
 * shared line lie together in index order, as help_duals_at groups them. */
struct spilled_duals {
    struct record_sort *sort;
    struct solver *s;
    int plies;                  /* of the first solution; -1 before it */
    int index;                  /* solutions of that length so far */
    struct result *r;
    char group[PATH_MAX_CHARS + 16]; /* "PLY\1LINE*" of the group being read */
    struct text dual;           /* "LINE*: M1 M2 ..." */
    int members;
};

static bool add_records(void *ctx, const char *solution)
{
    struct spilled_duals *d = ctx;
    struct line l;
    split_line(solution, &l);
    if (d->plies < 0)
        d->plies = l.count;
    bool ok = true;
    if (l.count == d->plies) {
        for (int ply = 0; ply < l.count && ok; ply++) {
            char *key = line_without(&l, ply);
            struct text rec;
            text_init(&rec);
            text_printf(&rec, "%03d\1%s\1%010d\1%s", ply, key, d->index, l.moves[ply]);
            ok = record_sort_add(d->sort, rec.data);
            text_free(&rec);
            free(key);
        }
        d->index++;
    }
    free(l.text);
    free(l.moves);
    return ok && (d->index % 4096 != 0 || !help_stopped(d->s));
}

static void close_group(struct spilled_duals *d)
{
    if (d->members >= 2) {
        strlist_add(&d->r->dual_lines, d->dual.data);
        d->r->duals++;
    }
    d->members = 0;
}

static bool take_record(void *ctx, const char *record)
{
    struct spilled_duals *d = ctx;
    const char *index = strchr(strchr(record, 1) + 1, 1);
    const char *move = strchr(index + 1, 1) + 1;
    size_t group = (size_t)(index - record);
    if (d->members == 0 || group != strlen(d->group) || memcmp(d->group, record, group) != 0) {
        close_group(d);
        snprintf(d->group, sizeof d->group, "%.*s", (int)group, record);
        d->dual.len = 0;
        d->dual.data[0] = 0;
        text_printf(&d->dual, "%s:", strchr(d->group, 1) + 1);
    }
    text_printf(&d->dual, " %s", move);
    d->members++;
    return d->members % 4096 != 0 || !help_stopped(d->s);
}

static void help_duals_spilled(struct result *r, struct solver *s)
{
    struct spilled_duals d = {.sort = record_sort_new(STRLIST_MEMORY), .s = s, .plies = -1, .r = r};
    text_init(&d.dual);
    if (strlist_each(&r->solutions, add_records, &d) && record_sort_each(d.sort, take_record, &d))
        close_group(&d);
    else if (!help_stopped(s)) /* a temporary file failed: the duals are not known */
        r->partial = true;
    text_free(&d.dual);
    record_sort_free(d.sort);
}

static void help_duals(struct result *r, struct solver *s)
{
    int count = r->solutions.count;
    if (count < 2)
        return;
    if (!strlist_in_memory(&r->solutions)) {
        help_duals_spilled(r, s);
        return;
    }
    struct line *lines = malloc(sizeof *lines * (size_t)count);
    if (!lines)
        out_of_memory();
    for (int i = 0; i < count; i++)
        split_line(r->solutions.items[i], &lines[i]);
    /* every full-length solution has as many half-moves as the first */
    int plies = lines[0].count, same = 0;
    for (int i = 0; i < count; i++)
        if (lines[i].count == plies) {
            struct line t = lines[same];
            lines[same++] = lines[i];
            lines[i] = t;
        }
    for (int ply = 0; ply < plies && !help_stopped(s); ply++)
        help_duals_at(lines, same, ply, r);
    for (int i = 0; i < count; i++) {
        free(lines[i].text);
        free(lines[i].moves);
    }
    free(lines);
}

void duals_of_help_solutions(struct result *r)
{
    r->duals = 0;
    strlist_free(&r->dual_lines);
    help_duals(r, NULL);
}

void duals_count(struct solver *s, int n, struct result *r)
{
    r->duals = 0;
    strlist_free(&r->dual_lines);
    if (s->stopped) /* cut short by time or an interrupt: the duals are not looked for */
        ;
    else if (s->play == PLAY_HELP)
        help_duals(r, s);
    else
        battle_duals(s, n, r);
    if (s->stopped)
        r->partial = true;
}
