/* The memory of king squares' verdicts: the key of a verdict (everything it
 * reads), and a verdict remembered under its key or worked out and remembered. */
#include "verdict_cache.h"

#include <assert.h>

#include "../base/memory.h"
#include "../board/zobrist.h"
#include "../rules/rules.h"
#include "d_units.h"
#include "slot_pairs.h"
#include "square_verdict.h"

#define FAR_KING 0x5bd1e9955bd1e995ull /* verdict_key: A's royal king far from the square, hashed */
#define FAR_KING_CODE 0xff             /* ... and its square's code there (a square's is its bit + 1) */
#define FILLED_FLIGHTS 0x2545f4914f6cdd1dull /* verdict_key: the flights a neutral unit may fill, hashed */
_Static_assert(GOAL_NB + 1 < FAR_KING_CODE, "no square's code is a far king's");

uint64_t *verdict_memory_new(void)
{
    /* on a huge page where the system gives one: it is written at random,
     * and on small pages each of its 256 pages would fault, most of a short
     * search's faults */
    return memory_table_new(VERDICTS * sizeof(uint64_t));
}

void verdict_memory_touch(uint64_t *verdicts) { memory_touch_for_write(verdicts, VERDICTS * sizeof *verdicts); }

void verdict_memory_free(uint64_t *verdicts) { memory_table_free(verdicts, VERDICTS * sizeof *verdicts); }

/* The key of king square s's verdict at this node: everything
 * square_verdict reads.  That is the square, the king's count to it, the
 * budgets, the sides, the goal's need of a check, whether D passes, A's
 * units (kind and square: what each denies, checks, reaches and whether it
 * may be captured all follow from them and the tables) and which is its
 * royal king, the flights of s that a stone or relay may fill (neutral),
 * and those of D's units that reach a flight of s within rb
 * turns, d less the king's (standing on one included): every count of a D
 * unit that the verdict compares is one to a flight, and one beyond rb
 * decides nothing (a block, or a quiet block added back, that costs more
 * than rb fails a split whatever its count; match_blocks and the
 * disturbers' allowed_block_cost skip such units), so the others change
 * nothing.  Siblings after D's turns mostly share the key of each square.
 *
 * A's royal king that can neither deny s or a flight of s nor check s
 * within a turns (king_far) is keyed as one square for all such squares:
 * the verdict reads it only through those counts (its costs to every
 * target and check square are beyond a, so it offers nothing; it denies
 * nothing in the zone where it stands; no turn takes it, so it is not
 * capturable; it is not in the zone, denied_at), and what reads the board
 * after the verdict (discovered_check_clear, moved_check_clear) reads its
 * square anew.  Not in the frozen look, whose cut lines are hashed by unit
 * number.  So the nodes at which A's king stands anywhere far from s share
 * s's verdict. */
static uint64_t verdict_key(struct goal_bound *n, int s, int king_turns)
{
    struct d_list *const L = n->L;
    const struct goal_tables *t = n->t;
    int rb = n->d - king_turns;
    assert(rb >= 0 && rb <= MAX_BUDGET);
    uint64_t a_part = n->a_hash;
    uint64_t king_code = n->a_king_unit >= 0 ? n->a_bit[n->a_king_unit] + 1 : 0;
    if (n->a_king_unit >= 0 && !n->freeze && n->a_king_far[s] > n->a) {
        a_part ^= n->a_king_hash ^ FAR_KING; /* far from s: any square */
        king_code = FAR_KING_CODE;
    }
    uint64_t key = a_part ^ zobrist_mix((uint64_t)s | (uint64_t)king_turns << 8 | (uint64_t)n->d << 16 |
                                           (uint64_t)n->a << 24 | (uint64_t)n->A << 32 |
                                           (uint64_t)n->need_check << 33 | (uint64_t)n->passing << 34 |
                                           (uint64_t)n->board_on << 35 |
                                           king_code << 40);
    /* the flights of s that a stone or relay may fill (square_verdict) */
    square_set filled = t->flights[s] & n->neutral;
    if (filled)
        key ^= zobrist_mix((uint64_t)filled ^ zobrist_mix((uint64_t)(filled >> 64) ^ FILLED_FLIGHTS));
    if (n->board_on) /* D's units as they stand and block kb's flights on the board */
        return key ^ L->board_part;
    if (L->d_part_stamp[rb][s] == L->stamp)
        return key ^ L->d_part[rb][s];
    L->d_part_stamp[rb][s] = L->stamp;
    square_set flights = t->flights[s];
    uint64_t part = 0;
    if (rb == 0 && L->d_here) { /* those standing on a flight of s: read off the list */
        for (square_set m = flights & n->blockers; m; m &= m - 1)
            part ^= L->d_hash[L->d_index[set_first(m)]];
    } else {
        if (L->reach_stamp != L->stamp) { /* another list */
            L->reach_stamp = L->stamp;
            L->reach_ready = 0;
        }
        square_set *reach = L->d_reach[rb];
        if (!(L->reach_ready >> rb & 1)) {
            for (int w = 0; w < n->nd; w++) {
                int k = L->d_kind[w], b = L->d_bit[w];
                reach[w] = k == PAWN ? n->pawn_within[n->D][b][rb] : t->within[n->D][k][b][rb];
            }
            L->reach_ready |= 1u << rb;
        }
        for (int w = 0; w < n->nd; w++)
            if (reach[w] & flights)
                part ^= L->d_hash[w];
    }
    L->d_part[rb][s] = part;
    return key ^ part;
}

/* D's king steps onto s in D's one turn (step_attacked): never onto a square
 * A attacks now (the lines pair's promise, rules.h). */
static bool step_attacked(const struct goal_bound *n, int s)
{
    return n->step_attacked && s != n->kb &&
           n->pos->rules->attacked(n->pos, geo_square_of_bit(n->pos->geo, s), n->A);
}

bool king_square_verdict(struct goal_bound *n, int s, int king_turns, bool need_check)
{
    /* D's block on kb's flights in its one turn, read off the board */
    n->board_on = n->d_board && s == n->kb;
    if (n->board_on && !n->board_ready)
        board_blocks(n);
    if (n->d > n->keyed_d) /* the reach sets do not go so far (or none remembered): no key */
        return !step_attacked(n, s) && square_verdict(n, s, king_turns, need_check);
    uint64_t key = verdict_key(n, s, king_turns);
    /* two slots a set, the newer first (slot_pairs.h): fewer verdicts are
     * lost to a collision of sets than with one slot a set of the same
     * memory */
    uint64_t *set = &n->verdicts[2 * (key & (VERDICTS / 2 - 1))], entry;
    /* a step onto a square A attacks now is given up: asked only of a
     * square the remembered verdict lets stand (the test costs more than
     * most verdicts remembered), and before one is worked out, which is
     * then not remembered */
    if (slot_pair_find(set, key, &entry)) {
        n->verdict_hits++;
        return (entry & 1) && !step_attacked(n, s);
    }
    if (step_attacked(n, s))
        return false;
    bool ok = square_verdict(n, s, king_turns, need_check);
    slot_pair_store(set, (key & ~(uint64_t)1) | ok);
    return ok;
}
