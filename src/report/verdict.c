/* The verdict of one solved twin (rules in verdict.h): which faults hold,
 * then the text.  Key matching goes through expect_key. */
#include "verdict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "expect_key.h"
#include "step_groups.h"

/* Expect applies to twins solved with the problem's own stipulation. */
static bool expect_applies(const struct problem *pr, const struct twin_view *v)
{
    const struct stipulation *a = &pr->stipulation, *b = &v->stipulation;
    /* the part as stated; under HalfDuplex the only one, with the roles exchanged */
    if (v->colours_swapped != pr->options.half_duplex)
        return false;
    return a->play == b->play && a->goal == b->goal && a->moves == b->moves && a->half == b->half &&
           a->series == b->series;
}

static bool key_expected(const struct expectation *e, const char *key)
{
    /* matched against the position before solving (run/expect_lines.c) */
    for (int i = 0; i < e->resolved_count; i++)
        if (strcmp(e->resolved[i], key) == 0)
            return true;
    if (e->resolved_count > 0)
        return false;
    for (int i = 0; i < e->key_count; i++) {
        char c[64];
        if (expect_key_canonical(e->keys[i], c, sizeof c) && strcmp(c, key) == 0)
            return true;
    }
    return false;
}

/* group[i]: the first of the lines counted as one with line i (Option
 * GroupSteps, step_groups.h), else i itself; returns the number counted.
 * malloc'd, the caller frees it. */
static int *count_groups(const struct strlist *l, bool grouped, int *count)
{
    int *group = malloc(sizeof *group * (size_t)(l->count + 1));
    if (!group)
        out_of_memory();
    for (int i = 0; i < l->count; i++)
        group[i] = i;
    *count = grouped ? step_groups_canonical((const char *const *)l->items, l->count, group) : l->count;
    return group;
}

/* With Option GroupSteps keys that differ only in their step are one key:
 * expected when one of them is. */
static void judge_battle(const struct expectation *e, const struct result *r, bool grouped, struct verdict *out)
{
    int *group = count_groups(&r->keys, grouped, &out->found);
    if (r->post_key) { /* PostKeyPlay: no key to find; it solves when no defence holds */
        out->found = r->post_key_refutations == 0;
        out->intended = 1;
        out->no_solution = r->post_key_refutations > 0;
    } else if (e && e->key_count > 0) {
        out->intended = e->key_count;
        int matched = 0;
        for (int i = 0; i < r->keys.count; i++) {
            if (group[i] != i)
                continue;
            bool expected = false;
            for (int j = i; j < r->keys.count; j++)
                expected |= group[j] == i && key_expected(e, r->keys.items[j]);
            matched += expected;
        }
        /* the composer's key fails and another move works: say so plainly,
         * not "cooked, no-solution" (a problem with one key is not cooked) */
        out->wrong_key = matched == 0 && out->found > 0;
        out->cooked = matched < out->found && (matched > 0 || out->found > 1);
        out->no_solution = out->found == 0;
    } else {
        out->intended = 1;
        out->cooked = out->found > 1;
        out->no_solution = out->found == 0;
    }
    free(group);
}

static void judge_help(const struct expectation *e, const struct result *r, bool grouped, struct verdict *out)
{
    free(count_groups(&r->solutions, grouped, &out->found));
    out->intended = e && e->solutions >= 0 ? e->solutions : -1;
    if (out->intended >= 0) {
        /* a partial count can only be known too high */
        out->count_wrong = r->partial ? out->found > out->intended : out->found != out->intended;
        out->no_solution = out->found == 0 && out->intended != 0;
    } else {
        out->no_solution = out->found == 0;
        out->assumed = out->found > 0; /* nothing says how many are intended */
    }
}

static void add_item(struct verdict *out, const char *item)
{
    size_t len = strlen(out->text);
    snprintf(out->text + len, sizeof out->text - len, "%s%s", len ? ", " : "", item);
}

/* "expected key Qf2 is not a key; keys: Qa7-f2": the keys as written, the
 * keys found as named; no ", " inside (an item of the verdict). */
static void wrong_key_item(const struct expectation *e, const struct result *r, const char *const *names,
                           char *item, size_t cap)
{
    size_t n = (size_t)snprintf(item, cap, "expected key%s", e->key_count > 1 ? "s" : "");
    for (int i = 0; i < e->key_count && n < cap; i++)
        n += (size_t)snprintf(item + n, cap - n, " %s", e->keys[i]);
    if (n < cap)
        n += (size_t)snprintf(item + n, cap - n, " %s; key%s:", e->key_count > 1 ? "are not keys" : "is not a key",
                              r->keys.count > 1 ? "s" : "");
    for (int i = 0; i < r->keys.count && n < cap; i++)
        n += (size_t)snprintf(item + n, cap - n, " %s", names ? names[i] : r->keys.items[i]);
    if (n >= cap && cap > 4)
        memcpy(item + cap - 4, "...", 4);
}

static void write_text(struct verdict *out, const char *wrong_key)
{
    out->text[0] = 0;
    if (out->illegal) {
        add_item(out, "illegal");
        return;
    }
    if (out->sound && out->assumed) {
        char item[64];
        snprintf(item, sizeof item, "sound if %d solution%s intended", out->found, out->found == 1 ? "" : "s");
        add_item(out, item);
    } else if (out->sound) {
        add_item(out, "sound");
    }
    if (out->wrong_key)
        add_item(out, wrong_key);
    if (out->cooked)
        add_item(out, "cooked");
    if (out->no_solution)
        add_item(out, "no-solution");
    if (out->short_sol)
        add_item(out, "short");
    if (out->count_wrong) {
        char item[48];
        snprintf(item, sizeof item, "solutions %d/%d", out->found, out->intended);
        add_item(out, item);
    }
    if (out->published_missing)
        add_item(out, "published line not ours");
    if (out->partial)
        add_item(out, "partial");
    if (out->duals)
        add_item(out, "duals");
}

void verdict_compute(const struct problem *pr, const struct twin_view *v, const struct result *r,
                     struct verdict *out)
{
    verdict_compute_named(pr, v, r, NULL, out);
}

void verdict_compute_named(const struct problem *pr, const struct twin_view *v, const struct result *r,
                           const char *const *key_names, struct verdict *out)
{
    memset(out, 0, sizeof *out);
    if (r->illegal) {
        out->illegal = true;
        write_text(out, NULL);
        return;
    }
    const struct expectation *e = expect_applies(pr, v) ? &pr->expect : NULL;
    bool grouped = step_groups_apply(pr, v);
    if (stipulation_has_lines(&v->stipulation))
        judge_help(e, r, grouped, out);
    else
        judge_battle(e, r, grouped, out);
    out->short_sol = r->short_keys.count > 0 || r->short_solutions.count > 0;
    out->partial = r->partial;
    if (out->partial) {
        /* not known: the solution (an expected key) may lie beyond the cut;
         * a key found that is not expected is certain */
        out->no_solution = false;
        out->cooked |= out->wrong_key;
        out->wrong_key = false;
    }
    out->duals = r->duals > 0;
    out->sound = !out->partial && !out->cooked && !out->no_solution && !out->short_sol && !out->count_wrong &&
                 !out->wrong_key;
    out->assumed &= out->sound;
    char item[sizeof out->text] = "";
    if (out->wrong_key)
        wrong_key_item(&pr->expect, r, key_names, item, sizeof item - 64); /* room for the items after it */
    write_text(out, item);
}

void verdict_published(struct verdict *v, bool battle, int extra, int not_ours)
{
    if (v->illegal)
        return;
    v->cooked = battle ? extra > 0 : v->cooked || extra > 0;
    v->published_missing = not_ours > 0 && !v->partial;
    if (!battle && extra == 0 && not_ours == 0)
        v->assumed = false; /* the published lines say how many are intended */
    v->sound = !v->partial && !v->cooked && !v->no_solution && !v->short_sol && !v->count_wrong &&
               !v->published_missing && !v->wrong_key;
    v->assumed &= v->sound;
    /* the wrong key's item is the text's first (nothing sound before it),
     * and holds no ", " */
    char item[sizeof v->text] = "";
    const char *after = strstr(v->text, ", ");
    if (v->wrong_key)
        snprintf(item, sizeof item, "%.*s", after ? (int)(after - v->text) : (int)strlen(v->text), v->text);
    write_text(v, item);
}

void verdict_published_note(struct text *out, const char *what, const char *line)
{
    text_printf(out, "  %s: %s\n", what, line);
}
