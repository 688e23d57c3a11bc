/* A problem as read from the problem language: diagram, stipulation, rule set,
 * options, twins and expectations.  Plain data; building positions is elsewhere. */
#ifndef FS_PROBLEM_H
#define FS_PROBLEM_H

#include <stdbool.h>
#include <stdint.h>

#include "../board/notation.h"
#include "../board/position.h"
#include "../rules/rules.h"

/* How the play ends.  PLAY_REFLEX: the reflexmate r#n, and the end of a
 * series ser-r#n; PLAY_SEMI_REFLEX: semi-r#n (docs/rules.md 6).
 * PLAY_HELP_SELF: hs#n, help play whose last White move forces Black to
 * mate; PLAY_RECI_HELP: reci-h#n, a helpmate whose last Black move could
 * also have been Black's own mate (docs/rules.md 6). */
enum play { PLAY_DIRECT, PLAY_HELP, PLAY_SELF, PLAY_REFLEX, PLAY_HELP_SELF, PLAY_RECI_HELP, PLAY_SEMI_REFLEX };
/* Where Option Quodlibet changes play: s# and semi-r# (White reaching the
 * goal itself solves too; battle.c battle_quodlibet). */
static inline bool play_quodlibet_changes(enum play p) { return p == PLAY_SELF || p == PLAY_SEMI_REFLEX; }
/* Self play and the reflexmates: White's moves force Black to reach the
 * goal; the reflexmates add obligations to reach it (battle.c). */
static inline bool play_forces_defender(enum play p)
{
    return p == PLAY_SELF || p == PLAY_REFLEX || p == PLAY_SEMI_REFLEX;
}
enum goal { GOAL_MATE, GOAL_STALEMATE, GOAL_MATE_OR_STALEMATE };
/* the last of each (search/solver.c packs them into the table's keys) */
#define PLAY_LAST PLAY_SEMI_REFLEX
#define GOAL_LAST GOAL_MATE_OR_STALEMATE

/* The longest stipulations the search holds (checked where they are read,
 * asserted in search/): a help play's failures are one bit per remaining
 * half-move in 32 bits (h#15.5 = 31 half-moves); battle play needs 2n half-moves
 * (plus a null move for threats) within the solver's 128 plies, and its bounds
 * are 8 bits. */
#define STIPULATION_HELP_PLIES_MAX 31
#define STIPULATION_BATTLE_MOVES_MAX 63
/* A series of n moves is n turn lists deep, plus the other side's final
 * move and its replies (ser-s#: SOLVER_MAX_PLY in solver.h); the corpus's
 * longest is ser-=65. */
#define STIPULATION_SERIES_MOVES_MAX 120

struct stipulation {
    enum play play;
    enum goal goal;
    int moves;            /* n of #n, h#n, s#n */
    bool half;            /* h#n.5: the attacker moves first */
    /* ser-: one side makes `moves` moves in a row (the other side's king
     * not checked before the last), then `play` ends it (RULES.md): direct
     * ser-#n (the last move reaches the goal), help ser-h#n (the other
     * side reaches it in one), self ser-s#n, reflex ser-r#n (the other side
     * must reach it in one) */
    bool series;
    char text[16];        /* normalised as Popeye prints it: "#2", "h#2.5", "s#3", "h=2", "ser-h#4" */
};

/* Help and series play have solutions that are lines of moves; direct and
 * self play have keys and trees. */
static inline bool stipulation_has_lines(const struct stipulation *s)
{
    return s->play == PLAY_HELP || s->play == PLAY_HELP_SELF || s->play == PLAY_RECI_HELP || s->series;
}

/* Whether the stipulation's first move is to mate at once (#1, ser-#1,
 * h#0.5): Popeye then lists its first moves by its mating-move generator
 * (search/popeye_order.h). */
static inline bool stipulation_first_move_mates(const struct stipulation *st)
{
    return st->goal == GOAL_MATE && ((st->play == PLAY_DIRECT && st->moves == 1) ||
                                     (st->play == PLAY_HELP && !st->series && st->half && st->moves == 0));
}

/* A unit on the diagram in board-independent coordinates (file 0 = a). */
struct diagram_unit {
    int8_t file, rank;
    unit_t unit;
};

#define DIAGRAM_MAX 128
struct diagram {
    int count;
    struct diagram_unit units[DIAGRAM_MAX];
};

/* The largest numbers of the options the table's keys hold (checked where
 * they are read, options.c; search/solver.c mode_key): Threat n and
 * MaxFlightsquares n (either beyond any board's use), NonTrivial's length
 * (a length beyond the longest battle play changes nothing). */
#define OPTION_THREAT_MAX 1000
#define OPTION_MAX_FLIGHTS_MAX 1000
#define OPTION_NONTRIVIAL_LENGTH_MAX STIPULATION_BATTLE_MOVES_MAX

#define SQUARE_LIST_MAX 16
struct square_ref { int8_t file, rank; };

struct options {
    bool variation, try_play, set_play, no_threat, no_short_variations, white_to_play;
    bool move_numbers, stop_on_short, no_board, intelligent, half_duplex, duplex;
    bool mates_in_1;
    bool quodlibet;         /* s#n, semi-r#n: White reaching the goal itself also solves (battle.c) */
    bool keep_mating_piece; /* play stops where the side to reach the goal has its king alone (solver.c) */
    bool post_key_play;     /* battle play: the diagram is the position after the key (solve.c) */
    /* GroupSteps: Stones & Relays turns that differ only in the optional
     * step shown as one, and counted as one by the verdicts (report/step_groups.h) */
    bool group_steps;
    /* NonTrivial m n: at a defence node with more than n moves to go, the
     * defences not met within n (non-trivial) may number at most one plus
     * the m still granted (battle.c nontrivial_below) */
    bool nontrivial;
    int nontrivial_max, nontrivial_length;
    int defence;            /* Defence n; 0 when absent (Try alone means 1) */
    int threat;             /* Threat n; -1 when absent */
    int max_solutions;      /* MaxSolutions n; 0 when absent */
    int max_flights;        /* MaxFlightsquares n; -1 when absent */
    int max_time;           /* MaxTime n: seconds per twin, like --max-time; 0 when absent */
    int start_move, upto_move; /* StartMoveNumber n, UpToMoveNumber n: first moves solved, in Popeye's
                                * MoveNumbers numbering; 0 when absent */
    int no_castling_count;  /* NoCastling squares: the rights of units there are gone */
    struct square_ref no_castling[SQUARE_LIST_MAX];
    int en_passant_count;   /* EnPassant a7a6a5: the last move was that double step */
    struct square_ref en_passant[3];
    int mutually_exclusive_count; /* CastlingMutuallyExclusive h1h8 ...: pairs of rook squares */
    struct square_ref mutually_exclusive[SQUARE_LIST_MAX][2];
    bool has_last_neutral_step; /* LastNeutralStep d5d6 (Stones & Relays Ko) */
    struct square_ref last_neutral_step[2];
    /* where EnPassant and LastNeutralStep were written, for errors found when
     * the position is built; 0 when not from a file */
    int en_passant_line, en_passant_column, last_step_line, last_step_column;
};

/* What is wrong with an input, and where (the reader's errors, a twin that
 * gives no position). */
struct parse_error {
    int line, column;         /* 1-based; line 0 when the error has no place */
    char message[256];        /* what was expected, without file/line prefix */
};

enum twin_op_kind {
    TWIN_MOVE, TWIN_EXCHANGE, TWIN_REMOVE, TWIN_ADD, TWIN_SUBSTITUTE, TWIN_ROTATE,
    TWIN_MIRROR, TWIN_SHIFT, TWIN_POLISH, TWIN_STIPULATION, TWIN_CONDITION
};
enum mirror_kind { MIRROR_A1_H1, MIRROR_A1_A8, MIRROR_A1_H8, MIRROR_A8_H1 };

struct twin_op {
    enum twin_op_kind kind;
    struct square_ref a, b;     /* Move/Exchange/Shift: a -> b; Remove/Add: a */
    unit_t unit;                /* Add: the unit; Substitute: from (colour ignored if any) */
    unit_t unit2;               /* Substitute: to */
    int degrees;                /* Rotate */
    enum mirror_kind mirror;
    struct stipulation stipulation;
    const struct rules *rules;  /* Condition */
    unsigned switches;
    int line, column;           /* where the operation was written (for errors) */
};

#define TWIN_OPS_MAX 16
struct twin {
    bool continued;             /* apply to the previous twin, not the original */
    int op_count;
    struct twin_op ops[TWIN_OPS_MAX];
    int line;
    int column;                 /* of the Twin (or ZeroPosition) keyword */
};

#define EXPECT_KEYS_MAX 16
#define EXPECT_RESOLVED_MAX 64
struct expectation {
    int key_count;
    char keys[EXPECT_KEYS_MAX][16];  /* as written: "Qa3-d6", "Qf2", "1.Sxe4!" or canonical "a3d6" */
    int key_line[EXPECT_KEYS_MAX], key_column[EXPECT_KEYS_MAX]; /* where each was written */
    int solutions;                   /* -1 when absent */
    int solutions_line, solutions_column;
    /* The keys matched against the legal first moves of the twins they apply
     * to, in canonical form (one written key may name a move in several
     * twins); filled before solving, empty when not done. */
    int resolved_count;
    char resolved[EXPECT_RESOLVED_MAX][NOTATION_MAX];
};

/* LaTeXPieces (and the lines after LaTeX FILE): how a stone or a relay is
 * drawn by TeX's diagram.sty, as in Popeye's "n SU Nightrider" line. */
struct latex_piece {
    char symbol[3];             /* diagram.sty's piece letter and turn ("C", "E", "SU"); "" when not given */
    char *name;                 /* the name written under the diagram; malloc'd, NULL when not given */
    int line, column;           /* where it was given */
};
enum { LATEX_STONE, LATEX_RELAY, LATEX_PIECES };

/* The input's language (its BeginProblem word); Popeye answers in it. */
enum language { LANG_ENGLISH, LANG_GERMAN, LANG_COUNT };

struct problem {
    const char *file;           /* name as given on the command line */
    int index;                  /* 1-based position in the file */
    int line;                   /* line of the problem's first token */
    enum language language;     /* of the input, so of the output */
    /* Author, Origin, Title, Remark, Award: every line of the keyword, joined
     * with newlines, as long as written (no fixed limit); malloc'd, NULL when
     * absent, released by problem_free */
    char *author, *origin, *title, *remark, *award;
    char *protocol;             /* Protocol FILE: where a copy of the output goes; NULL when absent */
    int protocol_line, protocol_column;
    /* LaTeX FILE: from this problem to the end of its input, the problems go
     * into FILE as a LaTeX document (run/latex_file.c); NULL when absent */
    char *latex;
    int latex_line, latex_column;
    struct latex_piece latex_pieces[LATEX_PIECES]; /* from this problem on */
    struct diagram diagram;
    struct stipulation stipulation;
    bool has_stipulation;
    const struct rules *rules;  /* rules_orthodox when no Condition */
    unsigned switches;
    struct options options;
    int twin_count;
    struct twin *twins;         /* malloc'd; problem_free releases */
    struct expectation expect;
    /* ZeroPosition: the diagram is not solved itself; view 'a' is the diagram
     * with zero's operations applied, and every twin that is not Continued
     * applies to the diagram (not to 'a'), as in Popeye. */
    bool zero_position;
    struct twin zero;
    /* A YACPDB entry's published solution (its `solution`, Popeye's text),
     * which --check compares with the one found; malloc'd, NULL for the
     * problem language. */
    char *published;
    int published_line;
};

void problem_init(struct problem *pr);
void problem_free(struct problem *pr);

#endif
