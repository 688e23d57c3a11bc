/* Solving one twin: decides who moves first and how many turns the
 * stipulation allows, then dispatches to the battle or help search. */
#include "solve.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "../base/memory.h"

#include "../board/notation.h"
#include "../board/zobrist.h"
#include "../rules/rules.h"
#include "battle_search.h"
#include "duals.h"
#include "../bound/goal_bound.h"
#include "help_search.h"
#include "popeye_order.h"
#include "series.h"
#include "solver.h"
#include "split.h"

bool solve_post_key(const struct problem *pr, const struct stipulation *st)
{
    bool battle = st->play == PLAY_DIRECT || play_forces_defender(st->play);
    return pr->options.post_key_play && battle && !st->series;
}

bool solve_white_to_play(const struct problem *pr, const struct stipulation *st)
{
    return pr->options.white_to_play && st->play == PLAY_HELP && !st->series && !st->half && st->moves > 0;
}

bool solve_quodlibet_applies(const struct stipulation *st)
{
    if (st->series)
        return st->play == PLAY_SELF;
    return play_forces_defender(st->play) || st->play == PLAY_HELP_SELF;
}

enum colour solve_first_mover(const struct problem *pr, const struct stipulation *st)
{
    /* hs#n is White's n help moves and Black's n - 1, then Black's forced
     * mate; hs#n.5 one help move more, Black's first (Popeye 4.104) */
    bool black_first = (st->play == PLAY_HELP && !st->half) || (st->play == PLAY_HELP_SELF && st->half) ||
                       st->play == PLAY_RECI_HELP || solve_post_key(pr, st);
    return black_first ? BLACK : WHITE;
}

struct stipulation solve_effective_stipulation(const struct problem *pr, const struct twin_view *v)
{
    struct stipulation st = v->stipulation;
    if (solve_white_to_play(pr, &st)) {
        st.moves -= 1;
        st.half = true;
        char goal[4];
        snprintf(goal, sizeof goal, "%s", st.goal == GOAL_MATE ? "#" : st.goal == GOAL_STALEMATE ? "=" : "#=");
        snprintf(st.text, sizeof st.text, "h%s%d.5", goal, st.moves);
    }
    return st;
}

/* The first moves of a range, numbered as Popeye's MoveNumbers numbers them
 * (pseudo-legal moves count: with MoveNumbers an illegal one is shown with
 * its number, as Popeye does, and not solved; without, the legal turns are
 * searched and it never comes up): their canonical forms into allowed;
 * returns how many moves are numbered. */
static int first_move_range(struct position *pos, const struct stipulation *st, int from, int to,
                            struct strlist *allowed)
{
    struct turn_list *l = malloc(TURN_LIST_BYTES(rules_max_turns(pos->rules)));
    if (!l)
        out_of_memory();
    /* where the first move is to mate at once, Popeye numbers only the
     * moves of its mating-move generator (popeye_order.h) */
    if (stipulation_first_move_mates(st))
        popeye_numbered_mating_moves(pos, l);
    else
        popeye_numbered_moves(pos, l);
    for (int i = from - 1; i < l->count && i < to; i++) {
        char c[NOTATION_MAX];
        turn_canonical(pos, &l->turns[i], c);
        strlist_add(allowed, c);
    }
    int n = l->count;
    free(l);
    return n;
}

void solve_twin(const struct problem *pr, const struct twin_view *v, const struct position *start,
                struct tt *tt, const struct solve_limits *limits, struct result *r,
                const struct solution_sink *sink)
{
    double t0 = monotonic_seconds();
    struct stipulation st = solve_effective_stipulation(pr, v);
    struct position pos = *start;
    bool help = st.play == PLAY_HELP; /* ser-h# too: Black makes the series */
    enum colour first = solve_first_mover(pr, &st);
    if (v->colours_swapped) /* Duplex, HalfDuplex: the other side's part */
        first = (enum colour)!first;
    pos.st.side = (uint8_t)first;
    position_rehash(&pos);
    bool set_play_only = false;
    if (rules_opponent_in_check(&pos)) {
        /* no play; the runner says why on standard error, as Popeye does.
         * The set play starts with the other side, for which the diagram
         * may be legal: Popeye shows it then (each set play checks) */
        r->illegal = true;
        if (!pr->options.set_play || solve_post_key(pr, &st))
            return;
        set_play_only = true;
    }
    struct solver s;
    solver_init(&s, &pos, &st, &pr->options, tt);
    s.set_play_only = set_play_only;
    s.attacker = v->colours_swapped ? BLACK : WHITE;
    /* a table entry's meaning depends on which side attacks (battle bounds
     * are the attacker's): the two parts never share entries */
    if (v->colours_swapped)
        s.mode_key = zobrist_mix(s.mode_key ^ 0x2545f4914f6cdd1dull);
    s.deadline = limits ? limits->deadline : 0;
    s.interrupt = limits ? limits->interrupt : NULL;
    if (limits) {
        s.on_root_move = limits->on_root_move;
        s.on_nodes = limits->on_nodes;
        s.progress_ctx = limits->progress_ctx;
    }
    if (limits && limits->threads > 1) /* input checked in main.c; the split asserts the cap */
        s.threads = limits->threads < SPLIT_THREADS_MAX ? limits->threads : SPLIT_THREADS_MAX;
    /* a part of the first moves: --first-moves, else StartMoveNumber / UpToMoveNumber */
    int from = limits ? limits->first_from : 0, to = limits ? limits->first_to : 0;
    if (!from && (pr->options.start_move || pr->options.upto_move)) {
        from = pr->options.start_move ? pr->options.start_move : 1;
        to = pr->options.upto_move ? pr->options.upto_move : INT_MAX;
    }
    struct strlist allowed = {0};
    s.want_refuted = limits && limits->want_refuted;
    if (from) {
        r->numbered_moves = first_move_range(&pos, &st, from, to, &allowed);
        s.root_filter = &allowed;
        s.first_moves_part = limits && limits->first_from;
    }
    /* goal-directed play: help play and every series (series.c says how
     * the turns are counted); hs#, reci-h#: also the bound of Black's mate
     * at the end (help_bound_prunes) */
    bool ends_other = st.play == PLAY_HELP_SELF || st.play == PLAY_RECI_HELP;
    if ((help || st.series || ends_other) && !(limits && limits->plain_help)) {
        /* neither side makes more turns than this in any phase: a helpmate's
         * half-moves split between the sides (set play has one fewer), a
         * series side's n moves against the other side's one at most; in
         * hs#n and reci-h#n each side makes n */
        int most = st.series ? st.moves : (st.moves * 2 + (st.half ? 1 : 0) + 1) / 2;
        const int turns[2] = {most, most};
        /* hs#: the help play ends in no mate of its own; reci-h#: it does */
        if (st.play != PLAY_HELP_SELF)
            s.goal_bound = goal_bound_new_turns(&pos, turns);
        if (ends_other)
            s.end_bound = goal_bound_new_turns(&pos, turns);
        s.check_needs = pos.rules->check_needs != NULL;
    }
    if (st.series)
        series_search(&s, st.moves, r, sink);
    else if (help)
        help_search(&s, st.moves * 2 + (st.half ? 1 : 0), r, sink);
    else if (st.play == PLAY_HELP_SELF) /* White's n moves, Black's n - 1 (n with .5), then Black's forced mate */
        help_search(&s, st.moves * 2 - 1 + (st.half ? 1 : 0), r, sink);
    else if (st.play == PLAY_RECI_HELP)
        help_search(&s, st.moves * 2, r, sink);
    else
        battle_search(&s, st.moves, r, sink);
    if (limits && limits->want_duals && !set_play_only && !st.series && st.play != PLAY_HELP_SELF && st.play != PLAY_RECI_HELP &&
        st.play != PLAY_REFLEX && st.play != PLAY_SEMI_REFLEX) /* no dual rules for reflexmates (docs/solving.md) */
        duals_count(&s, st.moves, r);
    r->too_many_turns = s.overflow;
    r->partial |= s.overflow;
    r->nodes = s.nodes;
    r->seconds = monotonic_seconds() - t0;
    solver_free(&s);
    strlist_free(&allowed);
}
