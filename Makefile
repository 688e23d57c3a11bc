# fairysolve: `make run` sets up, builds and solves the examples;
# `make test` sets up, builds and runs every test (plain and sanitized).

# The compiler: clang where the system has one (scripts/deps installs it),
# else cc; CC=... on the command line or in the environment wins.  Clang
# 14's build solves 16 of the 19 bench inputs in 2-9% less time than gcc
# 12's (docs/performance.md).
ifeq ($(origin CC),default)
CC      := $(shell command -v clang >/dev/null 2>&1 && echo clang || echo cc)
endif
CFLAGS  ?= -O3
WARN    := -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE
LDLIBS  := -lz -lcjson -lyaml -lm -lpthread
BUILD   := build
ASAN    := build/asan
TSAN    := build/tsan
# make install: PREFIX and DESTDIR as the GNU conventions have them
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR  := $(PREFIX)/bin
MAN1DIR := $(PREFIX)/share/man/man1
DOCDIR  := $(PREFIX)/share/doc/fairysolve
EXAMPLES := $(sort $(wildcard problems/*.inp))
# the manual: every file of docs/ but the man page, installed as
# PREFIX/share/doc/fairysolve/docs/ beside README.md, so its links still lead somewhere
MANUAL  := $(filter-out docs/fairysolve.1,$(sort $(wildcard docs/*)))
# make windows: cross-built with mingw-w64 (POSIX threads), zlib, cJSON and
# libyaml linked in statically; windows/posix_shim.h maps the POSIX calls
WIN     := build/windows
WINCC   := x86_64-w64-mingw32-gcc-posix
WINFLAGS := -O3 -D_FILE_OFFSET_BITS=64 -D__USE_MINGW_ANSI_STDIO=1 -include windows/posix_shim.h \
            -Iwindows -Iwindows/include -I$(WIN)/cjson/include -I$(WIN)/libyaml/include
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

LIB_SRC := $(filter-out src/main.c,$(shell find src -name '*.c' | sort))
TEST_SRC := $(sort $(wildcard tests/test_*.c))
TESTS   := $(TEST_SRC:tests/%.c=%)

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
ASAN_OBJ := $(LIB_SRC:%.c=$(ASAN)/%.o)
TSAN_OBJ := $(LIB_SRC:%.c=$(TSAN)/%.o) $(TSAN)/src/main.o
# libyaml's own files, compiled from Debian's source package (windows/fetch-libyaml)
YAML_WIN := api dumper emitter loader parser reader scanner writer
WIN_OBJ  := $(LIB_SRC:%.c=$(WIN)/%.o) $(WIN)/src/main.o $(WIN)/windows/posix_shim.o $(WIN)/cjson/cJSON.o \
            $(YAML_WIN:%=$(WIN)/libyaml/%.o)

.PHONY: FORCE all deps run test layers sizes unit e2e asan asan-test tsan tsan-if-supported install-check docs-check cluster-check diagrams \
        install uninstall windows web web-check bench clean fuzz fuzz-build fuzz-ci
all: $(BUILD)/fairysolve

deps:
	@sh scripts/deps

# What built a directory's objects: they are built again when it changes
# (another compiler, a new version, other flags).  The stamp is rewritten
# only then, so make's times keep the objects that are up to date.
%/compiler: FORCE
	@mkdir -p $(dir $@)
	@v='$(CC) $(CFLAGS) $(SAN)'" $$($(CC) --version 2>/dev/null | head -n 1)"; \
	  [ "$$(cat $@ 2>/dev/null)" = "$$v" ] || echo "$$v" >$@
FORCE:
# (kept: make would delete them as intermediate files, and the next run,
# writing them anew, would rebuild everything)
.SECONDARY: $(BUILD)/compiler $(ASAN)/compiler $(TSAN)/compiler

$(BUILD)/%.o: %.c $(BUILD)/compiler
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(ASAN)/%.o: %.c $(ASAN)/compiler
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O1 -g $(SAN) -MMD -MP -c $< -o $@

# Archives, so a test links only the modules it uses.
$(BUILD)/libfairysolve.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# ThreadSanitizer: the threads of -j (src/search/split.c, src/run/pool.c)
$(TSAN)/%.o: %.c $(TSAN)/compiler
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O1 -g -fsanitize=thread -MMD -MP -c $< -o $@

$(TSAN)/fairysolve: $(TSAN_OBJ)
	$(CC) -fsanitize=thread $^ -o $@ $(LDLIBS)

$(TSAN)/tests/test_split: $(TSAN)/tests/test_split.o $(filter-out $(TSAN)/src/main.o,$(TSAN_OBJ))
	$(CC) -fsanitize=thread $^ -o $@ $(LDLIBS) -lcmocka

# the split's unit test and the parallel end-to-end checks under
# ThreadSanitizer; any report fails.  The log goes through a file: `tee
# /dev/stderr` reopened a log file that make's output was redirected to, and
# cut it short.
tsan: $(TSAN)/fairysolve $(TSAN)/tests/test_split
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66" $(TSAN)/tests/test_split >$(TSAN)/test_split.log 2>&1 || \
	  { cat $(TSAN)/test_split.log; exit 1; }; tail -n 1 $(TSAN)/test_split.log
	@PARALLEL_QUICK=1 TSAN_OPTIONS="halt_on_error=1 exitcode=66" sh tests/e2e/parallel-check $(TSAN)/fairysolve \
	  >$(TSAN)/parallel-check.log 2>&1; cat $(TSAN)/parallel-check.log; \
	  tail -n 1 $(TSAN)/parallel-check.log | grep -qx "parallel: 0 differ"

# run by make test when the compiler builds and runs ThreadSanitizer programs
tsan-if-supported:
	@if printf 'int main(void){return 0;}' | $(CC) -fsanitize=thread -x c - -o $(TSAN)-probe 2>/dev/null && \
	  $(TSAN)-probe; then rm -f $(TSAN)-probe; $(MAKE) --no-print-directory tsan; \
	  else rm -f $(TSAN)-probe; echo "ThreadSanitizer not supported here: make tsan skipped"; fi

$(ASAN)/libfairysolve.a: $(ASAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/fairysolve: $(BUILD)/src/main.o $(BUILD)/libfairysolve.a
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(ASAN)/fairysolve: $(ASAN)/src/main.o $(ASAN)/libfairysolve.a
	$(CC) $(SAN) $^ -o $@ $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(BUILD)/libfairysolve.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS) -lcmocka

$(ASAN)/tests/%: $(ASAN)/tests/%.o $(ASAN)/libfairysolve.a
	$(CC) $(SAN) $^ -o $@ $(LDLIBS) -lcmocka

# the build after deps, in a make of its own: on a fresh system, the
# compiler deps installs is then the one chosen above
run: deps
	@$(MAKE) --no-print-directory $(BUILD)/fairysolve
	@for f in problems/*.inp; do echo "== $$f"; $(BUILD)/fairysolve "$$f" || exit $$?; done

unit: $(TESTS:%=$(BUILD)/tests/%)
	@sh scripts/run-unit $(BUILD)

e2e: $(BUILD)/fairysolve
	@sh tests/e2e/run $(BUILD)/fairysolve

# --svg and LaTeX FILE: the SVG checked by xmllint, by parsing and by the
# pixels of its renderings; the LaTeX compiled where TeX Live is installed
diagrams: $(BUILD)/fairysolve
	@sh tests/diagrams/run $(BUILD)/fairysolve

asan: $(ASAN)/fairysolve $(TESTS:%=$(ASAN)/tests/%)

asan-test: asan
	@sh scripts/run-unit $(ASAN)
	@sh tests/e2e/run $(ASAN)/fairysolve

# make install into a scratch DESTDIR, the man page against --help, make uninstall
install-check: $(BUILD)/fairysolve
	@sh scripts/check-install

# The one-way layers of src/ and no circle of modules, then the sizes of its
# files and functions (docs/contributing.md); each check first shows on
# small trees with known faults that it finds them.
layers:
	@python3 scripts/check-layers --self-test
	@python3 scripts/check-layers

sizes:
	@python3 scripts/check-sizes --self-test
	@python3 scripts/check-sizes

# the manual against the program: every --help option, stipulation family,
# problem-language word and JSON field documented; every relative link in
# README.md and docs/ resolves; no tracked file dates a figure by a numbered period of work
docs-check: $(BUILD)/fairysolve
	@python3 scripts/check-docs; s=$$?; sh scripts/check-no-diary && exit $$s

# the recipes of scripts/cluster/ for real: Slurm daemons (as root) and an
# sshd of the checks' own on 127.0.0.1, started and stopped by each check;
# both run before either fails, so one run names every fault
cluster-check: $(BUILD)/fairysolve
	@s=0; bash scripts/check-slurm $(BUILD)/fairysolve || s=1; \
	  bash scripts/check-ssh-parallel $(BUILD)/fairysolve || s=1; exit $$s

test: deps
	@$(MAKE) --no-print-directory layers sizes unit e2e diagrams install-check docs-check cluster-check web-check asan-test tsan-if-supported fuzz-ci

install: $(BUILD)/fairysolve
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(DOCDIR)/problems $(DESTDIR)$(DOCDIR)/docs
	install -m 755 $(BUILD)/fairysolve $(DESTDIR)$(BINDIR)/fairysolve
	install -m 644 docs/fairysolve.1 $(DESTDIR)$(MAN1DIR)/fairysolve.1
	install -m 644 README.md $(DESTDIR)$(DOCDIR)/README.md
	install -m 644 $(MANUAL) $(DESTDIR)$(DOCDIR)/docs/
	install -m 644 $(EXAMPLES) $(DESTDIR)$(DOCDIR)/problems/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/fairysolve $(DESTDIR)$(MAN1DIR)/fairysolve.1 $(DESTDIR)$(DOCDIR)/README.md
	rm -f $(MANUAL:%=$(DESTDIR)$(DOCDIR)/%)
	rm -f $(EXAMPLES:problems/%=$(DESTDIR)$(DOCDIR)/problems/%)
	-rmdir $(DESTDIR)$(DOCDIR)/problems $(DESTDIR)$(DOCDIR)/docs $(DESTDIR)$(DOCDIR)

windows:
	@sh scripts/deps windows
	@$(MAKE) --no-print-directory $(WIN)/fairysolve.exe

$(WIN)/cjson/include/cjson/cJSON.h:
	@sh windows/fetch-cjson $(WIN)/cjson

$(WIN)/cjson/cJSON.o: $(WIN)/cjson/include/cjson/cJSON.h
	$(WINCC) -std=c89 -O2 -I$(WIN)/cjson/include/cjson -c $(WIN)/cjson/cJSON.c -o $@

$(WIN)/libyaml/include/yaml.h:
	@sh windows/fetch-libyaml $(WIN)/libyaml

$(WIN)/libyaml/%.o: $(WIN)/libyaml/include/yaml.h
	$(WINCC) -std=gnu99 -O2 -DHAVE_CONFIG_H -I$(WIN)/libyaml -I$(WIN)/libyaml/include -c $(WIN)/libyaml/$*.c -o $@

$(WIN)/%.o: %.c | $(WIN)/cjson/include/cjson/cJSON.h $(WIN)/libyaml/include/yaml.h
	@mkdir -p $(dir $@)
	$(WINCC) $(WARN) $(WINFLAGS) -MMD -MP -c $< -o $@

$(WIN)/fairysolve.exe: $(WIN_OBJ)
	$(WINCC) -static -pthread $^ -o $@ -lz -lm

# checks of the shim itself, run under wine by scripts/check-windows
$(WIN)/test_shim.exe: $(WIN)/windows/test_shim.o $(WIN)/windows/posix_shim.o
	$(WINCC) -static -pthread $^ -o $@

# make web: the solver as WebAssembly (Debian's emscripten) behind the page of
# web/, a static folder in build/web/ (docs/web.md); zlib, cJSON and libyaml
# compiled from Debian's source packages (web/fetch-sources).  No threads and
# no store in this build.  build/wasm/node/fairysolve runs the same objects
# under Node.js for the comparison with the native build.
WASM     := build/wasm
WEBOUT   := build/web
EMCC     := emcc
EMFLAGS  := -O3
WASM_LIB := $(WASM)/lib
ZLIB_WASM := adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback inffast inflate inftrees trees uncompr zutil
WASM_OBJ := $(LIB_SRC:%.c=$(WASM)/%.o) $(WASM)/src/main.o $(WASM_LIB)/cjson/cJSON.o \
            $(YAML_WIN:%=$(WASM_LIB)/libyaml/%.o) $(ZLIB_WASM:%=$(WASM_LIB)/zlib/%.o)
WASM_INC := -I$(WASM_LIB)/zlib -I$(WASM_LIB)/cjson/include -I$(WASM_LIB)/libyaml/include
# the search keeps a 16 MB stack on native threads (src/run/pool.c)
WASM_LINK := -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=32MB -sMAXIMUM_MEMORY=2GB -sTOTAL_STACK=16MB
WEB_PAGE := $(addprefix $(WEBOUT)/,index.html style.css app.js worker.js)
# Debian's emscripten runs its JavaScript tools with node, whose modules
# (acorn) are in /usr/share/nodejs: a node not from Debian looks there too
export NODE_PATH := $(if $(NODE_PATH),$(NODE_PATH):)/usr/share/nodejs

web:
	@sh scripts/deps web
	@$(MAKE) --no-print-directory $(WEBOUT)/fairysolve.js $(WASM)/node/fairysolve $(WEB_PAGE)

$(WASM_LIB)/zlib/zlib.h:
	@sh web/fetch-sources $(WASM_LIB)
$(WASM_LIB)/zlib/%.o: $(WASM_LIB)/zlib/zlib.h
	$(EMCC) -O2 -DHAVE_UNISTD_H -c $(WASM_LIB)/zlib/$*.c -o $@
$(WASM_LIB)/cjson/cJSON.o: $(WASM_LIB)/zlib/zlib.h
	$(EMCC) -std=c89 -O2 -I$(WASM_LIB)/cjson/include/cjson -c $(WASM_LIB)/cjson/cJSON.c -o $@
$(WASM_LIB)/libyaml/%.o: $(WASM_LIB)/zlib/zlib.h
	$(EMCC) -std=gnu99 -O2 -DHAVE_CONFIG_H -I$(WASM_LIB)/libyaml -I$(WASM_LIB)/libyaml/include -c $(WASM_LIB)/libyaml/$*.c -o $@

$(WASM)/%.o: %.c | $(WASM_LIB)/zlib/zlib.h
	@mkdir -p $(dir $@)
	$(EMCC) $(WARN) $(EMFLAGS) $(WASM_INC) -MMD -MP -c $< -o $@

# for the page's Web Worker: started by hand (callMain), files in memory
$(WEBOUT)/fairysolve.js: $(WASM_OBJ)
	@mkdir -p $(dir $@)
	$(EMCC) $(EMFLAGS) $(WASM_LINK) -sENVIRONMENT=worker -sINVOKE_RUN=0 -sFORCE_FILESYSTEM=1 \
	  -sEXPORTED_RUNTIME_METHODS=FS,callMain -sEXPORTED_FUNCTIONS=_main,_fflush $^ -o $@

# for Node.js: the host's files, run like the native program
$(WASM)/node/fairysolve.js: $(WASM_OBJ)
	@mkdir -p $(dir $@)
	$(EMCC) $(EMFLAGS) $(WASM_LINK) -sENVIRONMENT=node -sNODERAWFS=1 -sEXIT_RUNTIME=1 -sWASM_ASYNC_COMPILATION=0 \
	  $^ -o $@

$(WASM)/node/fairysolve: $(WASM)/node/fairysolve.js
	@printf '#!/bin/sh\nexec node "$$(dirname "$$0")/fairysolve.js" "$$@"\n' >$@
	@chmod +x $@

$(WEBOUT)/%: web/%
	@mkdir -p $(dir $@)
	cp $< $@

# the WebAssembly build under Node.js against the native one, and the page in
# headless Chromium (scripts/check-web; screenshots in build/web-shots/)
web-check:
	@bash scripts/check-web

bench: $(BUILD)/fairysolve
	@sh scripts/bench-perft

# libFuzzer targets (clang, ASan + UBSan): the reader, the store loader and
# --merge of parts (run from the top directory: its seeds name tests/fuzz/merge/).
# `make fuzz` runs each for FUZZ_SECONDS (default 60) and fails on any finding;
# `make test` replays tests/fuzz/regress and fuzzes each target briefly.
FUZZ         := build/fuzz
FUZZ_CC      := clang
FUZZ_SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_TARGETS := reader store merge
FUZZ_SECONDS ?= 60
FUZZ_CI_SECONDS ?= 20
FUZZ_OBJ     := $(LIB_SRC:%.c=$(FUZZ)/%.o)

$(FUZZ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN) -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(FUZZ)/libfairysolve.a: $(FUZZ_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(FUZZ)/fuzz_%: $(FUZZ)/tests/fuzz/fuzz_%.o $(FUZZ)/libfairysolve.a
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer $^ -o $@ $(LDLIBS)

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ)/fuzz_%)

fuzz: deps fuzz-build
	@sh scripts/fuzz $(FUZZ) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-ci: fuzz-build
	@FUZZ_FRESH=1 sh scripts/fuzz $(FUZZ) $(FUZZ_CI_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
