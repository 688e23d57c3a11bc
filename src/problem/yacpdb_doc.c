/* Reading libyaml's node tree of one YACPDB entry: nodes by key and index,
 * their places in the file, and the type YAML gives a plain scalar. */
#include "yacpdb_doc.h"

#include <ctype.h>
#include <string.h>

yaml_node_t *doc_node(const struct entry_doc *d, int index)
{
    return yaml_document_get_node((yaml_document_t *)&d->doc, index);
}

bool doc_is_scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE;
}

const char *doc_text(const yaml_node_t *n)
{
    return doc_is_scalar(n) ? (const char *)n->data.scalar.value : "";
}

int doc_length(const yaml_node_t *n)
{
    if (n && n->type == YAML_SEQUENCE_NODE)
        return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
    if (n && n->type == YAML_MAPPING_NODE)
        return (int)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
    return 0;
}

yaml_node_t *doc_item(const struct entry_doc *d, const yaml_node_t *list, int i)
{
    return doc_node(d, list->data.sequence.items.start[i]);
}

yaml_node_t *doc_pair_key(const struct entry_doc *d, const yaml_node_t *map, int i)
{
    return doc_node(d, map->data.mapping.pairs.start[i].key);
}

yaml_node_t *doc_pair_value(const struct entry_doc *d, const yaml_node_t *map, int i)
{
    return doc_node(d, map->data.mapping.pairs.start[i].value);
}

yaml_node_t *doc_get(const struct entry_doc *d, const yaml_node_t *map, const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return NULL;
    for (int i = 0; i < doc_length(map); i++) {
        const yaml_node_t *k = doc_pair_key(d, map, i);
        if (doc_is_scalar(k) && strcmp(doc_text(k), key) == 0)
            return doc_pair_value(d, map, i);
    }
    return NULL;
}

struct place doc_place(const struct entry_doc *d, const yaml_node_t *n)
{
    struct place p = {(int)n->start_mark.line + 1 + d->line_offset, (int)n->start_mark.column + 1};
    return p;
}

struct place doc_text_place(const struct entry_doc *d, const yaml_node_t *n)
{
    struct place p = doc_place(d, n);
    if (!doc_is_scalar(n))
        return p;
    switch (n->data.scalar.style) {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE:
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
        p.column++;
        break;
    case YAML_LITERAL_SCALAR_STYLE:
    case YAML_FOLDED_SCALAR_STYLE: {
        /* the text begins on the next line, after its indentation */
        size_t i = n->start_mark.index;
        while (i < d->len && d->text[i] != '\n')
            i++;
        int indent = 0;
        for (i++; i < d->len && d->text[i] == ' '; i++)
            indent++;
        p.line++;
        p.column = indent + 1;
        break;
    }
    default:
        break;
    }
    return p;
}

static bool all_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

static bool is_float(const char *s)
{
    if (*s == '+' || *s == '-')
        s++;
    bool digits = false, dot = false;
    for (; *s && *s != 'e' && *s != 'E'; s++) {
        if (isdigit((unsigned char)*s))
            digits = true;
        else if (*s == '.' && !dot)
            dot = true;
        else
            return false;
    }
    if (!digits || !dot)
        return false;
    if (*s) {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        return all_digits(s);
    }
    return true;
}

enum scalar_type doc_scalar_type(const yaml_node_t *n)
{
    if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return SCALAR_STRING;
    const char *s = doc_text(n);
    static const char *const nulls[] = {"", "~", "null", "Null", "NULL"};
    static const char *const bools[] = {"true", "True", "TRUE", "false", "False", "FALSE",
                                        "yes", "Yes", "YES", "no", "No", "NO",
                                        "on", "On", "ON", "off", "Off", "OFF"};
    for (size_t i = 0; i < sizeof nulls / sizeof *nulls; i++)
        if (strcmp(s, nulls[i]) == 0)
            return SCALAR_NULL;
    for (size_t i = 0; i < sizeof bools / sizeof *bools; i++)
        if (strcmp(s, bools[i]) == 0)
            return SCALAR_BOOL;
    if (all_digits(s + (*s == '+' || *s == '-')))
        return SCALAR_INT;
    return is_float(s) ? SCALAR_FLOAT : SCALAR_STRING;
}

bool doc_is_label(const yaml_node_t *n)
{
    if (!doc_is_scalar(n))
        return false;
    enum scalar_type t = doc_scalar_type(n);
    return t == SCALAR_STRING || t == SCALAR_INT || t == SCALAR_FLOAT;
}

const char *doc_kind_name(const yaml_node_t *n)
{
    if (!n)
        return "nothing";
    if (n->type == YAML_SEQUENCE_NODE)
        return "a list";
    if (n->type == YAML_MAPPING_NODE)
        return "a mapping";
    switch (doc_scalar_type(n)) {
    case SCALAR_NULL: return "nothing (null)";
    case SCALAR_BOOL: return "true/false";
    case SCALAR_INT:
    case SCALAR_FLOAT: return "a number";
    default: return "a string";
    }
}
