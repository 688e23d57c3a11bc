/* Move notation: Popeye's text form and the canonical form of FORMAT.md 8.
 * Driven only by the turn's flags, so every rule set gets it unchanged. */
#include "notation.h"

#include <stdio.h>
#include <string.h>

static char *put_square(const struct position *p, int sq, char *o)
{
    square_name(p->geo, sq, o);
    return o + strlen(o);
}

static char *put_letter(enum kind k, char *o)
{
    if (k != PAWN)
        *o++ = kind_letter(k);
    return o;
}

/* "/Xd5-d6": the stone/relay step that may follow a castling (RULES 4). */
static char *put_castling_step_text(const struct position *before, const struct turn *t, char *o)
{
    if (turn_step_from(t) == SQ_NONE)
        return o;
    *o++ = '/';
    *o++ = kind_letter(unit_kind(before->board[t->from3]));
    o = put_square(before, t->from3, o);
    *o++ = '-';
    return put_square(before, t->to3, o);
}

void turn_text(const struct position *before, const struct turn *t, char *buf)
{
    char *o = buf;
    if (t->flags & TURN_CASTLE) {
        strcpy(buf, t->from2 > t->from ? "0-0" : "0-0-0");
        *put_castling_step_text(before, t, buf + strlen(buf)) = 0;
        return;
    }
    o = put_letter(unit_kind(before->board[t->from]), o);
    o = put_square(before, t->from, o);
    if (t->to != t->from) {
        *o++ = (t->flags & TURN_CAPTURE) ? '*' : '-';
        o = put_square(before, t->to, o);
    }
    if (t->promo) {
        *o++ = '=';
        *o++ = kind_letter((enum kind)t->promo);
    }
    if (t->flags & TURN_EN_PASSANT)
        o += sprintf(o, " ep.");
    if (t->from2 != SQ_NONE) {
        *o++ = '/';
        *o++ = kind_letter(unit_kind(before->board[t->from2]));
        o = put_square(before, t->from2, o);
        if (t->flags & TURN_STEP)
            *o++ = '-';
        o = put_square(before, t->to2, o);
        if (t->promo2) {
            *o++ = '=';
            *o++ = kind_letter((enum kind)t->promo2);
        }
    }
    *o = 0;
}

void turn_canonical(const struct position *before, const struct turn *t, char *buf)
{
    char *o = buf;
    if (t->flags & TURN_CASTLE) {
        /* king's origin, rook's origin (FORMAT.md 8), then the step if any */
        o = put_square(before, t->from, o);
        o = put_square(before, t->from2, o);
        if (turn_step_from(t) != SQ_NONE) {
            *o++ = '/';
            o = put_square(before, t->from3, o);
            o = put_square(before, t->to3, o);
        }
        *o = 0;
        return;
    }
    o = put_square(before, t->from, o);
    if (t->to != t->from)
        o = put_square(before, t->to, o);
    if (t->promo)
        *o++ = kind_letter((enum kind)t->promo);
    if (t->from2 != SQ_NONE) {
        *o++ = '/';
        o = put_square(before, t->from2, o);
        o = put_square(before, t->to2, o);
        if (t->promo2)
            *o++ = kind_letter((enum kind)t->promo2);
    }
    *o = 0;
}
