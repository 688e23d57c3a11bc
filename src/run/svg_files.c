/* --svg DIR: the diagram of every problem and twin read, one SVG file each,
 * named after the input file, the problem's number and the twin's label. */
#include "svg_files.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../report/svg.h"

bool svg_files_prepare(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) != 0 && (errno != ENOENT || mkdir(dir, 0777) != 0)) {
        fprintf(stderr, "fairysolve: --svg: cannot make the directory %s: %s\n", dir, strerror(errno));
        return false;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "fairysolve: --svg: %s is not a directory\n", dir);
        return false;
    }
    return true;
}

/* NAME: the input's file name without folder and extension; "stdin" for
 * standard input, "fen" for --fen. */
static void input_name(const char *file, char *out, size_t cap)
{
    if (!file || !file[0]) {
        snprintf(out, cap, "fen");
        return;
    }
    if (strcmp(file, "-") == 0) {
        snprintf(out, cap, "stdin");
        return;
    }
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    const char *dot = strrchr(base, '.');
    size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    snprintf(out, cap, "%.*s", (int)len, base);
}

static void write_one(const char *dir, struct job_list *jobs, const struct problem *pr, const char *label,
                      const struct twin_view *v, const struct position *p, bool twin_line)
{
    char name[256], path[4096];
    input_name(pr->file, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s-%d%s.svg", dir, name, pr->index, label);
    struct text svg;
    text_init(&svg);
    svg_write_diagram(&svg, pr, p, v, twin_line);
    FILE *f = fopen(path, "w");
    bool ok = f && fwrite(svg.data, 1, svg.len, f) == svg.len;
    int err = errno;
    if (f && fclose(f) != 0 && ok) {
        ok = false;
        err = errno;
    }
    text_free(&svg);
    if (ok)
        return;
    struct parse_error e = {.line = pr->line, .column = 1};
    snprintf(e.message, sizeof e.message, "--svg: cannot write %.200s: %s", path, strerror(err));
    job_add_error(jobs, pr->file ? pr->file : "--fen", pr->index, &e);
}

void svg_files_write(const char *dir, struct job_list *jobs, const struct problem *pr, int twins,
                     const struct twin_view *views, const struct position *starts)
{
    if (twins <= 0)
        return;
    if (!pr->zero_position) {
        write_one(dir, jobs, pr, "", &views[0], &starts[0], false);
    } else {
        /* the diagram as written, before the zero position's changes, as the
         * text output shows it; then twin a, which applies them */
        struct twin_view written = views[0];
        written.diagram = pr->diagram;
        struct position *p = malloc(sizeof *p);
        struct parse_error err;
        if (p && problem_position(pr, &written, p, &err))
            write_one(dir, jobs, pr, "", &written, p, false);
        free(p);
    }
    for (int t = pr->zero_position ? 0 : 1; t < twins; t++)
        write_one(dir, jobs, pr, views[t].label_text, &views[t], &starts[t], true);
}
