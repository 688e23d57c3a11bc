/* The job list: every problem twin (or perft, or input error) of the run in
 * input order, read completely before anything is solved. */
#ifndef FS_JOB_H
#define FS_JOB_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../problem/reader.h"
#include "../problem/setup.h"
#include "../base/spool.h"
#include "../base/text.h"
#include "../report/verdict.h"

enum job_kind { JOB_SOLVE, JOB_PERFT, JOB_ERROR };
enum job_state { JOB_QUEUED, JOB_RUNNING, JOB_DONE };

struct job {
    enum job_kind kind;
    /* shared by the twins of one problem; the job with last_of_problem frees
     * it once printed.  NULL for errors, which copy what they need. */
    struct problem *pr;
    const char *file;          /* for messages: the file name, or "--fen" */
    int index;                 /* problem number in the file; 0: the file itself */
    int twin;
    bool last_of_problem;      /* prints the closing line ("solution finished.") */
    char *warnings;            /* malloc'd lines for standard error before the output, or NULL */
    bool same_twin;            /* Duplex: the second part of the twin before (no header, no label) */
    int place;                 /* the twin's place among the run's solving jobs, from 0 (--shard, --merge) */
    bool skip;                 /* another shard's, or missing from --merge: nothing is solved or printed */
    struct twin_view view;
    struct position start;
    struct parse_error err;    /* JOB_ERROR */
    bool not_solved;           /* JOB_ERROR: a YACPDB entry of a kind not solved, not a malformed input */

    /* Filled by the worker that ran it, read by the printer once DONE. */
    int state;                 /* enum job_state, accessed atomically */
    /* Set (atomically) by the printer once every earlier job is printed:
     * from then on the worker prints each complete part of out itself. */
    int streaming;
    FILE *stream_copy;         /* while streaming: the protocol file, or NULL */
    /* what goes to standard output for this job: held back in spool (in
     * bounded memory, spool.h) until the job streams or is printed; out is
     * the part being written (text), or the text of perft and --merge */
    struct spool spool;
    struct text out;
    /* set by the worker running it: its solvers stop when it is set (a
     * signal, or INTERRUPT_MEMORY) */
    volatile int *stop;
    /* --json from a problem with Protocol on: the text the run would print
     * without --json, for the protocol file (Popeye's layout, as Popeye
     * writes it there); held back until the job is printed */
    bool protocol_text;
    struct text protocol_out;  /* the part being written */
    struct spool protocol_spool;
    bool cut_for_memory;       /* memory ran out for what the twin had to keep: cut short, partial */
    bool output_lost;          /* ... and some of its held-back output is lost: not printed */
    bool latex;                /* the twin goes into a LaTeX document (run/latex_file.c) */
    struct text latex_text;    /* then its solution as text, whatever the output's format */
    struct verdict verdict;    /* --check / --json */
    bool partial, illegal;
    bool set_play_illegal;     /* result.set_play_illegal: said on standard error */
    /* for those messages: a unit of the side to play that can take the
     * other king, and how ("the white knight on c7 (Sc7*a8)"); "" if none is found */
    char illegal_by[96], set_play_illegal_by[96];
    bool too_many_turns;       /* a position had more than TURN_LIST_MAX turns: an error */
    double seconds;
};

struct job_list {
    struct job *items;
    int count, cap;
};

/* Each returns the job, zeroed but for what its arguments say. */
struct job *job_add_solve(struct job_list *l, struct problem *pr, int twin, const struct twin_view *v,
                          const struct position *p);
struct job *job_add_perft(struct job_list *l, struct problem *pr, int twin, const struct twin_view *v,
                          const struct position *p);
struct job *job_add_error(struct job_list *l, const char *file, int index, const struct parse_error *e);
/* The problem of the most recent job, if it has one: no twin follows. */
void job_close_problem(struct job_list *l, struct problem *pr);
/* Releases the output of one printed job, and its problem when it is the last. */
void job_release(struct job *j);
void job_list_free(struct job_list *l);

/* file:line:column: message, or file: message when the error has no place. */
void job_print_error(FILE *f, const struct job *j);

#endif
