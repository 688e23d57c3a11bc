/* A part's solution text cut where it can be joined with other parts': one
 * piece per first move (help play: per length and first move), set play apart. */
#ifndef FS_PART_CHUNKS_H
#define FS_PART_CHUNKS_H

#include <cjson/cJSON.h>

#include "../base/spool.h"
#include "../search/result.h"
#include "../search/sink.h"
#include "popeye_text.h"

/* Where a piece goes in a whole run's text: ordered by phase (0 set play, 1
 * play), then plies (help play: the solutions' length; battle play 0; a
 * phase's closing line PART_PLIES_END), then the first move's place in the
 * root's turn list (-1: not one first move's). */
#define PART_PLIES_END 1000000

struct part_chunk {
    int phase, plies, index;
    struct text text;
    struct strlist moves;       /* canonical first moves shown in it: turn and decision forms */
};

struct part_chunks {
    struct popeye_text pt;      /* renders each event into buf */
    struct text buf;
    struct part_chunk last;     /* the piece being written */
    bool any;                   /* last holds a piece */
    /* the pieces before it, each written as [phase, plies, index, text,
     * [moves]] once the next begins, comma-separated: a part's text may be
     * as long as its solutions are many */
    struct spool done;
    int done_count;
    bool battle_set_play;       /* between EVENT_SET_PLAY and its end */
};

void part_chunks_init(struct part_chunks *c, const struct words *words);
/* A sink rendering Popeye's text into c's pieces. */
struct solution_sink part_chunks_sink(struct part_chunks *c);
/* Every piece written: the items of [[phase, plies, index, text, [moves]],
 * ...] without the brackets (c->done.failed when they could not be kept). */
struct spool *part_chunks_finish(struct part_chunks *c);
void part_chunks_free(struct part_chunks *c);

#endif
