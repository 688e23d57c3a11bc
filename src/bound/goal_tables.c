/* Builds the move-count tables of goal_tables.h by breadth-first search over
 * each rule set's relaxed move graph, once per rule set and switches. */
#include "goal_tables.h"

#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../rules/rules.h"

#define GOAL_CACHE 32 /* rule set, switch and variant combinations kept at once */

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct goal_tables *cache[GOAL_CACHE];

/* One move graph: for each state, the states one turn (or a free move) away. */
struct graph {
    square_set step[KIND_COUNT][GOAL_NB], free_step[KIND_COUNT][GOAL_NB];
};

/* Counts go by kind slot (goal_tables.h GOAL_SLOTS): slot 0 the unit's own
 * kind, 1..4 promotion_kinds. */

/* The fewest turns from `start` to each square for a kind that no move
 * changes (not a pawn): layer by layer over square sets, each layer closed
 * under free moves first (a 0-1 search's counts, set by set rather than
 * state by state, which would be much of the tables' build). */
static void bfs_sets(const struct graph *gr, enum kind k, int start, bool use_free, uint8_t out[GOAL_SLOTS][GOAL_NB])
{
    memset(out, GOAL_FAR, sizeof(uint8_t) * GOAL_SLOTS * GOAL_NB);
    square_set seen = SET_BIT(start), layer = seen;
    for (int d = 0; layer; d++) {
        for (square_set todo = use_free ? layer : 0; todo;) {
            square_set more = 0;
            for (square_set q = todo; q; q &= q - 1)
                more |= gr->free_step[k][set_first(q)];
            todo = more & ~seen;
            seen |= todo;
            layer |= todo;
        }
        uint8_t count = (uint8_t)(d < GOAL_FAR ? d : GOAL_FAR - 1);
        square_set next = 0;
        for (square_set q = layer; q; q &= q - 1) {
            int b = set_first(q);
            out[0][b] = count;
            next |= gr->step[k][b];
        }
        layer = next & ~seen;
        seen |= layer;
    }
}

/* The same for a pawn (which has no free moves, rules.h free_reach), in
 * slot 0 as a pawn and in slots 1.. as each promotion kind: its own moves
 * layer by layer over square sets (a move onto a promotion square promotes
 * there), then each promoted kind's count is the cheapest arrival on a
 * promotion square plus that kind's count from there (t->dist, already
 * built: the promoted kinds share the graph's other steps), rather than a
 * search of the promoted kinds state by state, which would be most of the
 * tables' build. */
static void pawn_bfs(const struct goal_tables *t, const struct graph *gr, enum colour c, int start,
                     square_set promotion, uint8_t out[GOAL_SLOTS][GOAL_NB])
{
    memset(out, GOAL_FAR, sizeof(uint8_t) * GOAL_SLOTS * GOAL_NB);
    int arrive[GOAL_NB];
    square_set arrived = 0, seen = SET_BIT(start), layer = seen;
    for (int d = 0; layer; d++) {
        square_set next = 0;
        for (square_set q = layer; q; q &= q - 1) {
            int b = set_first(q);
            out[0][b] = (uint8_t)(d < GOAL_FAR ? d : GOAL_FAR - 1);
            next |= gr->step[PAWN][b];
        }
        for (square_set q = next & promotion & ~arrived; q; q &= q - 1)
            arrive[set_first(q)] = d + 1;
        arrived |= next & promotion;
        layer = next & ~promotion & ~seen;
        seen |= layer;
    }
    /* a promotion square's whole row at a time, over every bit index
     * (t->dist is GOAL_FAR off the playing area), without branches (rather
     * than target by target, over the promotion squares); the bound in a
     * local: a store through a byte pointer may change any object, t->nb
     * too, which would make it read at every step and keep the loop from
     * being vectorised */
    const int nb = t->nb;
    for (int s = 1; s < GOAL_SLOTS; s++) {
        int kind = promotion_kinds[s - 1];
        uint8_t *o = out[s];
        for (square_set q = arrived; q; q &= q - 1) {
            int x = set_first(q);
            /* ax + row[b], capped at GOAL_FAR - 1 as bfs caps, in bytes:
             * a row entry above `room` reaches the cap */
            const uint8_t cap = GOAL_FAR - 1;
            uint8_t ax = (uint8_t)(arrive[x] < cap ? arrive[x] : cap), room = (uint8_t)(cap - ax);
            const uint8_t *row = t->dist[c][kind][x];
            for (int b = 0; b < nb; b++) {
                uint8_t r = row[b];
                uint8_t v = r == GOAL_FAR ? GOAL_FAR : r > room ? cap : (uint8_t)(r + ax);
                o[b] = v < o[b] ? v : o[b];
            }
        }
    }
}

/* The tables a node looks up (goal_tables.h), from the counts.  The deny
 * counts go layer by layer (the squares first reached in n turns deny the
 * union of their sets), the few counts beyond the budget square by square.
 * squares and bits: t's, in build_colour's locals. */
static void derive(struct goal_tables *t, enum colour c, int squares, const uint8_t bits[GOAL_NB])
{
    for (int i = 0; i < squares; i++) {
        int a = bits[i];
        square_set *w = t->king_plain_within[c][a];
        for (int j = 0; j < squares; j++) {
            int q = bits[j];
            if (t->king_plain[c][a][q] <= GOAL_BUDGET)
                w[t->king_plain[c][a][q]] |= SET_BIT(q);
        }
        for (int n = 1; n <= GOAL_BUDGET; n++)
            w[n] |= w[n - 1];
    }
    memset(t->deny_dist[c], GOAL_FAR, sizeof t->deny_dist[c]);
    for (int k = KING; k <= PAWN; k++)
        for (int i = 0; i < squares; i++) {
            int a = bits[i];
            int slots = k == PAWN ? GOAL_SLOTS : 1;
            uint8_t *deny = t->deny_dist[c][k][a];
            for (int s = 0; s < slots; s++) {
                const uint8_t *dist = s == 0 ? t->dist[c][k][a] : t->promo_dist[c][a][s - 1];
                int kind = s == 0 ? k : (int)promotion_kinds[s - 1];
                square_set *w = s == 0 ? t->within[c][k][a] : t->promo_within[c][a][s - 1];
                for (int j = 0; j < squares; j++) {
                    int q = bits[j];
                    if (dist[q] <= GOAL_BUDGET) {
                        w[dist[q]] |= SET_BIT(q);
                    } else if (dist[q] < GOAL_FAR) {
                        for (square_set d = t->denies[c][kind][q]; d; d &= d - 1) {
                            int b = set_first(d);
                            if (dist[q] < deny[b])
                                deny[b] = dist[q];
                        }
                    }
                }
                /* a square denied at n is denied at every count above:
                 * each is set once, at its first (seen) */
                square_set seen = 0;
                for (int n = 0; n <= GOAL_BUDGET; n++) {
                    square_set denied = 0, checks = 0;
                    for (square_set q = w[n]; q; q &= q - 1) {
                        denied |= t->denies[c][kind][set_first(q)];
                        checks |= t->checks[c][kind][set_first(q)];
                    }
                    for (square_set d = denied & ~seen; d; d &= d - 1)
                        if (n < deny[set_first(d)])
                            deny[set_first(d)] = (uint8_t)n;
                    seen |= denied;
                    if (n)
                        w[n] |= w[n - 1];
                    t->check_within[c][k][a][n] |= checks | (n ? t->check_within[c][k][a][n - 1] : 0);
                }
            }
        }
}

/* Whether goal_lines are wanted, and for which mating colours. */
static bool lines_wanted(unsigned variant, const struct position *p, bool valid[2])
{
    const struct goal_hooks *h = p->rules->goal;
    if (!h->sure_moves || !h->attack_line)
        return false;
    for (int c = 0; c < 2; c++)
        valid[c] = !h->lines_hold || h->lines_hold(variant, (enum colour)c);
    return valid[WHITE] || valid[BLACK];
}

/* The sure moves and attack lines of goal_lines of colour c, from the hooks. */
static void build_lines(struct goal_lines *l, const struct goal_tables *t, const struct position *p, enum colour c)
{
    const struct goal_hooks *h = p->rules->goal;
    const struct geometry *g = p->geo;
    for (int k = KING; k <= PAWN; k++)
        for (int i = 0; i < t->squares; i++) {
            int a = t->bits[i], sq = geo_square_of_bit(g, a);
            h->sure_moves(p, c, (enum kind)k, sq, true, &l->sure_take[c][k][a]);
            h->sure_moves(p, c, (enum kind)k, sq, false, &l->sure_step[c][k][a]);
            for (int j = 0; j < t->squares; j++) {
                int b = t->bits[j];
                h->attack_line(p, c, (enum kind)k, sq, geo_square_of_bit(g, b), &l->line[c][k][a][b]);
                if (l->line[c][k][a][b] && (t->checks[c][k][a] & SET_BIT(b)))
                    l->line_checks[c][k][a] |= SET_BIT(b);
            }
        }
}

/* The tables of one colour: every part of them reads only that colour's
 * (and the squares'). */
struct colour_build {
    struct goal_tables *t;
    struct goal_lines *l; /* NULL: none wanted */
    const struct position *p;
    enum colour c;
    bool ok;
};

/* The hooks' sets of colour c on every square: the move graph (gr) and its
 * quiet copy (a pawn's captures left out; promoted units as before), and
 * the tables' deny and check sets (and the flights, with White's). */
static void read_hooks(struct goal_tables *t, const struct position *p, enum colour c, int squares,
                       const uint8_t bits[GOAL_NB], struct graph *gr, struct graph *quiet)
{
    const struct goal_hooks *h = p->rules->goal;
    const struct geometry *g = p->geo;
    const unsigned v = t->variant;
    for (int i = 0; i < squares; i++) {
        int b = bits[i], sq = geo_square_of_bit(g, b);
        for (int k = KING; k <= PAWN; k++) {
            h->reach(p, c, (enum kind)k, sq, v, &gr->step[k][b]);
            h->free_reach(p, c, (enum kind)k, sq, &gr->free_step[k][b]);
            h->denies(p, c, (enum kind)k, sq, v, &t->denies[c][k][b]);
            h->checks(p, c, (enum kind)k, sq, v, &t->checks[c][k][b]);
        }
        if (c == WHITE) /* the squares' own: built once, with White's */
            h->flights(p, sq, &t->flights[b]);
    }
    *quiet = *gr;
    if (h->reach_quiet)
        for (int i = 0; i < squares; i++) {
            int b = bits[i];
            h->reach_quiet(p, c, PAWN, geo_square_of_bit(g, b), v, &quiet->step[PAWN][b]);
        }
}

/* The counts of colour c from every square (dist, promo_dist, any_dist,
 * pawn_quiet, king_plain), by the graphs: the kinds no move changes first,
 * since a pawn's counts after promotion are read from theirs (pawn_bfs). */
static void count_all(struct goal_tables *t, const struct position *p, enum colour c, int squares,
                      const uint8_t bits[GOAL_NB], const struct graph *gr, const struct graph *quiet)
{
    const struct goal_hooks *h = p->rules->goal;
    const struct geometry *g = p->geo;
    memset(t->dist[c], GOAL_FAR, sizeof t->dist[c]);
    memset(t->promo_dist[c], GOAL_FAR, sizeof t->promo_dist[c]);
    memset(t->any_dist[c], GOAL_FAR, sizeof t->any_dist[c]);
    memset(t->king_plain[c], GOAL_FAR, sizeof t->king_plain[c]);
    memset(t->pawn_quiet[c], GOAL_FAR, sizeof t->pawn_quiet[c]);
    uint8_t out[GOAL_SLOTS][GOAL_NB];
    for (int i = 0; i < squares; i++) /* pawn_bfs relies on it (rules.h) */
        assert(gr->free_step[PAWN][bits[i]] == 0);
    square_set promotion = 0;
    for (int i = 0; i < squares; i++)
        if (h->promotes(p, c, geo_square_of_bit(g, bits[i])))
            promotion |= SET_BIT(bits[i]);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < squares; i++) {
            int a = bits[i];
            for (int k = pass ? PAWN : KING; k <= (pass ? PAWN : PAWN - 1); k++) {
                if (k != PAWN)
                    bfs_sets(gr, (enum kind)k, a, true, out);
                else
                    pawn_bfs(t, gr, c, a, promotion, out);
                for (int j = 0; j < squares; j++) {
                    int b = bits[j];
                    uint8_t best = out[0][b];
                    t->dist[c][k][a][b] = out[0][b];
                    for (int s = 1; s < GOAL_SLOTS; s++) {
                        if (k == PAWN)
                            t->promo_dist[c][a][s - 1][b] = out[s][b];
                        if (out[s][b] < best)
                            best = out[s][b];
                    }
                    t->any_dist[c][k][a][b] = best;
                }
            }
            if (!pass)
                continue;
            pawn_bfs(t, quiet, c, a, promotion, out);
            for (int j = 0; j < squares; j++) {
                int b = bits[j];
                uint8_t best = out[0][b];
                for (int s = 1; s < GOAL_SLOTS; s++)
                    if (out[s][b] < best)
                        best = out[s][b];
                t->pawn_quiet[c][a][b] = best;
            }
            bfs_sets(gr, KING, a, false, out);
            for (int j = 0; j < squares; j++)
                t->king_plain[c][a][bits[j]] = out[0][bits[j]];
        }
}

/* What the counts of colour c allow a node to skip (goal_tables.h
 * symmetric, here_only), read off every pair of squares once. */
static void note_shapes(struct goal_tables *t, enum colour c, int squares, const uint8_t bits[GOAL_NB])
{
    for (int k = KING; k < KIND_COUNT; k++) {
        bool same = k < PAWN, here = true;
        for (int i = 0; i < squares && (same || here); i++)
            for (int j = 0; j < squares; j++) {
                int a = bits[i], b = bits[j];
                same = same && t->any_dist[c][k][a][b] == t->any_dist[c][k][b][a] &&
                       t->any_dist[c][k][a][b] == t->dist[c][k][a][b];
                if (a == b || !here)
                    continue;
                here = t->dist[c][k][a][b] != 0 && t->any_dist[c][k][a][b] != 0;
                for (int s = 0; k == PAWN && s < GOAL_PROMOTIONS && here; s++)
                    here = t->promo_dist[c][a][s][b] != 0;
                if (k == PAWN && here)
                    here = t->pawn_quiet[c][a][b] != 0;
            }
        t->symmetric[c][k] = same;
        t->here_only[c][k] = here;
    }
}

static void build_colour(struct colour_build *cb)
{
    struct goal_tables *t = cb->t;
    const struct position *p = cb->p;
    const enum colour c = cb->c;
    /* the squares in locals, also the steps': the byte stores in them may
     * change any object (pawn_bfs says why that matters) */
    const int squares = t->squares;
    uint8_t bits[GOAL_NB];
    memcpy(bits, t->bits, sizeof bits);
    struct graph *gr = calloc(1, sizeof *gr), *quiet = calloc(1, sizeof *quiet);
    cb->ok = gr && quiet;
    if (!cb->ok) {
        free(gr);
        free(quiet);
        return;
    }
    read_hooks(t, p, c, squares, bits, gr, quiet);
    count_all(t, p, c, squares, bits, gr, quiet);
    free(gr);
    free(quiet);
    note_shapes(t, c, squares, bits);
    derive(t, c, squares, bits);
    if (cb->l)
        build_lines(cb->l, t, p, c);
}

/* The tables and their lines in one piece of memory: on huge pages, one
 * rounding up to the page size for both (memory.h). */
struct table_block {
    struct goal_tables t;
    struct goal_lines l;
};

/* Without lines, the block ends with the tables: a huge page is not taken
 * for the lines' part. */
static size_t block_size(bool lines) { return lines ? sizeof(struct table_block) : offsetof(struct table_block, l); }

/* The colours one after the other on the caller's thread: a second thread
 * would take longer, its start and its page faults in the shared block
 * costing more than the half of the work it takes over. */
static struct goal_tables *build(const struct position *p, unsigned v)
{
    const struct geometry *g = p->geo;
    bool valid[2];
    bool wanted = lines_wanted(v, p, valid);
    struct table_block *block = memory_table_new(block_size(wanted));
    if (!block)
        return NULL;
    struct goal_tables *t = &block->t;
    t->rules = p->rules;
    t->switches = p->switches;
    t->variant = v;
    for (int sq = 0; sq < g->squares; sq++)
        if (g->on_board[sq]) {
            int b = geo_bit(g, sq);
            assert(b >= 0 && b < GOAL_NB);
            t->bits[t->squares++] = (uint8_t)b;
            if (b + 1 > t->nb)
                t->nb = b + 1;
        }
    struct goal_lines *l = NULL;
    if (wanted) {
        l = &block->l;
        l->valid[WHITE] = valid[WHITE];
        l->valid[BLACK] = valid[BLACK];
    }
    struct colour_build cb[2] = {{.t = t, .l = l, .p = p, .c = WHITE}, {.t = t, .l = l, .p = p, .c = BLACK}};
    build_colour(&cb[WHITE]);
    build_colour(&cb[BLACK]);
    if (!cb[WHITE].ok || !cb[BLACK].ok) {
        memory_table_free(block, block_size(wanted));
        return NULL;
    }
    t->lines = l;
    return t;
}

const struct goal_tables *goal_tables_get(const struct position *p) { return goal_tables_get_variant(p, 0); }

const struct goal_tables *goal_tables_get_variant(const struct position *p, unsigned variant)
{
    if (!p->rules->goal)
        return NULL;
    assert(variant < GOAL_VARIANTS);
    pthread_mutex_lock(&cache_lock);
    struct goal_tables *found = NULL;
    int i = 0;
    for (; i < GOAL_CACHE && cache[i]; i++)
        if (cache[i]->rules == p->rules && cache[i]->switches == p->switches &&
            cache[i]->variant == variant) {
            found = cache[i];
            break;
        }
    /* a full cache falls back to the variant valid everywhere, then to the
     * plain search, rather than building tables per solve */
    if (!found && i < GOAL_CACHE)
        found = cache[i] = build(p, variant);
    pthread_mutex_unlock(&cache_lock);
    if (!found && variant != 0)
        return goal_tables_get_variant(p, 0);
    return found;
}

struct goal_tables *goal_tables_build(const struct position *p, unsigned variant)
{
    assert(variant < GOAL_VARIANTS);
    return p->rules->goal ? build(p, variant) : NULL;
}

void goal_tables_free(struct goal_tables *t)
{
    if (!t)
        return;
    memory_table_free(t, block_size(t->lines != NULL)); /* t is its block's start */
}
