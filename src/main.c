/* Command line: getopt_long into a struct config, then hand it to run_all.
 * Nothing else lives here. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/memory.h"
#include "rules/rules.h"
#include "run/config.h"
#include "run/run.h"

#define VERSION "0.1"
/* --max-time above this (about 31 years) is a typing error, not a limit */
#define MAX_TIME_LIMIT 1e9
/* --hash above this (a terabyte) is a typing error */
#define HASH_MB_MAX (1L << 20)

static void usage(FILE *f)
{
    char conditions[160];
    rules_list_names(rules_is_condition, NULL, conditions, sizeof conditions);
    fprintf(f, "usage: fairysolve [OPTION]... [FILE]...\n"
          "Solves chess problems (orthodox and fairy) written in Popeye's problem language.\n"
          "FILE '-' or none: standard input.\n\n"
          "  -f, --fen FEN              one problem from a FEN instead of files\n"
          "  -s, --stipulation S        stipulation for --fen (#2, h#3, h#2.5, s#2, =3 ...)\n"
          "  -c, --condition 'C [SW]'   condition for --fen: %s\n"
          "  -o, --option 'WORDS'       options for --fen, as on an Option line\n"
          "      --perft N              count legal turns to depth N\n"
          "      --divide               with --perft: one line per first turn\n"
          "      --check                verdict per twin and a summary; exit 1 if any is not as expected\n"
          "      --json                 one JSON object per problem and twin (one per line)\n"
          "  -j, --jobs N               N threads: twins at once, one twin's search split; 0: one per processor\n"
          "      --hash MB              transposition table memory (default 256)\n"
          "      --store FILE           persistent zlib-compressed transposition store\n"
          "      --store-replace        with --store: replace a store made by a run of other rule sets\n"
          "      --max-time S           give up a twin after S seconds (marked partial)\n"
          "      --regression           no banner, no timings\n"
          "      --progress             progress on standard error\n"
          "      --plain-help           help play by the plain search, without the goal-directed bound\n"
          "      --shard K/N            with --json: only the twins at places K, K+N, K+2N ... (from 1)\n"
          "      --first-moves A-B      with --json: only first moves A to B (Popeye's MoveNumbers numbering)\n"
          "      --merge                the FILEs are --json output of shards and first-move parts: print\n"
          "                             the answer of the whole run (text, or --json; --check)\n"
          "      --merge-store          with --store OUT: the FILEs are stores, joined into OUT\n"
          "      --svg DIR              write each problem's and twin's diagram as DIR/NAME-P.svg, DIR/NAME-Pb.svg\n"
          "      --no-solve             read and check the input, write the diagrams, solve nothing\n"
          "  -h, --help                 this text\n"
          "  -V, --version              version\n",
          conditions);
}

static long number_arg(const char *opt, const char *text, long min, long max)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == 0 || *end != 0 || v < min || v > max) {
        fprintf(stderr, "fairysolve: %s needs a whole number from %ld to %ld, not '%s'\n", opt, min, max, text);
        exit(2);
    }
    return v;
}

/* "K/N" or "A-B": two whole numbers from min to max around sep. */
static bool pair_arg(const char *opt, const char *text, char sep, long min, long max, int *a, int *b)
{
    (void)opt;
    char *end;
    if (text[0] < '0' || text[0] > '9')
        return false;
    long x = strtol(text, &end, 10);
    if (end == text || *end != sep || x < min || x > max)
        return false;
    const char *rest = end + 1;
    long y = strtol(rest, &end, 10);
    if (end == rest || *end != 0 || y < min || y > max || *rest == '-' || *rest == '+')
        return false;
    *a = (int)x;
    *b = (int)y;
    return true;
}

/* Popeye's -maxmem SIZE: kilobytes, or with a unit k, M or G (m and g are
 * read as M and G); replaced by the megabytes of --hash (at least 1), which
 * bounds what the table takes.  False (said on standard error) when SIZE is
 * no such size. */
static bool maxmem_arg(const char *text, char **mb)
{
    char *end;
    unsigned long long n = text[0] >= '0' && text[0] <= '9' ? strtoull(text, &end, 10) : 0;
    unsigned long long kb = n;
    if (n > 0 && (end[0] == 'M' || end[0] == 'm') && end[1] == 0)
        kb = n << 10;
    else if (n > 0 && (end[0] == 'G' || end[0] == 'g') && end[1] == 0)
        kb = n << 20;
    else if (n == 0 || !(end[0] == 0 || ((end[0] == 'k' || end[0] == 'K') && end[1] == 0)))
        kb = 0;
    if (kb == 0 || n > (1ull << 40)) {
        fprintf(stderr, "fairysolve: -maxmem needs a size like 512M or 1G (kilobytes without a unit), not '%s'\n",
                text);
        return false;
    }
    if ((kb + 1023) >> 10 > HASH_MB_MAX) {
        fprintf(stderr, "fairysolve: -maxmem %s is more than --hash takes (at most %ld MB)\n", text, HASH_MB_MAX);
        return false;
    }
    /* lives as long as argv: the whole run */
    char *value = malloc(24);
    if (!value)
        out_of_memory();
    snprintf(value, 24, "%llu", (kb + 1023) >> 10);
    *mb = value;
    return true;
}

/* Popeye's command line spells options with one dash (-maxtime 10,
 * -regression): such a word that is one of our long options without its
 * hyphens is taken as that option; Popeye's -maxmem SIZE becomes --hash MB.
 * Words that are arguments of the option before them are left alone. */
static bool popeye_words(int argc, char **argv, const struct option *longopts, const char *shortopts)
{
    bool takes_value = false;
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        if (takes_value) {
            takes_value = false;
            continue;
        }
        if (strcmp(a, "--") == 0)
            break;
        if (a[0] != '-' || a[1] == '-' || a[1] == 0 || a[2] == 0) {
            /* a short option with its value in the next word: -j 2 */
            if (a[0] == '-' && a[1] && a[1] != '-' && a[2] == 0) {
                const char *s = strchr(shortopts, a[1]);
                takes_value = s && s[1] == ':';
            } else if (a[0] == '-' && a[1] == '-' && !strchr(a, '=')) {
                for (const struct option *o = longopts; o->name; o++)
                    if (strcmp(a + 2, o->name) == 0)
                        takes_value = o->has_arg == required_argument;
            }
            continue;
        }
        if (strcmp(a + 1, "maxmem") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "fairysolve: -maxmem needs a size like 512M or 1G\n");
                return false;
            }
            if (!maxmem_arg(argv[i + 1], &argv[i + 1]))
                return false;
            argv[i] = "--hash";
            takes_value = true;
            continue;
        }
        for (const struct option *o = longopts; o->name; o++) {
            char plain[32];
            size_t n = 0;
            for (const char *c = o->name; *c && n + 1 < sizeof plain; c++)
                if (*c != '-')
                    plain[n++] = *c;
            plain[n] = 0;
            if (strcmp(a + 1, plain) == 0) {
                /* lives as long as argv: the whole run */
                char *spelled = malloc(strlen(o->name) + 3);
                if (!spelled)
                    out_of_memory();
                sprintf(spelled, "--%s", o->name);
                argv[i] = spelled;
                takes_value = o->has_arg == required_argument;
                break;
            }
        }
    }
    return true;
}

enum { OPT_PERFT = 256, OPT_DIVIDE, OPT_CHECK, OPT_JSON, OPT_HASH, OPT_STORE, OPT_MAXTIME,
       OPT_REGRESSION, OPT_PROGRESS, OPT_STORE_REPLACE, OPT_PLAIN_HELP, OPT_SHARD, OPT_FIRST_MOVES,
       OPT_MERGE, OPT_MERGE_STORE, OPT_SVG, OPT_NO_SOLVE };
static const struct option longopts[] = {
    {"fen", required_argument, 0, 'f'},        {"stipulation", required_argument, 0, 's'},
    {"condition", required_argument, 0, 'c'},  {"option", required_argument, 0, 'o'},
    {"perft", required_argument, 0, OPT_PERFT},{"divide", no_argument, 0, OPT_DIVIDE},
    {"check", no_argument, 0, OPT_CHECK},      {"json", no_argument, 0, OPT_JSON},
    {"jobs", required_argument, 0, 'j'},       {"hash", required_argument, 0, OPT_HASH},
    {"store", required_argument, 0, OPT_STORE},{"max-time", required_argument, 0, OPT_MAXTIME},
    {"regression", no_argument, 0, OPT_REGRESSION}, {"progress", no_argument, 0, OPT_PROGRESS},
    {"store-replace", no_argument, 0, OPT_STORE_REPLACE},
    {"plain-help", no_argument, 0, OPT_PLAIN_HELP},
    {"shard", required_argument, 0, OPT_SHARD},  {"first-moves", required_argument, 0, OPT_FIRST_MOVES},
    {"merge", no_argument, 0, OPT_MERGE},        {"merge-store", no_argument, 0, OPT_MERGE_STORE},
    {"svg", required_argument, 0, OPT_SVG},      {"no-solve", no_argument, 0, OPT_NO_SOLVE},
    {"help", no_argument, 0, 'h'},             {"version", no_argument, 0, 'V'},
    {0, 0, 0, 0},
};
static const char shortopts[] = "f:s:c:o:j:hV";

/* --max-time's seconds into cfg; false (said on standard error) when they are no such number. */
static bool max_time_arg(const char *text, struct config *cfg)
{
    char *end;
    cfg->max_time = strtod(text, &end);
    /* !(x > 0) also refuses nan */
    if (*text == 0 || *end != 0 || !(cfg->max_time > 0) || !isfinite(cfg->max_time) ||
        cfg->max_time > MAX_TIME_LIMIT) {
        fprintf(stderr, "fairysolve: --max-time needs a positive number of seconds up to %.0f, not '%s'\n",
                MAX_TIME_LIMIT, text);
        return false;
    }
    return true;
}

/* Option c of getopt_long (its argument in optarg) into cfg: -1 to go on,
 * else the exit status (--help, --version, a bad argument). */
static int take_option(int c, struct config *cfg)
{
    switch (c) {
    case 'f': cfg->fen = optarg; break;
    case 's': cfg->stipulation = optarg; break;
    case 'c': cfg->condition = optarg; break;
    case 'o': cfg->option = optarg; break;
    case 'j': cfg->jobs = (int)number_arg("--jobs", optarg, 0, 256); break;
    case OPT_PERFT: cfg->perft_depth = (int)number_arg("--perft", optarg, 1, 20); break;
    case OPT_DIVIDE: cfg->divide = true; break;
    case OPT_CHECK: cfg->check = true; break;
    case OPT_JSON: cfg->json = true; break;
    case OPT_HASH: cfg->hash_mb = number_arg("--hash", optarg, 1, HASH_MB_MAX); break;
    case OPT_STORE:
#ifdef __EMSCRIPTEN__
        /* the WebAssembly build leaves the store out (docs/web.md): a page's
         * files end with its worker, and emscripten's file modes differ */
        fprintf(stderr, "fairysolve: --store is not in the WebAssembly build\n");
        return 2;
#endif
        cfg->store = optarg;
        break;
    case OPT_STORE_REPLACE: cfg->store_replace = true; break;
    case OPT_MAXTIME: return max_time_arg(optarg, cfg) ? -1 : 2;
    case OPT_REGRESSION: cfg->regression = true; break;
    case OPT_PROGRESS: cfg->progress = true; break;
    case OPT_PLAIN_HELP: cfg->plain_help = true; break;
    case OPT_SHARD:
        if (!pair_arg("--shard", optarg, '/', 1, SHARD_COUNT_MAX, &cfg->shard_k, &cfg->shard_n) ||
            cfg->shard_k > cfg->shard_n) {
            fprintf(stderr, "fairysolve: --shard needs K/N with 1 <= K <= N <= %d, not '%s'\n", SHARD_COUNT_MAX,
                    optarg);
            return 2;
        }
        break;
    case OPT_FIRST_MOVES:
        if (!pair_arg("--first-moves", optarg, '-', 1, FIRST_MOVE_NUMBER_MAX, &cfg->first_from, &cfg->first_to) ||
            cfg->first_from > cfg->first_to) {
            fprintf(stderr, "fairysolve: --first-moves needs A-B with 1 <= A <= B <= %d, not '%s'\n",
                    FIRST_MOVE_NUMBER_MAX, optarg);
            return 2;
        }
        break;
    case OPT_MERGE: cfg->merge = true; break;
    case OPT_MERGE_STORE: cfg->merge_store = true; break;
    case OPT_SVG: cfg->svg_dir = optarg; break;
    case OPT_NO_SOLVE: cfg->no_solve = true; break;
    case 'h': usage(stdout); return 0;
    case 'V': printf("fairysolve %s\n", VERSION); return 0;
    default: usage(stderr); return 2;
    }
    return -1;
}

/* Whether the options go together, with `files` input files; false (said
 * on standard error) when they do not. */
static bool options_agree(const struct config *cfg, int files)
{
    if (cfg->divide && !cfg->perft_depth) {
        fprintf(stderr, "fairysolve: --divide goes with --perft N\n");
        return false;
    }
    if (cfg->perft_depth && (cfg->check || cfg->json)) {
        fprintf(stderr, "fairysolve: --perft counts turns; it does not go with --check or --json\n");
        return false;
    }
    if (!cfg->fen && (cfg->stipulation || cfg->condition || cfg->option)) {
        fprintf(stderr, "fairysolve: -s, -c and -o go with --fen\n");
        return false;
    }
    bool part = config_is_part(cfg);
    if (part && (!cfg->json || cfg->fen || cfg->perft_depth || files == 0)) {
        fprintf(stderr, "fairysolve: --shard and --first-moves make parts for --merge: they need --json and "
                        "input files (not --fen, --perft or standard input)\n");
        return false;
    }
    if ((cfg->merge || cfg->merge_store) && (part || cfg->fen || cfg->perft_depth || files == 0)) {
        fprintf(stderr, "fairysolve: --merge and --merge-store take the files to join (and no --fen, --perft, "
                        "--shard or --first-moves)\n");
        return false;
    }
    if (cfg->no_solve && (cfg->perft_depth || cfg->check || cfg->merge || cfg->merge_store || part)) {
        fprintf(stderr, "fairysolve: --no-solve only reads the input and writes diagrams: it does not go with "
                        "--perft, --check, --merge, --merge-store, --shard or --first-moves\n");
        return false;
    }
    if (cfg->svg_dir && (cfg->merge || cfg->merge_store)) {
        fprintf(stderr, "fairysolve: --svg draws the problems of input files; --merge and --merge-store read none\n");
        return false;
    }
    if (cfg->merge_store && (cfg->merge || !cfg->store)) {
        fprintf(stderr, "fairysolve: --merge-store joins the FILEs into --store OUT\n");
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    struct config cfg = {.jobs = 1, .hash_mb = 256, .version = "fairysolve " VERSION};
    if (!popeye_words(argc, argv, longopts, shortopts))
        return 2;
    int c;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        int status = take_option(c, &cfg);
        if (status >= 0)
            return status;
    }
    if (!options_agree(&cfg, argc - optind))
        return 2;
    cfg.file_count = argc - optind;
    cfg.files = argv + optind;
    return run_all(&cfg);
}
