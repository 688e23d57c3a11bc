/* The solution in Popeye's text layout: a sink (search/sink.h) that writes
 * each event into a text buffer and says when a part is complete. */
#ifndef FS_POPEYE_TEXT_H
#define FS_POPEYE_TEXT_H

#include "../search/sink.h"
#include "../base/text.h"
#include "words.h"

struct popeye_text {
    struct text *out;
    const struct words *words;  /* the output language; NULL: English */
    /* called when a key, try, help solution or set play is complete, so the
     * caller may print what out holds; NULL: nobody streams */
    void (*part_done)(void *ctx);
    void *ctx;
    bool numbered_last;         /* the last line written is a numbered first move */
    bool post_key_start;        /* PostKeyPlay: nothing written since the play began */
    bool set_play_empty;        /* battle set play: nothing written since it began */
    bool tree_last;             /* the last thing written is a key's or a try's play (work.c) */
};

/* A sink writing into pt->out; pt must outlive the sink's use. */
struct solution_sink popeye_text_sink(struct popeye_text *pt);

#endif
