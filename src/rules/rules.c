/* Registry of the rule sets and the few functions built on the interface.
 * Adding a rule set touches one line of rules_all and its own file. */
#include "../base/memory.h"
#include "rules.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const struct rules *const rules_all[] = {
    &rules_orthodox,
    &rules_knight_relay,
    &rules_dynamo,
    &rules_stones_relays,
    &rules_emulation,
    NULL,
};

enum match { NO_MATCH, PREFIX, FULL };

static enum match match(const char *s, size_t len, const char *word)
{
    if (len == 0 || len > strlen(word) || strncasecmp(s, word, len) != 0)
        return NO_MATCH;
    return len == strlen(word) ? FULL : PREFIX;
}

/* Index among the first count words (word(i)) that s names, by the rule in rules.h. */
static int lookup(const char *s, size_t len, int count, const char *(*word)(const void *set, int i),
                  const void *set)
{
    int found = RULES_NONE;
    for (int i = 0; i < count; i++) {
        enum match m = match(s, len, word(set, i));
        if (m == FULL)
            return i;
        if (m == PREFIX)
            found = found == RULES_NONE ? i : RULES_AMBIGUOUS;
    }
    return found;
}

static int rules_count(void)
{
    int n = 0;
    while (rules_all[n])
        n++;
    return n;
}

static int switch_count(const struct rules *r)
{
    int n = 0;
    while (r->switch_names && r->switch_names[n])
        n++;
    assert(n <= RULES_SWITCHES_MAX);
    return n;
}

static const char *rule_set_name(const void *set, int i)
{
    (void)set;
    return rules_all[i]->name;
}

static const char *switch_name(const void *set, int i)
{
    return ((const struct rules *)set)->switch_names[i];
}

const struct rules *rules_lookup(const char *s, size_t len, bool *ambiguous)
{
    int i = lookup(s, len, rules_count(), rule_set_name, NULL);
    *ambiguous = i == RULES_AMBIGUOUS;
    return i >= 0 ? rules_all[i] : NULL;
}

int rules_switch_lookup(const struct rules *r, const char *s, size_t len)
{
    return lookup(s, len, switch_count(r), switch_name, r);
}

const struct rules *rules_find(const char *name)
{
    bool ambiguous;
    return rules_lookup(name, strlen(name), &ambiguous);
}

int rules_switch_index(const struct rules *r, const char *name)
{
    int n = switch_count(r);
    for (int i = 0; i < n; i++)
        if (strcasecmp(r->switch_names[i], name) == 0)
            return i;
    return RULES_NONE;
}

struct rules_description rules_describe(const struct rules *r, unsigned switches)
{
    struct rules_description d = {.name = r->name};
    int n = switch_count(r);
    for (int i = 0; i < n; i++)
        if (switches >> i & 1u)
            d.switches[d.switch_count++] = r->switch_names[i];
    return d;
}

void rules_describe_text(const struct rules *r, unsigned switches, char out[RULES_DESCRIPTION_MAX])
{
    struct rules_description d = rules_describe(r, switches);
    size_t used = (size_t)snprintf(out, RULES_DESCRIPTION_MAX, "%s", d.name);
    for (int i = 0; i < d.switch_count; i++) {
        assert(used < RULES_DESCRIPTION_MAX); /* the registry test checks every rule set fits */
        used += (size_t)snprintf(out + used, RULES_DESCRIPTION_MAX - used, " %s", d.switches[i]);
    }
    assert(used < RULES_DESCRIPTION_MAX);
}

void rules_list_names(bool (*include)(const struct rules *r, const void *ctx), const void *ctx, char *out,
                      size_t cap)
{
    int n = 0, total = 0;
    for (int i = 0; rules_all[i]; i++)
        total += include(rules_all[i], ctx);
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; rules_all[i] && used < cap; i++) {
        if (!include(rules_all[i], ctx))
            continue;
        n++;
        int w = snprintf(out + used, cap - used, "%s%s", n == 1 ? "" : n == total ? " or " : ", ",
                         rules_all[i]->name);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

bool rules_is_condition(const struct rules *r, const void *ctx)
{
    (void)ctx;
    return r != &rules_orthodox; /* FORMAT.md 3: no condition means orthodox chess */
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

/* Lists of `bytes` each, one per ply left (list(0) the first). */
struct perft_lists {
    char *block;
    size_t bytes;
};

static struct turn_list *perft_list(const struct perft_lists *l, int i)
{
    return (struct turn_list *)(void *)(l->block + (size_t)i * l->bytes);
}

static uint64_t perft_generic(struct position *p, int depth, const struct perft_lists *lists, int ply)
{
    struct turn_list *l = perft_list(lists, ply);
    l->overflow = false;
    if (depth == 1) {
        if (p->rules->count_legal)
            return (uint64_t)p->rules->count_legal(p);
        p->rules->generate(p, l);
        return l->overflow ? RULES_PERFT_OVERFLOW : (uint64_t)l->count;
    }
    p->rules->generate(p, l);
    if (l->overflow)
        return RULES_PERFT_OVERFLOW;
    uint64_t total = 0;
    struct undo u;
    for (int i = 0; i < l->count; i++) {
        position_make(p, &l->turns[i], &u);
        uint64_t n = perft_generic(p, depth - 1, lists, ply + 1);
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
    struct perft_lists lists = {.bytes = TURN_LIST_BYTES(rules_max_turns(p->rules))};
    if (!(lists.block = malloc(lists.bytes * (size_t)depth)))
        out_of_memory();
    uint64_t n = perft_generic(p, depth, &lists, 0);
    free(lists.block);
    return n;
}
