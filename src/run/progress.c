/* --progress lines: problem, depth, first move k of n, solutions, nodes,
 * nodes per second, time left and table fill, shortened to the terminal's
 * width.  Only numbers cross threads; formatting happens here. */
#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../search/solver.h"

#define SHOW_AFTER 1.0 /* seconds a job runs before it is worth a line */

void progress_root_move(void *ctx, int plies, int k, int n)
{
    struct progress_slot *s = ctx;
    if (__atomic_load_n(&s->plies, __ATOMIC_RELAXED) != plies) {
        double now = monotonic_seconds();
        __atomic_store(&s->depth_started, &now, __ATOMIC_RELAXED);
        __atomic_store_n(&s->plies, plies, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&s->n, n, __ATOMIC_RELAXED);
    __atomic_store_n(&s->k, k, __ATOMIC_RELAXED);
}

#ifdef __EMSCRIPTEN__
static void (*progress_tick)(void);

void progress_set_tick(void (*tick)(void)) { progress_tick = tick; }
#endif

void progress_nodes(void *ctx, uint64_t nodes)
{
    struct progress_slot *s = ctx;
    __atomic_store_n(&s->nodes, nodes, __ATOMIC_RELAXED);
#ifdef __EMSCRIPTEN__
    if (progress_tick)
        progress_tick();
#endif
}

void progress_solution(struct progress_slot *s)
{
    __atomic_add_fetch(&s->solutions, 1, __ATOMIC_RELAXED);
}

void progress_slot_begin(struct progress_slot *s, int job, double now)
{
    __atomic_store_n(&s->plies, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&s->solutions, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&s->k, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&s->n, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&s->nodes, 0, __ATOMIC_RELAXED);
    s->started = now;
    s->job = job;
}

void progress_slot_end(struct progress_slot *s) { s->job = -1; }

void progress_init(struct progress *p, double now)
{
    p->tty = isatty(STDERR_FILENO);
    p->shown = false;
    p->next = now + SHOW_AFTER;
}

/* 1234567 -> "1.23M" */
static void human(char *buf, size_t len, double v)
{
    const char *unit = "";
    if (v >= 1e9) {
        v /= 1e9;
        unit = "G";
    } else if (v >= 1e6) {
        v /= 1e6;
        unit = "M";
    } else if (v >= 1e3) {
        v /= 1e3;
        unit = "k";
    }
    snprintf(buf, len, v >= 100 || !*unit ? "%.0f%s" : "%.3g%s", v, unit);
}

/* One job's part of the line, in the long form or (terse) the short one
 * that a narrow terminal still shows whole: "x.inp 3 b): 5 plies, first
 * move 5/31, 2 solutions, 12.4M nodes, 2.61M nodes/s, 4 s, about 20 s left"
 * or "3b) 5p 5/31 2s ~20s". */
static size_t append_job(char *line, size_t len, size_t at, const struct job *j, const struct progress_slot *s,
                         double now, bool terse)
{
    int k = __atomic_load_n(&s->k, __ATOMIC_RELAXED), n = __atomic_load_n(&s->n, __ATOMIC_RELAXED);
    int plies = __atomic_load_n(&s->plies, __ATOMIC_RELAXED);
    int solutions = __atomic_load_n(&s->solutions, __ATOMIC_RELAXED);
    double depth_started;
    __atomic_load(&s->depth_started, &depth_started, __ATOMIC_RELAXED);
    uint64_t nodes = __atomic_load_n(&s->nodes, __ATOMIC_RELAXED);
    double secs = now - s->started;
    char count[16], rate[16];
    human(count, sizeof count, (double)nodes);
    human(rate, sizeof rate, secs > 0 ? (double)nodes / secs : 0);
    char twin[16] = "";
    if (j->view.label_text[0])
        snprintf(twin, sizeof twin, terse ? "%s)" : " %s)", j->view.label_text);
    char move[64] = "";
    if (n > 0) /* 0 before the root loop starts (set play, for one) */
        snprintf(move, sizeof move, terse ? " %dp %d/%d" : " %d plies, first move %d/%d,", plies, k, n);
    /* time left at this depth: the first moves done took so long each (a
     * guess, as first moves differ; none before one is done) */
    char left[32] = "";
    if (n > 0 && k > 1) {
        double t = (now - depth_started) / (k - 1) * (n - k + 1);
        snprintf(left, sizeof left, terse ? " ~%.0fs" : ", about %.0f s left", t);
    }
    /* the file's last component: the numbers must fit on a terminal line */
    const char *file = strrchr(j->file, '/') ? strrchr(j->file, '/') + 1 : j->file;
    int w = terse ? snprintf(line + at, len - at, "%s%d%s%s %ds%s", at ? "; " : "", j->index, twin, move, solutions,
                             left)
                  : snprintf(line + at, len - at, "%s%s %d%s:%s %d solution%s, %s nodes, %s nodes/s, %.0f s%s",
                             at ? "; " : "", file, j->index, twin, move, solutions, solutions == 1 ? "" : "s",
                             count, rate, secs, left);
    return w < 0 ? at : at + (size_t)w < len ? at + (size_t)w : len - 1;
}

static size_t terminal_width(void)
{
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10)
        return ws.ws_col;
    return 80;
}

bool progress_compose(struct progress *p, const struct job_list *l, const struct progress_slot *slots,
                      int count, const struct tt *tt, double now, char *line, size_t len)
{
    if (now < p->next)
        return false;
    size_t at = 0;
    /* the long form when it fits the terminal, else the short one */
    size_t width = p->tty ? terminal_width() - 1 - strlen("progress: ") : len;
    for (int terse = 0; terse < 2; terse++) {
        at = 0;
        for (int i = 0; i < count; i++)
            if (slots[i].job >= 0 && l->items[slots[i].job].kind == JOB_SOLVE &&
                now - slots[i].started >= SHOW_AFTER)
                at = append_job(line, len, at, &l->items[slots[i].job], &slots[i], now, terse);
        if (!at)
            return false;
        if (!terse) {
            int w = snprintf(line + at, len - at, "; table %.1f%%", 100.0 * tt_fill(tt));
            at = w < 0 ? at : at + (size_t)w < len ? at + (size_t)w : len - 1;
        }
        if (at < width)
            break;
    }
    p->next = now + 1.0;
    return true;
}

void progress_write(struct progress *p, char *line)
{
    if (!p->tty) {
        fprintf(stderr, "progress: %s\n", line);
        return;
    }
    /* a line longer than the terminal would wrap, and \r could not take it back */
    size_t width = terminal_width() - 1;
    if (strlen(line) + 10 > width) /* even the short form is too long */
        line[width > 10 ? width - 10 : 0] = 0;
    fprintf(stderr, "\r\033[Kprogress: %s", line);
    fflush(stderr);
    p->shown = true;
}

void progress_clear(struct progress *p)
{
    if (!p->shown)
        return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    p->shown = false;
}
