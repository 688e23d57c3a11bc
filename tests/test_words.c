/* German output words: notation and twin lines with German letters, each
 * expectation copied from Popeye's German outputs (REGRESSIONTESTS .out). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../src/board/fen.h"
#include "../src/board/notation.h"
#include "../src/report/words.h"
#include "../src/rules/rules.h"

/* The first move of the first position of the list with from and to. */
static void text_of(const char *fen, const char *from, const char *to, int promo, char *out)
{
    static struct position p;
    struct fen_error err;
    position_init(&p, &rules_orthodox, 0);
    assert_true(fen_parse(&p, fen, &err));
    struct turn_list *l = malloc(TURN_LIST_BYTES(TURN_LIST_MAX));
    assert_non_null(l);
    p.rules->generate(&p, l);
    int f = square_parse(p.geo, from), t = square_parse(p.geo, to);
    for (int i = 0; i < l->count; i++)
        if (l->turns[i].from == f && l->turns[i].to == t && l->turns[i].promo == promo) {
            words_turn_text(words_of(LANG_GERMAN), &p, &l->turns[i], out);
            free(l);
            return;
        }
    free(l);
    fail_msg("no move %s-%s", from, to);
}

/* castling.out problem 1: "1.Da7-f2 ! Drohung:" then "2.0-0 #" (White Ke1
 * Qa7 Rh1, Black Kc1); problem 7: "3...h2-h1=D" (a black pawn promotes). */
static void german_notation(void **state)
{
    (void)state;
    char buf[NOTATION_MAX];
    text_of("8/Q7/8/8/8/8/8/2k1K2R w K - 0 1", "a7", "f2", 0, buf);
    assert_string_equal(buf, "Da7-f2");
    text_of("8/Q7/8/8/8/8/8/2k1K2R w K - 0 1", "e1", "g1", 0, buf);
    assert_string_equal(buf, "0-0");
    text_of("4k3/8/8/8/8/8/7p/K7 b - - 0 1", "h2", "h1", QUEEN, buf);
    assert_string_equal(buf, "h2-h1=D");
    text_of("4k3/8/8/8/8/8/7p/K7 b - - 0 1", "h2", "h1", ROOK, buf);
    assert_string_equal(buf, "h2-h1=T");
    assert_string_equal(words_get(words_of(LANG_GERMAN), WORD_THREAT), " Drohung:");
    assert_string_equal(words_get(words_of(LANG_GERMAN), WORD_FINISHED), "Loesung beendet.");
    assert_string_equal(words_get(NULL, WORD_THREAT), " threat:");
}

/* twin.out's twin lines for the English descriptions of the same twins. */
static void german_twin_lines(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"bKh7-->a6", "sKh7-->a6"},     {"bSd6<-->bKe5", "sSd6<-->sKe5"}, {"-bRc8", "-sTc8"},
        {"+bBh6", "+sLh6"},             {"rotate 90", "Drehung 90"},      {"mirror a1<-->h1", "Spiegelung a1<-->h1"},
        {"PolishType", "Farbwechsel"},  {"R ==> B", "T ==> L"},           {"h=2", "h=2"},
        {"s#2", "s#2"}, {"shift a1 ==> e1", "Verschiebung a1 ==> e1"},                 {"-wPb5", "-wBb5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[64];
        words_twin_change(words_of(LANG_GERMAN), cases[i][0], out, sizeof out);
        assert_string_equal(out, cases[i][1]);
        words_twin_change(words_of(LANG_ENGLISH), cases[i][0], out, sizeof out);
        assert_string_equal(out, cases[i][0]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(german_notation),
        cmocka_unit_test(german_twin_lines),
    };
    return cmocka_run_group_tests_name("words", tests, NULL, NULL);
}
