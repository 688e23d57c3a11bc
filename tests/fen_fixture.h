/* A position from a FEN for the tests, the parse checked (the FEN named on
 * failure): shared so each test file need not repeat the three steps. */
#ifndef FS_FEN_FIXTURE_H
#define FS_FEN_FIXTURE_H

#include "../src/board/fen.h"

static inline struct position position_from_fen(const struct rules *r, const char *fen)
{
    struct position p;
    struct fen_error err;
    position_init(&p, r, 0);
    if (!fen_parse(&p, fen, &err))
        fail_msg("bad FEN %s: %s", fen, err.message);
    return p;
}

#endif
