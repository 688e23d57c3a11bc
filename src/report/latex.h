/* The LaTeX document of Popeye's LaTeX FILE, for TeX Live's chess-problem-
 * diagrams package (diagram.sty): a diagram environment per problem with its
 * twins, solution and computer-tested mark, the solutions set by \putsol. */
#ifndef FS_LATEX_H
#define FS_LATEX_H

#include <stdbool.h>

#include "../base/text.h"
#include "../problem/problem.h"
#include "../problem/setup.h"

/* How stones and relays are drawn (LaTeXPieces): diagram.sty's symbol and
 * the name in the legend under the diagram, by LATEX_STONE, LATEX_RELAY. */
struct latex_units {
    char symbol[LATEX_PIECES][3];
    char name[LATEX_PIECES][128];
};

/* A neutral circle for a stone, a neutral equihopper for a relay: neither
 * looks like an orthodox piece; names in the input's language. */
void latex_units_default(struct latex_units *u, enum language lang);
/* pr's LaTeXPieces lines over u. */
void latex_units_update(struct latex_units *u, const struct problem *pr);

void latex_document_begin(struct text *out, enum language lang);
void latex_document_end(struct text *out);

/* \begin{diagram} (8x9 under Stones & Relays) and what stands around the
 * board: author, source, award, title as dedication, pieces, stipulation,
 * condition, the legend of stones and relays. */
void latex_diagram_head(struct text *out, const struct problem *pr, const struct position *p,
                        const struct latex_units *u);
/* Twin v's line for \twins ("b) \wT a1{\ra}a4").  Nothing for twin a
 * unless the problem has a ZeroPosition. */
void latex_twin_add(struct text *twins, const struct problem *pr, const struct twin_view *v,
                    const struct latex_units *u);
/* The solution of twin v (Popeye's text layout, as report/popeye_text.c
 * writes it) for \solution: one line each, indented as written, under the
 * twin's label when `labelled`. */
void latex_solution_add(struct text *solution, const struct twin_view *v, bool labelled, const char *text);
/* \twins (Duplex, HalfDuplex and Quodlibet first, as in Popeye), \solution,
 * \Co+ when `tested` (solved completely), \end{diagram}. */
void latex_diagram_tail(struct text *out, const struct problem *pr, const char *twins, const char *solution,
                        bool tested);

#endif
