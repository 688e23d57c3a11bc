/* problem_twin: a twin's diagram, stipulation and rule set, with Popeye's
 * description of the change ("bSh3-->h4", "+bBh6").  Builds no position. */
#include "squares.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "setup.h"

enum effect_kind { EF_CREATE, EF_REMOVE, EF_MOVE, EF_EXCHANGE, EF_TEXT };

struct effect {
    enum effect_kind kind;
    struct square_ref a, b;
    unit_t u, u2;
    char text[RULES_DESCRIPTION_MAX]; /* the longest: a twin's condition */
};

struct work {
    unit_t grid[MAX_RANKS][MAX_FILES];
    struct stipulation stip;
    const struct rules *rules;
    unsigned switches;
    int files, ranks;
    struct effect eff[2 * TWIN_OPS_MAX];
    int n_eff;
    char label[8];
    struct parse_error *err;
};

static bool fail(struct work *w, const struct twin_op *op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail(struct work *w, const struct twin_op *op, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    w->err->line = op->line;
    w->err->column = op->column;
    snprintf(w->err->message, sizeof w->err->message, "twin %s: %s", w->label, msg);
    return false;
}

static bool on_board(const struct work *w, struct square_ref q)
{
    return q.file >= 0 && q.rank >= 0 && q.file < w->files && q.rank < w->ranks;
}

static unit_t *at(struct work *w, struct square_ref q) { return &w->grid[q.rank][q.file]; }

static void effect(struct work *w, enum effect_kind kind, struct square_ref a, struct square_ref b, unit_t u,
                   unit_t u2, const char *text)
{
    struct effect *e = &w->eff[w->n_eff++];
    e->kind = kind;
    e->a = a;
    e->b = b;
    e->u = u;
    e->u2 = u2;
    snprintf(e->text, sizeof e->text, "%s", text ? text : "");
}

static bool need_square(struct work *w, const struct twin_op *op, struct square_ref q, bool occupied)
{
    char sq[3];
    square_ref_name(q, sq);
    if (!on_board(w, q))
        return fail(w, op, "square %s is off the %dx%d board", sq, w->files, w->ranks);
    if (occupied && *at(w, q) == UNIT_EMPTY)
        return fail(w, op, "no unit on %s", sq);
    return true;
}

static bool same_squares(struct work *w, const struct twin_op *op)
{
    if (op->a.file != op->b.file || op->a.rank != op->b.rank)
        return false;
    char sq[3];
    square_ref_name(op->a, sq);
    return !fail(w, op, "the two squares are both %s", sq);
}

/* Moves every unit by the transformation; false if one would leave the board. */
static bool transform(struct work *w, const struct twin_op *op, int kind, int df, int dr)
{
    unit_t next[MAX_RANKS][MAX_FILES];
    memset(next, 0, sizeof next);
    int F = w->files, R = w->ranks;
    for (int r = 0; r < MAX_RANKS; r++)
        for (int f = 0; f < MAX_FILES; f++) {
            if (w->grid[r][f] == UNIT_EMPTY)
                continue;
            int nf = f, nr = r;
            switch (kind) {
            case 90: nf = R - 1 - r; nr = f; break;
            case 180: nf = F - 1 - f; nr = R - 1 - r; break;
            case 270: nf = r; nr = F - 1 - f; break;
            case MIRROR_A1_H1 + 1000: nf = F - 1 - f; break;
            case MIRROR_A1_A8 + 1000: nr = R - 1 - r; break;
            case MIRROR_A8_H1 + 1000: nf = r; nr = f; break;
            case MIRROR_A1_H8 + 1000: nf = R - 1 - r; nr = F - 1 - f; break;
            default: nf = f + df; nr = r + dr; break; /* shift */
            }
            struct square_ref from = {(int8_t)f, (int8_t)r};
            struct square_ref to = {(int8_t)nf, (int8_t)nr};
            if (!on_board(w, from) || !on_board(w, to)) {
                char sq[3];
                square_ref_name(from, sq);
                return fail(w, op, "the unit on %s would leave the board", sq);
            }
            next[nr][nf] = w->grid[r][f];
        }
    memcpy(w->grid, next, sizeof next);
    return true;
}

/* Move, Exchange, Remove, Add: units of the squares named. */
static bool apply_unit_op(struct work *w, const struct twin_op *op)
{
    switch (op->kind) {
    case TWIN_MOVE:
        if (!need_square(w, op, op->a, true) || !need_square(w, op, op->b, false) || same_squares(w, op))
            return false;
        if (*at(w, op->b) != UNIT_EMPTY)
            effect(w, EF_REMOVE, op->b, op->b, *at(w, op->b), 0, NULL);
        effect(w, EF_MOVE, op->a, op->b, *at(w, op->a), 0, NULL);
        *at(w, op->b) = *at(w, op->a);
        *at(w, op->a) = UNIT_EMPTY;
        return true;
    case TWIN_EXCHANGE: {
        if (!need_square(w, op, op->a, true) || !need_square(w, op, op->b, true) || same_squares(w, op))
            return false;
        unit_t ua = *at(w, op->a);
        effect(w, EF_EXCHANGE, op->a, op->b, ua, *at(w, op->b), NULL);
        *at(w, op->a) = *at(w, op->b);
        *at(w, op->b) = ua;
        return true;
    }
    case TWIN_REMOVE:
        if (!need_square(w, op, op->a, true))
            return false;
        effect(w, EF_REMOVE, op->a, op->a, *at(w, op->a), 0, NULL);
        *at(w, op->a) = UNIT_EMPTY;
        return true;
    case TWIN_ADD:
        if (!need_square(w, op, op->a, false))
            return false;
        if (*at(w, op->a) != UNIT_EMPTY)
            effect(w, EF_REMOVE, op->a, op->a, *at(w, op->a), 0, NULL);
        effect(w, EF_CREATE, op->a, op->a, op->unit, 0, NULL);
        *at(w, op->a) = op->unit;
        return true;
    default:
        return fail(w, op, "unknown twinning");
    }
}

/* Rotate, Mirror, Shift: every unit moved together. */
static bool apply_board_op(struct work *w, const struct twin_op *op)
{
    static const char *const mirror_text[] = {"a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1"};
    char text[48], a[3], b[3];
    switch (op->kind) {
    case TWIN_ROTATE:
        if (op->degrees != 180 && w->files != w->ranks)
            return fail(w, op, "rotate %d needs a square board", op->degrees);
        if (op->degrees != 90 && op->degrees != 180 && op->degrees != 270)
            return fail(w, op, "rotate takes 90, 180 or 270");
        if (!transform(w, op, op->degrees, 0, 0))
            return false;
        snprintf(text, sizeof text, "rotate %d", op->degrees);
        break;
    case TWIN_MIRROR:
        if ((unsigned)op->mirror > MIRROR_A8_H1)
            return fail(w, op, "unknown mirror");
        if ((op->mirror == MIRROR_A1_H8 || op->mirror == MIRROR_A8_H1) && w->files != w->ranks)
            return fail(w, op, "mirror %s needs a square board", mirror_text[op->mirror]);
        if (!transform(w, op, (int)op->mirror + 1000, 0, 0))
            return false;
        snprintf(text, sizeof text, "mirror %s", mirror_text[op->mirror]);
        break;
    case TWIN_SHIFT:
        if (!need_square(w, op, op->a, false) || !need_square(w, op, op->b, false))
            return false;
        if (!transform(w, op, -1, op->b.file - op->a.file, op->b.rank - op->a.rank))
            return false;
        square_ref_name(op->a, a);
        square_ref_name(op->b, b);
        snprintf(text, sizeof text, "shift %s ==> %s", a, b);
        break;
    default:
        return fail(w, op, "unknown twinning");
    }
    effect(w, EF_TEXT, op->a, op->a, 0, 0, text);
    return true;
}

static bool apply_op(struct work *w, const struct twin_op *op)
{
    char text[48];
    switch (op->kind) {
    case TWIN_MOVE:
    case TWIN_EXCHANGE:
    case TWIN_REMOVE:
    case TWIN_ADD: return apply_unit_op(w, op);
    case TWIN_ROTATE:
    case TWIN_MIRROR:
    case TWIN_SHIFT: return apply_board_op(w, op);
    case TWIN_SUBSTITUTE: {
        enum kind from = unit_kind(op->unit), to = unit_kind(op->unit2);
        for (int r = 0; r < MAX_RANKS; r++)
            for (int f = 0; f < MAX_FILES; f++)
                if (unit_is_piece(w->grid[r][f]) && unit_kind(w->grid[r][f]) == from)
                    w->grid[r][f] = unit_make(unit_colour(w->grid[r][f]), to);
        snprintf(text, sizeof text, "%c ==> %c", kind_letter(from), kind_letter(to));
        effect(w, EF_TEXT, op->a, op->a, 0, 0, text);
        return true;
    }
    case TWIN_POLISH:
        for (int r = 0; r < MAX_RANKS; r++)
            for (int f = 0; f < MAX_FILES; f++) {
                unit_t u = w->grid[r][f];
                if (unit_is_piece(u) && unit_colour(u) != NEUTRAL)
                    w->grid[r][f] = unit_make(unit_colour(u) == WHITE ? BLACK : WHITE, unit_kind(u));
            }
        effect(w, EF_TEXT, op->a, op->a, 0, 0, "PolishType");
        return true;
    case TWIN_STIPULATION:
        w->stip = op->stipulation;
        effect(w, EF_TEXT, op->a, op->a, 0, 0, w->stip.text);
        return true;
    case TWIN_CONDITION:
        if (!op->rules)
            return fail(w, op, "no condition");
        w->rules = op->rules;
        w->switches = op->switches;
        w->files = w->rules->files;
        w->ranks = w->rules->ranks;
        char description[RULES_DESCRIPTION_MAX];
        rules_describe_text(w->rules, w->switches, description);
        effect(w, EF_TEXT, op->a, op->a, 0, 0, description);
        return true;
    }
    return fail(w, op, "unknown twinning");
}

static bool apply_twin(struct work *w, const struct twin *t)
{
    w->n_eff = 0;
    for (int i = 0; i < t->op_count && i < TWIN_OPS_MAX; i++)
        if (!apply_op(w, &t->ops[i]))
            return false;
    return true;
}

static void unit_spec(unit_t u, struct square_ref q, char *out, size_t cap)
{
    static const char colour[] = "wbn";
    char sq[3];
    square_ref_name(q, sq);
    snprintf(out, cap, "%c%c%s", colour[unit_colour(u) % 3], kind_letter(unit_kind(u)), sq);
}

static bool same(struct square_ref a, struct square_ref b) { return a.file == b.file && a.rank == b.rank; }

/* Popeye's twinning text: a creation shows '+' unless it replaces a unit removed
 * earlier in the twin; a removal is not shown when a creation on its square follows. */
static void describe(const struct work *w, char *out, size_t cap)
{
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < w->n_eff; i++) {
        const struct effect *e = &w->eff[i];
        char piece[sizeof e->text] = "", s1[16], s2[16], sq[3];
        bool replaced = false, replacing = false;
        for (int j = 0; j < i; j++)
            replaced |= w->eff[j].kind == EF_REMOVE && same(w->eff[j].a, e->a);
        for (int j = i + 1; j < w->n_eff; j++)
            replacing |= w->eff[j].kind == EF_CREATE && same(w->eff[j].a, e->a);
        switch (e->kind) {
        case EF_CREATE:
            unit_spec(e->u, e->a, s1, sizeof s1);
            snprintf(piece, sizeof piece, "%s%s", replaced ? "" : "+", s1);
            break;
        case EF_REMOVE:
            if (replacing)
                continue;
            unit_spec(e->u, e->a, s1, sizeof s1);
            snprintf(piece, sizeof piece, "-%s", s1);
            break;
        case EF_MOVE:
            unit_spec(e->u, e->a, s1, sizeof s1);
            square_ref_name(e->b, sq);
            snprintf(piece, sizeof piece, "%s-->%s", s1, sq);
            break;
        case EF_EXCHANGE:
            unit_spec(e->u, e->a, s1, sizeof s1);
            unit_spec(e->u2, e->b, s2, sizeof s2);
            snprintf(piece, sizeof piece, "%s<-->%s", s1, s2);
            break;
        case EF_TEXT:
            snprintf(piece, sizeof piece, "%s", e->text);
            break;
        }
        int n = snprintf(out + used, cap - used, "%s%s", used ? "  " : "", piece);
        if (n < 0 || (size_t)n >= cap - used)
            return;
        used += (size_t)n;
    }
}

static void label_of(int twin, char *out, size_t cap)
{
    if (twin < 26)
        snprintf(out, cap, "%c", 'a' + twin);
    else
        snprintf(out, cap, "z%d", (twin - 25) % 100000);
}

static void grid_to_diagram(const struct work *w, struct diagram *d)
{
    d->count = 0;
    for (int r = 0; r < MAX_RANKS; r++)
        for (int f = 0; f < MAX_FILES; f++)
            if (w->grid[r][f] != UNIT_EMPTY && d->count < DIAGRAM_MAX) {
                struct diagram_unit *u = &d->units[d->count++];
                u->file = (int8_t)f;
                u->rank = (int8_t)r;
                u->unit = w->grid[r][f];
            }
}

bool problem_twin(const struct problem *pr, int twin, struct twin_view *v, struct parse_error *err)
{
    memset(v, 0, sizeof *v);
    if (twin < 0 || twin > pr->twin_count) {
        err->line = 0;
        err->column = 0;
        snprintf(err->message, sizeof err->message, "there is no twin %d (the problem has %d)", twin,
                 pr->twin_count + 1);
        return false;
    }
    struct work w;
    memset(&w, 0, sizeof w);
    w.err = err;
    w.stip = pr->stipulation;
    w.rules = pr->rules ? pr->rules : &rules_orthodox;
    w.switches = pr->switches;
    w.files = w.rules->files;
    w.ranks = w.rules->ranks;
    label_of(twin, w.label, sizeof w.label);
    if (pr->diagram.count < 0 || pr->diagram.count > DIAGRAM_MAX) {
        err->line = pr->line;
        err->column = 0;
        snprintf(err->message, sizeof err->message, "too many units (at most %d)", DIAGRAM_MAX);
        return false;
    }
    for (int i = 0; i < pr->diagram.count; i++) {
        struct diagram_unit u = pr->diagram.units[i];
        if (u.file < 0 || u.rank < 0 || u.file >= MAX_FILES || u.rank >= MAX_RANKS) {
            err->line = pr->line;
            err->column = 0;
            snprintf(err->message, sizeof err->message, "a unit is off the board (file %d, rank %d)", u.file + 1,
                     u.rank + 1);
            return false;
        }
        w.grid[u.rank][u.file] = u.unit;
    }
    int start = twin;
    while (start >= 1 && pr->twins[start - 1].continued)
        start--;
    if (start == 0 && pr->zero_position && !apply_twin(&w, &pr->zero))
        return false;
    for (int i = start > 1 ? start : 1; i <= twin; i++)
        if (!apply_twin(&w, &pr->twins[i - 1]))
            return false;

    if (twin == 0 && !pr->zero_position)
        v->diagram = pr->diagram;
    else
        grid_to_diagram(&w, &v->diagram);
    v->stipulation = w.stip;
    v->rules = w.rules;
    v->switches = w.switches;
    if (pr->twin_count > 0 || pr->zero_position) {
        snprintf(v->label_text, sizeof v->label_text, "%s", w.label);
        v->label = twin < 26 ? (char)('a' + twin) : 'z';
        if (twin > 0 || pr->zero_position)
            describe(&w, v->change, sizeof v->change);
    }
    v->continued = twin > 0 && pr->twins[twin - 1].continued;
    const struct twin *t = twin > 0 ? &pr->twins[twin - 1] : pr->zero_position ? &pr->zero : NULL;
    v->line = t ? t->line : pr->line;
    v->column = t ? t->column : 0;
    return true;
}
