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

void turn_text(const struct position *before, const struct turn *t, char *buf)
{
    char *o = buf;
    if (t->flags & TURN_CASTLE) {
        strcpy(buf, t->from2 > t->from ? "0-0" : "0-0-0");
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
        o = put_square(before, t->from, o);
        put_square(before, t->from2, o);
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
