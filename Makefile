# tempest: one hand-written Makefile. `make` builds ./tempest, `make check` runs every test
# (unit tests under AddressSanitizer + UBSan), `make bench` prints measurements.

CC       ?= cc
PREFIX   ?= /usr/local
DESTDIR  ?=
BINDIR    = $(PREFIX)/bin
DATADIR   = $(PREFIX)/share/tempest
MANDIR    = $(PREFIX)/share/man
DOCDIR    = $(PREFIX)/share/doc/tempest
# The one place the version is written; `tempest --version` prints it.
VERSION  := $(shell cat VERSION)

# -Werror is on for the CI build (WERROR=1 there); warnings are errors anywhere you like.
WERROR   ?=
WARN      = -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wpointer-arith -Wformat=2 -Wno-format-nonliteral $(if $(WERROR),-Werror)
# snprintf into a bounded buffer truncates on purpose; gcc's guesses about it are noise.
WARN     += -Wno-format-truncation
CPPFLAGS += -D_GNU_SOURCE -Isrc \
            -DTEMPEST_DATADIR='"$(DATADIR)"'
OPT      ?= -O2 -g
# libetpan's pkg-config file adds a dpkg link spec; plain -letpan links the same library.
# -pthread: a batch's mails are read ahead on a second thread (src/pipeline/ahead.c).
LIBS      = $(shell pkg-config --libs jansson libcurl libcrypto 2>/dev/null) -letpan -lm -pthread
LIBCFLAGS = $(shell pkg-config --cflags jansson libcurl libcrypto 2>/dev/null)

BUILD     = build
ASAN      = $(BUILD)/asan
SANFLAGS  = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

MAIN_SRC  = src/cli/main.c
LIB_SRC   = $(filter-out $(MAIN_SRC),$(wildcard src/*/*.c src/kinds/*/*.c))
TEST_SRC  = $(wildcard tests/unit/test_*.c)
TEST_HELP = $(filter-out $(TEST_SRC),$(wildcard tests/unit/*.c))

LIB_OBJ      = $(LIB_SRC:%.c=$(BUILD)/opt/%.o)
MAIN_OBJ     = $(MAIN_SRC:%.c=$(BUILD)/opt/%.o)
ASAN_LIB_OBJ = $(LIB_SRC:%.c=$(ASAN)/%.o)
ASAN_HELP    = $(TEST_HELP:%.c=$(ASAN)/%.o)
TEST_BIN     = $(TEST_SRC:tests/unit/%.c=$(ASAN)/tests/%)
ASAN_TEMPEST = $(ASAN)/tempest
# named before the rules that list it among their prerequisites (expanded as they are read)
TSAN_AHEAD   = $(BUILD)/tsan/test_ahead
# libFuzzer targets (tests/fuzz/), built with clang over the same library
FUZZ      = $(BUILD)/fuzz
FUZZ_CC  ?= clang
FUZZ_SAN  = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
FUZZ_SRC  = $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN  = $(FUZZ_SRC:tests/fuzz/%.c=$(FUZZ)/%)
FUZZ_LIB_OBJ = $(LIB_SRC:%.c=$(FUZZ)/%.o)
FUZZ_SECS ?= 4

# Objects made on the way to a test or fuzz program are kept: without this make removes
# them after each run as intermediate files, and every `make check` compiled them again.
.SECONDARY:

.PHONY: all check check-build check-unit check-perft check-cli check-golden check-reading check-e2e check-long \
	check-layers check-fuzz fuzz update-golden bench demo clean install deps check-man po
all: tempest

tempest: $(LIB_OBJ) $(MAIN_OBJ)
	$(CC) $(OPT) -o $@ $^ $(LIBS)

# Only main.c says the version: it alone is rebuilt when VERSION changes.
$(BUILD)/opt/src/cli/main.o $(ASAN)/src/cli/main.o: VERSION
$(BUILD)/opt/src/cli/main.o $(ASAN)/src/cli/main.o: CPPFLAGS += -DTEMPEST_VERSION='"$(VERSION)"'

$(BUILD)/opt/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(LIBCFLAGS) $(WARN) $(OPT) -MMD -MP -c -o $@ $<

$(ASAN)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(LIBCFLAGS) -Itests/unit $(WARN) $(SANFLAGS) -MMD -MP -c -o $@ $<

$(ASAN)/tests/%: $(ASAN)/tests/unit/%.o $(ASAN_HELP) $(ASAN_LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -o $@ $^ $(LIBS)

# clang's own warnings, never -Werror: the gcc build is the one held warning-free
$(FUZZ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(LIBCFLAGS) -std=c11 -Wall -Wextra $(FUZZ_SAN) -fsanitize=fuzzer-no-link \
	  -MMD -MP -c -o $@ $<

$(FUZZ)/fuzz_%: $(FUZZ)/tests/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(LIBS)

$(ASAN_TEMPEST): $(ASAN_LIB_OBJ) $(MAIN_SRC:%.c=$(ASAN)/%.o)
	$(CC) $(SANFLAGS) -o $@ $^ $(LIBS)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# Every test: unit tests (sanitized), perft suites, the command-line tests. Missing Debian
# packages are installed first (as root), so this works on a fresh machine. tests/check.sh
# builds everything first (on every core unless -j says otherwise), runs each group in turn
# and ends with the wall and CPU time of each.
check: deps
	@MAKE='$(MAKE)' sh tests/check.sh layers unit perft cli golden reading fuzz e2e

# What the groups of `make check` run, built in one go (in parallel with -j).
check-build: tempest $(ASAN_TEMPEST) $(TEST_BIN) $(TSAN_AHEAD) $(FUZZ_BIN) $(BUILD)/killshim.so $(ASAN)/tests/e2e/imapcheck
	@:

# Which folder may include which (docs/design.md, "Layers"); the script's own tests first.
# Then every order word of the code's tables in its docs page and in the help, likewise;
# and no kind's name or variable in the shared templates; and the size budget (no file
# over 800 lines, no function over 80).
check-layers:
	@sh tests/layers/run.sh
	@sh tests/layers.sh
	@sh tests/orderwords/run.sh
	@sh tests/orderwords.sh
	@sh tests/kindtext/run.sh
	@sh tests/kindtext.sh
	@sh tests/sizes/run.sh
	@sh tests/sizes.sh

check-unit: $(TEST_BIN) $(TSAN_AHEAD)
	@sh tests/run-unit.sh $(TEST_BIN) $(TSAN_AHEAD)

# Every parser under libFuzzer for FUZZ_SECS seconds each (check-long: two minutes each).
fuzz: $(FUZZ_BIN)

check-fuzz: $(FUZZ_BIN)
	@sh tests/fuzz/run.sh $(FUZZ_SECS) $(FUZZ_BIN)

check-perft: tempest
	@sh tests/run-perft.sh ./tempest short
	@python3 tests/tigerchess/tigergen.py compare ./tempest 1 200 2
	@python3 tests/tigerchess/tigergen.py compare ./tempest 2 20 3

# The read-ahead's second thread under ThreadSanitizer: its unit test, with the reader's
# whole path (the message, its MIME body, its text), each thread parsing at once
# (TSAN_AHEAD is set above, beside ASAN_TEMPEST: make expands a prerequisite as it reads it).
TSAN_SRC   = tests/unit/test_ahead.c tests/unit/check.c src/pipeline/ahead.c src/mail/msg.c \
             src/mail/msg_mime.c src/mail/charset.c src/mail/html.c src/mail/msgtext.c \
             src/mail/msgtext_referee.c src/mail/msgtext_sig.c src/util/err.c src/util/buf.c \
             src/util/utf8.c src/util/phrase.c src/util/clock.c
$(TSAN_AHEAD): $(TSAN_SRC) $(wildcard src/*/*.h tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests/unit $(WARN) -O1 -g -fsanitize=thread -o $@ $(TSAN_SRC) -letpan -pthread

# The kill tests' LD_PRELOAD library (tests/kill/killshim.c)
$(BUILD)/killshim.so: tests/kill/killshim.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -Wall -Wextra -O1 -fPIC -shared -o $@ $< -ldl

check-cli: tempest $(ASAN_TEMPEST) $(BUILD)/killshim.so
	@sh tests/cli/run.sh ./tempest $(ASAN_TEMPEST)

# An mbox in, the exact mails out and the exact game files: see tests/golden/run.sh.
check-golden: tempest
	@sh tests/golden/run.sh ./tempest

# The reading corpus: real-looking mails, each with what it must do (tests/reading/run.sh).
check-reading: tempest
	@sh tests/reading/run.sh ./tempest

# After an intended change of output: rewrite the expected files, then review the diff.
update-golden: tempest
	@sh tests/golden/run.sh ./tempest update

# The phrases the referee makes, for the catalogues (templates/po/LL.po; docs/design.md
# "Languages"): the formats handed to the functions that make a phrase (util/phrase.h:
# phrase_printf and its kin, apply_error, apply_note, outcome_error, err_phrase, the
# card effects' refuse, pipeline_refuse), the constants marked N_(), NC_() (with a
# context) and F_(), and the words that come from data files (templates/po/data.pot,
# written by templates/po/data_pot.py from rules/*.json), and the order words of the
# order tables (templates/po/orders.pot, written by templates/po/orders_pot.py). Needs
# GNU gettext's xgettext and msgmerge (a maintainer's tool: the build and the tests read
# the PO files themselves). A new msgid comes in untranslated.
PO_SRC = $(wildcard src/game/*.c src/kinds/*/*.c src/engine/*.c src/pipeline/*.c src/render/*.c \
	  src/rules/*.c src/util/clock.c src/tournament/*.c)
PO_KEYS = --keyword= --keyword=apply_error:3 --keyword=outcome_error:4 --keyword=apply_note:2 \
	  --keyword=apply_note_to:3 --keyword=apply_note_seat:3 --keyword=refuse:3 --keyword=err_phrase:2 --keyword=N_ \
	  --keyword=NC_:1c,2 --keyword=F_ --keyword=phrase_printf:3 --keyword=phrase_pprintf:3c,4 \
	  --keyword=phrase_nprintf:4,5 --keyword=buf_phrase:2 --keyword=buf_nphrase:3,4 \
	  --keyword=tctx_phrase:3 --keyword=tctx_nphrase:4,5 --keyword=pipeline_refuse:4 \
	  --add-comments=TRANSLATORS:
po:
	python3 templates/po/data_pot.py rules > templates/po/data.pot
	xgettext --language=C --from-code=UTF-8 --no-wrap --sort-by-file --package-name=tempest \
	  $(PO_KEYS) -o templates/po/tempest.pot $(PO_SRC)
	python3 templates/po/orders_pot.py > templates/po/orders.pot
	msgcat --no-wrap --use-first -o templates/po/tempest.pot templates/po/tempest.pot \
	  templates/po/data.pot templates/po/orders.pot
	@for f in templates/po/*.po; do [ -f "$$f" ] || continue; \
	  msgmerge --quiet --update --backup=none --no-wrap "$$f" templates/po/tempest.pot || exit 1; \
	done

# Real Dovecot and Postfix on loopback, started and stopped by the tests (root). The
# transport test drives the sanitized binary and a sanitized IMAP checker.
$(ASAN)/tests/e2e/imapcheck: $(ASAN)/tests/e2e/imapcheck.o $(ASAN_LIB_OBJ)
	$(CC) $(SANFLAGS) -o $@ $^ $(LIBS)

check-e2e: tempest $(ASAN_TEMPEST) $(ASAN)/tests/e2e/imapcheck
	@TEMPEST=$(CURDIR)/$(ASAN_TEMPEST) IMAPCHECK=$(CURDIR)/$(ASAN)/tests/e2e/imapcheck \
	 TEMPEST_RULES_DIR=$(CURDIR)/rules TEMPEST_TEMPLATES_DIR=$(CURDIR)/templates \
	 sh tests/e2e/run.sh

# Plays the bundled example game in a scratch directory and prints the mails.
demo: deps tempest
	@sh examples/demo.sh

# The deep perft runs (depth 5-6): minutes, not part of `make check`.
check-long: tempest $(FUZZ_BIN) $(BUILD)/killshim.so
	@sh tests/run-perft.sh ./tempest long
	@python3 tests/tigerchess/tigergen.py compare ./tempest 3 500 3
	@T=$(CURDIR)/tempest KILL_SWEEP=full sh tests/cli/t_killall.sh
	@T=$(CURDIR)/tempest KILL_SWEEP=full sh tests/cli/t_tournament_kill.sh
	@sh tests/fuzz/run.sh 120 $(FUZZ_BIN)

# Engine speed next to fairy-stockfish, then the mail pipeline: `tempest process` on a
# generated mbox next to libetpan alone, and `tempest poll` next to mbsync (root: it
# starts the e2e mail stack). The helper programs link the project library.
BENCH_BIN = $(BUILD)/bench/genmail $(BUILD)/bench/etpanfloor

$(BUILD)/bench/%: $(BUILD)/opt/bench/%.o $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(OPT) -o $@ $^ $(LIBS)

# Every bench beside the previous release (bench/base), then the table of every figure
# with its bound (bench/run.sh).
bench: tempest $(BENCH_BIN)
	@sh bench/run.sh ./tempest $(BUILD)/bench

# Installs the Debian packages the build and the tests need (root, Debian 12).
deps:
	@sh .ci/deps.sh

# The installed binary finds its rules and templates in ../share/tempest/ from where it
# is (see fs_data_dir()), so PREFIX can change after the build; DESTDIR stages the tree.
# The templates go whole, with their folders (each kind's, templates/KIND/).
install: tempest
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/rules/cards $(DESTDIR)$(DATADIR)/templates \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man8 \
	    $(DESTDIR)$(DOCDIR)/systemd
	install -m 755 tempest $(DESTDIR)$(BINDIR)/tempest
	install -m 644 rules/*.json $(DESTDIR)$(DATADIR)/rules/
	install -m 644 rules/cards/*.json $(DESTDIR)$(DATADIR)/rules/cards/
	find templates -type f | LC_ALL=C sort | while read -r f; do \
	    install -D -m 644 "$$f" "$(DESTDIR)$(DATADIR)/$$f" || exit 1; done
	install -m 644 man/tempest.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 man/tempest.conf.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 man/tempest.8 $(DESTDIR)$(MANDIR)/man8/
	install -m 644 config/tempest.conf.example $(DESTDIR)$(DOCDIR)/
	install -m 644 config/*.service config/*.timer $(DESTDIR)$(DOCDIR)/systemd/

# The manual pages are mdoc; mandoc's linter must find nothing to say.
check-man:
	@mandoc -Tlint -W warning man/tempest.1 man/tempest.conf.5 man/tempest.8 && \
	    echo "man: mandoc -Tlint clean"

clean:
	rm -rf $(BUILD) tempest
