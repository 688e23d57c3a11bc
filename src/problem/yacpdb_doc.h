/* Private to src/problem: one YACPDB entry as libyaml's node tree, with the
 * place of each node in the file and the scalar types YAML gives plain text. */
#ifndef FS_PROBLEM_YACPDB_DOC_H
#define FS_PROBLEM_YACPDB_DOC_H

#include <stdbool.h>
#include <yaml.h>

#include "parse.h"

struct entry_doc {
    yaml_document_t doc;
    const char *text;    /* the text libyaml was given (marks index into it) */
    size_t len;
    int line_offset;     /* lines of the file before that text */
};

/* What a scalar is to YAML: quoted text is a string; plain text may be
 * null (~, null, nothing), a boolean, an integer or a float (YAML 1.1's
 * core types, as the schema's validators read the entry). */
enum scalar_type { SCALAR_STRING, SCALAR_NULL, SCALAR_BOOL, SCALAR_INT, SCALAR_FLOAT };

yaml_node_t *doc_node(const struct entry_doc *d, int index);
/* The value under key in a mapping (the first one), or NULL. */
yaml_node_t *doc_get(const struct entry_doc *d, const yaml_node_t *map, const char *key);
/* The node's first character in the file, 1-based. */
struct place doc_place(const struct entry_doc *d, const yaml_node_t *n);
/* The place of a scalar's first character of text: after an opening quote;
 * on the next line for a block scalar (| or >). */
struct place doc_text_place(const struct entry_doc *d, const yaml_node_t *n);
bool doc_is_scalar(const yaml_node_t *n);
const char *doc_text(const yaml_node_t *n); /* a scalar's text, NUL-terminated */
enum scalar_type doc_scalar_type(const yaml_node_t *n);
/* A scalar that the schema's "label" takes: a string or a number. */
bool doc_is_label(const yaml_node_t *n);
/* "a string", "a list", "a mapping", "null", "a number", "true/false" for messages. */
const char *doc_kind_name(const yaml_node_t *n);
int doc_length(const yaml_node_t *n); /* items of a list, pairs of a mapping, 0 otherwise */
yaml_node_t *doc_item(const struct entry_doc *d, const yaml_node_t *list, int i);
yaml_node_t *doc_pair_key(const struct entry_doc *d, const yaml_node_t *map, int i);
yaml_node_t *doc_pair_value(const struct entry_doc *d, const yaml_node_t *map, int i);

#endif
