#!/usr/bin/env bats
# tests/jobs.bats - -j N: a large input formatted on several threads writes
# what one thread writes, byte for byte, says the same and exits the same,
# whatever the layout and wherever the input is cut.  JFMT_JOBS_BLOCK (for
# testing) makes the chunks small, so that small inputs are cut often.

load test_helper

# Record i of the JSON Lines below does not depend on how many there are:
# one python3 run writes the most any test takes, and each takes a head.
setup_file() {
	python3 -c 'import json
for i in range(20000):
    print(json.dumps({"id": i, "s": "a,b]\"}\\" * (i % 3), "v": [i, None, True]}))' \
		>"$BATS_FILE_TMPDIR/nd.json"
}

# ndjson FILE LINES: LINES records, one per line (at most 20,000).
ndjson() {
	head -n "$2" "$BATS_FILE_TMPDIR/nd.json" >"$1"
	[ "$(wc -l <"$1")" -eq "$2" ]
}

# array FILE N MOD [compact]: what Python's json.dump writes, with indent=2
# (or compact, with its default separators), for
# [{"k": i, "t": "x,]" * (i % MOD)} for i in range(N)]; MOD 0: "x,]" * i.
# Written as text: json.dump takes seconds over the larger ones.
array() {
	py 'import sys
n, mod = int(sys.argv[2]), int(sys.argv[3])
t = ["x,]" * (i % mod if mod else i) for i in range(n)]
if sys.argv[4:] == ["compact"]:
    text = "[" + ", ".join("{\"k\": %d, \"t\": \"%s\"}" % (i, t[i]) for i in range(n)) + "]"
else:
    text = "[\n" + ",\n".join("  {\n    \"k\": %d,\n    \"t\": \"%s\"\n  }" % (i, t[i])
                              for i in range(n)) + "\n]"
open(sys.argv[1], "w").write(text)' "$@"
}

# broken IN OUT: IN with line 1501 cut short, and line 2501 (if any) no
# value.
broken() {
	py 'import sys
lines = open(sys.argv[1]).read().split("\n")
lines[1500] = lines[1500][:-3]
if len(lines) > 2500:
    lines[2500] = "{\"x\": }"
open(sys.argv[2], "w").write("\n".join(lines))' "$1" "$2"
}

@test "-j takes 1 to 256 threads; anything else is a usage error" {
	put in '[1,2]'
	for v in 0 257 -1 x 2x ''; do
		run --separate-stderr "$JFMT" -j "$v" in
		[ "$status" -eq 2 ] || { echo "-j '$v' exited $status"; return 1; }
		[ "${stderr_lines[0]}" = "jfmt: invalid number of jobs '$v' (expected 1 to 256)" ]
	done
	run --separate-stderr "$JFMT" --jobs=256 -c in
	[ "$status" -eq 0 ] && [ "$output" = "[1,2]" ]
}

@test "-j1 and -jN agree on output, messages and exit status: generated inputs cut everywhere, each in a third of the layouts" {
	# (slow/jobs.bats: every input in every layout)
	need_cmd python3
	run python3 "$TESTS_DIR/jobs_check.py" --sample "$JFMT"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "a stream and an array are formatted on several threads, not one after a failed try" {
	need_cmd strace python3
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	ndjson nd.json 3000
	array arr.json 2000 0
	for f in nd.json arr.json; do
		"$JFMT" -j1 "$f" >one
		JFMT_JOBS_BLOCK=4096 strace -f -qq -o trace -e trace=clone,clone3,read,lseek \
			"$JFMT" -j2 "$f" >two
		same_bytes one two
		grep -qE 'clone3?\(' trace || { echo "$f: no thread started"; return 1; }
		# the workers pread(2) their chunks; one thread would read(2)
		! grep -qE '^[0-9]+ +read\(3, "[[{]' trace || { echo "$f: read on one thread"; return 1; }
	done
}

# threads_used TRACE: the run traced started a thread and its workers
# read the input with pread(2), not one thread with read(2).
threads_used() {
	grep -qE 'clone3?\(' "$1" || { echo "no thread started"; return 1; }
	! grep -qE '^[0-9]+ +read\(3, "[[{/]' "$1" || { echo "read on one thread"; return 1; }
}

@test "JSONC, kept comments, stripped ones and kept blank lines: several threads, the same bytes" {
	need_cmd strace python3
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# a stream with comments between and inside its values, and an array
	# with one before every third element; a comment that looks like
	# values, and quotes and brackets left open in comments
	py 'import json
w = open("s.jsonc", "w")
a = open("a.jsonc", "w")
a.write("// head\n[\n")
for i in range(3000):
    v = json.dumps({"id": i, "t": "a//b /* [ \"", "v": [i, None]})
    w.write(v.replace(", \"v\"", ", // \"odd\n \"v\"") + (" /* ] */\n" if i % 4 == 0 else "\n"))
    if i % 50 == 0:
        w.write("/*\n{\"looks\": 1}\n*/\n")
    a.write(("  /* e%d \" [ */\n" % i if i % 3 == 0 else "") + "  " + v + (",\n" if i < 2999 else "\n"))
a.write("] // end\n")'
	for f in s.jsonc a.jsonc; do
		for opts in "--comments" "--comments -w 60" "--strip-comments -c" "--comments --blank-lines=keep"; do
			# shellcheck disable=SC2086
			"$JFMT" -j1 $opts "$f" >one
			# shellcheck disable=SC2086
			JFMT_JOBS_BLOCK=4096 strace -f -qq -o trace -e trace=clone,clone3,read \
				"$JFMT" -j2 $opts "$f" >two
			same_bytes one two
			threads_used trace || { echo "$f $opts"; return 1; }
		done
	done
	# a .jsonc file keeps its comments without --comments
	"$JFMT" -j1 s.jsonc >one
	JFMT_JOBS_BLOCK=4096 strace -f -qq -o trace -e trace=clone,clone3,read "$JFMT" -j2 s.jsonc >two
	same_bytes one two
	threads_used trace
}

@test "JSONC cut only where no comment or blank line stands by: a compact array takes one thread" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# every element after a line comment or a blank line, or all on one
	# line (a block comment's later lines are placed by its first line's
	# column): nowhere to cut
	py 'w = open("c.jsonc", "w")
w.write("[" + ", ".join("{\"k\": %d} /* a\n   b */" % i for i in range(2000)) + "]\n")
w = open("l.jsonc", "w")
w.write("[\n" + "".join("  %d, // n\n" % i for i in range(4000)) + "  0\n]\n")
w = open("b.jsonc", "w")
w.write("[\n" + "".join("  %d,\n\n" % i for i in range(4000)) + "  0\n]\n")'
	for f in c.jsonc l.jsonc b.jsonc; do
		"$JFMT" -j1 --comments "$f" >one
		JFMT_JOBS_BLOCK=1024 strace -f -qq -o trace -e trace=clone,clone3 \
			"$JFMT" -j2 --comments "$f" >two
		same_bytes one two
		! grep -qE 'clone3?\(' trace || { echo "$f: cut"; return 1; }
	done
}

@test "an array that ends at a comma where it is cut: one thread's error, not an array left open" {
	printf '[1,2,3,4,5,6,' >open.json
	printf '[\n  1,\n  2,\n  3,\n' >open2.json
	for f in open.json open2.json; do
		"$JFMT" -j1 "$f" >one 2>one.err && st1=0 || st1=$?
		JFMT_JOBS_BLOCK=1 "$JFMT" -j2 "$f" >two 2>two.err && st2=0 || st2=$?
		[ "$st1" -eq 1 ] && [ "$st2" -eq 1 ] || { echo "$f: exit $st1 and $st2"; return 1; }
		same_bytes one two
		same_bytes one.err two.err
		grep -q "end of input inside the array" two.err
	done
}

@test "--eol=auto from a pipe read a small part at a time: the first line's end, as one thread" {
	# the first part read holds less than the first line
	py 'import sys
sys.stdout.buffer.write(b"".join(b"{\"id\": %d, \"pad\": \"%s\"}\r\n" % (i, b"x" * 60)
                                for i in range(500)))' >crlf.json
	"$JFMT" -j1 --eol=auto crlf.json >one
	grep -q $'\r$' one
	for block in 1 7 100; do
		cat crlf.json | JFMT_JOBS_BLOCK=$block "$JFMT" -j3 --eol=auto >two
		same_bytes one two || { echo "chunks of $block"; return 1; }
	done
}

@test "--width: an element that fits its line only without a comma after it, at a cut" {
	# "  [null, true, 0, 0]" is 20 columns: -w 20 lays it out expanded,
	# once a comma is known to follow
	put in '[[null, true, 0, 0], [null, true, 0, 0], 1, [null, true, 0, 0], [1, 2, 3, 4, 5, 6, 7], 2]'
	for opts in "-w 20" "-w 20 -S" "-w 20 --color=always" "-w 22 --indent=4"; do
		for block in 1 8 20; do
			# shellcheck disable=SC2086
			"$JFMT" -j1 $opts in >one
			# shellcheck disable=SC2086
			JFMT_JOBS_BLOCK=$block "$JFMT" -j2 $opts in >two
			same_bytes one two || { echo "$opts, chunks of $block"; return 1; }
		done
	done
	"$JFMT" -w 20 in >one
	grep -qx '  \[' one
}

@test "a stream whose first array is long: cut as an array, the values after it as one thread writes them" {
	need_cmd strace python3
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# a first array far longer than the start jfmt looks at for JSON
	# Lines of arrays, then scalars, an object and arrays, one long
	array first.json 8000 7 compact
	{ cat first.json; printf '\n5 "s"\n{"a": [1, 2], "b": {"c": []}}\n[1, [2, 3]]\n'
	  cat first.json; printf '\n[]\n'; } >s.json
	[ "$(wc -c <first.json)" -gt 200000 ]
	for opts in "" "-c" "--tab -S" "--seq" "-k" "-w 40" "-w 70 -c" "--color=always"; do
		# shellcheck disable=SC2086
		"$JFMT" -j1 $opts s.json >one
		# shellcheck disable=SC2086
		JFMT_JOBS_BLOCK=4096 strace -f -qq -o trace -e trace=clone,clone3,read \
			"$JFMT" -j2 $opts s.json >two
		same_bytes one two || { echo "$opts"; return 1; }
		case $opts in
		-w*) ;;        # an element may fit a line only beside the next
		*) threads_used trace || { echo "$opts"; return 1; } ;;
		esac
	done
	# the second array broken: the first one's elements are out, then
	# one thread's message and exit status
	sed '$s/\[\]/[1 2]/' s.json >bad.json
	run --separate-stderr "$JFMT" -j1 -c bad.json
	[ "$status" -eq 1 ]
	local want=$output want_err=$stderr
	JFMT_JOBS_BLOCK=4096 run --separate-stderr "$JFMT" -j2 -c bad.json
	[ "$status" -eq 1 ] && [ "$output" = "$want" ] && [ "$stderr" = "$want_err" ]
	[[ $stderr == *"bad.json:6:4: missing"* ]]
}

@test "a broken record, in a file or a pipe: the messages, the output before them and the exit status of one thread" {
	ndjson nd.json 3000
	broken nd.json bad.json
	for opts in "-c" "-c -k" "" "--buffer-size=0" "--seq -k"; do
		# shellcheck disable=SC2086
		"$JFMT" -j1 $opts bad.json >one 2>one.err && st1=0 || st1=$?
		# shellcheck disable=SC2086
		JFMT_JOBS_BLOCK=2000 "$JFMT" -j3 $opts bad.json >two 2>two.err && st2=0 || st2=$?
		# shellcheck disable=SC2086
		cat bad.json | JFMT_JOBS_BLOCK=2000 "$JFMT" -j3 $opts >three 2>three.err &&
			st3=0 || st3=$?
		[ "$st1" -eq 1 ] && [ "$st2" -eq 1 ] && [ "$st3" -eq 1 ]
		same_bytes one two
		same_bytes one three
		same_bytes one.err two.err
		grep -q '^jfmt: bad.json:1501:' two.err
		sed 's/bad\.json/<stdin>/' one.err >one.stdin.err
		same_bytes one.stdin.err three.err
	done
}

@test "broken records in many chunks of a file whose name is quoted: one thread's messages" {
	ndjson nd.json 2000
	name=$'bad\x01.json'
	py 'import sys
lines = open("nd.json").read().split("\n")
for i in range(300, 2000, 97):
    lines[i] = lines[i][:-3]
open(sys.argv[1], "w").write("\n".join(lines))' "$name"
	# (the threads that find the breaks at once all name the file)
	"$JFMT" -j1 -c -k "$name" >one 2>one.err && st1=0 || st1=$?
	JFMT_JOBS_BLOCK=1000 "$JFMT" -j4 -c -k "$name" >two 2>two.err && st2=0 || st2=$?
	[ "$st1" -eq 1 ] && [ "$st2" -eq 1 ]
	same_bytes one two
	same_bytes one.err two.err
	grep -q '^jfmt: "bad\\001.json":301:' two.err
}

@test "standard input from a pipe or a file, -o FILE and several inputs: the same bytes" {
	ndjson nd.json 1500
	"$JFMT" -j1 -c nd.json nd.json >want
	JFMT_JOBS_BLOCK=1000 "$JFMT" -j2 -c - <nd.json >got1
	cat nd.json | JFMT_JOBS_BLOCK=1000 "$JFMT" -j2 -c >got2
	JFMT_JOBS_BLOCK=1000 "$JFMT" -j2 -c -o got3 nd.json
	cat got1 got2 >got12
	same_bytes want got12
	cat got3 got3 >got33
	same_bytes want got33
	JFMT_JOBS_BLOCK=1000 "$JFMT" -j2 -c nd.json nd.json >got4
	same_bytes want got4
}

@test "a stream from a pipe: formatted on several threads a part at a time, the same bytes" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	ndjson nd.json 3000
	"$JFMT" -j1 nd.json >want
	cat nd.json | JFMT_JOBS_BLOCK=2000 strace --seccomp-bpf -f -qq -o trace -e trace=clone,clone3 \
		"$JFMT" -j2 >got
	same_bytes want got
	grep -qE 'clone3?\(' trace || { echo "no thread started"; return 1; }
	# without -j: several threads for a stream whose first part comes at
	# once and fills (the part made small here, so that it is read at
	# once even on a loaded machine; slow/jobs.bats takes the real size),
	# one for a small one
	"$JFMT" -j1 -c nd.json >want
	for try in 1 2 3; do
		cat nd.json | JFMT_JOBS_BLOCK=2000 strace --seccomp-bpf -f -qq -o trace \
			-e trace=clone,clone3 "$JFMT" -c >got
		same_bytes want got
		! grep -qE 'clone3?\(' trace || break
		[ "$try" -lt 3 ] || { echo "no thread started for a pipe that fills"; return 1; }
	done
	cat nd.json | strace --seccomp-bpf -f -qq -o trace -e trace=clone,clone3 "$JFMT" -c >got
	same_bytes want got
	! grep -qE 'clone3?\(' trace || { echo "threads started for a small pipe"; return 1; }
}

@test "an array from a pipe: with -j N, formatted on several threads once whole; by default, one" {
	need_cmd strace python3
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	array arr.json 3000 7
	for opts in "" "-c" "-S --indent=4"; do
		# shellcheck disable=SC2086
		"$JFMT" -j1 $opts arr.json >want
		# shellcheck disable=SC2086
		cat arr.json | JFMT_JOBS_BLOCK=4096 strace --seccomp-bpf -f -qq -o trace -e trace=clone,clone3 \
			"$JFMT" -j2 $opts >got
		same_bytes want got
		grep -qE 'clone3?\(' trace || { echo "$opts: no thread started"; return 1; }
	done
	# whole however slowly it comes: threads whatever the machine's load
	"$JFMT" -j1 arr.json >want
	{ head -c 20000 arr.json; sleep 0.3; tail -c +20001 arr.json; } |
		JFMT_JOBS_BLOCK=4096 strace --seccomp-bpf -f -qq -o trace -e trace=clone,clone3 \
			"$JFMT" -j2 >got
	same_bytes want got
	grep -qE 'clone3?\(' trace || { echo "a slow pipe: no thread started"; return 1; }
	# without -j: one thread, streaming in constant memory, even for an
	# array that comes at once and is large enough for threads from a file
	array big.json 250000 7 compact
	[ "$(wc -c <big.json)" -gt $((4 << 20)) ]
	"$JFMT" -j1 -c big.json >want
	cat big.json | strace --seccomp-bpf -f -qq -o trace -e trace=clone,clone3 "$JFMT" -c >got
	same_bytes want got
	! grep -qE 'clone3?\(' trace || { echo "threads started for an array from a pipe"; return 1; }
}

@test "a broken array that fits the hold, from a file or a pipe: nothing written, as one thread" {
	array arr.json 60000 7
	sed 's/"k": 50000,/"k": 50000/' arr.json >bad.json
	"$JFMT" -j1 bad.json >one 2>one.err && st1=0 || st1=$?
	[ "$st1" -eq 1 ] && [ ! -s one ]
	grep -q '^jfmt: bad.json:200004:5: ' one.err
	sed 's/bad\.json/<stdin>/' one.err >one.stdin.err
	for block in "" 4096; do
		JFMT_JOBS_BLOCK=$block "$JFMT" -j2 bad.json >two 2>two.err && st2=0 || st2=$?
		cat bad.json | JFMT_JOBS_BLOCK=$block "$JFMT" -j2 >three 2>three.err && st3=0 || st3=$?
		[ "$st2" -eq 1 ] && [ "$st3" -eq 1 ]
		same_bytes one two
		same_bytes one three
		same_bytes one.err two.err
		same_bytes one.stdin.err three.err
	done
}

@test "a pipe whose values come slowly: each line goes out whole as it comes, -j or not" {
	# the first line, its line end included, is out within 3 s while the
	# writer still waits to write the second (a log followed); the writer
	# waits until the reader has it, or has given up, and says so on
	# a FIFO that this shell holds open (so that neither side blocks in
	# open(2), and what is written there waits to be read)
	local j fd fds=()
	for j in -j1 -j2; do
		mkfifo go$j
		exec {fd}<>go$j
		fds+=("$fd")
		{ printf '{"a":1}\n'; read -r -t 30 _ <go$j; printf '{"b":2}\n'; } |
			"$JFMT" $j -c | { read -r -t 3 first && echo "$first" >first$j; echo >go$j; cat >rest$j; } &
	done
	wait
	for fd in "${fds[@]}"; do exec {fd}>&-; done
	for j in -j1 -j2; do
		[ "$(cat first$j)" = '{"a":1}' ] || { echo "$j: the first line was not out in time"; return 1; }
		[ "$(cat rest$j)" = '{"b":2}' ]
	done
}

# slow_pipe NAME FIRST REST OPTION...: in the background, FIRST into a
# pipe to jfmt OPTION..., then, once the first line of the output is in
# NAME.first (or 3 s have passed), REST, the rest of the output into
# NAME.rest; the writer waits on the FIFO NAME.go, which the caller holds
# open (as in the test above).
slow_pipe() {
	local name=$1 first=$2 rest=$3
	shift 3
	{ printf '%s' "$first"; read -r -t 30 _ <"$name.go"; printf '%s' "$rest"; } |
		"$JFMT" "$@" 2>"$name.err" |
		{ IFS= read -r -t 3 line && printf '%s\n' "$line" >"$name.first"; echo >"$name.go"
		  cat >"$name.rest"; } &
}

@test "a pipe whose values come slowly, in every mode: the first goes out before the writer sends the next, under -j4 as under -j1" {
	# JSONC and kept blank lines are cut only where the next value is
	# in sight, which the last line that came never has; a value that
	# no line end follows is at no cut either
	local modes=("pretty||{\"a\": [1, 2]}
|{\"b\": 2}
" "nonl|-c|{\"a\": 1}|
{\"b\": 2}
" "comments|--comments|{\"a\": 1} // one
|// two
{\"b\": 2}
" "strip|--strip-comments|{\"a\": 1} // one
|{\"b\": 2}
" "blank|--blank-lines=keep|{\"a\": 1}

|{\"b\": 2}
")
	local m name opts first rest j fd fds=()
	for m in "${modes[@]}"; do
		IFS='|' read -r -d '' name opts first rest <<<"$m" || true
		rest=${rest%$'\n'}     # (the here-string's own)
		printf '%s%s' "$first" "$rest" | "$JFMT" -j1 $opts >"$name.want"
		for j in -j1 -j4; do
			mkfifo "$name$j.go"
			exec {fd}<>"$name$j.go"
			fds+=("$fd")
			# shellcheck disable=SC2086
			slow_pipe "$name$j" "$first" "$rest" $j $opts
		done
	done
	wait
	for fd in "${fds[@]}"; do exec {fd}>&-; done
	for m in "${modes[@]}"; do
		name=${m%%|*}
		for j in -j1 -j4; do
			[ "$(head -n 1 "$name.want")" = "$(cat "$name$j.first" 2>/dev/null)" ] ||
				{ echo "$name $j: the first line was not out in time"; return 1; }
			cat "$name$j.first" "$name$j.rest" >"$name$j.got"
			same_bytes "$name.want" "$name$j.got" || { echo "$name $j"; return 1; }
		done
	done
}

# threads_writing OPTION...: how many threads jfmt OPTION... -c nd.json
# runs while it waits for a pipe to be read, its output half out.
threads_writing() {
	local pid rd n
	rm -f fifo && mkfifo fifo
	JFMT_JOBS_BLOCK=4096 "$JFMT" "$@" -c nd.json >fifo &
	pid=$!
	exec {rd}<fifo
	head -c 100000 <&"$rd" >/dev/null
	n=$(ls "/proc/$pid/task" | wc -l)
	cat <&"$rd" >/dev/null
	exec {rd}<&-
	wait "$pid" && echo "$n"
}

@test "-j N formats on N threads in all, the calling thread one of them" {
	# (on two CPUs, a third thread that only cut and wrote kept the two
	# that formatted waiting whenever it waited for a CPU)
	[ -d /proc/self/task ] || skip "no /proc/PID/task"
	# (it starts a thread of its own beside the first one jfmt starts)
	grep -qa __tsan_init "$JFMT" && skip "ThreadSanitizer runs a thread of its own"
	ndjson nd.json 20000
	local one three
	one=$(threads_writing -j1)
	three=$(threads_writing -j3)
	[ "$three" -eq $((one + 2)) ] || { echo "-j1: $one threads, -j3: $three"; return 1; }
}

@test "a file that shrinks while -j reads it: a message and an exit status, not a signal" {
	ndjson nd.json 20000
	mkfifo fifo
	JFMT_JOBS_BLOCK=4096 "$JFMT" -j2 -c nd.json >fifo 2>err &
	local pid=$! st=0 rd
	exec {rd}<fifo
	# jfmt waits to write on until the pipe is read; the file shrinks
	head -c 100000 <&"$rd" >/dev/null
	# (in the middle of a line: what is left ends inside a value)
	truncate -s $(($(head -n 150 nd.json | wc -c) + 5)) nd.json
	cat <&"$rd" >/dev/null
	exec {rd}<&-
	wait "$pid" || st=$?
	cat err
	# 3: the file shrank under the scan; 1: a chunk read short first,
	# and one thread found the file's end inside a value
	[ "$st" -eq 3 ] || [ "$st" -eq 1 ]
	grep -q '^jfmt: nd\.json:' err
}

# grown BASE TEXT OPTION...: a copy of BASE, f.json, that grows by TEXT
# while jfmt -j2 OPTION... f.json reads it (tests/shim/grow_file.c: at
# its first pread(2), after it took the size), writes the same output,
# messages and status as jfmt -j1 on the grown file; with -i, f.json
# ends as -j1 leaves a copy of it, with -o the file written is the same.
grown() {
	local base=$1 text=$2 st1=0 st2=0
	shift 2
	cp "$base" f.json && rm -f out.json
	JFMT_JOBS_BLOCK=4096 GROW_FILE=f.json GROW_TEXT=$text LD_PRELOAD=$T/grow_file.so \
		"$JFMT" -j2 "$@" f.json >two 2>two.err || st2=$?
	cp f.json f.two
	[ -e out.json ] && mv out.json out.two
	{ cat "$base"; printf '%s' "$text"; } >f.json
	[ "$*" = -i ] || [ "$(wc -c <f.json)" -eq "$(wc -c <f.two)" ] ||
		{ echo "$*: the file did not grow"; return 1; }
	"$JFMT" -j1 "$@" f.json >one 2>one.err || st1=$?
	[ "$st1" -eq "$st2" ] || { echo "$*: exit $st1 with -j1, $st2 with -j2"; return 1; }
	same_bytes one two && same_bytes one.err two.err && same_bytes f.json f.two ||
		{ echo "$* (grown by: $text)"; return 1; }
	[ ! -e out.json ] || same_bytes out.json out.two
}

@test "a file that grows while -j reads it: read on to its new end, as one thread" {
	need_cmd cc
	is_sanitizer_build && skip "a sanitizer's runtime must be the first library loaded"
	cc -std=c11 -Wall -Wextra -Werror -shared -fPIC -o "$T/grow_file.so" \
		"$TESTS_DIR/shim/grow_file.c" -ldl
	ndjson nd.json 3000
	# a value after the last, in every mode
	for opts in -c "" "-c -o out.json" --check -l -i; do
		# shellcheck disable=SC2086
		grown nd.json $'{"x": [1, 2]}\n' $opts || return 1
	done
	grep -q '"x"' out.two
	# the last value's token goes on (a number without its line end)
	{ cat nd.json; printf '7'; } >open.json
	grown open.json $'8\n{"x": 1}\n' -c
	grep -qx 78 two
	# an array, and the value after it
	array arr.json 2000 7
	grown arr.json $'\n{"x": 1}\n' -c
	# a comment that goes on, and a blank line kept
	{ cat nd.json; printf '// c'; } >c.jsonc
	cp c.jsonc c.json
	grown c.json $' still the comment {"y": 0}\n\n{"x": 1}\n' --comments
	grown nd.json $'\n{"x": 1}\n' --blank-lines=keep
	grep -q '"x"' two
}

# calls_before FILE CALL: how many CALL system calls jfmt -j2 makes before
# it opens FILE (the dynamic loader's, reading the libraries), so that a
# fault injected from the next one on hits the input only.
calls_before() {
	JFMT_JOBS_BLOCK=4096 strace -f -qq -o calls -e trace=openat,"$2" "$JFMT" -j2 -c "$1" >/dev/null
	awk -v f="\"$1\"" -v c="$2(" '
		index($0, "openat(") && index($0, f) { print n + 0; exit }
		index($0, c) { n++ }' calls
}

@test "reads that fail under -j: an interrupted one asked again, a failed one read again on one thread, an unreadable file one thread's message" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	ndjson nd.json 3000
	"$JFMT" -j1 -c nd.json >want
	local p r
	p=$(calls_before nd.json pread64)
	r=$(calls_before nd.json read)
	# every other read of a chunk interrupted (EINTR): asked again
	JFMT_JOBS_BLOCK=4096 strace -f -qq -o trace -e trace=clone,clone3,read,pread64 \
		-e inject=pread64:error=EINTR:when=$((p + 1))..$((p + 40)) "$JFMT" -j2 -c nd.json >got
	same_bytes want got
	threads_used trace
	grep -qE 'pread64.*EINTR' trace || { echo "no read interrupted"; return 1; }
	# every read of a chunk failing (EIO): formatted again on one thread,
	# which reads the file with read(2)
	JFMT_JOBS_BLOCK=4096 strace -f -qq -o trace -e trace=pread64 \
		-e inject=pread64:error=EIO:when=$((p + 1))+ "$JFMT" -j2 -c nd.json >got
	same_bytes want got
	grep -qE 'pread64.*EIO' trace || { echo "no read failed"; return 1; }
	# no read of the file succeeds: one thread's message and status, and
	# -o leaves its file as it was, no temporary file beside it
	echo old >out
	run --separate-stderr strace -f -qq -o /dev/null -e trace=read \
		-e inject=read:error=EIO:when=$((r + 1))+ "$JFMT" -j1 -c nd.json -o out
	[ "$status" -eq 3 ]
	[ "$stderr" = "jfmt: nd.json: Input/output error"$'\n'"jfmt: out: not written" ] ||
		{ echo "$stderr"; return 1; }
	[ "$(cat out)" = old ]
	local one=$stderr
	run --separate-stderr env JFMT_JOBS_BLOCK=4096 strace -f -qq -o /dev/null \
		-e trace=read,pread64 -e inject=read:error=EIO:when=$((r + 1))+ \
		-e inject=pread64:error=EIO:when=$((p + 1))+ "$JFMT" -j2 -c nd.json -o out
	[ "$status" -eq 3 ]
	[ "$stderr" = "$one" ] || { echo "$stderr"; return 1; }
	[ "$(cat out)" = old ]
	[ "$(ls -A | sort | tr '\n' ' ')" = "calls got nd.json out trace want " ] || { ls -A; return 1; }
}

@test "standard input that is a file read from part way: from there on" {
	ndjson nd.json 1500
	{ head -n 1 >/dev/null; "$JFMT" -j1 -c >want; } <nd.json
	{ head -n 1 >/dev/null; JFMT_JOBS_BLOCK=1000 "$JFMT" -j2 -c >got; } <nd.json
	same_bytes want got
}

@test "an array read from part way of a file, longer than what the scan reads at once: cut right" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# the scan for the cuts reads the file 256 KiB at a time, from
	# where standard input stands; cut wrong, a chunk would fail and
	# one thread would read(2) the rest
	array elements.json 25000 5 compact
	{ echo '"skip me"'; cat elements.json; } >arr.json
	[ "$(wc -c <arr.json)" -gt 600000 ]
	{ head -n 1 >/dev/null; "$JFMT" -j1 -c >want; } <arr.json
	{ head -n 1 >/dev/null; JFMT_JOBS_BLOCK=4096 strace -f -qq -o trace \
		-e trace=clone,clone3,read "$JFMT" -j2 -c >got; } <arr.json
	same_bytes want got
	grep -qE 'clone3?\(' trace || { echo "no thread started"; return 1; }
	! grep -qE '^[0-9]+ +read\(0, "' trace || { echo "read on one thread"; return 1; }
}

@test "an array of long elements on lines of their own: cut at those lines, read from part way of a file, and by the scan after a line that only looks like one" {
	need_cmd strace python3
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# elements of 2,000 lines each; in the second file, from the 21st
	# on, lines inside elements that look like an element's first: the
	# threads find the first cut there wrong and leave the rest to the
	# scan, which reads 256 KiB at a time
	py 'import sys
el = ["  {\n" + ",\n".join("    \"k%d\": [%d, \"x,]\"]" % (j, i) for j in range(2000)) + "\n  }"
      for i in range(40)]
open(sys.argv[1], "w").write("\"skip me\"\n[\n" + ",\n".join(el) + "\n]\n")
for i in range(20, 40):
    for j in range(100, 2000, 100):
        el[i] = el[i].replace("    \"k%d\"" % j, "  \"k%d\"" % j)
open(sys.argv[2], "w").write("\"skip me\"\n[\n" + ",\n".join(el) + "\n]\n")' arr.json odd.json
	[ "$(wc -c <arr.json)" -gt 1000000 ]
	for f in arr.json odd.json; do
		{ head -n 1 >/dev/null; "$JFMT" -j1 -c >want; } <"$f"
		{ head -n 1 >/dev/null; JFMT_JOBS_BLOCK=65536 strace -f -qq -o trace \
			-e trace=clone,clone3,read,pread64 "$JFMT" -j2 -c >got; } <"$f"
		same_bytes want got
		grep -qE 'clone3?\(' trace || { echo "$f: no thread started"; return 1; }
		! grep -qE '^[0-9]+ +read\(0, "' trace || { echo "$f: read on one thread"; return 1; }
		# the search for the next element's line reads 16 KiB first
		grep -qE 'pread64\(0, .*, 16384, [0-9]+\)' trace ||
			{ echo "$f: not cut at lines"; return 1; }
	done
	grep -qE 'pread64\(0, .*, 262144, [0-9]+\)' trace || { echo "odd.json: no scan"; return 1; }
}

@test "by default, a file of 4 to 16 MiB that begins with an object longer than 16 KiB is not searched for cuts; objects that end sooner, or -j N, are" {
	need_cmd strace python3
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# one pretty object (one document), and pretty objects of 2 KB one
	# after another (a stream), each about 5 MB
	py 'import json, sys
rec = lambda i: {"id": i, "name": "item %d" % i, "tags": ["a", "b"], "v": [i, -i, None]}
one = {"items": [rec(i) for i in range(40000)]}
open(sys.argv[1], "w").write(" \n" + json.dumps(one, indent=2) + "\n")
open(sys.argv[2], "w").write("".join(json.dumps({"r": [rec(i * 16 + k) for k in range(16)]}, indent=2) + "\n"
                             for i in range(2200)))' one.json stream.json
	for f in one.json stream.json; do
		size=$(wc -c <"$f")
		[ "$size" -gt $((4 << 20)) ] && [ "$size" -lt $((16 << 20)) ] ||
			{ echo "$f: $size bytes"; return 1; }
		"$JFMT" -j1 "$f" >want
		# the search walks the file where it is mapped
		strace -f -qq -o trace -e trace=mmap,clone,clone3 "$JFMT" "$f" >got
		same_bytes want got
		if [ "$f" = one.json ]; then
			! grep -qE "mmap\(NULL, $size, PROT_READ, MAP_PRIVATE, [0-9]+," trace ||
				{ echo "one.json: mapped and searched"; return 1; }
			strace -f -qq -o trace -e trace=mmap "$JFMT" -j2 "$f" >got
			same_bytes want got
			grep -qE "mmap\(NULL, $size, PROT_READ, MAP_PRIVATE, [0-9]+," trace ||
				{ echo "one.json -j2: not searched"; return 1; }
		else
			grep -qE 'clone3?\(' trace || { echo "stream.json: no thread started"; return 1; }
		fi
	done
}

@test "by default, a file of 4 to 16 MiB of long plain strings takes one thread; one dense with tokens, or -j N, several" {
	need_cmd strace python3
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# prose: a quote or comma every 60 bytes or so; records: every few
	py 'import sys
words = ["naïve", "über", "天気", "λόγος", "north", "data", "año", "москва"]
prose = ["%d %s" % (i, " ".join(words[(i * 7 + k) % 8] for k in range(24))) for i in range(40000)]
text = "[" + ",".join("\"%s\"" % p for p in prose) + "]"
open(sys.argv[1], "w").write(text)
open(sys.argv[2], "w").write("".join("{\"id\":%d,\"v\":[%d,%d],\"k\":\"x\"}\n" % (i, i, -i)
                             for i in range(160000)))' prose.json records.json
	for f in prose.json records.json; do
		size=$(wc -c <"$f")
		[ "$size" -gt $((4 << 20)) ] && [ "$size" -lt $((16 << 20)) ] ||
			{ echo "$f: $size bytes"; return 1; }
	done
	"$JFMT" -c -j1 prose.json >want
	strace -f -qq -o trace -e trace=clone,clone3 "$JFMT" -c prose.json >got
	same_bytes want got
	! grep -qE 'clone3?\(' trace || { echo "prose.json: threads started"; return 1; }
	strace -f -qq -o trace -e trace=clone,clone3 "$JFMT" -c -j2 prose.json >got
	same_bytes want got
	grep -qE 'clone3?\(' trace || { echo "prose.json -j2: no thread started"; return 1; }
	"$JFMT" -c -j1 records.json >want
	strace -f -qq -o trace -e trace=clone,clone3 "$JFMT" -c records.json >got
	same_bytes want got
	grep -qE 'clone3?\(' trace || { echo "records.json: no thread started"; return 1; }
}

@test "a text sequence with a comment open at an RS, from a pipe in small parts, on threads: what one thread says" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# records, then one with a control character and a comment left
	# open at an RS, then one with another, one cut short at the end
	for i in $(seq 50); do printf '\036{"a":%d}\n' "$i"; done >seq.json
	printf '\036\005\202]\377\377\377/* <\n\033\033\036\033\004 {\036[' >>seq.json
	run "$JFMT" -c --comments -k -j1 <seq.json
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" >want
	[ "$(grep -c 'control character' want)" -eq 2 ]
	[ "$(grep -c 'end of input inside the array' want)" -eq 1 ]
	for block in 1 8; do
		run bash -c "cat seq.json | JFMT_JOBS_BLOCK=$block strace -f -qq -o trace \
			-e trace=clone,clone3 '$JFMT' -c --comments -k -j3"
		[ "$status" -eq 1 ]
		printf '%s\n' "$output" >got
		same_bytes want got
		grep -qE 'clone3?\(' trace || { echo "block $block: no thread started"; return 1; }
	done
}

