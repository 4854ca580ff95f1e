# tests/test_helper.bash - common set-up for the bats files: where jfmt and
# the shared corpus are, a scratch directory per test, and small functions that
# compare output byte for byte, feed jfmt in pieces, build the C programs of
# tests/unit/ and look for a sanitizer's report; and what keeps the tests
# cheap to run: bats's run and loops (untraced) out of bats's debug trap,
# python3 without its site module.  Load it with `load test_helper` (from
# tests/slow: `load ../test_helper`).

# `run -N` and `run --separate-stderr` need bats 1.5.
bats_require_minimum_version 1.5.0

# run: bats's own run, called with function tracing (set -T) off.  bats
# runs its debug trap, which records where a failure happens, before each
# command of a test and of every function the test calls: run's forty-odd
# commands cost more that way than most programs the tests run with it
# (5 ms a call, a thousand calls in the quick tier).  The trap still runs
# at the test's own line, which is where a failure is reported.
# (The copy goes through a file: a command substitution would start a
# process in every test, as this file is read by each.)
declare -f run >"$BATS_FILE_TMPDIR/bats-run.$$"
IFS= read -r -d '' bats_run_def <"$BATS_FILE_TMPDIR/bats-run.$$" || true
[[ $bats_run_def == "run ()"* ]] || {
	echo "test_helper.bash: bats's run is not a function here" >&2
	return 1
}
eval "bats_run_itself${bats_run_def#run}"
unset bats_run_def
# (Four commands of its own, each under the trap: bats runs with -T.)
run() {
	set +T
	bats_run_itself "$@"
	set -T -- "$?"
	return "$1"
}

# python3: the tests' Python uses the standard library alone, and runs
# with -S: without the site module, which runs the .pth files of the
# installation's site-packages at every start (45 ms where these tests
# were timed, more than most of the programs take).  A test that needs an
# installed package (a YAML parser) says `command python3`.  Without
# python3, need_cmd python3 still skips.
if type -P python3 >/dev/null; then
	python3() { command python3 -S "$@"; }
	export -f python3
fi

# The tests directory, wherever the .bats file that loads this one is
# (without a process: every test reads this file).
case ${BASH_SOURCE[0]} in
*/*) TESTS_DIR=${BASH_SOURCE[0]%/*} ;;
*) TESTS_DIR=. ;;
esac
[[ $TESTS_DIR == /* ]] || TESTS_DIR=$PWD/$TESTS_DIR
# (exported: pieces() finds tests/pieces.py by it, in the shells that some
# tests start with its definition)
export TESTS_DIR

# `tests/run asan` points JFMT at the sanitizer build.
JFMT="${JFMT:-$TESTS_DIR/../jfmt}"
SHARED="$TESTS_DIR/../../shared"
CORPUS="$SHARED/corpus"
export JFMT

BLOCK=65536     # jfmt reads this much at a time (READ_BLOCK in src/read/blocks.h)

# Every test starts in its own empty scratch directory, which bats removes.
# It is a subdirectory of $BATS_TEST_TMPDIR, where bats keeps files of its
# own (and the functions below theirs), so that `ls -A` shows only what the
# test and jfmt made.
setup() {
	setup_work
}

# setup_work: what setup does; a file with a setup of its own calls it
# first.
setup_work() {
	WORK="$BATS_TEST_TMPDIR/work"
	mkdir -p "$WORK" && cd "$WORK" || return 1
	T="$BATS_TEST_TMPDIR"
	[ -x "$JFMT" ] || {
		echo "jfmt is not built: run make" >&2
		return 1
	}
}

# need_shared [PATH...]: skip unless ../shared (and each PATH inside it) exists.
need_shared() {
	local p
	[ -d "$SHARED" ] ||
		skip "../shared not present (corpus and JSONTestSuite live next to the repository)"
	for p in "$@"; do
		[ -e "$SHARED/$p" ] ||
			skip "../shared not present (corpus and JSONTestSuite live next to the repository)"
	done
}

# jfmt_on_path: the jfmt under test, first on PATH as `jfmt`, for the
# programs that run it by name (editors, pre-commit).
jfmt_on_path() {
	mkdir -p "$T/bin" && ln -sf "$JFMT" "$T/bin/jfmt" && PATH="$T/bin:$PATH"
}

# readme_block AFTER [README]: the first fenced code block after the line
# that starts with AFTER in README (default: this checkout's README.md),
# without its fences.
readme_block() {
	awk -v after="$1" '
		index($0, after) == 1 { seen = 1; next }
		seen && /^```/ { if (inside) exit; inside = 1; next }
		inside { print }
	' "${2:-$TESTS_DIR/../README.md}"
}

# need_cmd NAME...: skip unless every command is installed.
need_cmd() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 || skip "$c is not installed"
	done
}

# skip_if_root: permission checks do not apply to root.
skip_if_root() {
	[ "$(id -u)" -ne 0 ] || skip "running as root: file permissions are not enforced"
}

# put FILE TEXT: write TEXT to FILE exactly (printf %s, no newline added).
put() {
	printf '%s' "$2" >"$1"
}

# jfmt_in TEXT [OPTION...]: run jfmt with TEXT on standard input.
jfmt_in() {
	local text=$1
	shift
	printf '%s' "$text" | "$JFMT" "$@"
}

# same_bytes EXPECTED ACTUAL: the two files are identical; on a difference,
# show both (escaped) and the first lines that differ.
same_bytes() {
	cmp -s "$1" "$2" && return 0
	echo "files differ: $1 $2"
	cmp "$1" "$2" || true
	echo "--- expected (od -c, head)"
	od -c "$1" | head -20
	echo "--- got (od -c, head)"
	od -c "$2" | head -20
	diff <(cat -A "$1") <(cat -A "$2") | head -40
	return 1
}

# fmt_is INPUT EXPECTED [OPTION...]: `jfmt OPTION...` with INPUT on standard
# input exits 0, says nothing on standard error and writes exactly EXPECTED.
# (Untraced: the tests call it some three hundred times, and its dozen
# commands under bats's trap cost more than jfmt.)
fmt_is() {
	untraced fmt_is_here "$@"
}

fmt_is_here() {
	local input=$1 expected=$2
	shift 2
	put "$T/fmt_in" "$input"
	put "$T/fmt_want" "$expected"
	jfmt_ok "$T/fmt_got" "$@" <"$T/fmt_in" || return 1
	same_bytes "$T/fmt_want" "$T/fmt_got"
}

# jfmt_ok OUT ARG...: run jfmt ARG... with its output to OUT; fail, showing
# why, unless it exits 0 and writes nothing to stderr.
jfmt_ok() {
	local out=$1 rc=0
	shift
	"$JFMT" "$@" >"$out" 2>"$T/jfmt_err" || rc=$?
	if [ "$rc" -ne 0 ] || [ -s "$T/jfmt_err" ]; then
		echo "jfmt $* exited $rc; stderr:"
		cat "$T/jfmt_err"
		return 1
	fi
}

# json_tools FILE NAME=OPTIONS...: write to each NAME what `python3 -m
# json.tool OPTIONS FILE` writes (OPTIONS split on spaces), all in one
# python3 run: json.tool's own main() for each in turn.
json_tools() {
	python3 - "$@" <<'PY'
import json.tool, sys
infile = sys.argv[1]
for spec in sys.argv[2:]:
    name, opts = spec.split('=', 1)
    sys.argv = ['json.tool'] + opts.split() + [infile, name]
    json.tool.main()
PY
}

# same_as_python FILE "JFMT OPTIONS" "JSON.TOOL OPTIONS" [...]: for each
# pair, jfmt's output for FILE equals python3 -m json.tool's (json_tools:
# one python3 run for all the pairs).  The option strings are split on
# spaces.
same_as_python() {
	local file=$1 i=0 jopts=() specs=()
	shift
	while [ $# -ge 2 ]; do
		jopts+=("$1")
		specs+=("$T/py_out$i=$2")
		shift 2
		i=$((i + 1))
	done
	json_tools "$file" "${specs[@]}" || {
		echo "python3 -m json.tool failed on $file: ${specs[*]}"
		return 1
	}
	for ((i = 0; i < ${#jopts[@]}; i++)); do
		# shellcheck disable=SC2086
		jfmt_ok "$T/jfmt_out" ${jopts[i]} "$file" || return 1
		same_bytes "$T/py_out$i" "$T/jfmt_out" || {
			echo "with jfmt ${jopts[i]}, json.tool ${specs[i]#*=}"
			return 1
		}
	done
}

# untraced COMMAND ARG...: run COMMAND (a function of the test's, mostly)
# without bats's debug trap, which bats runs before every command of a
# test and of the functions it calls, to know where a failure was: about
# 0.3 ms a command, more than a long loop of builtins takes.  Inside, set
# -e holds as in the test; a failure is reported at the call of untraced,
# so COMMAND should say what failed.
untraced() {
	set +T
	"$@"
	set -T -- "$?"
	return "$1"
}

# strip_sgr: remove ANSI colour sequences from standard input.
strip_sgr() {
	sed 's/\x1b\[[0-9;]*m//g'
}

# on_tty COMMAND...: run COMMAND with its standard output (and input and
# error) on a pseudo-terminal; print what it wrote, with CR LF turned back
# into LF, and exit with its status.
on_tty() {
	python3 - "$@" <<'EOF'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
data = b""
while True:
    try:
        got = os.read(fd, 65536)
    except OSError:
        break
    if not got:
        break
    data += got
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(data.replace(b"\r\n", b"\n"))
sys.exit(os.waitstatus_to_exitcode(status))
EOF
}

# py_dumps FILE NAME=ARGS...: in one python run, write to NAME what
# `python3 -m json.tool` writes for FILE with the json.dump keyword
# arguments ARGS (json.tool is json.dump and a newline; --no-ensure-ascii
# is ensure_ascii=False, --compact is separators=(',', ':'), --tab is
# indent='\t').
py_dumps() {
	python3 - "$@" <<'PY'
import json, sys
with open(sys.argv[1], encoding='utf-8') as f:
    doc = json.load(f)
for spec in sys.argv[2:]:
    name, args = spec.split('=', 1)
    with open(name, 'w', encoding='utf-8') as out:
        # (the text of json.dump(), made faster by dumps() without indent)
        out.write(json.dumps(doc, **eval('dict(%s)' % args)) + '\n')
PY
}

# same_as_file FILE WANT [OPTION...]: jfmt OPTION... FILE exits 0, says
# nothing on stderr and writes exactly the contents of WANT.
same_as_file() {
	local file=$1 want=$2
	shift 2
	jfmt_ok "$T/jfmt_out" "$@" "$file" || return 1
	same_bytes "$want" "$T/jfmt_out" || { echo "with jfmt $*"; return 1; }
}

# build_unit NAME: compile tests/unit/NAME.c to $T/NAME, warnings as errors.
build_unit() {
	local cc=${CC:-cc}
	command -v "$cc" >/dev/null || skip "no C compiler ($cc)"
	"$cc" -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 \
		-I "$TESTS_DIR/../src" \
		-o "$T/$1" "$TESTS_DIR/unit/$1.c"
}

# --- Sanitizer builds ---

# is_sanitizer_build: $JFMT is built with AddressSanitizer or UBSan (whose
# shadow memory makes its RSS meaningless).
is_sanitizer_build() {
	grep -qa -e __asan_init -e __ubsan_handle "$JFMT"
}

# need_rss: skip where peak RSS cannot be measured.
need_rss() {
	[ -x /usr/bin/time ] || skip "/usr/bin/time is not installed"
	! is_sanitizer_build || skip "a sanitizer's shadow memory makes RSS meaningless"
}

# peak_rss_kib FILE ARG...: run jfmt ARG... with its output to FILE; print
# its peak RSS in KiB (after need_rss).
peak_rss_kib() {
	local out=$1
	shift
	/usr/bin/time -o "$T/rss" -f %M "$JFMT" "$@" >"$out" 2>"$T/err" || {
		cat "$T/err"
		return 1
	}
	cat "$T/rss"
}

# no_sanitizer_report FILE: FILE (jfmt's standard error) holds no report from
# a sanitizer; else show its start and fail.  A sanitizer build exits 1 on
# what it finds, as for invalid JSON: the report is what tells the two apart.
# (Read with builtins: the conformance tests ask it of some 400 runs.)
no_sanitizer_report() {
	local lines text
	mapfile lines <"$1"
	printf -v text '%s' "${lines[@]}"
	if [[ $text == *Sanitizer* || $text == *"runtime error:"* ]]; then
		printf '%s' "$text" | head -n 40
		return 1
	fi
}

# --- Running jfmt on hostile input ---

# message_starts FILE TEXT: the first line of jfmt's message in FILE starts
# with TEXT.
message_starts() {
	local first
	first=$(head -n 1 "$1")
	if [[ $first != "$2"* ]]; then
		echo "want a message starting: $2"
		echo "got: $(head -n 3 "$1")"
		return 1
	fi
}

# jf ARGS...: run jfmt with standard output to /dev/null and standard error
# to $BATS_TEST_TMPDIR/err; its exit status in $st (255 after a sanitizer's
# report).
jf() {
	st=0
	"$JFMT" "$@" >/dev/null 2>"$BATS_TEST_TMPDIR/err" || st=$?
	no_sanitizer_report "$BATS_TEST_TMPDIR/err" || st=255
}

# py CODE ARGS...: run a short Python program.
py() {
	python3 -c "$@"
}

# pieces SIZES CMD...: run CMD with standard input from a socket that hands
# it the bytes of our standard input in messages of SIZES bytes (a comma
# separated list, used in turn), so that each read(2) returns exactly one
# piece (tests/pieces.py).  Exits with CMD's status (128 + N for signal N).  A piece must not
# be larger than a read asks for, or the socket drops what it does not
# take: a read block, or after pieces shorter than half a block in all
# (BLOCKS_FILL_BELOW), what the block has left.
pieces() {
	PIECES_PY=$TESTS_DIR py '
import os, sys
sys.path.insert(0, os.environ["PIECES_PY"])
from pieces import feed
sizes = [int(s) for s in sys.argv[1].split(",")]
sys.exit(feed(sys.argv[2:], sys.stdin.buffer.read(), sizes)[2])' "$@"
}

# pieces_runs SIZES OPTIONS INPUT [SIZES OPTIONS INPUT]...: for each case,
# `jfmt OPTIONS` (split on spaces) with INPUT on standard input, handed
# over in pieces of SIZES as pieces() does; print "STATUS<tab>LINE", LINE
# the first line of its standard error and STATUS its exit status (128 +
# N for signal N, 255 after a sanitizer's report), one case a line.  The
# K-th case's standard output and error are left in $T/pieces_out.K and
# $T/pieces_err.K.  One python3 run for them all: a start of python3
# costs more than jfmt's run.
pieces_runs() {
	PIECES_TO=$T PIECES_PY=$TESTS_DIR py '
import os, sys
sys.path.insert(0, os.environ["PIECES_PY"])
from pieces import feed
jfmt, args = sys.argv[1], sys.argv[2:]
assert len(args) % 3 == 0, "pieces_runs: SIZES OPTIONS INPUT, by threes"
to = os.environ["PIECES_TO"]
summary = sys.stdout.buffer
for k in range(0, len(args), 3):
    sizes = [int(s) for s in args[k].split(",")]
    name = "%d" % (k // 3 + 1)
    with open(os.path.join(to, "pieces_out." + name), "wb") as out, \
         open(os.path.join(to, "pieces_err." + name), "w+b") as err:
        rc = feed([jfmt] + args[k + 1].split(), os.fsencode(args[k + 2]), sizes,
                  stdout=out, stderr=err)[2]
        err.seek(0)
        text = err.read()
    if b"Sanitizer" in text or b"runtime error:" in text:
        rc = 255
    summary.write(b"%d\t%s\n" % (rc, text.split(b"\n")[0]))' "$JFMT" "$@"
}

# at_every_cut INPUT OPTIONS WANT [OPTIONS WANT]...: with INPUT on standard
# input cut in two at each of its bytes (pieces_runs, one read before the
# cut and one after), `jfmt OPTIONS` (split on spaces) exits 0 and writes
# WANT, for each pair.
at_every_cut() {
	local in=$1 cases=() k m
	shift
	local pairs=$(($# / 2))
	for ((k = 1; k < ${#in}; k++)); do
		for ((m = 1; m < $#; m += 2)); do
			cases+=("$k,65536" "${!m}" "$in")
		done
	done
	run -0 pieces_runs "${cases[@]}"
	[ "$(printf '%s\n' "${lines[@]}" | sort -u)" = $'0\t' ]
	for ((m = 2; m <= $#; m += 2)); do
		put "want.$m" "${!m}"
	done
	for ((k = 0; k < ${#cases[@]} / 3; k++)); do
		same_bytes "want.$((k % pairs * 2 + 2))" "$T/pieces_out.$((k + 1))"
	done
}

# nested KIND N: a compact document N containers deep, on one line:
# "arrays" [[...[]...]], "objects" {"a":{"a":...1...}}, "open" [[[... unclosed.
nested() {
	py '
import sys
kind, n = sys.argv[1], int(sys.argv[2])
w = sys.stdout.write
if kind == "arrays":
    w("[" * n + "]" * n + "\n")
elif kind == "objects":
    w("{\"a\":" * n + "1" + "}" * n + "\n")
else:
    w("[" * n)' "$@"
}

# nested_pretty KIND N STEP CHAR: what jfmt writes for `nested KIND N`, with
# STEP CHARs of indentation per level; written line by line, not by a
# recursive encoder.
nested_pretty() {
	py '
import sys
kind, n, step, ch = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
out = sys.stdout.buffer
pad = ch.encode() * step
if kind == "arrays":
    for d in range(n - 1):
        out.write(pad * d + b"[\n")
    out.write(pad * (n - 1) + b"[]\n")
    for d in range(n - 2, -1, -1):
        out.write(pad * d + b"]\n")
else:
    out.write(b"{\n")
    for d in range(1, n):
        out.write(pad * d + b"\"a\": {\n")
    out.write(pad * n + b"\"a\": 1\n")
    for d in range(n - 1, -1, -1):
        out.write(pad * d + b"}\n")' "$@"
}

# cut_in_two STEP: a stream of documents of every kind, and the same with
# an error, is written and reported as when read whole when it comes in two
# reads, in four layouts (-c, pretty, --indent=8, -k -c).  Each layout
# tries every STEP-th cut, from a byte two after the layout before, and
# one more for the text with the error: with STEP 1 every cut of each
# text in each layout, with STEP 8 each cut (counted from the start) in
# one layout of one of the texts, which differ only from the error on.
# A short key in the read is written with its member's value, or at the
# end of the read; where a member or a document ends is noted as a pointer
# into the read: none of it may depend on where reads end.  (A message
# shows the line it points at as far as it was read.)
cut_in_two() {
	python3 - "$JFMT" "$1" <<'EOF2'
import socket, subprocess, sys
jfmt, step = sys.argv[1], int(sys.argv[2])
deep = "".join('{"k%d":' % i for i in range(18)) + '"x"' + "}" * 18
good = ('{"":1,"a":"s","bb":true,"ccc":false,"dddd":null,"e":{"f":[1,{"g":2}]},"h":[],'
        '"0123456789abcdef":"16","0123456789abcdefg":"17","\\u00e9":1,"\u00e9":2,"i":-1.5e3}\n'
        '{"a" : true, "b":\tnull ,"c": "x" }\n"s"\n7\ntrue\n[{"a":1}]\n{"z":{}}' + deep + '\n')
bad = good.replace('"i":-1.5e3}', '"i":-1.5e3 "j":1}', 1)
def run(opts, data, cut):
    if cut is None:
        p = subprocess.run([jfmt] + opts, input=data, capture_output=True)
        return p.returncode, p.stdout, p.stderr
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    p = subprocess.Popen([jfmt] + opts, stdin=theirs, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    theirs.close()
    try:        # without -k, jfmt stops reading at an error
        ours.send(data[:cut])
        ours.send(data[cut:])
        ours.shutdown(socket.SHUT_WR)
    except (BrokenPipeError, ConnectionResetError):
        pass
    out, err = p.communicate()
    ours.close()
    return p.returncode, out, err
def said(r):
    return r[0], r[1], [l for l in r[2].split(b"\n") if l.startswith(b"jfmt: ")]
failed = 0
for t, text in enumerate((good, bad)):
    data = text.encode()
    for k, opts in enumerate((["-c"], [], ["--indent=8"], ["-k", "-c"])):
        whole = said(run(opts, data, None))
        assert whole[0] == (0 if text is good else 1), (opts, whole)
        assert len(whole[2]) == (0 if text is good else 1), (opts, whole)
        for cut in range(1 + (2 * k + t) % step, len(data), step):
            if said(run(opts, data, cut)) != whole:
                print("differs:", opts, "cut at", cut, repr(data[:cut][-20:]))
                failed += 1
sys.exit(1 if failed else 0)
EOF2
}

# ctrl_at POS...: for each POS, jfmt -c on an array of 100,001 lines whose
# first newline at or after byte POS is a vertical tab (odd POS) or a form
# feed (even) exits 1, saying so at that line and column.  (One python3
# run writes every input, ctrlPOS.json, and its message, wantPOS.)
ctrl_at() {
	python3 -c 'import sys
for arg in sys.argv[1:]:
    pos = int(arg)
    doc = bytearray(b"[" + b"1,\n" * 100000 + b"1]")
    while doc[pos] != ord("\n"):
        pos += 1
    doc[pos] = 0x0b if pos % 2 else 0x0c
    open("ctrl%s.json" % arg, "wb").write(doc)
    line = doc[:pos].count(b"\n") + 1
    col = pos - doc.rfind(b"\n", 0, pos)
    what = "vertical tab" if pos % 2 else "form feed"
    open("want%s" % arg, "w").write("jfmt: ctrl%s.json:%d:%d: %s is not allowed here" % (arg, line, col, what))' "$@"
	local pos
	for pos; do
		run -1 --separate-stderr "$JFMT" -c "ctrl$pos.json"
		[ "${stderr_lines[0]}" = "$(cat "want$pos")" ] || { echo "at $pos"; return 1; }
	done
}

# run_together_in_pieces SIZE...: values that run together ("00" and
# "7777-7777" are two numbers each, "truefalse" two literals), read in
# pieces of each SIZE bytes, are reported at the start of the second, not
# where a read began (a fuzzer's find).
run_together_in_pieces() {
	local size cases=() want=()
	for size; do
		cases+=("$size" -c $'[[{}, [7777-7777777777]]]\n'
			"$size" -c $'[000000000000]\n'
			"$size" -c $'[truefalse]\n')
		want+=($'1\tjfmt: <stdin>:1:12: missing \',\' between array elements'
			$'1\tjfmt: <stdin>:1:3: leading zero in a number'
			$'1\tjfmt: <stdin>:1:6: missing \',\' between array elements')
	done
	diff <(printf '%s\n' "${want[@]}") <(pieces_runs "${cases[@]}")
}

# string_where_comma_belongs SIZE...: a string where ',' or '}' belongs,
# read in pieces of each SIZE and with -n, is located at its quote (yajl
# moves its offset back by the token's length, or to the start of the
# read when the token began in an earlier one).
string_where_comma_belongs() {
	local doc='{"a": 0 "b: 2, c" : 3}' size cases=() want=()
	local said="jfmt: <stdin>:1:9: missing ',' between object members"
	for size; do
		cases+=("$size" -c "$doc"$'\n')
		want+=($'1\t'"$said")
	done
	diff <(printf '%s\n' "${want[@]}") <(pieces_runs "${cases[@]}")
	run -1 --separate-stderr "$JFMT" -n <<<"$doc"
	[ "${stderr%%$'\n'*}" = "$said" ]
}

# layout_options: each layout option of jfmt's table of options (jfmt
# --list-options, src/cli/optable.h), once with each of its example
# values, one a line, in the table's order: "--sort-keys", "--indent=4",
# "--eol=crlf"...  Every list of layouts the tests go through is built
# from it, so that a new row of the table is tested everywhere at once.
# Options not yet offered are in it: they are parsed, and their effect
# is held to the same tests as soon as it is there.
layout_options() {
	"$JFMT" --list-options | awk -F '\t' '
		$6 ~ /(^|,)layout(,|$)/ && $6 !~ /(^|,)alias(,|$)/ {
			if ($5 == "-") { print "--" $1; next }
			n = split($5, v, "|")
			for (i = 1; i <= n; i++) print "--" $1 "=" v[i]
		}'
}
