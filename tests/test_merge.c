/* Joining first-move parts (report/merge.h) on part lines written here by
 * hand: the order, the help-play duals across parts and the refusals argued
 * in each test's comment, not taken from the program's own output. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <cjson/cJSON.h>

#include "../src/report/merge.h"

static cJSON *parse(const char *s)
{
    cJSON *o = cJSON_Parse(s);
    assert_non_null(o);
    return o;
}

static const struct stipulation direct_2 = {.play = PLAY_DIRECT, .goal = GOAL_MATE, .moves = 2, .text = "#2"};
static const struct stipulation help_2 = {.play = PLAY_HELP, .goal = GOAL_MATE, .moves = 2, .text = "h#2"};

/* Battle play.  Part A (first moves 1-3) found a try at root place 5; part B
 * (4-9) the key at place 2 and a try at place 7.  A whole run walks the root
 * list in place order: key (2), try (5), try (7); set play (phase 0) comes
 * first and only once, from the first part. */
static void battle_parts_in_root_order(void **state)
{
    (void)state;
    cJSON *a = parse("{\"keys\":[],\"short\":[],\"tries\":[{\"move\":\"a1a2\",\"refutations\":[\"h8g8\"]}],"
                     "\"solutions\":[],\"duals\":[],\"partial\":false,\"nodes\":10,\"seconds\":0.5,"
                     "\"tree\":{\"set_play\":[],\"first_moves\":[{\"move\":\"a1a2\",\"key\":false}]},"
                     "\"part\":{\"too_many_turns\":false,\"text\":["
                     "[0,0,-1,\"SET\",[]],[1,0,5,\"TRY5\",[\"a1a2\"]]]}}");
    cJSON *b = parse("{\"keys\":[\"b1b2\"],\"short\":[[\"b1b2\"]],\"tries\":[{\"move\":\"c1c2\",\"refutations\":[\"h8h7\"]}],"
                     "\"solutions\":[],\"duals\":[\"b1b2 h8g8: d1d8 e1e8\"],\"partial\":true,\"nodes\":5,\"seconds\":1,"
                     "\"tree\":{\"set_play\":[],\"first_moves\":[{\"move\":\"b1b2\",\"key\":true},"
                     "{\"move\":\"c1c2\",\"key\":false}]},"
                     "\"part\":{\"too_many_turns\":false,\"text\":["
                     "[0,0,-1,\"SET\",[]],[1,0,2,\"KEY2\",[\"b1b2\"]],[1,0,7,\"TRY7\",[\"c1c2\"]]]}}");
    const cJSON *lines[] = {a, b};
    struct merged_twin m;
    char msg[200];
    assert_true(merge_twin(lines, 2, &direct_2, &m, msg, sizeof msg));
    assert_string_equal(m.text.data, "SETKEY2TRY5TRY7");
    assert_int_equal(m.r.keys.count, 1);
    assert_string_equal(m.r.keys.items[0], "b1b2");
    assert_int_equal(m.r.short_keys.count, 1);
    assert_int_equal(m.r.try_count, 2);
    assert_string_equal(m.r.tries[0].move, "a1a2");
    assert_string_equal(m.r.tries[1].move, "c1c2");
    assert_string_equal(m.r.tries[1].refutations.items[0], "h8h7");
    assert_int_equal(m.r.dual_lines.count, 1);
    const cJSON *fm = cJSON_GetObjectItem(m.tree, "first_moves");
    assert_int_equal(cJSON_GetArraySize(fm), 3);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(fm, 0), "move")->valuestring, "b1b2");
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(fm, 1), "move")->valuestring, "a1a2");
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(fm, 2), "move")->valuestring, "c1c2");
    assert_true(m.r.partial); /* one part was cut short */
    assert_int_equal((int)m.r.nodes, 15);
    merged_twin_free(&m);
    cJSON_Delete(a);
    cJSON_Delete(b);
}

/* Help play.  A whole run finds the short solutions (2 half-moves) for every
 * first move before any full-length one (4), so a part's short solution at
 * place 3 goes before the other part's full-length one at place 1.  The two
 * full-length solutions "x1 y1 z1 w1" and "x2 y1 z1 w1" differ only in the
 * first half-move: one dual "* y1 z1 w1: x1 x2" (duals.h), which neither
 * part could see alone.  The phase's closing piece comes last, once. */
static void help_parts_by_length_then_place(void **state)
{
    (void)state;
    cJSON *a = parse("{\"keys\":[],\"tries\":[],\"solutions\":[[\"x1\",\"y1\",\"z1\",\"w1\"]],\"short\":[],"
                     "\"duals\":[],\"partial\":false,\"nodes\":1,\"seconds\":0,\"tree\":{},"
                     "\"part\":{\"too_many_turns\":false,\"text\":["
                     "[1,4,1,\"L4P1\",[\"x1\"]],[1,1000000,-1,\"END\",[]]]}}");
    cJSON *b = parse("{\"keys\":[],\"tries\":[],\"solutions\":[[\"x2\",\"y1\",\"z1\",\"w1\"]],\"short\":[[\"x3\",\"y3\"]],"
                     "\"duals\":[],\"partial\":false,\"nodes\":1,\"seconds\":0,\"tree\":{},"
                     "\"part\":{\"too_many_turns\":false,\"text\":["
                     "[1,2,3,\"L2P3\",[\"x3\"]],[1,4,2,\"L4P2\",[\"x2\"]],[1,1000000,-1,\"END\",[]]]}}");
    const cJSON *lines[] = {a, b};
    struct merged_twin m;
    char msg[200];
    assert_true(merge_twin(lines, 2, &help_2, &m, msg, sizeof msg));
    assert_string_equal(m.text.data, "L2P3L4P1L4P2END");
    assert_int_equal(m.r.solutions.count, 2);
    assert_string_equal(m.r.solutions.items[0], "x1 y1 z1 w1");
    assert_string_equal(m.r.solutions.items[1], "x2 y1 z1 w1");
    assert_string_equal(m.r.short_solutions.items[0], "x3 y3");
    assert_int_equal(m.r.dual_lines.count, 1);
    assert_string_equal(m.r.dual_lines.items[0], "* y1 z1 w1: x1 x2");
    merged_twin_free(&m);
    cJSON_Delete(a);
    cJSON_Delete(b);
}

/* A key whose first move no text piece shows cannot be placed: refused. */
static void unplaced_move_refused(void **state)
{
    (void)state;
    cJSON *a = parse("{\"keys\":[\"b1b2\"],\"short\":[],\"tries\":[],\"solutions\":[],\"duals\":[],"
                     "\"partial\":false,\"nodes\":1,\"seconds\":0,\"tree\":{},"
                     "\"part\":{\"too_many_turns\":false,\"text\":[]}}");
    const cJSON *lines[] = {a};
    struct merged_twin m;
    char msg[200];
    assert_false(merge_twin(lines, 1, &direct_2, &m, msg, sizeof msg));
    assert_non_null(strstr(msg, "b1b2"));
    cJSON_Delete(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(battle_parts_in_root_order),
        cmocka_unit_test(help_parts_by_length_then_place),
        cmocka_unit_test(unplaced_move_refused),
    };
    return cmocka_run_group_tests_name("merge", tests, NULL, NULL);
}
