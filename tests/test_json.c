/* The --json objects (report/json.h, FORMAT.md 7) parsed back with cJSON, and
 * the UTF-8 conversion (report/utf8.h) checked with iconv, not with itself. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <cjson/cJSON.h>
#include <iconv.h>

#include "../src/report/json.h"
#include "../src/report/utf8.h"

/* iconv from UTF-8 rejects every malformed sequence (overlong, surrogate,
 * truncated, stray continuation byte). */
static bool valid_utf8(const char *s)
{
    iconv_t cd = iconv_open("UTF-32LE", "UTF-8");
    assert_true(cd != (iconv_t)-1);
    size_t in_left = strlen(s);
    char *in = (char *)s;
    size_t out_size = 4 * in_left + 4, out_left = out_size;
    char *buf = malloc(out_size), *out = buf;
    assert_non_null(buf);
    size_t rc = iconv(cd, &in, &in_left, &out, &out_left);
    iconv_close(cd);
    free(buf);
    return rc != (size_t)-1 && in_left == 0;
}

static cJSON *parse_line(char *line)
{
    assert_non_null(line);
    assert_null(strchr(line, '\n'));
    assert_true(valid_utf8(line));
    cJSON *o = cJSON_Parse(line);
    if (!o)
        fail_msg("not JSON: %s", line);
    free(line);
    return o;
}

static cJSON *field(const cJSON *o, const char *name)
{
    cJSON *f = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!f)
        fail_msg("no field %s", name);
    return f;
}

static const char *string_field(const cJSON *o, const char *name)
{
    cJSON *f = field(o, name);
    assert_true(cJSON_IsString(f));
    return f->valuestring;
}

static const char *item_string(const cJSON *array, int i)
{
    cJSON *f = cJSON_GetArrayItem(array, i);
    assert_true(cJSON_IsString(f));
    return f->valuestring;
}

static struct problem pr;
static struct twin_view view;
static struct result res;

static void start(enum play play, int moves, const struct rules *rules)
{
    problem_init(&pr);
    pr.file = "problems/knight-relay.inp";
    pr.index = 3;
    pr.rules = rules;
    pr.stipulation = (struct stipulation){.play = play, .goal = GOAL_MATE, .moves = moves};
    snprintf(pr.stipulation.text, sizeof pr.stipulation.text, "%s#%d", play == PLAY_HELP ? "h" : "", moves);
    pr.has_stipulation = true;
    memset(&view, 0, sizeof view);
    view.stipulation = pr.stipulation;
    view.rules = rules;
    result_free(&res);
    result_init(&res);
}

static int teardown(void **state)
{
    (void)state;
    result_free(&res);
    return 0;
}

/* Every field of FORMAT.md 7 with its type, for a cooked battle problem. */
static void battle_object(void **state)
{
    (void)state;
    start(PLAY_DIRECT, 1, &rules_knight_relay);
    pr.switches = 1u; /* PawnFirstRank */
    view.switches = 1u;
    strlist_add(&res.keys, "a3d6");
    strlist_add(&res.keys, "a3f8");
    struct try_result *t = result_add_try(&res, "e6e7");
    strlist_add(&t->refutations, "d8c7");
    res.nodes = 1234;
    res.seconds = 0.0123;
    struct verdict vd;
    verdict_compute(&pr, &view, &res, &vd);
    cJSON *o = parse_line(json_twin(&pr, 0, &view, &res, &vd, NULL));

    assert_string_equal(string_field(o, "file"), "problems/knight-relay.inp");
    assert_true(cJSON_IsNumber(field(o, "problem")));
    assert_int_equal(field(o, "problem")->valueint, 3);
    assert_true(cJSON_IsNull(field(o, "twin")));
    assert_string_equal(string_field(o, "stipulation"), "#1");
    assert_string_equal(string_field(o, "condition"), "KnightRelay");
    cJSON *sw = field(o, "switches");
    assert_int_equal(cJSON_GetArraySize(sw), 1);
    assert_string_equal(item_string(sw, 0), "PawnFirstRank");
    cJSON *keys = field(o, "keys");
    assert_int_equal(cJSON_GetArraySize(keys), 2);
    assert_string_equal(item_string(keys, 1), "a3f8");
    cJSON *tries = field(o, "tries");
    assert_int_equal(cJSON_GetArraySize(tries), 1);
    cJSON *try0 = cJSON_GetArrayItem(tries, 0);
    assert_string_equal(string_field(try0, "move"), "e6e7");
    assert_string_equal(item_string(field(try0, "refutations"), 0), "d8c7");
    /* battle play: one [key] per key */
    cJSON *sol = field(o, "solutions");
    assert_int_equal(cJSON_GetArraySize(sol), 2);
    assert_true(cJSON_IsArray(cJSON_GetArrayItem(sol, 0)));
    assert_string_equal(item_string(cJSON_GetArrayItem(sol, 0), 0), "a3d6");
    assert_true(cJSON_IsArray(field(o, "short")));
    assert_int_equal(cJSON_GetArraySize(field(o, "short")), 0);
    cJSON *verdict = field(o, "verdict");
    assert_int_equal(cJSON_GetArraySize(verdict), 1);
    assert_string_equal(item_string(verdict, 0), "cooked");
    assert_true(cJSON_IsArray(field(o, "duals")));
    assert_true(cJSON_IsFalse(field(o, "partial")));
    assert_true(cJSON_IsNumber(field(o, "nodes")));
    assert_true(field(o, "nodes")->valuedouble == 1234.0);
    assert_true(cJSON_IsNumber(field(o, "seconds")));
    assert_true(field(o, "seconds")->valuedouble == 0.012);
    assert_null(cJSON_GetObjectItemCaseSensitive(o, "illegal"));
    assert_null(cJSON_GetObjectItemCaseSensitive(o, "author"));
    cJSON_Delete(o);
}

/* Help play: each solution split into its moves; the printed stipulation
 * (h#3 with WhiteToPlay is solved and printed as h#2.5); twin label; duals;
 * "solutions N/M" as one verdict item; Orthodox by name. */
static void help_object(void **state)
{
    (void)state;
    start(PLAY_HELP, 3, &rules_orthodox);
    pr.options.white_to_play = true;
    pr.expect.solutions = 1;
    pr.twin_count = 1;
    snprintf(view.label_text, sizeof view.label_text, "b");
    view.label = 'b';
    strlist_add(&res.solutions, "d1d8 h8g8 d8e8 g8h7 e8h8");
    strlist_add(&res.solutions, "d1d8 h8g8 d8e8 g8h7 e8e7");
    strlist_add(&res.short_solutions, "d1d8");
    res.duals = 1;
    strlist_add(&res.dual_lines, "d1d8 h8g8 d8e8 g8h7 *: e8h8 e8e7");
    res.partial = true;
    res.illegal = false;
    res.nodes = 5000000000ull;
    cJSON *o = parse_line(json_twin(&pr, 1, &view, &res, NULL, NULL));
    assert_string_equal(string_field(o, "twin"), "b");
    assert_string_equal(string_field(o, "stipulation"), "h#2.5");
    assert_string_equal(string_field(o, "condition"), "Orthodox");
    assert_int_equal(cJSON_GetArraySize(field(o, "switches")), 0);
    assert_int_equal(cJSON_GetArraySize(field(o, "keys")), 0);
    cJSON *sol = field(o, "solutions");
    assert_int_equal(cJSON_GetArraySize(sol), 2);
    cJSON *first = cJSON_GetArrayItem(sol, 0);
    assert_int_equal(cJSON_GetArraySize(first), 5);
    assert_string_equal(item_string(first, 0), "d1d8");
    assert_string_equal(item_string(first, 4), "e8h8");
    assert_string_equal(item_string(cJSON_GetArrayItem(field(o, "short"), 0), 0), "d1d8");
    cJSON *verdict = field(o, "verdict");
    assert_int_equal(cJSON_GetArraySize(verdict), 4);
    assert_string_equal(item_string(verdict, 0), "short");
    assert_string_equal(item_string(verdict, 1), "solutions 2/1");
    assert_string_equal(item_string(verdict, 2), "partial");
    assert_string_equal(item_string(verdict, 3), "duals");
    assert_string_equal(item_string(field(o, "duals"), 0), "d1d8 h8g8 d8e8 g8h7 *: e8h8 e8e7");
    assert_true(cJSON_IsTrue(field(o, "partial")));
    assert_true(field(o, "nodes")->valuedouble == 5000000000.0);
    cJSON_Delete(o);
}

static void illegal_and_sound(void **state)
{
    (void)state;
    start(PLAY_DIRECT, 2, &rules_orthodox);
    strlist_add(&res.keys, "a7f2");
    cJSON *o = parse_line(json_twin(&pr, 0, &view, &res, NULL, NULL));
    assert_string_equal(item_string(field(o, "verdict"), 0), "sound");
    cJSON_Delete(o);
    result_free(&res);
    result_init(&res);
    res.illegal = true;
    o = parse_line(json_twin(&pr, 0, &view, &res, NULL, NULL));
    assert_true(cJSON_IsTrue(field(o, "illegal")));
    assert_string_equal(item_string(field(o, "verdict"), 0), "illegal");
    cJSON_Delete(o);
}

/* Quotes, backslashes, control characters, Latin-1 and UTF-8 from the input
 * all come out as valid JSON in valid UTF-8 with the same text. */
static void strings_from_the_input(void **state)
{
    (void)state;
    start(PLAY_DIRECT, 2, &rules_orthodox);
    pr.file = "dir\\odd \"name\".inp";
    char author[] = "G. Sch\xf6pfer";             /* Latin-1 */
    char origin[] = "Schwalbe \xc3\xa9t\xc3\xa9"; /* UTF-8 */
    char title[] = "tab\there \"q\" \\ end";
    pr.author = author;
    pr.origin = origin;
    pr.title = title;
    cJSON *o = parse_line(json_twin(&pr, 0, &view, &res, NULL, NULL));
    assert_string_equal(string_field(o, "file"), "dir\\odd \"name\".inp");
    assert_string_equal(string_field(o, "author"), "G. Sch\xc3\xb6pfer");
    assert_string_equal(string_field(o, "origin"), "Schwalbe \xc3\xa9t\xc3\xa9");
    assert_string_equal(string_field(o, "title"), "tab\there \"q\" \\ end");
    cJSON_Delete(o);
}

static void error_object(void **state)
{
    (void)state;
    struct parse_error e = {.line = 12, .column = 7};
    snprintf(e.message, sizeof e.message, "unknown piece 'caf\xe9' after \"Pieces\"");
    cJSON *o = parse_line(json_error("problems/bad\xe9.inp", 4, &e));
    assert_string_equal(string_field(o, "file"), "problems/bad\xc3\xa9.inp");
    assert_int_equal(field(o, "problem")->valueint, 4);
    assert_string_equal(string_field(o, "error"), "12:7: unknown piece 'caf\xc3\xa9' after \"Pieces\"");
    assert_int_equal(field(o, "schema")->valueint, 3); /* docs/json.md: the format's version */
    assert_int_equal(cJSON_GetArraySize(o), 4);
    cJSON_Delete(o);
    struct parse_error nowhere = {.line = 0};
    snprintf(nowhere.message, sizeof nowhere.message, "empty input");
    o = parse_line(json_error(NULL, 1, &nowhere));
    assert_true(cJSON_IsNull(field(o, "file")));
    assert_string_equal(string_field(o, "error"), "empty input");
    cJSON_Delete(o);
}

/* Well-formed UTF-8 is kept, every other byte is Latin-1. */
static void utf8_conversion(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"plain", "plain"},
        {"\xe9", "\xc3\xa9"},                         /* Latin-1 e acute */
        {"\xc3\xa9", "\xc3\xa9"},                     /* already UTF-8 */
        {"\xe2\x82\xac", "\xe2\x82\xac"},             /* euro sign, 3 bytes */
        {"\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80"},     /* 4 bytes */
        {"\xc0\x80", "\xc3\x80\xc2\x80"},             /* overlong NUL */
        {"\xed\xa0\x80", "\xc3\xad\xc2\xa0\xc2\x80"}, /* surrogate */
        {"\xe2\x82", "\xc3\xa2\xc2\x82"},             /* truncated */
        {"\x80x", "\xc2\x80x"},                       /* stray continuation */
        {"\xf5\x80\x80\x80", "\xc3\xb5\xc2\x80\xc2\x80\xc2\x80"}, /* beyond U+10FFFF */
        {"\xff\xfe", "\xc3\xbf\xc3\xbe"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *u = utf8_from_text(cases[i][0]);
        assert_true(valid_utf8(u));
        if (strcmp(u, cases[i][1]) != 0)
            fail_msg("case %zu converted wrongly", i);
        free(u);
    }
    /* every single byte, and every pair, ends valid */
    for (int a = 1; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            char in[3] = {(char)a, (char)b, 0};
            char *u = utf8_from_text(in);
            if (!valid_utf8(u))
                fail_msg("bytes %02x %02x", a, b);
            free(u);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(battle_object),          cmocka_unit_test(help_object),
        cmocka_unit_test(illegal_and_sound),      cmocka_unit_test(strings_from_the_input),
        cmocka_unit_test(error_object),           cmocka_unit_test(utf8_conversion),
    };
    return cmocka_run_group_tests_name("json", tests, NULL, teardown);
}
