/* The search context: turn lists per ply, make/unmake with node counting,
 * goal tests and the stop check.  Play-type logic lives in battle.c/help.c. */
#include "../base/memory.h"
#include "solver.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../board/notation.h"
#include "../rules/rules.h"
#include "../bound/goal_bound.h"

double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void solver_init(struct solver *s, struct position *pos, const struct stipulation *stip,
                 const struct options *opt, struct tt *tt)
{
    memset(s, 0, sizeof *s);
    s->pos = pos;
    s->goal = stip->goal;
    s->play = stip->play;
    s->first_move_mates = stipulation_first_move_mates(stip);
    s->attacker = WHITE;
    s->opt = opt;
    s->tt = tt;
    s->threads = 1;
    /* everything besides the position that changes an answer */
    bool quodlibet_play = play_quodlibet_changes(stip->play);
    s->mode_key = zobrist_mix(0x51ed270b27f6e3a5ull + (uint64_t)stip->play * 7 + (uint64_t)stip->goal +
                              ((uint64_t)stip->series << 40) +
                              ((uint64_t)(opt->threat + 1) << 8) + ((uint64_t)(opt->max_flights + 1) << 20) +
                              ((uint64_t)opt->keep_mating_piece << 32) +
                              ((uint64_t)opt->nontrivial << 33) + ((uint64_t)opt->nontrivial_length << 34) +
                              /* their meaning changed (battle.c guards_pass): a store
                               * written before holds other answers under them */
                              ((uint64_t)(opt->max_flights >= 0 || opt->threat == 0) << 50) +
                              /* Quodlibet: White's own goal solves s# and semi-r# too
                               * (battle.c battle_quodlibet).  Until session 32 it was not
                               * in the key: a Quodlibet s# of a file or store gave its
                               * wins to a plain s# of the position.  Every s# and semi-r#
                               * key changed with it, so that a store written before,
                               * which may hold such wins, is not read for them */
                              ((uint64_t)(opt->quodlibet && quodlibet_play) << 51) + ((uint64_t)quodlibet_play << 52));
    s->nontrivial_left = opt->nontrivial_max;
    s->lists = malloc(sizeof *s->lists * SOLVER_MAX_PLY);
    if (!s->lists)
        out_of_memory();
}

void solver_leaf_cache_free(struct solver *s)
{
    memory_table_free(s->leaf_cache, HELP_LEAF_CACHE * sizeof *s->leaf_cache);
    s->leaf_cache = NULL;
}

void solver_free(struct solver *s)
{
    free(s->lists);
    s->lists = NULL;
    solver_leaf_cache_free(s);
    goal_bound_free(s->goal_bound);
    s->goal_bound = NULL;
    goal_bound_free(s->end_bound);
    s->end_bound = NULL;
}

bool solver_root_allowed(const struct solver *s, const struct turn *t)
{
    if (!s->root_filter)
        return true;
    char c[NOTATION_MAX];
    turn_canonical(s->pos, t, c);
    return strlist_has(s->root_filter, c);
}

struct turn_list *solver_generate(struct solver *s)
{
    struct turn_list *l = &s->lists[s->ply];
    l->overflow = false;
    s->pos->rules->generate(s->pos, l);
    if (l->overflow) /* a cut list answers nothing: stop, and say so (result.h) */
        s->overflow = s->stopped = true;
    return l;
}

struct turn_list *solver_generate_mating(struct solver *s)
{
    const struct rules *r = s->pos->rules;
    if (s->goal != GOAL_MATE || !r->may_check)
        return solver_generate(s);
    struct turn_list *l = &s->lists[s->ply];
    l->overflow = false;
    if (r->generate_checks) {
        r->generate_checks(s->pos, l);
    } else {
        r->generate(s->pos, l);
        int n = 0;
        for (int i = 0; i < l->count; i++)
            if (r->may_check(s->pos, &l->turns[i]))
                l->turns[n++] = l->turns[i];
        /* a turn judged here is work as a played one is: the clock is read as
         * often as when every turn was played (a Stones & Relays node can have
         * thousands, each judged by an attack test over every relay) */
        uint64_t judged = (uint64_t)(l->count - n);
        s->next_check = s->next_check > judged ? s->next_check - judged : 0;
        l->count = n;
    }
    if (l->overflow)
        s->overflow = s->stopped = true;
    return l;
}

int solver_count_turns(struct solver *s)
{
    if (s->pos->rules->count_legal)
        return s->pos->rules->count_legal(s->pos);
    return solver_generate(s)->count;
}

void solver_make(struct solver *s, const struct turn *t, struct undo *u)
{
    assert(s->ply + 1 < SOLVER_MAX_PLY); /* stipulation limits, problem.h */
    position_make(s->pos, t, u);
    s->ply++;
    s->nodes++;
}

void solver_unmake(struct solver *s, const struct undo *u)
{
    position_unmake(s->pos, u);
    s->ply--;
}

void solver_make_null(struct solver *s, struct undo *u)
{
    assert(s->ply + 1 < SOLVER_MAX_PLY);
    position_make_null(s->pos, u);
    s->ply++;
}

bool solver_in_check(const struct solver *s)
{
    return rules_in_check(s->pos, (enum colour)s->pos->st.side);
}

/* Check is tested before legal turns: for the mate goal most positions are
 * decided by one attack test. */
bool goal_reached(struct solver *s)
{
    bool check = solver_in_check(s);
    if (s->goal == GOAL_MATE && !check)
        return false;
    if (s->goal == GOAL_STALEMATE && check)
        return false;
    const struct rules *r = s->pos->rules;
    if (check && r->has_legal_turn_in_check)
        return !r->has_legal_turn_in_check(s->pos);
    return !r->has_legal_turn(s->pos);
}

struct solver_assist solver_begin_assist(struct solver *s, volatile int *done, volatile int *assisted, int order)
{
    struct solver_assist saved = {.interrupt = s->interrupt, .overflow = s->overflow};
    s->interrupt = done;
    s->assisted = assisted;
    s->assist_order = order;
    s->stopped = false;
    s->ply = 0;
    return saved;
}

bool solver_end_assist(struct solver *s, const struct solver_assist *saved)
{
    bool finished = !s->stopped;
    s->assist_order = 0;
    s->assisted = NULL;
    s->interrupt = saved->interrupt;
    s->stopped = false;
    s->overflow = saved->overflow;
    return finished;
}

bool solver_mating_piece_gone(const struct solver *s, enum colour mating)
{
    if (!s->opt->keep_mating_piece)
        return false;
    const struct position *p = s->pos;
    square_set units = p->st.occupied[mating];
    if (p->st.king_sq[mating] != SQ_NONE)
        units &= ~SET_BIT(geo_bit(p->geo, p->st.king_sq[mating]));
    /* Popeye's test: a unit of any kind but the king; a side without units
     * cannot regain one (a pawn is a unit), so the node fails for good */
    return units == 0;
}

bool solver_should_stop(struct solver *s)
{
    if (s->stopped)
        return true;
    /* every 4096 nodes or more: callers make several turns between two
     * calls, so a test for an exact multiple could miss the clock for good */
    if (s->nodes < s->next_check)
        return false;
    s->next_check = s->nodes + 4096;
    if (s->on_nodes)
        s->on_nodes(s->progress_ctx, s->nodes);
    if ((s->interrupt && __atomic_load_n(s->interrupt, __ATOMIC_RELAXED)) ||
        (s->resolved && __atomic_load_n(s->resolved, __ATOMIC_ACQUIRE)) ||
        (s->deadline > 0 && monotonic_seconds() > s->deadline))
        s->stopped = true;
    return s->stopped;
}

void solver_replay_line(const struct position *root, const struct turn *line, int plies, int series, char *canon,
                        enum move_effect *effects)
{
    struct position p = *root;
    canon[0] = '\0';
    for (int i = 0; i < plies; i++) {
        char c[NOTATION_MAX];
        turn_canonical(&p, &line[i], c);
        if (i)
            strcat(canon, " ");
        strcat(canon, c);
        struct undo u;
        position_make(&p, &line[i], &u);
        effects[i] = i == plies - 1                                ? EFFECT_GOAL
                     : rules_in_check(&p, (enum colour)p.st.side) ? EFFECT_CHECK
                                                                   : EFFECT_NONE;
        if (i < series - 1) { /* the other side passes: the series goes on */
            struct undo n;
            position_make_null(&p, &n);
        }
    }
}

bool solver_goal_turns(struct solver *s, const struct turn_list *l,
                       void (*each)(void *ctx, int index), void *ctx)
{
    bool any = false;
    for (int i = 0; i < l->count; i++) {
        if (!solver_may_reach_mate(s, &l->turns[i]))
            continue;
        struct undo u;
        solver_make(s, &l->turns[i], &u);
        bool goal = goal_reached(s);
        solver_unmake(s, &u);
        if (!goal)
            continue;
        any = true;
        if (!each)
            break;
        each(ctx, i);
    }
    return any;
}

bool solver_turn_checks(struct position *p, const struct turn *t)
{
    struct undo u;
    position_make(p, t, &u);
    bool check = rules_in_check(p, (enum colour)p->st.side);
    position_unmake(p, &u);
    return check;
}
