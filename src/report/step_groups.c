/* Option GroupSteps: which canonical lines or text parts differ only in one
 * move's optional stone or relay step, and the text of such a group. */
#include "step_groups.h"

#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../base/text.h"

bool step_groups_apply(const struct problem *pr, const struct twin_view *v)
{
    return pr->options.group_steps && v->rules->neutral_units;
}

/* The first line of each group: every other line that differs from it in
 * the step of one move, the same move for the whole group (differ gives
 * that move's index, -1 when the lines differ otherwise). */
static int group_lines(int count, int *group, int *which, int (*differ)(const void *ctx, int a, int b),
                       const void *ctx)
{
    int groups = 0;
    for (int i = 0; i < count; i++)
        group[i] = -1;
    for (int i = 0; i < count; i++) {
        if (group[i] >= 0)
            continue;
        group[i] = i;
        groups++;
        int k = -1;
        for (int j = i + 1; j < count; j++) {
            if (group[j] >= 0)
                continue;
            int d = differ(ctx, i, j);
            if (d >= 0 && (k < 0 || d == k)) {
                group[j] = i;
                k = d;
            }
        }
        if (which)
            which[i] = k;
    }
    return groups;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\n' || c == '\t';
}

/* The end of the word at s, and where its step begins (the end when it has none). */
static const char *word_end(const char *s, const char **step, bool text)
{
    const char *e = s;
    while (*e && !is_space(*e))
        e++;
    *step = e;
    const char *slash = NULL;
    for (const char *c = s; c < e; c++)
        if (*c == '/')
            slash = c;
    if (!slash)
        return e;
    if (!text) { /* canonical: "d2f6/e4e5", the step after the slash */
        *step = slash;
        return e;
    }
    /* Popeye's text: "/Od8-d7", "/Xg7-g6" */
    const char *t = slash;
    bool step_text = e - t == 7 && (t[1] == 'O' || t[1] == 'X') && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' &&
                     t[3] <= '9' && t[4] == '-' && t[5] >= 'a' && t[5] <= 'h' && t[6] >= '1' && t[6] <= '9';
    if (step_text)
        *step = slash;
    return e;
}

/* The index of the one word whose step differs between a and b, the rest
 * (white space included) being equal; -1 otherwise. */
static int one_step_apart(const char *a, const char *b, bool text)
{
    int word = 0, k = -1;
    for (;;) {
        while (is_space(*a) && is_space(*b)) {
            if (*a++ != *b++)
                return -1;
        }
        if (is_space(*a) || is_space(*b))
            return -1;
        if (!*a || !*b)
            return *a == *b ? k : -1;
        const char *sa, *sb, *ea = word_end(a, &sa, text), *eb = word_end(b, &sb, text);
        if (sa - a != sb - b || memcmp(a, b, (size_t)(sa - a)) != 0)
            return -1;
        if (ea - sa != eb - sb || memcmp(sa, sb, (size_t)(ea - sa)) != 0) {
            if (k >= 0)
                return -1;
            k = word;
        }
        a = ea;
        b = eb;
        word++;
    }
}

static int differ_canonical(const void *ctx, int a, int b)
{
    const char *const *lines = ctx;
    return one_step_apart(lines[a], lines[b], false);
}

static int differ_text(const void *ctx, int a, int b)
{
    const char *const *texts = ctx;
    return one_step_apart(texts[a], texts[b], true);
}

int step_groups_canonical(const char *const *lines, int count, int *group)
{
    return group_lines(count, group, NULL, differ_canonical, lines);
}

int step_groups_text(const char *const *texts, int count, int *group, int *text_word)
{
    return group_lines(count, group, text_word, differ_text, texts);
}

/* Where word number `word` of s begins. */
static const char *word_at(const char *s, int word)
{
    for (int w = 0;; w++) {
        while (is_space(*s))
            s++;
        if (w == word || !*s)
            return s;
        while (*s && !is_space(*s))
            s++;
    }
}

char *step_groups_join(const char *const *texts, int count, const int *group, int first, int word)
{
    struct text t;
    text_init(&t);
    const char *w = word_at(texts[first], word), *step, *end = word_end(w, &step, true);
    text_printf(&t, "%.*s (", (int)(step - texts[first]), texts[first]);
    bool any = false;
    for (int i = first; i < count; i++) {
        if (group[i] != first)
            continue;
        const char *m = word_at(texts[i], word), *s, *e = word_end(m, &s, true);
        text_printf(&t, "%s%.*s", any ? ", " : "", s == e ? 2 : (int)(e - s), s == e ? "/-" : s);
        any = true;
    }
    text_printf(&t, ")%s", end);
    return t.data;
}

struct line_span {
    const char *s;
    int len, indent;   /* indent -1: an empty line */
};

static void group_range(const struct line_span *lines, int a, int b, struct text *out);

/* The block of lines[i] (the line and the deeper ones after it), its
 * children grouped; malloc'd. */
static char *block_text(const struct line_span *lines, int i, int end)
{
    struct text t;
    text_init(&t);
    text_printf(&t, "%.*s", lines[i].len, lines[i].s);
    if (end > i + 1) {
        text_put(&t, "\n");
        group_range(lines, i + 1, end, &t);
    }
    return t.data;
}

/* lines[a..b) as sibling blocks, each block's children grouped first, then
 * the blocks that differ only in one step written as one. */
static void group_range(const struct line_span *lines, int a, int b, struct text *out)
{
    int cap = b - a, count = 0;
    char **blocks = calloc((size_t)cap + 1, sizeof *blocks);
    int *group = malloc(sizeof *group * (size_t)(cap + 1)), *word = malloc(sizeof *word * (size_t)(cap + 1));
    if (!blocks || !group || !word)
        out_of_memory();
    for (int i = a; i < b;) {
        int j = i + 1;
        while (j < b && lines[i].indent >= 0 && lines[j].indent > lines[i].indent)
            j++;
        blocks[count++] = block_text(lines, i, j);
        i = j;
    }
    step_groups_text((const char *const *)blocks, count, group, word);
    bool first = true;
    for (int i = 0; i < count; i++) {
        if (group[i] != i)
            continue;
        char *joined = word[i] >= 0 ? step_groups_join((const char *const *)blocks, count, group, i, word[i]) : NULL;
        text_printf(out, "%s%s", first ? "" : "\n", joined ? joined : blocks[i]);
        free(joined);
        first = false;
    }
    for (int i = 0; i < count; i++)
        free(blocks[i]);
    free(blocks);
    free(group);
    free(word);
}

char *step_groups_tree(const char *text)
{
    int count = 1;
    for (const char *c = text; *c; c++)
        count += *c == '\n';
    struct line_span *lines = malloc(sizeof *lines * (size_t)count);
    if (!lines)
        out_of_memory();
    const char *s = text;
    for (int i = 0; i < count; i++) {
        const char *nl = strchr(s, '\n');
        int len = nl ? (int)(nl - s) : (int)strlen(s), indent = 0;
        while (indent < len && s[indent] == ' ')
            indent++;
        lines[i] = (struct line_span){s, len, indent == len ? -1 : indent};
        s = nl ? nl + 1 : s + len;
    }
    struct text t;
    text_init(&t);
    group_range(lines, 0, count, &t);
    free(lines);
    return t.data;
}
