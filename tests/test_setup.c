/* problem_position: units, castling rights (default and NoCastling), e.p. from
 * EnPassant, Ko state from LastNeutralStep, and the errors two kings / off board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "../src/problem/reader.h"
#include "../src/problem/setup.h"

/* A stand-in with the Stones & Relays board (8 files x 9 ranks), so these
 * tests do not depend on when the real rule set is registered. */
static const char *const fake_switches[] = {"StrictKing", NULL};
static const struct rules fake_stones = {
    .name = "StonesAndRelays", .switch_names = fake_switches, .files = 8, .ranks = 9, .castling = true};

static void read_one(const char *text, struct problem *pr)
{
    struct reader *r = reader_new("test", text, strlen(text));
    struct parse_error err;
    int got = reader_next(r, pr, &err);
    if (got != 1)
        fail_msg("%d:%d: %s", err.line, err.column, err.message);
    reader_free(r);
}

static void position_of(const struct problem *pr, int twin, struct position *p)
{
    struct twin_view v;
    struct parse_error err;
    if (!problem_twin(pr, twin, &v, &err) || !problem_position(pr, &v, p, &err))
        fail_msg("%d:%d: %s", err.line, err.column, err.message);
}

static int sq(const struct position *p, const char *name) { return square_parse(p->geo, name); }

static void castling_default(void **state)
{
    (void)state;
    struct problem pr;
    struct position p;
    read_one("BeginProblem Pieces White Ke1 Ra1 Rh1 Black Ke8 Ra8 Rh8 Stipulation #2 EndProblem", &pr);
    position_of(&pr, 0, &p);
    assert_int_equal(p.st.castle_rook[WHITE_SHORT], sq(&p, "h1"));
    assert_int_equal(p.st.castle_rook[WHITE_LONG], sq(&p, "a1"));
    assert_int_equal(p.st.castle_rook[BLACK_SHORT], sq(&p, "h8"));
    assert_int_equal(p.st.castle_rook[BLACK_LONG], sq(&p, "a8"));
    assert_int_equal(p.st.side, WHITE);
    assert_int_equal(p.st.ep_sq, SQ_NONE);
    assert_int_equal(p.st.king_sq[WHITE], sq(&p, "e1"));
    assert_int_equal(position_at(&p, sq(&p, "a8")), unit_make(BLACK, ROOK));
    struct position copy = p;
    position_rehash(&copy);
    assert_int_equal(copy.st.hash, p.st.hash);
    problem_free(&pr);

    /* no rights without king and rook at home */
    read_one("BeginProblem Pieces White Kd1 Ra1 Rh1 Black Ke8 Ra7 Rh8 Stipulation #2 EndProblem", &pr);
    position_of(&pr, 0, &p);
    assert_int_equal(p.st.castle_rook[WHITE_SHORT], SQ_NONE);
    assert_int_equal(p.st.castle_rook[WHITE_LONG], SQ_NONE);
    assert_int_equal(p.st.castle_rook[BLACK_SHORT], sq(&p, "h8"));
    assert_int_equal(p.st.castle_rook[BLACK_LONG], SQ_NONE);
    problem_free(&pr);
}

static void no_castling(void **state)
{
    (void)state;
    struct problem pr;
    struct position p;
    /* a rook square removes that rook's right, a king square both of its side */
    read_one("BeginProblem Pieces White Ke1 Ra1 Rh1 Black Ke8 Ra8 Rh8 Stipulation #2 "
             "Option NoCastling h1 e8 EndProblem", &pr);
    position_of(&pr, 0, &p);
    assert_int_equal(p.st.castle_rook[WHITE_SHORT], SQ_NONE);
    assert_int_equal(p.st.castle_rook[WHITE_LONG], sq(&p, "a1"));
    assert_int_equal(p.st.castle_rook[BLACK_SHORT], SQ_NONE);
    assert_int_equal(p.st.castle_rook[BLACK_LONG], SQ_NONE);
    struct position copy = p;
    position_rehash(&copy);
    assert_int_equal(copy.st.hash, p.st.hash);
    problem_free(&pr);

    read_one("BeginProblem Pieces White Ke1 Ra1 Rh1 Black Ke8 Ra8 Rh8 Stipulation #2 "
             "Option NoCastling a1h8 EndProblem", &pr);
    position_of(&pr, 0, &p);
    assert_int_equal(p.st.castle_rook[WHITE_SHORT], sq(&p, "h1"));
    assert_int_equal(p.st.castle_rook[WHITE_LONG], SQ_NONE);
    assert_int_equal(p.st.castle_rook[BLACK_SHORT], SQ_NONE);
    assert_int_equal(p.st.castle_rook[BLACK_LONG], sq(&p, "a8"));
    /* the rights follow the twin's units: Move e1 e2 takes White's away */
    problem_free(&pr);
    read_one("BeginProblem Pieces White Ke1 Ra1 Rh1 Black Ke8 Stipulation #2 Twin Move e1 e2 EndProblem", &pr);
    position_of(&pr, 1, &p);
    assert_int_equal(p.st.king_sq[WHITE], sq(&p, "e2"));
    assert_int_equal(p.st.castle_rook[WHITE_SHORT], SQ_NONE);
    assert_int_equal(p.st.castle_rook[WHITE_LONG], SQ_NONE);
    position_of(&pr, 0, &p);
    assert_int_equal(p.st.castle_rook[WHITE_SHORT], sq(&p, "h1"));
    problem_free(&pr);
}

static void en_passant(void **state)
{
    (void)state;
    struct problem pr;
    struct position p;
    read_one("BeginProblem Pieces White Ke1 Pe5 Black Ke8 Pf5 Stipulation #1 Option EnPassant f7f6f5 EndProblem", &pr);
    position_of(&pr, 0, &p);
    assert_int_equal(p.st.ep_sq, sq(&p, "f6"));
    assert_int_equal(p.st.ep_victim, sq(&p, "f5"));
    assert_int_equal(p.st.side, WHITE);
    struct position copy = p;
    position_rehash(&copy);
    assert_int_equal(copy.st.hash, p.st.hash);
    problem_free(&pr);

    /* White's double step (Black to move), separate tokens */
    read_one("BeginProblem Pieces White Ke1 Pd4 Black Ke8 Pe4 Stipulation h#2 Option EnPassant d2 d3 d4 EndProblem", &pr);
    position_of(&pr, 0, &p);
    assert_int_equal(p.st.ep_sq, sq(&p, "d3"));
    assert_int_equal(p.st.ep_victim, sq(&p, "d4"));
    problem_free(&pr);

    /* the pawn must be there: a hand-made problem gets the error from problem_position */
    read_one("BeginProblem Pieces White Ke1 Black Ke8 Pf5 Stipulation #1 EndProblem", &pr);
    pr.options.en_passant_count = 3;
    pr.options.en_passant[0] = (struct square_ref){5, 6};
    pr.options.en_passant[1] = (struct square_ref){5, 5};
    pr.options.en_passant[2] = (struct square_ref){5, 3};
    struct twin_view v;
    struct parse_error err;
    assert_true(problem_twin(&pr, 0, &v, &err));
    assert_false(problem_position(&pr, &v, &p, &err));
    assert_non_null(strstr(err.message, "EnPassant f7f6f4 is not a pawn's double step"));
    pr.options.en_passant[2] = (struct square_ref){4, 4};
    pr.options.en_passant[1] = (struct square_ref){4, 5};
    pr.options.en_passant[0] = (struct square_ref){4, 6};
    assert_false(problem_position(&pr, &v, &p, &err));
    assert_non_null(strstr(err.message, "EnPassant e7e6e5 needs a black pawn on e5"));
    problem_free(&pr);
}

static void kings_and_board(void **state)
{
    (void)state;
    struct problem pr;
    struct twin_view v;
    struct parse_error err;
    struct position p;
    problem_init(&pr);
    pr.has_stipulation = true;
    pr.line = 7;
    pr.diagram.count = 3;
    pr.diagram.units[0] = (struct diagram_unit){4, 0, unit_make(WHITE, KING)};
    pr.diagram.units[1] = (struct diagram_unit){4, 7, unit_make(BLACK, KING)};
    pr.diagram.units[2] = (struct diagram_unit){4, 3, unit_make(WHITE, KING)};
    assert_true(problem_twin(&pr, 0, &v, &err));
    assert_false(problem_position(&pr, &v, &p, &err));
    assert_string_equal(err.message, "two white kings (on e1 and e4)");
    assert_int_equal(err.line, 7);

    /* e9 is off an 8x8 board ... */
    pr.diagram.units[2] = (struct diagram_unit){4, 8, unit_make(WHITE, ROOK)};
    assert_true(problem_twin(&pr, 0, &v, &err));
    assert_false(problem_position(&pr, &v, &p, &err));
    assert_string_equal(err.message, "the unit on e9 is off the 8x8 board");

    /* ... and on the 9-rank board of Stones & Relays */
    pr.rules = &fake_stones;
    pr.diagram.units[1] = (struct diagram_unit){4, 8, unit_make(BLACK, KING)};
    pr.diagram.units[2] = (struct diagram_unit){7, 8, unit_make(BLACK, ROOK)};
    assert_true(problem_twin(&pr, 0, &v, &err));
    assert_true(problem_position(&pr, &v, &p, &err));
    assert_int_equal(p.geo->ranks, 9);
    assert_int_equal(p.st.king_sq[BLACK], square_parse(p.geo, "e9"));
    assert_int_equal(p.st.castle_rook[BLACK_SHORT], square_parse(p.geo, "h9"));

    /* too many units */
    pr.diagram.count = DIAGRAM_MAX + 1;
    assert_false(problem_twin(&pr, 0, &v, &err));
    assert_non_null(strstr(err.message, "too many units"));
    v.diagram.count = DIAGRAM_MAX + 1;
    assert_false(problem_position(&pr, &v, &p, &err));
    assert_non_null(strstr(err.message, "too many units"));
    problem_free(&pr);

    /* the reader: rank 9 only under StonesAndRelays */
    const char *e9 = "BeginProblem Pieces White Ke1 Black Ke9 Stipulation #2 EndProblem";
    struct reader *r = reader_new("t", e9, strlen(e9));
    assert_int_equal(reader_next(r, &pr, &err), -1);
    assert_string_equal(err.message, "square e9 is off the 8x8 board (only StonesAndRelays has a 9th rank)");
    reader_free(r);
    const char *text = "BeginProblem Condition StonesAndRelays Pieces White Ke1 Black Ke9 Neutral Od5 Xd6 "
                       "Stipulation #2 Option LastNeutralStep d7d6 EndProblem";
    r = reader_new("t", text, strlen(text));
    int got = reader_next(r, &pr, &err);
    if (got != 1)
        fail_msg("%s", err.message);
    position_of(&pr, 0, &p);
    assert_int_equal(p.geo->ranks, 9);
    assert_int_equal(p.st.king_sq[BLACK], square_parse(p.geo, "e9"));
    assert_int_equal(p.st.ko_to, square_parse(p.geo, "d6"));
    problem_free(&pr);
    reader_free(r);
}

static void ko_state(void **state)
{
    (void)state;
    struct problem pr;
    struct twin_view v;
    struct parse_error err;
    struct position p;
    problem_init(&pr);
    pr.rules = &fake_stones;
    pr.has_stipulation = true;
    pr.diagram.count = 3;
    pr.diagram.units[0] = (struct diagram_unit){4, 0, unit_make(WHITE, KING)};
    pr.diagram.units[1] = (struct diagram_unit){4, 8, unit_make(BLACK, KING)};
    pr.diagram.units[2] = (struct diagram_unit){3, 5, unit_make(NEUTRAL, STONE)};
    pr.options.has_last_neutral_step = true;
    pr.options.last_neutral_step[0] = (struct square_ref){3, 4};
    pr.options.last_neutral_step[1] = (struct square_ref){3, 5};
    assert_true(problem_twin(&pr, 0, &v, &err));
    assert_true(problem_position(&pr, &v, &p, &err));
    assert_int_equal(p.st.ko_from, square_parse(p.geo, "d5"));
    assert_int_equal(p.st.ko_to, square_parse(p.geo, "d6"));
    assert_int_equal(position_at(&p, square_parse(p.geo, "d6")), unit_make(NEUTRAL, STONE));
    struct position copy = p;
    position_rehash(&copy);
    assert_int_equal(copy.st.hash, p.st.hash);
    /* the stepping unit must stand on the target square */
    pr.options.last_neutral_step[1] = (struct square_ref){3, 6};
    assert_false(problem_position(&pr, &v, &p, &err));
    assert_string_equal(err.message, "LastNeutralStep d5d7 needs a stone or relay on d7 and d5 empty");
    problem_free(&pr);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(castling_default),
        cmocka_unit_test(no_castling),
        cmocka_unit_test(en_passant),
        cmocka_unit_test(kings_and_board),
        cmocka_unit_test(ko_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
