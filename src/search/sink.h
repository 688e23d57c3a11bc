/* The solution as data: the search reports each part of the solution as an
 * event, in Popeye's order, as soon as it is proved; the reports render them. */
#ifndef FS_SINK_H
#define FS_SINK_H

#include <stdbool.h>

#include "../board/position.h"
#include "../problem/problem.h"

/* What a move does, as the solution marks it (FORMAT.md 2): the goal
 * (" #", " =", " #=") or check (" +"). */
enum move_effect { EFFECT_NONE, EFFECT_CHECK, EFFECT_GOAL };

enum solution_event_kind {
    /* Battle play (direct, self).  Depth counts half-moves from the first
     * move (0); set play starts at depth 1 with the defender's moves. */
    EVENT_SET_PLAY,        /* set play follows (Option SetPlay) */
    EVENT_SET_PLAY_END,
    EVENT_NUMBERED_MOVE,   /* Option MoveNumbers: first move `number` is examined */
    EVENT_FIRST_MOVE,      /* a key (win) or a try, at depth 0 */
    EVENT_THREAT,          /* after the move at `depth`: its threat follows
                            * (threat_length > 0) or there is none (zugzwang) */
    EVENT_THREAT_END,      /* the threat's lines are complete */
    EVENT_MOVE,            /* a defence or a continuation at `depth`; a
                            * threat line's first move has in_threat set and
                            * belongs to the move at depth - 2 */
    EVENT_REFUTATIONS,     /* the try's refutations follow */
    EVENT_REFUTATION,      /* one refutation, at depth 1 */
    EVENT_FIRST_MOVE_END,  /* the key or try has all its play */
    EVENT_NUMBERED_END,    /* Option MoveNumbers: every first move was examined */
    EVENT_POST_KEY,        /* Option PostKeyPlay: the play after the (unshown) key
                            * follows, its defences at depth 1 */
    EVENT_POST_KEY_END,
    /* Help play. */
    EVENT_HELP_LINE,       /* one solution: `plies` turns from `pos` */
    EVENT_HELP_PHASE_END,  /* set play (then play) has all its solutions */
};

struct solution_event {
    enum solution_event_kind kind;
    /* the position before the move; the receiver may make and unmake moves
     * on it but must leave it as it was */
    struct position *pos;
    const struct turn *turn;     /* EVENT_NUMBERED_MOVE, _FIRST_MOVE, _MOVE, _REFUTATION */
    enum move_effect effect;     /* of that turn */
    int depth;
    int number;                  /* EVENT_NUMBERED_MOVE: 1, 2, ... in Popeye's order */
    bool win;                    /* EVENT_FIRST_MOVE: key (true) or try */
    bool in_threat;              /* EVENT_MOVE */
    bool refutes;                /* EVENT_MOVE: PostKeyPlay, a defence that holds */
    int threat_length;           /* EVENT_THREAT: attacker turns of the threat, 0: zugzwang */
    /* EVENT_HELP_LINE: the solution's turns and their effects */
    const struct turn *line;
    const enum move_effect *line_effects;
    int plies;
    /* EVENT_HELP_LINE of help play: the half-moves of a full line of the
     * length searched (0: plies); a reci-h#'s own mate is one half-move
     * shorter than the helpmates it follows */
    int length;
    bool white_first;            /* numbering "1..." when the first move is White's */
    bool set_play;               /* a set-play line (EVENT_HELP_LINE, EVENT_HELP_PHASE_END) */
    bool short_line;             /* shorter than the stipulation */
    /* EVENT_HELP_LINE of a series (ser-...): the first series_moves turns
     * are one side's series, the rest the other side's ending */
    bool series;
    int series_moves;
    /* ser-r# (a help line) and r#n (a first move): the mover could reach
     * the goal here and so had to: the line fails (Popeye marks it "?!?");
     * not a solution */
    bool forced_fail;
    enum goal goal;              /* the goal marks of the last move */
    /* where the event belongs, so that parts solving different first moves
     * can be joined: the place of its first move in the root's turn list (the
     * order a whole run shows them), -1 for set play and phase ends;
     * EVENT_NUMBERED_MOVE in help play and series has plies = the plies of
     * a full line of the length searched (a line of its first move) */
    int first_index;
};

struct solution_sink {
    void (*event)(void *ctx, const struct solution_event *e);
    void *ctx;
};

static inline void sink_send(const struct solution_sink *k, const struct solution_event *e)
{
    if (k && k->event)
        k->event(k->ctx, e);
}

#endif
