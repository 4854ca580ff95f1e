#!/usr/bin/env bats
# slow/stress.bats - long random and exhaustive runs: 100 MB of random
# bytes, hundreds of randomly damaged documents, a document read 1 to 13
# bytes at a time in every mode, the benchmark corpus in reads of odd sizes.
# The random cases draw a new seed each run and show (or keep, in build/)
# the input that failed.

load ../test_helper

@test "100 MB of random bytes: rejected with a located message, never a crash" {
	local mode err=$BATS_TEST_TMPDIR/err in=$BATS_TEST_TMPDIR/random
	head -c 100M /dev/urandom >"$in"
	for mode in -c "" -n --comments "-S -a" --seq; do
		jf $mode "$in"
		if [ "$st" -ne 1 ]; then
			cp "$in" "$TESTS_DIR/../build/random-$$.bin" 2>/dev/null || true
			echo "exit $st [$mode]; input kept as build/random-$$.bin"
			return 1
		fi
		message_starts "$err" "jfmt: $in:"
		# and through a pipe, past the first error
		jf $mode <"$in"
		[ "$st" -eq 1 ]
	done
}

@test "random bytes inside strings and between tokens: exit 0 or 1, never a crash" {
	run -0 py '
import os, random, subprocess, sys
jfmt = sys.argv[1]
rng = random.Random(int.from_bytes(os.urandom(4), "big"))
seed_docs = [b"[\"abc\", 1, {\"k\": [true, null]}]\n", b"{\"a\\ud800\": \"\\u00e9x\"}\n",
             b"\"" + "é€😀".encode() + b"\"\n", b"[-1.5e3, 0]\n"]
bad = []
for i in range(600):
    doc = bytearray(rng.choice(seed_docs))
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(3)
        pos = rng.randrange(len(doc) + 1)
        if op == 0:
            doc[pos:pos] = os.urandom(rng.randint(1, 3))
        elif op == 1 and pos < len(doc):
            doc[pos] = rng.randrange(256)
        else:
            del doc[pos:pos + rng.randint(1, 3)]
    mode = rng.choice([["-c"], [], ["-n"], ["-a"], ["-S"], ["--comments"]])
    p = subprocess.run([jfmt] + mode, input=bytes(doc), capture_output=True, timeout=10)
    if p.returncode not in (0, 1) or b"Sanitizer" in p.stderr or b"runtime error" in p.stderr:
        bad.append("%r %r: exit %d %r" % (mode, bytes(doc), p.returncode, p.stderr[:300]))
    elif p.returncode == 1 and not p.stderr.startswith(b"jfmt: <stdin>:"):
        bad.append("%r %r: message %r" % (mode, bytes(doc), p.stderr[:300]))
print("\n".join(bad))
sys.exit(1 if bad else 0)' "$JFMT"
}

# A document with every kind of thing a read can cut: escapes, surrogate
# pairs and lone surrogates, multibyte characters, numbers, words.
choppy_doc() {
	printf '%s\n' \
		'{"k\u00e9y": ["a\ud800b", "\udc00", "\ud83d\ude00", "é€😀", "\"\\\/\b\f\n\r\t"],' \
		' "n": [-0.5e+10, 123456789, true, false, null, {}, []],' \
		' "\udfaa": "\uD834\uDD1E\uDBFF", "s": "x\u0000y"}' \
		'["second", "\udead"]'
}

@test "reads of 1 to 13 bytes: the same output as from a file, lone surrogates included" {
	local size mode failures=() want got err=$BATS_TEST_TMPDIR/err
	choppy_doc >"$BATS_TEST_TMPDIR/in"
	for mode in -c "" -a -S; do
		want=$("$JFMT" $mode "$BATS_TEST_TMPDIR/in")
		for size in 1 2 3 4 5 6 7 8 9 10 11 12 13 "1,2" "5,1,1"; do
			got=$(pieces "$size" "$JFMT" $mode <"$BATS_TEST_TMPDIR/in" 2>"$err") ||
				failures+=("pieces of $size [$mode]: exit $?: $(head -n 3 "$err")")
			no_sanitizer_report "$err" || failures+=("pieces of $size [$mode]: sanitizer report")
			[ "$got" = "$want" ] || failures+=("pieces of $size [$mode]: output differs: $got")
		done
	done
	printf '%s\n' "${failures[@]}"
	[ ${#failures[@]} -eq 0 ]
}

@test "the benchmark corpus through reads of odd sizes: the same output as from the file" {
	need_shared corpus
	local f size want got
	for f in "$CORPUS"/*.json; do
		want=$("$JFMT" -c "$f" | cksum)
		for size in "1,2,3,5,8,13,21,4093" "65521,7" "$BLOCK"; do
			got=$(pieces "$size" "$JFMT" -c <"$f" | cksum)
			[ "$got" = "$want" ] || { echo "$f in pieces of $size differs"; return 1; }
		done
	done
}
