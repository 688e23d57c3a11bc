/* A turn as a value: the primary move plus an optional second displacement
 * (Dynamo push/pull, Stones & Relays step, the rook of a castling) and a third
 * (the step after a Stones & Relays castling). */
#ifndef FS_TURN_H
#define FS_TURN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "geometry.h"
#include "unit.h"

enum turn_flag {
    TURN_CAPTURE = 1 << 0,       /* primary move removes the unit on capture_sq */
    TURN_CASTLE = 1 << 1,        /* second displacement is the castling rook */
    TURN_EN_PASSANT = 1 << 2,    /* capture_sq is not the target */
    TURN_DOUBLE_STEP = 1 << 3,   /* sets the e.p. square (ep_sq) for the reply */
    TURN_DISPLACE_FIRST = 1 << 4,/* second displacement happens before the primary (push) */
    TURN_PUSH = 1 << 5,          /* Dynamo: second displacement pushed */
    TURN_PULL = 1 << 6,          /* Dynamo: second displacement pulled */
    TURN_STEP = 1 << 7,          /* Stones & Relays: a stone/relay step, the second displacement
                                    (the third, from3/to3, after a castling) */
    TURN_OWNER_CHOICE = 1 << 8,  /* promo2 is chosen by the pawn's owner, not the mover */
};

/* The flags of a turn that is not a plain move.  A plain move moves one unit
 * from `from` to another square `to` of the board, perhaps capturing one
 * unit (capture_sq) and promoting (promo), and displaces nothing else
 * (from2 == SQ_NONE); the board's hash-after, the goal bound and the help
 * search judge such a turn without playing it, and take any turn with one
 * of these flags (or a from2) for one they must not judge so.  A new kind
 * of turn that moves or changes a unit other than its mover, or moves its
 * mover otherwise, must be added here. */
enum { TURN_NOT_PLAIN = TURN_CASTLE | TURN_DISPLACE_FIRST | TURN_PUSH | TURN_PULL | TURN_STEP };

/* 12 bytes: perft copies millions of these.  A castling is never a double
 * step, so the third displacement shares its bytes with the e.p. state; read
 * either pair only under its flags (turn_step_from/turn_step_to for steps). */
struct turn {
    square_t from, to;        /* to == from: stationary push; to == SQ_OFF: mover leaves */
    square_t capture_sq;      /* with TURN_CAPTURE */
    square_t from2, to2;      /* second displacement; from2 == SQ_NONE when absent */
    union {
        struct {
            square_t ep_sq, ep_victim; /* with TURN_DOUBLE_STEP: e.p. state left for the reply */
        };
        struct {
            square_t from3, to3;       /* with TURN_CASTLE | TURN_STEP: the step after castling */
        };
    };
    uint8_t promo;            /* kind the mover becomes, 0 if none */
    uint8_t promo2;           /* kind the displaced pawn becomes, 0 if none */
    uint16_t flags;
};

/* Stones & Relays: the stone/relay step of a turn (SQ_NONE: none).  A
 * castling keeps its rook in the second displacement, its step in the third. */
static inline int turn_step_from(const struct turn *t)
{
    if (!(t->flags & TURN_STEP))
        return SQ_NONE;
    return (t->flags & TURN_CASTLE) ? t->from3 : t->from2;
}
static inline int turn_step_to(const struct turn *t)
{
    if (!(t->flags & TURN_STEP))
        return SQ_NONE;
    return (t->flags & TURN_CASTLE) ? t->to3 : t->to2;
}

/* Whether t is a plain move (TURN_NOT_PLAIN above). */
static inline bool turn_is_plain(const struct turn *t)
{
    return !(t->flags & TURN_NOT_PLAIN) && t->from2 == SQ_NONE && t->to != t->from && t->to != SQ_OFF &&
           !((t->flags & TURN_CAPTURE) && t->capture_sq == t->from);
}

/* Two turns are the same turn when every field agrees (RULES 0: one result). */
static inline bool turn_equal(const struct turn *a, const struct turn *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* RULES 1: a pawn promotes to one of these, in this order. */
static const enum kind promotion_kinds[4] = {QUEEN, ROOK, BISHOP, KNIGHT};

/* The most legal turns of any position, by a proven bound per rule set
 * (rules.h max_turns): every rule set but Stones & Relays has at most
 * TURN_LIST_USUAL, Stones & Relays at most 193,130 (below TURN_LIST_MAX).
 * A list is made for a number of turns (TURN_LIST_BYTES): the search's, one
 * per ply, for its rule set's bound, so that a list of an orthodox position
 * takes the 96 KB it always took and a Stones & Relays one 3 MB (only what
 * is used of it is touched). */
#define TURN_LIST_MAX 262144
#define TURN_LIST_USUAL 8192
/* turns a sort of a list keeps on its stack (a few KB); a longer list is
 * sorted on the heap */
#define TURN_SORT_ON_STACK 256

struct turn_list {
    int count;
    /* A generator with more turns than its list holds lists the first ones
     * and sets this (the bounds say it cannot happen); whoever clears it
     * before generating reads it after: the position's answer is then unknown. */
    bool overflow;
    /* generate_checks (rules.h) may say here how many turns it judged to
     * make the list (the search clears it first): work the search's clock
     * counts as it counts played turns */
    int judged;
    struct turn turns[]; /* as many as the list was made for */
};

/* The bytes of a list of `capacity` turns, a multiple of the list's
 * alignment (lists of one capacity lie next to each other). */
#define TURN_LIST_BYTES(capacity)                                                                             \
    ((offsetof(struct turn_list, turns) + sizeof(struct turn) * (size_t)(capacity) + _Alignof(struct turn_list) - 1) / \
     _Alignof(struct turn_list) * _Alignof(struct turn_list))
/* A list of TURN_LIST_USUAL turns on the stack, for rule sets bounded by
 * that (the memory alloca gives has no type of its own: a list may live there). */
#define TURN_LIST_LOCAL(name) struct turn_list *name = __builtin_alloca(TURN_LIST_BYTES(TURN_LIST_USUAL))

/* Copies only the turns in use: a whole list is 100 KB. */
static inline void turn_list_copy(struct turn_list *dst, const struct turn_list *src)
{
    dst->count = src->count;
    memcpy(dst->turns, src->turns, sizeof src->turns[0] * (size_t)src->count);
}

static inline struct turn *turn_list_push(struct turn_list *l)
{
    struct turn *t = &l->turns[l->count++];
    memset(t, 0, sizeof *t);
    return t;
}

/* Makes a cleared turn a plain move, or a capture on the target square. */
static inline void turn_set_move(struct turn *t, int from, int to, bool capture)
{
    t->from = (square_t)from;
    t->to = (square_t)to;
    if (capture) {
        t->flags = TURN_CAPTURE;
        t->capture_sq = (square_t)to;
    }
}

/* A plain move or capture on the target square. */
static inline struct turn *turn_list_add_move(struct turn_list *l, int from, int to, bool capture)
{
    struct turn *t = turn_list_push(l);
    turn_set_move(t, from, to, capture);
    return t;
}

/* A pawn move: one turn, or one per promotion kind when it reaches `last`. */
static inline void turn_list_add_pawn_move(struct turn_list *l, int from, int to, bool capture, bool last)
{
    if (!last) {
        turn_list_add_move(l, from, to, capture);
        return;
    }
    for (int i = 0; i < 4; i++)
        turn_list_add_move(l, from, to, capture)->promo = (uint8_t)promotion_kinds[i];
}

#endif
