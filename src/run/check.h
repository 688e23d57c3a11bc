/* --check: verdicts counted per problem (a problem has the faults of all its
 * twins), the list of problems not as expected, and the closing summary. */
#ifndef FS_CHECK_H
#define FS_CHECK_H

#include <stdbool.h>
#include <stdio.h>

#include "../base/text.h"
#include "job.h"

struct check {
    int problems, sound, assumed, cooked, wrong_key, no_solution, short_sol, count_wrong, partial, illegal, duals,
        unreadable;
    int not_solved;           /* YACPDB entries of kinds not solved (said only when there are some) */
    struct verdict open;      /* the faults of the problem being printed, so far */
    bool open_any;
    struct text faulty;       /* one line per twin not as expected */
};

void check_init(struct check *c);
void check_free(struct check *c);
/* In output order: each solved twin, then (last_of_problem) the problem closes. */
void check_add_twin(struct check *c, const struct job *j);
void check_add_error(struct check *c);
/* A YACPDB entry of a kind not solved: not as expected, and not unreadable. */
void check_add_not_solved(struct check *c);
/* Problems not sound, and the counts; true when everything was as expected. */
bool check_summary(struct check *c, FILE *f);

#endif
