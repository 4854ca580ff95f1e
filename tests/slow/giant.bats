#!/usr/bin/env bats
# slow/giant.bats - GiB-scale input, piped and never stored: one 1 GiB
# string, a 4 GiB NDJSON stream (its memory and an error after 2^32 bytes),
# 256 MiB of blank lines, a million keys to sort.  On two cores the file
# takes about a minute, the two 4 GiB streams most of it; a test that hits
# its time limit (60 s for the 1 GiB string) adds it.

load ../test_helper

# BIG TEST: one string value of 1 GiB.  jfmt should need a few seconds; the
# limit is 60 s.
@test "a single 1 GiB string value formats correctly" {
	local big='printf "\""; head -c 1073741824 /dev/zero | tr "\0" a; printf "\""'
	local want got
	want=$( { eval "$big"; echo; } | cksum)
	[ "${want#* }" = "$((1073741824 + 3))" ]
	got=$(eval "$big" | { timeout 60 "$JFMT" -c; echo "exit $?" >"$BATS_TEST_TMPDIR/status"; } | cksum)
	echo "jfmt: $(cat "$BATS_TEST_TMPDIR/status") (124: timed out after 60 s)"
	echo "want: $want"
	echo "got:  $got"
	[ "$(cat "$BATS_TEST_TMPDIR/status")" = "exit 0" ]
	[ "$got" = "$want" ]
}

# One NDJSON line of 1023 bytes plus its newline, mostly string, so that the
# 4 GiB below take seconds, not minutes.
ndjson_line() {
	py '
pre = "{\"a\":[1,2,3],\"b\":\""
post = "\",\"c\":{\"d\":null}}"
print(pre + ("some text here " * 100)[:1023 - len(pre) - len(post)] + post, end="")'
}

# BIG TEST: 4 GiB + 1 KiB of NDJSON through a pipe.
@test "a 4 GiB NDJSON stream: every line out, in at most 4 MiB of memory (one thread)" {
	local line n=$(((1 << 32) / 1024 + 1))
	line=$(ndjson_line)
	[ ${#line} -eq 1023 ]
	run -0 bash -c '
		yes "$1" | head -n "$2" |
		{ timeout 180 /usr/bin/time -o "$3/rss" -f %M "$4" -j1 -c 2>"$3/err"; echo $? >"$3/status"; } |
		wc -l' - "$line" "$n" "$BATS_TEST_TMPDIR" "$JFMT"
	echo "lines out: $output (want $n); jfmt exit $(cat "$BATS_TEST_TMPDIR/status"); peak RSS $(cat "$BATS_TEST_TMPDIR/rss") KiB"
	no_sanitizer_report "$BATS_TEST_TMPDIR/err"
	[ "$(cat "$BATS_TEST_TMPDIR/status")" = 0 ]
	[ "$output" -eq "$n" ]
	if ! is_sanitizer_build; then
		# (a sanitizer's shadow memory makes RSS meaningless)
		[ "$(tail -n 1 "$BATS_TEST_TMPDIR/rss")" -le 4096 ]
	fi
}

@test "256 MiB of blank lines between two values: kept in under 8 MiB of memory (one thread)" {
	run -0 bash -c '
		{ echo 1; head -c 268435456 /dev/zero | tr "\0" "\n"; echo 2; } |
		{ /usr/bin/time -o "$1/rss" -f %M "$2" -j1 -c 2>"$1/err"; echo $? >"$1/status"; }' \
		- "$BATS_TEST_TMPDIR" "$JFMT"
	echo "output: $output; jfmt exit $(cat "$BATS_TEST_TMPDIR/status"); peak RSS $(cat "$BATS_TEST_TMPDIR/rss") KiB"
	[ "$(cat "$BATS_TEST_TMPDIR/status")" = 0 ]
	[ "$output" = "$(printf '1\n2')" ]
	if ! is_sanitizer_build; then
		[ "$(tail -n 1 "$BATS_TEST_TMPDIR/rss")" -lt 8192 ]
	fi
}

# BIG TEST: an error past 2^32 bytes is reported on the right line.
@test "an invalid line after 4 GiB of NDJSON: reported at line N+1, column 6" {
	local line n=$(((1 << 32) / 1024))
	line=$(ndjson_line)
	# n lines are exactly 2^32 bytes: the bad comma is at offset 2^32 + 5.
	run -0 bash -c '
		{ yes "$1" | head -n "$2"; printf "{\"a\":,}\n"; } |
		{ timeout 180 "$4" -c 2>"$3/err"; echo $? >"$3/status"; } |
		wc -l' - "$line" "$n" "$BATS_TEST_TMPDIR" "$JFMT"
	echo "lines out: $output (want $n); jfmt exit $(cat "$BATS_TEST_TMPDIR/status")"
	no_sanitizer_report "$BATS_TEST_TMPDIR/err"
	[ "$(cat "$BATS_TEST_TMPDIR/status")" = 1 ]
	# The valid lines before it were written, then perhaps "{"a":" of the
	# bad one.
	[ "$output" -ge "$n" ] && [ "$output" -le $((n + 1)) ]
	message_starts "$BATS_TEST_TMPDIR/err" "jfmt: <stdin>:$((n + 1)):6: "
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/err")" = '    {"a":,}' ]
	[ "$(sed -n 3p "$BATS_TEST_TMPDIR/err")" = '         ^' ]
}

@test "a key of a megabyte, and a million keys with -S" {
	local in=$BATS_TEST_TMPDIR/in
	py 'import sys; sys.stdout.write("{\"" + "k" * 1048576 + "\":1}\n")' >"$in"
	[ "$("$JFMT" -c "$in" | cksum)" = "$(cksum <"$in")" ]
	py '
import random, sys
keys = ["k%d" % i for i in range(1000000)]
random.shuffle(keys)
sys.stdout.write("{" + ",".join("\"%s\":%s" % (k, k[1:]) for k in keys) + "}\n")' >"$in"
	run -0 bash -c '"$1" -S -c "$2" | cksum' - "$JFMT" "$in"
	[ "$output" = "$(py '
import sys
keys = sorted("k%d" % i for i in range(1000000))
sys.stdout.write("{" + ",".join("\"%s\":%s" % (k, k[1:]) for k in keys) + "}\n")' | cksum)" ]
}
