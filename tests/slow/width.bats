#!/usr/bin/env bats
# tests/slow/width.bats - --width on large inputs: memory stays bounded.
# 24 MiB from a file, and 1 GiB from a pipe.

# (test_helper looks for jfmt next to tests/, one level up from here)
JFMT="${JFMT:-$BATS_TEST_DIRNAME/../../jfmt}"
load ../test_helper

@test "--width: a long array of short arrays streams in bounded memory" {
	need_cmd python3
	! is_sanitizer_build || skip "a sanitizer's shadow memory makes RSS meaningless"
	[ -x /usr/bin/time ] || skip "/usr/bin/time is not installed"
	# about 24 MiB: the output flows out while the input is read
	python3 -c '
import sys
sys.stdout.write("[")
for i in range(1000000):
    sys.stdout.write("%s[%d,%d,[%d]]" % ("," if i else "", i, i * 7, i % 10))
sys.stdout.write("]")' >long.json
	/usr/bin/time -f %M -o rss "$JFMT" -j1 --width 80 long.json >out.json
	[ "$(sed -n 2p out.json)" = "  [0, 0, [0]]," ]
	[ "$(wc -l <out.json)" -eq 1000002 ]
	echo "peak RSS $(cat rss) KiB"
	[ "$(cat rss)" -le 8192 ]
}

@test "--width 80: a 1 GiB array of short arrays streams in under 8 MiB" {
	need_cmd python3
	[ -x /usr/bin/time ] || skip "/usr/bin/time is not installed"
	# written by python into the pipe as jfmt reads it: never on disk
	python3 -c '
import sys
block = ",[12345,-6.5e7,[true,null],\"short\"]" * 8192
out = sys.stdout
out.write("[[0]")
for _ in range(1024 * 1024 * 1024 // len(block)):
    out.write(block)
out.write("]\n")' |
		/usr/bin/time -f %M -o "$T/rss" "$JFMT" --width 80 | {
		IFS= read -r first && IFS= read -r second && IFS= read -r third &&
			[ "$first" = "[" ] && [ "$second" = "  [0]," ] &&
			[ "$third" = '  [12345, -6.5e7, [true, null], "short"],' ] &&
			tail -n 2 | tr '\n' '|' >"$T/tail"
	}
	[ "$(cat "$T/tail")" = '  [12345, -6.5e7, [true, null], "short"]|]|' ]
	echo "peak RSS $(cat "$T/rss") KiB"
	[ "$(cat "$T/rss")" -le 8192 ]
}
