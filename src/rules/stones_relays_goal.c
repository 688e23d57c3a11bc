/* Goal hooks of Stones & Relays (rules.h, struct goal_hooks): what goal-directed
 * help play may assume of units among stones and relays (RULES 4). */
#include "stones_relays_goal.h"

#include <stdlib.h>

#include "relaxed.h"

/* Stones and relays are never created, captured or removed (RULES 4.2), and
 * only the neutral units move in a step (4.5): the neutral units of the
 * diagram are those of every position of the play.  So the variant
 * (goal_hooks.variant) reads them once:
 *
 * SR_NONE: no stone, no relay.  No turn has a step (4.1), no move crosses a
 *   relay (4.3, 4.4), and what is left is orthodox chess on 8 files and 9
 *   ranks: a king's move ends on a square attacked after it only if nothing
 *   can cure it, since no step can follow (4.1, StrictKing says the same),
 *   castling is orthodox (4.7), pawns promote on the last rank.  The
 *   orthodox relaxations hold, and so do the lines pair's promises.
 * SR_STONES: stones but no relay.  Pieces move as in orthodox chess, stones
 *   blocking them like units (4.2): the orthodox relaxations (on an empty
 *   board) over-approximate them.  The lines pair does not hold: a turn also
 *   steps a stone (4.1), which may open or cut a line, and a stone is a unit
 *   that no capture removes.
 * SR_RELAYS: relays (the relaxation valid on any board, variant 0).  A move
 *   may cross any number of relays (4.3), so a king, queen, rook or knight
 *   may reach (and attack) any square in one turn, a bishop any square of
 *   its colour (each leg of its path is diagonal), a pawn any square ahead
 *   on its own file (4.4: pushes go on straight over relays) and, capturing,
 *   one or two files aside: one square diagonally, or two over a relay.
 *
 * In every variant the king's flights are its neighbours: a neighbour that
 * holds no unit (or a capturable one) and that no piece attacks after the
 * king's move is a legal king move, needing no step (4.1).  A relay next to
 * the king lengthens its step (4.3), giving it more flights than these, only
 * while the relay stays: leaving them out under-approximates the flights.
 * Stones and relays attack nothing (4.2, 4.8): only pieces deny and check. */
enum sr_variant { SR_RELAYS, SR_STONES, SR_NONE };

static bool has_neutral(const struct position *p, enum kind k)
{
    const struct geometry *g = p->geo;
    for (square_set s = p->st.occupied[NEUTRAL]; s; s &= s - 1)
        if (unit_kind(p->board[geo_square_of_bit(g, set_first(s))]) == k)
            return true;
    return false;
}

static unsigned goal_variant(const struct position *p, const int turns[2])
{
    (void)turns; /* neutral units are the diagram's for the whole play */
    if (has_neutral(p, RELAY))
        return SR_RELAYS;
    return p->st.occupied[NEUTRAL] ? SR_STONES : SR_NONE;
}

static void add(const struct geometry *g, int sq, square_set *out)
{
    if (g->on_board[sq])
        *out |= SET_BIT(geo_bit(g, sq));
}

/* Every playing square (of the same colour as sq for a bishop). */
static void whole_board(const struct geometry *g, enum kind k, int sq, square_set *out)
{
    int colour = (g->file_of[sq] + g->rank_of[sq]) & 1;
    for (int x = 0; x < g->squares; x++)
        if (g->on_board[x] && (k != BISHOP || ((g->file_of[x] + g->rank_of[x]) & 1) == colour))
            *out |= SET_BIT(geo_bit(g, x));
}

/* A pawn over relays (RULES 4.4): the squares ahead on its file (pushes,
 * double steps, both over relays), and with `captures` one square
 * diagonally or two (over a relay, en passant included). */
static void relay_pawn(const struct geometry *g, enum colour c, int sq, bool pushes, bool captures,
                       square_set *out)
{
    int fwd = c == WHITE ? g->north : g->south;
    for (int x = sq + fwd; g->on_board[x]; x += fwd)
        if (pushes)
            add(g, x, out);
    if (!captures)
        return;
    for (int e = -1; e <= 1; e += 2) {
        int diag = fwd + e * g->east;
        if (g->on_board[sq + diag]) {
            add(g, sq + diag, out);
            add(g, sq + 2 * diag, out);
        }
    }
}

static void relay_powers(const struct position *p, enum colour c, enum kind k, int sq, bool pushes, bool captures,
                         square_set *out)
{
    *out = 0;
    if (k == PAWN)
        relay_pawn(p->geo, c, sq, pushes, captures, out);
    else if (k >= KING && k <= KNIGHT)
        whole_board(p->geo, k, sq, out);
}

static void goal_reach(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant, square_set *out)
{
    if (variant == SR_RELAYS)
        relay_powers(p, c, k, sq, true, true, out);
    else
        relaxed_orthodox_reach(p, c, k, sq, variant, out);
}

static void goal_reach_quiet(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                             square_set *out)
{
    if (variant == SR_RELAYS)
        relay_powers(p, c, k, sq, true, k != PAWN, out);
    else
        relaxed_orthodox_reach_quiet(p, c, k, sq, variant, out);
}

/* Every piece may be captured (RULES 4.2: only stones and relays may not),
 * so a piece denies what it attacks; a pawn attacks only where it captures. */
static void goal_denies(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                        square_set *out)
{
    if (variant == SR_RELAYS)
        relay_powers(p, c, k, sq, false, true, out);
    else
        relaxed_orthodox_attacks(p, c, k, sq, variant, out);
}

/* Without relays a king never checks: it would stand next to the enemy
 * king, which attacks it (RULES 0, 4.1).  Over relays the relaxation keeps
 * the king's checks. */
static void goal_checks(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                        square_set *out)
{
    if (k == KING && variant != SR_RELAYS)
        *out = 0;
    else
        goal_denies(p, c, k, sq, variant, out);
}

/* The squares a stone or relay may stand on after at most `steps` more
 * turns (goal_hooks.neutral_squares).  Each turn steps at most one stone or
 * relay (RULES 4.1), one square orthogonally, or two when the step goes on
 * over a relay (4.5): so no neutral unit ends farther than `steps` (twice
 * that with relays) from its square, counted in orthogonal squares. */
static void goal_neutral_squares(const struct position *p, int steps, square_set *out)
{
    const struct geometry *g = p->geo;
    *out = 0;
    if (!p->st.occupied[NEUTRAL])
        return;
    int far = has_neutral(p, RELAY) ? 2 * steps : steps;
    for (square_set s = p->st.occupied[NEUTRAL]; s; s &= s - 1) {
        int sq = geo_square_of_bit(g, set_first(s));
        for (int x = 0; x < g->squares; x++)
            if (g->on_board[x] &&
                abs(g->file_of[x] - g->file_of[sq]) + abs(g->rank_of[x] - g->rank_of[sq]) <= far)
                *out |= SET_BIT(geo_bit(g, x));
    }
}

/* The pair's promises hold only where no stone or relay is on the board
 * (SR_NONE: orthodox chess on 8 x 9). */
static bool goal_lines_hold(unsigned variant, enum colour c)
{
    (void)c;
    return variant == SR_NONE;
}

const struct goal_hooks stones_relays_goal = {
    .reach = goal_reach,
    .reach_quiet = goal_reach_quiet,
    .free_reach = relaxed_castling,
    .denies = goal_denies,
    .checks = goal_checks,
    .flights = relaxed_neighbours,
    .promotes = relaxed_promotes_on_last_rank,
    .variant = goal_variant,
    .sure_moves = relaxed_orthodox_sure_moves,
    .attack_line = relaxed_orthodox_attack_line,
    .lines_hold = goal_lines_hold,
    .neutral_squares = goal_neutral_squares,
};
