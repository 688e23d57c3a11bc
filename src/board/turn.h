/* A turn as a value: the primary move plus an optional second displacement
 * (Dynamo push/pull, Stones & Relays step, the rook of a castling). */
#ifndef FS_TURN_H
#define FS_TURN_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "geometry.h"

enum turn_flag {
    TURN_CAPTURE = 1 << 0,       /* primary move removes the unit on capture_sq */
    TURN_CASTLE = 1 << 1,        /* second displacement is the castling rook */
    TURN_EN_PASSANT = 1 << 2,    /* capture_sq is not the target */
    TURN_DOUBLE_STEP = 1 << 3,   /* sets the e.p. square (ep_sq) for the reply */
    TURN_DISPLACE_FIRST = 1 << 4,/* second displacement happens before the primary (push) */
    TURN_PUSH = 1 << 5,          /* Dynamo: second displacement pushed */
    TURN_PULL = 1 << 6,          /* Dynamo: second displacement pulled */
    TURN_STEP = 1 << 7,          /* Stones & Relays: second displacement is a stone/relay step */
    TURN_OWNER_CHOICE = 1 << 8,  /* promo2 is chosen by the pawn's owner, not the mover */
};

struct turn {
    square_t from, to;        /* to == from: stationary push; to == SQ_OFF: mover leaves */
    square_t capture_sq;      /* with TURN_CAPTURE */
    square_t from2, to2;      /* second displacement; from2 == SQ_NONE when absent */
    square_t ep_sq, ep_victim;/* with TURN_DOUBLE_STEP: e.p. state left for the reply */
    uint8_t promo;            /* kind the mover becomes, 0 if none */
    uint8_t promo2;           /* kind the displaced pawn becomes, 0 if none */
    uint16_t flags;
};

/* Two turns are the same turn when every field agrees (RULES 0: one result). */
static inline bool turn_equal(const struct turn *a, const struct turn *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

#define TURN_LIST_MAX 8192 /* Stones & Relays: piece moves times stone steps */

struct turn_list {
    int count;
    struct turn turns[TURN_LIST_MAX];
};

static inline struct turn *turn_list_push(struct turn_list *l)
{
    struct turn *t = &l->turns[l->count++];
    memset(t, 0, sizeof *t);
    return t;
}

#endif
