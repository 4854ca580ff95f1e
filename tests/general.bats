#!/usr/bin/env bats
# tests/general.bats - every layout fast path held to the referee:
# build/general/jfmt (`make general`) lays every document out with the
# general callbacks alone, and ./jfmt must write the same bytes to stdout
# and stderr, and exit with the same status, for every layout, every input
# and every way the input is read.
#
# The inputs come from tests/general_inputs.py (a fixed seed: the same
# files on every run; `python3 tests/general_inputs.py DIR` writes them
# again to look at one), not from ../shared.  Each layout is one test: all
# the inputs are given to one run of each program, as operands; on a
# difference each input is run on its own, and the ones that differ are
# named, with a diff of what each program wrote.  A few layouts also take
# each input on standard input, in pieces of a few bytes (one read(2)
# each), so that tokens, keys and escapes are cut everywhere.

load test_helper

GENERAL="$TESTS_DIR/../build/general/jfmt"

# Build the referee if it is missing or older than ./jfmt (`make test`
# does not build it), and write the inputs.  Without a compiler, or
# without python3, every test skips and says why.
setup_file() {
	local root="$TESTS_DIR/.."
	export GENERAL_SKIP="" INPUTS="$BATS_FILE_TMPDIR/in"
	if ! command -v python3 >/dev/null 2>&1; then
		GENERAL_SKIP="python3 is not installed (it writes the inputs)"
		return 0
	fi
	if [ ! -x "$GENERAL" ] || [ "$GENERAL" -ot "$root/jfmt" ]; then
		if ! command -v make >/dev/null 2>&1 || ! command -v cc >/dev/null 2>&1; then
			GENERAL_SKIP="build/general/jfmt is not built and there is no compiler to build it (make general)"
			return 0
		fi
		# (make's variables from a `make test` above would reach this make)
		env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s -C "$root" general \
			>"$BATS_FILE_TMPDIR/make.log" 2>&1 || {
			echo "make general failed:" >&2
			cat "$BATS_FILE_TMPDIR/make.log" >&2
			return 1
		}
	fi
	python3 "$TESTS_DIR/general_inputs.py" "$INPUTS"
}

# need_referee: skip, saying why, when setup_file could not get ready.
need_referee() {
	[ -z "$GENERAL_SKIP" ] || skip "$GENERAL_SKIP"
}

# show_difference NAME DESCRIPTION: say how the two runs of NAME (an input,
# or "all" for the run over every input) differ, in $T/fast and
# $T/general: exit status, then stderr and stdout (cat -A, so that escapes
# and white space show).
show_difference() {
	local name=$1 what
	echo "--- $2"
	if ! cmp -s "$T/fast/$name.rc" "$T/general/$name.rc"; then
		echo "exit status: jfmt $(cat "$T/fast/$name.rc"), referee $(cat "$T/general/$name.rc")"
	fi
	for what in err out; do
		cmp -s "$T/fast/$name.$what" "$T/general/$name.$what" && continue
		echo "std$what differs (< jfmt, > build/general/jfmt):"
		diff <(cat -A "$T/fast/$name.$what") <(cat -A "$T/general/$name.$what") | head -n 30
		cmp "$T/fast/$name.$what" "$T/general/$name.$what" || true
	done
}

# differing: the names of the inputs whose runs in $T/fast and $T/general
# differ, one a line.
differing() {
	diff -rq "$T/fast" "$T/general" |
		sed -nE -e 's|^Files .*/fast/(.*)\.[a-z]+ and .*|\1|p' \
			-e 's|^Only in [^:]*: (.*)\.[a-z]+$|\1|p' | sort -u
}

# run_all SIDE PROGRAM OPTION...: run PROGRAM OPTION... FILE... over every
# input at once (as operands, in $INPUTS); its stdout, stderr and exit
# status in $T/SIDE/all.{out,err,rc}.
run_all() {
	local side=$1 program=$2 rc=0
	shift 2
	mkdir -p "$T/$side"
	(cd "$INPUTS" && exec "$program" "$@" -- *) \
		>"$T/$side/all.out" 2>"$T/$side/all.err" || rc=$?
	echo "$rc" >"$T/$side/all.rc"
}

# run_each SIDE PROGRAM OPTION...: run PROGRAM OPTION... FILE for each
# input on its own; for input NAME, its stdout, stderr and exit status in
# $T/SIDE/NAME.{out,err,rc}.  (A bash of its own runs the loop, away from
# the bats's tracing, which would make it ten times slower.)
run_each() {
	mkdir -p "$T/$1"
	bash -c '
		out=$1 program=$2
		shift 2
		cd "$INPUTS" || exit 1
		for f in *; do
			rc=0
			"$program" "$@" -- "$f" >"$out/$f.out" 2>"$out/$f.err" || rc=$?
			echo "$rc" >"$out/$f.rc"
		done' run_each "$T/$1" "${@:2}"
}

# agree OPTION...: `jfmt OPTION... FILE...` and `build/general/jfmt
# OPTION... FILE...` over every input write the same stdout and stderr and
# exit alike; on a difference, each input is run on its own, and each one
# that differs is named and shown.
agree() {
	need_referee
	local f found=0
	# (the two at once)
	run_all fast "$JFMT" "$@" &
	run_all general "$GENERAL" "$@"
	wait
	diff -rq "$T/fast" "$T/general" >/dev/null && return 0
	echo "jfmt $* and build/general/jfmt $* differ over the inputs of tests/general_inputs.py"
	run_each fast "$JFMT" "$@" &
	run_each general "$GENERAL" "$@"
	wait
	for f in $(differing); do
		[ "$f" != all ] || continue
		found=1
		show_difference "$f" "input $f: jfmt $* $f"
	done
	[ "$found" -eq 1 ] ||
		show_difference all "no input differs alone; run over all of them: jfmt $* $(cd "$INPUTS" && echo *)"
	return 1
}

# agree_in_pieces SMALL OPTION...: for each input on its own, fed to
# standard input in pieces of the sizes SMALL (a comma separated list,
# used in turn), as pieces() does, one read(2) each, jfmt OPTION... and the
# referee write the same and exit alike.  Inputs over 4 KiB are cut into
# $MEDIUM, and over 32 KiB into $LARGE, to keep the test quick.  (One
# python3 runs them all: one per input would take seconds.)
agree_in_pieces() {
	need_referee
	local small=$1 f found=0
	shift
	mkdir -p "$T/fast" "$T/general"
	(cd "$INPUTS" && py '
import os, socket, subprocess, sys
small, medium, large, out, fast, general = sys.argv[1:7]
opts = sys.argv[7:]
for name in sorted(os.listdir(".")):
    with open(name, "rb") as f:
        data = f.read()
    sizes = small if len(data) <= 4096 else medium if len(data) <= 32768 else large
    sizes = [int(s) for s in sizes.split(",")]
    for side, program in ("fast", fast), ("general", general):
        path = os.path.join(out, side, name)
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        with open(path + ".out", "wb") as o, open(path + ".err", "wb") as e:
            p = subprocess.Popen([program] + opts, stdin=theirs, stdout=o, stderr=e,
                                 close_fds=False)   # (quicker: posix_spawn)
        theirs.close()
        i = k = 0
        try:    # it may stop reading (at an error, without -k)
            while i < len(data):
                n = sizes[k % len(sizes)]
                k += 1
                ours.send(data[i:i + n])
                i += n
            ours.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass
        rc = p.wait()
        ours.close()
        with open(path + ".rc", "w") as r:
            r.write("%d\n" % (128 - rc if rc < 0 else rc))
' "$small" "$MEDIUM" "$LARGE" "$T" "$JFMT" "$GENERAL" "$@") || return 1
	diff -rq "$T/fast" "$T/general" >/dev/null && return 0
	for f in $(differing); do
		show_difference "$f" "input $f on stdin in pieces of $small (over 4 KiB: $MEDIUM; over 32 KiB: $LARGE): jfmt $*"
	done
	return 1
}

@test "the referee is another program: build/general/jfmt is not ./jfmt" {
	need_referee
	[ -x "$GENERAL" ]
	run ! cmp -s "$JFMT" "$GENERAL"
}

@test "the inputs are what the comparisons need" {
	need_referee
	cd "$INPUTS"
	# valid ones and invalid ones, JSONC, text sequences; output past a
	# few 64 KiB blocks
	ls ./*.jsonc ./*.seq ./bad-*.json >/dev/null
	set -- *
	[ $# -ge 50 ]
	"$JFMT" mixed-*.json records.json keys.json strings.json numbers.json deep-*.json \
		big.json big-tokens.json widths.json >/dev/null
	[ "$("$JFMT" --indent=16 big.json | wc -c)" -gt $((4 * BLOCK)) ]
	# nesting past 1024 columns at --indent=16, and 140 deep
	[ "$("$JFMT" --indent=16 deep-75.json | awk '{ if (length > m) m = length } END { print m }')" -gt 1100 ]
	"$JFMT" -c deep-140.json | grep -q '^\[\[\[\[\[\[\[\[\[\[\[\[\[\[\['
	run -1 "$JFMT" bad-trailing-comma.json
}

# --- Each layout, every input given as a file ---

@test "general: default (pretty, 2 spaces)" { agree; }
@test "general: -c" { agree -c; }
@test "general: --tab" { agree --tab; }
@test "general: --indent=0" { agree --indent=0; }
@test "general: --indent=4" { agree --indent=4; }
@test "general: --indent=16" { agree --indent=16; }
@test "general: -S" { agree -S; }
@test "general: -S -c" { agree -S -c; }
@test "general: -a" { agree -a; }
@test "general: --color=always" { agree --color=always; }
@test "general: --width=40" { agree --width=40; }
@test "general: --width=80" { agree --width=80; }
@test "general: -S --width=40" { agree -S --width=40; }
@test "general: --seq" { agree --seq; }
@test "general: --escape-slash" { agree --escape-slash; }
@test "general: --comments" { agree --comments; }

# --- Combinations ---

@test "general: -S -a" { agree -S -a; }
@test "general: --comments -c" { agree --comments -c; }
@test "general: --comments -S" { agree --comments -S; }
@test "general: -k (broken NDJSON among the inputs)" { agree -k; }
@test "general: -k -c" { agree -k -c; }
@test "general: --strip-comments" { agree --strip-comments; }
@test "general: --strip-comments -c" { agree --strip-comments -c; }
# (what comes before an error is written out, not held back)
@test "general: --buffer-size=0" { agree --buffer-size=0; }
@test "general: --buffer-size=0 -c" { agree --buffer-size=0 -c; }
@test "general: --buffer-size=0 --width=80" { agree --buffer-size=0 --width=80; }
@test "general: --buffer-size=0 -S" { agree --buffer-size=0 -S; }
@test "general: --color=always with JFMT_COLORS, -S, --indent=16" {
	export JFMT_COLORS='1;31::4:0;35:33;44:7:32:'
	agree --color=always -S --indent=16
}
@test "general: --color=always -c --width=40" { agree --color=always -c --width=40; }
@test "general: -a --escape-slash --tab --seq" { agree -a --escape-slash --tab --seq; }
@test "general: --width=80 --tab -a" { agree --width=80 --tab -a; }
@test "general: --comments --escape-slash --indent=16" { agree --comments --escape-slash --indent=16; }
@test "general: --blank-lines=keep" { agree --blank-lines=keep; }
@test "general: --blank-lines=keep --color=always --indent=4 --eol=crlf" { agree --blank-lines=keep --color=always --indent=4 --eol=crlf; }
@test "general: --keep-escapes" { agree --keep-escapes; }
@test "general: --keep-escapes -c -a" { agree --keep-escapes -c -a; }
@test "general: --keep-escapes -S --escape-slash" { agree --keep-escapes -S --escape-slash; }
@test "general: --keep-escapes -S --width=40 -a" { agree --keep-escapes -S --width=40 -a; }
@test "general: --keep-escapes --width=80 --strip-comments -k" { agree --keep-escapes --width=80 --strip-comments -k; }
@test "general: --comments --width=40" { agree --comments --width=40; }
@test "general: --blank-lines=keep --width=20 --color=always -k" { agree --blank-lines=keep --width=20 --color=always -k; }

# --- Standard input in pieces ---

# The pieces of inputs over 4 KiB, and over 32 KiB: some small, some large.
MEDIUM=7,1,3,64,5,200
LARGE=7,1,3,4000,64,9000,5,3000

@test "general in pieces: default" { agree_in_pieces 7; }
@test "general in pieces: -c" { agree_in_pieces 1,7,3,64,5 -c; }
@test "general in pieces: --keep-escapes -c" { agree_in_pieces 1,7,3,64,5 --keep-escapes -c; }
@test "general in pieces: --keep-escapes -S" { agree_in_pieces 7 --keep-escapes -S; }

