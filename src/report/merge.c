/* The whole twin from its parts (merge.h): every piece of text, key, try,
 * solution and tree move is put where a whole run shows it, by the place of
 * its first move in the root's turn list, which each part's text pieces name. */
#include "../base/memory.h"
#include "merge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/notation.h"
#include "../search/duals.h"
#include "part_chunks.h"

/* One thing to put in order: by plies, then first-move place, then part,
 * then its place in that part. */
struct placed {
    int plies, index, rank, seq;
    const cJSON *item;
};

static int compare_placed(const void *a, const void *b)
{
    const struct placed *x = a, *y = b;
    if (x->plies != y->plies)
        return x->plies < y->plies ? -1 : 1;
    if (x->index != y->index)
        return x->index < y->index ? -1 : 1;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return x->seq - y->seq;
}

struct placed_list {
    struct placed *items;
    int count, cap;
};

static void placed_add(struct placed_list *l, struct placed p)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->items = realloc(l->items, sizeof *l->items * (size_t)l->cap);
        if (!l->items)
            out_of_memory();
    }
    l->items[l->count++] = p;
}

static void placed_sort(struct placed_list *l)
{
    if (l->count > 1)
        qsort(l->items, (size_t)l->count, sizeof *l->items, compare_placed);
}

/* After placed_sort: an item that another part placed at the same place
 * with the same content is dropped.  A first move belongs to one part, but
 * what a part shows whatever its first moves (an r#n's forced mates at
 * once, Popeye's "1.Qf7-b7 # ?!?") comes from every part. */
static void placed_drop_repeats(struct placed_list *l)
{
    int kept = 0;
    for (int i = 0; i < l->count; i++) {
        const struct placed *x = &l->items[i];
        bool repeat = false;
        for (int j = kept - 1; j >= 0 && !repeat; j--) {
            const struct placed *y = &l->items[j];
            if (y->plies != x->plies || y->index != x->index)
                break;
            repeat = y->rank != x->rank && cJSON_Compare(y->item, x->item, true);
        }
        if (!repeat)
            l->items[kept++] = *x;
    }
    l->count = kept;
}

/* First move (canonical) at a length -> its place in the root list, read
 * off the parts' text pieces. */
struct move_place {
    int plies, index;
    const char *move;
};

struct move_map {
    struct move_place *items;
    int count, cap;
};

static void map_add(struct move_map *m, int plies, int index, const char *move)
{
    if (m->count == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 64;
        m->items = realloc(m->items, sizeof *m->items * (size_t)m->cap);
        if (!m->items)
            out_of_memory();
    }
    m->items[m->count++] = (struct move_place){plies, index, move};
}

static int map_find(const struct move_map *m, int plies, const char *move)
{
    for (int i = 0; i < m->count; i++)
        if (m->items[i].plies == plies && strcmp(m->items[i].move, move) == 0)
            return m->items[i].index;
    return -1;
}

static bool fail(char *msg, size_t msglen, const char *what, const char *detail)
{
    snprintf(msg, msglen, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
    return false;
}

static const cJSON *field(const cJSON *o, const char *name) { return cJSON_GetObjectItemCaseSensitive(o, name); }

/* "e2e4 e7e5" from ["e2e4", "e7e5"]; NULL when it is not such an array. */
static char *joined(const cJSON *a, int *words)
{
    if (!cJSON_IsArray(a))
        return NULL;
    struct text t;
    text_init(&t);
    *words = 0;
    const cJSON *m;
    cJSON_ArrayForEach(m, a)
    {
        if (!cJSON_IsString(m)) {
            text_free(&t);
            return NULL;
        }
        if ((*words)++)
            text_put(&t, " ");
        text_put(&t, m->valuestring);
    }
    return t.data;
}

/* The first word of s (a canonical move, FORMAT.md 8) into buf; false when
 * it is longer than any move. */
static bool first_word(const char *s, char buf[NOTATION_MAX])
{
    size_t k = strcspn(s, " :");
    if (k >= NOTATION_MAX)
        return false;
    memcpy(buf, s, k);
    buf[k] = 0;
    return true;
}

/* Puts the items of each line's array `name` in order; moves are looked up
 * at plies (help solutions: their length). */
/* Text as the canonical notation writes moves and duals (FORMAT.md 8):
 * printable ASCII with no quote or backslash, which the JSON writer copies
 * as it is (json.c).  A part comes from another machine: what is not such
 * text is refused, never written back out. */
static bool canonical_move(const cJSON *v)
{
    if (!cJSON_IsString(v) || !v->valuestring[0])
        return false;
    for (const char *c = v->valuestring; *c; c++)
        if (*c < ' ' || *c >= 0x7f || *c == '"' || *c == '\\')
            return false;
    return true;
}

/* Every move of an item: one move, or a line of them. */
static bool canonical_item(const cJSON *v)
{
    if (!cJSON_IsArray(v))
        return canonical_move(v);
    const cJSON *m;
    cJSON_ArrayForEach(m, v)
    {
        if (!canonical_move(m))
            return false;
    }
    return true;
}

static bool place_items(const cJSON *const *lines, int count, const char *name, const char *member,
                        const struct move_map *map, bool by_length, struct placed_list *out, char *msg,
                        size_t msglen)
{
    for (int p = 0; p < count; p++) {
        const cJSON *a = field(lines[p], name);
        if (!cJSON_IsArray(a))
            return fail(msg, msglen, "a part line without the array", name);
        int seq = 0;
        const cJSON *it;
        cJSON_ArrayForEach(it, a)
        {
            const cJSON *v = member ? field(it, member) : it;
            char move[NOTATION_MAX];
            int plies = 0;
            if (!canonical_item(v)) {
                return fail(msg, msglen, "a part line with a malformed item in", name);
            } else if (cJSON_IsString(v) && first_word(v->valuestring, move)) {
                plies = 0;
            } else if (cJSON_IsArray(v) && cJSON_IsString(cJSON_GetArrayItem(v, 0)) &&
                       first_word(cJSON_GetArrayItem(v, 0)->valuestring, move)) {
                plies = by_length ? cJSON_GetArraySize(v) : 0;
            } else {
                return fail(msg, msglen, "a part line with a malformed item in", name);
            }
            int index = map_find(map, plies, move);
            if (index < 0 && by_length && (index = map_find(map, plies + 1, move)) >= 0)
                plies++; /* a reci-h#'s own mate: one half-move shorter than its length (part_chunks.c) */
            if (index < 0)
                return fail(msg, msglen, "a move that is in no piece of the part's text", move);
            placed_add(out, (struct placed){plies, index, p, seq++, it});
        }
    }
    placed_sort(out);
    return true;
}

static void add_strings(struct strlist *l, const struct placed_list *pl)
{
    for (int i = 0; i < pl->count; i++)
        strlist_add(l, pl->items[i].item->valuestring);
}

static bool add_lines(struct strlist *l, const struct placed_list *pl)
{
    for (int i = 0; i < pl->count; i++) {
        int words;
        char *s = joined(pl->items[i].item, &words);
        if (!s)
            return false;
        strlist_add(l, s);
        free(s);
    }
    return true;
}

static bool merge_text(const cJSON *const *lines, int count, struct move_map *map, struct merged_twin *m, char *msg,
                       size_t msglen)
{
    struct placed_list pieces = {0};
    for (int p = 0; p < count; p++) {
        const cJSON *text = field(field(lines[p], "part"), "text");
        if (!cJSON_IsArray(text)) {
            free(pieces.items);
            return fail(msg, msglen, "a part line without its text pieces", NULL);
        }
        int seq = 0;
        const cJSON *c;
        cJSON_ArrayForEach(c, text)
        {
            const cJSON *phase = cJSON_GetArrayItem(c, 0), *plies = cJSON_GetArrayItem(c, 1),
                        *index = cJSON_GetArrayItem(c, 2), *s = cJSON_GetArrayItem(c, 3),
                        *moves = cJSON_GetArrayItem(c, 4);
            if (!cJSON_IsNumber(phase) || !cJSON_IsNumber(plies) || !cJSON_IsNumber(index) || !cJSON_IsString(s) ||
                !cJSON_IsArray(moves)) {
                free(pieces.items);
                return fail(msg, msglen, "a malformed text piece in a part line", NULL);
            }
            const cJSON *mv;
            cJSON_ArrayForEach(mv, moves) if (cJSON_IsString(mv) && phase->valueint == 1)
                map_add(map, plies->valueint == PART_PLIES_END ? 0 : plies->valueint, index->valueint,
                        mv->valuestring);
            /* set play and phase ends are in every part: the first one's are taken */
            bool own = phase->valueint == 1 && index->valueint >= 0;
            if (own || p == 0)
                placed_add(&pieces, (struct placed){phase->valueint * (PART_PLIES_END + 1) + plies->valueint,
                                                    index->valueint, p, seq, c});
            seq++;
        }
    }
    placed_sort(&pieces);
    placed_drop_repeats(&pieces);
    text_init(&m->text);
    for (int i = 0; i < pieces.count; i++)
        text_put(&m->text, cJSON_GetArrayItem(pieces.items[i].item, 3)->valuestring);
    free(pieces.items);
    return true;
}

/* The tree's first moves of every part, by their place, into firsts. */
static bool place_first_moves(const cJSON *const *lines, int count, struct move_map *map, struct placed_list *firsts,
                              char *msg, size_t msglen)
{
    bool ok = true;
    for (int p = 0; p < count && ok; p++) {
        int seq = 0;
        const cJSON *it;
        cJSON_ArrayForEach(it, field(field(lines[p], "tree"), "first_moves"))
        {
            const cJSON *mv = field(it, "move");
            int index = cJSON_IsString(mv) ? map_find(map, 0, mv->valuestring) : -1;
            if (index < 0) {
                ok = fail(msg, msglen, "a tree move that is in no piece of the part's text",
                          cJSON_IsString(mv) ? mv->valuestring : "?");
                break;
            }
            placed_add(firsts, (struct placed){0, index, p, seq++, it});
        }
    }
    placed_sort(firsts);
    placed_drop_repeats(firsts);
    return ok;
}

/* The first part's tree, with the first moves of all (firsts; NULL: help
 * play, whose tree has none). */
static cJSON *merged_tree(const cJSON *const *lines, const struct placed_list *firsts)
{
    cJSON *tree = cJSON_Duplicate(field(lines[0], "tree"), true);
    if (!tree)
        out_of_memory();
    if (firsts) {
        /* a tree has first_moves when it shows any (after set_play) */
        cJSON_DeleteItemFromObjectCaseSensitive(tree, "first_moves");
        cJSON *a = firsts->count ? cJSON_AddArrayToObject(tree, "first_moves") : NULL;
        if (firsts->count && !a)
            out_of_memory();
        for (int i = 0; i < firsts->count; i++)
            cJSON_AddItemToArray(a, cJSON_Duplicate(firsts->items[i].item, true));
    }
    return tree;
}

/* What any part says of the whole twin (partial, illegal ...), and the
 * parts' nodes and seconds summed, into r. */
static void add_part_facts(const cJSON *const *lines, int count, struct result *r)
{
    for (int p = 0; p < count; p++) {
        const cJSON *part = field(lines[p], "part");
        r->partial |= cJSON_IsTrue(field(lines[p], "partial"));
        r->illegal |= cJSON_IsTrue(field(lines[p], "illegal"));
        r->set_play_illegal |= cJSON_IsTrue(field(lines[p], "set_play_illegal"));
        r->too_many_turns |= cJSON_IsTrue(field(part, "too_many_turns"));
        const cJSON *nodes = field(lines[p], "nodes"), *seconds = field(lines[p], "seconds");
        if (cJSON_IsNumber(nodes))
            r->nodes += (uint64_t)nodes->valuedouble;
        if (cJSON_IsNumber(seconds))
            r->seconds += seconds->valuedouble;
    }
}

bool merge_twin(const cJSON *const *lines, int count, const struct stipulation *st, struct merged_twin *m, char *msg,
                size_t msglen)
{
    /* help play, series, hs# and reci-h# have solution lines; a whole run
     * counts duals among them only in help play (solve.c) */
    bool help = stipulation_has_lines(st);
    bool help_duals = st->play == PLAY_HELP && !st->series;
    *m = (struct merged_twin){0};
    result_init(&m->r);
    struct move_map map = {0};
    bool ok = merge_text(lines, count, &map, m, msg, msglen);
    struct placed_list keys = {0}, short_keys = {0}, tries = {0}, firsts = {0}, duals = {0}, sols = {0},
                       shorts = {0};
    /* every play's line has a tree ({} in help play): the first one's is copied */
    for (int p = 0; ok && p < count; p++)
        if (!cJSON_IsObject(field(lines[p], "tree")))
            ok = fail(msg, msglen, "a part line without its tree", NULL);
    if (ok && !help)
        ok = place_items(lines, count, "keys", NULL, &map, false, &keys, msg, msglen) &&
             place_items(lines, count, "short", NULL, &map, false, &short_keys, msg, msglen) &&
             place_items(lines, count, "tries", "move", &map, false, &tries, msg, msglen) &&
             place_items(lines, count, "duals", NULL, &map, false, &duals, msg, msglen);
    if (ok && !help)
        ok = place_first_moves(lines, count, &map, &firsts, msg, msglen);
    if (ok && help)
        ok = place_items(lines, count, "solutions", NULL, &map, true, &sols, msg, msglen) &&
             place_items(lines, count, "short", NULL, &map, true, &shorts, msg, msglen);
    if (ok) {
        /* short keys: battle play's "short" holds [key] arrays */
        add_strings(&m->r.keys, &keys);
        for (int i = 0; i < short_keys.count; i++)
            short_keys.items[i].item = cJSON_GetArrayItem(short_keys.items[i].item, 0);
        add_strings(&m->r.short_keys, &short_keys);
        for (int i = 0; i < tries.count; i++) {
            const cJSON *t = tries.items[i].item;
            struct try_result *tr = result_add_try(&m->r, field(t, "move")->valuestring);
            const cJSON *ref;
            cJSON_ArrayForEach(ref, field(t, "refutations")) if (cJSON_IsString(ref))
                strlist_add(&tr->refutations, ref->valuestring);
        }
        ok = add_lines(&m->r.solutions, &sols) && add_lines(&m->r.short_solutions, &shorts);
        if (!ok)
            fail(msg, msglen, "a malformed solution in a part line", NULL);
    }
    if (ok) {
        if (help_duals) {
            duals_of_help_solutions(&m->r);
        } else if (!help) {
            add_strings(&m->r.dual_lines, &duals);
            m->r.duals = m->r.dual_lines.count;
        }
        m->tree = merged_tree(lines, help ? NULL : &firsts);
        add_part_facts(lines, count, &m->r);
    }
    free(keys.items);
    free(short_keys.items);
    free(tries.items);
    free(firsts.items);
    free(duals.items);
    free(sols.items);
    free(shorts.items);
    free(map.items);
    if (!ok)
        merged_twin_free(m);
    return ok;
}

void merged_twin_free(struct merged_twin *m)
{
    result_free(&m->r);
    cJSON_Delete(m->tree);
    if (m->text.data)
        text_free(&m->text);
    *m = (struct merged_twin){0};
}
