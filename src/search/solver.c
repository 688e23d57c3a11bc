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

/* mode_key's fields: each has its bits, `width` of them from `shift` on, in
 * the word that is mixed into the key.  The places are those that stores
 * already written were keyed with: a field moved or widened changes every
 * key, and a store's entries are no longer found.
 * - PLAY_GOAL: play * 7 + goal (goal < 7 tells the pairs apart);
 * - THREAT, MAX_FLIGHTS: Threat n + 1, MaxFlightsquares n + 1 (0: none);
 * - KEEP_MATING_PIECE, NONTRIVIAL: the options; NONTRIVIAL_LENGTH:
 *   NonTrivial's length (its count, which changes along the path, is in
 *   battle play's keys: battle.c key_of);
 * - SERIES: ser- play;
 * - GUARDED: MaxFlightsquares or Threat 0 given.  battle.c guards_pass
 *   applies them as Popeye 4.104 does, which stores of older versions did
 *   not: their answers, under keys without this bit, are not read for them;
 * - QUODLIBET: Quodlibet in s# or semi-r#, where White's own goal solves too
 *   (battle.c battle_quodlibet); QUODLIBET_PLAY: s# or semi-r# at all, which
 *   keeps every such key apart from those of older stores, whose plain s#
 *   entries may hold a Quodlibet's wins. */
#define MODE_KEY_FIELDS(X)      \
    X(PLAY_GOAL, 0, 8)          \
    X(THREAT, 8, 12)            \
    X(MAX_FLIGHTS, 20, 12)      \
    X(KEEP_MATING_PIECE, 32, 1) \
    X(NONTRIVIAL, 33, 1)        \
    X(NONTRIVIAL_LENGTH, 34, 6) \
    X(SERIES, 40, 1)            \
    X(GUARDED, 50, 1)           \
    X(QUODLIBET, 51, 1)         \
    X(QUODLIBET_PLAY, 52, 1)

#define MODE_KEY_PLACE(name, shift, width) MK_##name##_SHIFT = (shift), MK_##name##_WIDTH = (width),
enum { MODE_KEY_FIELDS(MODE_KEY_PLACE) };
#define MODE_KEY_IN_WORD(name, shift, width) \
    _Static_assert((shift) >= 0 && (width) >= 1 && (shift) + (width) <= 64, "mode_key field " #name " in the word");
MODE_KEY_FIELDS(MODE_KEY_IN_WORD)
/* Masks that share no bit add up to what they make together, and masks
 * that share one add up to more; summed in 128 bits (unsigned __int128, a
 * GNU C extension clang and gcc have), where they cannot wrap round. */
#define MODE_KEY_MASK(shift, width) ((((unsigned __int128)1 << (width)) - 1) << (shift))
#define MODE_KEY_MASK_SUM(name, shift, width) +MODE_KEY_MASK(shift, width)
#define MODE_KEY_MASK_OR(name, shift, width) | MODE_KEY_MASK(shift, width)
_Static_assert((0 MODE_KEY_FIELDS(MODE_KEY_MASK_SUM)) == (0 MODE_KEY_FIELDS(MODE_KEY_MASK_OR)),
               "two mode_key fields share a bit");
/* each field holds every value it is given (the limits of problem.h) */
_Static_assert(GOAL_LAST < 7, "play * 7 + goal tells the pairs apart");
_Static_assert(PLAY_LAST * 7 + GOAL_LAST < 1 << MK_PLAY_GOAL_WIDTH, "play and goal fit PLAY_GOAL");
_Static_assert(OPTION_THREAT_MAX + 1 < 1 << MK_THREAT_WIDTH, "Threat n + 1 fits THREAT");
_Static_assert(OPTION_MAX_FLIGHTS_MAX + 1 < 1 << MK_MAX_FLIGHTS_WIDTH, "MaxFlightsquares n + 1 fits MAX_FLIGHTS");
_Static_assert(OPTION_NONTRIVIAL_LENGTH_MAX < 1 << MK_NONTRIVIAL_LENGTH_WIDTH, "NonTrivial's length fits");

/* v in its field of mode_key (the limits of problem.h keep it in) */
static uint64_t mode_field(uint64_t v, int shift, int width)
{
    assert(v < (uint64_t)1 << width);
    return v << shift;
}
#define MODE_FIELD(name, v) mode_field((uint64_t)(v), MK_##name##_SHIFT, MK_##name##_WIDTH)

uint64_t solver_mode_key(const struct stipulation *stip, const struct options *opt)
{
    assert(opt->threat >= -1 && opt->max_flights >= -1 && opt->nontrivial_length >= 0);
    bool quodlibet_play = play_quodlibet_changes(stip->play);
    uint64_t fields = MODE_FIELD(PLAY_GOAL, (uint64_t)stip->play * 7 + (uint64_t)stip->goal) |
                      MODE_FIELD(THREAT, opt->threat + 1) | MODE_FIELD(MAX_FLIGHTS, opt->max_flights + 1) |
                      MODE_FIELD(KEEP_MATING_PIECE, opt->keep_mating_piece) |
                      MODE_FIELD(NONTRIVIAL, opt->nontrivial) |
                      MODE_FIELD(NONTRIVIAL_LENGTH, opt->nontrivial_length) | MODE_FIELD(SERIES, stip->series) |
                      MODE_FIELD(GUARDED, opt->max_flights >= 0 || opt->threat == 0) |
                      MODE_FIELD(QUODLIBET, opt->quodlibet && quodlibet_play) |
                      MODE_FIELD(QUODLIBET_PLAY, quodlibet_play);
    /* no two fields share a bit: their OR is the sum stores were keyed with */
    return zobrist_mix(0x51ed270b27f6e3a5ull + fields);
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
    s->mode_key = solver_mode_key(stip, opt);
    s->nontrivial_left = opt->nontrivial_max;
    s->list_bytes = TURN_LIST_BYTES(rules_max_turns(pos->rules));
    s->lists = solver_lists_new(s);
}

struct turn_list *solver_lists_new(const struct solver *s)
{
    struct turn_list *lists = malloc(s->list_bytes * SOLVER_MAX_PLY);
    if (!lists)
        out_of_memory();
    return lists;
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
    struct turn_list *l = solver_list(s, s->ply);
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
    struct turn_list *l = solver_list(s, s->ply);
    l->overflow = false;
    if (r->generate_checks) {
        l->judged = 0;
        r->generate_checks(s->pos, l);
        /* the turns it judged and left out are work, as below */
        uint64_t judged = l->judged > l->count ? (uint64_t)(l->judged - l->count) : 0;
        s->next_check = s->next_check > judged ? s->next_check - judged : 0;
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
