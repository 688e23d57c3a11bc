/* Popeye's problem header: remark, centred author/origin/award/title, the board
 * diagram (any number of ranks), and the stipulation line with piece counts. */
#include "diagram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../rules/rules.h"
#include "../search/solve.h"
#include "utf8.h"
#include "words.h"

#define BOARD_WIDTH 37 /* Popeye centres header lines in this width */

/* Text from the input (len bytes of s) as UTF-8: a file in Latin-1 (an
 * author's 0xF6) must not put bytes on the terminal that are no UTF-8
 * (utf8.h says how the encoding is told). */
static void input_text(struct text *out, const char *s, int len)
{
    char *slice = malloc((size_t)len + 1);
    if (!slice)
        out_of_memory();
    memcpy(slice, s, (size_t)len);
    slice[len] = 0;
    char *u = utf8_from_text(slice);
    text_put(out, u);
    free(u);
    free(slice);
}

static void centred(struct text *out, const char *s)
{
    /* several lines (joined Author lines) are centred one by one, by their
     * bytes as written, as Popeye centres them (a Latin-1 letter is one
     * column there and stays one) */
    while (*s) {
        const char *nl = strchr(s, '\n');
        int len = nl ? (int)(nl - s) : (int)strlen(s);
        int pad = len < BOARD_WIDTH ? (BOARD_WIDTH - len) / 2 : 0;
        text_printf(out, "%*s", pad, "");
        input_text(out, s, len);
        text_put(out, "\n");
        s += len + (nl ? 1 : 0);
    }
}

static void border(struct text *out, const struct geometry *g)
{
    text_put(out, "+--");
    for (int f = 0; f < g->files; f++)
        text_printf(out, "-%c--", 'a' + f);
    text_put(out, "-+\n");
}

static void cell(struct text *out, const struct words *w, unit_t u)
{
    if (u == UNIT_EMPTY) {
        text_put(out, "   .");
        return;
    }
    char mark = unit_colour(u) == BLACK ? '-' : unit_colour(u) == NEUTRAL ? '=' : ' ';
    text_printf(out, "  %c%c", mark, words_letter(w, unit_kind(u)));
}

static void board(struct text *out, const struct words *w, const struct position *p)
{
    const struct geometry *g = p->geo;
    border(out, g);
    text_printf(out, "|%*s|\n", g->files * 4 + 3, "");
    for (int r = g->ranks - 1; r >= 0; r--) {
        text_printf(out, "%d", r + 1);
        for (int f = 0; f < g->files; f++)
            cell(out, w, p->board[geo_square(g, f, r)]);
        text_printf(out, "   %d\n", r + 1);
        text_printf(out, "|%*s|\n", g->files * 4 + 3, "");
    }
    border(out, g);
}

/* Popeye's line for CastlingMutuallyExclusive, in its order of pairs. */
static void write_exclusive_castling(struct text *out, const struct words *w, const struct position *p)
{
    static const int pairs[4][2] = {{WHITE_LONG, BLACK_LONG}, {WHITE_LONG, BLACK_SHORT},
                                    {WHITE_SHORT, BLACK_LONG}, {WHITE_SHORT, BLACK_SHORT}};
    bool any = false;
    for (int i = 0; i < 4; i++) {
        if (!(p->castle_exclusive[pairs[i][0]] >> pairs[i][1] & 1))
            continue;
        char a[4], b[4];
        square_name(p->geo, castling_rook_home(p, (enum castling_right)pairs[i][0]), a);
        square_name(p->geo, castling_rook_home(p, (enum castling_right)pairs[i][1]), b);
        text_printf(out, "%s %s%s", any ? "" : words_get(w, WORD_CASTLING_EXCLUSIVE), a, b);
        any = true;
    }
    if (any)
        text_put(out, "\n");
}

void diagram_write_stipulation_notes(struct text *out, const struct problem *pr, const struct stipulation *st,
                                     const struct stipulation *post_key)
{
    const struct words *w = words_of(pr->language);
    if (pr->options.quodlibet && !solve_quodlibet_applies(st))
        text_printf(out, "%s\n", words_get(w, WORD_QUODLIBET_IGNORED));
    if (pr->options.white_to_play && !solve_white_to_play(pr, st)) /* as written */
        text_printf(out, "%s\n", words_get(w, WORD_WHITETOPLAY_IGNORED));
    if (pr->options.post_key_play && !solve_post_key(pr, post_key))
        text_printf(out, "%s\n", words_get(w, WORD_POSTKEY_IGNORED));
}

void diagram_write_header(struct text *out, const struct problem *pr, const struct position *p,
                          const struct twin_view *v)
{
    const struct words *w = words_of(pr->language);
    /* the remark first, then Popeye's notes, written when it reads the
     * problem, wherever the Remark line stands (Popeye 4.104) */
    if (pr->remark && pr->remark[0]) {
        input_text(out, pr->remark, (int)strlen(pr->remark));
        text_put(out, "\n");
    }
    diagram_write_stipulation_notes(out, pr, &pr->stipulation, &v->stipulation);
    /* NoBoard: Popeye 4.104 prints none of the diagram's text either (no
     * author, title, stipulation line, condition or Duplex) */
    if (pr->options.no_board)
        return;
    text_put(out, "\n");
    if (pr->author && pr->author[0])
        centred(out, pr->author);
    if (pr->origin && pr->origin[0])
        centred(out, pr->origin);
    if (pr->award && pr->award[0]) /* as Popeye prints it: after the source, before the title */
        centred(out, pr->award);
    if (pr->title && pr->title[0])
        centred(out, pr->title);
    text_put(out, "\n");
    board(out, w, p);
    char stip[64];
    int len = snprintf(stip, sizeof stip, "  %s", v->stipulation.text);
    if (pr->options.threat >= 0)
        len += snprintf(stip + len, sizeof stip - (size_t)len, "/%d", pr->options.threat);
    if (pr->options.max_flights >= 0)
        len += snprintf(stip + len, sizeof stip - (size_t)len, "%s/%d",
                        pr->options.threat >= 0 ? "" : "/", pr->options.max_flights);
    if (pr->options.nontrivial) /* Popeye: "s#4/2/1;3,2" */
        len += snprintf(stip + len, sizeof stip - (size_t)len, ";%d,%d", pr->options.nontrivial_max,
                        pr->options.nontrivial_length);
    int count[COLOUR_COUNT] = {0};
    for (int sq = 0; sq < p->geo->squares; sq++)
        if (unit_is_piece(p->board[sq]))
            count[unit_colour(p->board[sq])]++;
    char counts[48];
    if (count[NEUTRAL])
        snprintf(counts, sizeof counts, "%d + %d + %dn", count[WHITE], count[BLACK], count[NEUTRAL]);
    else
        snprintf(counts, sizeof counts, "%d + %d", count[WHITE], count[BLACK]);
    int width = p->geo->files * 4 + 4 - len - 1;
    text_printf(out, "%s%*s\n", stip, width, counts);
    write_exclusive_castling(out, w, p);
    if (p->rules != &rules_orthodox) {
        char cond[RULES_DESCRIPTION_MAX];
        rules_describe_text(p->rules, p->switches, cond);
        centred(out, cond);
    }
    if (pr->options.half_duplex) /* Popeye names these options under the stipulation */
        centred(out, "HalfDuplex");
    else if (pr->options.duplex)
        centred(out, "Duplex");
    if (pr->options.quodlibet)
        centred(out, "Quodlibet");
}

void diagram_write_phase_notes(struct text *out, const struct problem *pr, const struct stipulation *st)
{
    const struct words *w = words_of(pr->language);
    bool battle = !stipulation_has_lines(st);
    /* Popeye 4.104's order: SetPlay, Intelligent, tries, Threat,
     * StopOnShortSolutions.  A direct series has no set play (docs/rules.md
     * 6), nor has a help play of half a move (h#0.5) or hs#1;
     * nor has battle play under PostKeyPlay, whose diagram is already the
     * position after the key */
    bool no_set_play = (st->series && st->play == PLAY_DIRECT) ||
                       (!st->series && st->play == PLAY_HELP && st->half && st->moves == 0) ||
                       (!st->series && st->play == PLAY_HELP_SELF && st->moves == 1 && !st->half) ||
                       (battle && pr->options.post_key_play);
    if (pr->options.set_play && no_set_play)
        text_printf(out, "%s\n", words_get(w, WORD_SETPLAY_IGNORED));
    /* Intelligent: Popeye's mode serves mate and stalemate in help play
     * and series (docs/language.md "Options"); we take it as a hint everywhere */
    bool mate_or_stalemate = st->goal == GOAL_MATE || st->goal == GOAL_STALEMATE;
    bool intelligent = mate_or_stalemate && (st->play == PLAY_HELP || st->play == PLAY_RECI_HELP ||
                                             (st->series && st->play == PLAY_DIRECT));
    if (pr->options.intelligent && !intelligent)
        text_printf(out, "%s\n", words_get(w, WORD_INTELLIGENT_IGNORED));
    /* tries (Try, or Defence n alone) are keys' rivals: after the key there
     * are none to show */
    if (battle && pr->options.post_key_play && (pr->options.try_play || pr->options.defence > 0))
        text_printf(out, "%s\n", words_get(w, WORD_TRIES_IGNORED));
    int n = pr->options.threat;
    if (n >= 1 && (!battle || (st->moves >= 2 && n >= st->moves)))
        text_printf(out, "%s\n", words_get(w, WORD_THREAT_IGNORED));
    /* battle play never stops on a short solution (Popeye 4.104's note,
     * which says "direct play" for s# too) */
    if (pr->options.stop_on_short && battle)
        text_printf(out, "%s\n", words_get(w, WORD_STOP_ON_SHORT_IGNORED));
}
