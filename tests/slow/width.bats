#!/usr/bin/env bats
# tests/slow/width.bats - --width on large inputs: memory stays bounded.
# 24 MiB from a file, and 1 GiB from a pipe.  And the oracle
# (width_helper.bash) on 40 generated documents and one 300 levels deep.

# (test_helper looks for jfmt next to tests/, one level up from here)
JFMT="${JFMT:-$BATS_TEST_DIRNAME/../../jfmt}"
load ../test_helper
load ../width_helper

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

@test "--width equals json-stringify-pretty-compact on generated documents" {
	need_oracle
	need_cmd python3
	python3 - <<'EOF'
import json, random
rng = random.Random(14)
CHARS = 'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789_-/.,:[]{}"\\\n\t\u0001'

def text(n):
    return ''.join(rng.choice(CHARS) for _ in range(rng.randint(0, n)))

def value(depth):
    r = rng.random()
    if depth > 5 or r < 0.35:
        return rng.choice([rng.randint(-99, 999), rng.randint(0, 9), text(12),
                           True, False, None])
    if r < 0.7:
        return [value(depth + 1) for _ in range(rng.randint(0, 9))]
    return {text(8): value(depth + 1) for _ in range(rng.randint(0, 7))}

for k in range(40):
    doc = value(0) if k % 4 else [value(1) for _ in range(rng.randint(5, 30))]
    with open('gen%02d.json' % k, 'w') as f:
        json.dump(doc, f)
EOF
	same_as_oracle gen*.json
}

@test "--width equals json-stringify-pretty-compact on lines indented past 126 and past 1024 columns" {
	# Separators up to 126 columns are copied in a fixed room, longer
	# ones up to 1024 in room checked by their length, deeper ones
	# appended (at --indent 4, 300 levels reach 1200 columns).
	need_oracle
	need_cmd python3
	python3 -c '
import json
doc = {"z": [1, 2]}
for i in range(300):
    doc = {"k": i, "s": "str", "l": [i, "x", True, None, [], {"a": 1}], "e": {}, "o": doc}
json.dump([doc, [[[[[[[[[[[[[[[[[[[[["deep", 1, {"b": None}]]]]]]]]]]]]]]]]]]]]]], open("deep.json", "w"))
'
	same_as_oracle deep.json
}
