# deep_helper.bash - the cases of nesting N levels deep that format.bats
# runs 100,000 deep and slow/deep.bats a million deep: -c writes them back
# unchanged, -n accepts them, an unclosed one is rejected at its end, -S
# sorts them in linear time.  Each function fails saying what differed.

# deep_compact_arrays N: N nested arrays, from a file, with -o and from a
# pipe, come back from -c byte for byte, with nothing on standard error.
deep_compact_arrays() {
	nested arrays "$1" >deep.json
	"$JFMT" -c deep.json >out.json 2>err
	[ ! -s err ] || { echo "-c wrote to standard error:"; cat err; return 1; }
	same_bytes deep.json out.json
	"$JFMT" -c deep.json -o out2.json 2>err
	[ ! -s err ] || { echo "-c -o wrote to standard error:"; cat err; return 1; }
	cmp deep.json out2.json
	"$JFMT" -c <deep.json | cmp - deep.json
}

# deep_compact_objects N: N nested objects (with -o and from a pipe), and
# N levels of objects and arrays in turn, come back from -c byte for byte.
deep_compact_objects() {
	python3 -c 'import sys; n = int(sys.argv[1]) // 2; print("{\"a\":[" * n + "1" + "]}" * n)' "$1" >deep.json
	"$JFMT" -c deep.json >out.json
	same_bytes deep.json out.json
	nested objects "$1" >in.json
	"$JFMT" -c in.json -o out2.json 2>err
	[ ! -s err ] || { echo "-c -o wrote to standard error:"; cat err; return 1; }
	cmp in.json out2.json
	"$JFMT" -c <in.json | cmp - in.json
}

# deep_check_only N: -n accepts N nested arrays and N nested objects from
# a pipe, writing nothing at all.
deep_check_only() {
	local kind
	for kind in arrays objects; do
		nested "$kind" "$1" | "$JFMT" -n >out 2>err || { echo "-n on $kind exited $?"; cat err; return 1; }
		[ ! -s out ] && [ ! -s err ] || { echo "-n on $kind wrote something"; return 1; }
	done
}

# deep_unclosed N: N arrays opened and never closed are rejected at the
# end of the input, at column N + 1, with -c, -n and --indent=0.
deep_unclosed() {
	local mode err=$BATS_TEST_TMPDIR/err
	nested open "$1" >"$BATS_TEST_TMPDIR/in"
	for mode in -c -n --indent=0; do
		jf $mode "$BATS_TEST_TMPDIR/in"
		[ "$st" -eq 1 ] || { echo "$mode exited $st"; return 1; }
		message_starts "$err" "jfmt: $BATS_TEST_TMPDIR/in:1:$(($1 + 1)): end of input inside the array"
	done
}

# deep_sorted_once N SECONDS: -S on N nested objects of one member each
# ends within SECONDS and writes them back unchanged.  Sorting must not
# copy the inner levels again at every level (N^2 bytes).
deep_sorted_once() {
	local st=0
	nested objects "$1" >"$BATS_TEST_TMPDIR/in"
	timeout "$2" "$JFMT" -S -c "$BATS_TEST_TMPDIR/in" -o "$BATS_TEST_TMPDIR/out" || st=$?
	[ "$st" -eq 0 ] || { echo "-S exited $st (124: timed out after $2 s)"; return 1; }
	cmp "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/out"
}
