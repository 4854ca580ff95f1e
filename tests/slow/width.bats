#!/usr/bin/env bats
# tests/slow/width.bats - --width on large inputs: memory stays bounded.

# (test_helper looks for jfmt next to tests/, one level up from here)
JFMT="${JFMT:-$BATS_TEST_DIRNAME/../../jfmt}"
load ../test_helper

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
