/* A YACPDB entry's authors, source and award as the problem's Author, Origin
 * and Award texts.  Nothing here can fail: the schema was checked. */
#include "yacpdb_texts.h"

#include <stdlib.h>
#include <string.h>

#include "../base/text.h"

/* The text's buffer, handed over (NULL when empty). */
static char *take(struct text *t)
{
    if (t->len == 0) {
        text_free(t);
        return NULL;
    }
    char *s = t->data;
    t->data = NULL;
    t->len = t->cap = 0;
    return s;
}

static void put_part(struct text *t, const char *part)
{
    if (part && part[0])
        text_printf(t, "%s%s", t->len ? ", " : "", part);
}

/* year[-month[-day]] of a date mapping, or the date as written. */
static void put_date(const struct entry_doc *d, const yaml_node_t *date, struct text *t)
{
    if (!date)
        return;
    if (doc_is_scalar(date)) {
        put_part(t, doc_text(date));
        return;
    }
    const yaml_node_t *y = doc_get(d, date, "year"), *m = doc_get(d, date, "month"), *day = doc_get(d, date, "day");
    struct text s;
    text_init(&s);
    text_printf(&s, "%s", doc_text(y));
    if (m)
        text_printf(&s, "-%02d", atoi(doc_text(m)));
    if (m && day)
        text_printf(&s, "-%02d", atoi(doc_text(day)));
    put_part(t, s.data);
    text_free(&s);
}

static char *origin_text(const struct entry_doc *d, const yaml_node_t *source)
{
    struct text t, number;
    text_init(&t);
    text_init(&number);
    put_part(&t, doc_text(doc_get(d, source, "name")));
    const yaml_node_t *volume = doc_get(d, source, "volume"), *issue = doc_get(d, source, "issue"),
                      *id = doc_get(d, source, "problemid");
    if (volume)
        text_printf(&t, " %s", doc_text(volume));
    if (issue)
        text_printf(&number, "%s", doc_text(issue));
    if (id)
        text_printf(&number, "%s%s", issue ? "/" : "", doc_text(id));
    put_part(&t, number.data);
    text_free(&number);
    put_date(d, doc_get(d, source, "date"), &t);
    return take(&t);
}

static char *award_text(const struct entry_doc *d, const yaml_node_t *award, const yaml_node_t *source)
{
    struct text t;
    text_init(&t);
    put_part(&t, doc_text(doc_get(d, award, "distinction")));
    const yaml_node_t *tourney = doc_get(d, award, "tourney");
    /* "ditto": the tourney of the source */
    const yaml_node_t *name = doc_is_scalar(tourney) ? doc_get(d, source, "name") : doc_get(d, tourney, "name");
    put_part(&t, doc_text(name));
    return take(&t);
}

void yacpdb_texts(const struct entry_doc *d, const yaml_node_t *root, struct problem *pr)
{
    const yaml_node_t *authors = doc_get(d, root, "authors"), *source = doc_get(d, root, "source"),
                      *award = doc_get(d, root, "award");
    if (authors) {
        struct text t;
        text_init(&t);
        for (int i = 0; i < doc_length(authors); i++)
            text_printf(&t, "%s%s", i ? "\n" : "", doc_text(doc_item(d, authors, i)));
        pr->author = take(&t);
    }
    if (source)
        pr->origin = origin_text(d, source);
    if (award)
        pr->award = award_text(d, award, source);
}
