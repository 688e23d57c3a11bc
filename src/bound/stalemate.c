/* Stalemate's own test: D's units that keep a sure turn unless they move,
 * are pinned or taken, or the squares they would go to are filled. */
#include "stalemate.h"

/* Stalemate leaves D no legal turn.  Where the lines pair holds
 * (goal_tables.h), a D unit other than the king that stays on its square
 * keeps each sure turn (sure_step to an empty square, sure_take of an A unit
 * other than the king) whose target square is still empty, or still holds
 * that A unit, at the end, unless it is pinned then, or taken: so in the
 * final position each such unit has moved, or each of those squares holds
 * another unit, or it is pinned or gone.  Moving takes a D turn per unit;
 * each square filled takes a unit arriving there, D's (one per turn) or A's
 * (at most a); a pin takes an A unit that attacks along a line (at most one
 * D unit each: an A unit that checks along a line where it stands, or a
 * pawn that may promote within A's turns) and a capture an A turn.  So with
 * E those pins and captures, the units that neither move nor are exempt (C)
 * must leave at most d + a squares to fill, and the others number at most
 * d + E.  True when no such C exists: then no final position is stalemate. */
#define IMMOBILE_UNITS 24    /* D units the test looks at; with more it cuts nothing */
#define IMMOBILE_STEPS 4096  /* choices it tries before it gives up (no cut) */

struct immobile_search {
    square_set y[IMMOBILE_UNITS];
    int count, fill, steps;
};

/* Whether `need` more of the units from `from` on can join C, whose squares
 * so far are `so_far`, with at most s->fill squares in all. */
static bool immobile_choice(struct immobile_search *s, int from, int need, square_set so_far)
{
    if (need == 0)
        return true;
    for (int u = from; u + need <= s->count; u++) {
        if (++s->steps > IMMOBILE_STEPS)
            return true; /* too long a look: assume a choice exists */
        square_set with = so_far | s->y[u];
        if (set_count(with) <= s->fill && immobile_choice(s, u + 1, need - 1, with))
            return true;
    }
    return false;
}

bool stalemate_mobility_fails(const struct goal_bound *n, const struct position *p)
{
    const struct d_list *const L = n->L;
    const struct goal_lines *lines = n->t->lines;
    if (!lines || !lines->valid[n->A])
        return false;
    const struct geometry *g = p->geo;
    square_set occupied = p->st.occupied[WHITE] | p->st.occupied[BLACK] | p->st.occupied[NEUTRAL];
    int a_king = p->st.king_sq[n->A] == SQ_NONE ? -1 : geo_bit(g, p->st.king_sq[n->A]);
    square_set takeable = p->st.occupied[n->A] & ~(a_king >= 0 ? SET_BIT(a_king) : 0);
    int exempt = n->a;
    for (int u = 0; u < n->na; u++) {
        /* a pinner checks along a line from where it stands, or is a pawn
         * that promotes within A's turns (to any kind: counted as a pinner) */
        int k = n->a_kind[u];
        bool pins = k != KING && lines->line_checks[n->A][k][n->a_bit[u]] != 0;
        for (int i = 1; k == PAWN && !pins && i <= GOAL_PROMOTIONS; i++)
            pins = n->reach[u][i] && n->reach[u][i][n->a] != 0;
        exempt += pins;
    }
    struct immobile_search s = {.fill = n->d + n->a};
    for (int u = 0; u < n->nd; u++) {
        int b = L->d_bit[u], k = L->d_kind[u];
        square_set y = (lines->sure_step[n->D][k][b] & ~occupied) | (lines->sure_take[n->D][k][b] & takeable);
        if (!y)
            continue;
        if (set_count(y) > s.fill)
            y = ~(square_set)0; /* never part of C: keeps the sort short */
        if (s.count == IMMOBILE_UNITS)
            return false;
        /* sorted by size: the smallest sets first */
        int i = s.count++;
        while (i > 0 && set_count(s.y[i - 1]) > set_count(y)) {
            s.y[i] = s.y[i - 1];
            i--;
        }
        s.y[i] = y;
    }
    int need = s.count - (n->d + exempt); /* units that must stay unmoved, their squares filled */
    if (need <= 0)
        return false;
    return !immobile_choice(&s, 0, need, 0);
}
