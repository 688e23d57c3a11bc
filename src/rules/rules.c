/* Registry of the rule sets and the few functions built on the interface.
 * Adding a rule set touches one line of rules_all and its own file. */
#include "rules.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

const struct rules *const rules_all[] = {
    &rules_orthodox,
    &rules_dynamo,
    &rules_emulation,
    &rules_knight_relay,
    &rules_stones_relays,
    NULL,
};

const struct rules *rules_find(const char *name)
{
    size_t n = strlen(name);
    const struct rules *found = NULL;
    for (int i = 0; rules_all[i]; i++) {
        if (strcasecmp(rules_all[i]->name, name) == 0)
            return rules_all[i];
        if (n > 0 && strncasecmp(rules_all[i]->name, name, n) == 0) {
            if (found)
                return NULL; /* ambiguous prefix */
            found = rules_all[i];
        }
    }
    return found;
}

int rules_switch_index(const struct rules *r, const char *name)
{
    for (int i = 0; r->switch_names && r->switch_names[i]; i++)
        if (strcasecmp(r->switch_names[i], name) == 0)
            return i;
    return -1;
}

bool rules_in_check(const struct position *p, enum colour side)
{
    int k = p->st.king_sq[side];
    return k != SQ_NONE && p->rules->attacked(p, k, (enum colour)!side);
}

bool rules_opponent_in_check(const struct position *p)
{
    return rules_in_check(p, (enum colour)!p->st.side);
}

static uint64_t perft_generic(struct position *p, int depth, struct turn_list *lists)
{
    lists[0].overflow = false;
    if (depth == 1) {
        if (p->rules->count_legal)
            return (uint64_t)p->rules->count_legal(p);
        p->rules->generate(p, &lists[0]);
        return lists[0].overflow ? RULES_PERFT_OVERFLOW : (uint64_t)lists[0].count;
    }
    p->rules->generate(p, &lists[0]);
    if (lists[0].overflow)
        return RULES_PERFT_OVERFLOW;
    uint64_t total = 0;
    struct undo u;
    for (int i = 0; i < lists[0].count; i++) {
        position_make(p, &lists[0].turns[i], &u);
        uint64_t n = perft_generic(p, depth - 1, lists + 1);
        position_unmake(p, &u);
        if (n == RULES_PERFT_OVERFLOW)
            return n;
        total += n;
    }
    return total;
}

uint64_t rules_perft(struct position *p, int depth)
{
    if (depth <= 0)
        return 1;
    struct turn_list *lists = malloc(sizeof *lists * (size_t)depth);
    if (!lists)
        abort();
    uint64_t n = perft_generic(p, depth, lists);
    free(lists);
    return n;
}
