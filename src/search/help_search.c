/* Help play (h#n, h#n.5 and their = and #= forms, hs#n, reci-h#n) searched
 * for every solution, short ones first, set play first; each solution goes to
 * a sink when it is found. */
#include "help_search.h"

#include "../rules/rules.h"
#include "help.h"
#include "help_split.h"

/* One phase (set play or play): lengths first..last in steps of two plies. */
static bool help_phase(struct solver *s, struct result *r, const struct solution_sink *sink, int first, int last,
                       bool white_first, bool set_play, int *numbered)
{
    struct help_run h = {.s = s, .root = *s->pos, .r = r, .sink = sink, .set_play = set_play,
                         .white_first = white_first, .number_base = *numbered};
    h.max_solutions = s->opt->max_solutions > 0 ? s->opt->max_solutions : 1 << 30;
    s->ply = 0;
    bool cut = false;
    h.last = last;
    for (int k = first; k <= last && !s->stopped && !cut; k += 2) {
        h.lines = k == last ? &r->solutions : &r->short_solutions;
        h.line_plies = help_line_plies(s, k);
        if (k < last && help_split_with_shorter(&h, k)) {
            cut = h.found >= h.max_solutions;
            break;
        }
        uint64_t before = s->nodes;
        if (!help_split_phase(&h, k))
            help_node(&h, k);
        h.previous_nodes = s->nodes - before;
        if (h.found >= h.max_solutions)
            cut = true;
        else if (h.found > 0 && k < last && s->opt->stop_on_short)
            cut = true;
    }
    help_split_release(&h);
    *numbered += h.numbered;
    struct solution_event e = {.kind = EVENT_HELP_PHASE_END, .pos = s->pos, .set_play = set_play, .goal = s->goal,
                               .first_index = -1};
    sink_send(sink, &e);
    return cut;
}

void help_search(struct solver *s, int plies, struct result *r, const struct solution_sink *sink)
{
    help_leaf_cache_reset(s);
    /* "1...": a helpmate's White first move, and hs#n.5's Black first
     * move; hs#n and reci-h# number the first mover's moves (Popeye) */
    bool white_first = (plies % 2 == 1 && s->play == PLAY_HELP) || (plies % 2 == 0 && s->play == PLAY_HELP_SELF);
    bool partial = false;
    int numbered = 0; /* MoveNumbers: the play's numbers go on from the set play's (Popeye 4.104) */
    if (s->opt->set_play && plies > 1 && (s->play == PLAY_HELP || s->play == PLAY_HELP_SELF || s->play == PLAY_RECI_HELP)) {
        struct undo u;
        position_make_null(s->pos, &u);
        /* where the side to move after the pass could take the other king
         * (that side is in check in the diagram), Popeye shows no set play */
        r->set_play_illegal = rules_opponent_in_check(s->pos);
        /* reci-h#: every line ends with Black's move and White's mate
         * (three half-moves at least after the pass) */
        int first = plies % 2 == 0 ? (s->play == PLAY_RECI_HELP ? 3 : 1) : 2;
        if (!r->set_play_illegal && first <= plies - 1)
            partial |= help_phase(s, r, sink, first, plies - 1, !white_first, true, &numbered);
        position_unmake(s->pos, &u);
        /* set-play solutions are not solutions of the problem */
        strlist_free(&r->solutions);
        strlist_free(&r->short_solutions);
    }
    if (!s->set_play_only) /* else the play itself is illegal (solve.c) */
        partial |= help_phase(s, r, sink, plies % 2 == 0 ? 2 : 1, plies, white_first, false, &numbered);
    r->partial = partial || s->stopped;
}
