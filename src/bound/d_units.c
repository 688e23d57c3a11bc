/* The units of D, the side to be mated: listed once per placement of them,
 * and read off the board where D's one turn may block its king's flights. */
#include "d_units.h"

#include <assert.h>
#include <string.h>

#include "../board/zobrist.h"

#define MOVER 0x243f6a8885a308d3ull /* board_blocks: a mover of D's keyed by kind and moves */

/* The list i places after the one in use, in turn (0: that one, without
 * the division a pointer difference costs: d_units asks it at every look). */
static struct d_list *list_after(struct goal_bound *n, int i)
{
    return i == 0 ? n->L : &n->lists[(n->L - n->lists + i) % D_LISTS];
}

bool d_units(struct goal_bound *n)
{
    if (n->nd >= 0)
        return true;
    /* the same units as listed in one of the lists, the one in use first
     * (their hash: 64 bits, as every key here): that list stands as it is */
    for (int i = 0; i < D_LISTS; i++) {
        struct d_list *l = list_after(n, i);
        if (l->listed_colour == n->D && l->listed_nd >= 0 && l->listed_placement == n->d_placement) {
            n->L = l;
            n->nd = l->listed_nd;
            return true;
        }
    }
    /* listed anew in the next list in turn, the one in use kept for the
     * siblings after A's other turns (whatever changed the units: most
     * often A took a unit of D's); an entry as it stands in that list
     * keeps its hash, and the list its counts where every entry does */
    struct d_list *const L = n->L = list_after(n, 1);
    const struct position *p = n->pos;
    int nd = 0;
    bool same_colour = L->listed_colour == n->D, same = same_colour;
    unsigned kinds = 0;
    for (square_set s = n->blockers; s; s &= s - 1) {
        int b = set_first(s);
        if (nd == MAX_SIDE_UNITS) { /* the entries are overwritten: nothing listed */
            L->listed_nd = -1;
            return false;
        }
        int sq = geo_square_of_bit(p->geo, b);
        uint8_t k = (uint8_t)unit_kind(p->board[sq]);
        L->d_index[b] = (uint8_t)nd;
        kinds |= 1u << k;
        if (same_colour && nd < L->listed_nd && L->d_kind[nd] == k && L->d_bit[nd] == b) {
            nd++;
            continue;
        }
        same = false;
        L->d_kind[nd] = k;
        L->d_hash[nd] = zobrist_unit(p->board[sq], sq);
        L->d_bit[nd++] = (uint8_t)b;
    }
    same &= nd == L->listed_nd;
    if (!same && ++L->stamp == 0) { /* wrapped: forget every remembered count */
        memset(L->block_stamp, 0, sizeof L->block_stamp);
        memset(L->d_part_stamp, 0, sizeof L->d_part_stamp);
        L->reach_stamp = 0;
        L->reach_ready = 0;
        L->stamp = 1;
    }
    L->d_here = (kinds & ~n->here_kinds[n->D]) == 0;
    L->listed_colour = n->D;
    L->listed_placement = n->d_placement;
    L->listed_nd = n->nd = nd;
    return true;
}

/* Where D is to move with its one turn and A's last follows (d_board), the
 * units of D's that can move onto each open flight of its king's own
 * square in that turn on this board (with the lines pair, rules.h, whose
 * promise a turn keeps: it moves one unit, over the squares of its attack
 * line alone, never onto a unit of its own): one the tables reach in one
 * turn with its attack line empty; a pawn by a quiet move onto an empty
 * square (a double step's first square not asked), by a capture onto a
 * unit of A's or the en passant square (any unit of A's it reaches in one
 * turn is let: an over-approximation, as is a unit that cannot take being
 * let onto one); as the tables count, only a pawn's capture is no quiet
 * move (block_cost's quiet count).  With it, verdict_key's share of D's
 * units: those standing on a flight and those moving onto one, each with
 * where it moves (board_part); a verdict reads no other unit's count
 * (d_board_count gives every other two or more, beyond D's one turn).  A
 * mover standing on no flight is read only through those moves, its kind
 * and its count of one to each flight it reaches (any other count of its
 * is two or more, as good as none: block_cost, allowed_block_cost, the
 * disturbers' near units and match_blocks compare them with d, which is
 * one), so such movers but pawns (whose kinds on arrival depend on where
 * they start) and units with a free move (a count of 0 elsewhere: not
 * here_only) are keyed as a multiset of kind and moves, not by square, so
 * that positions in which such movers stand elsewhere share verdicts. */
void board_blocks(struct goal_bound *n)
{
    struct d_list *const L = n->L;
    const struct goal_tables *t = n->t;
    const struct position *p = n->pos;
    if (L->pairs_stamp != L->stamp || L->pairs_kb != n->kb) { /* the open flights and who may reach them */
        L->pairs_stamp = L->stamp;
        L->pairs_kb = n->kb;
        square_set flights = t->flights[n->kb], open = flights & ~n->blockers;
        for (int j = 0; j < L->nflights; j++)
            L->open_at[L->open[j]] = -1;
        /* the open flights first, then those a unit of D's holds: no other
         * unit of D's moves onto one in D's turn (open_one, open_quiet 0) */
        L->nflights = 0;
        for (square_set f = open; f; f &= f - 1) {
            assert(L->nflights < OPEN_FLIGHTS);
            L->open_at[set_first(f)] = (int8_t)L->nflights;
            L->open[L->nflights++] = (uint8_t)set_first(f);
        }
        L->nopen = L->nflights;
        /* D's units on a flight: the list's units are the blockers
         * (d_units), found by square, not by a loop over every unit */
        L->stand = 0;
        for (square_set f = flights & n->blockers; f; f &= f - 1) {
            assert(L->nflights < OPEN_FLIGHTS);
            L->open_at[set_first(f)] = (int8_t)L->nflights;
            L->open_one[L->nflights] = L->open_quiet[L->nflights] = 0;
            L->open[L->nflights++] = (uint8_t)set_first(f);
            L->stand |= (uint64_t)1 << L->d_index[set_first(f)];
        }
        L->npairs = 0;
        L->watch = open;
        L->watched_ep = -2; /* nothing read yet */
        for (int w = 0; w < n->nd; w++) {
            int k = L->d_kind[w], b = L->d_bit[w];
            if (!((k == PAWN ? n->pawn_within[n->D][b][1] : t->within[n->D][k][b][1]) & open))
                continue; /* near no open flight */
            for (int j = 0; j < L->nopen; j++)
                if (t->any_dist[n->D][k][b][L->open[j]] == 1) {
                    if (k != PAWN)
                        L->watch |= t->lines->line[n->D][k][b][L->open[j]];
                    L->pair_unit[L->npairs] = (uint8_t)w;
                    L->pair_flight[L->npairs++] = (uint8_t)j;
                }
        }
    }
    square_set theirs = p->st.occupied[n->A];
    square_set occupied = p->st.occupied[WHITE] | p->st.occupied[BLACK] | p->st.occupied[NEUTRAL];
    int ep = p->st.ep_sq == SQ_NONE ? -1 : geo_bit(p->geo, p->st.ep_sq);
    n->board_ready = true;
    if (ep == L->watched_ep && (occupied & L->watch) == L->watched && (theirs & L->watch) == L->watched_theirs)
        return;
    L->watched_ep = ep;
    L->watched = occupied & L->watch;
    L->watched_theirs = theirs & L->watch;
    for (int j = 0; j < L->nopen; j++)
        L->open_one[j] = L->open_quiet[j] = 0;
    uint64_t code[MAX_SIDE_UNITS], coded = 0;
    for (int i = 0; i < L->npairs; i++) {
        int w = L->pair_unit[i], j = L->pair_flight[i], x = L->open[j];
        int k = L->d_kind[w], b = L->d_bit[w];
        bool empty = !(occupied & SET_BIT(x)), one = false, quiet = false;
        if (k != PAWN) /* what the tables count without capture is a pawn's */
            one = quiet = !(t->lines->line[n->D][k][b][x] & occupied);
        else if ((theirs & SET_BIT(x)) || (empty && x == ep))
            one = true;
        else if (empty && t->pawn_quiet[n->D][b][x] == 1)
            one = quiet = true;
        if (!one)
            continue;
        L->open_one[j] |= (uint64_t)1 << w;
        L->open_quiet[j] |= (uint64_t)quiet << w;
        if (!(coded >> w & 1)) {
            coded |= (uint64_t)1 << w;
            code[w] = 0;
        }
        code[w] |= (uint64_t)1 << j | (uint64_t)quiet << (OPEN_FLIGHTS + j);
    }
    uint64_t part = 0, movers = 0;
    for (uint64_t m = coded | L->stand; m; m &= m - 1) {
        int w = __builtin_ctzll(m);
        int k = L->d_kind[w];
        if (!(L->stand >> w & 1) && k != PAWN && t->here_only[n->D][k]) /* a sum: two alike do not cancel */
            movers += zobrist_mix(code[w] ^ (uint64_t)k << 40 ^ MOVER);
        else
            part ^= L->d_hash[w] ^ (coded >> w & 1 ? zobrist_mix(code[w]) : 0);
    }
    L->board_part = part ^ zobrist_mix(movers);
}
