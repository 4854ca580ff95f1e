# jfmt - reformat JSON.  `make` builds ./jfmt; `make deps test` sets up a
# fresh Debian machine and runs the quick tests; `make check` runs them all.

PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
MANDIR    ?= $(PREFIX)/share/man/man1
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d

# The one place the version is written; --version, the tarball's name and
# (checked by tests/packaging.bats) the man page and CHANGELOG.md follow it.
VERSION   := $(shell cat VERSION)
VERSION_CFLAGS = -DJFMT_VERSION='"$(VERSION)"'

CC        ?= cc
CFLAGS    ?= -O2
WARNINGS  := -Wall -Wextra
YAJL_CFLAGS := $(shell pkg-config --cflags yajl 2>/dev/null)
YAJL_LIBS   := $(shell pkg-config --libs yajl 2>/dev/null || echo -lyajl)
# libeditorconfig: its header only; jfmt loads the library (dlopen) when a
# file has an .editorconfig above it, not at every start
# (src/cli/editorconfig.c).  dlopen is in glibc's libc since 2.34; before,
# in libdl (-ldl), which is asked for only where the C library lacks it.
EDITORCONFIG_CFLAGS := $(shell pkg-config --cflags editorconfig 2>/dev/null)
# libyaml: likewise its header only; loaded when a YAML configuration file
# (.prettierrc, .prettierrc.yaml) must be read (src/cli/yaml.c).
YAML_CFLAGS := $(shell pkg-config --cflags yaml-0.1 2>/dev/null)
DL_LIBS = $(shell echo 'char dlopen(void); int main(void) { return dlopen(); }' | \
	$(CC) -x c - -o /dev/null 2>/dev/null || echo -ldl)
# -pthread: -j's threads (src/jobs/)
JFMT_LIBS = $(YAJL_LIBS) $(DL_LIBS) -pthread
# CPPFLAGS, CFLAGS and LDFLAGS are the builder's (a packager's hardening
# flags among them); what jfmt itself needs comes on top.
JFMT_CPPFLAGS = -Isrc -D_GNU_SOURCE $(VERSION_CFLAGS) $(YAJL_CFLAGS) $(EDITORCONFIG_CFLAGS) \
	$(YAML_CFLAGS)
ALL_CFLAGS  = -std=c11 $(WARNINGS) $(JFMT_CPPFLAGS) $(CPPFLAGS) $(CFLAGS)

# src/ holds one folder per floor (src/README.md); each object's header
# dependencies come from the compiler (-MMD -MP).
SRCS := $(wildcard src/*/*.c)
OBJS := $(SRCS:src/%.c=build/obj/%.o)
HDRS := $(wildcard src/*/*.h)

# Debian packages.  DEPS: what building jfmt and the quick tier need, and
# nothing more (debian/control's Build-Depends and build-essential:
# tests/packaging.bats holds the two lists together); a quick test whose
# tool is not among them skips, naming the tool.  DEPS_ALL adds what the
# rest needs: the quick tier's optional tools, the slow tier, the
# sanitizers and the fuzzer, the bench, the completion, editor and
# pre-commit tests, and the package build.  `make deps` installs DEPS,
# `make deps-all` DEPS_ALL (and the node packages of the --width and
# --style=prettier oracles, and of the configuration files' tests).
DEPS := build-essential pkg-config libyajl-dev libeditorconfig-dev libyaml-dev bats \
	python3 mandoc
DEPS_ALL := $(DEPS) yajl-tools acl attr jq gojq time diffutils patch strace parallel \
	openssh-client openssh-server \
	python3-yaml git man-db \
	clang libclang-rt-14-dev valgrind \
	hyperfine gnuplot-nox \
	zsh fish vim-nox neovim emacs-nox pre-commit \
	debhelper dpkg-dev fakeroot lintian devscripts
APT_INSTALL := DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends

.PHONY: all deps deps-all test check check-asan check-tsan debug general check-yajl install uninstall clean bench \
	fuzz dist distcheck deb

all: jfmt

check-yajl:
	@printf '#include <yajl/yajl_parse.h>\n' | \
	  $(CC) $(YAJL_CFLAGS) -E -x c - >/dev/null 2>&1 || \
	  { echo "yajl headers not found: run 'make deps' (installs libyajl-dev)" >&2; exit 1; }
	@printf '#include <editorconfig/editorconfig.h>\n' | \
	  $(CC) $(EDITORCONFIG_CFLAGS) -E -x c - >/dev/null 2>&1 || \
	  { echo "editorconfig headers not found: run 'make deps' (installs libeditorconfig-dev)" >&2; exit 1; }
	@printf '#include <yaml.h>\n' | \
	  $(CC) $(YAML_CFLAGS) -E -x c - >/dev/null 2>&1 || \
	  { echo "libyaml headers not found: run 'make deps' (installs libyaml-dev)" >&2; exit 1; }

build/obj/%.o: src/%.c | check-yajl
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

-include $(OBJS:.o=.d)

# A new VERSION rebuilds what carries it.
$(OBJS): VERSION

jfmt: $(OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) $(OBJS) $(JFMT_LIBS) -o $@

deps:
	apt-get update
	$(APT_INSTALL) $(DEPS)

deps-all:
	apt-get update
	$(APT_INSTALL) $(DEPS_ALL)
	# node and npm for the --width and --style=prettier oracle tests and
	# the prettier bench, unless a Node.js that carries its own npm is
	# installed already (Debian's npm conflicts with such a nodejs package)
	command -v node >/dev/null 2>&1 || $(APT_INSTALL) nodejs
	command -v npm >/dev/null 2>&1 || $(APT_INSTALL) npm
	npm install --prefix build/npm json-stringify-pretty-compact@4 || \
	  echo "deps-all: the npm package was not installed; the --width oracle tests will skip" >&2
	npm install --prefix build/npm prettier@3 @biomejs/biome@2 || \
	  echo "deps-all: prettier and biome were not installed; the --style=prettier and configuration oracle tests will skip" >&2

# The quick tier: everything but the GiB-scale, million-deep and long
# random cases, which are tests/slow/ (tests/run says which is which).
test: jfmt build/general/jfmt
	@tests/run quick

# Every tier: the quick one, the slow one, and the quick one again against
# the sanitizer build; one closing "N passed, N failed" line.
check: jfmt build/general/jfmt build/asan/jfmt
	@tests/run quick slow asan

bench: jfmt
	@bench/run

# The quick tier again against a build with AddressSanitizer, UBSan and
# the debug assertions of src/base/fbuffer.h (JFMT_DEBUG).
ASAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=undefined -DJFMT_DEBUG
build/asan/jfmt: $(SRCS) $(HDRS) VERSION | check-yajl
	@mkdir -p build/asan
	$(CC) -std=c11 $(WARNINGS) $(JFMT_CPPFLAGS) $(ASAN_FLAGS) \
	  $(SRCS) $(JFMT_LIBS) -o $@

check-asan: build/asan/jfmt
	@tests/run asan

# -j's threads under ThreadSanitizer: build/tsan/jfmt runs the -j tests,
# one large input and several at once
# (a data race is reported on standard error, which the tests compare).
TSAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=thread
build/tsan/jfmt: $(SRCS) $(HDRS) VERSION | check-yajl
	@mkdir -p build/tsan
	$(CC) -std=c11 $(WARNINGS) $(JFMT_CPPFLAGS) $(TSAN_FLAGS) \
	  $(SRCS) $(JFMT_LIBS) -o $@

check-tsan: build/tsan/jfmt
	@JFMT=$(CURDIR)/build/tsan/jfmt TSAN_OPTIONS=halt_on_error=1 tests/run tests/jobs.bats \
	  tests/manyfiles.bats

# build/debug/jfmt: the debug assertions, without a sanitizer.
debug: build/debug/jfmt
build/debug/jfmt: $(SRCS) $(HDRS) | check-yajl
	@mkdir -p build/debug
	$(CC) -std=c11 $(WARNINGS) $(JFMT_CPPFLAGS) -O1 -g -DJFMT_DEBUG \
	  $(SRCS) $(JFMT_LIBS) -o $@

# build/general/jfmt: the referee of every layout fast path.  Its cli.c is
# compiled with JFMT_GENERAL_ONLY, which sets format_options.general_only:
# every document is laid out by the general callbacks alone (no plain or
# quick paths, no -S or --width fast paths, no deferred keys), and JSONC is
# passed a byte at a time (sink.no_shortcuts).
# tests/general.bats holds ./jfmt to it byte for byte.
general: build/general/jfmt
build/general/cli.o: src/cli/cli.c | check-yajl
	@mkdir -p build/general
	$(CC) $(ALL_CFLAGS) -DJFMT_GENERAL_ONLY -MMD -MP -c $< -o $@
-include build/general/cli.d
build/general/cli.o: VERSION
build/general/jfmt: $(filter-out build/obj/cli/cli.o,$(OBJS)) build/general/cli.o
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(JFMT_LIBS) -o $@

# libFuzzer over every mode, with the debug assertions; crashes are saved
# in build/fuzz/.
FUZZ_SECONDS ?= 60
FUZZ_SRCS := $(filter-out src/cli/main.c,$(SRCS)) tests/fuzz/fuzz_jfmt.c
build/fuzz/fuzz_jfmt: $(FUZZ_SRCS) $(HDRS) | check-yajl
	@mkdir -p build/fuzz
	clang -std=c11 $(WARNINGS) $(JFMT_CPPFLAGS) -O1 -g -DJFMT_DEBUG \
	  -fsanitize=fuzzer,address,undefined $(FUZZ_SRCS) $(JFMT_LIBS) -o $@

fuzz: build/fuzz/fuzz_jfmt
	@tests/fuzz/run $(FUZZ_SECONDS)

install: jfmt
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHCOMPDIR) \
	  $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 jfmt $(DESTDIR)$(BINDIR)/jfmt
	install -m 644 man/jfmt.1 $(DESTDIR)$(MANDIR)/jfmt.1
	install -m 644 completions/jfmt.bash $(DESTDIR)$(BASHCOMPDIR)/jfmt
	install -m 644 completions/_jfmt $(DESTDIR)$(ZSHCOMPDIR)/_jfmt
	install -m 644 completions/jfmt.fish $(DESTDIR)$(FISHCOMPDIR)/jfmt.fish

# Then each directory install made, and those above it up to PREFIX, is
# removed if it is empty: not one that holds other files, and none above
# PREFIX or outside it.  (Plain rmdir, one level at a time: rmdir -p would
# climb past PREFIX, and --ignore-fail-on-non-empty is GNU's alone.)
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/jfmt $(DESTDIR)$(MANDIR)/jfmt.1 \
	  $(DESTDIR)$(BASHCOMPDIR)/jfmt $(DESTDIR)$(ZSHCOMPDIR)/_jfmt \
	  $(DESTDIR)$(FISHCOMPDIR)/jfmt.fish
	@for d in $(BINDIR) $(MANDIR) $(BASHCOMPDIR) $(ZSHCOMPDIR) $(FISHCOMPDIR); do \
	  while case "$$d" in "$(PREFIX)" | "$(PREFIX)"/*) true ;; *) false ;; esac; do \
	    if [ -d "$(DESTDIR)$$d" ]; then \
	      rmdir "$(DESTDIR)$$d" 2>/dev/null || break; \
	      echo "rmdir $(DESTDIR)$$d"; \
	    fi; \
	    [ "$$d" != "$(PREFIX)" ] || break; \
	    d=$${d%/*}; \
	  done; \
	done

# The release tarball holds every file git tracks except those below, which
# building, testing and installing do not need: CI scripts and .gitignore
# files.  (The benchmark's summary and chart, which the README links to,
# are shipped.)  Taking git's list (and not a list of our
# own) means a new source or test file is shipped without a Makefile change;
# distcheck then proves that the tarball is enough.
DIST := jfmt-$(VERSION)
DIST_EXCLUDE := ^\.ci/ (^|/)\.gitignore$$

dist:
	@[ "$$(git rev-parse --is-inside-work-tree --show-prefix 2>/dev/null)" = true ] || \
	  { echo "make dist needs a git checkout (of jfmt, not one around it)" >&2; exit 2; }
	rm -rf build/dist $(DIST).tar.gz
	@mkdir -p build/dist/$(DIST)
	git ls-files -z | grep -zvE '$(subst $(eval) ,|,$(DIST_EXCLUDE))' | \
	  xargs -0 cp -P --parents -t build/dist/$(DIST)
	tar -C build/dist --sort=name --owner=0 --group=0 --numeric-owner \
	  --mtime=@$$(git log -1 --format=%ct) -cf - $(DIST) | gzip -9n >$(DIST).tar.gz
	rm -rf build/dist
	@echo "$(DIST).tar.gz"

# Unpack the tarball in a scratch directory; build, test, install into a
# DESTDIR and uninstall there; fail if a file, a link or a directory below
# PREFIX is left behind.
# Tests that need ../shared skip, since the tarball has none next to it.
distcheck: dist
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	tar -xzf $(DIST).tar.gz -C "$$tmp"; \
	cd "$$tmp/$(DIST)"; \
	$(MAKE) --no-print-directory; \
	$(MAKE) --no-print-directory test; \
	$(MAKE) --no-print-directory install DESTDIR="$$tmp/dest"; \
	$(MAKE) --no-print-directory uninstall DESTDIR="$$tmp/dest"; \
	left=$$(cd "$$tmp/dest" && find . ! -type d; \
	  if [ -e ".$(PREFIX)" ]; then echo ".$(PREFIX)/"; fi); \
	if [ -n "$$left" ]; then \
	  echo "distcheck: make uninstall left behind:" >&2; \
	  echo "$$left" >&2; exit 1; \
	fi; \
	echo "distcheck: $(DIST).tar.gz builds, tests, installs and uninstalls"

# The Debian package, built from the tarball unpacked in build/deb/ (as a
# packager would build it, and so that dpkg-buildpackage, which writes to
# the directory above the sources, writes to build/deb/): leaves
# build/deb/jfmt_$(VERSION)_ARCH.deb and its .changes there.  Needs
# debhelper and dpkg-dev (make deps-all); DEB_BUILD_OPTIONS=nocheck skips
# the quick tier the build runs.
deb: dist
	rm -rf build/deb
	@mkdir -p build/deb
	tar -xzf $(DIST).tar.gz -C build/deb
	cd build/deb/$(DIST) && dpkg-buildpackage -us -uc -b
	rm -rf build/deb/$(DIST)
	@ls build/deb/*.deb

clean:
	rm -rf build jfmt
