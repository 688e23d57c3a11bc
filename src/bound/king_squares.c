/* A look of the bound at one node: the squares D's king may end on within its
 * turns, tried in turn (the witness, the king's own, the rest) until one is feasible. */
#include "king_squares.h"

#include <assert.h>

#include "a_units.h"
#include "check_lines.h"
#include "d_units.h"
#include "frozen.h"
#include "stalemate.h"
#include "verdict_cache.h"

/* Sets up the node for a look at p: the sides and their turns, A's units
 * listed (list_a_units), D's left to be listed on first use (d_units), *kb
 * D's king's square.  False where the bound does not apply (no cut): D has
 * no king, A's turns go beyond the reach sets, or A has more units than
 * the working memory holds. */
static bool start_look(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A, int a, int d,
                       int *kb)
{
    assert(a >= 1 && d >= 0);
    const struct goal_tables *t = n->t;
    n->listed = false;
    n->A = A;
    n->D = (enum colour)!n->A;
    int king = p->st.king_sq[n->D];
    if (king == SQ_NONE)
        return false;
    n->a = a;
    n->d = d;
    if (n->a > MAX_BUDGET)
        return false; /* far from the goal: the reach sets do not go so far */
    n->need_check = goal == GOAL_MATE;
    n->nd = 0;
    *kb = geo_bit(p->geo, king);
    n->blockers = p->st.occupied[n->D] & ~SET_BIT(*kb);
    /* a stone or relay may end on a flight (RULES 4.2: the king cannot
     * step there); at most one steps per turn of either side (4.1), so
     * within a + d steps */
    n->neutral = 0;
    if (t->rules->goal->neutral_squares)
        t->rules->goal->neutral_squares(p, a + d, &n->neutral);
    n->lines_known = t->lines && t->lines->valid[n->A];
    if (!list_a_units(n, p))
        return false; /* more units than the working memory holds: no cut */
    n->pos = p;
    n->d_placement = p->st.placement ^ n->a_hash; /* before freeze_lines changes a_hash */
    n->nd = -1; /* D's units are listed on first use (d_units) */
    n->listed = true;
    n->lines_clear = -1; /* worked out on first use (lines_clear) */
    if (n->freeze) /* the second look (frozen_fails) */
        freeze_lines(n, p);
    return true;
}

/* The squares of D's king on kb that a look tries after the witness *w and
 * kb itself: those within d turns, the others never being feasible (read
 * off the tables, not by a loop over the whole board); *lookable those
 * within d by kdist, the count that decides a look.  Sets what the squares'
 * verdicts read of D's first turn (d_board, step_attacked), and *w to -1
 * where the witness is not to be tried. */
static square_set other_squares(struct goal_bound *n, const struct position *p, int kb, bool castle,
                                const uint8_t *kdist, int *w, square_set *lookable)
{
    const struct goal_tables *t = n->t;
    square_set reach = SET_BIT(kb);
    *lookable = SET_BIT(kb);
    if (n->d <= MAX_BUDGET) {
        reach |= t->within[n->D][KING][kb][n->d];
        *lookable |= castle ? t->within[n->D][KING][kb][n->d] : t->king_plain_within[n->D][kb][n->d];
    } else {
        for (int i = 0; i < t->squares; i++) {
            reach |= SET_BIT(t->bits[i]);
            if (kdist[t->bits[i]] <= n->d)
                *lookable |= SET_BIT(t->bits[i]);
        }
    }
    square_set others = reach & ~SET_BIT(kb);
    /* D moves first with its one turn (not passing): its king ends where it
     * stands or where one step takes it now, never onto a unit of its own
     * (the lines pair's promise, rules.h), so those squares are never
     * looked at (two half-moves from the end, they are many) */
    bool d_first = n->d == 1 && p->st.side == n->D && !n->passing && n->lines_known;
    n->d_board = d_first && n->few_flights[kb];
    n->step_attacked = d_first;
    n->kb = kb;
    n->board_ready = n->board_on = false;
    if (d_first) {
        others &= ~n->blockers;
        if (*w >= 0 && (n->blockers & SET_BIT(*w)))
            *w = -1;
    }
    if (*w >= 0)
        others &= ~SET_BIT(*w);
    return others;
}

/* Can D's king on square bit s, reached in king_turns of D's turns, be
 * mated (stalemated) within the budgets?  The cheap test first, then the
 * verdict (king_square_verdict), then a check counted for nothing looked
 * at on the board. */
static bool king_square_feasible(struct goal_bound *n, int s, int king_turns)
{
    const struct goal_tables *t = n->t;
    bool need_check = n->need_check && !(n->checked0 & SET_BIT(s));
    if (need_check && !(n->checkable & SET_BIT(s)))
        return false; /* no A unit can give check there in time */
    /* from here on, D's units may matter (goal_bound_turn_idle) */
    n->flights_seen |= t->flights[s];
    if (!d_units(n))
        return true; /* too many to look at: feasible, no cut */
    bool ok = king_square_verdict(n, s, king_turns, need_check);
    /* a check for nothing, looked at on the board; where D passes (its
     * last turn, d 0), the lines looked at go into pass_lines: D's idle
     * turns are skipped only from squares off them (goal_bound_turn_idle).
     * Asked after the verdict: asked before it where the check must be the
     * moving unit's (moved_check_clear alone), it would spare verdicts but
     * cost more than they. */
    if (ok && !need_check && n->need_check && n->a == 1 && (n->d >= 1 || n->passing) && lines_clear(n))
        ok = discovered_check_clear(n, s, king_turns) || moved_check_clear(n, s, king_turns);
    n->board_on = false;
    return ok;
}

/* What one look has found so far, in the order it tries the squares. */
struct look {
    const uint8_t *kdist;  /* D's king's counts from its square */
    square_set excluded;   /* the squares proved above the node */
    struct level *stats;   /* NULL: none kept */
    int8_t *witness;       /* the square found feasible last, plus one */
    bool full;             /* the look goes on past the first feasible square */
    bool any;              /* a feasible square was found */
    square_set proved;     /* the squares proved here */
    square_set skip;       /* the squares excluded above that the look would have met */
    uint32_t skipped;      /* the witness's or the king's square, excluded above */
};

/* Looks at king square s, one of the rest (not the witness, not the
 * king's own square) where `rest`: true when the look stops there. */
static inline __attribute__((always_inline)) bool look_at(struct goal_bound *n, struct look *lk, int s, bool rest)
{
    int turns = s == n->kb ? 0 : lk->kdist[s];
    if (lk->excluded & SET_BIT(s)) { /* the witness or the king's square */
        lk->skipped += turns <= n->d;
        return false;
    }
    bool look = turns <= n->d;
    bool ok = look && king_square_feasible(n, s, turns);
    if (lk->any && lk->stats && look)
        lk->stats->extra++; /* a square looked at past the first feasible one */
    if (!ok) {
        lk->proved |= SET_BIT(s);
        return false;
    }
    if (!lk->any && rest)
        *lk->witness = (int8_t)(s + 1);
    if (!lk->any && !lk->full) /* the look stops here */
        lk->skip &= rest ? SET_BIT(s) - 1 : 0;
    lk->any = true;
    return !lk->full;
}

/* A look's statistics (struct level): the squares it skipped, excluded
 * above, are credited to the level above, which proved most of them. */
static void count_look(struct goal_bound *n, const struct look *lk)
{
    struct level *stats = lk->stats;
    uint32_t skipped = lk->skipped;
    if (lk->skip)
        skipped += (uint32_t)set_count(lk->skip);
    if (stats && stats < &n->learnt.level[LEVELS - 1])
        stats[1].spared += skipped;
    if (stats && stats->extra >= WINDOW) {
        stats->early = stats->spared < stats->extra;
        stats->extra = stats->spared = 0;
    }
}

bool fails_excluding(struct goal_bound *n, const struct position *p, enum goal goal, enum colour A, int a, int d,
                     square_set *excluded, bool read_only, struct level *stats)
{
    int kb;
    if (!start_look(n, p, goal, A, a, d, &kb))
        return false;
    if (goal == GOAL_STALEMATE && (!d_units(n) || (!n->passing && stalemate_mobility_fails(n, p))))
        return n->nd >= 0;
    const struct goal_tables *t = n->t;
    bool castle = position_may_castle(p, n->D);
    struct look lk = {
        .kdist = castle ? t->dist[n->D][KING][kb] : t->king_plain[n->D][kb],
        .excluded = *excluded,
        .stats = stats,
        .witness = &n->learnt.witness[n->A][n->a],
        .full = !read_only && stats && (!stats->early || ++stats->probe % PROBE == 0),
    };
    n->flights_seen = 0;
    int w = *lk.witness - 1; /* stored plus one: 0 is none */
    square_set lookable;
    square_set others = other_squares(n, p, kb, castle, lk.kdist, &w, &lookable);
    /* a square excluded above is not looked at, and counted as skipped
     * (stats) where the look would have met it: before the first feasible
     * square when the look stops there */
    lk.skip = others & lk.excluded & lookable;
    others &= ~lk.excluded;
    /* the witness first, then the king's own square, then the others */
    bool stop = (w >= 0 && look_at(n, &lk, w, false)) || (w != kb && look_at(n, &lk, kb, false));
    for (; !stop && others; others &= others - 1)
        stop = look_at(n, &lk, set_first(others), true);
    count_look(n, &lk);
    if (!read_only)
        *excluded |= lk.proved;
    return !lk.any;
}
