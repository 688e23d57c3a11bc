/* Life cycle of struct problem: defaults and release of the texts and twins.
 * No parsing and no positions here. */
#include "problem.h"

#include <stdlib.h>
#include <string.h>

void problem_init(struct problem *pr)
{
    memset(pr, 0, sizeof *pr);
    pr->rules = &rules_orthodox;
    pr->options.threat = -1;
    pr->options.max_flights = -1;
    pr->expect.solutions = -1;
}

void problem_free(struct problem *pr)
{
    char **texts[] = {&pr->author, &pr->origin, &pr->title, &pr->remark, &pr->award, &pr->protocol, &pr->latex,
                      &pr->latex_pieces[LATEX_STONE].name, &pr->latex_pieces[LATEX_RELAY].name, &pr->published};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        free(*texts[i]);
        *texts[i] = NULL;
    }
    free(pr->twins);
    pr->twins = NULL;
    pr->twin_count = 0;
}
