# jfmt - reformat JSON.  `make` builds ./jfmt; `make deps test` sets up a
# fresh Debian machine and runs the quick tests; `make check` runs them all.

PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
MANDIR    ?= $(PREFIX)/share/man/man1

CC        ?= cc
CFLAGS    ?= -O2
WARNINGS  := -Wall -Wextra
YAJL_CFLAGS := $(shell pkg-config --cflags yajl 2>/dev/null)
YAJL_LIBS   := $(shell pkg-config --libs yajl 2>/dev/null || echo -lyajl)
ALL_CFLAGS  = -std=c11 -D_GNU_SOURCE $(WARNINGS) $(CFLAGS) $(YAJL_CFLAGS)

SRCS := $(wildcard src/*.c)
OBJS := $(SRCS:src/%.c=build/%.o)
HDRS := $(wildcard src/*.h)

DEB_PACKAGES := build-essential pkg-config libyajl-dev yajl-tools bats \
	hyperfine jq gojq python3 mandoc gnuplot-nox time valgrind clang \
	libclang-rt-14-dev

.PHONY: all deps test check check-asan debug check-yajl install uninstall clean bench fuzz

all: jfmt

check-yajl:
	@printf '#include <yajl/yajl_parse.h>\n' | \
	  $(CC) $(YAJL_CFLAGS) -E -x c - >/dev/null 2>&1 || \
	  { echo "yajl headers not found: run 'make deps' (installs libyajl-dev)" >&2; exit 1; }

build/%.o: src/%.c $(HDRS) | check-yajl
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) -c $< -o $@

jfmt: $(OBJS)
	$(CC) $(LDFLAGS) $(OBJS) $(YAJL_LIBS) -o $@

deps:
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(DEB_PACKAGES)

# The quick tier: everything but the GiB-scale, million-deep and long
# random cases, which are tests/slow/ (tests/run says which is which).
test: jfmt
	@tests/run quick

# Every tier: the quick one, the slow one, and the quick one again against
# the sanitizer build; one closing "N passed, N failed" line.
check: jfmt build/asan/jfmt
	@tests/run quick slow asan

bench: jfmt
	@bench/run

# The quick tier again against a build with AddressSanitizer, UBSan and
# the debug assertions of src/fbuffer.h (JFMT_DEBUG).
ASAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=undefined -DJFMT_DEBUG
build/asan/jfmt: $(SRCS) $(HDRS) | check-yajl
	@mkdir -p build/asan
	$(CC) -std=c11 -D_GNU_SOURCE $(WARNINGS) $(ASAN_FLAGS) $(YAJL_CFLAGS) \
	  $(SRCS) $(YAJL_LIBS) -o $@

check-asan: build/asan/jfmt
	@tests/run asan

# build/debug/jfmt: the debug assertions, without a sanitizer.
debug: build/debug/jfmt
build/debug/jfmt: $(SRCS) $(HDRS) | check-yajl
	@mkdir -p build/debug
	$(CC) -std=c11 -D_GNU_SOURCE $(WARNINGS) -O1 -g -DJFMT_DEBUG $(YAJL_CFLAGS) \
	  $(SRCS) $(YAJL_LIBS) -o $@

# libFuzzer over every mode, with the debug assertions; crashes are saved
# in build/fuzz/.
FUZZ_SECONDS ?= 60
FUZZ_SRCS := $(filter-out src/main.c,$(SRCS)) tests/fuzz/fuzz_jfmt.c
build/fuzz/fuzz_jfmt: $(FUZZ_SRCS) $(HDRS) | check-yajl
	@mkdir -p build/fuzz
	clang -std=c11 -D_GNU_SOURCE $(WARNINGS) -O1 -g -DJFMT_DEBUG \
	  -fsanitize=fuzzer,address,undefined -Isrc $(YAJL_CFLAGS) \
	  $(FUZZ_SRCS) $(YAJL_LIBS) -o $@

fuzz: build/fuzz/fuzz_jfmt
	@tests/fuzz/run $(FUZZ_SECONDS)

install: jfmt
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)
	install -m 755 jfmt $(DESTDIR)$(BINDIR)/jfmt
	install -m 644 man/jfmt.1 $(DESTDIR)$(MANDIR)/jfmt.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/jfmt $(DESTDIR)$(MANDIR)/jfmt.1

clean:
	rm -rf build jfmt
