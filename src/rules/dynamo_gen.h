/* The Dynamo generator's state and the turn it considers (RULES 3), shared by
 * its files: dynamo.c filters and keeps turns, dynamo_moves.c makes them. */
#ifndef FS_DYNAMO_GEN_H
#define FS_DYNAMO_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "../board/position.h"

#define LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))

enum dynamo_switch {
    SW_OWNER_PROMOTES = 1u << 0,
    SW_NO_DYNAMO_ESCAPE = 1u << 1,
    SW_EN_PASSANT = 1u << 2,
};

/* The kind of line a push or pull runs along: it decides who else could make it. */
enum line { LINE_ORTHO, LINE_DIAG, LINE_LEAP };

/* danger[] bits: a change on the square can make a push or pull of the king along
 * line i (bit i, lines as in gen.line_dir), by a knight, or the king itself moves. */
enum { DANGER_LINES = 0x0f, DANGER_KNIGHT = 0x10, DANGER_KING = 0x20 };

/* At most 64 units, each with at most 8 push lines, moving or stationary. */
#define REMOVALS_MAX 1024

/* One generation of the side to move's turns (generate, generate_checks,
 * has_legal_turn, count_legal): what it is asked and what it has found. */
struct gen {
    struct position *p;
    const struct geometry *g;
    const unit_t *b;
    struct turn_list *out;   /* NULL: only count */
    struct turn_list *scratch; /* counting: room for castling turns, or NULL */
    int count;               /* turns kept */
    enum colour us, them;
    int fwd;                 /* our pawns' forward step */
    int king;                /* our king, SQ_NONE without one */
    const struct king_reads *own_reads; /* with our king: what the attacks on it read */
    bool in_check;
    unsigned checking;       /* danger[] bits of what attacks our king now (DANGER_KING: a pawn) */
    bool dynamo_ok;          /* RULES 3.5 switch NoDynamoEscape */
    bool undo;               /* RULES 3.6 active (not the first turn) */
    bool first_only;         /* has_legal_turn: stop at the first */
    bool checks_only;        /* generate_checks: only turns may_check admits */
    /* dynamo_may_check_any: the turns that may give check, counted with
     * neither king safety nor the undo rule judged (a superset of the legal
     * ones), every dynamo move allowed, no castling */
    bool pseudo;
    int their_king;          /* with checks_only: the enemy king's square, or SQ_NONE */
    square_set live_read;    /* with checks_only: the lines through it holding our slider of their kind or our king */
    square_set arrive[16];   /* with checks_only: by kind, where our unit arriving may attack it */
    square_set arrive_promoted; /* with checks_only: arrive[] of the kinds a pawn promotes to, together */
    square_set own_read;     /* in check: the squares the attacks on our king now read */
    bool rights;             /* some castling right exists */
    int removals;
    bool danger_ready;       /* danger[] marked: only once a turn is judged */
    uint8_t danger[MAX_SQUARES]; /* squares whose change can alter our king's safety */
    int line_dir[4];         /* the four lines through a square: one step of each */
    bool line_diagonal[4];
    struct {
        uint64_t placement;
        uint32_t rights;
    } removal[REMOVALS_MAX];
};

/* A turn being considered, in plain ints (the packed struct turn is written once,
 * when it is kept). */
struct cand {
    int from, to, from2, to2;  /* from2 == SQ_NONE: no second unit */
    unsigned flags;
    int promo, promo2;
    unit_t m, d;               /* mover and displaced unit before the turn */
    unit_t m2, d2;             /* the same as they arrive */
};

/* With checks_only: where a unit u of ours arriving on sq may attack the enemy
 * king, whatever it promotes to (RULES 3.4: a pawn promotes on its last rank). */
static inline square_set dynamo_arrive_any(const struct gen *G, unit_t u, int sq)
{
    const struct geometry *g = G->g;
    bool last = g->rank_of[sq] == (unit_colour(u) == WHITE ? g->ranks - 1 : 0);
    return unit_kind(u) == PAWN && last ? G->arrive_promoted : G->arrive[unit_kind(u)];
}

/* dynamo.c's may_check_screen for every promotion variant of a turn at once,
 * read off the board before the turn is built: generate_checks drops most
 * turns here, and building each one costs more than the screen itself.
 * bit[] is 0 off the playing area (SQ_NONE, SQ_OFF). */
static inline bool dynamo_screen_any(const struct gen *G, int from, int to, int from2, int to2)
{
    const square_set *bit = G->g->bit;
    if (G->their_king == SQ_NONE || from2 == G->their_king)
        return true;
    square_set moved = to != from ? bit[from] | bit[to] : 0;
    if ((moved | bit[from2] | bit[to2]) & G->live_read)
        return true;
    if (to != from && (bit[to] & dynamo_arrive_any(G, G->b[from], to)))
        return true;
    if (from2 == SQ_NONE || !unit_is(G->b[from2], G->us))
        return false;
    return (bit[to2] & dynamo_arrive_any(G, G->b[from2], to2)) != 0;
}

/* Keeps c if the filters pass it: the undo rule, king safety, one turn per
 * result (RULES 3.6, 0), and with generate_checks the check screen. */
void dynamo_keep(struct gen *G, const struct cand *c);

/* The castling rights after c, packed, in the order position_make applies them. */
uint32_t dynamo_rights_after(const struct gen *G, const struct cand *c);

/* Every turn of our unit on s (RULES 3.1-3.4), each through add. */
void dynamo_unit_turns(struct gen *G, int s);
/* RULES 3.8 switch EnPassant: an a- or h-file pawn that just double-stepped is
 * pushed off sideways by a pawn beside it; the pusher moves to the e.p. square or stays. */
void dynamo_en_passant_push(struct gen *G);

/* may_check_screen's sets for our turns against the enemy king on q (SQ_NONE: none). */
void dynamo_check_screen_setup(struct gen *G, int q);

#endif
