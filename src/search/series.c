/* Series play: one side's moves in a row with the other side passing, no
 * check before the last; failures remembered per position and length. */
#include "series.h"

#include <assert.h>
#include <string.h>

#include "../board/notation.h"
#include "../board/zobrist.h"
#include "../rules/rules.h"
#include "../bound/goal_bound.h"
#include "popeye_order.h"

struct series_run {
    struct solver *s;
    struct position root;       /* to replay a solution for its notation */
    struct turn path[SOLVER_MAX_PLY];
    /* excluded[ply]: the king squares the bound proved above the node at
     * that ply (goal_bound_proves_failure_below); zero: none known */
    square_set excluded[SOLVER_MAX_PLY + 1];
    struct result *r;
    const struct solution_sink *sink;
    struct strlist *lines;      /* canonical solutions go here */
    bool set_play;
    int max_solutions, found;
    /* the current first move's place in the root's list, and the half-moves
     * of a full-length line (numbered moves go with their lines: part_chunks.c) */
    int first_index, line_plies;
};

/* A failure is stored under the position (the series mover to move) and
 * the series moves left: one entry holds 32 lengths, bit moves % 32 of its
 * help_fail in the entry of group moves / 32, so that the lengths of the
 * shortest-first loop (series_search) share one slot and one probe. */
#define SERIES_KEY_SEED 0x9e3779b97f4a7c15ull
static inline uint64_t series_key_of(const struct solver *s, uint64_t hash, int moves)
{
    return hash ^ s->mode_key ^ zobrist_mix(SERIES_KEY_SEED + (uint64_t)(moves / 32));
}

static inline uint32_t series_bit(int moves)
{
    return 1u << (moves % 32);
}

/* Whether the table knows that no series of exactly `moves` moves from
 * here succeeds. */
static bool series_failed(struct solver *s, int moves)
{
    struct tt_bounds e;
    return tt_get(s->tt, series_key_of(s, s->pos->st.hash, moves), &e) && (e.help_fail & series_bit(moves));
}

static void series_store_failure(struct solver *s, int moves)
{
    uint64_t key = series_key_of(s, s->pos->st.hash, moves);
    struct tt_bounds e;
    if (!tt_get(s->tt, key, &e))
        e = tt_bounds_empty();
    e.help_fail |= series_bit(moves);
    tt_put(s->tt, key, &e);
}

/* The hash of the node after the series mover's plain turn t and the other
 * side's pass (position_make_null): the turn's hash with the mover to move
 * again and no en passant square; false where it cannot be had without
 * playing t (not plain, or the rules hash the previous placement). */
static bool hash_after_pass(const struct position *p, const struct turn *t, uint64_t *hash)
{
    if (p->placement_history || !position_hash_after(p, t, hash))
        return false;
    *hash ^= zobrist_side();
    if (t->flags & TURN_DOUBLE_STEP)
        *hash ^= zobrist_ep(t->ep_sq) ^ zobrist_ep(t->ep_victim) * 3;
    return true;
}

/* Every child is probed in the table first: ask for their buckets now, so
 * that the memory fetches overlap instead of following one another (a
 * probe is mostly a cache miss, which costs more than the rest of a node). */
static void prefetch_children(struct solver *s, const struct turn_list *l, int moves)
{
    for (int i = 0; i < l->count; i++) {
        uint64_t hash;
        if (hash_after_pass(s->pos, &l->turns[i], &hash))
            tt_prefetch(s->tt, series_key_of(s, hash, moves));
    }
}

/* A solution found: `series` moves of the series mover, then plies - series
 * of the other side.  Canonical text into the result, the line to the sink. */
static void send_solution(struct series_run *h, int series, int plies)
{
    char canon[NOTATION_MAX * SOLVER_MAX_PLY];
    enum move_effect effects[SOLVER_MAX_PLY];
    solver_replay_line(&h->root, h->path, plies, series, canon, effects);
    strlist_add(h->lines, canon);
    struct solution_event e = {.kind = EVENT_HELP_LINE, .pos = &h->root, .line = h->path, .line_effects = effects,
                               .plies = plies, .set_play = h->set_play, .short_line = h->lines != &h->r->solutions,
                               .goal = h->s->goal, .series = true, .series_moves = series,
                               .first_index = h->first_index};
    sink_send(h->sink, &e);
}

/* Option MoveNumbers: first move n is examined (with its check mark). */
static void send_numbered(struct series_run *h, int n, const struct turn *t)
{
    struct position *p = h->s->pos;
    bool check = solver_turn_checks(p, t);
    struct solution_event e = {.kind = EVENT_NUMBERED_MOVE, .pos = p, .turn = t, .number = n,
                               .effect = check ? EFFECT_CHECK : EFFECT_NONE, .goal = h->s->goal,
                               .first_index = h->first_index, .plies = h->line_plies};
    sink_send(h->sink, &e);
}

/* The side to move (the other side, after the series) has a move that
 * reaches the goal; each one is a solution when `send`, the first ends the
 * look otherwise. */
static int goal_moves(struct series_run *h, int series, bool send)
{
    struct solver *s = h->s;
    struct turn_list *l = solver_generate(s);
    /* MaxSolutions: the first found in Popeye's order (ser-h#1: its
     * mating-move generator's where the goal is mate) */
    if (s->opt->max_solutions > 0)
        popeye_order_sort_by(s->pos, l, s->goal == GOAL_MATE);
    int found = 0;
    for (int i = 0; i < l->count && h->found < h->max_solutions; i++) {
        if (!solver_may_reach_mate(s, &l->turns[i]))
            continue;
        struct undo u;
        h->path[s->ply] = l->turns[i];
        int depth = s->ply;
        solver_make(s, &l->turns[i], &u);
        if (goal_reached(s)) {
            found++;
            if (send) {
                h->found++;
                send_solution(h, series, depth + 1);
            }
        }
        solver_unmake(s, &u);
        if (found && !send)
            break;
    }
    return found;
}

/* ser-s#: the other side has a move and every move it has reaches the goal
 * (RULES.md); each forced move is shown as a line, as Popeye does. */
static int forced_goal(struct series_run *h, int series)
{
    struct solver *s = h->s;
    struct turn_list *l = solver_generate(s);
    if (l->count == 0)
        return 0;
    for (int i = 0; i < l->count; i++) {
        struct undo u;
        solver_make(s, &l->turns[i], &u);
        bool goal = goal_reached(s);
        solver_unmake(s, &u);
        if (!goal)
            return 0;
    }
    return goal_moves(h, series, true);
}

/* After the series mover's last move, the other side (A) to reach a
 * stalemate in one: true when the bound proves no turn of A's does (a = 1,
 * d = 0: the node that help play has one half-move before its end), so
 * that A's turns need not be played.  The king squares proved above hold
 * here: a stalemate from here is one from the nodes above.  Where the goal
 * is mate, the rules' may_check filter settles A's turns more cheaply, as
 * in help play (goal_bound.c prunes). */
static bool ending_bound_fails(struct series_run *h)
{
    struct solver *s = h->s;
    if (!s->goal_bound || s->goal != GOAL_STALEMATE)
        return false;
    square_set excluded = h->excluded[s->ply];
    return goal_bound_proves_failure_below(s->goal_bound, s->pos, s->goal, (enum colour)s->pos->st.side, 1, 0,
                                           &excluded);
}

/* The series mover's last move t (made by the caller's loop) ends the series
 * as s->play says; number of solutions found. */
static int last_move(struct series_run *h, const struct turn *t)
{
    struct solver *s = h->s;
    if (s->play == PLAY_DIRECT && !solver_may_reach_mate(s, t))
        return 0;
    int series = s->ply + 1;
    struct undo u;
    solver_make(s, t, &u);
    int found = 0;
    switch (s->play) {
    case PLAY_DIRECT:
        if (goal_reached(s)) {
            found = 1;
            h->found++;
            send_solution(h, series, series);
        }
        break;
    case PLAY_HELP:
    case PLAY_REFLEX: /* the other side must reach the goal when it can: it can */
        if (!ending_bound_fails(h))
            found = goal_moves(h, series, true);
        break;
    case PLAY_SELF:
        found = forced_goal(h, series);
        break;
    case PLAY_HELP_SELF:
    case PLAY_RECI_HELP:
    case PLAY_SEMI_REFLEX:
        assert(!"no series ends so (stipulation.c)");
        break;
    }
    solver_unmake(s, &u);
    return found;
}

/* Goal-directed series play: the bound of goal_bound.h with the turns
 * counted per side.  In a direct series (ser-#) the mover gives mate with
 * its `moves` turns while the mated side makes none; every other series
 * ends with one turn of the other side that mates the mover (ser-h#: White
 * mates the Black series mover; ser-s#, ser-r#: Black mates the White one).
 * The bound adds up counts per side and ignores the order of the turns, so
 * it holds for a series as for alternating help play. */
static bool series_bound_fails(struct solver *s, int moves, square_set *excluded)
{
    enum colour mover = (enum colour)s->pos->st.side;
    if (s->play == PLAY_DIRECT)
        return goal_bound_proves_failure_below(s->goal_bound, s->pos, s->goal, mover, moves, 0, excluded);
    return goal_bound_proves_failure_below(s->goal_bound, s->pos, s->goal, (enum colour)!mover, 1, moves, excluded);
}

/* ser-r#: in a reflexmate both sides must reach the goal when they can, so
 * where the series mover can, it must, and the series fails.  At the root
 * of the full length, each such move is shown marked as Popeye does. */
struct forced_line {
    struct series_run *h;
    const struct turn_list *l;
};

static void send_forced_line(void *ctx, int i)
{
    struct forced_line *f = ctx;
    struct solver *s = f->h->s;
    enum move_effect effect = EFFECT_GOAL;
    struct solution_event e = {.kind = EVENT_HELP_LINE, .pos = s->pos, .line = &f->l->turns[i],
                               .line_effects = &effect, .plies = 1, .goal = s->goal, .series = true,
                               .series_moves = 1, .forced_fail = true, .first_index = -1};
    sink_send(f->h->sink, &e);
}

static bool mover_must_reach_goal(struct series_run *h)
{
    struct solver *s = h->s;
    struct turn_list *l = solver_generate(s);
    if (s->ply > 0 || h->lines != &h->r->solutions)
        return solver_goal_turns(s, l, NULL, NULL);
    struct forced_line f = {.h = h, .l = l};
    return solver_goal_turns(s, l, send_forced_line, &f);
}

/* KeepMatingPiece: the series mover reaches the goal in ser-#n, the other
 * side in the series that end with its move (ser-h#, ser-s#); in ser-r#n
 * both sides have a goal, and Popeye stops nothing there. */
static bool series_goal_side_gone(const struct solver *s)
{
    if (s->play == PLAY_REFLEX)
        return false;
    enum colour mover = (enum colour)s->pos->st.side;
    return solver_mating_piece_gone(s, s->play == PLAY_DIRECT ? mover : (enum colour)!mover);
}

/* Number of solutions below this node with exactly `moves` series moves
 * left; the series mover is to move. */
static int search(struct series_run *h, int moves)
{
    struct solver *s = h->s;
    assert(moves >= 1 && s->ply + moves + 1 < SOLVER_MAX_PLY); /* STIPULATION_SERIES_MOVES_MAX */
    if (h->found >= h->max_solutions || solver_should_stop(s))
        return 0;
    /* Popeye numbers the first moves of the full length, not under
     * Intelligent; every one, so the table's failure of the root (an
     * earlier problem's, or a store's) does not end it */
    bool numbered = s->ply == 0 && s->opt->move_numbers && !s->opt->intelligent && h->lines == &h->r->solutions;
    if (!numbered && series_failed(s, moves))
        return 0;
    if (series_goal_side_gone(s))
        return 0;
    if (s->play == PLAY_REFLEX && mover_must_reach_goal(h)) {
        series_store_failure(s, moves);
        return 0;
    }
    /* the squares proved above hold here: a series from here, the moves
     * above before it, is a series from there (bound/king_squares.c) */
    square_set excluded = h->excluded[s->ply];
    if (s->goal_bound && !numbered && moves >= 1 && series_bound_fails(s, moves, &excluded)) {
        series_store_failure(s, moves);
        return 0;
    }
    struct turn_list *l = solver_list(s, s->ply);
    if (numbered && s->first_move_mates) /* ser-#1 (numbered: at the root) */
        popeye_numbered_mating_moves(s->pos, l);
    else if (numbered)
        popeye_numbered_moves(s->pos, l);
    else
        solver_generate(s);
    /* ser-#: the series' last move mates (help_order_for_max_solutions) */
    if (!numbered && s->opt->max_solutions > 0)
        popeye_order_sort_by(s->pos, l, moves == 1 && s->play == PLAY_DIRECT && s->goal == GOAL_MATE);
    if (moves >= 2)
        prefetch_children(s, l, moves - 1);
    int found = 0;
    h->excluded[s->ply + 1] = excluded; /* for the nodes below */
    for (int i = 0; i < l->count && h->found < h->max_solutions; i++) {
        const struct turn *t = &l->turns[i];
        h->path[s->ply] = *t;
        if (s->ply == 0 && s->on_root_move)
            s->on_root_move(s->progress_ctx, moves, i + 1, l->count);
        if (s->ply == 0 && !solver_root_allowed(s, t))
            continue; /* another part's first move (StartMoveNumber, --first-moves) */
        if (s->ply == 0)
            h->first_index = i;
        if (numbered) {
            send_numbered(h, i + 1, t);
            if (!popeye_turn_legal(s->pos, t))
                continue;
        }
        if (moves == 1) {
            found += last_move(h, t);
            continue;
        }
        struct undo u;
        solver_make(s, t, &u);
        /* no check before the last move: the other side could not pass */
        bool go_on = !solver_in_check(s);
        /* ser-r#: where the other side can reach the goal, it must, and the
         * series ends there (a shorter solution) */
        if (go_on && s->play == PLAY_REFLEX)
            go_on = goal_moves(h, 0, false) == 0;
        if (go_on) {
            struct undo pass;
            position_make_null(s->pos, &pass);
            found += search(h, moves - 1);
            position_unmake(s->pos, &pass);
        }
        solver_unmake(s, &u);
    }
    /* a root searched for a part of its first moves only proves nothing of
     * the position (help.c help_node) */
    if (!found && !s->stopped && !(s->ply == 0 && s->root_filter))
        series_store_failure(s, moves);
    return found;
}

/* Set play of a series that the other side ends: that side's goal move
 * from the diagram, the series mover passing (Popeye's "1...Kd1-e2 ="). */
static bool set_play(struct solver *s, struct result *r, const struct solution_sink *sink, int max_solutions)
{
    struct series_run h = {.s = s, .root = *s->pos, .r = r, .sink = sink, .set_play = true,
                           .lines = &r->short_solutions, .max_solutions = max_solutions};
    struct undo pass;
    position_make_null(s->pos, &pass);
    h.root = *s->pos;
    r->set_play_illegal = rules_opponent_in_check(s->pos);
    if (!r->set_play_illegal && (s->play == PLAY_HELP || s->play == PLAY_REFLEX))
        goal_moves(&h, 0, true);
    else if (!r->set_play_illegal && s->play == PLAY_SELF)
        forced_goal(&h, 0);
    position_unmake(s->pos, &pass);
    struct solution_event e = {.kind = EVENT_HELP_PHASE_END, .pos = s->pos, .set_play = true, .goal = s->goal,
                               .first_index = -1};
    sink_send(sink, &e);
    /* set-play lines are not solutions of the problem */
    strlist_free(&r->short_solutions);
    return h.found >= max_solutions;
}

void series_search(struct solver *s, int moves, struct result *r, const struct solution_sink *sink)
{
    assert(moves >= 1 && moves <= STIPULATION_SERIES_MOVES_MAX);
    int max_solutions = s->opt->max_solutions > 0 ? s->opt->max_solutions : 1 << 30;
    s->ply = 0;
    bool cut = false;
    if (s->opt->set_play && s->play != PLAY_DIRECT)
        cut |= set_play(s, r, sink, max_solutions);
    struct series_run h = {.s = s, .root = *s->pos, .r = r, .sink = sink, .max_solutions = max_solutions};
    /* set_play_only: the play itself is illegal (solve.c) */
    for (int k = 1; k <= moves && !s->stopped && !cut && !s->set_play_only; k++) {
        h.lines = k == moves ? &r->solutions : &r->short_solutions;
        h.line_plies = k + (s->play != PLAY_DIRECT); /* the other side's ending move */
        search(&h, k);
        if (h.found >= h.max_solutions)
            cut = true;
        else if (h.found > 0 && k < moves && s->opt->stop_on_short)
            cut = true;
    }
    struct solution_event e = {.kind = EVENT_HELP_PHASE_END, .pos = s->pos, .goal = s->goal, .first_index = -1};
    sink_send(sink, &e);
    r->partial = cut || s->stopped;
}
