/* Direct and self play searched for Popeye's tree: keys, tries, threats,
 * variations, set play.  Asks battle.c every question; decides what the tree
 * shows and sends it to the sink part by part.  Turn lists are the solver's
 * per-ply lists: a list at ply p is only regenerated at ply p. */
#include "../base/memory.h"
#include "battle_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/notation.h"
#include "battle.h"
#include "battle_split.h"
#include "popeye_order.h"
#include "threats.h"

/* The tree's walk: the solver, where events go and the goal they mark. */
struct walk {
    struct solver *s;
    const struct solution_sink *sink;
    int first_index;            /* the first move's place in the root list; -1 in set play */
    /* Option PostKeyPlay: the defences at the root that hold are shown
     * (marked refutes) and counted */
    bool post_key;
    int post_key_refutations;
    /* walking the set play: Popeye shows its threats only with Option
     * Variation (without it, its set play still shows the defences and
     * continuations) */
    bool set_play;
};

/* The lists the tree is shown from, in Popeye's order (its generation
 * order, which its text keeps): variations, continuations and refutations
 * come out as Popeye prints them.  The search keeps the rule set's order.
 * mating: the attacker's last move of direct play and the goal moves of a
 * defender bound to the goal (r#, semi-r#), which Popeye lists in
 * the order of its mating-move generator where the goal is mate. */
static struct turn_list *shown_moves(struct solver *s, bool mating)
{
    struct turn_list *l = solver_generate(s);
    /* that generator serves the goal mate alone: stalemate and mate or
     * stalemate come in the plain order (Popeye 4.104: =1, #=1, and the
     * last moves of =2) */
    popeye_order_sort_by(s->pos, l, mating && s->goal == GOAL_MATE);
    return l;
}

/* After the move is made: the goal when it is reached (and may be), else check. */
static enum move_effect effect_now(struct solver *s, bool goal_possible)
{
    if (goal_possible && goal_reached(s))
        return EFFECT_GOAL;
    return solver_in_check(s) ? EFFECT_CHECK : EFFECT_NONE;
}

/* Sends move t (not yet made) with its effect; returns the effect.  The
 * move is tried on the board only: shown moves are not search nodes. */
static enum move_effect send_move(struct walk *w, enum solution_event_kind kind, int depth, const struct turn *t,
                                  bool goal_possible, bool win, bool in_threat)
{
    struct solver *s = w->s;
    struct undo u;
    position_make(s->pos, t, &u);
    enum move_effect e = effect_now(s, goal_possible);
    position_unmake(s->pos, &u);
    struct solution_event ev = {.kind = kind, .pos = s->pos, .turn = t, .effect = e, .depth = depth,
                                .win = win, .in_threat = in_threat, .goal = s->goal,
                                .first_index = w->first_index};
    sink_send(w->sink, &ev);
    return e;
}

/* Option MoveNumbers: first move `number` (legal or not) is examined. */
static void send_numbered(struct walk *w, int number, const struct turn *t)
{
    struct solver *s = w->s;
    struct undo u;
    position_make(s->pos, t, &u);
    enum move_effect e = effect_now(s, false);
    position_unmake(s->pos, &u);
    struct solution_event ev = {.kind = EVENT_NUMBERED_MOVE, .pos = s->pos, .turn = t, .effect = e,
                                .number = number, .goal = s->goal, .first_index = w->first_index};
    sink_send(w->sink, &ev);
}

static void send_mark(struct walk *w, enum solution_event_kind kind, int depth, int threat_length)
{
    struct solution_event ev = {.kind = kind, .pos = w->s->pos, .depth = depth, .threat_length = threat_length,
                                .goal = w->s->goal, .first_index = w->first_index};
    sink_send(w->sink, &ev);
}

/* Length of the attacker's shortest win after a defence, 0 when the defence
 * itself reaches the goal (self play), -1 when it refutes. n as in
 * walk_after_attack: attacker turns (direct) or defender turns (self) left
 * at the defence node. */
static int defence_value(struct solver *s, int n)
{
    if (play_forces_defender(s->play)) {
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

/* Whether an attacker's move may reach the goal: direct play, Quodlibet. */
static bool attacker_may_reach_goal(const struct solver *s) { return s->play == PLAY_DIRECT || battle_quodlibet(s); }

static void walk_after_attack(struct walk *w, int depth, int n);
static void walk_continuations(struct walk *w, int depth, int m, bool in_threat);

/* NoShortVariations: whether a defence with value v (defence_value) at a
 * node with n turns left (walk_after_attack's n) is a short variation.
 * Direct play: the attacker wins in fewer than its n moves.  Where the
 * defender is forced to the goal (s#, r#, semi-r#), n counts the
 * defender's turns with this one, so the full length leaves the attacker
 * n - 1 moves; a defence that reaches the goal itself (v 0) is shown, as
 * Popeye 4.104 shows it (s#2 `1.Rc3-c4 ! 1...b3-b2 #`, corpus 160). */
static bool short_variation(const struct solver *s, int n, int v)
{
    if (play_forces_defender(s->play))
        return v >= 1 && v < n - 1;
    return v >= 0 && v < n;
}

/* A defence at depth and, unless it reaches the goal itself, the attacker's
 * shortest answers (length m). */
static void walk_variation(struct walk *w, int depth, const struct turn *d, int m)
{
    struct solver *s = w->s;
    enum move_effect e = send_move(w, EVENT_MOVE, depth, d, play_forces_defender(s->play), false, false);
    if (e == EFFECT_GOAL)
        return;
    struct undo u;
    solver_make(s, d, &u);
    walk_continuations(w, depth + 1, m, false);
    solver_unmake(s, &u);
}

/* Every attacker move that wins in exactly the shortest length m; in_threat:
 * these are the lines of a threat (the defender passed). */
static void walk_continuations(struct walk *w, int depth, int m, bool in_threat)
{
    struct solver *s = w->s;
    struct turn_list *moves = shown_moves(s, s->play == PLAY_DIRECT && m == 1);
    for (int i = 0; i < moves->count; i++) {
        /* OwnerPromotes: a decision wins only if it wins for every choice */
        if (battle_choice_seen(moves, i) || !battle_all_choices(s, moves, i, m, attack_move_wins))
            continue;
        for (int j = i; j < moves->count; j++) {
            if (j != i && !battle_same_decision(&moves->turns[i], &moves->turns[j]))
                continue;
            enum move_effect e =
                send_move(w, EVENT_MOVE, depth, &moves->turns[j], attacker_may_reach_goal(s), false, in_threat);
            if (e == EFFECT_GOAL)
                continue;
            struct undo u;
            solver_make(s, &moves->turns[j], &u);
            walk_after_attack(w, depth, m);
            solver_unmake(s, &u);
        }
    }
}

/* Defender to move after an attacker's move at `depth`.  Direct: n attacker
 * turns remain; self: n defender turns remain including this one. */
static void walk_after_attack(struct walk *w, int depth, int n)
{
    struct solver *s = w->s;
    /* the threat must outlive the lists of this ply and the next; few
     * positions have one, so it is allocated only then */
    struct turn_list *threats = NULL;
    bool last_self_move = play_forces_defender(s->play) && n <= 1;
    /* r#n, semi-r#n: where the defender can reach the goal it must, so only
     * those defences are play (battle.c) */
    bool bound_to_goal = battle_defender_bound_to_goal(s);
    int t = 0;
    bool check = solver_in_check(s);
    if (s->play == PLAY_DIRECT)
        n = n - 1;
    /* NonTrivial: the play below this node is granted its own count
     * (battle.c); a node with too many non-trivial defences shows nothing */
    int own = s->nontrivial_left;
    int below = bound_to_goal || !s->opt->nontrivial ? own : nontrivial_below(s, n, solver_generate(s));
    if (below < 0)
        return;
    s->nontrivial_left = below;
    if (!check && !last_self_move && !bound_to_goal && n >= 1 && !s->opt->no_threat &&
        (!w->set_play || s->opt->variation)) {
        threats = malloc(s->list_bytes);
        if (!threats)
            out_of_memory();
        t = threats_find(s, n, threats);
        send_mark(w, EVENT_THREAT, depth, t);
        if (t) {
            struct undo u;
            solver_make_null(s, &u);
            walk_continuations(w, depth + 2, t, true);
            solver_unmake(s, &u);
        }
        send_mark(w, EVENT_THREAT_END, depth, t);
    }
    /* a defender bound to the goal shows its goal moves in the order of
     * Popeye's mating-move generator (semi-r#1, r#3 set play) */
    struct turn_list *defences = shown_moves(s, bound_to_goal);
    for (int i = 0; i < defences->count; i++) {
        const struct turn *d = &defences->turns[i];
        struct undo u;
        solver_make(s, d, &u);
        int v = defence_value(s, n);
        if (w->post_key && depth == 0 && v < 0 && !bound_to_goal) {
            /* PostKeyPlay: Popeye shows a defence that holds with "refutes." */
            solver_unmake(s, &u);
            w->post_key_refutations++;
            /* r#1, semi-r#1 after the key: Popeye lists only Black's mates;
             * #1, =1, #=1: it lists no defence (White has no move left) */
            if ((last_self_move && s->play != PLAY_SELF) || (s->play == PLAY_DIRECT && n < 1))
                continue;
            struct undo m;
            position_make(s->pos, d, &m);
            enum move_effect e = effect_now(s, play_forces_defender(s->play));
            position_unmake(s->pos, &m);
            struct solution_event ev = {.kind = EVENT_MOVE, .pos = s->pos, .turn = d, .effect = e, .depth = 1,
                                        .refutes = true, .goal = s->goal, .first_index = w->first_index};
            sink_send(w->sink, &ev);
            continue;
        }
        /* option MatesIn1 keeps the defences that reach the goal at once */
        bool show = bound_to_goal ? v == 0 : v > 0 || (v == 0 && (n <= 1 || s->opt->mates_in_1));
        if (show && t > 0)
            show = v > t || (v == t && threat_defeated(s, threats, t));
        /* NoShortVariations: threat or none, a defence after which the
         * attacker wins sooner is not shown; a defender bound to reach the
         * goal shows its goal moves all the same (r#, semi-r#: Popeye 4.104) */
        if (show && s->opt->no_short_variations && !bound_to_goal && short_variation(s, n, v))
            show = false;
        solver_unmake(s, &u);
        if (!show)
            continue;
        walk_variation(w, depth + 1, d, v);
    }
    s->nontrivial_left = own;
    free(threats);
}

/* r#n: where White can reach the goal at once it must, and fails: at the
 * start (the problem fails: walk_forced_goal) and after a try's refutation
 * (why it refutes, shown under it: walk_forced_after); each such move is
 * shown marked as Popeye marks it ("?!?"), in its mating order. */
struct forced_goal {
    struct walk *w;
    const struct turn_list *moves;
    int depth; /* 0: first moves; 2: under a refutation */
};

static void send_forced_goal(void *ctx, int i)
{
    struct forced_goal *f = ctx;
    struct walk *w = f->w;
    if (f->depth == 0)
        w->first_index = i;
    struct solution_event ev = {.kind = f->depth == 0 ? EVENT_FIRST_MOVE : EVENT_MOVE, .pos = w->s->pos,
                                .turn = &f->moves->turns[i], .effect = EFFECT_GOAL, .depth = f->depth,
                                .goal = w->s->goal, .first_index = w->first_index, .forced_fail = true};
    sink_send(w->sink, &ev);
}

static void walk_forced_after(struct walk *w, const struct turn *d)
{
    struct solver *s = w->s;
    struct undo u;
    solver_make(s, d, &u);
    if (battle_goal_in_one(s)) {
        struct forced_goal f = {.w = w, .moves = shown_moves(s, true), .depth = 2};
        solver_goal_turns(s, f.moves, send_forced_goal, &f);
    }
    solver_unmake(s, &u);
}

static void walk_refutations(struct walk *w, const struct turn *try_move, const struct strlist *refutations)
{
    struct solver *s = w->s;
    send_mark(w, EVENT_REFUTATIONS, 1, 0);
    struct undo u;
    solver_make(s, try_move, &u);
    struct turn_list *defences = shown_moves(s, false);
    for (int i = 0; i < defences->count; i++) {
        char c[NOTATION_MAX];
        decision_canonical(s->pos, &defences->turns[i], c);
        if (!strlist_has(refutations, c))
            continue;
        send_move(w, EVENT_REFUTATION, 1, &defences->turns[i], false, false, false);
        if (s->play == PLAY_REFLEX)
            walk_forced_after(w, &defences->turns[i]);
    }
    solver_unmake(s, &u);
}

/* Refutations of a first move that does not solve, collected up to limit+1. */
static int collect_refutations(struct solver *s, int n, int limit, struct strlist *out)
{
    struct turn_list *defences = solver_generate(s);
    int count = 0;
    int m = s->play == PLAY_DIRECT ? n - 1 : n;
    /* NonTrivial: a first move whose defences are too many non-trivial
     * ones is refuted by none of them alone, and Popeye shows no try */
    int own = s->nontrivial_left;
    int below = nontrivial_below(s, m, defences);
    if (below < 0)
        return limit + 1;
    s->nontrivial_left = below;
    for (int i = 0; i < defences->count && count <= limit; i++) {
        if (battle_choice_seen(defences, i))
            continue;
        bool refutes = true;
        for (int j = i; j < defences->count && refutes; j++) {
            if (j != i && !battle_same_decision(&defences->turns[i], &defences->turns[j]))
                continue;
            struct undo u;
            solver_make(s, &defences->turns[j], &u);
            refutes = defence_value(s, m) < 0;
            solver_unmake(s, &u);
        }
        if (refutes) {
            char c[NOTATION_MAX];
            decision_canonical(s->pos, &defences->turns[i], c);
            strlist_add(out, c);
            count++;
        }
    }
    s->nontrivial_left = own;
    return count;
}

/* Set play: the play after a pass.  Self play is shown at the shortest
 * length in which every defence loses (as a key's play is); when no length
 * works, s#1 set play is not shown and longer set play is shown partially.
 * False, with nothing shown, where the defender to move after the pass
 * could take the attacker's king (it stands in check in the diagram):
 * Popeye shows no set play then. */
static bool walk_set_play(struct walk *w, int n)
{
    struct solver *s = w->s;
    send_mark(w, EVENT_SET_PLAY, 0, 0);
    struct undo u;
    solver_make_null(s, &u);
    if (rules_opponent_in_check(s->pos)) {
        solver_unmake(s, &u);
        send_mark(w, EVENT_SET_PLAY_END, 0, 0);
        return false;
    }
    int m = s->play == PLAY_DIRECT ? n - 1 : n;
    if (play_forces_defender(s->play)) {
        int k = 1;
        while (k <= n && !defence_loses(s, k))
            k++;
        m = k <= n ? k : n == 1 ? 0 : n;
    }
    bool bound_to_goal = battle_defender_bound_to_goal(s);
    struct turn_list *defences = shown_moves(s, bound_to_goal);
    w->set_play = true;
    for (int i = 0; m >= 1 && i < defences->count; i++) {
        struct undo v;
        solver_make(s, &defences->turns[i], &v);
        int val = defence_value(s, m);
        solver_unmake(s, &v);
        if (val < 0 || (val == 0 && m > 1 && !s->opt->mates_in_1))
            continue;
        walk_variation(w, 1, &defences->turns[i], val);
    }
    w->set_play = false;
    solver_unmake(s, &u);
    send_mark(w, EVENT_SET_PLAY_END, 0, 0);
    return true;
}

/* The key or try line of first move m and, with Variation, the play after it.
 * Returns the length of that play: the key's shortest win (n for a try). */
static int walk_first_move(struct walk *w, int n, const struct turn *m, bool win)
{
    struct solver *s = w->s;
    enum move_effect e = send_move(w, EVENT_FIRST_MOVE, 0, m, attacker_may_reach_goal(s), win, false);
    struct undo u;
    solver_make(s, m, &u);
    int k = n;
    for (int m = 1; win && m < n; m++)
        if (attack_move_wins(s, m)) {
            k = m;
            break;
        }
    if (e != EFFECT_GOAL && s->opt->variation)
        walk_after_attack(w, 0, k);
    solver_unmake(s, &u);
    return k;
}

/* A first move's verdict: a key (win), or its refutations (a try when
 * there are at most the wanted number).  Asked on any thread's solver. */
struct root_verdict {
    bool win;
    int refutation_count;
    struct strlist refutations;
};

struct root_walk {
    struct walk *w;
    struct result *r;
    struct turn_list *first;    /* the caller's list at ply 0 */
    struct turn_list *root_copy; /* the same turns, read by the split's threads (with verdicts) */
    int n, max_refutations;
    struct root_verdict *verdicts; /* the split's, per first move; NULL: asked in turn */
    int shown;                     /* keys and tries shown */
    bool cut;                      /* MaxSolutions of them shown: no more first moves */
};

static void root_verdict(struct root_walk *rw, struct solver *s, int i, struct root_verdict *v)
{
    const struct turn_list *first = rw->verdicts ? rw->root_copy : rw->first;
    const struct turn *m = &first->turns[i];
    /* OwnerPromotes: one decision, whatever the opponent promotes to */
    bool choice = (m->flags & TURN_OWNER_CHOICE) != 0;
    *v = (struct root_verdict){0};
    v->win = battle_all_choices(s, first, i, rw->n, attack_move_wins);
    if (!v->win && !choice && rw->max_refutations > 0) {
        struct undo u;
        solver_make(s, m, &u);
        v->refutation_count = collect_refutations(s, rw->n, rw->max_refutations, &v->refutations);
        solver_unmake(s, &u);
    }
}

static void split_verdict(void *ctx, struct solver *s, int i)
{
    struct root_walk *rw = ctx;
    if (battle_choice_seen(rw->root_copy, i))
        return;
    root_verdict(rw, s, i, &rw->verdicts[i]);
    if (s->stopped && s->resolved && __atomic_load_n(s->resolved, __ATOMIC_ACQUIRE) && !s->overflow) {
        /* an assisting thread put the answer into the table first: the
         * same question again, answered there at once */
        strlist_free(&rw->verdicts[i].refutations);
        s->stopped = false;
        s->resolved = NULL;
        root_verdict(rw, s, i, &rw->verdicts[i]);
    }
}

/* The same question alone, on a thread assisting the one that asks it
 * (battle_split.h): only the table keeps what it finds. */
static void split_assist(void *ctx, struct solver *s, int i)
{
    struct root_walk *rw = ctx;
    if (!battle_choice_seen(rw->root_copy, i))
        battle_all_choices(s, rw->root_copy, i, rw->n, attack_move_wins);
}

/* -j N: the first moves' verdicts are taken longest first, so that the
 * last to finish is a short one.  Each move's question asked BATTLE_ESTIMATE_MOVES
 * deep (at most n - 1) is the estimate: its nodes rank the long verdicts
 * nearly as the full length does, for a small part of their cost, and what
 * it proves stays in the table for the full length (which counts more than
 * the order it gives; a deeper estimate costs more than its better order
 * saves).  The estimates are asked on the threads too: on the calling
 * thread alone they are a good part of a short run. */
#define BATTLE_ESTIMATE_MOVES 3

struct estimates {
    struct root_walk *rw;
    uint64_t *cost;
    int depth;
};

static void estimate_verdict(void *ctx, struct solver *s, int i)
{
    struct estimates *e = ctx;
    if (battle_choice_seen(e->rw->root_copy, i))
        return;
    uint64_t before = s->nodes;
    battle_all_choices(s, e->rw->root_copy, i, e->depth, attack_move_wins);
    e->cost[i] = s->nodes - before;
}

static bool estimate_done(void *ctx, int i)
{
    (void)ctx;
    (void)i;
    return true;
}

static int *longest_first(struct root_walk *rw, struct solver *s)
{
    int count = rw->first->count;
    int *order = malloc(sizeof *order * ((size_t)count + 1));
    uint64_t *cost = calloc((size_t)count + 1, sizeof *cost);
    if (!order || !cost)
        out_of_memory();
    for (int i = 0; i < count; i++)
        order[i] = i;
    struct estimates e = {.rw = rw, .cost = cost,
                          .depth = rw->n - 1 < BATTLE_ESTIMATE_MOVES ? rw->n - 1 : BATTLE_ESTIMATE_MOVES};
    if (e.depth >= 1)
        battle_split_roots(s, count, NULL, estimate_verdict, NULL, estimate_done, &e);
    /* a stable insertion sort, most nodes first: a few dozen first moves */
    for (int i = 1; i < count; i++) {
        int t = order[i], k = i;
        while (k > 0 && cost[order[k - 1]] < cost[t]) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = t;
    }
    free(cost);
    return order;
}

/* First move i in -j 1 order: its line and play when it is a key or try. */
static bool root_move(void *ctx, int i)
{
    struct root_walk *rw = ctx;
    struct walk *w = rw->w;
    struct solver *s = w->s;
    struct turn_list *first = rw->first;
    const struct options *o = s->opt;
    int n = rw->n;
    if (s->on_root_move)
        s->on_root_move(s->progress_ctx, 2 * n - (s->play == PLAY_DIRECT), i + 1, first->count);
    if (!solver_root_allowed(s, &first->turns[i]))
        return true; /* another part's first move (StartMoveNumber, --first-moves) */
    w->first_index = i;
    if (o->move_numbers) {
        send_numbered(w, i + 1, &first->turns[i]);
        if (!popeye_turn_legal(s->pos, &first->turns[i]))
            return true;
    }
    if (battle_choice_seen(first, i))
        return true;
    const struct turn *m = &first->turns[i];
    bool choice = (m->flags & TURN_OWNER_CHOICE) != 0;
    char canon[NOTATION_MAX];
    decision_canonical(s->pos, m, canon);
    struct root_verdict v;
    if (rw->verdicts) {
        v = rw->verdicts[i];
        rw->verdicts[i].refutations = (struct strlist){0}; /* now this call's */
    } else
        root_verdict(rw, s, i, &v);
    bool win = v.win;
    struct strlist refutations = v.refutations;
    int refutation_count = v.refutation_count;
    bool is_try = !win && refutation_count >= 1 && refutation_count <= rw->max_refutations;
    if (!win && !is_try) {
        if (s->want_refuted && !choice) {
            struct undo u;
            struct strlist one = {0};
            solver_make(s, m, &u);
            if (refutation_count == 0)
                collect_refutations(s, n, 0, &one);
            solver_unmake(s, &u);
            const char *by = refutation_count ? refutations.items[0] : one.count ? one.items[0] : NULL;
            if (by) {
                char line[2 * NOTATION_MAX + 2];
                snprintf(line, sizeof line, "%s %s", canon, by);
                strlist_add(&rw->r->refuted, line);
            }
            strlist_free(&one);
        }
        strlist_free(&refutations);
        return true;
    }
    int length = 0; /* short only if the play after every choice is */
    for (int j = i; j < first->count; j++) /* each choice the opponent has, with its play */
        if (j == i || (choice && battle_same_decision(m, &first->turns[j]))) {
            int k = walk_first_move(w, n, &first->turns[j], win);
            length = k > length ? k : length;
        }
    if (win) {
        strlist_add(&rw->r->keys, canon);
        if (length < n)
            strlist_add(&rw->r->short_keys, canon);
        strlist_free(&refutations);
    } else {
        walk_refutations(w, m, &refutations);
        struct try_result *t = result_add_try(rw->r, canon);
        t->refutations = refutations;
    }
    send_mark(w, EVENT_FIRST_MOVE_END, 0, 0);
    /* MaxSolutions: Popeye counts its keys and tries as solutions, stops
     * at the n-th, the first moves after it not looked at, and calls the
     * solution partial (Popeye 4.104: #2 with Try and MaxSolutions 1 shows
     * a try before the key, and no key) */
    if (o->max_solutions > 0 && ++rw->shown >= o->max_solutions) {
        rw->cut = true;
        return false;
    }
    return !s->stopped;
}

static bool walk_forced_goal(struct walk *w)
{
    struct solver *s = w->s;
    if (s->play != PLAY_REFLEX || !battle_goal_in_one(s))
        return false;
    struct forced_goal f = {.w = w, .moves = shown_moves(s, true)}; /* goal moves: Popeye's mating order */
    solver_goal_turns(s, f.moves, send_forced_goal, &f);
    /* after the last of them, marked as theirs: no key or try was shown */
    struct solution_event end = {.kind = EVENT_FIRST_MOVE_END, .pos = s->pos, .goal = s->goal,
                                 .first_index = w->first_index, .forced_fail = true};
    sink_send(w->sink, &end);
    return true;
}

/* Option PostKeyPlay: the diagram is the position after White's key, Black
 * to move (solve.c); its play is shown as a key's is, with every defence,
 * and it solves when no defence holds. */
static void walk_post_key(struct walk *w, int n, struct result *r)
{
    w->post_key = true;
    /* the key's effect, as Popeye marks the key it does not show (" +") */
    struct solution_event ev = {.kind = EVENT_POST_KEY, .pos = w->s->pos, .goal = w->s->goal,
                                .effect = solver_in_check(w->s) ? EFFECT_CHECK : EFFECT_NONE,
                                .first_index = w->first_index};
    sink_send(w->sink, &ev);
    walk_after_attack(w, 0, n);
    send_mark(w, EVENT_POST_KEY_END, 0, 0);
    r->post_key = true;
    r->post_key_refutations = w->post_key_refutations;
    r->partial = w->s->stopped;
}

void battle_search(struct solver *s, int n, struct result *r, const struct solution_sink *sink)
{
    struct walk walk = {.s = s, .sink = sink, .first_index = -1};
    struct walk *w = &walk;
    const struct options *o = s->opt;
    if (o->post_key_play) { /* solve.c: only battle play gets here with it, Black to move */
        walk_post_key(w, n, r);
        return;
    }
    /* set play comes first, also in an r#n whose White must mate at once
     * (Popeye shows both: TESTS/battle_play.inp problem 26 as r#2) */
    if (o->set_play)
        r->set_play_illegal = !walk_set_play(w, n);
    if (s->set_play_only) { /* the play itself is illegal (solve.c) */
        r->partial = s->stopped;
        return;
    }
    if (walk_forced_goal(w))
        return;
    int max_refutations = o->defence > 0 ? o->defence : (o->try_play ? 1 : 0);
    /* #1, =1, #=1, r#1 and semi-r#1: Popeye 4.104 shows no tries there
     * (with Try or Defence n alike; s#1 has them) */
    if (n == 1 && (s->play == PLAY_DIRECT || s->play == PLAY_REFLEX || s->play == PLAY_SEMI_REFLEX))
        max_refutations = 0;
    struct turn_list *first = solver_list(s, s->ply);
    if (o->move_numbers && s->first_move_mates)
        popeye_numbered_mating_moves(s->pos, first);
    else if (o->move_numbers)
        popeye_numbered_moves(s->pos, first);
    else
        shown_moves(s, s->play == PLAY_DIRECT && n == 1);
    struct root_walk rw = {.w = w, .r = r, .first = first, .n = n, .max_refutations = max_refutations};
    /* -j N: the first moves' verdicts on N threads (battle_split.h) */
    bool split = false;
    if (s->threads > 1 && !o->move_numbers && !s->root_filter && !s->want_refuted && !s->stopped) {
        struct root_verdict *verdicts = calloc((size_t)first->count + 1, sizeof *verdicts);
        if (!verdicts)
            out_of_memory();
        rw.verdicts = verdicts;
        /* the turns only: a list holds what its rule set can have (turn.h) */
        if (!(rw.root_copy = malloc(s->list_bytes)))
            out_of_memory();
        turn_list_copy(rw.root_copy, first);
        int *order = longest_first(&rw, s);
        if (!s->stopped)
            battle_split_roots(s, first->count, order, split_verdict, split_assist, root_move, &rw);
        free(order);
        free(rw.root_copy);
        rw.root_copy = NULL;
        split = true;
        rw.verdicts = NULL;
        for (int i = 0; i < first->count; i++) /* the verdicts of moves never shown */
            strlist_free(&verdicts[i].refutations);
        free(verdicts);
    }
    /* Popeye's blank after the last numbered move (also after the last of
     * a StartMoveNumber range): of first-move parts, the one with the last
     * move shows it, after that move (a merge joins the parts' pieces by
     * their first moves) */
    bool numbered_end = o->move_numbers && (!s->first_moves_part || first->count == 0 ||
                                            solver_root_allowed(s, &first->turns[first->count - 1]));
    for (int i = 0; !split && i < first->count && !s->stopped && !rw.cut; i++)
        root_move(&rw, i);
    if (numbered_end) {
        w->first_index = first->count - 1;
        send_mark(w, EVENT_NUMBERED_END, 0, 0);
    }
    r->partial = s->stopped || rw.cut;
}
