/* Popeye's LaTeX FILE in a run: which jobs go into a document, their solution
 * text, and the document written problem by problem in input order. */
#include "latex_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../report/words.h"

/* Why a run cannot write the directive's document; NULL when it can. */
static const char *refusal(const struct config *cfg)
{
    if (cfg->perft_depth)
        return "under --perft (there is no solution to write)";
    if (config_is_part(cfg))
        return "by a part of a run (--shard, --first-moves): the run without them writes it";
    if (cfg->merge)
        return "by --merge";
    return NULL;
}

static bool names_file(const struct job *j)
{
    return j->kind != JOB_ERROR && j->pr && j->twin == 0 && !j->same_twin && j->pr->latex;
}

void latex_file_mark(const struct config *cfg, struct job_list *jobs)
{
    const char *input = NULL, *why = refusal(cfg);
    bool active = false;
    for (int i = 0; i < jobs->count; i++) {
        struct job *j = &jobs->items[i];
        if (!input || strcmp(input, j->file) != 0) { /* a document ends with its input */
            input = j->file;
            active = false;
        }
        if (names_file(j)) {
            active = !why;
            if (why)
                fprintf(stderr, "%s:%d:%d: LaTeX %s is not written %s\n", j->file, j->pr->latex_line,
                        j->pr->latex_column, j->pr->latex, why);
        }
        j->latex = active && j->kind == JOB_SOLVE;
    }
}

static void tee_event(void *ctx, const struct solution_event *e)
{
    struct latex_tee *t = ctx;
    sink_send(&t->own, e);
    sink_send(&t->copy, e);
}

struct solution_sink latex_tee_sink(struct latex_tee *t, struct solution_sink own, struct job *j)
{
    text_init(&j->latex_text);
    memset(&t->text, 0, sizeof t->text);
    t->text.out = &j->latex_text;
    t->text.words = words_of(j->pr->language);
    t->own = own;
    t->copy = popeye_text_sink(&t->text);
    return (struct solution_sink){.event = tee_event, .ctx = t};
}

void latex_file_init(struct latex_file *lf)
{
    memset(lf, 0, sizeof *lf);
    latex_units_default(&lf->units, LANG_ENGLISH);
}

static void put(struct latex_file *lf, const char *s)
{
    if (lf->f && fputs(s, lf->f) == EOF)
        lf->status = 2;
}

static void close_document(struct latex_file *lf)
{
    if (!lf->f)
        return;
    struct text end;
    text_init(&end);
    latex_document_end(&end);
    put(lf, end.data);
    text_free(&end);
    if (fclose(lf->f) != 0 || lf->status) {
        fprintf(stderr, "fairysolve: cannot write the LaTeX file: %s\n", strerror(errno));
        lf->status = 2;
    }
    lf->f = NULL;
}

/* Popeye opens the file anew, so an earlier run's document is replaced. */
static void open_document(struct latex_file *lf, const struct problem *pr)
{
    close_document(lf);
    latex_units_default(&lf->units, pr->language);
    lf->f = fopen(pr->latex, "w");
    if (!lf->f) {
        fflush(stdout);
        fprintf(stderr, "%s:%d:%d: cannot open LaTeX file %s: %s\n", pr->file ? pr->file : "--fen", pr->latex_line,
                pr->latex_column, pr->latex, strerror(errno));
        lf->status = 2;
        return;
    }
    struct text begin;
    text_init(&begin);
    latex_document_begin(&begin, pr->language);
    put(lf, begin.data);
    text_free(&begin);
}

/* The diagram as the text output shows it: under ZeroPosition, as written. */
static void begin_problem(struct latex_file *lf, const struct job *j)
{
    const struct problem *pr = j->pr;
    lf->pr = pr;
    lf->tested = true;
    text_init(&lf->head);
    text_init(&lf->twins);
    text_init(&lf->solution);
    latex_units_update(&lf->units, pr);
    const struct position *shown = &j->start;
    struct position *written = NULL;
    if (pr->zero_position) {
        struct twin_view v = j->view;
        struct parse_error err;
        v.diagram = pr->diagram;
        written = malloc(sizeof *written);
        if (!written)
            out_of_memory();
        if (problem_position(pr, &v, written, &err))
            shown = written;
    }
    latex_diagram_head(&lf->head, pr, shown, &lf->units);
    free(written);
}

static void end_problem(struct latex_file *lf)
{
    if (!lf->pr)
        return;
    latex_diagram_tail(&lf->head, lf->pr, lf->twins.data, lf->solution.data, lf->tested);
    put(lf, lf->head.data);
    text_free(&lf->head);
    text_free(&lf->twins);
    text_free(&lf->solution);
    lf->pr = NULL;
}

void latex_file_job(struct latex_file *lf, const struct job *j)
{
    if (!j->latex)
        return;
    bool first = j->twin == 0 && !j->same_twin;
    if (first) {
        end_problem(lf); /* one cut short by a twin's error */
        if (j->pr->latex)
            open_document(lf, j->pr);
        if (lf->f)
            begin_problem(lf, j);
    }
    if (!lf->f || lf->pr != j->pr)
        return;
    if (!j->same_twin)
        latex_twin_add(&lf->twins, j->pr, &j->view, &lf->units);
    if (!j->skip) /* --no-solve: the diagram without a solution */
        latex_solution_add(&lf->solution, &j->view, !j->same_twin && j->view.label, j->latex_text.data);
    /* Popeye's \Co+ says the computer tested the problem: not where the
     * solving was cut short, nor under Threat, MaxFlightsquares or
     * NonTrivial, which hide play */
    const struct options *o = &j->pr->options;
    lf->tested &= !j->skip && !j->partial && o->threat < 0 && o->max_flights < 0 && !o->nontrivial;
    if (j->last_of_problem)
        end_problem(lf);
}

int latex_file_finish(struct latex_file *lf)
{
    if (lf->pr)
        lf->tested = false;
    end_problem(lf);
    close_document(lf);
    return lf->status;
}
