/* One job, on whichever worker took it: its own solver and position copy,
 * the shared table, and a text (or JSON) buffer for its output, which goes
 * out part by part once the job is the first unprinted one. */
#include "../base/memory.h"
#include "work.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/notation.h"
#include "../report/diagram.h"
#include "../report/grouped_text.h"
#include "../report/json_stream.h"
#include "../report/part_chunks.h"
#include "../report/popeye_text.h"
#include "../report/step_groups.h"
#include "../search/solve.h"
#include "../search/solver.h"
#include "../search/threats.h"
#include "../rules/rules.h"
#include "interrupt.h"
#include "latex_file.h"
#include "part_seal.h"
#include "perft_job.h"
#include "published.h"

/* The twin's output can no longer be kept (memory and the temporary file
 * both failed): its search stops, and the printer says so (job.h). */
static void out_of_room(struct job *j)
{
    j->cut_for_memory = true;
    if (j->stop)
        __atomic_store_n(j->stop, INTERRUPT_MEMORY, __ATOMIC_RELAXED);
}

static bool to_stream(void *ctx, const char *data, size_t n)
{
    struct job *j = ctx;
    fwrite(data, 1, n, stdout);
    if (j->stream_copy) /* the protocol file (Protocol FILE) */
        fwrite(data, 1, n, j->stream_copy);
    return true;
}

/* n bytes of j's output: to standard output once the printer has printed
 * every earlier job and set j->streaming (what was held back first), held
 * back in j->spool before. */
static bool job_emit(struct job *j, const char *data, size_t n)
{
    if (__atomic_load_n(&j->streaming, __ATOMIC_ACQUIRE)) {
        if (!spool_is_empty(&j->spool)) {
            if (!spool_each(&j->spool, to_stream, j))
                j->output_lost = true;
            spool_clear(&j->spool);
        }
        return to_stream(j, data, n);
    }
    if (j->output_lost)
        return false;
    if (!spool_write(&j->spool, data, n)) {
        j->output_lost = true;
        out_of_room(j);
        return false;
    }
    return true;
}

static void lost_for_job(void *ctx)
{
    out_of_room(ctx);
}

static bool json_to_job(void *ctx, const char *data, size_t n)
{
    return job_emit(ctx, data, n);
}

/* A complete part of the text (a key, a try, a help line, set play): out
 * at once when j streams, held back otherwise. */
static void part_done(void *ctx)
{
    struct job *j = ctx;
    if (j->out.len == 0)
        return;
    job_emit(j, j->out.data, j->out.len);
    if (__atomic_load_n(&j->streaming, __ATOMIC_ACQUIRE))
        fflush(stdout);
    j->out.len = 0;
    j->out.data[0] = 0;
}

/* The first whole word `from` in text (of capacity cap) replaced by `to`,
 * where it fits. */
static void replace_word(char *text, size_t cap, const char *from, const char *to)
{
    size_t fl = strlen(from), tl = strlen(to), len = strlen(text);
    if (fl == 0 || strcmp(from, to) == 0 || len - fl + tl + 1 > cap)
        return;
    for (char *at = strstr(text, from); at; at = strstr(at + 1, from)) {
        bool starts = at == text || at[-1] == ' ', ends = at[fl] == 0 || at[fl] == ' ';
        if (starts && ends) {
            memmove(at + tl, at + fl, strlen(at + fl) + 1);
            memcpy(at, to, tl);
            return;
        }
    }
}

/* What Popeye prints when a twin starts: the problem's header and board
 * (first twin), then the twin's line.  The closing line is the printer's (it
 * depends on the other twins). */
void work_twin_head(struct job *j)
{
    work_twin_head_into(j, &j->out);
}

void work_twin_head_into(struct job *j, struct text *out)
{
    const struct problem *pr = j->pr;
    struct twin_view shown = j->view;
    shown.stipulation = solve_effective_stipulation(pr, &j->view);
    if (j->same_twin) { /* Duplex: the part with the roles exchanged follows its twin's play */
        diagram_write_phase_notes(out, pr, &shown.stipulation);
        return;
    }
    if (j->twin == 0 && pr->zero_position) {
        /* Popeye shows the diagram as written, before the zero position's
         * changes (BEISPIEL/intell.inp problem 26 and its .out) */
        struct twin_view written = j->view;
        written.diagram = pr->diagram;
        struct position *p = malloc(sizeof *p);
        struct parse_error err;
        if (!p)
            out_of_memory();
        diagram_write_header(out, pr, problem_position(pr, &written, p, &err) ? p : &j->start, &shown);
        free(p);
    } else if (j->twin == 0) {
        diagram_write_header(out, pr, &j->start, &shown);
    }
    if (j->twin == 0 && pr->zero_position)
        text_printf(out, "\n%s\n\n", words_get(words_of(pr->language), WORD_ZEROPOSITION));
    /* a twin's own stipulation: Popeye's notes again, as it reads it, and
     * its label names the stipulation solved (h#2 with WhiteToPlay: h#1.5) */
    const char *written = NULL;
    if (j->twin > 0) {
        const struct twin *t = &pr->twins[j->twin - 1];
        for (int i = 0; i < t->op_count; i++)
            if (t->ops[i].kind == TWIN_STIPULATION) {
                diagram_write_stipulation_notes(out, pr, &t->ops[i].stipulation, &t->ops[i].stipulation);
                written = t->ops[i].stipulation.text;
            }
    }
    if (pr->twin_count > 0) {
        char change[sizeof j->view.change];
        words_twin_change(words_of(pr->language), j->view.change, change, sizeof change);
        if (written)
            replace_word(change, sizeof change, written, shown.stipulation.text);
        /* the blank line before a later twin's label ends the twin before
         * (work_twin_tail) */
        text_printf(out, "%s%s%s) %s\n", j->twin == 0 ? "\n" : "", j->view.continued ? "+" : "",
                    j->view.label_text, change);
    }
    diagram_write_phase_notes(out, pr, &shown.stipulation);
}

/* Popeye's blank lines after a twin's play, before the next twin's label or
 * the closing line (its corpus output): two where the last thing shown is a
 * key's or a try's play (tree_last), one otherwise, none after help lines cut
 * short (MaxSolutions and the like), where Popeye's "Partial solution"
 * follows the last line. */
void work_twin_tail(const struct config *cfg, struct job *j, const struct result *r, bool tree_last)
{
    work_twin_tail_into(cfg, j, r, tree_last, &j->out);
}

void work_twin_tail_into(const struct config *cfg, struct job *j, const struct result *r, bool tree_last,
                         struct text *out)
{
    struct stipulation st = solve_effective_stipulation(j->pr, &j->view);
    if (tree_last)
        text_put(out, "\n\n");
    else if (!stipulation_has_lines(&st) || !r->partial)
        text_put(out, "\n");
    if (cfg->check) /* "verdict a) duplex: ..." for the part with the roles exchanged */
        text_printf(out, "verdict%s%s%s%s: %s\n", j->view.label_text[0] ? " " : "", j->view.label_text,
                    j->view.label_text[0] ? ")" : "", j->view.colours_swapped ? " duplex" : "", j->verdict.text);
}

/* The position as the search starts it: the side the stipulation (and
 * Duplex) has move first (solve.c). */
static void solved_root(const struct job *j, struct position *p)
{
    struct stipulation st = solve_effective_stipulation(j->pr, &j->view);
    enum colour first = solve_first_mover(j->pr, &st);
    if (j->view.colours_swapped)
        first = (enum colour)!first;
    *p = j->start;
    p->st.side = (uint8_t)first;
    position_rehash(p);
}

/* A turn of the side to move in p that takes the other king off the board
 * (a capture; under Dynamo a push or pull, RULES 3.5), named with its unit
 * into out: "the white knight on c7 (Sc7*a8)"; "" when none is found (the
 * turns listed are the legal ones where the rule set lists no others). */
static void king_taker(struct position *p, char *out, size_t cap)
{
    static const char *const kinds[KIND_COUNT] = {"unit", "king", "queen", "rook", "bishop", "knight", "pawn",
                                                  "stone", "relay"};
    out[0] = 0;
    int side = p->st.side, victim = p->st.king_sq[!side];
    if (victim == SQ_NONE)
        return;
    struct turn_list *l = malloc(TURN_LIST_BYTES(rules_max_turns(p->rules)));
    if (!l)
        out_of_memory();
    l->overflow = false;
    (p->rules->generate_pseudo ? p->rules->generate_pseudo : p->rules->generate)(p, l);
    for (int i = 0; i < l->count; i++) {
        struct undo u;
        position_make(p, &l->turns[i], &u);
        bool takes = p->st.king_sq[!side] == SQ_NONE;
        position_unmake(p, &u);
        if (!takes)
            continue;
        const struct turn *t = &l->turns[i];
        char text[NOTATION_MAX], from[4];
        turn_text(p, t, text);
        square_name(p->geo, t->from, from);
        unit_t unit = position_at(p, t->from);
        snprintf(out, cap, "the %s %s on %s (%s)", side == WHITE ? "white" : "black", kinds[unit_kind(unit)], from,
                 text);
        break;
    }
    free(l);
}

void work_name_illegal(struct job *j)
{
    if (!j->illegal && !j->set_play_illegal)
        return;
    struct position *p = malloc(sizeof *p);
    if (!p)
        out_of_memory();
    solved_root(j, p);
    if (j->illegal)
        king_taker(p, j->illegal_by, sizeof j->illegal_by);
    if (j->set_play_illegal) { /* the set play starts with the other side */
        struct undo u;
        position_make_null(p, &u);
        king_taker(p, j->set_play_illegal_by, sizeof j->set_play_illegal_by);
    }
    free(p);
}

void work_verdict(struct job *j, const struct result *r)
{
    verdict_compute(j->pr, &j->view, r, &j->verdict);
    if (!j->verdict.wrong_key)
        return;
    /* the keys found, named as the solution shows them (Qa7-f2), found
     * among the root's turns by their canonical form */
    struct position *p = malloc(sizeof *p);
    struct turn_list *l = malloc(TURN_LIST_BYTES(rules_max_turns(j->start.rules)));
    const char **names = calloc((size_t)r->keys.count, sizeof *names);
    char(*texts)[NOTATION_MAX] = calloc((size_t)r->keys.count, sizeof *texts);
    if (!p || !l || !names || !texts)
        out_of_memory();
    solved_root(j, p);
    l->overflow = false;
    p->rules->generate(p, l);
    for (int k = 0; k < r->keys.count; k++) {
        names[k] = r->keys.items[k];
        for (int i = 0; i < l->count; i++) {
            char turn[NOTATION_MAX], decision[NOTATION_MAX];
            turn_canonical(p, &l->turns[i], turn);
            decision_canonical(p, &l->turns[i], decision);
            if (strcmp(turn, names[k]) == 0 || strcmp(decision, names[k]) == 0) {
                turn_text(p, &l->turns[i], texts[k]);
                names[k] = texts[k];
                break;
            }
        }
    }
    verdict_compute_named(j->pr, &j->view, r, names, &j->verdict);
    free(texts);
    free(names);
    free(l);
    free(p);
}

/* A complete part of the protocol's text under --json: held back until the
 * job is printed (output.c writes it to the protocol file only). */
static void protocol_part_done(void *ctx)
{
    struct job *j = ctx;
    if (j->protocol_out.len && !spool_write(&j->protocol_spool, j->protocol_out.data, j->protocol_out.len))
        out_of_room(j);
    j->protocol_out.len = 0;
    j->protocol_out.data[0] = 0;
}

/* --progress counts keys and help solutions on their way to the report. */
struct counting_sink {
    struct solution_sink inner;
    struct progress_slot *slot;
};

static void count_event(void *ctx, const struct solution_event *e)
{
    struct counting_sink *c = ctx;
    if ((e->kind == EVENT_HELP_LINE && !e->set_play && !e->forced_fail) || (e->kind == EVENT_FIRST_MOVE && e->win))
        progress_solution(c->slot);
    sink_send(&c->inner, e);
}

/* A part's line gets both renderings: the JSON tree and the text pieces. */
struct tee_sink {
    struct solution_sink a, b;
};

static void tee_event(void *ctx, const struct solution_event *e)
{
    struct tee_sink *t = ctx;
    sink_send(&t->a, e);
    sink_send(&t->b, e);
}

static cJSON *need(cJSON *item)
{
    if (!item)
        out_of_memory();
    return item;
}

static cJSON *number_pair(int a, int b)
{
    cJSON *p = need(cJSON_CreateArray());
    cJSON_AddItemToArray(p, need(cJSON_CreateNumber(a)));
    cJSON_AddItemToArray(p, need(cJSON_CreateNumber(b)));
    return p;
}

/* What --merge needs beside the line's answer (docs/json.md "Parts"). */
static cJSON *part_object(const struct work_ctx *c, const struct job *j, const struct result *r)
{
    const struct config *cfg = c->cfg;
    cJSON *o = need(cJSON_CreateObject());
    cJSON_AddItemToObject(o, "program", need(cJSON_CreateString(cfg->version ? cfg->version : "")));
    cJSON_AddItemToObject(o, "inputs", need(cJSON_Duplicate(c->inputs, true)));
    cJSON_AddItemToObject(o, "shard", cfg->shard_n ? number_pair(cfg->shard_k, cfg->shard_n) : need(cJSON_CreateNull()));
    cJSON_AddItemToObject(o, "place", need(cJSON_CreateNumber(j->place)));
    cJSON_AddItemToObject(o, "first_moves",
                          cfg->first_from ? number_pair(cfg->first_from, cfg->first_to) : need(cJSON_CreateNull()));
    cJSON_AddItemToObject(o, "numbered", need(cJSON_CreateNumber(r->numbered_moves)));
    cJSON_AddItemToObject(o, "too_many_turns", need(cJSON_CreateBool(r->too_many_turns)));
    cJSON *refuted = need(cJSON_CreateArray()); /* [[first move, refutation], ...] */
    for (int i = 0; i < r->refuted.count; i++) {
        char move[NOTATION_MAX];
        const char *space = strchr(r->refuted.items[i], ' ');
        snprintf(move, sizeof move, "%.*s", (int)(space - r->refuted.items[i]), r->refuted.items[i]);
        cJSON *pair = need(cJSON_CreateArray());
        cJSON_AddItemToArray(pair, need(cJSON_CreateString(move)));
        cJSON_AddItemToArray(pair, need(cJSON_CreateString(space + 1)));
        cJSON_AddItemToArray(refuted, pair);
    }
    cJSON_AddItemToObject(o, "refuted", refuted);
    return o; /* "text" follows: json_stream_finish */
}

/* The limits of j's search: --max-time and the problem's Option MaxTime
 * (the smaller one holds), the flag that stops it, what it must find. */
static struct solve_limits job_limits(const struct work_ctx *c, struct job *j, struct progress_slot *slot)
{
    const struct config *cfg = c->cfg;
    double max_time = cfg->max_time;
    if (j->pr->options.max_time > 0 && (max_time <= 0 || j->pr->options.max_time < max_time))
        max_time = j->pr->options.max_time;
    struct solve_limits limits = {
        .deadline = max_time > 0 ? monotonic_seconds() + max_time : 0,
        .interrupt = j->stop ? j->stop : c->interrupt,
        .want_duals = cfg->check || cfg->json,
        .plain_help = cfg->plain_help,
        .threads = c->twin_threads,
        .first_from = cfg->first_from,
        .first_to = cfg->first_to,
        .want_refuted = config_is_part(cfg),
    };
    if (cfg->progress) {
        limits.on_root_move = progress_root_move;
        limits.on_nodes = progress_nodes;
        limits.progress_ctx = slot;
    }
    return limits;
}

/* What a result keeps of its lines (result.h): the solutions only where
 * duals are counted from them, and then in bounded memory; short
 * solutions are only counted (the JSON line has them as they are found). */
static void result_for(const struct config *cfg, struct result *r)
{
    result_init(r);
    r->solutions.keep = cfg->check || cfg->json ? STRLIST_SPILL : STRLIST_COUNT;
    r->short_solutions.keep = STRLIST_COUNT;
    r->dual_lines.keep = STRLIST_SPILL;
}

/* What was found besides the output, for the printer and the verdict. */
static void take_result(const struct config *cfg, struct job *j, struct result *r)
{
    if (cfg->regression)
        r->seconds = 0; /* output that can be diffed */
    if (r->solutions.lost || r->dual_lines.lost) { /* the duals could not be counted */
        j->cut_for_memory = true;
        r->partial = true;
    }
    r->partial |= j->cut_for_memory;
    if (cfg->check || cfg->json)
        work_verdict(j, r);
    j->partial = r->partial;
    j->illegal = r->illegal;
    j->set_play_illegal = r->set_play_illegal;
    work_name_illegal(j);
    j->too_many_turns = r->too_many_turns;
    j->seconds = r->seconds;
}

static void solve_job(const struct work_ctx *c, struct job *j, struct progress_slot *slot)
{
    const struct config *cfg = c->cfg;
    struct solve_limits limits = job_limits(c, j, slot);
    text_init(&j->out);
    struct popeye_text pt = {.out = &j->out, .words = words_of(j->pr->language), .part_done = part_done, .ctx = j};
    bool part = config_is_part(cfg);
    struct json_writer to_job = {.write = json_to_job, .ctx = j};
    struct part_seal_stream seal; /* a part's line is sealed as it is written */
    if (part)
        to_job = part_seal_stream_begin(&seal, &to_job);
    struct json_stream js;
    if (cfg->json) {
        json_stream_begin(&js, &to_job, j->pr, &j->view, lost_for_job, j);
        if (part)
            json_stream_part_end(&js, part_seal_stream_end, &seal);
    }
    struct solution_sink sink = cfg->json ? json_stream_sink(&js) : popeye_text_sink(&pt);
    struct latex_tee latex;
    if (j->latex)
        sink = latex_tee_sink(&latex, sink, j);
    struct part_chunks chunks;
    struct tee_sink tee;
    if (part) {
        part_chunks_init(&chunks, words_of(j->pr->language));
        tee = (struct tee_sink){.a = sink, .b = part_chunks_sink(&chunks)};
        sink = (struct solution_sink){.event = tee_event, .ctx = &tee};
    }
    struct grouped_text grouped; /* Option GroupSteps: the text sink behind it */
    bool grouping = !cfg->json && step_groups_apply(j->pr, &j->view);
    if (grouping)
        sink = grouped_text_sink(&grouped, &pt);
    /* --json and a protocol file: its text too (Popeye's layout) */
    struct popeye_text protocol = {.out = &j->protocol_out, .words = words_of(j->pr->language),
                                   .part_done = protocol_part_done, .ctx = j};
    struct tee_sink both;
    if (cfg->json && j->protocol_text) {
        text_init(&j->protocol_out);
        work_twin_head_into(j, &j->protocol_out);
        protocol_part_done(j);
        both = (struct tee_sink){.a = sink, .b = popeye_text_sink(&protocol)};
        sink = (struct solution_sink){.event = tee_event, .ctx = &both};
    }
    struct counting_sink counter = {.inner = sink, .slot = slot};
    if (cfg->progress)
        sink = (struct solution_sink){.event = count_event, .ctx = &counter};
    if (!cfg->json) {
        work_twin_head(j);
        part_done(j);
    }
    struct result r;
    result_for(cfg, &r);
    solve_twin(j->pr, &j->view, &j->start, c->tt, &limits, &r, &sink);
    if (grouping)
        grouped_text_finish(&grouped);
    struct spool *text = part ? part_chunks_finish(&chunks) : NULL;
    if (text && text->failed)
        out_of_room(j);
    take_result(cfg, j, &r);
    struct text notes; /* a YACPDB entry's published solution against ours */
    text_init(&notes);
    if (cfg->check)
        published_check(j, &r, &notes);
    if (cfg->json) {
        if (!json_stream_finish(&js, j->pr, &j->view, &r, &j->verdict, part ? part_object(c, j, &r) : NULL, text))
            j->cut_for_memory = j->partial = true; /* said on standard error (output.c) */
        json_stream_free(&js);
        if (j->protocol_text) {
            work_twin_tail_into(cfg, j, &r, protocol.tree_last, &j->protocol_out);
            protocol_part_done(j);
        }
    } else {
        work_twin_tail(cfg, j, &r, pt.tree_last);
        text_put(&j->out, notes.data);
    }
    text_free(&notes);
    if (part)
        part_chunks_free(&chunks);
    result_free(&r);
}

static void perft(const struct config *cfg, struct job *j)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        out_of_memory();
    if (j->view.label)
        fprintf(f, "%c)\n", j->view.label);
    j->too_many_turns = perft_job(&j->start, cfg->perft_depth, cfg->divide, f) == RULES_PERFT_OVERFLOW;
    fclose(f);
    text_init(&j->out);
    text_put(&j->out, buf);
    free(buf);
}

void work_run(const struct work_ctx *c, struct job *j, struct progress_slot *slot)
{
    if (j->skip) /* another shard's twin */
        return;
    switch (j->kind) {
    case JOB_SOLVE:
        solve_job(c, j, slot);
        break;
    case JOB_PERFT:
        perft(c->cfg, j);
        break;
    case JOB_ERROR:
        break;
    }
}
