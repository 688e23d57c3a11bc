/* Help play's node: every sequence of exactly k half-moves that reaches the
 * goal below a node, with failures remembered per remaining length; also the
 * help part of hs#n and reci-h#n with their endings. */
#include "help.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../board/notation.h"
#include "../rules/rules.h"
#include "../bound/goal_bound.h"
#include "popeye_order.h"
#include "../bound/slot_pairs.h"

void help_record_add(struct help_record *rec, const struct turn *path, int plies)
{
    assert(rec->count == 0 || rec->plies == plies); /* one length per split */
    rec->plies = plies;
    if (rec->count == rec->cap) {
        rec->cap = rec->cap ? 2 * rec->cap : 4;
        rec->turns = realloc(rec->turns, sizeof *rec->turns * (size_t)rec->cap * (size_t)plies);
        if (!rec->turns)
            out_of_memory();
    }
    memcpy(&rec->turns[(size_t)rec->count * (size_t)plies], path, sizeof *path * (size_t)plies);
    rec->count++;
}

/* A solution found: its canonical text into the result, its turns with
 * their effects (replayed from the root) to the sink. */
void help_send_solution(struct help_run *h, int plies)
{
    if (h->record) { /* a split's task: its owner sends it in order (help_split.h) */
        help_record_add(h->record, h->path, plies);
        return;
    }
    char canon[NOTATION_MAX * SOLVER_MAX_PLY];
    enum move_effect effects[SOLVER_MAX_PLY];
    solver_replay_line(&h->root, h->path, plies, 0, canon, effects);
    strlist_add(h->lines, canon);
    struct solution_event e = {.kind = EVENT_HELP_LINE, .pos = &h->root, .line = h->path, .line_effects = effects,
                               .plies = plies, .white_first = h->white_first, .set_play = h->set_play,
                               .short_line = h->lines != &h->r->solutions, .goal = h->s->goal,
                               .first_index = h->first_index, .length = h->line_plies};
    sink_send(h->sink, &e);
}

/* Option MoveNumbers: first move n is examined (with its check mark). */
static void send_numbered(struct help_run *h, int n, const struct turn *t)
{
    struct position *p = h->s->pos;
    bool check = solver_turn_checks(p, t);
    struct solution_event e = {.kind = EVENT_NUMBERED_MOVE, .pos = p, .turn = t, .number = n,
                               .effect = check ? EFFECT_CHECK : EFFECT_NONE, .goal = h->s->goal,
                               .first_index = h->first_index, .plies = h->line_plies, .set_play = h->set_play};
    sink_send(h->sink, &e);
}

/* The side to move reaches the goal in one: each such move is a line of
 * the solution when `send` (it ends at path[s->ply]); without `send` the
 * first one ends the look.  hs#: only when every move it has does (it is
 * forced to); reci-h#: Black's own mate. */
static __attribute__((noinline)) int ending_moves(struct help_run *h, bool forced, bool send)
{
    struct solver *s = h->s;
    struct turn_list *l = solver_generate(s);
    if (forced && l->count == 0)
        return 0;
    int found = 0;
    for (int i = 0; i < l->count; i++) {
        /* reci-h#1's Black mates with a first move: a part of the first
         * moves (--first-moves) shows only its own; whether Black can mate
         * at all (not sent) still asks every move */
        if (send && !forced && s->ply == 0 && !solver_root_allowed(s, &l->turns[i]))
            continue;
        struct undo u;
        int depth = s->ply;
        h->path[depth] = l->turns[i];
        solver_make(s, &l->turns[i], &u);
        bool goal = goal_reached(s);
        solver_unmake(s, &u);
        if (!goal && forced)
            return 0;
        if (goal) {
            found++;
            if (send)
                help_send_solution(h, depth + 1);
            else if (!forced)
                return found;
        }
    }
    return found;
}

/* hs#n ends when White's last help move leaves Black forced to mate:
 * every forced line is shown. */
static int help_self_end(struct help_run *h)
{
    if (ending_moves(h, true, false) == 0)
        return 0;
    return ending_moves(h, true, true);
}

/* The hashes of a node's first children, worked out without playing them
 * (position_hash_after), where it could: known[i / 64] bit i % 64. */
#define CHILD_HASHES 256
struct child_hashes {
    uint64_t known[CHILD_HASHES / 64];
    uint64_t hash[CHILD_HASHES];
};

/* Whether turn t changes a square of `set` (rules.h check_needs' squares). */
static bool turn_touches(const struct position *p, const struct turn *t, square_set set)
{
    const square_set *bit = p->geo->bit; /* 0 off the playing area */
    return ((bit[t->from] | bit[t->to] | bit[t->from2] | bit[t->to2] | bit[t->capture_sq]) & set) != 0;
}

/* Every child of this node is probed in the table first: ask for all their
 * buckets now, so that the memory fetches overlap instead of following one
 * another (a probe is mostly a cache miss; playing a turn costs less).
 * only: where not NULL, the turns that change none of its squares are cut
 * unplayed (check_needs) and not asked for. */
static void prefetch_children(struct solver *s, const struct turn_list *l, struct child_hashes *c, const square_set *only)
{
    for (int i = 0; i < l->count; i++) {
        uint64_t hash;
        if (only && !turn_touches(s->pos, &l->turns[i], *only))
            continue;
        if (position_hash_after(s->pos, &l->turns[i], &hash)) {
            tt_prefetch(s->tt, help_key_of(s, hash));
            if (i < CHILD_HASHES) {
                c->hash[i] = hash;
                c->known[i / 64] |= (uint64_t)1 << (i % 64);
            }
            continue;
        }
        struct undo u;
        position_make(s->pos, &l->turns[i], &u);
        tt_prefetch(s->tt, help_key(s));
        position_unmake(s->pos, &u);
    }
}

/* The goal bound's verdict on this node, `plies` half-moves before the
 * help play's end: the helpmate's (help play, reci-h#), and the other mate
 * at the end (solver.h end_bound): hs#n ends with Black's forced mate one
 * half-move after the help play, and every forced move mates, so Black must
 * be able to mate White within plies + 1; reci-h#n's Black must be able to
 * mate White where its last move is, plies - 1 from here.  Either bound
 * failing is a proof that no solution passes this node. */
bool help_bound_prunes(struct solver *s, int plies, square_set *excluded)
{
    if (s->goal_bound && (excluded ? goal_bound_prunes_below(s->goal_bound, s->pos, s->goal, plies, excluded)
                                   : goal_bound_prunes(s->goal_bound, s->pos, s->goal, plies)))
        return true;
    if (!s->end_bound)
        return false;
    int end = s->play == PLAY_HELP_SELF ? plies + 1 : plies - 1;
    return end >= 1 && goal_bound_prunes(s->end_bound, s->pos, s->goal, end);
}

/* Where D, the side to be mated, is to move (plies even): whether its
 * passing would be cut, so that its idle turns may be skipped unplayed
 * (goal_bound_turn_idle), given the squares proved above. */
bool help_pass_fails(struct solver *s, int plies, const square_set *excluded, struct goal_pass *pass)
{
    return s->goal_bound && plies % 2 == 0 &&
           goal_bound_pass_fails_below(s->goal_bound, s->pos, s->goal, plies, excluded, pass);
}

/* The last move of help play (but hs#'s, which only leaves Black forced to
 * mate) reaching mate comes in the order of Popeye's mating-move generator,
 * units from h8 back to a1 (Popeye 4.104: h#1, h#0.5, ser-h#1 with
 * MaxSolutions 1); every other move, and a stalemate's, in its plain order
 * (h=0.5). */
void help_order_for_max_solutions(const struct solver *s, struct turn_list *l, int plies)
{
    popeye_order_sort_by(s->pos, l, plies == 1 && s->play != PLAY_HELP_SELF && s->goal == GOAL_MATE);
}

/* KeepMatingPiece: the side that reaches the goal is the one that moves last
 * in help play (h#n, and each half of Duplex), the other one in hs#n (its
 * forced mate follows); in reci-h#n both sides mate, and Popeye stops
 * nothing there. */
static bool help_goal_side_gone(const struct solver *s, int plies)
{
    if (s->play == PLAY_RECI_HELP)
        return false;
    enum colour side = (enum colour)s->pos->st.side;
    enum colour last = plies % 2 ? side : (enum colour)!side;
    return solver_mating_piece_gone(s, s->play == PLAY_HELP_SELF ? (enum colour)!last : last);
}

/* The last move's nodes (but hs#'s, where every forced mate is tested after
 * it) keep their failures in a small cache of the thread's own instead of
 * the table: there a node is a few checks and a mate test each, about the
 * cost of a table probe, which is mostly a cache miss, and the table would
 * grow by them and spend its time on them.  Not keeping them at all costs
 * more where the last move's test is dear (Knight relay, Stones & Relays).
 * HELP_LEAF_CACHE entries, two a set (1 MiB): the misses a smaller cache
 * adds cost more than the memory it spares, and a larger one costs more to
 * clear for each search than it saves.  Only failures are kept, so no entry
 * can be wrong and a lost one costs a search. */
static bool help_leaf(const struct solver *s, int plies)
{
    return plies == 1 && s->play != PLAY_HELP_SELF && s->leaf_cache;
}

/* Only the goal-directed search has the cache: the plain one meets so many
 * more last-move nodes that they push each other out of it, and it costs
 * more than it saves there; the plain search is also the one of the rule
 * sets without the bound. */

/* Two entries a set, the newer first (slot_pairs.h): a failure stored
 * pushes the older one out. */
static bool leaf_failed(const struct solver *s, uint64_t key)
{
    uint64_t entry;
    return slot_pair_find(&s->leaf_cache[2 * ((key >> 1) & (HELP_LEAF_CACHE / 2 - 1))], key, &entry);
}

static void leaf_store_failure(struct solver *s, uint64_t key)
{
    slot_pair_store(&s->leaf_cache[2 * ((key >> 1) & (HELP_LEAF_CACHE / 2 - 1))], key | 1);
}

void help_leaf_cache_touch(struct solver *s)
{
    if (s->leaf_cache)
        memory_touch_for_write(s->leaf_cache, HELP_LEAF_CACHE * sizeof *s->leaf_cache);
}

void help_leaf_cache_reset(struct solver *s)
{
    if (!s->goal_bound) {
        solver_leaf_cache_free(s);
    } else if (!s->leaf_cache) {
        /* a huge page where the system gives one: its 1 MiB is looked at
         * everywhere at once, 256 page faults on small pages */
        s->leaf_cache = memory_table_new(HELP_LEAF_CACHE * sizeof *s->leaf_cache);
        if (!s->leaf_cache)
            out_of_memory();
    } else {
        memset(s->leaf_cache, 0, HELP_LEAF_CACHE * sizeof *s->leaf_cache);
    }
}

/* Whether the rules may tell cheaply that the side to move, which must mate
 * with the last turn, has no turn giving check (rules.h may_give_check):
 * goal-directed help play's mate, where the last turn mates (not hs#'s). */
static bool help_check_test(const struct solver *s)
{
    return s->check_needs && s->goal == GOAL_MATE && (s->play == PLAY_HELP || s->play == PLAY_RECI_HELP) &&
           s->pos->rules->may_give_check;
}

/* Whether turn t of the side to move leaves its king on a square of
 * `proved`: judged only for a turn that moves one unit and nothing else
 * (no second displacement: a castling's rook, a push, a step), which leaves
 * the king where it stands unless it moves it. */
static bool king_ends_proved(const struct position *p, const struct turn *t, square_set proved)
{
    enum { MORE = TURN_NOT_PLAIN };
    int king = p->st.king_sq[p->st.side];
    if (king == SQ_NONE || t->from2 != SQ_NONE || (t->flags & MORE))
        return false;
    int end = t->from == king ? t->to : king;
    return (proved & p->geo->bit[end]) != 0; /* bit[]: 0 off the playing area */
}

/* Whether the child after turn i, with `plies` half-moves left there and
 * its hash in c, is known to fail in the table: it would look there first
 * and return nothing, so the turn need not be played.  It still counts as a
 * node visited (the clock's checks and the node counts stay those of the
 * child played).  Otherwise the table's answer is handed to the child
 * (help_run.probed), which would ask again.  Where the table holds much,
 * most nodes two half-moves from the end are such. */
static bool child_failed_before(struct help_run *h, const struct child_hashes *c, int i, int plies)
{
    if (i >= CHILD_HASHES || !(c->known[i / 64] >> (i % 64) & 1))
        return false;
    struct solver *s = h->s;
    h->probe_key = help_key_of(s, c->hash[i]);
    h->probe_found = tt_get(s->tt, h->probe_key, &h->probe_e);
    if (h->probe_found && (h->probe_e.help_fail >> plies & 1)) {
        s->nodes++;
        return true;
    }
    h->probed = true;
    return false;
}

/* help_node's steps are its own helpers, always inlined into it: help_node
 * is the help search's hottest function, and one body keeps what the steps
 * share in registers. */
#define NODE_STEP static inline __attribute__((always_inline))

/* The table's entry for this node: asked by the parent before its turn was
 * played (child_failed_before), or now. */
NODE_STEP bool node_entry(struct help_run *h, bool probed, struct tt_bounds *e)
{
    struct solver *s = h->s;
    uint64_t key = help_key(s);
    if (probed && h->probe_key == key) {
        *e = h->probe_e;
        return h->probe_found;
    }
    return tt_get(s->tt, key, e);
}

/* What help_node learns of its node on the way to its turns.  (The king
 * squares proved here and above, whose address the bounds take, are a
 * variable of its own: the facts stay in registers.) */
struct node_facts {
    int plies;          /* half-moves left from here */
    bool probed;        /* the parent asked the table for this node (help_run.probed) */
    bool leaf;          /* the last move's node: its failures go to the leaf cache */
    /* MoveNumbers' root: every first move is numbered and searched */
    bool numbered;
    /* the mating turns are generated while the leaf cache's line comes */
    bool early;
    bool reci_end;      /* reci-h#, Black to make the last move */
    bool self_end;      /* hs#: Black's forced mate follows the last move */
    /* the turns to be played, and the ways some are cut unplayed */
    struct turn_list *l;
    bool pass_fails, prefetched, checks_known, proved_end;
    /* the mated side's last turn: those changing no square of `relevant`
     * leave the mating side no check (rules.h check_needs) */
    bool check_relevant;
    square_set relevant;
};

/* Whether the node is known to fail before its turns are generated: the
 * search stops, the mated king stands on a square proved above, or the leaf
 * cache or the table has its failure; e: the table's entry where it was read. */
NODE_STEP bool node_known_to_fail(struct help_run *h, struct node_facts *n, struct tt_bounds *e)
{
    struct solver *s = h->s;
    if (h->split && split_cancelled(h->split, h->task))
        s->stopped = true; /* answers nothing: no failure is recorded */
    if (h->found >= h->max_solutions || solver_should_stop(s))
        return true;
    n->leaf = help_leaf(s, n->plies);
    /* Popeye prints no move numbers under Intelligent (its corpus, reci-h#) */
    n->numbered = s->ply == 0 && s->opt->move_numbers && !s->opt->intelligent && h->lines == &h->r->solutions;
    /* where the rules generate checking turns directly, a last move's node
     * asks for its cache line first and generates them while it comes: they
     * are wanted on a miss, and a miss stalls the node for as long as the
     * line takes to come */
    n->early = n->leaf && !n->numbered && s->pos->rules->generate_checks;
    /* a mate needs a check (RULES 0): where the side to move has no turn
     * that may give one, the node fails before anything is generated, and
     * the cache keeps no such failure (the test costs less than its look) */
    if (n->plies == 1 && s->ply > 0 && !n->numbered && help_check_test(s) &&
        !s->pos->rules->may_give_check(s->pos)) /* (ply > 0: reached by a legal turn) */
        return true;
    /* the last move leaves the mated king where it stands: where a node
     * above proved that square (docs/internals.md "Squares proved above"), no last
     * move mates */
    if (n->leaf && s->goal_bound && s->play == PLAY_HELP && !n->numbered) {
        int king = s->pos->st.king_sq[!s->pos->st.side];
        if (king != SQ_NONE && (h->excluded[s->ply] & s->pos->geo->bit[king]))
            return true;
    }
    if (n->early) {
        uint64_t key = help_key(s);
        __builtin_prefetch(&s->leaf_cache[2 * ((key >> 1) & (HELP_LEAF_CACHE / 2 - 1))]);
        solver_generate_mating(s);
        if (leaf_failed(s, key))
            return true;
    } else if (!n->numbered && (n->leaf ? leaf_failed(s, help_key(s))
                                        : node_entry(h, n->probed, e) && (e->help_fail >> n->plies & 1))) {
        /* (MoveNumbers numbers every first move: the table's failure of
         * the root, an earlier problem's or a store's, does not end it) */
        return true;
    }
    return false;
}

/* Whether the node is proved to fail here, before its turns are played:
 * KeepMatingPiece, the goal bounds (a failure they prove is stored), or a
 * reci-h#'s Black that cannot mate at once; excluded: the king squares
 * proved here and above. */
NODE_STEP bool node_proved_to_fail(struct help_run *h, struct node_facts *n, struct tt_bounds *e,
                                   square_set *excluded)
{
    struct solver *s = h->s;
    int plies = n->plies;
    if (help_goal_side_gone(s, plies))
        return true;
    /* MoveNumbers numbers every first move, so that root is always searched */
    *excluded = h->excluded[s->ply];
    if (!n->numbered && help_bound_prunes(s, plies, excluded)) {
        /* a proof of failure like any other: the table spares its repetition */
        if (n->leaf) {
            leaf_store_failure(s, help_key(s));
        } else {
            e->help_fail |= 1u << plies;
            tt_put(s->tt, help_key(s), e);
        }
        return true;
    }
    /* reci-h#: where Black is to make the last move, it must be able to
     * mate White at once as well as help White mate it (docs/rules.md 6) */
    n->reci_end = s->play == PLAY_RECI_HELP && plies == 2;
    if (n->reci_end && ending_moves(h, false, false) == 0) {
        tt_get(s->tt, help_key(s), e);
        e->help_fail |= 1u << plies;
        tt_put(s->tt, help_key(s), e);
        return true;
    }
    return false;
}

/* The node's turns, in the order they are tried, and what is known to cut
 * some of them unplayed: pass, hashes and checks are filled where the facts
 * say so. */
NODE_STEP void node_turns(struct help_run *h, struct node_facts *n, const square_set *excluded,
                          struct goal_pass *pass, struct child_hashes *hashes, struct goal_checks *checks)
{
    struct solver *s = h->s;
    int plies = n->plies;
    /* hs#: White's last help move need not reach the goal; Black's forced mate follows */
    n->self_end = s->play == PLAY_HELP_SELF;
    struct turn_list *l = n->l = solver_list(s, s->ply);
    if (n->numbered) {
        /* h#0.5 (not h#1's set play, whose moves Popeye numbers all) */
        if (s->first_move_mates && !h->set_play)
            popeye_numbered_mating_moves(s->pos, l);
        else
            popeye_numbered_moves(s->pos, l);
        h->numbered = l->count;
    } else if (!n->early && plies == 1 && !n->self_end) /* the last turn reaches the goal: for mate it must give check */
        solver_generate_mating(s);
    else if (!n->early) /* (early: generated above) */
        solver_generate(s);
    /* MaxSolutions shows the first solutions found: find them in Popeye's order */
    if (!n->numbered && s->opt->max_solutions > 0)
        help_order_for_max_solutions(s, l, plies);
    /* the side to be mated moves: when its passing would be cut, its turns
     * that change nothing the bound reads are cut unplayed (goal_bound.h) */
    n->pass_fails = !n->numbered && help_pass_fails(s, plies, excluded, pass);
    /* the mated side's last turn, where the rules know which squares it must
     * change for the mating side to have a checking turn after it (a mate
     * needs a check): the others are not played (the node after each has
     * no mating turn) */
    n->check_relevant = plies == 2 && s->check_needs && s->goal == GOAL_MATE &&
                        (s->play == PLAY_HELP || s->play == PLAY_RECI_HELP) && !n->numbered &&
                        s->pos->rules->check_needs(s->pos, &n->relevant);
    /* where idle turns are cut unplayed, most children are never probed */
    n->prefetched = plies > 1 && !help_leaf(s, plies - 1) && !n->pass_fails;
    if (n->prefetched) {
        memset(hashes->known, 0, sizeof hashes->known);
        prefetch_children(s, l, hashes, n->check_relevant ? &n->relevant : NULL);
    }
    /* three half-moves left, the mating side to move: its turns after which
     * it can check no square of the king's are cut unplayed (goal_bound.h) */
    n->checks_known = plies == 3 && s->goal_bound && s->play == PLAY_HELP && !n->numbered &&
                      goal_bound_checks_prepare(s->goal_bound, s->pos, s->goal, plies, *excluded, checks);
    h->excluded[s->ply + 1] = *excluded; /* for the nodes below */
    /* the mated side's last turn: one that leaves its king on a square
     * proved here or above is not played (the node after it is cut so) */
    n->proved_end = plies == 2 && s->goal_bound && s->play == PLAY_HELP && !n->numbered && *excluded;
}

/* After the node's turns: reci-h#'s Black's own mates, and the node's
 * failure remembered where it has none. */
NODE_STEP void node_done(struct help_run *h, const struct node_facts *n, struct tt_bounds *e, int found)
{
    struct solver *s = h->s;
    /* after the helpmates, Black's own mates; MaxSolutions stops at once on
     * its last solution, before them (Popeye 4.104) */
    if (n->reci_end && found && h->found < h->max_solutions)
        ending_moves(h, false, true);
    /* a root searched for a part of its first moves only (StartMoveNumber,
     * --first-moves) proves nothing of the position: stored, its failure
     * hid the solutions of a later problem of the file, or of a run on the
     * same store, that searches every first move */
    bool part_of_root = s->ply == 0 && s->root_filter && !h->set_play;
    if (!found && !s->stopped && !part_of_root) {
        if (n->leaf) {
            leaf_store_failure(s, help_key(s));
        } else {
            tt_get(s->tt, help_key(s), e);
            e->help_fail |= 1u << n->plies;
            tt_put(s->tt, help_key(s), e);
        }
    }
}

/* Number of solutions below this node with exactly `plies` half-moves left. */
int help_node(struct help_run *h, int plies)
{
    struct solver *s = h->s;
    assert(plies >= 1 && plies <= STIPULATION_HELP_PLIES_MAX); /* one bit each in help_fail */
    struct node_facts n = {.plies = plies, .probed = h->probed};
    h->probed = false;
    struct tt_bounds e = tt_bounds_empty();
    square_set excluded;
    if (node_known_to_fail(h, &n, &e) || node_proved_to_fail(h, &n, &e, &excluded))
        return 0;
    struct goal_pass pass;
    struct child_hashes hashes;
    struct goal_checks checks;
    node_turns(h, &n, &excluded, &pass, &hashes, &checks);
    /* the turns in their order, each cut unplayed where it can be; the loop
     * stays in this body, where the values it keeps across its calls stay
     * in the registers they were given */
    struct turn_list *l = n.l;
    int found = 0;
    for (int k = 0; k < l->count && h->found < h->max_solutions; k++) {
        int i = solver_turn_order(s, l->count, k);
        /* assisted (split.h): the other thread may have proved this node's
         * failure meanwhile; a node with a solution below is never failed */
        if (k > 0 && found == 0 && !n.leaf && solver_assisted(s) && tt_get(s->tt, help_key(s), &e) &&
            (e.help_fail >> plies & 1))
            return 0;
        if (n.pass_fails && goal_bound_turn_idle(s->goal_bound, &pass, s->pos, &l->turns[i]))
            continue;
        if (n.proved_end && king_ends_proved(s->pos, &l->turns[i], excluded))
            continue;
        if (n.check_relevant && !turn_touches(s->pos, &l->turns[i], n.relevant))
            continue;
        struct undo u;
        h->path[s->ply] = l->turns[i];
        int depth = s->ply;
        if (depth == 0 && s->on_root_move)
            s->on_root_move(s->progress_ctx, plies, i + 1, l->count);
        if (depth == 0 && !h->set_play && !solver_root_allowed(s, &l->turns[i]))
            continue; /* another part's first move (StartMoveNumber, --first-moves) */
        if (depth == 0)
            h->first_index = i;
        if (n.numbered) {
            send_numbered(h, h->number_base + i + 1, &l->turns[i]);
            if (!popeye_turn_legal(s->pos, &l->turns[i]))
                continue;
        }
        if (plies == 1 && n.numbered && !n.self_end && !solver_may_reach_mate(s, &l->turns[i]))
            continue;
        if (n.checks_known && goal_bound_turn_checkless(s->goal_bound, &checks, s->pos, &l->turns[i])) {
            s->nodes++; /* a node visited, as the child the bound would cut */
            continue;
        }
        if (n.prefetched && child_failed_before(h, &hashes, i, plies - 1))
            continue;
        solver_make(s, &l->turns[i], &u);
        if (plies == 1 && n.self_end) {
            int ended = help_self_end(h);
            found += ended;
            h->found += ended;
        } else if (plies == 1) {
            if (goal_reached(s)) {
                found++;
                h->found++;
                help_send_solution(h, depth + 1);
            }
        } else {
            found += help_node(h, plies - 1);
        }
        solver_unmake(s, &u);
    }
    node_done(h, &n, &e, found);
    return found;
}
