#!/usr/bin/env bats
# hostile.bats - inputs built to break a streaming formatter: tokens,
# escapes and errors cut by the 64 KiB read block or by reads of a few
# bytes, every byte value, a number of a million digits, inputs the fuzzer
# found.  Everything is generated on the fly.  Deep nesting is in
# format.bats, where errors are shown in errors.bats; the GiB-scale, random
# and exhaustive cases are in the slow tier (tests/slow/).

load test_helper

# --- Errors cut by a read ---

@test "errors on both sides of the read block boundary" {
	local err=$BATS_TEST_TMPDIR/err at
	# for each `at`, in$at: a valid array whose element at offset `at` is
	# a stray 'x' (one python3 run writes them all)
	py '
import sys
for at in map(int, sys.argv[2:]):
    pad = "1," * ((at - 1) // 2)
    doc = "[" + pad + ("" if len(pad) + 1 == at else " ")
    assert len(doc) == at
    open("%s/in%d" % (sys.argv[1], at), "w").write(doc + "x,1]\n")' \
		"$BATS_TEST_TMPDIR" $((BLOCK - 1)) "$BLOCK" $((BLOCK + 1)) $((2 * BLOCK))
	for at in $((BLOCK - 1)) $BLOCK $((BLOCK + 1)) $((2 * BLOCK)); do
		jf -c "$BATS_TEST_TMPDIR/in$at"
		[ "$st" -eq 1 ]
		message_starts "$err" "jfmt: $BATS_TEST_TMPDIR/in$at:1:$((at + 1)): "
		[ "$(sed -n 2p "$err" | cut -c "$(($(sed -n 3p "$err" | wc -c) - 1))")" = x ]
	done
}

@test "reads of a few bytes at a time: errors still located" {
	local doc=$'[1,\n 2,\n tru]\n' line
	run -0 pieces_runs 1 -c "$doc" 2 -c "$doc" 3 -c "$doc" 7 -c "$doc"
	echo "$output"
	[ "${#lines[@]}" -eq 4 ]
	for line in "${lines[@]}"; do
		# exit 1 (255: a sanitizer's report), the message at line 3
		[[ $line == $'1\tjfmt: <stdin>:3:'* ]]
	done
}

# --- Strings and escapes cut by a read ---

# straddle_doc PREFIX_LEN TEXT: ["xxx...TEXT"] with TEXT starting PREFIX_LEN
# bytes into the file.  (Written by the shell: the loops below make dozens,
# and a python3 start costs more than jfmt's run.)
straddle_doc() {
	printf '["'
	head -c $(($1 - 2)) /dev/zero | tr '\0' x
	printf '%s"]\n' "$2"
}

@test "a string straddling the read block boundary, with every split of a multibyte character" {
	local text='é€😀' k failures=() want got
	# the boundary falls before, inside and after each character
	for k in $(seq 0 10); do
		straddle_doc $((BLOCK - k)) "$text" >"$BATS_TEST_TMPDIR/in"
		got=$("$JFMT" -c "$BATS_TEST_TMPDIR/in" | cksum)
		want=$(cksum <"$BATS_TEST_TMPDIR/in")
		[ "$got" = "$want" ] || failures+=("split $k: -c output differs")
		got=$("$JFMT" -c <"$BATS_TEST_TMPDIR/in" | cksum)
		[ "$got" = "$want" ] || failures+=("split $k, stdin: -c output differs")
		got=$("$JFMT" -c -a "$BATS_TEST_TMPDIR/in" | tail -c 31)
		[ "$got" = 'xxxx\u00e9\u20ac\ud83d\ude00"]' ] || failures+=("split $k: -a gives ...$got")
	done
	printf '%s\n' "${failures[@]}"
	[ ${#failures[@]} -eq 0 ]
}

@test "a lone surrogate escape cut by the read block boundary is written back as \\ud800" {
	local k failures=() got
	for k in $(seq 0 7); do
		straddle_doc $((BLOCK - k)) 'a\ud800b' >"$BATS_TEST_TMPDIR/in"
		got=$("$JFMT" -c "$BATS_TEST_TMPDIR/in" 2>&1 | tail -c 12)
		[ "$got" = 'xa\ud800b"]' ] || failures+=("split $k: ...$got")
		got=$("$JFMT" -c -a "$BATS_TEST_TMPDIR/in" 2>&1 | tail -c 12)
		[ "$got" = 'xa\ud800b"]' ] || failures+=("split $k, -a: ...$got")
		# a high surrogate escape followed by an escape that is not a low one
		straddle_doc $((BLOCK - k)) '\ud800\u0041' >"$BATS_TEST_TMPDIR/in"
		got=$("$JFMT" -c "$BATS_TEST_TMPDIR/in" 2>&1 | tail -c 11)
		[ "$got" = 'x\ud800A"]' ] || failures+=("split $k, \\ud800\\u0041: ...$got")
	done
	printf '%s\n' "${failures[@]}"
	[ ${#failures[@]} -eq 0 ]
}

@test "a surrogate pair cut by the read block boundary, at every byte, is one character" {
	local k failures=() got
	for k in $(seq 0 13); do
		straddle_doc $((BLOCK - k)) '\ud83d\ude00' >"$BATS_TEST_TMPDIR/in"
		got=$("$JFMT" -c "$BATS_TEST_TMPDIR/in" 2>&1 | tail -c 8)
		[ "$got" = 'x😀"]' ] || failures+=("split $k: ...$got")
		got=$("$JFMT" -c -a "$BATS_TEST_TMPDIR/in" 2>&1 | tail -c 16)
		[ "$got" = 'x\ud83d\ude00"]' ] || failures+=("split $k, -a: ...$got")
	done
	printf '%s\n' "${failures[@]}"
	[ ${#failures[@]} -eq 0 ]
}

@test "a lone surrogate escape at the end of a 1 MiB string is written back" {
	straddle_doc $((16 * BLOCK)) '\udc00' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr "$JFMT" -c "$BATS_TEST_TMPDIR/in"
	echo "exit $status: $stderr"
	[ "$status" -eq 0 ]
	[ "${output: -9}" = 'x\udc00"]' ]
	[ "$("$JFMT" -c "$BATS_TEST_TMPDIR/in" | cksum)" = "$(cksum <"$BATS_TEST_TMPDIR/in")" ]
}

# --- Bytes ---

@test "NUL characters written as \\u0000 stay \\u0000, in values and keys" {
	local doc='["a\u0000b",{"\u0000":"\u0000","x\u0000":0},"\u0000\u0000"]' mode
	for mode in -c "-c -a" "-c -S" "-c --escape-slash"; do
		run -0 "$JFMT" $mode <<<"$doc"
		if [[ $mode == *-S* ]]; then
			[ "$output" = '["a\u0000b",{"\u0000":"\u0000","x\u0000":0},"\u0000\u0000"]' ]
		else
			[ "$output" = "$doc" ]
		fi
	done
	run -0 "$JFMT" <<<'{"\u0000": "\u0000"}'
	[ "$output" = "$(printf '{\n  "\\u0000": "\\u0000"\n}')" ]
}

@test "every byte value inside a string: controls and lone high bytes rejected, the rest kept" {
	run -0 py '
import subprocess, sys
jfmt, bad = sys.argv[1], []
for b in range(256):
    if b in (0x22, 0x5c):
        continue
    doc = b"[\"a" + bytes([b]) + b"z\"]\n"
    p = subprocess.run([jfmt, "-c"], input=doc, capture_output=True)
    want = 1 if b < 0x20 or b >= 0x80 else 0
    if p.returncode != want:
        bad.append("byte 0x%02x: exit %d (want %d) %r" % (b, p.returncode, want, p.stderr[:200]))
    elif want == 0 and p.stdout != doc:
        bad.append("byte 0x%02x: %r -> %r" % (b, doc, p.stdout))
    elif want == 1 and not p.stderr.startswith(b"jfmt: <stdin>:1:4: "):
        bad.append("byte 0x%02x: message %r (want it at 1:4)" % (b, p.stderr[:200]))
print("\n".join(bad))
sys.exit(1 if bad else 0)' "$JFMT"
}

@test "every byte value as a whole document: only digits are JSON" {
	run -0 py '
import subprocess, sys
jfmt, bad = sys.argv[1], []
for b in range(256):
    p = subprocess.run([jfmt, "-c"], input=bytes([b]), capture_output=True)
    want = 0 if 0x30 <= b <= 0x39 else 1
    if p.returncode != want:
        bad.append("byte 0x%02x: exit %d (want %d) %r" % (b, p.returncode, want, p.stderr[:200]))
    elif want == 1 and not p.stderr.startswith(b"jfmt: <stdin>:1:"):
        bad.append("byte 0x%02x: message %r" % (b, p.stderr[:200]))
print("\n".join(bad))
sys.exit(1 if bad else 0)' "$JFMT"
}

@test "truncated and malformed UTF-8: rejected at the bad byte" {
	local err=$BATS_TEST_TMPDIR/err
	run -1 bash -c 'printf "[\"\342\202\"]" | "$1" -c 2>"$2"' - "$JFMT" "$err"
	message_starts "$err" "jfmt: <stdin>:1:3: "
	run -1 bash -c 'printf "[\"ab\360\237\230\"]" | "$1" -c 2>"$2"' - "$JFMT" "$err"
	message_starts "$err" "jfmt: <stdin>:1:5: "
	run -1 bash -c 'printf "[\"ab\342" | "$1" -c 2>"$2"' - "$JFMT" "$err"
	message_starts "$err" "jfmt: <stdin>:1:"
	run -1 bash -c 'printf "[\377]" | "$1" -c 2>"$2"' - "$JFMT" "$err"
	message_starts "$err" "jfmt: <stdin>:1:2: "
	run -1 bash -c 'printf "{\"\200\":1}" | "$1" -c 2>"$2"' - "$JFMT" "$err"
	message_starts "$err" "jfmt: <stdin>:1:3: "
	# a multibyte character cut off by the end of the input, in a key
	run -1 bash -c 'printf "{\"\360\237" | "$1" -c 2>"$2"' - "$JFMT" "$err"
	no_sanitizer_report "$err"
	message_starts "$err" "jfmt: <stdin>:1:"
}

@test "long non-ASCII strings: kept byte for byte; a bad sequence anywhere rejected at its column" {
	# strings of every length around the 32-byte blocks of the copy that
	# checks UTF-8 (its last block is read over the one before), with a
	# bad sequence at every character in turn; escapes among them
	py '
import subprocess, sys
jfmt = sys.argv[1]
chars = ["\u4e2d", "\u6587", "a", "\u00e9", "\U0001f600", "\u3042", "\ufffd", "\uac00"]
bads = [b"\xed\xa0\x80", b"\xe4\xb8", b"\xff", b"\xc0\xaf", b"\x80", b"\xf4\x90\x80\x80"]
fail = []
def text(n, seed):
    return "".join(chars[(k * 7 + seed) % len(chars)] if (k + seed) % 13 else "\u4e2d" for k in range(n))
docs = [text(n, n) for n in range(8, 80)]
docs += [t[:len(t) // 2] + "\n\"\\/" + t[len(t) // 2:] for t in docs[::5]]
body = "[" + ",".join("\"" + d.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"" for d in docs) + "]"
out = subprocess.run([jfmt, "-c"], input=body.encode(), capture_output=True)
if out.returncode != 0 or out.stdout != body.encode() + b"\n":
    fail.append("valid strings not kept: exit %d %r" % (out.returncode, out.stderr[:200]))
for n in (10, 11, 16, 21, 22, 32, 43):
    t = text(n, n).encode()
    cuts = [k for k in range(len(t)) if t[k] < 0x80 or t[k] >= 0xc0]
    for j, at in enumerate(cuts):
        bad = bads[j % len(bads)]
        doc = b"\"" + t[:at] + bad + t[at:] + b"\""
        p = subprocess.run([jfmt, "-c"], input=doc, capture_output=True)
        want = b"jfmt: <stdin>:1:%d: " % (at + 2)
        if p.returncode != 1 or not p.stderr.startswith(want):
            fail.append("%r at byte %d of %d: exit %d %r" % (bad, at, len(t), p.returncode, p.stderr[:100]))
print("\n".join(fail[:20]))
sys.exit(1 if fail else 0)' "$JFMT"
}

@test "a number of a million digits is kept exactly" {
	local in=$BATS_TEST_TMPDIR/in mode
	py 'import sys; sys.stdout.write("[1" + "2" * 999999 + ", -0." + "3" * 1000000 + ", 1e+" + "4" * 1000000 + "]\n")' >"$in"
	local want
	want=$(tr -d ' ' <"$in" | cksum)
	[ "$("$JFMT" -c "$in" | cksum)" = "$want" ]
	[ "$("$JFMT" -c <"$in" | cksum)" = "$want" ]
	[ "$("$JFMT" "$in" | tr -d ' \n' | cksum)" = "$(tr -d ' \n' <"$in" | cksum)" ]
	run -0 "$JFMT" -n "$in"
	# as a whole document with no newline after it
	py 'import sys; sys.stdout.write("9" * 1000000)' >"$in"
	[ "$("$JFMT" -c <"$in" | head -c 1000000 | cksum)" = "$(cksum <"$in")" ]
	[ "$("$JFMT" -c <"$in" | wc -c)" -eq 1000001 ]
}

@test "a million top-level values, one a line" {
	[ "$(seq 1 1000000 | "$JFMT" -c | cksum)" = "$(seq 1 1000000 | cksum)" ]
	[ "$(seq 1 1000000 | "$JFMT" --seq | tr -d '\036' | cksum)" = "$(seq 1 1000000 | cksum)" ]
	[ "$(yes '{}' | head -n 1000000 | "$JFMT" -n | wc -c)" -eq 0 ]
}

# --- Inputs the fuzzer found (tests/fuzz) ---

@test "fuzz: --ascii escapes DEL in long strings too" {
	# DEL was escaped in short strings but left raw in runs scanned 16
	# bytes at a time.
	local s
	for s in 'a' 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' '€ ' '))))))))))))))))))))'; do
		run -0 bash -c 'printf "[\"%s\177%s\"]" "$2" "$2" | "$1" -c -a' - "$JFMT" "$s"
		echo "[$s] -> $(printf '%s' "$output" | cat -v)"
		[[ $output != *$'\177'* ]]
		[[ $output == *'\u007f'* ]]
	done
	run -0 bash -c 'printf "{\"\303\251\": \"\342\202\254 \360\237\230\200 \177 ))))))))))))))))))))))\303\274\"}" | "$1" -a' - "$JFMT"
	[[ $output != *$'\177'* ]]
}

@test "fuzz: -S with empty keys, in a sanitizer build too" {
	# An empty first key appended nothing to a buffer not yet allocated:
	# memcpy to NULL, which UBSan stops on.
	# (jfmt runs without bats's `run`, which costs more than jfmt here)
	local doc mode out=$BATS_TEST_TMPDIR/out
	for doc in '{"":1}' '{"":1,"":2}' '[{"":{}}]' '{"a":{"":[]}}' '{"":{"":{"":0}}}'; do
		for mode in "-S -c" -S "-S -a"; do
			# shellcheck disable=SC2086
			jfmt_ok "$out" $mode <<<"$doc"
			[ "$("$JFMT" -c <"$out")" = "$doc" ]
		done
	done
}

@test "fuzz: -S with empty objects, in a sanitizer build too" {
	# An object with no members, before any member was ever captured, took
	# the address of an entry in an array not yet allocated (clang's UBSan
	# stops on it: the fuzz seed sort-empty-object replays it).
	# (jfmt runs without bats's `run`, which costs more than jfmt here)
	local doc mode out=$BATS_TEST_TMPDIR/out
	for doc in '{}' '[{}]' '[[],{},[[0],{},[]]]' '{"a":{}}' '[{},{"b":{},"a":{}}]'; do
		for mode in "-S -c" -S "-S --tab -a"; do
			# shellcheck disable=SC2086
			jfmt_ok "$out" $mode <<<"$doc"
			[ "$("$JFMT" -S -c <"$out")" = "$("$JFMT" -S -c <<<"$doc")" ]
		done
	done
	[ "$("$JFMT" -S -c <<<'[{},{"b":{},"a":{}}]')" = '[{},{"a":{},"b":{}}]' ]
}

@test "fuzz: a read of only spaces inside a string keeps the string's start" {
	# A read of white space was taken to be between tokens and let go,
	# though it was inside a string: the error below lost its column.
	run -1 --separate-stderr bash -c "$(declare -f py pieces); printf '{\"ab\": \"te her \335sotx \\\\ud800 here\"4}\n' | pieces 14,1,30 \"\$1\"" - "$JFMT"
	[ "${stderr%%$'\n'*}" = "jfmt: <stdin>:1:16: invalid UTF-8 in a string (byte 0xdd)" ]
	run -0 bash -c "$(declare -f py pieces); printf '[\"ab  \\\\ud800\"]\n' | pieces 4,1,1,30 \"\$1\" -c" - "$JFMT"
	[ "$output" = '["ab  \ud800"]' ]
}

@test "fuzz: a string where ',' or '}' belongs, in reads of 1 and 3 bytes and whole: located at its quote" {
	# yajl moves its offset back by the length of the offending token, or
	# to the start of the read when the token began in an earlier one.
	# (slow/boundaries.bats: reads of 1 to 100 bytes.)
	string_where_comma_belongs 1 3
}

@test "a token where ',' or '}' belongs after a member of each kind, read whole or a byte at a time: located at its start" {
	# Where a member's value ends is noted two ways (a pointer into the
	# read, or a call to the reader); each must give the same column.  A
	# word's end is found after its key when nothing stands between.
	# Every kind read whole; a string, a number, a word and a container
	# also a byte at a time, and -S in reads of 3 bytes.
	# (slow/boundaries.bats: every kind in reads of 1 to 100 bytes.)
	# (jfmt runs without bats's `run`, and the whole reads untraced: both
	# cost more than jfmt here.)
	local v col cases=() want=() first err=$BATS_TEST_TMPDIR/err
	local said="missing ',' between object members"
	each_whole() {
		for v in '"x"' 12 -1.5e3 true null '{}' '[1]' '"a\\nb"' '"\u00e9"' '"é"' \
			 '"0123456789012345678901234567890123456789"'; do
			col=$(( 10 + $(printf '%s' "$v" | wc -c) ))   # columns count bytes
			jf <<<"{\"a\":$v    \"b\": 2}"
			IFS= read -r first <"$err" || true
			[ "$st $first" = "1 jfmt: <stdin>:1:$col: $said" ] || { echo "$v: $st $first"; return 1; }
			col=$(( 11 + $(printf '%s' "$v" | wc -c) ))
			jf <<<"{\"a\": $v    \"b\": 2}"
			IFS= read -r first <"$err" || true
			[ "$st $first" = "1 jfmt: <stdin>:1:$col: $said" ] || { echo "$v: $st $first"; return 1; }
			jf -S <<<"{\"a\": $v    \"b\": 2}"
			IFS= read -r first <"$err" || true
			[ "$st $first" = "1 jfmt: <stdin>:1:$col: $said" ] || { echo "$v -S: $st $first"; return 1; }
		done
	}
	untraced each_whole
	for v in '"x"' 12 true '[1]'; do
		col=$(( 10 + $(printf '%s' "$v" | wc -c) ))
		cases+=(1 -c "{\"a\":$v    \"b\": 2}"$'\n')
		want+=($'1\t'"jfmt: <stdin>:1:$col: $said")
		cases+=(1 -c "{\"a\": $v    \"b\": 2}"$'\n')
		want+=($'1\t'"jfmt: <stdin>:1:$((col + 1)): $said")
	done
	cases+=(3 -S '{"a": "é"    "b": 2}'$'\n')
	want+=($'1\t'"jfmt: <stdin>:1:15: $said")
	diff <(printf '%s\n' "${want[@]}") <(pieces_runs "${cases[@]}")
}

@test "fuzz: a lone surrogate escape over reads of one byte (heap overflow)" {
	# scan_surrogates read before the previous block when an escape was cut
	# across more than two reads; release builds wrote '?' for it.
	run --separate-stderr bash -c "$(declare -f py pieces); printf '[\"ab\\\\ud800cd\"]\n' | pieces 1 \"\$1\" -c" - "$JFMT"
	echo "exit $status, stdout $output, stderr ${stderr:0:3000}"
	[[ $stderr != *Sanitizer* ]]
	[ "$status" -eq 0 ]
	[ "$output" = '["ab\ud800cd"]' ]
}

@test "fuzz: a number or word right after another, a byte at a time and whole: located at its start" {
	# "00" and "7777-7777" are two numbers each; the error was put at the
	# start of the first, or (read in pieces) wherever the read began.
	# (slow/boundaries.bats: reads of 1 to 100 bytes.)
	run_together_in_pieces 1 100
}

@test "a string with an unpaired surrogate escape and 3 MiB of spaces before its quote is kept exactly" {
	# The spaces were taken for white space between tokens past 1 MiB, and
	# the string's start was let go: "too long to keep exactly".
	python3 -c 'import sys; sys.stdout.write("[\"a\\ud800" + " " * (3 << 20) + "\"]\n")' >lone.json
	# (3 MiB in a file: bats's `run` takes longer over it than jfmt)
	"$JFMT" -c lone.json >out.json
	[ "$(wc -c <out.json)" -eq $((3 * 1048576 + 12)) ]
	[ "$(head -c 12 out.json)" = '["a\ud800   ' ]
	[ "$(tail -c 6 out.json)" = '   "]' ]
}

@test "a token longer than memory allows: out of memory, not a crash" {
	# yajl's buffer for a token cut by reads grew with its default
	# allocator, which went on with a null pointer (SIGSEGV).
	! is_sanitizer_build || skip "a sanitizer's shadow memory needs more address space"
	py 'import sys; sys.stdout.write("[\"" + "x" * 5000000 + "\", 1")' >in.json
	local opts
	for opts in "" "-S" "--comments"; do
		run -3 --separate-stderr bash -c 'ulimit -v 16384 && exec "$1" $2 "$3"' - "$JFMT" "$opts" in.json
		[ "$stderr" = "jfmt: out of memory" ]
	done
}
