/* The one interface every rule set implements; the search sees nothing else.
 * A rule set is a const struct of function pointers registered in rules.c. */
#ifndef FS_RULES_H
#define FS_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "../board/position.h"

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
