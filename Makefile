# jfmt - reformat JSON.  `make` builds ./jfmt; `make deps test` sets up a
# fresh Debian machine and runs every test.

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

DEB_PACKAGES := build-essential pkg-config libyajl-dev yajl-tools bats acl attr \
	hyperfine jq gojq python3 mandoc gnuplot-nox time valgrind clang \
	libclang-rt-14-dev

.PHONY: all deps test check-yajl install uninstall clean bench check-asan fuzz

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

test: jfmt
	@tests/run

bench: jfmt
	@bench/run

# The whole suite again against a build with AddressSanitizer and UBSan.
ASAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=undefined
build/asan/jfmt: $(SRCS) $(HDRS) | check-yajl
	@mkdir -p build/asan
	$(CC) -std=c11 -D_GNU_SOURCE $(WARNINGS) $(ASAN_FLAGS) $(YAJL_CFLAGS) \
	  $(SRCS) $(YAJL_LIBS) -o $@

check-asan: build/asan/jfmt
	@JFMT=$(CURDIR)/build/asan/jfmt ASAN_OPTIONS=detect_leaks=1 tests/run

# libFuzzer over every mode; crashes are saved in build/fuzz/.
FUZZ_SECONDS ?= 60
FUZZ_SRCS := $(filter-out src/main.c,$(SRCS)) tests/fuzz/fuzz_jfmt.c
build/fuzz/fuzz_jfmt: $(FUZZ_SRCS) $(HDRS) | check-yajl
	@mkdir -p build/fuzz
	clang -std=c11 -D_GNU_SOURCE $(WARNINGS) -O1 -g \
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
