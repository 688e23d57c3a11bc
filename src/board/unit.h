/* Units on the board: white, black and neutral pieces packed in one byte.
 * Pure encoding helpers; no knowledge of how any unit moves. */
#ifndef FS_UNIT_H
#define FS_UNIT_H

#include <stdbool.h>
#include <stdint.h>

enum kind { KIND_NONE = 0, KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN, STONE, RELAY, KIND_COUNT };
enum colour { WHITE = 0, BLACK = 1, NEUTRAL = 2, COLOUR_COUNT = 3 };

typedef uint8_t unit_t;

/* kind in the low nibble, colour in bits 4-5; 0 is an empty square and
 * BORDER marks the padding around the playing area. */
#define UNIT_EMPTY ((unit_t)0)
#define UNIT_BORDER ((unit_t)0x80)
#define UNIT_INDEX_COUNT 48 /* colour * 16 + kind fits below this */

static inline unit_t unit_make(enum colour c, enum kind k) { return (unit_t)((c << 4) | k); }
static inline enum kind unit_kind(unit_t u) { return (enum kind)(u & 0x0f); }
static inline enum colour unit_colour(unit_t u) { return (enum colour)((u >> 4) & 3); }
static inline bool unit_is_piece(unit_t u) { return u != UNIT_EMPTY && u != UNIT_BORDER; }
static inline bool unit_is(unit_t u, enum colour c) { return unit_is_piece(u) && unit_colour(u) == c; }
static inline bool unit_is_neutral(unit_t u) { return unit_is(u, NEUTRAL); }

/* Problem-language letters (S for the knight, O stone, X relay). */
char kind_letter(enum kind k);
enum kind kind_from_letter(char c); /* KIND_NONE when unknown; case-insensitive */

#endif
