/* The batch runner's bookkeeping without solving: --check counts per problem,
 * the store identity of a job list, and who frees a problem's memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../src/rules/rules.h"
#include "../src/run/check.h"
#include "../src/run/job.h"
#include "../src/run/persist.h"

static struct problem *new_problem(int index, int twins)
{
    struct problem *pr = malloc(sizeof *pr);
    assert_non_null(pr);
    problem_init(pr);
    pr->file = "x.inp";
    pr->index = index;
    pr->line = 10 * index;
    pr->twin_count = twins;
    pr->twins = twins ? calloc((size_t)twins, sizeof *pr->twins) : NULL;
    return pr;
}

static struct job *add(struct job_list *l, struct problem *pr, int twin, const struct rules *r, unsigned sw)
{
    struct twin_view v = {.rules = r, .switches = sw};
    if (pr->twin_count)
        snprintf(v.label_text, sizeof v.label_text, "%c", 'a' + twin);
    struct position p;
    memset(&p, 0, sizeof p);
    return job_add_solve(l, pr, twin, &v, &p);
}

static void set_verdict(struct job *j, bool sound, bool cooked, bool duals, const char *text)
{
    j->verdict.sound = sound;
    j->verdict.cooked = cooked;
    j->verdict.duals = duals;
    snprintf(j->verdict.text, sizeof j->verdict.text, "%s", text);
}

/* Problem 1: twin a sound, twin b cooked -> one cooked problem, not sound.
 * Problem 2: sound with duals -> sound, counted in duals.  An unreadable one. */
static void test_check_counts_problems(void **state)
{
    (void)state;
    struct job_list l = {0};
    struct problem *p1 = new_problem(1, 1), *p2 = new_problem(2, 0);
    set_verdict(add(&l, p1, 0, &rules_orthodox, 0), true, false, false, "sound");
    set_verdict(add(&l, p1, 1, &rules_orthodox, 0), false, true, false, "cooked");
    set_verdict(add(&l, p2, 0, &rules_orthodox, 0), true, false, true, "sound, duals");
    assert_true(l.items[1].last_of_problem && l.items[2].last_of_problem && !l.items[0].last_of_problem);
    struct check c;
    check_init(&c);
    for (int i = 0; i < l.count; i++)
        check_add_twin(&c, &l.items[i]);
    check_add_error(&c);
    assert_int_equal(c.problems, 2);
    assert_int_equal(c.sound, 1);
    assert_int_equal(c.cooked, 1);
    assert_int_equal(c.duals, 1);
    assert_int_equal(c.unreadable, 1);
    assert_non_null(strstr(c.faulty.data, "problem 1 b): cooked"));
    assert_null(strstr(c.faulty.data, "problem 2"));
    FILE *f = tmpfile();
    assert_false(check_summary(&c, f)); /* not all sound */
    fclose(f);
    check_free(&c);
    job_list_free(&l); /* frees both problems through their last jobs */
}

/* Rule sets with switches, sorted, each once. */
static void test_store_identity(void **state)
{
    (void)state;
    struct job_list l = {0};
    struct problem *p1 = new_problem(1, 2);
    int strict = rules_switch_index(&rules_stones_relays, "StrictKing");
    assert_true(strict >= 0);
    add(&l, p1, 0, &rules_stones_relays, 1u << strict);
    add(&l, p1, 1, &rules_orthodox, 0);
    add(&l, p1, 2, &rules_stones_relays, 1u << strict);
    char *id = persist_identity(&l);
    char want[128];
    snprintf(want, sizeof want, "%s;%s StrictKing", rules_orthodox.name, rules_stones_relays.name);
    assert_string_equal(id, want);
    free(id);
    job_list_free(&l);
}

/* A twin that cannot be built closes its problem at the twin before. */
static void test_close_problem(void **state)
{
    (void)state;
    struct job_list l = {0};
    struct problem *p1 = new_problem(1, 2);
    add(&l, p1, 0, &rules_orthodox, 0);
    assert_false(l.items[0].last_of_problem);
    job_close_problem(&l, p1);
    struct parse_error e = {.line = 3, .column = 5};
    snprintf(e.message, sizeof e.message, "no unit on e4");
    job_add_error(&l, "x.inp", 1, &e);
    assert_true(l.items[0].last_of_problem);
    assert_null(l.items[1].pr);
    job_list_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_counts_problems),
        cmocka_unit_test(test_store_identity),
        cmocka_unit_test(test_close_problem),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
