/* olive-gui's yacpdb-entry.schema.json as C checks: fields, types, required
 * ones, patterns of persons, pieces, dates, distinctions, solution counts. */
#include "yacpdb_schema.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../base/text.h"

#define LABEL_MAX 255 /* the schema's maxLength of labels and persons, in characters */

struct schema {
    const struct entry_doc *d;
    struct parse_error *err;
};

typedef bool (*check_fn)(struct schema *s, const yaml_node_t *n, const char *field);

struct field_rule {
    const char *name;
    check_fn check;
};

static bool fail(struct schema *s, const yaml_node_t *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(struct schema *s, const yaml_node_t *n, const char *fmt, ...)
{
    struct place at = doc_place(s->d, n);
    s->err->line = at.line;
    s->err->column = at.column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err->message, sizeof s->err->message, fmt, ap);
    va_end(ap);
    return false;
}

/* 'text' for messages, cut to 40 bytes. */
static void quoted(const yaml_node_t *n, char *out, size_t cap)
{
    const char *t = doc_text(n);
    size_t len = strlen(t);
    snprintf(out, cap, "'%.40s%s'", t, len > 40 ? "..." : "");
    for (char *c = out; *c; c++)
        if ((unsigned char)*c < 0x20)
            *c = ' ';
}

static size_t characters(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

static bool expect_kind(struct schema *s, const yaml_node_t *n, const char *field, yaml_node_type_t type,
                        const char *what)
{
    if (n->type == type)
        return true;
    return fail(s, n, "%s: expected %s, found %s", field, what, doc_kind_name(n));
}

static bool check_label(struct schema *s, const yaml_node_t *n, const char *field)
{
    if (!doc_is_label(n))
        return fail(s, n, "%s: expected a string or a number, found %s%s", field, doc_kind_name(n),
                    doc_is_scalar(n) && doc_scalar_type(n) == SCALAR_NULL ? " (quote a text that begins with #: "
                                                                             "# starts a YAML comment)" : "");
    if (characters(doc_text(n)) > LABEL_MAX)
        return fail(s, n, "%s: longer than %d characters", field, LABEL_MAX);
    return true;
}

static bool check_text(struct schema *s, const yaml_node_t *n, const char *field)
{
    if (!doc_is_label(n))
        return fail(s, n, "%s: expected a text, found %s", field, doc_kind_name(n));
    if (!doc_text(n)[0])
        return fail(s, n, "%s: empty", field);
    return true;
}

/* minItems 1, uniqueItems (scalars compared by their text), each item checked. */
static bool check_list(struct schema *s, const yaml_node_t *n, const char *field, check_fn item)
{
    if (!expect_kind(s, n, field, YAML_SEQUENCE_NODE, "a list"))
        return false;
    int count = doc_length(n);
    if (count == 0)
        return fail(s, n, "%s: an empty list (leave the field out instead)", field);
    for (int i = 0; i < count; i++) {
        const yaml_node_t *a = doc_item(s->d, n, i);
        char name[96];
        snprintf(name, sizeof name, "%s[%d]", field, i + 1);
        if (item && !item(s, a, name))
            return false;
        for (int j = 0; j < i && doc_is_scalar(a); j++) {
            const yaml_node_t *b = doc_item(s->d, n, j);
            if (doc_is_scalar(b) && strcmp(doc_text(a), doc_text(b)) == 0) {
                char q[64];
                quoted(a, q, sizeof q);
                return fail(s, a, "%s: %s twice in the list", field, q);
            }
        }
    }
    return true;
}

/* The schema's label_list and text_list name their items under "elements",
 * which JSON Schema does not read: any item passes, as in its validators. */
static bool check_label_list(struct schema *s, const yaml_node_t *n, const char *field)
{
    return check_list(s, n, field, NULL);
}

/* ^[^,]+(, [^,]+)?$: "Family name, Given names" */
static bool check_person(struct schema *s, const yaml_node_t *n, const char *field)
{
    char q[64];
    if (!doc_is_scalar(n) || doc_scalar_type(n) != SCALAR_STRING)
        return fail(s, n, "%s: expected a name like 'Family, Given', found %s", field, doc_kind_name(n));
    const char *t = doc_text(n), *comma = strchr(t, ',');
    bool ok = t[0] && t[0] != ',' && characters(t) <= LABEL_MAX;
    if (comma)
        ok &= comma[1] == ' ' && comma[2] && comma[2] != ',' && !strchr(comma + 1, ',');
    quoted(n, q, sizeof q);
    return ok || fail(s, n, "%s: %s is not a name like 'Family, Given' (one comma, then a space)", field, q);
}

static bool check_persons(struct schema *s, const yaml_node_t *n, const char *field)
{
    return check_list(s, n, field, check_person);
}

static bool digits(const char *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)t[i]))
            return false;
    return true;
}

static bool check_integer(struct schema *s, const yaml_node_t *n, const char *field, long min, long max)
{
    if (!doc_is_scalar(n) || doc_scalar_type(n) != SCALAR_INT)
        return fail(s, n, "%s: expected a whole number, found %s", field, doc_kind_name(n));
    const char *t = doc_text(n);
    long v = 0;
    for (const char *c = t + (*t == '+' || *t == '-'); *c && v <= max; c++)
        v = v * 10 + (*c - '0');
    if (*t == '-')
        v = -v;
    if (v < min || v > max)
        return fail(s, n, "%s: %s is not from %ld to %ld", field, t, min, max);
    return true;
}

/* an integer 1..9999 or "YYYY-YYYY" */
static bool is_year(struct schema *s, const yaml_node_t *n)
{
    if (!doc_is_scalar(n))
        return false;
    const char *t = doc_text(n);
    if (doc_scalar_type(n) == SCALAR_INT) {
        struct parse_error keep = *s->err;
        bool ok = check_integer(s, n, "", 1, 9999);
        *s->err = keep;
        return ok;
    }
    return doc_scalar_type(n) == SCALAR_STRING && strlen(t) == 9 && digits(t, 4) && t[4] == '-' && digits(t + 5, 4);
}

static bool check_year(struct schema *s, const yaml_node_t *n, const char *field)
{
    return is_year(s, n) || fail(s, n, "%s: expected a year like 1965 or 1965-1967, found %s", field,
                                 doc_kind_name(n));
}

static bool check_month(struct schema *s, const yaml_node_t *n, const char *field)
{
    return check_integer(s, n, field, 1, 12);
}

static bool check_day(struct schema *s, const yaml_node_t *n, const char *field)
{
    return check_integer(s, n, field, 1, 31);
}

static bool check_positive(struct schema *s, const yaml_node_t *n, const char *field)
{
    return check_integer(s, n, field, 1, 1000000000L);
}

/* additionalProperties false, each field's check, the required ones. */
static bool check_object(struct schema *s, const yaml_node_t *n, const char *field, const struct field_rule *rules,
                         size_t count, const char *const *required)
{
    if (!expect_kind(s, n, field[0] ? field : "an entry", YAML_MAPPING_NODE, "a mapping of fields"))
        return false;
    for (int i = 0; i < doc_length(n); i++) {
        const yaml_node_t *k = doc_pair_key(s->d, n, i), *v = doc_pair_value(s->d, n, i);
        char q[64], name[96];
        quoted(k, q, sizeof q);
        size_t r = 0;
        while (r < count && !(doc_is_scalar(k) && strcmp(doc_text(k), rules[r].name) == 0))
            r++;
        if (r == count) {
            struct text names;
            text_init(&names);
            for (size_t j = 0; j < count; j++)
                text_printf(&names, "%s%s", j ? ", " : "", rules[j].name);
            fail(s, k, "%s%s%s is not a field of %s (fields: %s)", field[0] ? field : "", field[0] ? ": " : "",
                 doc_is_scalar(k) ? q : doc_kind_name(k), field[0] ? "this mapping" : "a YACPDB entry", names.data);
            text_free(&names);
            return false;
        }
        for (int j = 0; j < i; j++)
            if (doc_is_scalar(doc_pair_key(s->d, n, j)) && strcmp(doc_text(doc_pair_key(s->d, n, j)), rules[r].name) == 0)
                return fail(s, k, "%s%s%s twice", field[0] ? field : "", field[0] ? ": " : "", q);
        snprintf(name, sizeof name, "%s%s%s", field, field[0] ? "." : "", rules[r].name);
        if (!rules[r].check(s, v, name))
            return false;
    }
    for (; required && *required; required++)
        if (!doc_get(s->d, n, *required))
            return fail(s, n, "%s%smissing field '%s'", field[0] ? field : "", field[0] ? ": " : "", *required);
    return true;
}

static bool check_date(struct schema *s, const yaml_node_t *n, const char *field)
{
    static const struct field_rule rules[] = {{"year", check_year}, {"month", check_month}, {"day", check_day}};
    static const char *const required[] = {"year", NULL};
    if (n->type == YAML_MAPPING_NODE) {
        if (!check_object(s, n, field, rules, 3, required))
            return false;
        if (doc_get(s->d, n, "day") && !doc_get(s->d, n, "month"))
            return fail(s, n, "%s: a day needs a month", field);
        return true;
    }
    if (is_year(s, n))
        return true;
    const char *t = doc_text(n);
    size_t len = strlen(t);
    bool ok = doc_is_scalar(n) && doc_scalar_type(n) == SCALAR_STRING && len >= 4 && digits(t, 4) &&
              (len == 4 || (len == 7 && t[4] == '-' && digits(t + 5, 2)) ||
               (len == 10 && t[4] == '-' && digits(t + 5, 2) && t[7] == '-' && digits(t + 8, 2)));
    return ok || fail(s, n, "%s: expected a date (year: 1965, month: 2, day: 21), '1965-02-21' or a year, found %s",
                      field, doc_kind_name(n));
}

static bool check_source(struct schema *s, const yaml_node_t *n, const char *field)
{
    static const struct field_rule rules[] = {
        {"name", check_label},  {"date", check_date},           {"volume", check_label},
        {"issue", check_label}, {"round", check_label},         {"problemid", check_label},
        {"pagenumber", check_positive}, {"variant", check_label}, {"comments", check_label_list}};
    static const char *const required[] = {"name", "date", NULL};
    return check_object(s, n, field, rules, sizeof rules / sizeof *rules, required);
}

static bool check_sources(struct schema *s, const yaml_node_t *n, const char *field)
{
    return check_list(s, n, field, check_source);
}

static bool check_tourney(struct schema *s, const yaml_node_t *n, const char *field)
{
    static const struct field_rule rules[] = {{"name", check_label}, {"date", check_date}};
    static const char *const required[] = {"name", NULL};
    if (doc_is_scalar(n) && strcmp(doc_text(n), "ditto") == 0)
        return true;
    if (doc_is_scalar(n))
        return fail(s, n, "%s: expected a mapping (name, date) or 'ditto', found %s", field, doc_kind_name(n));
    return check_object(s, n, field, rules, 2, required);
}

/* One ordinal of the distinction pattern: [0-9]*1st, [0-9]*2nd, [0-9]*3rd,
 * [0-9]*[0456789]th, [0-9]*1[123]th; n bytes at t. */
static bool ordinal(const char *t, size_t n)
{
    if (n < 3 || !digits(t, n - 2) || !isalpha((unsigned char)t[n - 1]))
        return false;
    char a = (char)tolower((unsigned char)t[n - 2]), b = (char)tolower((unsigned char)t[n - 1]);
    char last = t[n - 3], tens = n >= 4 ? t[n - 4] : 0;
    if (a == 't' && b == 'h')
        return strchr("0456789", last) || (tens == '1' && strchr("123", last));
    return (last == '1' && a == 's' && b == 't') || (last == '2' && a == 'n' && b == 'd') ||
           (last == '3' && a == 'r' && b == 'd');
}

static bool prefix_nocase(const char *t, const char *word)
{
    return strncasecmp(t, word, strlen(word)) == 0;
}

/* The schema's distinction pattern, case-insensitive: [RANKS ][Special ]NAME[, COMMENT]
 * with RANKS "Special", an ordinal or two joined by '-'. */
static bool distinction_ok(const char *t)
{
    static const char *const names[] = {"Prize", "Place", "HM", "Honorable Mention", "Commendation", "Comm.", "cm"};
    const char *space = strchr(t, ' ');
    if (space) { /* the ranks, if the first word is one */
        size_t n = (size_t)(space - t);
        const char *dash = memchr(t, '-', n);
        bool ranks = (n == 7 && prefix_nocase(t, "special")) ||
                     (dash ? ordinal(t, (size_t)(dash - t)) && ordinal(dash + 1, n - (size_t)(dash - t) - 1)
                           : ordinal(t, n));
        if (ranks)
            t = space + 1;
    }
    if (prefix_nocase(t, "special "))
        t += 8;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        size_t n = strlen(names[i]);
        if (prefix_nocase(t, names[i]) && (t[n] == 0 || (t[n] == ',' && t[n + 1] == ' ')))
            return true;
    }
    return false;
}

static bool check_distinction(struct schema *s, const yaml_node_t *n, const char *field)
{
    char q[64];
    quoted(n, q, sizeof q);
    if (doc_is_scalar(n) && doc_scalar_type(n) == SCALAR_STRING && distinction_ok(doc_text(n)))
        return true;
    return fail(s, n, "%s: %s is not a distinction like '1st Prize', '2nd-3rd HM', 'Special Commendation'", field,
                doc_is_scalar(n) ? q : doc_kind_name(n));
}

static bool check_award(struct schema *s, const yaml_node_t *n, const char *field)
{
    static const struct field_rule rules[] = {
        {"tourney", check_tourney}, {"distinction", check_distinction}, {"judges", check_persons}};
    static const char *const required[] = {"tourney", "distinction", NULL};
    return check_object(s, n, field, rules, 3, required);
}

static bool check_foreignid(struct schema *s, const yaml_node_t *n, const char *field)
{
    static const struct field_rule rules[] = {{"domain", check_label}, {"problemid", check_label}};
    static const char *const required[] = {"domain", "problemid", NULL};
    return check_object(s, n, field, rules, 2, required);
}

static bool check_foreignids(struct schema *s, const yaml_node_t *n, const char *field)
{
    return check_list(s, n, field, check_foreignid);
}

/* ^((Chameleon|...|AndaInverse) )*[A-Za-z0-9]{1,2}[a-h][1-8]$, and rank 9 (Stones & Relays). */
static bool piece_decl_ok(const char *t)
{
    static const char *const specs[] = {"Chameleon", "Jigger", "Kamikaze", "Paralysing", "Royal", "Volage",
                                        "Functionary", "HalfNeutral", "HurdleColourChanging", "Protean", "Magic",
                                        "Uncapturable", "Bul", "Dob", "Anda", "AndaInverse"};
    for (const char *space; (space = strchr(t, ' ')) != NULL; t = space + 1) {
        size_t n = (size_t)(space - t), i = 0;
        while (i < sizeof specs / sizeof *specs && !(strlen(specs[i]) == n && strncmp(t, specs[i], n) == 0))
            i++;
        if (i == sizeof specs / sizeof *specs)
            return false;
    }
    size_t n = strlen(t);
    if (n < 3 || n > 4 || t[n - 2] < 'a' || t[n - 2] > 'h' || t[n - 1] < '1' || t[n - 1] > '9')
        return false;
    for (size_t i = 0; i < n - 2; i++)
        if (!isalnum((unsigned char)t[i]))
            return false;
    return true;
}

static bool check_piece(struct schema *s, const yaml_node_t *n, const char *field)
{
    char q[64];
    quoted(n, q, sizeof q);
    if (doc_is_scalar(n) && doc_scalar_type(n) == SCALAR_STRING && piece_decl_ok(doc_text(n)))
        return true;
    return fail(s, n, "%s: %s is not a piece like Ka1 or 'Royal Sf3'", field, doc_is_scalar(n) ? q : doc_kind_name(n));
}

static bool check_pieces(struct schema *s, const yaml_node_t *n, const char *field)
{
    return check_list(s, n, field, check_piece);
}

static bool check_algebraic(struct schema *s, const yaml_node_t *n, const char *field)
{
    static const struct field_rule rules[] = {
        {"white", check_pieces}, {"black", check_pieces}, {"neutral", check_pieces}};
    return check_object(s, n, field, rules, 3, NULL);
}

static bool check_glyphs(struct schema *s, const yaml_node_t *n, const char *field)
{
    if (!expect_kind(s, n, field, YAML_MAPPING_NODE, "a mapping of piece letters to glyphs"))
        return false;
    for (int i = 0; i < doc_length(n); i++) {
        const yaml_node_t *k = doc_pair_key(s->d, n, i), *v = doc_pair_value(s->d, n, i);
        const char *kt = doc_text(k), *vt = doc_text(v);
        size_t kl = strlen(kt), vl = strlen(vt);
        bool key_ok = doc_is_scalar(k) && kl >= 1 && kl <= 2;
        for (size_t j = 0; j < kl; j++)
            key_ok &= islower((unsigned char)kt[j]) || isdigit((unsigned char)kt[j]);
        if (!key_ok)
            return fail(s, k, "%s: expected a piece letter in lower case like 'g', found %s", field, doc_kind_name(k));
        bool value_ok = doc_is_scalar(v) && vl >= 1 && vl <= 2 && strchr("kqrbspeaofwdx", vt[0]) &&
                        (vl == 1 || (vt[1] >= '1' && vt[1] <= '3'));
        if (!value_ok)
            return fail(s, v, "%s.%s: expected a glyph like 'q' or 'q3', found %s", field, kt, doc_kind_name(v));
    }
    return true;
}

static bool check_twins(struct schema *s, const yaml_node_t *n, const char *field)
{
    if (!expect_kind(s, n, field, YAML_MAPPING_NODE, "a mapping of twin labels (b, c, ...) to twinnings"))
        return false;
    for (int i = 0; i < doc_length(n); i++) {
        const yaml_node_t *k = doc_pair_key(s->d, n, i);
        const char *t = doc_text(k);
        bool ok = doc_is_scalar(k) && ((strlen(t) == 1 && islower((unsigned char)t[0])) ||
                                       (t[0] == 'z' && t[1] && digits(t + 1, strlen(t + 1))));
        char q[64], name[96];
        quoted(k, q, sizeof q);
        if (!ok)
            return fail(s, k, "%s: %s is not a twin label (a, b, ... z, z1, z2 ...)", field, q);
        snprintf(name, sizeof name, "%s.%s", field, t);
        if (!check_label(s, doc_pair_value(s->d, n, i), name))
            return false;
    }
    return doc_get(s->d, n, "b") || fail(s, n, "%s: missing twin 'b'", field);
}

/* an integer of at least 2, or "2.2.1.1" and "4.1.1..." */
static bool check_intended(struct schema *s, const yaml_node_t *n, const char *field)
{
    if (doc_is_scalar(n) && doc_scalar_type(n) == SCALAR_INT)
        return check_integer(s, n, field, 2, 1000000);
    const char *t = doc_text(n);
    size_t len = strlen(t);
    bool ok = doc_is_scalar(n) && doc_scalar_type(n) != SCALAR_NULL && isdigit((unsigned char)t[0]);
    if (ok && len > 3 && strcmp(t + len - 3, "...") == 0)
        len -= 3;
    for (size_t i = 0; ok && i < len; i++)
        ok = isdigit((unsigned char)t[i]) || (t[i] == '.' && i + 1 < len && isdigit((unsigned char)t[i + 1]));
    return ok || fail(s, n, "%s: expected a number of solutions like 2, '2.2.1.1' or '4.1.1...', found %s", field,
                      doc_kind_name(n));
}

static bool check_text_list(struct schema *s, const yaml_node_t *n, const char *field)
{
    return check_list(s, n, field, NULL);
}

bool yacpdb_schema_check(const struct entry_doc *d, const yaml_node_t *root, struct parse_error *err)
{
    static const struct field_rule rules[] = {
        {"foreignids", check_foreignids},   {"authors", check_persons},    {"source", check_source},
        {"award", check_award},             {"reprints", check_sources},   {"stipulation", check_label},
        {"algebraic", check_algebraic},     {"glyphs", check_glyphs},      {"twins", check_twins},
        {"intended-solutions", check_intended}, {"solution", check_text},  {"options", check_label_list},
        {"keywords", check_label_list},     {"comments", check_text_list}};
    static const char *const required[] = {"stipulation", "algebraic", "solution", NULL};
    struct schema s = {d, err};
    if (!check_object(&s, root, "", rules, sizeof rules / sizeof *rules, required))
        return false;
    if (doc_get(d, root, "award") && !doc_get(d, root, "source"))
        return fail(&s, doc_get(d, root, "award"), "award: an award needs the field 'source'");
    return true;
}
