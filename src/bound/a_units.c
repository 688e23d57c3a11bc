/* The units of A, the side that mates: listed at each look, and what each
 * contributes to denying a square (the flights of D's king). */
#include "a_units.h"

#include <string.h>

#include "../board/zobrist.h"

/* king_far's row for a king of colour c on bit kb, worked out on first use
 * (a king stands on few squares in a search; all rows would cost a bound
 * more than a short helpmate's search).  Apart from king_far_row, which
 * each listing of A's units asks, so that the listing stays short. */
static __attribute__((noinline)) void king_far_work_out(struct goal_bound *n, int c, int kb)
{
    uint8_t *row = n->king_far[c][kb];
    const struct goal_tables *t = n->t;
    uint8_t check[GOAL_NB]; /* the fewest turns to check each square */
    memset(check, GOAL_FAR, sizeof check);
    for (int r = MAX_BUDGET; r >= 0; r--)
        for (square_set q = t->check_within[c][KING][kb][r]; q; q &= q - 1)
            check[set_first(q)] = (uint8_t)r;
    const uint8_t *dd = t->deny_dist[c][KING][kb];
    for (int j = 0; j < t->squares; j++) {
        int s = t->bits[j], m = dd[s] < check[s] ? dd[s] : check[s];
        for (square_set z = t->flights[s]; z; z &= z - 1)
            if (dd[set_first(z)] < m)
                m = dd[set_first(z)];
        row[s] = (uint8_t)m;
    }
    n->king_far_ready[c][kb] = true;
}

/* king_far's row for a king of colour c on bit kb. */
static const uint8_t *king_far_row(struct goal_bound *n, int c, int kb)
{
    if (!n->king_far_ready[c][kb])
        king_far_work_out(n, c, kb);
    return n->king_far[c][kb];
}

/* The fewest turns A unit u needs to deny x (INF beyond a), from the tables. */
static int deny_cost(const struct goal_bound *n, int u, int x)
{
    int c = n->t->deny_dist[n->A][n->a_kind[u]][n->a_bit[u]][x];
    return c <= n->a ? c : INF;
}

/* Target j is square bit x, which A must deny: each unit's count and where
 * each kind serves it.  Where the lines pair holds (rules.h), D's king on s
 * attacks its flights, so A's king cannot end on one of them (zone: the
 * flights and s): it serves the target only from farther away. */
void deny_target(const struct goal_bound *n, struct split *sp, int j, int x, square_set zone)
{
    sets_of(n->deniers[n->A], x, sp->serve[j]);
    for (int u = 0; u < n->na; u++)
        sp->cost[u][j] = deny_cost(n, u, x);
    int k = n->a_king_unit;
    if (!n->lines_known || k < 0)
        return;
    sp->serve[j][KING] &= ~zone;
    sp->cost[k][j] = unit_cost_from(n, k, sp->serve[j], ~(square_set)0);
}

bool list_a_units(struct goal_bound *n, const struct position *p)
{
    const struct goal_tables *t = n->t;
    const struct geometry *g = p->geo;
    n->na = n->capturable = 0;
    n->a_hash = 0;
    n->denied0 = n->checked0 = n->checkable = 0;
    int a_king = p->st.king_sq[n->A] == SQ_NONE ? -1 : geo_bit(g, p->st.king_sq[n->A]);
    n->a_king_unit = -1;
    n->a_king_set = 0;
    n->denied0_no_king = 0;
    for (square_set s = p->st.occupied[n->A]; s; s &= s - 1) {
        int b = set_first(s);
        int k = unit_kind(p->board[geo_square_of_bit(g, b)]);
        if (n->na == MAX_SIDE_UNITS)
            return false;
        int u = n->na++;
        n->a_kind[u] = (uint8_t)k;
        n->a_capturable[u] = b != a_king && !(t->denies[n->A][k][b] & SET_BIT(b));
        n->capturable += n->a_capturable[u];
        /* what it serves where it stands, or where a free move takes it (a
         * castling king: the rook's move pays): the offers count from one
         * turn on */
        n->a_denied[u] = n->stand_denied[n->A][k][b];
        square_set checked = n->stand_checked[n->A][k][b];
        n->a_checked[u] = checked;
        n->checked0 |= checked;
        n->denied0 |= n->a_denied[u];
        if (b == a_king) {
            n->a_king_unit = u;
            n->a_king_set = SET_BIT(b);
            n->a_king_far = king_far_row(n, n->A, b);
        } else {
            n->denied0_no_king |= n->a_denied[u];
        }
        n->a_bit[u] = (uint8_t)b;
        uint64_t z = zobrist_unit(p->board[geo_square_of_bit(g, b)], geo_square_of_bit(g, b));
        n->a_hash ^= z;
        if (b == a_king)
            n->a_king_hash = z;
        int kinds = k == PAWN ? 1 + GOAL_PROMOTIONS : 1;
        for (int i = 0; i < kinds; i++) {
            n->reach[u][i] = goal_within(t, n->A, k, b, i);
            n->row[u][i] = i == 0 ? t->dist[n->A][k][b] : t->promo_dist[n->A][b][i - 1];
        }
        n->checkable |= t->check_within[n->A][k][b][n->a];
    }
    return true;
}
