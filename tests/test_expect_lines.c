/* Expect lines against the position (run/expect_lines.h): keys in the usual
 * notations matched to exactly one legal first move, errors at the key, and
 * warnings for lines that do not fit the stipulation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/problem/reader.h"
#include "../src/problem/setup.h"
#include "../src/run/expect_lines.h"

/* White Ke1 Ra1 Rh1 Qa7 Sc3 Sg1 Pe4 Pb7, Black Kg8 Pd5, White to move (Black
 * is not in check: the h-file and rank 7 miss g8).  Worked out by hand: the
 * queen's diagonal a7-g1 is open to f2 (b6 c5 d4 e3 f2 empty, g1 holds the
 * knight), rank 7 is shut by b7; Sc3 takes d5 or goes to e2, and so does Sg1
 * (e2); e4 takes d5; b7 promotes on b8 (empty) to Q R B or S; 0-0-0 is open
 * (b1 c1 d1 empty), 0-0 is not (the knight on g1); Ra1 reaches d1 along the
 * first rank, Rh1 does not (the knight on g1). */
static const char position[] = "BeginProblem\nPieces White Ke1 Ra1 Rh1 Qa7 Sc3 Sg1 Pe4 Pb7\n"
                               "Black Kg8 Pd5\nStipulation #2\n";

/* The problem with one Expect line (the key on line 5), checked. */
static bool check(const char *expect_line, struct problem *pr, struct parse_error *err, struct text *warnings)
{
    char text[512];
    snprintf(text, sizeof text, "%s%s\nEndProblem\n", position, expect_line);
    struct reader *r = reader_new("test", text, strlen(text));
    struct parse_error rerr;
    int got = reader_next(r, pr, &rerr);
    reader_free(r);
    if (got != 1)
        fail_msg("%s: %d:%d: %s", expect_line, rerr.line, rerr.column, rerr.message);
    struct twin_view v;
    struct position p;
    if (!problem_twin(pr, 0, &v, &rerr) || !problem_position(pr, &v, &p, &rerr))
        fail_msg("%s", rerr.message);
    text_init(warnings);
    return expect_lines_check(pr, 1, &v, &p, err, warnings);
}

static void key_is(const char *written, const char *canonical)
{
    struct problem pr;
    struct parse_error err;
    struct text w;
    char line[64];
    snprintf(line, sizeof line, "Expect key %s", written);
    if (!check(line, &pr, &err, &w))
        fail_msg("'%s': %s", written, err.message);
    if (pr.expect.resolved_count != 1 || strcmp(pr.expect.resolved[0], canonical) != 0)
        fail_msg("'%s' resolved to %d moves, first '%s' (expected %s)", written, pr.expect.resolved_count,
                 pr.expect.resolved_count ? pr.expect.resolved[0] : "", canonical);
    assert_int_equal(w.len, 0);
    text_free(&w);
    problem_free(&pr);
}

static void key_fails(const char *written, const char *message)
{
    struct problem pr;
    struct parse_error err;
    struct text w;
    char line[64];
    snprintf(line, sizeof line, "Expect key %s", written);
    if (check(line, &pr, &err, &w))
        fail_msg("'%s' was accepted as %s", written, pr.expect.resolved[0]);
    assert_int_equal(err.line, 5);
    assert_int_equal(err.column, 12);
    if (!strstr(err.message, message))
        fail_msg("'%s': '%s' (expected '%s')", written, err.message, message);
    text_free(&w);
    problem_free(&pr);
}

static void notations(void **state)
{
    (void)state;
    /* Popeye's long form and the canonical form */
    key_is("Qa7-f2", "a7f2");
    key_is("a7f2", "a7f2");
    key_is("Sc3*d5", "c3d5");
    key_is("0-0-0", "e1a1");
    key_is("b7-b8=Q", "b7b8Q");
    /* short algebraic, as magazines print it */
    key_is("Qf2", "a7f2");
    key_is("Sxd5", "c3d5");
    key_is("exd5", "e4d5");
    key_is("Rd1", "a1d1");
    key_is("b8=Q", "b7b8Q");
    key_is("b8Q", "b7b8Q");
    key_is("b8(R)", "b7b8R");
    key_is("O-O-O", "e1a1");
    key_is("Sge2", "g1e2");
    key_is("Sce2", "c3e2");
    key_is("S1e2", "g1e2");
    /* move numbers and marks */
    key_is("1.Qf2+!", "a7f2");
    key_is("1.Qd4!", "a7d4");
    /* either case, German letters */
    key_is("qa7-f2", "a7f2");
    key_is("QF2", "a7f2");
    key_is("Df2", "a7f2");
    key_is("Td1", "a1d1");
    key_is("b8=D", "b7b8Q");
    key_is("b8L", "b7b8B");
}

static void bad_keys(void **state)
{
    (void)state;
    key_fails("Kz1-z2", "Expect key 'Kz1-z2' is not a legal first move of the position");
    key_fails("Zz9", "is not a legal first move");
    key_fails("Qc7", "is not a legal first move"); /* b7 is in the way */
    key_fails("0-0", "is not a legal first move"); /* g1 holds the knight */
    key_fails("Rg1", "is not a legal first move"); /* so does this */
    key_fails("Se2", "names 2 first moves (");
    key_fails("Se2", "Sc3-e2");
    key_fails("Se2", "Sg1-e2");
    key_fails("b8", "names 4 first moves");
}

/* Lines that do not fit the stipulation: warnings naming the line, not errors. */
static void misfit_lines(void **state)
{
    (void)state;
    struct problem pr;
    struct parse_error err;
    struct text w;
    assert_true(check("Expect solutions 2", &pr, &err, &w));
    if (!strstr(w.data, "test:5:8: warning: Expect solutions is for help play, not #2: ignored"))
        fail_msg("%s", w.data);
    text_free(&w);
    problem_free(&pr);
    /* Expect key in a helpmate */
    static const char help[] = "BeginProblem\nPieces White Kb6 Rh1 Black Kb8\nStipulation h#1\n"
                               "Expect key Rh8\nEndProblem\n";
    struct reader *r = reader_new("test", help, strlen(help));
    struct parse_error rerr;
    assert_int_equal(reader_next(r, &pr, &rerr), 1);
    reader_free(r);
    struct twin_view v;
    struct position p;
    assert_true(problem_twin(&pr, 0, &v, &rerr) && problem_position(&pr, &v, &p, &rerr));
    text_init(&w);
    assert_true(expect_lines_check(&pr, 1, &v, &p, &err, &w));
    if (!strstr(w.data, "test:4:12: warning: Expect key is for direct and self play, not h#1: ignored"))
        fail_msg("%s", w.data);
    assert_int_equal(pr.expect.resolved_count, 0);
    text_free(&w);
    problem_free(&pr);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(notations),
        cmocka_unit_test(bad_keys),
        cmocka_unit_test(misfit_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
