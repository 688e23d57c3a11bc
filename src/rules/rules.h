/* The one interface every rule set implements; the search sees nothing else.
 * A rule set is a const struct of function pointers registered in rules.c. */
#ifndef FS_RULES_H
#define FS_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "../board/position.h"

/* Optional: what goal-directed help play (solve/goal_bound.c) needs from a rule
 * set.  Each answer depends only on the geometry and the switches of p, never
 * on its units, and must over-approximate what the unit can do on ANY board,
 * so that move counts derived from them never exceed the truth: a bound that
 * prunes is then a proof that no solution exists below the node. */
struct goal_hooks {
    /* Squares a unit of colour c and kind k on sq may reach in one turn. */
    void (*reach)(const struct position *p, enum colour c, enum kind k, int sq, square_set *out);
    /* Squares it may reach in a turn that also moves another unit which pays
     * for the turn (the king's castling: the rook's move is counted). */
    void (*free_reach)(const struct position *p, enum colour c, enum kind k, int sq, square_set *out);
    /* Squares such a unit on sq may deny to the enemy king: every square it
     * may attack, and its own square when it cannot be captured. */
    void (*denies)(const struct position *p, enum colour c, enum kind k, int sq, square_set *out);
    /* Squares on which the enemy king may be in check from such a unit. */
    void (*checks)(const struct position *p, enum colour c, enum kind k, int sq, square_set *out);
    /* Squares a king on sq can certainly move to when the square is empty
     * (or holds a capturable enemy unit) and not attacked: an under-approximation. */
    void (*flights)(const struct position *p, int sq, square_set *out);
    /* A pawn of colour c arriving on sq is promoted (to promotion_kinds). */
    bool (*promotes)(const struct position *p, enum colour c, int sq);
};

struct rules {
    const char *name;                 /* condition keyword; "orthodox" for none */
    const char *const *switch_names;  /* NULL-terminated; bit i of position.switches */
    int files, ranks;                 /* geometry */
    bool placement_history;           /* the previous placement is part of the state */
    bool castling;                    /* castling exists at all */
    /* Every legal turn of the side to move, each result once (RULES 0). */
    void (*generate)(struct position *p, struct turn_list *out);
    /* Stops at the first legal turn: mate and stalemate tests use it. */
    bool (*has_legal_turn)(struct position *p);
    /* Pseudo-legal attack on sq by side `by` (RULES 0 "Attack"). */
    bool (*attacked)(const struct position *p, int sq, enum colour by);
    /* Optional: the number of legal turns without listing them (perft's
     * last ply); NULL counts what generate lists. */
    int (*count_legal)(struct position *p);
    /* Optional: turns ignoring the mover's king safety, only for numbering
     * first moves as Popeye does (option MoveNumbers); NULL: legal turns. */
    void (*generate_pseudo)(struct position *p, struct turn_list *out);
    /* Optional: false only when turn t of the side to move certainly gives
     * no check, judged without playing it.  Lets the mate goal skip quiet
     * last moves; NULL: every turn is played and tested. */
    bool (*may_check)(const struct position *p, const struct turn *t);
    /* Optional: goal-directed help play; NULL keeps the plain help search. */
    const struct goal_hooks *goal;
};

extern const struct rules rules_orthodox;
extern const struct rules rules_dynamo;
extern const struct rules rules_stones_relays;
extern const struct rules rules_emulation;
extern const struct rules rules_knight_relay;

/* Lookup by condition keyword (case-insensitive, unique prefix); NULL if none. */
const struct rules *rules_find(const char *name);
/* Index of a switch name for r, or -1. */
int rules_switch_index(const struct rules *r, const char *name);
/* NULL-terminated table of every rule set. */
extern const struct rules *const rules_all[];

/* Built on the interface; identical for every rule set. */
bool rules_in_check(const struct position *p, enum colour side);
/* The side not to move is in check: the position cannot arise in play. */
bool rules_opponent_in_check(const struct position *p);
/* RULES_PERFT_OVERFLOW when some position had more than TURN_LIST_MAX turns. */
#define RULES_PERFT_OVERFLOW UINT64_MAX
uint64_t rules_perft(struct position *p, int depth);

#endif
