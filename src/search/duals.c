/* Duals (definitions in duals.h): walks the battle-play solution tree asking
 * battle.c, or compares help-play solutions; never changes what was solved. */
#include "../base/memory.h"
#include "duals.h"

#include <stdlib.h>
#include <string.h>

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
    struct turn_list *threats = malloc(sizeof *threats);
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

static void help_duals(struct result *r)
{
    int count = r->solutions.count;
    if (count < 2)
        return;
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
    for (int ply = 0; ply < plies; ply++)
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
    help_duals(r);
}

void duals_count(struct solver *s, int n, struct result *r)
{
    r->duals = 0;
    strlist_free(&r->dual_lines);
    if (s->play == PLAY_HELP)
        help_duals(r);
    else if (!s->stopped)
        battle_duals(s, n, r);
    if (s->stopped)
        r->partial = true;
}
