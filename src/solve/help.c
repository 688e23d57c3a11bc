/* Help play: every sequence of exactly k half-moves that reaches the goal,
 * shortest lengths first, with failures remembered per remaining length. */
#include "help.h"

#include <assert.h>
#include <string.h>

#include "../board/notation.h"
#include "../report/popeye_order.h"
#include "../rules/rules.h"
#include "goal_bound.h"

struct help_run {
    struct solver *s;
    struct position root;       /* to replay a solution for its notation */
    struct turn path[SOLVER_MAX_PLY];
    struct result *r;
    struct strlist *lines;      /* canonical solutions go here */
    bool white_first;           /* numbering: "1..." when the first move is White's */
    int max_solutions, found;
};

static inline uint64_t help_key(const struct solver *s) { return s->pos->st.hash ^ s->mode_key ^ 0x6a09e667f3bcc909ull; }

static void write_solution(struct help_run *h, int plies)
{
    struct position p = h->root;
    struct text *out = &h->r->text;
    char canon[NOTATION_MAX * SOLVER_MAX_PLY] = "";
    text_put(out, "\n ");
    for (int i = 0; i < plies; i++) {
        char move[NOTATION_MAX], c[NOTATION_MAX];
        turn_text(&p, &h->path[i], move);
        turn_canonical(&p, &h->path[i], c);
        if (i)
            strcat(canon, " ");
        strcat(canon, c);
        int half = i + (h->white_first ? 1 : 0); /* 0 = Black's half of move 1 */
        if (i == 0 && h->white_first)
            text_printf(out, " 1...%s", move);
        else if (half % 2 == 0)
            text_printf(out, "%s%d.%s", i ? "   " : " ", half / 2 + 1, move);
        else
            text_printf(out, " %s", move);
        struct undo u;
        position_make(&p, &h->path[i], &u);
        bool check = rules_in_check(&p, (enum colour)p.st.side);
        if (i == plies - 1) {
            text_put(out, h->s->goal == GOAL_MATE ? " #" : h->s->goal == GOAL_STALEMATE ? " =" : " #=");
        } else if (check) {
            text_put(out, " +");
        }
    }
    strlist_add(h->lines, canon);
}

/* Number of solutions below this node with exactly `plies` half-moves left. */
static int search(struct help_run *h, int plies)
{
    struct solver *s = h->s;
    assert(plies >= 1 && plies <= STIPULATION_HELP_PLIES_MAX); /* one bit each in help_fail */
    if (h->found >= h->max_solutions || solver_should_stop(s))
        return 0;
    struct tt_bounds e;
    if (tt_get(s->tt, help_key(s), &e) && (e.help_fail >> plies & 1))
        return 0;
    bool numbered = s->ply == 0 && s->opt->move_numbers && h->lines == &h->r->solutions;
    /* MoveNumbers numbers every first move, so that root is always searched */
    if (s->goal_bound && !numbered && goal_bound_prunes(s->goal_bound, s->pos, s->goal, plies)) {
        /* a proof of failure like any other: the table spares its repetition */
        e.help_fail |= 1u << plies;
        tt_put(s->tt, help_key(s), &e);
        return 0;
    }
    struct turn_list *l = &s->lists[s->ply];
    if (numbered)
        popeye_numbered_moves(s->pos, l);
    else
        solver_generate(s);
    /* MaxSolutions shows the first solutions found: find them in Popeye's order */
    if (!numbered && s->opt->max_solutions > 0)
        popeye_order_sort(s->pos, l);
    int found = 0;
    for (int i = 0; i < l->count && h->found < h->max_solutions; i++) {
        struct undo u;
        h->path[s->ply - 0] = l->turns[i];
        int depth = s->ply;
        if (depth == 0 && s->on_root_move)
            s->on_root_move(s->progress_ctx, i + 1, l->count);
        if (numbered) {
            popeye_write_move_number(&h->r->text, s->pos, i + 1, &l->turns[i]);
            if (!popeye_turn_legal(s->pos, &l->turns[i]))
                continue;
        }
        if (plies == 1 && !solver_may_reach_mate(s, &l->turns[i]))
            continue;
        solver_make(s, &l->turns[i], &u);
        if (plies == 1) {
            if (goal_reached(s)) {
                found++;
                h->found++;
                write_solution(h, depth + 1);
            }
        } else {
            found += search(h, plies - 1);
        }
        solver_unmake(s, &u);
    }
    if (!found && !s->stopped) {
        tt_get(s->tt, help_key(s), &e);
        e.help_fail |= 1u << plies;
        tt_put(s->tt, help_key(s), &e);
    }
    return found;
}

/* One phase (set play or play): lengths first..last in steps of two plies. */
static bool help_phase(struct solver *s, struct result *r, int first, int last, bool white_first)
{
    struct help_run h = {.s = s, .root = *s->pos, .r = r, .white_first = white_first};
    h.max_solutions = s->opt->max_solutions > 0 ? s->opt->max_solutions : 1 << 30;
    s->ply = 0;
    for (int k = first; k <= last && !s->stopped; k += 2) {
        h.lines = k == last ? &r->solutions : &r->short_solutions;
        search(&h, k);
        if (h.found >= h.max_solutions)
            return true;
        if (h.found > 0 && k < last && s->opt->stop_on_short)
            return true;
    }
    return false;
}

void help_write(struct solver *s, int plies, struct result *r)
{
    bool white_first = plies % 2 == 1;
    bool partial = false;
    if (s->opt->set_play && plies > 2) {
        struct undo u;
        position_make_null(s->pos, &u);
        partial |= help_phase(s, r, plies % 2 == 0 ? 1 : 2, plies - 1, !white_first);
        position_unmake(s->pos, &u);
        /* set-play solutions are not solutions of the problem */
        strlist_free(&r->solutions);
        strlist_free(&r->short_solutions);
        text_put(&r->text, "\n");
    }
    partial |= help_phase(s, r, plies % 2 == 0 ? 2 : 1, plies, white_first);
    text_put(&r->text, "\n");
    r->partial = partial || s->stopped;
}
