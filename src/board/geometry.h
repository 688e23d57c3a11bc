/* Board geometry as data: files x ranks inside a padded mailbox, direction
 * offsets and square names.  Nothing outside this file assumes 8 ranks. */
#ifndef FS_GEOMETRY_H
#define FS_GEOMETRY_H

#include <stdbool.h>
#include <stdint.h>

#define MAX_FILES 8
#define MAX_RANKS 9
#define BORDER_ROWS 2 /* wide enough that a knight's leap never leaves the array */
#define MAX_SQUARES ((MAX_RANKS + 2 * BORDER_ROWS) * (MAX_FILES + 2))

/* Square indices into the mailbox; these two never name a playing square. */
#define SQ_NONE 0
#define SQ_OFF 1 /* "off the board": destination of a unit pushed or pulled away */

typedef uint8_t square_t;
typedef unsigned __int128 square_set; /* one bit per playing square */

struct geometry {
    int files, ranks;
    int stride;          /* files + 2: one border column each side */
    int squares;         /* length of the mailbox array */
    int first;           /* mailbox index of a1; bit index = sq - first */
    int north, south, east, west;
    int rook_dirs[4], bishop_dirs[4], queen_dirs[8], knight_leaps[8];
    int8_t file_of[MAX_SQUARES], rank_of[MAX_SQUARES]; /* -1 off the playing area */
    bool on_board[MAX_SQUARES];
    /* direction_between[a][b]: the queen-line step leading from a to b, 0 if none */
    int8_t direction_between[MAX_SQUARES][MAX_SQUARES];
    /* ray[a][i]: the playing squares from a along queen_dirs[i] (0-3
     * straight, 4-7 diagonal) to the edge, a excluded; knight_set[a]: those
     * a knight's leap away; king_set[a]: those next to a */
    square_set ray[MAX_SQUARES][8];
    square_set knight_set[MAX_SQUARES];
    square_set king_set[MAX_SQUARES];
    /* bit[sq]: SET_BIT(geo_bit(sq)) on the playing area, 0 elsewhere (a load
     * instead of a 128-bit shift: Emulation's target sets ask for it most) */
    square_set bit[MAX_SQUARES];
};

const struct geometry *geometry_get(int files, int ranks); /* cached, never freed */

static inline int geo_square(const struct geometry *g, int file, int rank)
{
    return (rank + BORDER_ROWS) * g->stride + file + 1;
}
static inline int geo_bit(const struct geometry *g, int sq) { return sq - g->first; }
static inline int geo_square_of_bit(const struct geometry *g, int bit) { return bit + g->first; }

static inline int set_first(square_set s)
{
    uint64_t lo = (uint64_t)s;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(s >> 64));
}
/* The members of a 64-bit word: the processor's instruction where the build
 * may use it, else a few shifts and adds inline (the library's count is a
 * call, and the bound counts bits in its innermost loops). */
static inline int bits_count64(uint64_t x)
{
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}
static inline int set_count(square_set s)
{
    return bits_count64((uint64_t)s) + bits_count64((uint64_t)(s >> 64));
}
#define SET_BIT(b) (((square_set)1) << (b))

/* "e4"; SQ_OFF prints as "E" as in Dynamo notation. buf holds >= 3 chars. */
void square_name(const struct geometry *g, int sq, char *buf);
/* Parses "e4" (case-insensitive) at text; returns square or SQ_NONE. */
int square_parse(const struct geometry *g, const char *text);

#endif
