/* A file of YACPDB entries cut at its "---" lines, each YAML document loaded
 * by libyaml (a syntax error spoils only its own), each entry read. */
#include "yacpdb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"
#include "../base/text.h"
#include "yacpdb_entry.h"

struct yacpdb_reader {
    const char *file;
    char *text;
    size_t len;
    size_t next;              /* where the next piece of documents begins */
    int next_line;            /* its line, from 0 */
    bool loading;             /* parser holds a piece not read to its end */
    yaml_parser_t parser;
    size_t piece, piece_len;  /* the piece the parser reads */
    int piece_line;
    int count;
};

/* "---" (or "...") alone or followed by a blank at the start of a line:
 * YAML's document markers, which no scalar may contain. */
static bool marker_at(const char *s, size_t left, char c)
{
    return left >= 3 && s[0] == c && s[1] == c && s[2] == c &&
           (left == 3 || s[3] == ' ' || s[3] == '\t' || s[3] == '\n' || s[3] == '\r');
}

/* Whether the lines from..to hold anything but blanks, comments and
 * directives (which belong to the document after them). */
static bool has_content(const char *s, size_t from, size_t to)
{
    bool line_start = true;
    for (size_t i = from; i < to; i++) {
        char c = s[i];
        if (c == '\n') {
            line_start = true;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r')
            continue;
        if (c == '#' || (c == '%' && line_start)) {
            while (i < to && s[i] != '\n')
                i++;
            line_start = true;
            continue;
        }
        return true;
    }
    return false;
}

/* The next piece: from r->next to the line before the next "---" that
 * starts a document of its own.  False at the end of the text. */
static bool next_piece(struct yacpdb_reader *r)
{
    if (r->next >= r->len)
        return false;
    size_t start = r->next, i = start;
    int lines = 0, start_line = r->next_line;
    bool first_line = true;
    for (;;) {
        if (!first_line && marker_at(r->text + i, r->len - i, '-') && has_content(r->text, start, i))
            break;
        first_line = false;
        const char *nl = memchr(r->text + i, '\n', r->len - i);
        if (!nl) {
            i = r->len;
            break;
        }
        i = (size_t)(nl - r->text) + 1;
        lines++;
    }
    r->piece = start;
    r->piece_len = i - start;
    r->piece_line = start_line;
    r->next = i;
    r->next_line = start_line + lines;
    return true;
}

struct yacpdb_reader *yacpdb_reader_new(const char *file_name, const char *text, size_t len)
{
    struct yacpdb_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->text = text_copy(text, len);
    if (!r->text) {
        free(r);
        return NULL;
    }
    r->len = len;
    r->file = file_name;
    return r;
}

static void stop_loading(struct yacpdb_reader *r)
{
    if (r->loading)
        yaml_parser_delete(&r->parser);
    r->loading = false;
}

void yacpdb_reader_free(struct yacpdb_reader *r)
{
    if (!r)
        return;
    stop_loading(r);
    free(r->text);
    free(r);
}

static bool start_loading(struct yacpdb_reader *r)
{
    if (!next_piece(r))
        return false;
    if (!yaml_parser_initialize(&r->parser))
        out_of_memory();
    yaml_parser_set_input_string(&r->parser, (const unsigned char *)r->text + r->piece, r->piece_len);
    r->loading = true;
    return true;
}

/* libyaml's complaint, at its place: the document is skipped. */
static int yaml_error(struct yacpdb_reader *r, struct problem *pr, struct parse_error *err)
{
    const yaml_parser_t *y = &r->parser;
    err->line = (int)y->problem_mark.line + 1 + r->piece_line;
    err->column = (int)y->problem_mark.column + 1;
    if (y->error == YAML_MEMORY_ERROR)
        out_of_memory();
    snprintf(err->message, sizeof err->message, "YAML: %s%s%s", y->problem ? y->problem : "cannot read",
             y->context ? " " : "", y->context ? y->context : "");
    pr->index = ++r->count;
    pr->line = err->line;
    stop_loading(r);
    return -1;
}

int yacpdb_reader_next(struct yacpdb_reader *r, struct problem *pr, struct parse_error *err)
{
    problem_init(pr);
    memset(err, 0, sizeof *err);
    if (!r)
        return 0;
    pr->file = r->file;
    for (;;) {
        if (!r->loading && !start_loading(r))
            return 0;
        struct entry_doc d = {.text = r->text + r->piece, .len = r->piece_len, .line_offset = r->piece_line};
        if (!yaml_parser_load(&r->parser, &d.doc))
            return yaml_error(r, pr, err);
        yaml_node_t *root = yaml_document_get_root_node(&d.doc);
        /* the end of the piece's stream, or an empty document */
        if (!root || (doc_is_scalar(root) && doc_scalar_type(root) == SCALAR_NULL)) {
            if (!root)
                stop_loading(r);
            yaml_document_delete(&d.doc);
            continue;
        }
        pr->index = ++r->count;
        pr->line = doc_place(&d, root).line;
        int got = yacpdb_entry_read(&d, root, pr, err);
        yaml_document_delete(&d.doc);
        return got == ENTRY_NOT_SOLVED ? YACPDB_NOT_SOLVED : got;
    }
}
