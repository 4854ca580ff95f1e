#!/usr/bin/env bats
# tests/files.bats - how -o and -i replace files when things go wrong or
# someone is hostile: symbolic links in sticky directories, temporary names,
# no /proc, write errors and signals, SIGKILL at the worst moment, inherited
# ignored signals, ACLs and extended attributes, groups, targets that are
# not regular files, names as long as the file system allows, and
# read-only files, which -i does not rewrite.  One test per rule; the
# faults come from an LD_PRELOAD shim built here.

load test_helper

# The shim, driven by environment variables:
#   SHIM_LOG=FILE         append "create|link|rename NAME" for every
#                         temporary name (one holding ".jfmt-") jfmt makes
#   SHIM_EXIST=N          the first N attempts at a temporary name fail
#                         with EEXIST, as if someone had made it first
#   SHIM_NOLINK=1         linkat() through AT_EMPTY_PATH or /proc fails,
#                         as on an old kernel without /proc
#   SHIM_NOTMPFILE=1      open(O_TMPFILE) fails, as on a file system
#                         without it: jfmt must use a named temporary file
#   SHIM_KILL_AFTER_LINK=1  SIGKILL right after a temporary name is linked
#   SHIM_XATTR_FAIL=1     fsetxattr() of a user.* attribute fails (EIO)
setup_file() {
	SHIM="$BATS_FILE_TMPDIR/shim.so"
	export SHIM
	command -v cc >/dev/null 2>&1 || return 0
	cat >"$BATS_FILE_TMPDIR/shim.c" <<'EOF'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

static int env(const char *name)
{
	const char *v = getenv(name);
	return v ? atoi(v) : 0;
}

static int is_temp(const char *name)
{
	return name && strstr(name, ".jfmt-") != NULL;
}

static void note(const char *op, const char *name)
{
	const char *log = getenv("SHIM_LOG");
	if (!log || !is_temp(name))
		return;
	const char *slash = strrchr(name, '/');
	FILE *f = fopen(log, "a");
	if (f) {
		fprintf(f, "%s %s\n", op, slash ? slash + 1 : name);
		fclose(f);
	}
}

static int fake_exist(const char *name)
{
	static int left = -1;
	if (left < 0)
		left = env("SHIM_EXIST");
	if (left > 0 && is_temp(name)) {
		left--;
		errno = EEXIST;
		return 1;
	}
	return 0;
}

/* What the open family does before the real call: -1 to fail. */
static int before_open(const char *path, int flags)
{
	if ((flags & O_TMPFILE) == O_TMPFILE && env("SHIM_NOTMPFILE")) {
		errno = EOPNOTSUPP;
		return -1;
	}
	if (flags & O_CREAT) {
		note("create", path);
		if (fake_exist(path))
			return -1;
	}
	return 0;
}

#define MODE_ARG(flags, mode)                                                 \
	if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) {          \
		va_list ap;                                                   \
		va_start(ap, flags);                                          \
		mode = va_arg(ap, mode_t);                                    \
		va_end(ap);                                                   \
	}

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	MODE_ARG(flags, mode)
	if (before_open(path, flags) < 0)
		return -1;
	int (*real)(const char *, int, ...) = dlsym(RTLD_NEXT, "open");
	return real(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	MODE_ARG(flags, mode)
	if (before_open(path, flags) < 0)
		return -1;
	int (*real)(const char *, int, ...) = dlsym(RTLD_NEXT, "open64");
	return real(path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	MODE_ARG(flags, mode)
	if (before_open(path, flags) < 0)
		return -1;
	int (*real)(int, const char *, int, ...) = dlsym(RTLD_NEXT, "openat");
	return real(dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	MODE_ARG(flags, mode)
	if (before_open(path, flags) < 0)
		return -1;
	int (*real)(int, const char *, int, ...) = dlsym(RTLD_NEXT, "openat64");
	return real(dirfd, path, flags, mode);
}

int linkat(int od, const char *old, int nd, const char *new, int flags)
{
	static int (*real)(int, const char *, int, const char *, int);
	if (env("SHIM_NOLINK") &&
	    ((flags & AT_EMPTY_PATH) || strncmp(old, "/proc/", 6) == 0)) {
		errno = ENOENT;
		return -1;
	}
	note("link", new);
	if (fake_exist(new))
		return -1;
	if (!real)
		real = dlsym(RTLD_NEXT, "linkat");
	int rc = real(od, old, nd, new, flags);
	if (rc == 0 && is_temp(new) && env("SHIM_KILL_AFTER_LINK"))
		raise(SIGKILL);
	return rc;
}

int rename(const char *old, const char *new)
{
	static int (*real)(const char *, const char *);
	note("rename", old);
	if (!real)
		real = dlsym(RTLD_NEXT, "rename");
	return real(old, new);
}

int renameat(int od, const char *old, int nd, const char *new)
{
	static int (*real)(int, const char *, int, const char *);
	note("rename", old);
	if (!real)
		real = dlsym(RTLD_NEXT, "renameat");
	return real(od, old, nd, new);
}

int fsetxattr(int fd, const char *name, const void *v, size_t n, int flags)
{
	static int (*real)(int, const char *, const void *, size_t, int);
	if (env("SHIM_XATTR_FAIL") && strncmp(name, "user.", 5) == 0) {
		errno = EIO;
		return -1;
	}
	if (!real)
		real = dlsym(RTLD_NEXT, "fsetxattr");
	return real(fd, name, v, n, flags);
}
EOF
	cc -shared -fPIC -Wall -o "$SHIM" "$BATS_FILE_TMPDIR/shim.c" -ldl
}

teardown() {
	[ -z "${SHARED_DIR:-}" ] || rm -rf "$SHARED_DIR"
}

need_shim() {
	[ -f "$SHIM" ] || skip "no C compiler to build the LD_PRELOAD shim"
}

need_root() {
	[ "$(id -u)" -eq 0 ] || skip "needs root (other users' files and links, mounts)"
}

# with_shim VAR=VALUE... -- ARG...: run jfmt ARG... with the shim loaded.
with_shim() {
	local vars=()
	while [ "$1" != -- ]; do vars+=("$1"); shift; done
	shift
	env LD_PRELOAD="$SHIM" "${vars[@]}" "$JFMT" "$@"
}

# no_temp [DIR]: DIR (default .) holds no jfmt temporary file.
no_temp() {
	if ls -A "${1:-.}" | grep -q '\.jfmt-'; then
		echo "temporary files left in ${1:-.}:"
		ls -A "${1:-.}"
		return 1
	fi
}

# test_user NAME: make sure user NAME exists (no home, no login).
test_user() {
	id -u "$1" >/dev/null 2>&1 ||
		useradd -M -N -s /usr/sbin/nologin "$1" >/dev/null 2>&1 ||
		skip "cannot create user $1"
}

# shared_dir: a directory every user can work in; removed after the test.
shared_dir() {
	SHARED_DIR=$(mktemp -d /tmp/jfmt-files.XXXXXX)
	chmod 755 "$SHARED_DIR"
}

# wait_for_temp DIR: until a temporary file appears in DIR (5 s at most).
wait_for_temp() {
	local i
	for i in $(seq 100); do
		ls -A "$1" | grep -q '\.jfmt-' && return 0
		sleep 0.05
	done
	echo "no temporary file appeared in $1"
	return 1
}

# --- 1. Symbolic links ---

@test "1. -o and -i do not follow another user's link in a sticky world-writable directory" {
	need_root
	printf 'secret\n' >secret.json
	chmod 600 secret.json
	printf '[1]' >in.json
	mkdir sticky
	chmod 1777 sticky
	ln -s ../secret.json sticky/report.json
	chown -h 4321:4321 sticky/report.json
	run -3 --separate-stderr "$JFMT" -o sticky/report.json in.json
	[ "$stderr" = "jfmt: sticky/report.json: not following a symbolic link of another user in a sticky world-writable directory: Permission denied" ]
	run -3 --separate-stderr "$JFMT" -i sticky/report.json
	[ "$stderr" = "jfmt: sticky/report.json: not following a symbolic link of another user in a sticky world-writable directory: Permission denied" ]
	[ "$(cat secret.json)" = secret ]
	[ "$(stat -c %a secret.json)" = 600 ]
	[ "$(readlink sticky/report.json)" = ../secret.json ]
	[ "$(ls -A sticky)" = report.json ]
	# jfmt's own links there are followed, and so are the directory owner's
	printf '{ "a" : 1 }' >mine.json
	ln -s ../mine.json sticky/own.json
	run -0 --separate-stderr "$JFMT" -c -i sticky/own.json
	[ "$(cat mine.json)" = '{"a":1}' ]
	[ -L sticky/own.json ]
	chown 4321 sticky
	run -0 --separate-stderr "$JFMT" -c -o sticky/report.json in.json
	[ "$(cat secret.json)" = "[1]" ]
	[ -L sticky/report.json ]
	no_temp sticky && no_temp
}

# --- 2. Temporary names ---

@test "2. temporary names are random, and a name taken costs only a retry" {
	! is_sanitizer_build || skip "a sanitizer's runtime cannot run under the test's fault shim or without /proc"
	need_shim
	printf '[1]' >in.json
	printf 'old' >out.json
	for i in 1 2 3; do
		with_shim SHIM_LOG="$T/log" -- -o out.json in.json
	done
	names=$(awk '$1 != "rename" { print $2 }' "$T/log")
	echo "$names"
	[ "$(echo "$names" | wc -l)" -eq 3 ]
	[ "$(echo "$names" | sort -u | wc -l)" -eq 3 ]
	echo "$names" | grep -Eqx '\.out\.json\.jfmt-[A-Za-z0-9_-]{8}'
	! echo "$names" | grep -Evx '\.out\.json\.jfmt-[A-Za-z0-9_-]{8}'
	# names already there, for both kinds of temporary file
	rm "$T/log"
	run -0 --separate-stderr with_shim SHIM_EXIST=5 SHIM_LOG="$T/log" -- -c -o out.json in.json
	[ "$(cat out.json)" = "[1]" ]
	[ "$(grep -c . "$T/log")" -ge 6 ]
	printf '[2]' >in.json
	run -0 --separate-stderr with_shim SHIM_EXIST=5 SHIM_NOTMPFILE=1 -- -c -o out.json in.json
	[ "$(cat out.json)" = "[2]" ]
	no_temp
}

# --- 3. Without /proc ---

@test "3. -i and -o work without /proc, by AT_EMPTY_PATH or a named temporary file" {
	! is_sanitizer_build || skip "a sanitizer's runtime cannot run under the test's fault shim or without /proc"
	need_root
	need_cmd unshare
	need_shim
	printf '{ "a" : [ 1 ] }' >a.json
	printf '[ 2 ]' >in.json
	printf 'old' >old.json
	unshare -m sh -c 'mount -t tmpfs none /proc &&
		"$JFMT" -c -i a.json && "$JFMT" -c -o old.json in.json &&
		"$JFMT" -c -o new.json in.json' 2>"$T/err" || { cat "$T/err"; false; }
	[ "$(cat a.json)" = '{"a":[1]}' ]
	[ "$(cat old.json)" = "[2]" ] && [ "$(cat new.json)" = "[2]" ]
	# No /proc and no AT_EMPTY_PATH either: a named temporary file.
	printf '[ 3 ]' >a.json
	printf '[ 4 ]' >in.json
	unshare -m sh -c 'mount -t tmpfs none /proc &&
		export LD_PRELOAD="$SHIM" SHIM_NOLINK=1 SHIM_LOG="$0" &&
		"$JFMT" -c -i a.json && "$JFMT" -c -o old.json in.json' "$T/log" \
		2>"$T/err" || { cat "$T/err"; false; }
	[ "$(cat a.json)" = "[3]" ] && [ "$(cat old.json)" = "[4]" ]
	grep -q '^create \.a\.json\.jfmt-' "$T/log"
	[ "$(stat -c %a old.json)" = 644 ]
	no_temp
}

# --- 4. Write errors and signals ---

@test "4. ENOSPC and EFBIG under -o remove the named temporary file, exit 3" {
	! is_sanitizer_build || skip "a sanitizer's runtime cannot run under the test's fault shim or without /proc"
	need_root
	need_cmd unshare python3
	need_shim
	python3 -c 'print("[" + ",".join(["\"%s\"" % ("x" * 100)] * 20000) + "]")' >big.json
	mkdir small
	printf 'old' >small/out.json
	run -3 --separate-stderr unshare -m sh -c 'mount -t tmpfs -o size=256k none small &&
		printf old >small/out.json &&
		LD_PRELOAD="$SHIM" SHIM_NOTMPFILE=1 "$JFMT" -o small/out.json big.json;
		st=$?; ls -A small >&2; cat small/out.json >&2; exit $st'
	[ "${stderr_lines[0]}" = "jfmt: write error: small/out.json: No space left on device" ]
	[ "${stderr_lines[1]}" = "out.json" ]
	[ "${stderr_lines[2]}" = "old" ]
	# a file size limit: EFBIG, not death by SIGXFSZ
	printf 'old' >out.json
	run -3 --separate-stderr bash -c 'ulimit -f 64 && exec env LD_PRELOAD="$SHIM" SHIM_NOTMPFILE=1 "$JFMT" -o out.json big.json'
	[ "$stderr" = "jfmt: write error: out.json: File too large" ]
	[ "$(cat out.json)" = old ]
	run -3 --separate-stderr bash -c 'ulimit -f 64 && exec "$JFMT" -o out.json big.json'
	[ "$stderr" = "jfmt: write error: out.json: File too large" ]
	[ "$(cat out.json)" = old ]
	no_temp
}

@test "4. fatal signals remove the named temporary file" {
	! is_sanitizer_build || skip "a sanitizer's runtime cannot run under the test's fault shim or without /proc"
	need_shim
	printf 'old' >out.json
	mkfifo in.fifo
	# (BUS too: -j raises it when an input it maps is truncated meanwhile)
	for sig in ALRM USR1 USR2 TERM HUP PROF XCPU VTALRM BUS; do
		# jfmt makes its temporary file, then waits to open the FIFO
		# (every signal at its default: a run under nohup ignores HUP,
		# and jfmt leaves ignored signals ignored)
		env --default-signal LD_PRELOAD="$SHIM" SHIM_NOTMPFILE=1 "$JFMT" -o out.json in.fifo &
		pid=$!
		wait_for_temp .
		kill -"$sig" "$pid"
		st=0
		wait "$pid" || st=$?
		[ "$st" -eq $((128 + $(kill -l "$sig"))) ] || { echo "SIG$sig: exit $st"; false; }
		no_temp || { echo "after SIG$sig"; false; }
		[ "$(cat out.json)" = old ]
	done
}

# --- 5. SIGKILL between naming and renaming ---

@test "5. SIGKILL between link and rename: the target is intact and the next run cleans up" {
	! is_sanitizer_build || skip "a sanitizer's runtime cannot run under the test's fault shim or without /proc"
	need_shim
	printf '{ "a" : 1 }' >a.json
	cp a.json keep.json
	st=0
	with_shim SHIM_KILL_AFTER_LINK=1 -- -c -i a.json || st=$?
	[ "$st" -eq 137 ]
	cmp keep.json a.json
	# the next run removes what the killed one left
	run -0 --separate-stderr "$JFMT" -c -i a.json
	[ "$(cat a.json)" = '{"a":1}' ]
	[ "$(ls -A)" = "$(printf 'a.json\nkeep.json')" ]
	# a new target is linked straight to its name: nothing to leave
	printf '[1]' >in.json
	run -0 --separate-stderr with_shim SHIM_KILL_AFTER_LINK=1 -- -c -o new.json in.json
	[ "$(cat new.json)" = "[1]" ]
	no_temp
	# the named temporary file of a killed jfmt goes at the next run too
	mkfifo in.fifo
	env LD_PRELOAD="$SHIM" SHIM_NOTMPFILE=1 "$JFMT" -o new.json in.fifo &
	pid=$!
	wait_for_temp .
	kill -KILL "$pid"
	wait "$pid" || true
	ls -A | grep -q '^\.new\.json\.jfmt-'
	# ...but not another user's file, nor a name that only looks alike
	touch .new.json.jfmt-AAAAAAAA .new.json.jfmt-AAAAAAA .new.json.jfmtx-AAAAAAAA
	chown 4321 .new.json.jfmt-AAAAAAAA 2>/dev/null || rm .new.json.jfmt-AAAAAAAA
	run -0 --separate-stderr "$JFMT" -c -o new.json in.json
	[ "$(ls -A | grep -c '^\.new\.json\.jfmt-[A-Za-z0-9_-]\{8\}$')" -eq \
		"$(ls -A | grep -c '^\.new\.json\.jfmt-AAAAAAAA$')" ]
	[ -e .new.json.jfmt-AAAAAAA ] && [ -e .new.json.jfmtx-AAAAAAAA ]
}

# --- 6. Ignored signals ---

@test "6. a signal ignored at start (nohup) stays ignored" {
	printf 'old' >out.json
	mkfifo in.fifo
	(trap '' HUP TERM && exec "$JFMT" -c -o out.json in.fifo) &
	pid=$!
	sleep 0.3
	kill -HUP "$pid"
	kill -TERM "$pid"
	sleep 0.2
	kill -0 "$pid"
	printf '[1]' >in.fifo
	wait "$pid"
	[ "$(cat out.json)" = "[1]" ]
	no_temp
}

# --- 7. ACLs and extended attributes ---

@test "7. -i keeps ACLs and extended attributes, or keeps the file" {
	! is_sanitizer_build || skip "a sanitizer's runtime cannot run under the test's fault shim or without /proc"
	need_cmd setfacl getfacl setfattr getfattr
	printf '{ "a" : 1 }' >a.json
	chmod 640 a.json
	setfacl -m u:4321:rw,g:4321:r a.json ||
		skip "the file system here has no ACLs"
	setfattr -n user.origin -v "from the test" a.json ||
		skip "the file system here has no user extended attributes"
	getfacl -cp a.json >acl.want
	run -0 --separate-stderr "$JFMT" -c -i a.json
	[ "$(cat a.json)" = '{"a":1}' ]
	getfacl -cp a.json >acl.got
	same_bytes acl.want acl.got
	[ "$(stat -c %a a.json)" = 660 ]
	[ "$(getfattr --only-values -n user.origin a.json)" = "from the test" ]
	# a copy that fails keeps the original
	need_shim
	printf '[ 2 ]' >b.json
	setfattr -n user.origin -v x b.json
	cp -p b.json keep.json
	run -3 --separate-stderr with_shim SHIM_XATTR_FAIL=1 -- -i b.json
	[ "$stderr" = "jfmt: b.json: copying extended attribute 'user.origin': Input/output error; left as it was" ]
	cmp keep.json b.json
	[ "$(getfattr --only-values -n user.origin b.json)" = x ]
	no_temp
}

# --- 8. Group ---

@test "8. -i by a member of the file's group keeps the group; a non-member's gets no more access" {
	need_root
	need_cmd setpriv
	test_user jfmt-files-user
	getent group jfmt-files-grp >/dev/null || groupadd jfmt-files-grp
	getent group jfmt-files-other >/dev/null || groupadd jfmt-files-other
	usermod -a -G jfmt-files-grp jfmt-files-user
	shared_dir
	d=$SHARED_DIR
	printf '{ "a" : 1 }' >"$d/a.json"
	chown jfmt-files-user:jfmt-files-grp "$d/a.json" "$d"
	chmod 640 "$d/a.json"
	ln "$d/a.json" "$d/hard.json"
	run -0 --separate-stderr setpriv --reuid=jfmt-files-user --regid=nogroup \
		--init-groups "$JFMT" -c -i "$d/a.json"
	[ "$(cat "$d/a.json")" = '{"a":1}' ]
	[ "$(stat -c '%U %G %a' "$d/a.json")" = "jfmt-files-user jfmt-files-grp 640" ]
	# a new inode: another hard link keeps the old text
	[ "$(cat "$d/hard.json")" = '{ "a" : 1 }' ]
	# not a member: the group becomes the user's, with the others' bits
	printf '[ 1 ]' >"$d/b.json"
	chown jfmt-files-user:jfmt-files-other "$d/b.json"
	chmod 664 "$d/b.json"
	run -0 --separate-stderr setpriv --reuid=jfmt-files-user --regid=nogroup \
		--init-groups "$JFMT" -c -i "$d/b.json"
	[ "$(stat -c '%U %G %a' "$d/b.json")" = "jfmt-files-user nogroup 644" ]
	no_temp "$d"
}

# --- 9. Targets that are not regular files ---

@test "9. -o /dev/stdout appends to a log opened with >>" {
	printf '[1]' >in.json
	printf 'first line\n' >log
	"$JFMT" -c -o /dev/stdout in.json >>log
	"$JFMT" -c -o /dev/fd/1 in.json >>log
	[ "$(cat log)" = $'first line\n[1]\n[1]' ]
	[ -f log ] && [ ! -L log ]
	no_temp
}

@test "9. -o on a FIFO or a device is written directly, and the message says so" {
	printf '[1]' >good.json
	printf '[2,' >bad.json
	mkfifo out.fifo
	cat out.fifo >got &
	run -1 --separate-stderr "$JFMT" -c -o out.fifo good.json bad.json
	wait
	# what standard output would have had: up to the error
	"$JFMT" -c good.json bad.json >want 2>/dev/null || true
	same_bytes want got
	[ "$(head -1 got)" = "[1]" ]
	[ "${stderr_lines[${#stderr_lines[@]}-1]}" = "jfmt: out.fifo: not a regular file: written as far as the input was valid" ]
	[ -p out.fifo ]
	# an invalid value is held back, as on standard output: nothing of it
	run -1 --separate-stderr "$JFMT" -c -o /dev/null bad.json
	[ "${stderr_lines[${#stderr_lines[@]}-1]}" = "jfmt: /dev/null: not written" ]
	run -1 --separate-stderr "$JFMT" -c --buffer-size=0 -o /dev/null bad.json
	[ "${stderr_lines[${#stderr_lines[@]}-1]}" = "jfmt: /dev/null: not a regular file: written as far as the input was valid" ]
	printf ']' >worse.json
	run -1 --separate-stderr "$JFMT" -c -o /dev/null worse.json
	[ "${stderr_lines[${#stderr_lines[@]}-1]}" = "jfmt: /dev/null: not written" ]
	run -0 --separate-stderr "$JFMT" -o /dev/null good.json
	[ -c /dev/null ]
	no_temp
}

# --- 10. Long names ---

@test "10. names of 243 to 255 bytes work; a longer one is refused before reading" {
	printf '{ "a" : 1 }' >in.json
	for n in 243 250 254 255; do
		name=$(printf 'n%.0s' $(seq "$n"))
		run -0 --separate-stderr "$JFMT" -c -o "$name" in.json
		[ "$(cat "$name")" = '{"a":1}' ]
		printf '[ %d ]' "$n" >"$name"
		run -0 --separate-stderr "$JFMT" -c -o "$name" in.json
		[ "$(cat "$name")" = '{"a":1}' ]
		printf '[ %d ]' "$n" >"$name"
		run -0 --separate-stderr "$JFMT" -c -i "$name"
		[ "$(cat "$name")" = "[$n]" ]
		rm "$name"
	done
	# cut on a character boundary: 127 two-byte characters
	name=$(printf '\xc3\xa9%.0s' $(seq 127))
	printf '[ 1 ]' >"$name"
	run -0 --separate-stderr "$JFMT" -c -i "$name"
	[ "$(cat "$name")" = "[1]" ]
	rm "$name"
	no_temp
	name=$(printf 'n%.0s' $(seq 256))
	printf '[1,' >bad.json
	run -3 --separate-stderr "$JFMT" -o "$name" bad.json
	[ "$stderr" = "jfmt: $name: File name too long" ]
	run -3 --separate-stderr "$JFMT" -i "$name"
	[ "$stderr" = "jfmt: $name: File name too long" ]
}

# --- 11. Read-only files ---

@test "11. -i does not rewrite a read-only file, even as root; the others are rewritten" {
	printf '[ 1 ]' >ro.json
	printf '[ 2 ]' >rw.json
	printf '[\n  3\n]\n' >ro-formatted.json
	chmod 444 ro.json ro-formatted.json
	before=$(stat -c '%i %Y %a' ro.json)
	run -3 --separate-stderr "$JFMT" -i ro.json rw.json ro-formatted.json
	[ "$stderr" = "jfmt: ro.json: the file is read-only; left as it was" ]
	[ "$(cat ro.json)" = '[ 1 ]' ]
	[ "$(stat -c '%i %Y %a' ro.json)" = "$before" ]
	[ "$(cat rw.json)" = $'[\n  2\n]' ]
	# a read-only file that needs no change is no error
	run -0 --separate-stderr "$JFMT" -i ro-formatted.json
	[ -z "$stderr" ]
	# with -l, only what was rewritten is listed
	printf '[ 2 ]' >rw.json
	run -3 --separate-stderr "$JFMT" -l -i ro.json rw.json
	[ "$output" = rw.json ]
	[ "$stderr" = "jfmt: ro.json: the file is read-only; left as it was" ]
	# the owner's write bit decides, whoever else may write
	chmod 466 ro.json
	run -3 --separate-stderr "$JFMT" -i ro.json
	[ "$(cat ro.json)" = '[ 1 ]' ]
	no_temp
}

@test "11. -i does not rewrite another user's file that jfmt's user may not write" {
	need_root
	need_cmd setpriv
	test_user jfmt-files-user
	shared_dir
	d=$SHARED_DIR
	chmod 777 "$d"         # the user could replace the file, not write it
	printf '[ 1 ]' >"$d/theirs.json"
	chmod 644 "$d/theirs.json"
	printf '[ 2 ]' >"$d/shared.json"
	chmod 666 "$d/shared.json"
	run -3 --separate-stderr setpriv --reuid=jfmt-files-user --regid=nogroup \
		--clear-groups "$JFMT" -i "$d/theirs.json" "$d/shared.json"
	[ "$stderr" = "jfmt: $d/theirs.json: the file is read-only; left as it was" ]
	[ "$(cat "$d/theirs.json")" = '[ 1 ]' ]
	[ "$(stat -c %U "$d/theirs.json")" = root ]
	[ "$(cat "$d/shared.json")" = $'[\n  2\n]' ]
	no_temp "$d"
}
