/* Reading placements and whole positions from FEN and Popeye's Forsyth.
 * Text in, position out; errors come back as a column and a message. */
#ifndef FS_FEN_H
#define FS_FEN_H

#include <stdbool.h>

#include "position.h"

struct fen_error {
    int column; /* 1-based column in the text where the problem was found */
    char message[160];
};

/* Placement field only; knight_letter is 'N' for FEN, 'S' for Forsyth. */
bool fen_parse_placement(struct position *p, const char *text, char knight_letter, struct fen_error *err);
/* Full FEN: placement, side, castling, e.p. (move counters ignored). */
bool fen_parse(struct position *p, const char *text, struct fen_error *err);
/* Writes standard FEN of p into buf (at least 128 bytes). */
void fen_write(const struct position *p, char *buf);

#endif
