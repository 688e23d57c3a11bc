/* Direct and self play in Popeye's tree layout: keys, tries, threats,
 * variations, set play.  Asks battle.c every question; decides only what to show. */
#include "battle_text.h"

#include <string.h>

#include "../board/notation.h"
#include "../rules/rules.h"
#include "../solve/battle.h"
#include "popeye_order.h"
#include "../solve/threats.h"

static const char *goal_mark(enum goal g)
{
    return g == GOAL_MATE ? " #" : g == GOAL_STALEMATE ? " =" : " #=";
}

/* "\n" + Popeye's indentation and move number for a turn at this depth
 * (0 = the key), then the move. */
static void write_move_line(struct text *out, struct solver *s, int depth, const struct turn *t)
{
    char move[NOTATION_MAX];
    turn_text(s->pos, t, move);
    text_printf(out, "\n%*c%3d.%s%s", 4 * depth, ' ', depth / 2 + 1, depth % 2 ? ".." : "", move);
}

/* After the move is made: " #" when the goal is reached, " +" for check. */
static bool write_effect(struct text *out, struct solver *s, bool goal_possible)
{
    if (goal_possible && goal_reached(s)) {
        text_put(out, goal_mark(s->goal));
        return true;
    }
    if (solver_in_check(s))
        text_put(out, " +");
    return false;
}

/* Length of the attacker's shortest win after a defence, 0 when the defence
 * itself reaches the goal (self play), -1 when it refutes. n as in
 * write_after_attack: attacker turns (direct) or defender turns (self) left
 * at the defence node. */
static int defence_value(struct solver *s, int n)
{
    if (s->play == PLAY_SELF) {
        if (goal_reached(s))
            return 0;
        if (n <= 1)
            return -1;
        int m = attack_shortest(s, n - 1);
        return m ? m : -1;
    }
    int m = attack_shortest(s, n);
    return m ? m : -1;
}

static void write_after_attack(struct text *out, struct solver *s, int depth, int n);
static void write_continuations(struct text *out, struct solver *s, int depth, int m);

/* A defence at depth and, unless it reaches the goal itself, the attacker's
 * shortest answers (length m). */
static void write_variation(struct text *out, struct solver *s, int depth, const struct turn *d, int m)
{
    struct undo u;
    write_move_line(out, s, depth, d);
    solver_make(s, d, &u);
    if (!write_effect(out, s, s->play == PLAY_SELF))
        write_continuations(out, s, depth + 1, m);
    solver_unmake(s, &u);
}

/* Every attacker move that wins in exactly the shortest length m. */
static void write_continuations(struct text *out, struct solver *s, int depth, int m)
{
    struct turn_list *l = solver_generate(s);
    struct turn_list moves;
    turn_list_copy(&moves, l);
    for (int i = 0; i < moves.count; i++) {
        /* OwnerPromotes: a decision wins only if it wins for every choice */
        if (battle_choice_seen(&moves, i) || !battle_all_choices(s, &moves, i, m, attack_move_wins))
            continue;
        for (int j = i; j < moves.count; j++) {
            if (j != i && !battle_same_decision(&moves.turns[i], &moves.turns[j]))
                continue;
            struct undo u;
            write_move_line(out, s, depth, &moves.turns[j]);
            solver_make(s, &moves.turns[j], &u);
            bool done = write_effect(out, s, s->play == PLAY_DIRECT);
            if (!done)
                write_after_attack(out, s, depth, m);
            solver_unmake(s, &u);
        }
    }
}

/* Defender to move after an attacker's move at `depth`.  Direct: n attacker
 * turns remain; self: n defender turns remain including this one. */
static void write_after_attack(struct text *out, struct solver *s, int depth, int n)
{
    /* on the stack like every list here: solving threads need no shared state
     * (worker threads get stacks sized for this) */
    struct turn_list threat_list;
    threat_list.count = 0;
    struct turn_list *threats = &threat_list;
    bool last_self_move = s->play == PLAY_SELF && n <= 1;
    int t = 0;
    bool check = solver_in_check(s);
    if (s->play == PLAY_DIRECT)
        n = n - 1;
    if (!check && !last_self_move && n >= 1 && !s->opt->no_threat) {
        t = threats_find(s, n, threats);
        text_put(out, t ? " threat:" : " zugzwang.");
        if (t) {
            struct undo u;
            solver_make_null(s, &u);
            write_continuations(out, s, depth + 2, t);
            solver_unmake(s, &u);
        }
    }
    struct turn_list *l = solver_generate(s);
    struct turn_list defences;
    turn_list_copy(&defences, l);
    for (int i = 0; i < defences.count; i++) {
        const struct turn *d = &defences.turns[i];
        struct undo u;
        solver_make(s, d, &u);
        int v = defence_value(s, n);
        /* option MatesIn1 keeps the defences that reach the goal at once */
        bool show = v > 0 || (v == 0 && (n <= 1 || s->opt->mates_in_1));
        if (show && t > 0)
            show = v > t || (v == t && threat_defeated(s, threats, t));
        if (show && s->opt->no_short_variations && t == 0 && v >= 0 && v < n)
            show = false;
        solver_unmake(s, &u);
        if (!show)
            continue;
        write_variation(out, s, depth + 1, d, v);
    }
}

static void write_refutations(struct text *out, struct solver *s, const struct turn *try_move,
                              const struct strlist *refutations)
{
    text_printf(out, "\n%4c%s", ' ', "but");
    struct undo u;
    solver_make(s, try_move, &u);
    struct turn_list *l = solver_generate(s);
    struct turn_list defences;
    turn_list_copy(&defences, l);
    for (int i = 0; i < defences.count; i++) {
        char c[NOTATION_MAX];
        decision_canonical(s->pos, &defences.turns[i], c);
        bool refutes = false;
        for (int k = 0; k < refutations->count && !refutes; k++)
            refutes = strcmp(refutations->items[k], c) == 0;
        if (!refutes)
            continue;
        write_move_line(out, s, 1, &defences.turns[i]);
        struct undo v;
        solver_make(s, &defences.turns[i], &v);
        write_effect(out, s, false);
        solver_unmake(s, &v);
        text_put(out, " !");
    }
    solver_unmake(s, &u);
}

/* Refutations of a first move that does not solve, collected up to limit+1. */
static int collect_refutations(struct solver *s, int n, int limit, struct strlist *out)
{
    struct turn_list *l = solver_generate(s);
    struct turn_list defences;
    turn_list_copy(&defences, l);
    int count = 0;
    int m = s->play == PLAY_DIRECT ? n - 1 : n;
    for (int i = 0; i < defences.count && count <= limit; i++) {
        if (battle_choice_seen(&defences, i))
            continue;
        bool refutes = true;
        for (int j = i; j < defences.count && refutes; j++) {
            if (j != i && !battle_same_decision(&defences.turns[i], &defences.turns[j]))
                continue;
            struct undo u;
            solver_make(s, &defences.turns[j], &u);
            refutes = defence_value(s, m) < 0;
            solver_unmake(s, &u);
        }
        if (refutes) {
            char c[NOTATION_MAX];
            decision_canonical(s->pos, &defences.turns[i], c);
            strlist_add(out, c);
            count++;
        }
    }
    return count;
}

/* Set play: the play after a pass.  Self play is written at the shortest
 * length in which every defence loses (as a key's play is); when no length
 * works, s#1 set play is not shown and longer set play is shown partially. */
static void write_set_play(struct text *out, struct solver *s, int n)
{
    struct undo u;
    solver_make_null(s, &u);
    int m = s->play == PLAY_DIRECT ? n - 1 : n;
    if (s->play == PLAY_SELF) {
        int k = 1;
        while (k <= n && !defence_loses(s, k))
            k++;
        m = k <= n ? k : n == 1 ? 0 : n;
    }
    struct turn_list *l = solver_generate(s);
    struct turn_list defences;
    turn_list_copy(&defences, l);
    for (int i = 0; m >= 1 && i < defences.count; i++) {
        struct undo v;
        solver_make(s, &defences.turns[i], &v);
        int val = defence_value(s, m);
        solver_unmake(s, &v);
        if (val < 0 || (val == 0 && m > 1 && !s->opt->mates_in_1))
            continue;
        write_variation(out, s, 1, &defences.turns[i], val);
    }
    solver_unmake(s, &u);
    text_put(out, "\n");
}

/* The key or try line of first move m and, with Variation, the play after it.
 * Returns the length of that play: the key's shortest win (n for a try). */
static int write_first_move(struct text *out, struct solver *s, int n, const struct turn *m, bool win)
{
    struct undo u;
    write_move_line(out, s, 0, m);
    solver_make(s, m, &u);
    bool goal = write_effect(out, s, s->play == PLAY_DIRECT);
    text_put(out, win ? " !" : " ?");
    int k = n;
    for (int m = 1; win && m < n; m++)
        if (attack_move_wins(s, m)) {
            k = m;
            break;
        }
    if (!goal && s->opt->variation)
        write_after_attack(out, s, 0, k);
    solver_unmake(s, &u);
    return k;
}

void battle_write(struct solver *s, int n, struct result *r)
{
    struct text *out = &r->text;
    const struct options *o = s->opt;
    int max_refutations = o->defence > 0 ? o->defence : (o->try_play ? 1 : 0);
    if (o->set_play)
        write_set_play(out, s, n);
    struct turn_list first;
    if (o->move_numbers)
        popeye_numbered_moves(s->pos, &first);
    else
        turn_list_copy(&first, solver_generate(s));
    for (int i = 0; i < first.count && !s->stopped; i++) {
        if (s->on_root_move)
            s->on_root_move(s->progress_ctx, i + 1, first.count);
        if (o->move_numbers) {
            popeye_write_move_number(out, s->pos, i + 1, &first.turns[i]);
            if (!popeye_turn_legal(s->pos, &first.turns[i]))
                continue;
        }
        if (battle_choice_seen(&first, i))
            continue;
        const struct turn *m = &first.turns[i];
        /* OwnerPromotes: one decision, whatever the opponent promotes to */
        bool choice = (m->flags & TURN_OWNER_CHOICE) != 0;
        char canon[NOTATION_MAX];
        decision_canonical(s->pos, m, canon);
        struct undo u;
        struct strlist refutations = {0};
        bool win = battle_all_choices(s, &first, i, n, attack_move_wins);
        int refutation_count = 0;
        if (!win && !choice && max_refutations > 0) {
            solver_make(s, m, &u);
            refutation_count = collect_refutations(s, n, max_refutations, &refutations);
            solver_unmake(s, &u);
        }
        bool is_try = !win && refutation_count >= 1 && refutation_count <= max_refutations;
        if (!win && !is_try) {
            strlist_free(&refutations);
            continue;
        }
        int length = 0; /* short only if the play after every choice is */
        for (int j = i; j < first.count; j++) /* each choice the opponent has, with its play */
            if (j == i || (choice && battle_same_decision(m, &first.turns[j]))) {
                int k = write_first_move(out, s, n, &first.turns[j], win);
                length = k > length ? k : length;
            }
        if (win) {
            strlist_add(&r->keys, canon);
            if (length < n)
                strlist_add(&r->short_keys, canon);
            strlist_free(&refutations);
        } else {
            write_refutations(out, s, m, &refutations);
            struct try_result *t = result_add_try(r, canon);
            t->refutations = refutations;
        }
        text_put(out, "\n");
    }
    r->partial = s->stopped;
}
