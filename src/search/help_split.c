/* Help play on several threads: one length's search is cut into the
 * subtrees below the first one or two half-moves (tasks, in -j 1 order),
 * searched by split.h's workers, and their solutions sent on in that order. */
#include "help_split.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../bound/goal_bound.h"

/* Lengths below this are searched alone: too little work to share. */
#define HELP_SPLIT_MIN_PLIES 3
/* A length shorter than the phase's last is searched alone when the one
 * before it took fewer nodes than this: a length costs some 5-40 times the
 * one before, and a split a few milliseconds of setting up and of cold
 * caches, more than a short length takes alone.  The last length is always
 * split: a shorter one can be cut by the bound at its root however long the
 * last. */
#define HELP_SPLIT_MIN_PREVIOUS_NODES 2000
/* Tasks start after one half-move, or more while there are fewer than this
 * many tasks per thread (the goal bound and the table cut many first moves).
 * Not more: the walk to them runs on one thread and asks the bound at every
 * node above them, at lengths where it looks at every king square, so that
 * many more tasks keep the other threads waiting on the walk; and a long
 * last task is shortened by the threads that assist it (run_assist).  A task
 * keeps at least two half-moves. */
/* a split of one half-move (and battle play's of the first moves) takes
 * every turn of a position */
_Static_assert(TURN_LIST_MAX <= SPLIT_TASKS_MAX, "a position's turns are more tasks than a split takes");
#define HELP_SPLIT_TASKS_PER_THREAD 8
#define HELP_SPLIT_PREFIX_MAX 3

struct help_task {
    struct turn prefix[HELP_SPLIT_PREFIX_MAX];
    int root_index, root_count; /* of the first half-move, for --progress */
    square_set excluded;        /* the bound's squares proved on the way (help_run.excluded) */
    struct help_record rec;
    bool stopped;               /* its search was cut by the clock or a full list */
};

struct help_worker {
    struct position pos;
    struct solver s;
    bool made;                  /* its turn lists, bounds and cache exist (start_worker) */
    /* the next worker's position and solver, written at every node by
     * another thread, start on another cache line (memory.h) */
    char next_line[MEMORY_CACHE_LINE];
};

/* The threads' search state, kept from one length's split to the next of a
 * phase, as one thread keeps its own: turn lists, goal bounds and last-move
 * caches stay warm (set up afresh for each length, short lengths' splits
 * cost more than searching them alone).  Worker 0 runs on the caller's
 * thread and uses the caller's bounds and cache. */
struct help_workers {
    int threads;
    struct help_worker w[];
};

struct help_split {
    struct help_run *h;         /* the caller's search */
    int k, prefix;              /* the length; half-moves before a task */
    struct help_task *tasks;
    int count, cap;
    struct help_worker *workers; /* h->workers' */
    int before;                 /* h->found when the split began */
    int shorter_from;           /* the shorter lengths searched first (search_shorter); 0: none */
    int last_root;              /* --progress: the first half-move last announced */
    int emitted;                /* the last length's solutions handed on */
    bool too_many;              /* the enumeration met SPLIT_TASKS_MAX: split one half-move less deep */
    /* what the caller's bounds had learnt when the split began, for the
     * workers that make theirs in it (start_worker); NULL: none to make */
    struct goal_bound_learnt *learnt, *end_learnt;
};

static void add_task(struct help_split *sp, const struct turn *path, int root_index, int root_count,
                     square_set excluded)
{
    if (sp->count == sp->cap) {
        sp->cap = sp->cap ? 2 * sp->cap : 64;
        sp->tasks = realloc(sp->tasks, sizeof *sp->tasks * (size_t)sp->cap);
        if (!sp->tasks)
            out_of_memory();
    }
    struct help_task *t = &sp->tasks[sp->count++];
    memset(t, 0, sizeof *t);
    memcpy(t->prefix, path, sizeof *path * (size_t)sp->prefix);
    t->root_index = root_index;
    t->root_count = root_count;
    t->excluded = excluded;
}

/* The first `depth_left` half-moves as help_node walks them (the table's
 * failures, the goal bound, Popeye's order under MaxSolutions); a task for
 * each node reached.  plies > depth_left: no goal test on this walk. */
static void enumerate(struct help_split *sp, int plies, int depth_left, int root_index, int root_count,
                      square_set excluded)
{
    struct help_run *h = sp->h;
    struct solver *s = h->s;
    if (solver_should_stop(s))
        return;
    struct tt_bounds e;
    if (tt_get(s->tt, help_key(s), &e) && (e.help_fail >> plies & 1))
        return;
    if (help_bound_prunes(s, plies, &excluded)) {
        e.help_fail |= 1u << plies;
        tt_put(s->tt, help_key(s), &e);
        return;
    }
    struct turn_list *l = solver_generate(s);
    if (s->opt->max_solutions > 0)
        help_order_for_max_solutions(s, l, plies);
    /* the turns help_node would skip unplayed (goal_bound_turn_idle) make
     * no task: each would only be cut by the bound again */
    struct goal_pass pass;
    bool pass_fails = help_pass_fails(s, plies, &excluded, &pass);
    for (int i = 0; i < l->count && !s->stopped; i++) {
        if (pass_fails && goal_bound_turn_idle(s->goal_bound, &pass, s->pos, &l->turns[i]))
            continue;
        struct undo u;
        h->path[s->ply] = l->turns[i];
        int ri = s->ply == 0 ? i : root_index, rc = s->ply == 0 ? l->count : root_count;
        solver_make(s, &l->turns[i], &u);
        if (depth_left == 1) {
            if (sp->count < SPLIT_TASKS_MAX)
                add_task(sp, h->path, ri, rc, excluded);
            else
                sp->too_many = true; /* split_length goes back a half-move */
        } else {
            enumerate(sp, plies - 1, depth_left - 1, ri, rc, excluded);
        }
        solver_unmake(s, &u);
    }
}

/* Task `task`'s search on `worker`: its solutions into `rec`. */
static void search_task(struct help_split *sp, int worker, int task, struct help_record *rec)
{
    struct help_task *t = &sp->tasks[task];
    struct help_worker *w = &sp->workers[worker];
    struct help_run *caller = sp->h;
    struct help_run h = {.s = &w->s, .root = caller->root, .r = caller->r, .lines = caller->lines,
                         .set_play = caller->set_play, .white_first = caller->white_first,
                         .max_solutions = caller->max_solutions - sp->before, .record = rec,
                         .split = NULL, .task = task, .line_plies = help_line_plies(&w->s, sp->k)};
    /* the split job is the context's owner's: reached through the caller */
    h.split = caller->split;
    w->s.stopped = false;
    w->s.ply = 0;
    struct undo u[HELP_SPLIT_PREFIX_MAX];
    for (int i = 0; i < sp->prefix; i++) {
        h.path[i] = t->prefix[i];
        solver_make(&w->s, &t->prefix[i], &u[i]);
    }
    h.excluded[sp->prefix] = t->excluded; /* what the walk above proved */
    help_node(&h, sp->k - sp->prefix);
    for (int i = sp->prefix - 1; i >= 0; i--)
        solver_unmake(&w->s, &u[i]);
}

static void run_task(void *ctx, int worker, int task)
{
    struct help_split *sp = ctx;
    struct help_task *t = &sp->tasks[task];
    struct solver *s = &sp->workers[worker].s;
    s->assisted = split_assisting(sp->h->split, task);
    search_task(sp, worker, task, &t->rec);
    s->assisted = NULL;
    t->stopped = s->stopped && !split_cancelled(sp->h->split, task);
    if (t->stopped) /* -j 1 would not have searched further */
        split_cancel_after(sp->h->split, task);
}

/* Worker `worker` searches task `task` while another thread does (split.h,
 * assist), the turns of every node from the middle of the list on, until
 * that one is done.  Only what it adds to the table counts: the failures it
 * proves spare the owner those subtrees (help_node looks them up, and looks
 * again after each child while assisted); its solutions are dropped, the
 * owner finds them itself.  A stopped search records no failure. */
static bool assist_task(void *ctx, int worker, int task, volatile int *done)
{
    struct help_split *sp = ctx;
    struct solver *s = &sp->workers[worker].s;
    struct help_record dropped = {0};
    struct solver_assist saved = solver_begin_assist(s, done, split_assisting(sp->h->split, task), 1 + worker);
    search_task(sp, worker, task, &dropped);
    free(dropped.turns);
    return solver_end_assist(s, &saved);
}

static bool emit_task(void *ctx, int task)
{
    struct help_split *sp = ctx;
    struct help_run *h = sp->h;
    struct help_task *t = &sp->tasks[task];
    if (h->s->on_root_move && t->root_index != sp->last_root) {
        sp->last_root = t->root_index;
        h->s->on_root_move(h->s->progress_ctx, sp->k, t->root_index + 1, t->root_count);
    }
    h->first_index = t->root_index;
    for (int i = 0; i < t->rec.count && h->found < h->max_solutions; i++) {
        memcpy(h->path, &t->rec.turns[(size_t)i * (size_t)sp->k], sizeof *h->path * (size_t)sp->k);
        h->found++;
        sp->emitted++;
        help_send_solution(h, sp->k);
    }
    free(t->rec.turns);
    t->rec.turns = NULL;
    if (t->stopped)
        h->s->stopped = true;
    return h->found < h->max_solutions && !t->stopped;
}

/* A worker's first steps in a phase's first split, on its own thread: its
 * turn lists, bounds like the caller's and last-move cache made, while the
 * calling thread searches the shorter lengths (made before the split, on
 * the calling thread, they would keep the other threads waiting), and
 * written once (memory.h).  Not the table: on huge pages, few of its pages
 * change mapping, and writing its part in use first costs a short search
 * more than it saves.  Worker 0's are the caller's own, in use since its
 * search began. */
static void start_worker(void *ctx, int worker)
{
    struct help_split *sp = ctx;
    struct help_worker *hw = &sp->workers[worker];
    if (hw->made)
        return;
    struct solver *w = &hw->s;
    /* the caller's bound pointers: no search changes them */
    const struct solver *s = sp->h->s;
    w->lists = solver_lists_new(w);
    w->goal_bound = s->goal_bound ? goal_bound_new_like(s->goal_bound, sp->learnt) : NULL;
    w->end_bound = s->end_bound ? goal_bound_new_like(s->end_bound, sp->end_learnt) : NULL;
    help_leaf_cache_reset(w);
    help_leaf_cache_touch(w);
    goal_bound_touch(w->goal_bound);
    goal_bound_touch(w->end_bound);
    hw->made = true;
}

/* What start_worker made, given back. */
static void unmake_worker(struct help_worker *hw)
{
    struct solver *w = &hw->s;
    free(w->lists);
    w->lists = NULL;
    solver_leaf_cache_free(w);
    goal_bound_free(w->goal_bound);
    goal_bound_free(w->end_bound);
    w->goal_bound = w->end_bound = NULL;
    hw->made = false;
}

/* In the phase's last split, a worker gives its memory back on its own
 * thread as it ends, while the others finish, rather than the calling
 * thread after the split, where it would add to the run's time. */
static void finish_worker(void *ctx, int worker)
{
    struct help_split *sp = ctx;
    unmake_worker(&sp->workers[worker]);
}

/* On the calling thread while the others start on the last length's tasks
 * (split_job.prelude): the phase's shorter lengths, alone and in order, as
 * help_phase searches them before the last; their lines come first.  Its
 * own copy of the run: the tasks read the caller's meanwhile. */
static void search_shorter(void *ctx)
{
    struct help_split *sp = ctx;
    struct help_run *h = sp->h;
    struct solver *s = h->s;
    struct help_run p = *h;
    p.split = NULL;
    p.workers = NULL;
    p.lines = &h->r->short_solutions;
    for (int k = sp->shorter_from; k < sp->k && !s->stopped; k += 2) {
        s->ply = 0;
        p.line_plies = help_line_plies(s, k);
        help_node(&p, k);
    }
    h->found = p.found; /* before the last length's lines are counted */
    if (s->stopped) /* -j 1 would not have searched the last length */
        split_cancel_after(h->split, -1);
}

/* h's workers, made at its first split. */
static struct help_workers *help_workers_for(struct help_run *h)
{
    struct solver *s = h->s;
    if (h->workers) {
        assert(h->workers->threads == s->threads);
        return h->workers;
    }
    int threads = s->threads;
    struct help_workers *pool = calloc(1, sizeof *pool + sizeof pool->w[0] * (size_t)threads);
    if (!pool)
        out_of_memory();
    pool->threads = threads;
    /* worker 0 is the caller: its turn lists, bounds and cache are the
     * caller's (its shorter lengths, search_shorter, come before its tasks) */
    pool->w[0].made = true;
    h->workers = pool;
    return pool;
}

void help_split_release(struct help_run *h)
{
    struct help_workers *pool = h->workers;
    if (!pool)
        return;
    for (int i = 1; i < pool->threads; i++)
        if (pool->w[i].made) /* (finish_worker did not) */
            unmake_worker(&pool->w[i]);
    free(pool);
    h->workers = NULL;
}

/* Whether length k can be split at all: a part of the first moves
 * (--first-moves, StartMoveNumber) searches alone: the parts are what runs
 * in parallel there; hs#, reci-h#: their endings send lines of their own,
 * so they search alone too. */
static bool splittable(const struct help_run *h, int k)
{
    const struct solver *s = h->s;
    return s->threads >= 2 && k >= HELP_SPLIT_MIN_PLIES && !s->opt->move_numbers && !s->root_filter &&
           s->play == PLAY_HELP;
}

/* Length k split; shorter_from > 0: the calling thread first searches the
 * lengths shorter_from .. k - 2 (search_shorter). */
static void split_length(struct help_run *h, int k, int shorter_from)
{
    struct solver *s = h->s;
    assert(s->ply == 0 && !h->record);
    struct help_split sp = {.h = h, .k = k, .prefix = 1, .before = h->found, .last_root = -1,
                            .shorter_from = shorter_from};
    /* one half-move: the root's turns, below SPLIT_TASKS_MAX (rules.h
     * max_turns); deeper, the tasks of positions with very many turns
     * (Stones & Relays) may be more than a split takes: then one less */
    enumerate(&sp, k, sp.prefix, 0, 0, 0);
    while (sp.count < HELP_SPLIT_TASKS_PER_THREAD * s->threads && sp.prefix < HELP_SPLIT_PREFIX_MAX && sp.prefix + 2 <= k &&
           !s->stopped) {
        sp.count = 0;
        sp.prefix++;
        enumerate(&sp, k, sp.prefix, 0, 0, 0);
        if (sp.too_many) {
            sp.too_many = false;
            sp.count = 0;
            sp.prefix--;
            enumerate(&sp, k, sp.prefix, 0, 0, 0);
            break;
        }
    }
    int threads = s->threads;
    struct help_workers *pool = help_workers_for(h);
    sp.workers = pool->w;
    for (int i = 0; i < threads; i++) {
        struct help_worker *w = &sp.workers[i];
        /* the caller's search state, but for what the worker keeps */
        struct solver kept = w->s;
        w->pos = *s->pos;
        w->s = *s;
        w->s.pos = &w->pos;
        w->s.nodes = w->s.next_check = 0;
        w->s.lists = i == 0 ? s->lists : kept.lists;
        if (i > 0) { /* worker 0 is the caller's thread: its bounds and cache are the caller's */
            w->s.leaf_cache = kept.leaf_cache;
            w->s.goal_bound = kept.goal_bound;
            w->s.end_bound = kept.end_bound;
        }
        /* progress callbacks are the caller's thread's */
        w->s.on_root_move = NULL;
        w->s.on_nodes = NULL;
        w->s.threads = 1;
    }
    bool to_make = false;
    for (int i = 1; i < threads; i++)
        to_make |= !sp.workers[i].made;
    if (to_make) { /* as the walk above left them */
        sp.learnt = s->goal_bound ? goal_bound_learnt_copy(s->goal_bound) : NULL;
        sp.end_learnt = s->end_bound ? goal_bound_learnt_copy(s->end_bound) : NULL;
    }
    /* blocks of neighbouring subtrees (split.h), but where the first
     * solutions end the search (MaxSolutions): there the threads all work
     * near the front, where those solutions lie, as one counter has them */
    bool blocks = s->opt->max_solutions <= 0;
    struct split_job job = {.tasks = sp.count, .threads = threads, .blocks = blocks, .ctx = &sp, .run = run_task,
                            .emit = emit_task, .assist = assist_task, .start = start_worker,
                            .finish = k == h->last ? finish_worker : NULL,
                            .prelude = shorter_from > 0 ? search_shorter : NULL};
    h->split = &job;
    if (sp.count > 0 || shorter_from > 0)
        split_run(&job);
    h->split = NULL;
    goal_bound_learnt_free(sp.learnt);
    goal_bound_learnt_free(sp.end_learnt);
    for (int i = 0; i < threads; i++) {
        struct help_worker *w = &sp.workers[i];
        s->nodes += w->s.nodes;
        if (w->s.overflow)
            s->overflow = s->stopped = true;
    }
    for (int i = 0; i < sp.count; i++)
        free(sp.tasks[i].rec.turns);
    free(sp.tasks);
    if (!sp.emitted && !s->stopped) { /* as help_node records its failures */
        struct tt_bounds e;
        tt_get(s->tt, help_key(s), &e);
        e.help_fail |= 1u << k;
        tt_put(s->tt, help_key(s), &e);
    }
}

bool help_split_phase(struct help_run *h, int k)
{
    if (!splittable(h, k) || (k < h->last && h->previous_nodes < HELP_SPLIT_MIN_PREVIOUS_NODES))
        return false;
    split_length(h, k, 0);
    return true;
}

bool help_split_with_shorter(struct help_run *h, int first)
{
    const struct options *o = h->s->opt;
    /* where a shorter length's lines decide whether the last is searched
     * (MaxSolutions, StopOnShortSolutions), the lengths go one by one */
    if (first >= h->last || !splittable(h, h->last) || o->max_solutions > 0 || o->stop_on_short)
        return false;
    /* the tasks' lines are the last length's: solutions, not short ones
     * (search_shorter sends those with a run of its own) */
    h->lines = &h->r->solutions;
    split_length(h, h->last, first);
    return true;
}
