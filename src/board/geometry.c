/* Builds the geometry tables for each board size on first use.
 * Tables are immutable once built and shared by every position of that size. */
#include "../base/memory.h"
#include "geometry.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static struct geometry *cache[MAX_FILES + 1][MAX_RANKS + 1];
/* several solving threads may ask for a new size at once */
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static void fill_directions(struct geometry *g)
{
    int s = g->stride;
    g->north = s;
    g->south = -s;
    g->east = 1;
    g->west = -1;
    int rook[4] = {s, -s, 1, -1};
    int bishop[4] = {s + 1, s - 1, -s + 1, -s - 1};
    int knight[8] = {2 * s + 1, 2 * s - 1, -2 * s + 1, -2 * s - 1, s + 2, s - 2, -s + 2, -s - 2};
    for (int i = 0; i < 4; i++) {
        g->rook_dirs[i] = rook[i];
        g->bishop_dirs[i] = bishop[i];
        g->queen_dirs[i] = rook[i];
        g->queen_dirs[4 + i] = bishop[i];
    }
    memcpy(g->knight_leaps, knight, sizeof knight);
}

static void fill_lines(struct geometry *g)
{
    for (int a = 0; a < g->squares; a++) {
        if (!g->on_board[a])
            continue;
        for (int i = 0; i < 8; i++) {
            int d = g->queen_dirs[i];
            for (int b = a + d; b >= 0 && b < g->squares && g->on_board[b]; b += d) {
                g->direction_between[a][b] = (int8_t)d;
                g->ray[a][i] |= SET_BIT(geo_bit(g, b));
            }
            int n = a + g->knight_leaps[i]; /* the border keeps it in the array */
            if (g->on_board[n])
                g->knight_set[a] |= SET_BIT(geo_bit(g, n));
            if (g->on_board[a + d])
                g->king_set[a] |= SET_BIT(geo_bit(g, a + d));
        }
    }
}

static struct geometry *build(int files, int ranks)
{
    struct geometry *g = calloc(1, sizeof *g);
    if (!g)
        out_of_memory();
    g->files = files;
    g->ranks = ranks;
    g->stride = files + 2;
    g->squares = (ranks + 2 * BORDER_ROWS) * g->stride;
    g->first = geo_square(g, 0, 0);
    for (int sq = 0; sq < MAX_SQUARES; sq++)
        g->file_of[sq] = g->rank_of[sq] = -1;
    for (int r = 0; r < ranks; r++)
        for (int f = 0; f < files; f++) {
            int sq = geo_square(g, f, r);
            g->on_board[sq] = true;
            g->file_of[sq] = (int8_t)f;
            g->rank_of[sq] = (int8_t)r;
            g->bit[sq] = SET_BIT(geo_bit(g, sq));
        }
    fill_directions(g);
    fill_lines(g);
    return g;
}

const struct geometry *geometry_get(int files, int ranks)
{
    if (files < 1 || files > MAX_FILES || ranks < 1 || ranks > MAX_RANKS)
        return NULL;
    pthread_mutex_lock(&cache_lock);
    if (!cache[files][ranks])
        cache[files][ranks] = build(files, ranks);
    const struct geometry *g = cache[files][ranks];
    pthread_mutex_unlock(&cache_lock);
    return g;
}

void square_name(const struct geometry *g, int sq, char *buf)
{
    if (sq == SQ_OFF || sq < 0 || sq >= g->squares || !g->on_board[sq]) {
        buf[0] = sq == SQ_OFF ? 'E' : '?';
        buf[1] = 0;
        return;
    }
    buf[0] = (char)('a' + g->file_of[sq]);
    buf[1] = (char)('1' + g->rank_of[sq]);
    buf[2] = 0;
}

int square_parse(const struct geometry *g, const char *text)
{
    int f = tolower((unsigned char)text[0]) - 'a';
    int r = text[1] - '1';
    if (f < 0 || f >= g->files || r < 0 || r >= g->ranks)
        return SQ_NONE;
    return geo_square(g, f, r);
}
