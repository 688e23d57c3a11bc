/* The one interface every rule set implements; the search sees nothing else.
 * A rule set is a const struct of function pointers registered in rules.c. */
#ifndef FS_RULES_H
#define FS_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../board/position.h"

/* Switches are the bits of position.switches. */
#define RULES_SWITCHES_MAX 32
/* Bytes of the longest description "Name Switch ..." with its NUL. */
#define RULES_DESCRIPTION_MAX 64

/* Optional: what goal-directed help play (src/bound/) needs from a rule
 * set.  Each answer depends only on the geometry and the switches of p, never
 * on its units, and must over-approximate what the unit can do on ANY board,
 * so that move counts derived from them never exceed the truth: a bound that
 * prunes is then a proof that no solution exists below the node. */
#define GOAL_VARIANTS 16 /* sharper relaxations a rule set may name (goal_hooks.variant) */
struct goal_hooks {
    /* reach, reach_quiet, denies and checks take a variant: 0 is the
     * relaxation valid on any board; another one is valid only where the
     * optional `variant` hook below chose it. */
    /* Squares a unit of colour c and kind k on sq may reach in one turn. */
    void (*reach)(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant, square_set *out);
    /* Optional: squares it may reach in one turn that captures nothing (a
     * pawn's pushes); NULL: the same as reach.  A turn that captures takes an
     * enemy unit off the board, which the bound charges (bound/goal_tables.c). */
    void (*reach_quiet)(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant,
                        square_set *out);
    /* Squares it may reach in a turn that also moves another unit which pays
     * for the turn (the king's castling: the rook's move is counted); none
     * for a pawn (goal_tables.c counts a pawn's moves on that promise). */
    void (*free_reach)(const struct position *p, enum colour c, enum kind k, int sq, square_set *out);
    /* Squares such a unit on sq may deny to the enemy king: every square it
     * may attack, and its own square when it cannot be captured. */
    void (*denies)(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant, square_set *out);
    /* Squares on which the enemy king may be in check from such a unit. */
    void (*checks)(const struct position *p, enum colour c, enum kind k, int sq, unsigned variant, square_set *out);
    /* Squares a king on sq can certainly move to when the square is empty
     * (or holds a capturable enemy unit) and not attacked: an under-approximation. */
    void (*flights)(const struct position *p, int sq, square_set *out);
    /* A pawn of colour c arriving on sq is promoted (to promotion_kinds). */
    bool (*promotes)(const struct position *p, enum colour c, int sq);
    /* Optional: a variant (below GOAL_VARIANTS) whose answers over-approximate
     * what every unit can do in every position reachable from p in which
     * colour c makes at most turns[c] more turns; NULL: always variant 0.
     * Unlike the hooks above it reads p's units. */
    unsigned (*variant)(const struct position *p, const int turns[2]);
    /* Optional pair, for the disturbers of a mate (bound/disturbers.c): where a rule
     * set gives both, a turn is illegal only when it leaves its own king
     * attacked, every unit but a king may be taken, and a king attacks
     * every square of its flights (the hook above).
     * sure_moves: squares to which a unit of colour c and kind k on sq moves
     * in one turn on every board where that square is empty (capture false)
     * or holds an enemy unit other than the king (capture true), unless the
     * turn leaves its own king attacked: an under-approximation. */
    void (*sure_moves)(const struct position *p, enum colour c, enum kind k, int sq, bool capture, square_set *out);
    /* attack_line: where such a unit on sq attacks square `to` on an empty
     * board (checks), the squares that must be empty for it to attack `to`
     * on any board, exactly: a unit on one of them cuts the attack, and
     * there is no other way round.  With the pair a rule set also promises
     * that a turn leaving its own king attacked is illegal, that a turn
     * moves one unit (a castling also its rook) and takes at most the unit
     * on its target square (en passant a pawn beside it), that a unit
     * moving from sq to such a `to` passes over those squares alone
     * (bound/check_lines.c moved_check_clear, discovered_check_clear), and that a
     * king's turn never ends on a square that holds a unit of its own side,
     * nor on one the other side attacks (`attacked`) before the turn
     * (bound/king_squares.c other_squares, D's last turn before A's). */
    void (*attack_line)(const struct position *p, enum colour c, enum kind k, int sq, int to, square_set *out);
    /* Optional, with the pair: whether the pair's promises hold where
     * colour c mates (its units check and pin, the other colour's units
     * disturb) in the given variant, for the whole play, final position
     * included; NULL: always. */
    bool (*lines_hold)(unsigned variant, enum colour c);
    /* Optional: the squares on which a unit that no side owns (a stone, a
     * relay) may stand after at most `steps` more turns of either side, from
     * p's units (NULL: there are none).  A flight in it is not one that the
     * final position must cover (goal_bound: a neutral unit may fill it). */
    void (*neutral_squares)(const struct position *p, int steps, square_set *out);
    /* Optional: a rule set's own proof from p's units: true only when no
     * play from p, the two sides' turns alternating from the side to move's
     * with A's last (a turns of A, d of the other side), ends with the other
     * side's king attacked.  It may answer false wherever it cannot tell
     * (NULL: never true); the mate goal's look asks it first. */
    bool (*no_final_check)(const struct position *p, enum colour A, int a, int d);
};

struct rules {
    const char *name;                 /* condition keyword; "Orthodox" for none */
    const char *const *switch_names;  /* NULL-terminated; bit i of position.switches */
    int files, ranks;                 /* geometry, at most MAX_FILES x MAX_RANKS */
    bool neutral_units;               /* stones and relays exist (RULES 4) */
    bool placement_history;           /* the previous placement is part of the state */
    bool castling;                    /* castling exists at all */
    /* The most legal turns a position can have, proven (below); 0:
     * TURN_LIST_USUAL.  The lists generate fills for this rule set hold
     * that many (turn.h). */
    int max_turns;
    /* Every legal turn of the side to move, each result once (RULES 0). */
    void (*generate)(struct position *p, struct turn_list *out);
    /* Stops at the first legal turn: mate and stalemate tests use it. */
    bool (*has_legal_turn)(struct position *p);
    /* Optional: the same where the side to move is known to be in check
     * (the mate test has just tested it); NULL: has_legal_turn. */
    bool (*has_legal_turn_in_check)(struct position *p);
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
    /* Optional, with may_check: the legal turns that may_check admits, in
     * generate's order, found cheaper than by generating every legal turn (a
     * rule set whose legality test costs more than may_check judges it only
     * for them), or fewer of them: one left out must give no check (it may
     * judge by the whole position, as orthodox chess does which units
     * shield a line piece from the enemy king); NULL: generate, then filter.
     * It may say in out->judged how many turns it judged (turn.h). */
    void (*generate_checks)(struct position *p, struct turn_list *out);
    /* Optional, for goal-directed help play's mate, which needs a check (RULES
     * 0): at p, where the side to move D makes one turn and the other side A
     * then one more, false where nothing is known; true with *relevant set
     * where a turn of D's whose squares (from, to, from2, to2, capture_sq:
     * those on the board) all lie outside *relevant leaves A no turn that
     * gives check.  NULL: nothing is ever known. */
    bool (*check_needs)(struct position *p, square_set *relevant);
    /* Optional, with check_needs: false only when the side to move has no
     * legal turn that gives check, where the side not to move is not in
     * check (as after any legal turn); a loose answer, cheaper than
     * generating the checking turns.  Help play's mate needs a check. */
    bool (*may_give_check)(struct position *p);
    /* Optional: goal-directed help play; NULL keeps the plain help search. */
    const struct goal_hooks *goal;
};

/* The bounds of max_turns.  A turn is told by its result (RULES 0), so a
 * unit's turns are at most its destinations, times 4 where it promotes.
 * On 64 squares, 64 units:
 * - orthodox chess and Knight relay: at most 63 destinations a unit; a pawn
 *   promotes on at most 3 of them (by its own moves only, RULES 2.3), so at
 *   most 63 + 9 turns; two castlings: 64 * 72 + 2 = 4,610;
 * - Emulation: at most 63 destinations; a real pawn promotes on at most 8
 *   of them (its last rank): 63 + 24 a unit, 64 * 87 = 5,568;
 * - Dynamo: a unit has at most 8 lines; on each, ordinary moves to the empty
 *   squares along it (27 in all at most, and never more than the empty
 *   squares), one push of the first unit on it (moving or stationary, the
 *   pushed pawn promoting 4 ways: 8) and one pull of the nearest unit behind
 *   (the pulled pawn promoting 4 ways: 4); a pawn's own pushes and steps
 *   stay below that.  n units: n * (96 + min(27, 64 - n)) + 2 castlings
 *   each side, at most 64 * 96 + 4 = 6,148;
 * all within TURN_LIST_USUAL (8,192).
 * - Stones & Relays (8 x 9): a piece move, then perhaps one step (RULES 4.1).
 *   With k units of the mover, N stones and relays and x other squares
 *   (empty or enemy), k + N + x <= 72: a piece move ends on one of the x
 *   squares (crossing relays reaches no more of them; a king adds two
 *   castlings), a pawn on at most 6 (one step, two double steps, one a
 *   diagonal: RULES 4.4), each at most 4 ways, so at most k * max(x, 4 *
 *   min(6, x)) + 2 piece moves; a step takes one of the N units to a square
 *   at most two steps away (12 of them, RULES 4.5), which must be empty after
 *   the piece move (at most x + 1 squares, each reached from at most 12
 *   units): at most 12 * min(N, x + 1) steps.  Turns: piece moves times one
 *   more than the steps; the most over all k, N, x is 193,130 (k 37, N 18,
 *   x 17), below TURN_LIST_MAX (262,144); positions of more than 8,192 are
 *   legal (tests/e2e/never-wrong/sr-too-many-turns.inp has 8,304). */
static inline int rules_max_turns(const struct rules *r)
{
    return r->max_turns ? r->max_turns : TURN_LIST_USUAL;
}

extern const struct rules rules_orthodox;
extern const struct rules rules_dynamo;
extern const struct rules rules_stones_relays;
extern const struct rules rules_emulation;
extern const struct rules rules_knight_relay;

/* NULL-terminated table of every rule set: orthodox chess, then the
 * conditions in FORMAT.md 3's order.  The only place rule sets are named. */
extern const struct rules *const rules_all[];

/* Popeye's abbreviation rule for a word of len bytes (case-insensitive): a
 * name written in full wins, else the only name it begins. */
#define RULES_NONE (-1)
#define RULES_AMBIGUOUS (-2)
/* The rule set named by s; NULL if none, *ambiguous tells whether several. */
const struct rules *rules_lookup(const char *s, size_t len, bool *ambiguous);
/* Index of the switch of r named by s, RULES_NONE or RULES_AMBIGUOUS. */
int rules_switch_lookup(const struct rules *r, const char *s, size_t len);
/* rules_lookup for a NUL-terminated name; NULL if none or ambiguous. */
const struct rules *rules_find(const char *name);
/* Index of the switch of r spelled exactly name (any case), or RULES_NONE. */
int rules_switch_index(const struct rules *r, const char *name);

/* A rule set with its switches as the diagram, JSON, the store identity and
 * twins name it: the condition keyword and the switch words that are on, in
 * the rule set's order. */
struct rules_description {
    const char *name;
    int switch_count;
    const char *switches[RULES_SWITCHES_MAX];
};
struct rules_description rules_describe(const struct rules *r, unsigned switches);
/* The description as one line, "Dynamo OwnerPromotes EnPassant"; a parser of
 * a Condition line reads it back as the same rule set and switches. */
void rules_describe_text(const struct rules *r, unsigned switches, char out[RULES_DESCRIPTION_MAX]);
/* "A, B or C" of the names of the rule sets for which include(r, ctx) holds
 * (for messages); truncated to cap. */
void rules_list_names(bool (*include)(const struct rules *r, const void *ctx), const void *ctx, char *out,
                      size_t cap);
/* The conditions a problem may name: every rule set but orthodox chess. */
bool rules_is_condition(const struct rules *r, const void *ctx);

/* An empty board of the rule set's geometry, White to move, no rights: the
 * board layer's position_init_from given the facts it reads. */
static inline void position_init(struct position *p, const struct rules *r, unsigned switches)
{
    const struct board_rules facts = {.name = r->name,
                                      .files = r->files,
                                      .ranks = r->ranks,
                                      .placement_history = r->placement_history,
                                      .castling = r->castling};
    position_init_from(p, &facts, r, switches);
}

/* Built on the interface; identical for every rule set. */
bool rules_in_check(const struct position *p, enum colour side);
/* The side not to move is in check: the position cannot arise in play. */
bool rules_opponent_in_check(const struct position *p);
/* RULES_PERFT_OVERFLOW when some position had more than TURN_LIST_MAX turns. */
#define RULES_PERFT_OVERFLOW UINT64_MAX
uint64_t rules_perft(struct position *p, int depth);

#endif
