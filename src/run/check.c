/* --check bookkeeping: per-problem fault counts for the closing summary and
 * the place of each twin that is not as expected. */
#include "check.h"

#include <string.h>

void check_init(struct check *c)
{
    memset(c, 0, sizeof *c);
    text_init(&c->faulty);
}

void check_free(struct check *c)
{
    text_free(&c->faulty);
}

static void close_problem(struct check *c)
{
    const struct verdict *v = &c->open;
    c->problems++;
    c->sound += v->sound;
    c->assumed += v->sound && v->assumed;
    c->cooked += v->cooked;
    c->wrong_key += v->wrong_key;
    c->no_solution += v->no_solution;
    c->short_sol += v->short_sol;
    c->count_wrong += v->count_wrong;
    c->partial += v->partial;
    c->illegal += v->illegal;
    c->duals += v->duals;
    memset(&c->open, 0, sizeof c->open);
    c->open_any = false;
}

void check_add_twin(struct check *c, const struct job *j)
{
    const struct verdict *v = &j->verdict;
    struct verdict *o = &c->open;
    o->sound = (c->open_any ? o->sound : true) && v->sound;
    o->assumed |= v->assumed;
    o->cooked |= v->cooked;
    o->wrong_key |= v->wrong_key;
    o->no_solution |= v->no_solution;
    o->short_sol |= v->short_sol;
    o->count_wrong |= v->count_wrong;
    o->partial |= v->partial;
    o->illegal |= v->illegal;
    o->duals |= v->duals;
    c->open_any = true;
    if (!v->sound) {
        /* where to look: the problem's line, or the twin's */
        int line = j->twin ? j->view.line : j->pr->line;
        text_printf(&c->faulty, "  %s:%d: problem %d%s%s%s: %s\n", j->file, line, j->index,
                    j->view.label_text[0] ? " " : "", j->view.label_text, j->view.label_text[0] ? ")" : "",
                    v->text);
    }
    if (j->last_of_problem)
        close_problem(c);
}

void check_add_error(struct check *c)
{
    /* a problem whose later twin could not be read closes with its last good twin */
    if (c->open_any)
        close_problem(c);
    c->unreadable++;
}

void check_add_not_solved(struct check *c)
{
    if (c->open_any)
        close_problem(c);
    c->not_solved++;
}

bool check_summary(struct check *c, FILE *f)
{
    if (c->open_any) /* interrupted between twins */
        close_problem(c);
    if (c->faulty.len)
        fprintf(f, "not as expected:\n%s", c->faulty.data);
    /* help play without Expect solutions is sound only if the number found
     * is the one intended: said in words, and only where there are such */
    char assumed[96] = "";
    if (c->assumed)
        snprintf(assumed, sizeof assumed, " (%d of them only if the number of solutions found is the one intended)",
                 c->assumed);
    fprintf(f,
            "check: %d problem%s, %d sound%s, %d cooked, %d wrong key, %d short, "
            "%d no-solution, %d solutions N/M, %d partial, %d illegal; duals in %d; %d unreadable\n",
            c->problems, c->problems == 1 ? "" : "s", c->sound, assumed, c->cooked, c->wrong_key, c->short_sol,
            c->no_solution, c->count_wrong, c->partial, c->illegal, c->duals, c->unreadable);
    if (c->not_solved) /* the line above ends with its newline: this one stands after it */
        fprintf(f, "check: %d entr%s not solved (of a kind fairysolve does not solve)\n", c->not_solved,
                c->not_solved == 1 ? "y" : "ies");
    return c->sound == c->problems && c->not_solved == 0;
}
