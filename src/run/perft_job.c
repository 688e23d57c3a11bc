/* --perft and --divide on one position: counts printed in the agreed form,
 * the total alone on the last line. */
#include "../base/memory.h"
#include "perft_job.h"

#include <stdio.h>
#include <stdlib.h>

#include "../board/notation.h"
#include "../rules/rules.h"

uint64_t perft_job(struct position *p, int depth, bool divide, FILE *out)
{
    if (!divide) {
        uint64_t n = rules_perft(p, depth);
        if (n != RULES_PERFT_OVERFLOW)
            fprintf(out, "%llu\n", (unsigned long long)n);
        return n;
    }
    /* on the heap: jobs run on several threads, and a turn list is large */
    struct turn_list *first = malloc(TURN_LIST_BYTES(rules_max_turns(p->rules)));
    if (!first)
        out_of_memory();
    first->overflow = false;
    p->rules->generate(p, first);
    uint64_t total = first->overflow ? RULES_PERFT_OVERFLOW : 0;
    for (int i = 0; i < first->count && total != RULES_PERFT_OVERFLOW; i++) {
        char name[NOTATION_MAX];
        turn_canonical(p, &first->turns[i], name);
        struct undo u;
        position_make(p, &first->turns[i], &u);
        uint64_t n = rules_perft(p, depth - 1);
        position_unmake(p, &u);
        if (n == RULES_PERFT_OVERFLOW) {
            total = n;
            break;
        }
        fprintf(out, "%s %llu\n", name, (unsigned long long)n);
        total += n;
    }
    free(first);
    if (total != RULES_PERFT_OVERFLOW)
        fprintf(out, "%llu\n", (unsigned long long)total);
    return total;
}
