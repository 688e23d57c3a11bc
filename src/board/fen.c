/* Reading placements and whole positions from FEN and Popeye's Forsyth.
 * Validation of the resulting position (king counts, legality) is not here. */
#include "fen.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool fail(struct fen_error *err, int column, const char *msg)
{
    err->column = column;
    snprintf(err->message, sizeof err->message, "%s", msg);
    return false;
}

static enum kind letter_kind(char c, char knight_letter)
{
    char u = (char)toupper((unsigned char)c);
    if (u == knight_letter)
        return KNIGHT;
    if (u == 'S' || u == 'N')
        return KIND_NONE; /* the other alphabet's knight */
    return kind_from_letter(u);
}

bool fen_parse_placement(struct position *p, const char *text, char knight_letter, struct fen_error *err)
{
    const struct geometry *g = p->geo;
    int rank = g->ranks - 1, file = 0;
    const char *c = text;
    for (; *c && !isspace((unsigned char)*c); c++) {
        int col = (int)(c - text) + 1;
        if (*c == '/') {
            if (file != g->files)
                return fail(err, col, "rank does not fill the board's width");
            if (rank == 0) {
                if (c[1] == 0 || isspace((unsigned char)c[1]))
                    break; /* trailing '/' is allowed */
                return fail(err, col, "more ranks than the board has");
            }
            rank--;
            file = 0;
        } else if (isdigit((unsigned char)*c)) {
            int n = *c - '0';
            if (isdigit((unsigned char)c[1])) /* Popeye allows two-digit runs */
                n = n * 10 + (*++c - '0');
            if (n == 0 || file + n > g->files)
                return fail(err, col, "empty-square count runs past the edge of the board");
            file += n;
        } else {
            enum kind k = letter_kind(*c, knight_letter);
            if (k == KIND_NONE) {
                char msg[96];
                snprintf(msg, sizeof msg, "unknown piece letter '%c'%s", *c,
                         toupper((unsigned char)*c) == 'N' ? " (the knight is S here)" :
                         toupper((unsigned char)*c) == 'S' ? " (the knight is N in FEN)" : "");
                return fail(err, col, msg);
            }
            if (file >= g->files)
                return fail(err, col, "piece beyond the edge of the board");
            enum colour colour = (k == STONE || k == RELAY) ? NEUTRAL : isupper((unsigned char)*c) ? WHITE : BLACK;
            if (k == PAWN && rank == pawn_last_rank(g, colour))
                return fail(err, col, "pawn on its last rank (it would have promoted)");
            position_put(p, geo_square(g, file, rank), unit_make(colour, k));
            file++;
        }
    }
    if (rank != 0 || file != g->files) {
        char msg[96];
        snprintf(msg, sizeof msg, "placement must describe %d ranks of %d files", g->ranks, g->files);
        return fail(err, (int)(c - text) + 1, msg);
    }
    return true;
}

static const char *skip_space(const char *c)
{
    while (*c && isspace((unsigned char)*c))
        c++;
    return c;
}

static bool parse_castling(struct position *p, const char *text, const char *c, struct fen_error *err)
{
    for (int r = 0; r < CASTLING_RIGHTS; r++)
        p->st.castle_rook[r] = SQ_NONE;
    if (*c == '-')
        return true;
    for (; *c && !isspace((unsigned char)*c); c++) {
        const char *flags = "KQkq";
        const char *f = strchr(flags, *c);
        if (!f)
            return fail(err, (int)(c - text) + 1, "castling field takes K Q k q or -");
        int r = (int)(f - flags);
        enum colour colour = r < 2 ? WHITE : BLACK;
        int rook = castling_rook_home(p, (enum castling_right)r);
        if (p->board[castling_king_home(p, colour)] != unit_make(colour, KING) ||
            p->board[rook] != unit_make(colour, ROOK))
            return fail(err, (int)(c - text) + 1, "castling right without king and rook on their squares");
        p->st.castle_rook[r] = (square_t)rook;
    }
    return true;
}

bool fen_parse(struct position *p, const char *text, struct fen_error *err)
{
    const char *c = skip_space(text);
    if (!fen_parse_placement(p, c, 'N', err)) {
        err->column += (int)(c - text);
        return false;
    }
    while (*c && !isspace((unsigned char)*c))
        c++;
    c = skip_space(c);
    p->st.side = WHITE;
    if (*c) {
        if (*c != 'w' && *c != 'b')
            return fail(err, (int)(c - text) + 1, "side to move must be w or b");
        p->st.side = *c == 'w' ? WHITE : BLACK;
        c = skip_space(c + 1);
    }
    if (*c) {
        if (!parse_castling(p, text, c, err))
            return false;
        while (*c && !isspace((unsigned char)*c))
            c++;
        c = skip_space(c);
    }
    if (*c && *c != '-') {
        int ep = square_parse(p->geo, c);
        if (ep == SQ_NONE)
            return fail(err, (int)(c - text) + 1, "e.p. field must be a square or -");
        int back = p->st.side == WHITE ? p->geo->south : p->geo->north;
        p->st.ep_sq = (square_t)ep;
        p->st.ep_victim = (square_t)(ep + back);
    }
    position_rehash(p);
    return true;
}

void fen_write(const struct position *p, char *buf)
{
    const struct geometry *g = p->geo;
    char *o = buf;
    for (int r = g->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < g->files; f++) {
            unit_t u = p->board[geo_square(g, f, r)];
            if (u == UNIT_EMPTY) {
                empty++;
                continue;
            }
            if (empty)
                *o++ = (char)('0' + empty);
            empty = 0;
            char l = unit_kind(u) == KNIGHT ? 'N' : kind_letter(unit_kind(u));
            *o++ = unit_colour(u) == BLACK ? (char)tolower((unsigned char)l) : l;
        }
        if (empty)
            *o++ = (char)('0' + empty);
        if (r)
            *o++ = '/';
    }
    *o++ = ' ';
    *o++ = p->st.side == WHITE ? 'w' : 'b';
    *o++ = ' ';
    const char *flags = "KQkq";
    char *start = o;
    for (int r = 0; r < CASTLING_RIGHTS; r++)
        if (p->st.castle_rook[r] != SQ_NONE)
            *o++ = flags[r];
    if (o == start)
        *o++ = '-';
    *o++ = ' ';
    if (p->st.ep_sq != SQ_NONE) {
        square_name(g, p->st.ep_sq, o);
        o += 2;
    } else
        *o++ = '-';
    *o = 0;
}
