/* The state of a game: units on a padded mailbox, side to move, castling
 * units, e.p. and Ko state, placement history, and the Zobrist hash of it all. */
#ifndef FS_POSITION_H
#define FS_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "geometry.h"
#include "turn.h"
#include "unit.h"
#include "zobrist.h"

/* Opaque here: the board keeps a position's rule set for the rule sets'
 * own use (rules/rules.h) and reads only the facts below. */
struct rules;

/* What the board needs to know of a rule set: facts, no behaviour.  The
 * rules layer fills them from its struct rules (rules.h position_init). */
struct board_rules {
    const char *name;        /* hashed into every state hash: rule sets never share one */
    int files, ranks;        /* the geometry, at most MAX_FILES x MAX_RANKS */
    bool placement_history;  /* the previous placement is part of the state (RULES 3.6: undo rule) */
    bool castling;           /* castling exists at all */
};

enum castling_right { WHITE_SHORT, WHITE_LONG, BLACK_SHORT, BLACK_LONG, CASTLING_RIGHTS };

/* Everything make() changes besides the squares themselves: saved whole by make. */
struct position_state {
    uint64_t hash;            /* Zobrist hash of the full state below and the units */
    uint64_t placement;       /* Zobrist hash of the units alone */
    uint64_t prev_placement;  /* placement before the last turn (Dynamo undo rule) */
    square_set occupied[COLOUR_COUNT];
    square_t king_sq[2];      /* SQ_NONE when that side has no king */
    square_t castle_rook[CASTLING_RIGHTS]; /* square of the rook holding the right, SQ_NONE when lost */
    square_t ep_sq, ep_victim;/* square a capturing pawn lands on, pawn it removes */
    square_t ko_from, ko_to;  /* the last stone/relay step (Stones & Relays Ko rule) */
    uint8_t side;             /* colour to move */
    uint8_t pad;
};

struct position {
    const struct geometry *geo;
    const struct rules *rules; /* never read by the board (opaque here) */
    unsigned switches;        /* rule-set switches, bit i = rules->switch_names[i] */
    uint64_t rules_key;       /* hashes rule set, switches and the fixed rules below into every state hash */
    uint8_t castle_exclusive[CASTLING_RIGHTS]; /* rights a castling with right r cancels (Popeye's
                                                  CastlingMutuallyExclusive); bit i = right i */
    bool placement_history;   /* struct board_rules' facts, kept */
    bool castling;
    struct position_state st;
    unit_t board[MAX_SQUARES];
};

/* Six squares at most: a capture, the mover's two and a second displacement's
 * two (5), or a castling's four and the step after it (6). */
#define UNDO_SQUARES 6

struct undo {
    struct position_state st;
    int changed;
    square_t sq[UNDO_SQUARES];
    unit_t old[UNDO_SQUARES];
};

/* An empty board of the geometry facts names, White to move, no rights;
 * rules is kept in p for the rule sets, never read here.  Callers above the
 * rules layer call position_init (rules.h), which gives the facts. */
void position_init_from(struct position *p, const struct board_rules *facts, const struct rules *rules,
                        unsigned switches);
void position_put(struct position *p, int sq, unit_t u);  /* keeps masks and hashes */
void position_rehash(struct position *p);                /* recompute hashes from scratch */
/* Grant castling rights where king and rook stand on their original squares. */
void position_default_castling(struct position *p);
/* Castling with right a cancels right b and vice versa. */
void position_exclude_castling(struct position *p, enum castling_right a, enum castling_right b);
int castling_king_home(const struct position *p, enum colour c);
int castling_rook_home(const struct position *p, enum castling_right r);

void position_make(struct position *p, const struct turn *t, struct undo *u);
void position_unmake(struct position *p, const struct undo *u);
/* make, board_after and hash_after share one definition of a turn's effect
 * (position.c turn_effect). */
/* The squares as position_make(p, t) leaves them, written to board (MAX_SQUARES
 * units), p unchanged: what a rule set's may_check tests without playing. */
void position_board_after(const struct position *p, const struct turn *t, unit_t *board);
/* The hash position_make(p, t) leaves (st.hash), p unchanged, for a plain
 * move (turn.h turn_is_plain: one unit moving, perhaps capturing, promoting
 * or stepping twice as a pawn): false for any other turn (castling, a push
 * or pull, a stone's step), which the caller makes instead.  For
 * prefetching a child's table entry. */
bool position_hash_after(const struct position *p, const struct turn *t, uint64_t *hash);
/* The side to move passes: for threats and set play; undone by position_unmake. */
void position_make_null(struct position *p, struct undo *u);

/* The rank where a pawn of colour c promotes: the far side of the board,
 * whatever its size (RULES 0; RULES 4: rank 9 under Stones & Relays). */
static inline int pawn_last_rank(const struct geometry *g, enum colour c) { return c == WHITE ? g->ranks - 1 : 0; }
static inline unit_t position_at(const struct position *p, int sq) { return p->board[sq]; }
static inline int position_side(const struct position *p) { return p->st.side; }
/* Whether colour c keeps a castling right. */
static inline bool position_may_castle(const struct position *p, enum colour c)
{
    int first = c == WHITE ? WHITE_SHORT : BLACK_SHORT;
    return p->st.castle_rook[first] != SQ_NONE || p->st.castle_rook[first + 1] != SQ_NONE;
}

#endif
