/* A problem's diagram as an SVG 1.1 document (--svg): board, units and the
 * caption, drawn with presentation attributes only, so any viewer shows it. */
#include "svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/rules.h"
#include "utf8.h"
#include "words.h"

#define MARGIN_LEFT 24   /* room for the rank numbers */
#define MARGIN_RIGHT 16
#define MARGIN_TOP 10
#define LINE 18          /* one caption line */
#define WRAP 46          /* caption lines are wrapped at about this many characters */
#define CAPTION_MAX 24

/* Colours: squares as most diagram editors draw them; stones grey and
 * relays ringed, so that neither is taken for a piece. */
#define LIGHT "#f0d9b5"
#define DARK "#b58863"
#define FRAME "#404040"
#define STONE_FILL "#8c8c8c"
#define STONE_EDGE "#505050"
#define RELAY_INK "#303030"
#define FONT "DejaVu Sans, sans-serif"

struct caption {
    int count;
    char *lines[CAPTION_MAX];
    int size[CAPTION_MAX];       /* font size */
    const char *style[CAPTION_MAX]; /* extra attributes: bold, italic */
};

/* The text as XML character data: valid UTF-8 (Latin-1 input converted),
 * markup characters escaped, control bytes (not allowed in XML) as blanks. */
static void xml_text(struct text *out, const char *s)
{
    char *u = utf8_from_text(s);
    for (const char *c = u; *c; c++) {
        switch (*c) {
        case '&': text_put(out, "&amp;"); break;
        case '<': text_put(out, "&lt;"); break;
        case '>': text_put(out, "&gt;"); break;
        case '"': text_put(out, "&quot;"); break;
        default:
            if ((unsigned char)*c < 0x20)
                text_put(out, " ");
            else
                text_printf(out, "%c", *c);
        }
    }
    free(u);
}

static void caption_add(struct caption *c, const char *line, size_t len, int size, const char *style)
{
    if (c->count == CAPTION_MAX)
        return;
    char *copy = malloc(len + 1);
    if (!copy)
        return;
    memcpy(copy, line, len);
    copy[len] = 0;
    c->lines[c->count] = copy;
    c->size[c->count] = size;
    c->style[c->count++] = style;
}

/* Each line of text (Author lines are joined with newlines), wrapped at a
 * blank before WRAP characters where it has one. */
static void caption_add_text(struct caption *c, const char *text, int size, const char *style)
{
    if (!text)
        return;
    while (*text) {
        size_t len = strcspn(text, "\n");
        const char *line = text;
        text += len + (text[len] == '\n');
        while (len > WRAP) {
            size_t cut = WRAP;
            while (cut > WRAP / 2 && line[cut] != ' ')
                cut--;
            if (line[cut] != ' ')
                cut = WRAP;
            caption_add(c, line, cut, size, style);
            line += cut;
            len -= cut;
            while (len > 0 && *line == ' ')
                line++, len--;
        }
        if (len > 0)
            caption_add(c, line, len, size, style);
    }
}

static void caption_free(struct caption *c)
{
    for (int i = 0; i < c->count; i++)
        free(c->lines[i]);
    c->count = 0;
}

static int caption_height(const struct caption *c) { return c->count * LINE; }

/* Lines centred on x, the first baseline at y. */
static void caption_write(struct text *out, const struct caption *c, int x, int y)
{
    for (int i = 0; i < c->count; i++) {
        text_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\"%s>", x, y + i * LINE,
                    c->size[i], c->style[i]);
        xml_text(out, c->lines[i]);
        text_put(out, "</text>\n");
    }
}

/* What stands above the board: author, source, award, title. */
static void caption_above(struct caption *c, const struct problem *pr)
{
    caption_add_text(c, pr->author, 14, " font-weight=\"bold\"");
    caption_add_text(c, pr->origin, 13, "");
    caption_add_text(c, pr->award, 13, " font-style=\"italic\"");
    caption_add_text(c, pr->title, 13, " font-style=\"italic\"");
}

/* What stands under the stipulation line: condition, the options Popeye
 * names there, and the twin. */
static void caption_below(struct caption *c, const struct problem *pr, const struct position *p,
                          const struct twin_view *v, bool twin_line)
{
    if (p->rules != &rules_orthodox) {
        char cond[RULES_DESCRIPTION_MAX];
        rules_describe_text(p->rules, p->switches, cond);
        caption_add_text(c, cond, 13, "");
    }
    if (pr->options.half_duplex)
        caption_add_text(c, "HalfDuplex", 13, "");
    else if (pr->options.duplex)
        caption_add_text(c, "Duplex", 13, "");
    if (pr->options.quodlibet)
        caption_add_text(c, "Quodlibet", 13, "");
    if (twin_line && v->label) {
        char change[sizeof v->change], line[sizeof v->change + 16];
        words_twin_change(words_of(pr->language), v->change, change, sizeof change);
        snprintf(line, sizeof line, "%s%s) %s", v->continued ? "+" : "", v->label_text, change);
        caption_add_text(c, line, 13, "");
    }
}

static void board_squares(struct text *out, const struct geometry *g, int x0, int y0)
{
    text_printf(out, "<rect id=\"board\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"" LIGHT "\"/>\n", x0, y0,
                g->files * SVG_SQUARE, g->ranks * SVG_SQUARE);
    text_put(out, "<g fill=\"" DARK "\">\n");
    for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++)
            if ((f + r) % 2 == 0) /* a1 is dark */
                text_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", x0 + f * SVG_SQUARE,
                            y0 + (g->ranks - 1 - r) * SVG_SQUARE, SVG_SQUARE, SVG_SQUARE);
    text_put(out, "</g>\n");
    text_printf(out,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"" FRAME
                "\" stroke-width=\"2\"/>\n",
                x0, y0, g->files * SVG_SQUARE, g->ranks * SVG_SQUARE);
}

static void coordinates(struct text *out, const struct geometry *g, int x0, int y0)
{
    text_put(out, "<g font-size=\"11\" fill=\"" FRAME "\" text-anchor=\"middle\">\n");
    for (int r = 0; r < g->ranks; r++)
        text_printf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n", x0 - 12, y0 + (g->ranks - 1 - r) * SVG_SQUARE + 24,
                    r + 1);
    for (int f = 0; f < g->files; f++)
        text_printf(out, "<text x=\"%d\" y=\"%d\">%c</text>\n", x0 + f * SVG_SQUARE + SVG_SQUARE / 2,
                    y0 + g->ranks * SVG_SQUARE + 14, 'a' + f);
    text_put(out, "</g>\n");
}

static const char *const colour_name[COLOUR_COUNT] = {"white", "black", "neutral"};
static const char *const kind_name[KIND_COUNT] = {"", "king", "queen", "rook", "bishop", "knight", "pawn",
                                                  "stone", "relay"};

/* A piece as the chess glyphs of Unicode (U+2654 white king ... U+265F
 * black pawn, in DejaVu Sans): the solid glyph filled white under the
 * outline glyph makes a white piece that hides the square; a black piece is
 * the solid glyph; a neutral one the solid glyph in grey under the outline. */
static void piece_glyph(struct text *out, unit_t u, int cx, int top)
{
    int k = unit_kind(u) - KING; /* Unicode's order: K Q R B N P */
    int base = top + SVG_SQUARE * 9 / 10;
    const char *under = unit_colour(u) == WHITE ? "#ffffff" : unit_colour(u) == NEUTRAL ? "#a0a0a0" : "#000000";
    text_printf(out, "<text x=\"%d\" y=\"%d\" fill=\"%s\">&#x%X;</text>\n", cx, base, under, 0x265A + k);
    if (unit_colour(u) != BLACK)
        text_printf(out, "<text x=\"%d\" y=\"%d\" fill=\"#000000\">&#x%X;</text>\n", cx, base, 0x2654 + k);
}

static void stone(struct text *out, int cx, int cy)
{
    text_printf(out,
                "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"" STONE_FILL "\" stroke=\"" STONE_EDGE
                "\" stroke-width=\"2\"/>\n",
                cx, cy, SVG_SQUARE * 3 / 10);
}

static void relay(struct text *out, int cx, int cy)
{
    text_printf(out,
                "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"" RELAY_INK "\" stroke-width=\"3\"/>\n",
                cx, cy, SVG_SQUARE * 3 / 10);
    text_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"" RELAY_INK "\"/>\n", cx, cy, SVG_SQUARE / 10);
}

/* Each unit in a group of its own, titled ("white king e1"), which viewers
 * show as a tooltip. */
static void units(struct text *out, const struct position *p, int x0, int y0)
{
    const struct geometry *g = p->geo;
    text_put(out, "<g font-family=\"" FONT "\" font-size=\"44\" text-anchor=\"middle\">\n");
    for (int r = g->ranks - 1; r >= 0; r--)
        for (int f = 0; f < g->files; f++) {
            unit_t u = p->board[geo_square(g, f, r)];
            if (!unit_is_piece(u))
                continue;
            int left = x0 + f * SVG_SQUARE, top = y0 + (g->ranks - 1 - r) * SVG_SQUARE;
            int cx = left + SVG_SQUARE / 2, cy = top + SVG_SQUARE / 2;
            text_printf(out, "<g class=\"unit\"><title>%s %s %c%d</title>\n", colour_name[unit_colour(u) % 3],
                        kind_name[unit_kind(u) % KIND_COUNT], 'a' + f, r + 1);
            if (unit_kind(u) == STONE)
                stone(out, cx, cy);
            else if (unit_kind(u) == RELAY)
                relay(out, cx, cy);
            else
                piece_glyph(out, u, cx, top);
            text_put(out, "</g>\n");
        }
    text_put(out, "</g>\n");
}

/* The stipulation at the board's left edge, the piece count at its right:
 * (white+black), or (white+black+neutral) where there are neutral units. */
static void stipulation_line(struct text *out, const struct position *p, const struct twin_view *v, int x0, int y)
{
    const struct geometry *g = p->geo;
    int count[COLOUR_COUNT] = {0};
    for (int sq = 0; sq < g->squares; sq++)
        if (unit_is_piece(p->board[sq]))
            count[unit_colour(p->board[sq]) % 3]++;
    text_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"15\">", x0, y);
    xml_text(out, v->stipulation.text);
    text_put(out, "</text>\n");
    text_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"15\" text-anchor=\"end\">(%d+%d", x0 + g->files * SVG_SQUARE,
                y, count[WHITE], count[BLACK]);
    if (count[NEUTRAL])
        text_printf(out, "+%d", count[NEUTRAL]);
    text_put(out, ")</text>\n");
}

static void document_title(struct text *out, const struct problem *pr, const struct twin_view *v)
{
    text_put(out, "<title>");
    if (pr->author && pr->author[0]) {
        xml_text(out, pr->author);
        text_put(out, ", ");
    }
    xml_text(out, v->stipulation.text);
    if (v->label)
        text_printf(out, " %s%s)", v->continued ? "+" : "", v->label_text);
    text_put(out, "</title>\n");
}

void svg_write_diagram(struct text *out, const struct problem *pr, const struct position *p,
                       const struct twin_view *v, bool twin_line)
{
    const struct geometry *g = p->geo;
    struct caption above = {0}, below = {0};
    caption_above(&above, pr);
    caption_below(&below, pr, p, v, twin_line);
    int width = MARGIN_LEFT + g->files * SVG_SQUARE + MARGIN_RIGHT;
    int board_top = MARGIN_TOP + caption_height(&above) + (above.count ? 6 : 0);
    int board_bottom = board_top + g->ranks * SVG_SQUARE;
    int stip_y = board_bottom + 16 + LINE + 2; /* under the file letters */
    int height = stip_y + caption_height(&below) + 10;
    text_printf(out,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
                "viewBox=\"0 0 %d %d\">\n",
                width, height, width, height);
    document_title(out, pr, v);
    text_printf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);
    text_put(out, "<g font-family=\"" FONT "\" fill=\"#000000\">\n");
    caption_write(out, &above, width / 2, MARGIN_TOP + 13);
    board_squares(out, g, MARGIN_LEFT, board_top);
    coordinates(out, g, MARGIN_LEFT, board_top);
    units(out, p, MARGIN_LEFT, board_top);
    stipulation_line(out, p, v, MARGIN_LEFT, stip_y);
    caption_write(out, &below, MARGIN_LEFT + g->files * SVG_SQUARE / 2, stip_y + LINE);
    text_put(out, "</g>\n</svg>\n");
    caption_free(&above);
    caption_free(&below);
}
