/* Stones & Relays (RULES 4): legal turns (a piece move over relays, then an optional
 * stone/relay step), the first-legal-turn test and perft.  No other fairy rule here. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "stones_relays_attack.h"
#include "stones_relays_goal.h"

#define SWITCH_STRICT_KING 1u

/* Piece moves of one position: every unit reaches each square at most once
 * (a pawn at most three squares, four ways), so 72 units stay below this. */
#define PIECE_MOVES_MAX TURN_LIST_USUAL
#define SR_RELAY_MAX (MAX_FILES * MAX_RANKS)
#define SQUARES_MAX (MAX_FILES * MAX_RANKS)


struct move_buf {
    int count;
    struct turn moves[PIECE_MOVES_MAX];
};

/* VISIT_CHECKS: the turns of VISIT_LIST that give check (generate_checks). */
enum visit_mode { VISIT_LIST, VISIT_COUNT, VISIT_ANY, VISIT_CHECKS };

/* One generation: what every piece move and step needs to know. */
struct gen {
    struct position *p;
    const struct geometry *g;
    enum colour us, them;
    unit_t relay;
    square_t ko_from, ko_to;  /* RULES 4.6: the opponent's last step */
    bool strict;              /* switch StrictKing */
    enum visit_mode mode;
    struct turn_list *out;
    uint64_t count;
};

/* Relays a move has crossed (RULES 4.3: each at most once). */
struct relay_set {
    int n;
    square_t sq[SR_RELAY_MAX];
};

static bool relay_add(struct relay_set *s, int sq)
{
    for (int i = 0; i < s->n; i++)
        if (s->sq[i] == sq)
            return false;
    s->sq[s->n++] = (square_t)sq;
    return true;
}

/* ---- piece moves (RULES 4.3, 4.4, 4.7) ---------------------------------- */

static struct turn *add_move(struct move_buf *mb, int from, int to, bool capture)
{
    /* unreachable: see PIECE_MOVES_MAX for why 72 units stay below it */
    assert(mb->count < PIECE_MOVES_MAX);
    struct turn *t = &mb->moves[mb->count++];
    memset(t, 0, sizeof *t);
    turn_set_move(t, from, to, capture);
    return t;
}

/* Adds a destination once per unit (several relay paths, one turn: RULES 0). */
static void add_destination(const struct gen *gn, struct move_buf *mb, square_set *seen, int from, int to)
{
    square_set bit = gn->g->bit[to];
    if (*seen & bit)
        return;
    *seen |= bit;
    add_move(mb, from, to, gn->p->board[to] != UNIT_EMPTY);
}

/* RULES 4.3: rook, bishop, queen.  From the start square and from every
 * relay reached, each line of the piece's kind: empty squares are
 * destinations, an enemy piece is captured, a relay is crossed.  The start
 * square counts as empty but is no destination.  As the continuations from a
 * relay do not depend on the path, the destinations are those of a search
 * that expands each relay once.  Knights and kings (slides false): a leap or
 * step landing on a relay goes on from it; it may not end on the start square. */
static void relay_moves(const struct gen *gn, struct move_buf *mb, int from, const int *dirs, int n, bool slides)
{
    const unit_t *b = gn->p->board;
    struct relay_set relays;
    relays.n = 0;
    square_set seen = 0;
    int origin = from;
    for (int r = -1; r < relays.n; r++) {
        if (r >= 0)
            origin = relays.sq[r];
        for (int i = 0; i < n; i++) {
            int d = dirs[i];
            for (int s = origin + d;; s += d) {
                unit_t u = b[s];
                if (s == from || u == UNIT_EMPTY) { /* the start square counts as empty */
                    if (s != from)
                        add_destination(gn, mb, &seen, from, s);
                    if (slides)
                        continue;
                } else if (unit_is(u, gn->them)) {
                    add_destination(gn, mb, &seen, from, s);
                } else if (u == gn->relay) {
                    relay_add(&relays, s);
                }
                break;
            }
        }
    }
}

static void add_pawn_move(const struct gen *gn, struct move_buf *mb, int from, int to, bool capture)
{
    int last = gn->us == WHITE ? gn->g->ranks - 1 : 0;
    if (gn->g->rank_of[to] != last) {
        add_move(mb, from, to, capture);
        return;
    }
    for (int i = 0; i < 4; i++)
        add_move(mb, from, to, capture)->promo = (uint8_t)promotion_kinds[i];
}

/* RULES 4.4 en passant: a capture path ending on the e.p. square takes the pawn. */
static bool en_passant_target(const struct gen *gn, int to)
{
    const struct position *p = gn->p;
    return p->st.ep_sq != SQ_NONE && to == p->st.ep_sq && p->board[to] == UNIT_EMPTY &&
           p->board[p->st.ep_victim] == unit_make(gn->them, PAWN);
}

static void add_en_passant(const struct gen *gn, struct move_buf *mb, int from, int to)
{
    struct turn *t = add_move(mb, from, to, false);
    t->flags = TURN_CAPTURE | TURN_EN_PASSANT;
    t->capture_sq = gn->p->st.ep_victim;
}

/* RULES 4.4, diagonal captures: onto an enemy piece or the e.p. square; a
 * step onto a relay continues one more square in the same direction and
 * must capture there (a second relay there is no capture: nothing). */
static void pawn_captures(const struct gen *gn, struct move_buf *mb, int from, int fwd)
{
    const unit_t *b = gn->p->board;
    for (int e = -1; e <= 1; e += 2) {
        int diag = fwd + e * gn->g->east;
        int x = from + diag;
        if (b[x] == gn->relay)
            x += diag;
        if (unit_is(b[x], gn->them))
            add_pawn_move(gn, mb, from, x, true);
        else if (en_passant_target(gn, x))
            add_en_passant(gn, mb, from, x);
    }
}

/* RULES 4.4 (and 0): forward steps and double steps with relays. */
static void pawn_moves(const struct gen *gn, struct move_buf *mb, int from)
{
    const struct geometry *g = gn->g;
    const unit_t *b = gn->p->board;
    int fwd = gn->us == WHITE ? g->north : g->south;
    int second = gn->us == WHITE ? 1 : g->ranks - 2;
    int s1 = from + fwd;
    int single = SQ_NONE;
    /* A forward step onto a relay continues one more square straight ahead,
     * again over a further relay; it never captures. */
    int s = s1;
    while (b[s] == gn->relay)
        s += fwd;
    if (b[s] == UNIT_EMPTY) {
        single = s;
        add_pawn_move(gn, mb, from, s, false);
    }
    if (g->rank_of[from] == second) {
        int s2 = s1 + fwd;
        if (b[s1] == UNIT_EMPTY && b[s2] == UNIT_EMPTY) {
            /* Ordinary double step: the skipped square is the e.p. square. */
            struct turn *t = add_move(mb, from, s2, false);
            t->flags = TURN_DOUBLE_STEP;
            t->ep_sq = (square_t)s1;
            t->ep_victim = (square_t)s2;
        } else if (b[s1] == UNIT_EMPTY && b[s2] == gn->relay) {
            /* Second square a relay: one or two more squares, all empty; two
             * more leave the first square past the relay as e.p. square. */
            int s3 = s2 + fwd;
            if (b[s3] == UNIT_EMPTY) {
                add_pawn_move(gn, mb, from, s3, false);
                int s4 = s3 + fwd; /* on the board: the second rank is far from the last */
                if (b[s4] == UNIT_EMPTY) {
                    struct turn *t = add_move(mb, from, s4, false);
                    t->flags = TURN_DOUBLE_STEP;
                    t->ep_sq = (square_t)s3;
                    t->ep_victim = (square_t)s4;
                }
            }
        } else if (b[s1] == gn->relay && b[s2] == UNIT_EMPTY && s2 != single) {
            /* First square a relay: simply ends two squares ahead, no e.p.
             * (the single step over the relay reaches the same square: one turn). */
            add_pawn_move(gn, mb, from, s2, false);
        }
    }
    pawn_captures(gn, mb, from, fwd);
}

/* RULES 4.7: orthodox squares, every square between king and rook empty,
 * king and the square it passes not attacked before the turn (so a step
 * can neither cure nor spoil those); the king's final square is judged with
 * the rest of the turn, a step after the castling included (visit_move). */
static void castling_moves(const struct gen *gn, struct move_buf *mb)
{
    const struct position *p = gn->p;
    const struct geometry *g = gn->g;
    int base = gn->us == WHITE ? WHITE_SHORT : BLACK_SHORT;
    int k = castling_king_home(p, gn->us);
    if (p->board[k] != unit_make(gn->us, KING) || p->st.king_sq[gn->us] != k)
        return;
    int checked = -1;
    for (int r = base; r < base + 2; r++) {
        int rook = p->st.castle_rook[r];
        if (rook == SQ_NONE || rook != castling_rook_home(p, (enum castling_right)r) ||
            p->board[rook] != unit_make(gn->us, ROOK))
            continue;
        int d = rook > k ? g->east : g->west;
        bool clear = true;
        for (int s = k + d; s != rook; s += d)
            clear = clear && p->board[s] == UNIT_EMPTY;
        if (!clear)
            continue;
        if (checked < 0)
            checked = sr_attacked(p, k, gn->them);
        if (checked || sr_attacked(p, k + d, gn->them))
            continue;
        struct turn *t = add_move(mb, k, k + 2 * d, false);
        t->from2 = (square_t)rook;
        t->to2 = (square_t)(k + d);
        t->flags = TURN_CASTLE;
    }
}

static void piece_moves(const struct gen *gn, struct move_buf *mb)
{
    const struct geometry *g = gn->g;
    mb->count = 0;
    for (square_set s = gn->p->st.occupied[gn->us]; s; s &= s - 1) {
        int from = geo_square_of_bit(g, set_first(s));
        switch (unit_kind(gn->p->board[from])) {
        case PAWN: pawn_moves(gn, mb, from); break;
        case KNIGHT: relay_moves(gn, mb, from, g->knight_leaps, 8, false); break;
        case KING: relay_moves(gn, mb, from, g->queen_dirs, 8, false); break;
        case BISHOP: relay_moves(gn, mb, from, g->bishop_dirs, 4, true); break;
        case ROOK: relay_moves(gn, mb, from, g->rook_dirs, 4, true); break;
        case QUEEN: relay_moves(gn, mb, from, g->queen_dirs, 8, true); break;
        default: break;
        }
    }
    if (gn->p->rules->castling)
        castling_moves(gn, mb);
}

/* ---- the piece move on the board alone (no hashes: legality tests only) -- */

/* The sets of squares with units follow the board: the attack test reads
 * them (stones_relays_attack.h). */
struct light_undo {
    int n;
    square_t sq[4];
    unit_t old[4];
    square_set occupied[COLOUR_COUNT];
};

static inline void light_set(struct position *p, struct light_undo *u, int sq, unit_t v)
{
    unit_t old = p->board[sq];
    square_set bit = p->geo->bit[sq];
    u->sq[u->n] = (square_t)sq;
    u->old[u->n++] = old;
    if (old != UNIT_EMPTY)
        p->st.occupied[unit_colour(old)] &= ~bit;
    if (v != UNIT_EMPTY)
        p->st.occupied[unit_colour(v)] |= bit;
    p->board[sq] = v;
}

static void light_make(struct position *p, const struct turn *t, struct light_undo *u)
{
    unit_t m = p->board[t->from];
    u->n = 0;
    memcpy(u->occupied, p->st.occupied, sizeof u->occupied);
    if (t->flags & TURN_CAPTURE)
        light_set(p, u, t->capture_sq, UNIT_EMPTY);
    light_set(p, u, t->from, UNIT_EMPTY);
    light_set(p, u, t->to, t->promo ? unit_make(unit_colour(m), (enum kind)t->promo) : m);
    if (t->flags & TURN_CASTLE) {
        unit_t r = p->board[t->from2];
        light_set(p, u, t->from2, UNIT_EMPTY);
        light_set(p, u, t->to2, r);
    }
}

static void light_unmake(struct position *p, const struct light_undo *u)
{
    for (int i = u->n - 1; i >= 0; i--)
        p->board[u->sq[i]] = u->old[i];
    memcpy(p->st.occupied, u->occupied, sizeof u->occupied);
}

/* ---- stone/relay steps (RULES 4.5, 4.6) ----------------------------------- */

/* The steps of one stone or relay, and what they depend on. */
struct step_group {
    square_t unit;
    int first, count;   /* its destinations: step_list.to[first .. first + count) */
    square_set reads;   /* squares whose content decided them */
    square_set ends;    /* the unit's square and its destinations */
};

/* The steps available in one position, unit by unit. */
struct step_list {
    int groups;
    struct step_group group[SQUARES_MAX];
    square_t to[SQUARES_MAX * SQUARES_MAX];
};

/* RULES 4.5: from a relay the step goes one more orthogonal square in any
 * direction but straight back; relays are crossed at most once, and the step
 * may not end on a unit, a relay, off the board or on its start square.
 * RULES 4.6: not the opponent's last step undone.
 * Only where a step can end matters, not its path: a relay reachable by some
 * chain of relays is reachable by one crossing each at most once, and from it
 * every empty neighbour but the start square is an end (straight back is the
 * square it came from: the start or a relay, never empty).  So each relay is
 * expanded once (`expanded`), which keeps a block of n relays at O(n) work
 * instead of one walk per self-avoiding path. */
static void step_walk(const struct gen *gn, struct step_group *grp, square_t *to, int at, int came,
                      square_set *expanded, square_set *seen)
{
    const struct geometry *g = gn->g;
    const unit_t *b = gn->p->board;
    int start = grp->unit;
    for (int i = 0; i < 4; i++) {
        int d = g->rook_dirs[i];
        if (d == -came)
            continue;
        int s = at + d;
        if (s == start)
            continue;
        unit_t u = b[s];
        if (u == UNIT_BORDER)
            continue;
        square_set bit = g->bit[s];
        grp->reads |= bit;
        if (u == UNIT_EMPTY) {
            if (*seen & bit)
                continue; /* another path, the same step (RULES 0) */
            *seen |= bit;
            if (start == gn->ko_to && s == gn->ko_from)
                continue;
            to[grp->count++] = (square_t)s; /* at most once per square */
            grp->ends |= bit | g->bit[start];
        } else if (u == gn->relay && !(*expanded & bit)) {
            *expanded |= bit;
            step_walk(gn, grp, to, s, d, expanded, seen);
        }
    }
}

static void unit_steps(const struct gen *gn, struct step_group *grp, square_t *to)
{
    square_set expanded = 0, seen = 0;
    grp->count = 0;
    grp->reads = grp->ends = 0;
    step_walk(gn, grp, to, grp->unit, 0, &expanded, &seen);
}

static void collect_steps(const struct gen *gn, struct step_list *l)
{
    const struct geometry *g = gn->g;
    int first = 0;
    l->groups = 0;
    for (square_set s = gn->p->st.occupied[NEUTRAL]; s; s &= s - 1) {
        struct step_group *grp = &l->group[l->groups++];
        grp->unit = (square_t)geo_square_of_bit(g, set_first(s));
        grp->first = first;
        unit_steps(gn, grp, l->to + first);
        first += grp->count;
    }
}

/* One legal (piece move, step) pair found: list it, count it or stop. */
static bool emit(struct gen *gn, const struct turn *m, int step_from, int step_to)
{
    if (gn->mode == VISIT_ANY)
        return true;
    gn->count++;
    if (gn->mode == VISIT_COUNT)
        return false;
    struct turn_list *out = gn->out;
    if (out->count >= TURN_LIST_MAX) {
        out->overflow = true; /* the caller reports it (turn.h); generating more is useless */
        return true;
    }
    struct turn *t = &out->turns[out->count++];
    *t = *m;
    if (step_from == SQ_NONE)
        return false;
    t->flags |= TURN_STEP;
    if (m->flags & TURN_CASTLE) { /* the rook holds the second displacement */
        t->from3 = (square_t)step_from;
        t->to3 = (square_t)step_to;
    } else {
        t->from2 = (square_t)step_from;
        t->to2 = (square_t)step_to;
    }
    return false;
}

/* ---- whole turns (RULES 4.1) ------------------------------------------- */

/* The king's attack test: its answer and the squares it read.  Changing
 * only squares outside `read` cannot change `attacked`. */
struct king_test {
    int king;            /* SQ_NONE: no king, every turn is safe */
    bool attacked;
    square_set read;
};

static void king_test_by(const struct gen *gn, int king, enum colour by, struct king_test *k)
{
    k->king = king;
    k->read = 0;
    k->attacked = king != SQ_NONE && sr_attacked_read(gn->p, king, by, &k->read);
}

static void king_test(const struct gen *gn, int king, struct king_test *k)
{
    king_test_by(gn, king, gn->them, k);
}

/* The steps of one unit after the piece move m (already on the board),
 * judged at the end of the turn.  A step that changes no square the king
 * test read leaves its answer as it was; the others are tested again.
 * `check` (VISIT_CHECKS, else NULL): the enemy king's test after m, judged
 * so too; only the steps that leave it attacked are kept.  Inline in
 * judge_steps: the call per unit and piece move weighs where steps abound. */
static inline __attribute__((always_inline)) bool judge_unit_steps(struct gen *gn, const struct turn *m, int unit,
                                                                   const square_t *to, int n, square_set ends,
                                                                   const struct king_test *k,
                                                                   const struct king_test *check)
{
    const struct geometry *g = gn->g;
    unit_t *b = gn->p->board;
    if (!(k->read & ends)) {
        if (k->attacked)
            return false; /* no step cures */
        if (gn->mode == VISIT_COUNT) {
            gn->count += (uint64_t)n; /* every step is legal */
            return false;
        }
    }
    if (check && !check->attacked && !(check->read & ends))
        return false; /* no step gives check */
    /* A stone blocks like a unit (RULES 4.2): its step opens a path only by
     * leaving its square and cuts one only by arriving, so an attacked king
     * stays attacked unless it arrives on a square the test read, and one not
     * attacked stays so unless it leaves one.  A relay's step may do either
     * on both squares. */
    bool stone = b[unit] != gn->relay, king_hit = k->attacked, check_hit = check && check->attacked;
    square_set left = g->bit[unit];
    bool again_left = (!stone || !king_hit) && (k->read & left);
    bool check_left = check && (!stone || !check_hit) && (check->read & left);
    bool again_arrive = !stone || king_hit, check_arrive = check && (!stone || check_hit);
    for (int i = 0; i < n; i++) {
        square_set arrive = g->bit[to[i]], changed = left | arrive;
        bool bad = king_hit, gives = !check || check_hit;
        bool again = again_left || (again_arrive && (k->read & arrive));
        bool again_check = check_left || (check_arrive && (check->read & arrive));
        if (again || again_check) { /* the step played on the board and its neutral units' set */
            unit_t u = b[unit];
            b[unit] = UNIT_EMPTY;
            b[to[i]] = u;
            gn->p->st.occupied[NEUTRAL] ^= changed;
            if (again)
                bad = sr_attacked(gn->p, k->king, gn->them);
            if (again_check && !bad)
                gives = sr_attacked(gn->p, check->king, gn->us);
            gn->p->st.occupied[NEUTRAL] ^= changed;
            b[to[i]] = UNIT_EMPTY;
            b[unit] = u;
        }
        if (!bad && gives && emit(gn, m, unit, to[i]))
            return true;
    }
    return false;
}

/* Every step after the piece move m.  A unit's steps before the piece move
 * (base) stay right unless m changed a square they depend on. */
static bool judge_steps(struct gen *gn, const struct turn *m, square_set touched, const struct step_list *base,
                        const struct king_test *k, const struct king_test *check)
{
    for (int i = 0; i < base->groups; i++) {
        const struct step_group *grp = &base->group[i];
        bool stop;
        if (touched & grp->reads) {
            struct step_group now;
            square_t to[SQUARES_MAX];
            now.unit = grp->unit;
            unit_steps(gn, &now, to);
            stop = judge_unit_steps(gn, m, now.unit, to, now.count, now.ends, k, check);
        } else {
            stop = judge_unit_steps(gn, m, grp->unit, base->to + grp->first, grp->count, grp->ends, k, check);
        }
        if (stop)
            return true;
    }
    return false;
}

/* What every piece move of one position shares. */
struct base {
    struct step_list steps;
    struct king_test king;  /* the mover's king before the piece move */
    /* VISIT_CHECKS: the enemy king's test before the turn (not attacked: the
     * position is legal), the squares every step changes or reads */
    struct king_test check;
    square_set step_ends, step_reads;
    /* with no relay on the board: where a unit of ours of each kind arriving
     * attacks the enemy king; else each is check.read */
    square_set origins[KIND_COUNT];
};

/* A unit that arrives on a square makes it occupied, which cuts the paths
 * over it (RULES 4.3: a path passes over empty squares and relays, and a
 * unit arrives only where there was none or an enemy unit it takes), so it
 * can attack only from that square itself; only a square a turn empties can
 * open a path.  For a king not attacked before a piece move, the move can
 * thus change the answer only by emptying a square the test read (and the
 * squares the test reads then are among those it read).  The squares m
 * empties: */
static square_set emptied_by(const struct geometry *g, const struct turn *m)
{
    square_set arrive = g->bit[m->to], left = g->bit[m->from];
    if ((m->flags & TURN_CAPTURE) && m->capture_sq != m->to)
        left |= g->bit[m->capture_sq]; /* en passant */
    if (m->flags & TURN_CASTLE) {
        left |= g->bit[m->from2];
        arrive |= g->bit[m->to2];
    }
    return left & ~arrive;
}

/* VISIT_CHECKS: whether the enemy king, not attacked before, may be attacked
 * after the piece move m: a square its test read emptied (see emptied_by), or
 * one of ours arriving where its kind attacks (origins). */
static bool may_check_after(const struct geometry *g, const struct base *base, const struct turn *m,
                            square_set emptied, unit_t arriving)
{
    if (emptied & base->check.read)
        return true;
    if (m->flags & TURN_CASTLE) /* the king and the rook arrive */
        return ((g->bit[m->to] & base->origins[KING]) | (g->bit[m->to2] & base->origins[ROOK])) != 0;
    return (g->bit[m->to] & base->origins[unit_kind(arriving)]) != 0;
}

/* VISIT_CHECKS: whether a step after the piece move m (changing `touched`)
 * may give check.  A step changes its unit's square and its end (`ends`); a
 * step group that m changes the reads of is found again, so it counts too. */
static bool step_may_check(const struct base *base, square_set touched)
{
    return (base->step_ends & base->check.read) || (touched & base->step_reads);
}

/* Every legal turn made of the piece move m; true when VISIT_ANY found one.
 * m is played on the board only when a test or a step needs it there. */
static bool visit_move(struct gen *gn, const struct turn *m, const struct base *base)
{
    struct position *p = gn->p;
    const struct geometry *g = gn->g;
    bool king_move = base->king.king != SQ_NONE && m->from == base->king.king;
    square_set touched = g->bit[m->from] | g->bit[m->to];
    if (m->flags & TURN_CAPTURE)
        touched |= g->bit[m->capture_sq];
    if (m->flags & TURN_CASTLE)
        touched |= g->bit[m->from2] | g->bit[m->to2];
    square_set emptied = emptied_by(g, m);
    struct king_test check_after = base->check, *check = NULL;
    bool test_check = false;
    if (gn->mode == VISIT_CHECKS) {
        unit_t arriving = m->promo ? unit_make(gn->us, (enum kind)m->promo) : p->board[m->from];
        test_check = may_check_after(g, base, m, emptied, arriving);
        if (!test_check && !step_may_check(base, touched))
            return false; /* neither m nor a step after it gives check */
        check = &check_after;
    }
    struct king_test k = base->king;
    bool test_king = king_move || ((k.attacked ? touched : emptied) & k.read);
    bool played = test_king || test_check || base->steps.groups > 0;
    struct light_undo lu;
    if (played)
        light_make(p, m, &lu);
    if (test_check)
        king_test_by(gn, check_after.king, gn->us, &check_after);
    if (check && !check_after.attacked && !(check_after.read & base->step_ends) && !(touched & base->step_reads)) {
        if (played)
            light_unmake(p, &lu);
        return false; /* the test says m gives no check, nor can a step after it */
    }
    if (test_king) /* else the same test would read the same squares, or fewer */
        king_test(gn, king_move ? m->to : k.king, &k);
    bool stop = false;
    if (king_move && gn->strict && k.attacked) {
        /* StrictKing: the king's piece move itself must end on a safe square;
         * a castling moves the king, so its king must stand safe at once too. */
    } else if (!k.attacked && (!check || check->attacked) && emit(gn, m, SQ_NONE, SQ_NONE)) {
        stop = true;
    } else if (base->steps.groups > 0) {
        stop = judge_steps(gn, m, touched, &base->steps, &k, check);
    }
    if (played)
        light_unmake(p, &lu);
    return stop;
}

static void gen_init(struct gen *gn, struct position *p, enum visit_mode mode, struct turn_list *out)
{
    gn->p = p;
    gn->g = p->geo;
    gn->us = (enum colour)p->st.side;
    gn->them = (enum colour)!p->st.side;
    gn->relay = unit_make(NEUTRAL, RELAY);
    gn->ko_from = p->st.ko_from;
    gn->ko_to = p->st.ko_from == SQ_NONE ? SQ_NONE : p->st.ko_to;
    gn->strict = (p->switches & SWITCH_STRICT_KING) != 0;
    gn->mode = mode;
    gn->out = out;
    gn->count = 0;
}

static uint64_t visit(struct position *p, enum visit_mode mode, struct turn_list *out, bool *found)
{
    struct gen gn;
    struct move_buf mb;
    gen_init(&gn, p, mode, out);
    piece_moves(&gn, &mb);
    struct base base;
    collect_steps(&gn, &base.steps);
    king_test(&gn, p->st.king_sq[gn.us], &base.king);
    if (mode == VISIT_CHECKS) {
        int q = p->st.king_sq[gn.them];
        if (q == SQ_NONE) {
            gn.mode = VISIT_LIST; /* may_check admits every turn */
        } else {
            king_test_by(&gn, q, gn.us, &base.check);
            if (!sr_attack_origins(p, q, gn.us, base.origins))
                for (int k = 0; k < KIND_COUNT; k++)
                    base.origins[k] = base.check.read;
            base.step_ends = base.step_reads = 0;
            int steps = 0;
            for (int i = 0; i < base.steps.groups; i++) {
                base.step_ends |= base.steps.group[i].ends;
                base.step_reads |= base.steps.group[i].reads;
                steps += base.steps.group[i].count;
            }
            out->judged = mb.count * (1 + steps);
        }
    }
    /* has_legal_turn in check: the king's moves first, the likeliest escape,
     * so that the search for one usually ends sooner (the answer does not
     * depend on the order) */
    int king = base.king.king;
    bool king_first = mode == VISIT_ANY && base.king.attacked;
    for (int pass = king_first ? 0 : 1; pass < 2; pass++)
        for (int i = 0; i < mb.count; i++) {
            bool kings = mb.moves[i].from == king;
            if (king_first && (pass == 0) != kings)
                continue;
            if (visit_move(&gn, &mb.moves[i], &base)) {
                *found = true;
                return gn.count;
            }
        }
    *found = false;
    return gn.count;
}

static void generate(struct position *p, struct turn_list *out)
{
    bool found;
    out->count = 0;
    out->overflow = false;
    visit(p, VISIT_LIST, out, &found);
}

/* rules.h generate_checks: generate's turns that give check, in its order.
 * It says how many turns it judged (each piece move with each step or none,
 * at most): with many relays each is an attack test over every relay, and
 * a node can have thousands, so the search's clock must count them. */
static void generate_checks(struct position *p, struct turn_list *out)
{
    bool found;
    out->count = 0;
    out->overflow = false;
    visit(p, VISIT_CHECKS, out, &found);
}

static bool has_legal_turn(struct position *p)
{
    bool found;
    visit(p, VISIT_ANY, NULL, &found);
    return found;
}

/* Perft's last ply: counted without materialising every (move, step) pair. */
static int count_legal(struct position *p)
{
    bool found;
    return (int)visit(p, VISIT_COUNT, NULL, &found);
}

/* More relays than this: the screen below costs more than the attack test it
 * would spare (it walks from every relay), so the test decides alone. */
#define SCREEN_RELAYS_MAX 4

/* Whether the attack test on q (RULES 4.8) can have read square c of the board
 * b: every attack path runs from its attacker to q through relays, each part a
 * line over empty squares, a knight's leap or a king's step ending on a relay
 * or on q (RULES 4.3, 4.4), so c is q, a relay, or a leap or an open line away
 * from one of them. */
static bool on_some_path(const struct geometry *g, const unit_t *b, int q, square_set relays, int c)
{
    if (c == SQ_NONE || c == SQ_OFF)
        return false;
    for (square_set r = relays | g->bit[q]; r; r &= r - 1) {
        int e = geo_square_of_bit(g, set_first(r));
        if (c == e)
            return true;
        for (int i = 0; i < 8; i++)
            if (e + g->knight_leaps[i] == c)
                return true;
        int d = g->direction_between[e][c];
        if (d) {
            int s = e + d;
            while (s != c && b[s] == UNIT_EMPTY)
                s += d;
            if (s == c)
                return true;
        }
    }
    return false;
}

/* rules.h may_check.  The enemy king q is not attacked before the turn (the
 * position is legal); a path that attacks it afterwards but not before passes
 * over a square the turn changed, and every path square is q, a relay, or a
 * leap or an open line away from one of them after the turn.  When the turn
 * changes such a square, the attack test decides on the squares after it. */
static bool may_check(const struct position *p, const struct turn *t)
{
    const struct geometry *g = p->geo;
    enum colour us = (enum colour)p->st.side;
    int q = p->st.king_sq[!us];
    if (q == SQ_NONE)
        return true;
    unit_t after[MAX_SQUARES];
    position_board_after(p, t, after);
    unit_t relay = unit_make(NEUTRAL, RELAY);
    square_set relays = 0;
    int step_to = turn_step_to(t);
    square_set neutral = p->st.occupied[NEUTRAL];
    if (step_to != SQ_NONE)
        neutral |= g->bit[step_to];
    for (square_set n = neutral; n; n &= n - 1) {
        int s = geo_square_of_bit(g, set_first(n));
        if (after[s] == relay)
            relays |= g->bit[s];
    }
    int changed[] = {t->from, t->to, (t->flags & TURN_CAPTURE) ? t->capture_sq : SQ_NONE, t->from2, t->to2,
                     (t->flags & TURN_CASTLE) ? turn_step_from(t) : SQ_NONE, (t->flags & TURN_CASTLE) ? step_to : SQ_NONE};
    bool maybe = set_count(relays) > SCREEN_RELAYS_MAX;
    for (size_t i = 0; i < sizeof changed / sizeof changed[0] && !maybe; i++)
        maybe = on_some_path(g, after, q, relays, changed[i]);
    return maybe && sr_attacked_on(g, after, q, us);
}

static const char *const switch_names[] = {"StrictKing", NULL};

const struct rules rules_stones_relays = {
    .name = "StonesAndRelays",
    .switch_names = switch_names,
    .files = 8,
    .ranks = 9,
    .neutral_units = true,
    .placement_history = false,
    .castling = true,
    .max_turns = TURN_LIST_MAX, /* 193,130 at most: rules.h */
    .generate = generate,
    .has_legal_turn = has_legal_turn,
    .attacked = sr_attacked,
    .count_legal = count_legal,
    .may_check = may_check,
    .generate_checks = generate_checks,
    .goal = &stones_relays_goal,
};
