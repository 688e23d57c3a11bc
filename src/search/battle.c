/* Battle play (direct #n and self s#n) as yes/no questions, with bounds in
 * the transposition table.  Prints nothing: battle_search.c walks the tree. */
#include "battle.h"

#include <assert.h>
#include <string.h>

#include "../base/memory.h"
#include "../rules/rules.h"

/* With NonTrivial an answer also depends on the non-trivial defences still
 * granted on the path (nontrivial_below), so that count is part of the key. */
static inline uint64_t key_of(const struct solver *s)
{
    uint64_t k = s->pos->st.hash ^ s->mode_key;
    if (s->opt->nontrivial)
        k ^= zobrist_mix(0x9e3779b97f4a7c15ull * (uint64_t)(s->nontrivial_left + 1));
    return k;
}

/* Bounds known for this node: 1 win, 0 fail, -1 unknown. */
static int probe(struct solver *s, int n)
{
    struct tt_bounds e;
    if (!tt_get(s->tt, key_of(s), &e))
        return -1;
    if (e.win_at != TT_NONE && e.win_at <= n)
        return 1;
    if (e.fail_at >= n)
        return 0;
    return -1;
}

/* Puts the remembered winning or refuting move first. */
static void order_by_hint(struct solver *s, struct turn_list *l)
{
    struct tt_bounds e;
    if (!tt_get(s->tt, key_of(s), &e) || !e.hint_from)
        return;
    for (int i = 1; i < l->count; i++)
        if (l->turns[i].from == e.hint_from && l->turns[i].to == e.hint_to) {
            struct turn t = l->turns[i];
            memmove(&l->turns[1], &l->turns[0], sizeof t * (size_t)i);
            l->turns[0] = t;
            return;
        }
}

/* Defences are ordered (below) where at least this many half-moves follow
 * the defence: direct play 2n - 1, self play 2n - 2.  With one half-move
 * left (direct #1 after the defence) the attacker's moves are mostly skipped
 * by may_check, so counting them would cost more than it saves, and
 * ordered there too, direct play searches more nodes, not fewer. */
#define BATTLE_ORDER_MIN_PLIES_AFTER 2

/* Orders the defences of l, fewest attacker replies first (as Popeye orders
 * defences while testing).  A defence refutes only when every attacker reply
 * fails, so the one that leaves the fewest replies is the cheapest to prove
 * and, leaving the attacker little play, the likeliest to hold; a check that
 * leaves two replies beats a quiet move that leaves forty.  Among equal
 * counts the refutation the table remembers goes first.  The order changes
 * how fast a node is decided, never its answer.  OwnerPromotes: the turns of
 * one decision share the first one's key and keep their relative order, so
 * the first of them stays first (battle_choice_seen relies on it). */
static void order_defences(struct solver *s, struct turn_list *l)
{
    /* on the stack for the usual few dozen turns (memory_scratch): kept
     * per thread for every length (TURN_LIST_MAX), they would be 160 KB of
     * the thread-local block every new thread zeroes, a cost a short search
     * feels */
    int key_small[TURN_SORT_ON_STACK], order_small[TURN_SORT_ON_STACK];
    struct turn sorted_small[TURN_SORT_ON_STACK];
    size_t count_bytes = (size_t)l->count;
    int *key = memory_scratch(key_small, sizeof key_small, sizeof *key * count_bytes);
    int *order = memory_scratch(order_small, sizeof order_small, sizeof *order * count_bytes);
    struct turn *sorted = memory_scratch(sorted_small, sizeof sorted_small, sizeof *sorted * count_bytes);
    bool stopped = false;
    struct tt_bounds e;
    bool hinted = tt_get(s->tt, key_of(s), &e) && e.hint_from;
    for (int i = 0; i < l->count; i++) {
        const struct turn *t = &l->turns[i];
        int seen = -1;
        for (int j = 0; j < i && (t->flags & TURN_OWNER_CHOICE); j++)
            if (battle_same_decision(t, &l->turns[j])) {
                seen = j;
                break;
            }
        if (seen >= 0) {
            key[i] = key[seen];
            continue;
        }
        struct undo u;
        solver_make(s, t, &u);
        key[i] = 2 * solver_count_turns(s);
        solver_unmake(s, &u);
        if (!(hinted && t->from == e.hint_from && t->to == e.hint_to))
            key[i]++;
        if (solver_should_stop(s)) {
            stopped = true; /* the list stays untouched; the caller stops too */
            break;
        }
    }
    int count = stopped ? 0 : l->count;
    /* a stable insertion sort of indices: a position has a few dozen defences */
    for (int i = 0; i < count; i++) {
        int k = i;
        while (k > 0 && key[order[k - 1]] > key[i]) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
    for (int i = 0; i < count; i++)
        sorted[i] = l->turns[order[i]];
    memcpy(l->turns, sorted, sizeof sorted[0] * (size_t)count);
    memory_scratch_free(key, key_small);
    memory_scratch_free(order, order_small);
    memory_scratch_free(sorted, sorted_small);
}

/* While another thread asks the same question (solver.assisted), the node's
 * entry is looked at again after each child: the other may have settled it
 * (an answer in the table is proved, battle.c store). */
static int settled_meanwhile(struct solver *s, int n) { return solver_assisted(s) ? probe(s, n) : -1; }

static bool store(struct solver *s, int n, bool win, const struct turn *hint)
{
    assert(n >= 0 && n < TT_NONE); /* 8-bit bounds; STIPULATION_BATTLE_MOVES_MAX */
    if (s->stopped)
        return win; /* an interrupted search proves nothing */
    struct tt_bounds e;
    uint64_t key = key_of(s);
    tt_get(s->tt, key, &e);
    if (hint) {
        e.hint_from = (uint8_t)hint->from;
        e.hint_to = (uint8_t)hint->to;
    }
    if (win && (e.win_at == TT_NONE || n < e.win_at))
        e.win_at = (uint8_t)n;
    if (!win && n > e.fail_at)
        e.fail_at = (uint8_t)n;
    tt_put(s->tt, key, &e);
    return win;
}

/* OwnerPromotes: turns differing only in the promotion the opponent chooses
 * are one decision of the mover, good only if good for every choice. */
bool battle_same_decision(const struct turn *a, const struct turn *b)
{
    return (b->flags & TURN_OWNER_CHOICE) && a->from == b->from && a->to == b->to && a->from2 == b->from2 &&
           a->to2 == b->to2 && a->promo == b->promo;
}

bool battle_choice_seen(const struct turn_list *l, int i)
{
    if (!(l->turns[i].flags & TURN_OWNER_CHOICE))
        return false;
    for (int j = 0; j < i; j++)
        if (battle_same_decision(&l->turns[i], &l->turns[j]))
            return true;
    return false;
}

bool battle_all_choices(struct solver *s, const struct turn_list *l, int i, int n,
                        bool (*good)(struct solver *s, int n))
{
    if (!(l->turns[i].flags & TURN_OWNER_CHOICE)) { /* the usual case, kept short */
        struct undo u;
        solver_make(s, &l->turns[i], &u);
        bool ok = good(s, n);
        solver_unmake(s, &u);
        return ok;
    }
    for (int j = i; j < l->count; j++) {
        if (j != i && !battle_same_decision(&l->turns[i], &l->turns[j]))
            continue;
        struct undo u;
        solver_make(s, &l->turns[j], &u);
        bool ok = good(s, n);
        solver_unmake(s, &u);
        if (!ok || !(l->turns[i].flags & TURN_OWNER_CHOICE))
            return ok;
    }
    return true;
}

int defender_flights(struct solver *s)
{
    int king = s->pos->st.king_sq[s->pos->st.side];
    if (king == SQ_NONE)
        return 0;
    struct turn_list *l = solver_generate(s);
    int flights = 0;
    for (int i = 0; i < l->count; i++)
        flights += l->turns[i].from == king;
    return flights;
}

/* Option Threat n and MaxFlightsquares n restrict the attacker's moves
 * (Popeye's definitions, as Popeye 4.104 applies them): MaxFlightsquares
 * each one after which the attacker has m >= 2 moves left (not the move
 * before the last: a #2's key may give any number of flights), Threat n
 * each one with m >= n.  Threat 0 asks for a threat in no moves, which no
 * quiet move has: only checks pass. */
static bool guards_pass(struct solver *s, int m)
{
    if (s->opt->max_flights >= 0 && m >= 2 && defender_flights(s) > s->opt->max_flights)
        return false;
    if (s->opt->threat == 0 && !solver_in_check(s))
        return false;
    if (s->opt->threat > 0 && m >= s->opt->threat && !solver_in_check(s)) {
        struct undo u;
        solver_make_null(s, &u);
        bool threat = attack_wins(s, s->opt->threat);
        solver_unmake(s, &u);
        if (!threat)
            return false;
    }
    return true;
}

/* Reflexmates (docs/rules.md 6): the side to move must reach the goal
 * when it can.  True when some turn of the side to move reaches it. */
bool battle_goal_in_one(struct solver *s) { return solver_goal_turns(s, solver_generate(s), NULL, NULL); }

bool battle_defender_bound_to_goal(struct solver *s)
{
    return (s->play == PLAY_REFLEX || s->play == PLAY_SEMI_REFLEX) && battle_goal_in_one(s);
}

/* r#n: White, too, must reach the goal when it can, and then fails. */
static bool attacker_bound_to_goal(struct solver *s) { return s->play == PLAY_REFLEX && battle_goal_in_one(s); }

/* KeepMatingPiece: the side that reaches the goal is the attacker in direct
 * play and the defender in self play and semi-r#; in r#n, and with
 * Quodlibet (White's own mate solves too), both sides have a goal, and
 * Popeye stops nothing there. */
static bool goal_side_gone(const struct solver *s)
{
    if (s->play == PLAY_REFLEX || battle_quodlibet(s))
        return false;
    enum colour mating = s->play == PLAY_DIRECT ? s->attacker : (enum colour)!s->attacker;
    return solver_mating_piece_gone(s, mating);
}

/* Option NonTrivial m t (Popeye's definition, its manual and output): at a
 * defence node with more than t moves to go (self play: t + 1), a defence is
 * trivial when the attacker then wins within t + 1 of the node's own lengths
 * (an s#t, or a #(t + 1) in direct play), non-trivial otherwise.  The node's
 * non-trivial defences among l (its turns) may be at most one more than the
 * count still granted (m at the root), and the play below it is granted that
 * count plus one less its non-trivial defences.  Returns that count for the
 * play below, -1 when the node has too many (the attacker's move fails). */
int nontrivial_below(struct solver *s, int n, const struct turn_list *l)
{
    int t = s->opt->nontrivial_length;
    if (s->play == PLAY_REFLEX || s->play == PLAY_SEMI_REFLEX)
        t++;
    if (!s->opt->nontrivial || n <= (play_forces_defender(s->play) ? t + 1 : t))
        return s->nontrivial_left;
    int count = 0, allowed = s->nontrivial_left + 1;
    for (int i = 0; i < l->count && count <= allowed; i++)
        if (!battle_choice_seen(l, i) && battle_all_choices(s, l, i, t + 1, defence_move_refutes))
            count++;
    return count > allowed ? -1 : allowed - count;
}

/* Defence i of l refutes (defence_move_refutes) with the play below
 * granted `below` non-trivial defences; the node keeps its own count. */
static bool nontrivial_defence_refutes(struct solver *s, const struct turn_list *l, int i, int n, int below)
{
    int own = s->nontrivial_left;
    s->nontrivial_left = below;
    bool refutes = battle_all_choices(s, l, i, n, defence_move_refutes);
    s->nontrivial_left = own;
    return refutes;
}

bool defence_loses(struct solver *s, int n)
{
    int known = probe(s, n);
    if (known >= 0)
        return known;
    if (goal_side_gone(s))
        return false; /* no goal is reached from here: the defence holds */
    if (s->play == PLAY_DIRECT && !guards_pass(s, n))
        return store(s, n, false, NULL);
    /* r#n, semi-r#n: Black must reach the goal when it can; every way it
     * can is White's aim */
    if (battle_defender_bound_to_goal(s))
        return store(s, n, true, NULL);
    struct turn_list *l = solver_generate(s);
    if (l->count == 0)
        return store(s, n, false, NULL);
    int plies_after = play_forces_defender(s->play) ? 2 * n - 2 : 2 * n - 1;
    if (plies_after >= BATTLE_ORDER_MIN_PLIES_AFTER && l->count > 1)
        order_defences(s, l);
    else
        order_by_hint(s, l);
    int below = nontrivial_below(s, n, l);
    if (below < 0)
        return store(s, n, false, NULL);
    /* in the owner's order on an assisting thread too: the order makes
     * the refutation (of a try) come first, and a helper starting anywhere
     * else proves defences the question never needs; the attacker's
     * nodes below, where a refutation's proof must answer every move, are
     * where it splits the work (solver_turn_order).  The helper asks the
     * whole question, not a share of the owner's nodes: it needs no
     * bookkeeping with the owner, and what it proves is also what the
     * tree's display asks later (docs/parallel.md). */
    for (int i = 0; i < l->count; i++) {
        if (battle_choice_seen(l, i))
            continue;
        bool refutes = nontrivial_defence_refutes(s, l, i, n, below);
        if (refutes || solver_should_stop(s))
            return store(s, n, false, &l->turns[i]);
        int known = settled_meanwhile(s, n);
        if (known >= 0)
            return known;
    }
    return store(s, n, true, NULL);
}

bool defence_move_refutes(struct solver *s, int n)
{
    if (play_forces_defender(s->play))
        return !(goal_reached(s) || (n > 1 && attack_wins(s, n - 1)));
    return !attack_wins(s, n);
}

/* Option Quodlibet: in s#n and semi-r#n White's own move may reach the goal
 * too (Popeye's definition; in r#n its output still marks White's forced
 * mate as a failure, and so does ours). */
bool battle_quodlibet(const struct solver *s)
{
    return s->opt->quodlibet && play_quodlibet_changes(s->play);
}

bool attack_move_wins(struct solver *s, int n)
{
    if (play_forces_defender(s->play))
        return (battle_quodlibet(s) && goal_reached(s)) || defence_loses(s, n);
    /* goal_reached tests check first, so quiet moves cost one attack test */
    return goal_reached(s) || (n > 1 && defence_loses(s, n - 1));
}

/* Exactly one length: is there a move winning within n? */
static bool attack_wins_within(struct solver *s, int n)
{
    struct turn_list *l = solver_generate(s);
    order_by_hint(s, l);
    bool last = n == 1 && s->play == PLAY_DIRECT; /* the move itself must mate */
    for (int k = 0; k < l->count; k++) {
        int i = solver_turn_order(s, l->count, k);
        if (battle_choice_seen(l, i) || (last && !solver_may_reach_mate(s, &l->turns[i])))
            continue;
        bool win = battle_all_choices(s, l, i, n, attack_move_wins);
        if (win)
            return store(s, n, true, &l->turns[i]);
        if (solver_should_stop(s))
            return false;
        int known = settled_meanwhile(s, n);
        if (known >= 0)
            return known;
    }
    return store(s, n, false, NULL);
}

/* Shortest lengths first, as Popeye does: short wins are found cheaply and
 * every failed length leaves a bound that prunes the next one. */
bool attack_wins(struct solver *s, int n)
{
    if (n <= 0)
        return false;
    int known = probe(s, n);
    if (known >= 0)
        return known;
    if (attacker_bound_to_goal(s) || goal_side_gone(s))
        return store(s, n, false, NULL);
    struct tt_bounds e;
    tt_get(s->tt, key_of(s), &e);
    int start = e.fail_at + 1;
    for (int k = start; k <= n; k++)
        if (attack_wins_within(s, k))
            return true;
        else if (s->stopped)
            return false;
    return false;
}

int attack_shortest(struct solver *s, int n)
{
    for (int m = 1; m <= n; m++)
        if (attack_wins(s, m))
            return m;
    return 0;
}
