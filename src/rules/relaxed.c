/* Over-approximated powers of orthodox units on an empty board, shared by the
 * goal hooks of orthodox chess and Knight relay; see relaxed.h. */
#include "relaxed.h"

#include "rules.h"

static void add(const struct geometry *g, int sq, square_set *out)
{
    if (g->on_board[sq])
        *out |= SET_BIT(geo_bit(g, sq));
}

/* One step in each direction (a leap for a knight's). */
static void steps(const struct geometry *g, int sq, const int *dirs, int n, square_set *out)
{
    for (int i = 0; i < n; i++)
        add(g, sq + dirs[i], out);
}

static void lines(const struct geometry *g, int sq, const int *dirs, int n, square_set *out)
{
    for (int i = 0; i < n; i++)
        for (int s = sq + dirs[i]; g->on_board[s]; s += dirs[i])
            *out |= SET_BIT(geo_bit(g, s));
}

static void piece_powers(const struct geometry *g, enum kind k, int sq, square_set *out)
{
    switch (k) {
    case KING: steps(g, sq, g->queen_dirs, 8, out); break;
    case QUEEN: lines(g, sq, g->queen_dirs, 8, out); break;
    case ROOK: lines(g, sq, g->rook_dirs, 4, out); break;
    case BISHOP: lines(g, sq, g->bishop_dirs, 4, out); break;
    case KNIGHT: steps(g, sq, g->knight_leaps, 8, out); break;
    default: break;
    }
}

void relaxed_orthodox_attacks(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                              square_set *out)
{
    (void)variant; /* orthodox powers are the same in every variant */
    const struct geometry *g = p->geo;
    *out = 0;
    if (k != PAWN) {
        piece_powers(g, k, sq, out);
        return;
    }
    int fwd = c == WHITE ? g->north : g->south;
    add(g, sq + fwd + g->east, out);
    add(g, sq + fwd + g->west, out);
}

/* Every unit moves where it attacks; a pawn also pushes (RULES 0, 1). */
void relaxed_orthodox_reach(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                            square_set *out)
{
    const struct geometry *g = p->geo;
    relaxed_orthodox_attacks(p, c, k, sq, variant, out);
    if (k != PAWN)
        return;
    int fwd = c == WHITE ? g->north : g->south;
    add(g, sq + fwd, out);
    int second = c == WHITE ? 1 : g->ranks - 2;
    if (g->rank_of[sq] == second)
        add(g, sq + 2 * fwd, out);
}

void relaxed_orthodox_reach_quiet(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                                  square_set *out)
{
    const struct geometry *g = p->geo;
    if (k != PAWN) {
        relaxed_orthodox_attacks(p, c, k, sq, variant, out);
        return;
    }
    *out = 0;
    int fwd = c == WHITE ? g->north : g->south;
    add(g, sq + fwd, out);
    int second = c == WHITE ? 1 : g->ranks - 2;
    if (g->rank_of[sq] == second)
        add(g, sq + 2 * fwd, out);
}

void relaxed_castling(const struct position *p, enum colour c, enum kind k, int sq, square_set *out)
{
    *out = 0;
    if (k != KING || !p->rules->castling || sq != castling_king_home(p, c))
        return;
    add(p->geo, sq + 2 * p->geo->east, out);
    add(p->geo, sq + 2 * p->geo->west, out);
}

void relaxed_neighbours(const struct position *p, int sq, square_set *out)
{
    *out = 0;
    piece_powers(p->geo, KING, sq, out);
}

/* One step along a line goes to a neighbour with no square between, and a
 * leap has none: no unit can stand in the way (RULES 0). */
void relaxed_orthodox_sure_moves(const struct position *p, enum colour c, enum kind k, int sq, bool capture,
                                 square_set *out)
{
    const struct geometry *g = p->geo;
    *out = 0;
    switch (k) {
    case QUEEN: steps(g, sq, g->queen_dirs, 8, out); break;
    case ROOK: steps(g, sq, g->rook_dirs, 4, out); break;
    case BISHOP: steps(g, sq, g->bishop_dirs, 4, out); break;
    case KNIGHT: steps(g, sq, g->knight_leaps, 8, out); break;
    case PAWN: {
        int fwd = c == WHITE ? g->north : g->south;
        if (capture) {
            add(g, sq + fwd + g->east, out);
            add(g, sq + fwd + g->west, out);
        } else {
            add(g, sq + fwd, out);
        }
        break;
    }
    default: break; /* a king may not step into check: none of its moves is sure */
    }
}

static bool is_dir(const int *dirs, int n, int d)
{
    for (int i = 0; i < n; i++)
        if (dirs[i] == d)
            return true;
    return false;
}

void relaxed_orthodox_attack_line(const struct position *p, enum colour c, enum kind k, int sq, int to,
                                  square_set *out)
{
    (void)c;
    const struct geometry *g = p->geo;
    *out = 0;
    int d = g->direction_between[sq][to];
    if (!d || !((k == QUEEN) || (k == ROOK && is_dir(g->rook_dirs, 4, d)) ||
                (k == BISHOP && is_dir(g->bishop_dirs, 4, d))))
        return;
    for (int s = sq + d; s != to; s += d)
        add(g, s, out);
}

bool relaxed_promotes_on_last_rank(const struct position *p, enum colour c, int sq)
{
    return p->geo->rank_of[sq] == relaxed_last_rank(p->geo, c);
}
