/* The job list: appended to while the inputs are read, then handed to the
 * workers.  Owns the problems and each job's buffered output. */
#include "../base/memory.h"
#include "job.h"

#include <stdlib.h>
#include <string.h>

static struct job *append(struct job_list *l, enum job_kind kind)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->items = realloc(l->items, sizeof *l->items * (size_t)l->cap);
        if (!l->items)
            out_of_memory();
    }
    struct job *j = &l->items[l->count++];
    memset(j, 0, sizeof *j);
    j->kind = kind;
    spool_init(&j->spool, 0);
    spool_init(&j->protocol_spool, 0);
    return j;
}

static struct job *add_twin(struct job_list *l, enum job_kind kind, struct problem *pr, int twin,
                            const struct twin_view *v, const struct position *p)
{
    struct job *j = append(l, kind);
    j->pr = pr;
    j->file = pr->file ? pr->file : "--fen";
    j->index = pr->index;
    j->twin = twin;
    j->last_of_problem = twin == pr->twin_count;
    j->view = *v;
    j->start = *p;
    return j;
}

struct job *job_add_solve(struct job_list *l, struct problem *pr, int twin, const struct twin_view *v,
                          const struct position *p)
{
    return add_twin(l, JOB_SOLVE, pr, twin, v, p);
}

struct job *job_add_perft(struct job_list *l, struct problem *pr, int twin, const struct twin_view *v,
                          const struct position *p)
{
    return add_twin(l, JOB_PERFT, pr, twin, v, p);
}

struct job *job_add_error(struct job_list *l, const char *file, int index, const struct parse_error *e)
{
    struct job *j = append(l, JOB_ERROR);
    j->file = file;
    j->index = index;
    j->err = *e;
    return j;
}

void job_close_problem(struct job_list *l, struct problem *pr)
{
    if (l->count > 0 && l->items[l->count - 1].pr == pr)
        l->items[l->count - 1].last_of_problem = true;
}

void job_release(struct job *j)
{
    if (j->out.data)
        text_free(&j->out);
    if (j->latex_text.data)
        text_free(&j->latex_text);
    spool_free(&j->spool);
    spool_free(&j->protocol_spool);
    if (j->protocol_out.data)
        text_free(&j->protocol_out);
    free(j->warnings);
    j->warnings = NULL;
    if (j->pr && j->last_of_problem) {
        problem_free(j->pr);
        free(j->pr);
    }
    j->pr = NULL;
}

void job_list_free(struct job_list *l)
{
    /* jobs never printed (an interrupted run) still hold their problems */
    for (int i = 0; i < l->count; i++)
        job_release(&l->items[i]);
    free(l->items);
    memset(l, 0, sizeof *l);
}

void job_print_error(FILE *f, const struct job *j)
{
    if (j->err.line > 0)
        fprintf(f, "%s:%d:%d: %s\n", j->file, j->err.line, j->err.column, j->err.message);
    else
        fprintf(f, "%s: %s\n", j->file, j->err.message);
}
