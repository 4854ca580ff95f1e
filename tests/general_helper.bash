# tests/general_helper.bash - the referee of general.bats and
# slow/general.bats: build/general/jfmt, which lays every document out
# with the general callbacks alone, the inputs of tests/general_inputs.py,
# and the comparisons of ./jfmt with it, over every input given as
# operands (agree) or each on standard input in pieces (agree_in_pieces).
# Load it after test_helper.

GENERAL="$TESTS_DIR/../build/general/jfmt"

# general_setup_file: the setup_file of both files.  Build the referee if
# it is missing or older than ./jfmt (`make test` does not build it), and
# write the inputs.  Without a compiler, or without python3, every test
# skips and says why.
general_setup_file() {
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
	(cd "$INPUTS" && PIECES_PY=$TESTS_DIR py '
import os, sys
sys.path.insert(0, os.environ["PIECES_PY"])
from pieces import feed
small, medium, large, out, fast, general = sys.argv[1:7]
opts = sys.argv[7:]
for name in sorted(os.listdir(".")):
    with open(name, "rb") as f:
        data = f.read()
    sizes = small if len(data) <= 4096 else medium if len(data) <= 32768 else large
    sizes = [int(s) for s in sizes.split(",")]
    for side, program in ("fast", fast), ("general", general):
        path = os.path.join(out, side, name)
        with open(path + ".out", "wb") as o, open(path + ".err", "wb") as e:
            rc = feed([program] + opts, data, sizes, stdout=o, stderr=e,
                      close_fds=False)[2]      # (quicker: posix_spawn)
        with open(path + ".rc", "w") as r:
            r.write("%d\n" % rc)
' "$small" "$MEDIUM" "$LARGE" "$T" "$JFMT" "$GENERAL" "$@") || return 1
	diff -rq "$T/fast" "$T/general" >/dev/null && return 0
	for f in $(differing); do
		show_difference "$f" "input $f on stdin in pieces of $small (over 4 KiB: $MEDIUM; over 32 KiB: $LARGE): jfmt $*"
	done
	return 1
}

# The pieces of inputs over 4 KiB, and over 32 KiB: some small, some large.
MEDIUM=7,1,3,64,5,200
LARGE=7,1,3,4000,64,9000,5,3000
