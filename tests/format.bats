#!/usr/bin/env bats
# tests/format.bats - the layout jfmt writes: pretty (the default), --indent,
# --tab and --compact; numbers, keys and strings kept exactly; streams and
# deep nesting.  Exact bytes on small handwritten cases, python3's json.tool
# as the oracle on generated documents and on the shared corpus.

load test_helper
load deep_helper

# gen_doc FILE SEED [FILE SEED]...: write to each FILE a compact JSON
# document that json.tool reproduces exactly (no duplicate keys; floats in
# Python's repr), with nested containers, empty ones, control characters,
# quotes, slashes and non-ASCII text in strings and keys.  (One python3
# run for them all.)
gen_doc() {
	python3 - "$@" <<'EOF'
import json, random, sys
alphabet = ['a', 'b', 'Z', '0', ' ', '"', '\\', '/', '\n', '\t', '\r', '\b', '\f',
            '\x00', '\x01', '\x1f', '\x7f', '\u00e9', '\u00fc', '\u20ac', '\u2028',
            '\U0001d11e', '\U0001f600', '\u4e2d']
def text():
    return ''.join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 8)))
def scalar():
    return rnd.choice([None, True, False, 0, -1, 42, 12345678901234567, -7,
                       1.5, -0.25, 3.125, 1e100, text(), text(), ''])
def value(depth):
    if depth > 5 or rnd.random() < 0.3:
        return scalar()
    if rnd.random() < 0.5:
        return [value(depth + 1) for _ in range(rnd.randint(0, 5))]
    return {text() + str(i): value(depth + 1) for i in range(rnd.randint(0, 5))}
for name, seed in zip(sys.argv[1::2], sys.argv[2::2]):
    rnd = random.Random(int(seed))
    doc = {'root%d' % i: value(0) for i in range(8)}
    with open(name, 'w', encoding='utf-8') as f:
        f.write(json.dumps(doc, ensure_ascii=False, separators=(',', ':')))
EOF
}

# --- Pretty (the default) ---

@test "pretty: two-space indent, \"key\": value, one element per line" {
	fmt_is '{"a":1,"b":[true,false,null],"c":{"d":"e"}}' '{
  "a": 1,
  "b": [
    true,
    false,
    null
  ],
  "c": {
    "d": "e"
  }
}
'
}

@test "pretty: white space in the input does not matter" {
	fmt_is $'  {\n\t"a" :\r\n [ 1 ,2 ] ,  "b":{ }\n}  \n\n' '{
  "a": [
    1,
    2
  ],
  "b": {}
}
'
}

@test "pretty: empty containers are [] and {}" {
	fmt_is '[]' $'[]\n'
	fmt_is '{}' $'{}\n'
	fmt_is '[ [ ] , { } , [ [ ] ] ]' '[
  [],
  {},
  [
    []
  ]
]
'
	fmt_is '{"a":[],"b":{},"c":[{}]}' '{
  "a": [],
  "b": {},
  "c": [
    {}
  ]
}
'
}

@test "pretty: each top-level scalar is followed by a newline" {
	fmt_is '1' $'1\n'
	fmt_is '"x"' $'"x"\n'
	fmt_is 'null' $'null\n'
	fmt_is 'true' $'true\n'
	fmt_is 'false' $'false\n'
	fmt_is '-0.5e3' $'-0.5e3\n'
}

@test "pretty: input without a final newline gets one" {
	fmt_is '[1]' $'[\n  1\n]\n'
	fmt_is $'[1]\n' $'[\n  1\n]\n'
}

@test "pretty: arrays nested in objects nested in arrays" {
	fmt_is '[{"a":[{"b":[1,[2,{"c":null}]]}]}]' '[
  {
    "a": [
      {
        "b": [
          1,
          [
            2,
            {
              "c": null
            }
          ]
        ]
      }
    ]
  }
]
'
}

# --- --indent=N ---

@test "--indent=4 and --indent 4 indent by four spaces" {
	want='{
    "a": [
        1,
        {}
    ]
}
'
	fmt_is '{"a":[1,{}]}' "$want" --indent=4
	fmt_is '{"a":[1,{}]}' "$want" --indent 4
}

@test "--indent=0 writes newlines without indentation" {
	fmt_is '{"a":[1,{"b":2}],"c":[]}' '{
"a": [
1,
{
"b": 2
}
],
"c": []
}
' --indent=0
}

@test "--indent=1 and --indent=16" {
	fmt_is '[[1]]' $'[\n [\n  1\n ]\n]\n' --indent=1
	s16='                '
	fmt_is '[[1]]' "[
$s16[
$s16${s16}1
$s16]
]
" --indent=16
}

@test "--indent=N for every N from 0 to 16 matches json.tool --indent N" {
	need_cmd python3
	gen_doc doc.json 1
	# One python run writes what json.tool --no-ensure-ascii --indent N
	# would, for every N (json.tool itself is checked for one N below).
	python3 - <<'EOF'
import json
with open('doc.json', encoding='utf-8') as f:
    doc = json.load(f)
for n in range(17):
    with open('want%d.json' % n, 'w', encoding='utf-8') as out:
        json.dump(doc, out, indent=n, ensure_ascii=False)
        out.write('\n')
EOF
	same_as_python doc.json "--indent=5" "--no-ensure-ascii --indent 5"
	same_bytes "$T/py_out0" want5.json
	for n in $(seq 0 16); do
		"$JFMT" --indent="$n" doc.json >got.json
		same_bytes "want$n.json" got.json || { echo "with --indent=$n"; return 1; }
	done
}

@test "--indent=2 is the default" {
	printf '{"a":[1,{"b":[]}]}' >in.json
	"$JFMT" in.json >default.out
	"$JFMT" --indent=2 in.json >two.out
	same_bytes default.out two.out
	[ "$(sed -n 3p default.out)" = '    1,' ]
}

# --- --tab ---

@test "-t and --tab indent with one tab per level" {
	want=$'{\n\t"a": [\n\t\t1,\n\t\t{}\n\t],\n\t"b": true\n}\n'
	fmt_is '{"a":[1,{}],"b":true}' "$want" -t
	fmt_is '{"a":[1,{}],"b":true}' "$want" --tab
}

@test "--tab matches json.tool --tab" {
	need_cmd python3
	gen_doc doc.json 2
	same_as_python doc.json --tab "--no-ensure-ascii --tab"
}

# --- --compact ---

@test "-c and --compact remove all white space" {
	want=$'{"a":[1,2,{}],"b":{"c":null},"d":[]}\n'
	fmt_is ' { "a" : [ 1 , 2 , { } ] ,
 "b" : { "c" : null } , "d" : [ ] } ' "$want" -c
	fmt_is '{"a":[1,2,{}],"b":{"c":null},"d":[]}' "$want" --compact
}

@test "-c keeps the white space inside strings" {
	fmt_is '[ " a b ", "x : y , z" ]' $'[" a b ","x : y , z"]\n' -c
}

@test "-c writes a stream one value per line" {
	fmt_is $'{ "a" : 1 }\n[ 1,\n 2 ]\n\n"s"\n  3\nnull' $'{"a":1}\n[1,2]\n"s"\n3\nnull\n' -c
}

@test "--compact matches json.tool --compact" {
	need_cmd python3
	gen_doc doc.json 3
	same_as_python doc.json --compact "--no-ensure-ascii --compact"
}

@test "default layout matches json.tool --indent 2 on generated documents" {
	need_cmd python3
	gen_doc doc4.json 4 doc5.json 5 doc6.json 6
	for seed in 4 5 6; do
		same_as_python "doc$seed.json" "" "--no-ensure-ascii --indent 2" ||
			{ echo "with seed $seed"; return 1; }
	done
}

@test "-a: long runs of three-byte characters, across the output buffer's refills, come out as json.dumps writes them" {
	# runs of 1 to 3000 characters, some broken by another length of
	# character, written eight at a time into what room the buffer has
	need_cmd python3
	python3 - <<'EOF'
import json, random
rnd = random.Random(5)
cjk = [chr(c) for c in (0x4e2d, 0x3042, 0x0800, 0xd7ff, 0xe000, 0xff1f, 0x9f8d, 0xac00, 0xffff)]
other = ['a', ' ', '\u00e9', '\U0001f600', '"', '\n']
doc = []
for i in range(400):
    n = rnd.choice([1, 7, 8, 9, 15, 16, 17, 300, 1000, 3000])
    s = ''.join(rnd.choice(cjk) for _ in range(n))
    if i % 3 == 0:
        k = rnd.randrange(len(s) + 1)
        s = s[:k] + rnd.choice(other) + s[k:]
    doc.append(s)
with open('cjk.json', 'w', encoding='utf-8') as f:
    f.write(json.dumps(doc, ensure_ascii=False))
with open('want.json', 'w') as f:
    f.write(json.dumps(doc, separators=(',', ':')) + '\n')
EOF
	"$JFMT" -c -a cjk.json >out.json
	same_bytes want.json out.json
	[ "$(wc -c <out.json)" -gt $((1 << 20)) ]
}

@test "-c of a compact document with no escapes is the document plus a newline" {
	need_cmd python3
	python3 - <<'EOF'
import json, random
rnd = random.Random(9)
def value(d):
    r = rnd.random()
    if d > 6 or r < 0.3:
        return rnd.choice([None, True, False, 0, 17, -3, 2.5, 'plain text', 'caf\u00e9 \u20ac', ''])
    if r < 0.65:
        return [value(d + 1) for _ in range(rnd.randint(0, 4))]
    return {'k%d' % i: value(d + 1) for i in range(rnd.randint(0, 4))}
with open('compact.json', 'w', encoding='utf-8') as f:
    f.write(json.dumps([value(0) for _ in range(50)], ensure_ascii=False, separators=(',', ':')))
EOF
	"$JFMT" -c compact.json >out.json
	{ cat compact.json; echo; } >want.json
	same_bytes want.json out.json
}

@test "strings and keys of every length up to 80 with a non-ASCII character at each place are kept" {
	# ASCII text that yajl points at in its input is copied in 16-byte
	# pieces and checked by its high bits; any other byte, anywhere in
	# it, must take the path that checks its UTF-8.
	need_cmd python3
	python3 - <<'EOF2'
import json
lines = []
for n in range(81):
    for at in range(-1, n):
        s = 'a' * n if at < 0 else 'a' * at + '\u00e9' + 'a' * (n - at - 1)
        lines.append(json.dumps({s: [s, n]}, ensure_ascii=False, separators=(',', ':')))
with open('in.ndjson', 'w', encoding='utf-8') as f:
    f.write('\n'.join(lines) + '\n')
EOF2
	"$JFMT" -c in.ndjson >out.ndjson
	same_bytes in.ndjson out.ndjson
	"$JFMT" -S -c in.ndjson >out.ndjson
	same_bytes in.ndjson out.ndjson
}

@test "an invalid UTF-8 byte at each place of strings and keys up to 80 bytes: every one reported" {
	need_cmd python3
	python3 - <<'EOF2'
with open('in.ndjson', 'wb') as f:
    for n in range(1, 81):
        for at in range(n):
            s = b'a' * at + b'\xff' + b'a' * (n - at - 1)
            f.write(b'{"' + s + b'":1}\n' + b'{"k":"' + s + b'"}\n')
EOF2
	local opt
	for opt in -c -S; do
		run -1 --separate-stderr "$JFMT" $opt -k in.ndjson
		[ "$output" = "" ]
		[ "$(grep -c 'invalid UTF-8 in a string (byte 0xff)' <<<"$stderr")" -eq 6480 ]
	done
}

# --- The corpus ---

# matches_json_tool NAME: the corpus file NAME matches json.tool in the
# default layout, at indentation 4 and compact (slow/format.bats: at
# indentation 0 and 16 and with tabs; Python takes 0.1 s to write
# citm_catalog.json in each layout with an indent).
matches_json_tool() {
	need_shared "corpus/$1"
	need_cmd python3
	local f="$CORPUS/$1" a=--no-ensure-ascii
	same_as_python "$f" "" "$a --indent 2" --indent=4 "$a --indent 4" --compact "$a --compact"
}

@test "corpus: twitter.json matches json.tool (default, --indent 4, --compact)" {
	matches_json_tool twitter.json
}

@test "corpus: citm_catalog.json matches json.tool (default, --indent 4, --compact)" {
	matches_json_tool citm_catalog.json
}

@test "corpus: jfmt -c canada.json is json_reformat -m plus a newline" {
	need_shared corpus/canada.json
	need_cmd json_reformat
	{ json_reformat -m <"$CORPUS/canada.json"; echo; } >want.json
	run -0 --separate-stderr "$JFMT" -c "$CORPUS/canada.json"
	[ -z "$stderr" ]
	"$JFMT" -c "$CORPUS/canada.json" >got.json
	same_bytes want.json got.json
}

@test "corpus: pretty output compacted again equals the compact output" {
	need_shared corpus/canada.json corpus/twitter.json
	for f in "$CORPUS/canada.json" "$CORPUS/twitter.json"; do
		"$JFMT" "$f" | "$JFMT" -c >round.json
		"$JFMT" -c "$f" >direct.json
		same_bytes direct.json round.json
	done
}

# --- Values kept exactly ---

@test "numbers are kept byte for byte" {
	in='[1.0,-0.0,1E400,12345678901234567890123,1e-7,0,-1,1.5e+10,2E-3,-1234567890123456789012345678901234567890,0.10000000000000000000001]'
	fmt_is "$in" "$in"$'\n' -c
	fmt_is '{"n":1E400}' $'{\n  "n": 1E400\n}\n'
	fmt_is '-0.0' $'-0.0\n'
	fmt_is '1.0' $'1.0\n'
}

@test "numbers of every length up to 40 are kept, as members and as elements, at any place in a read" {
	# A member's number is copied 16 bytes at a time from the read.
	need_cmd python3
	python3 - <<'EOF2'
lines = []
for n in range(1, 41):
    num = '-' + '1234567890' * 4
    num = num[:n] if n > 1 else '7'
    lines.append('{"k":%s,"a":[%s,{"x":%s}],"z":%s}' % (num, num, num, num))
text = '\n'.join(lines) + '\n'
with open('in.ndjson', 'w') as f:
    f.write(text * 400)     # past the first 64 KiB read, cut anywhere
EOF2
	"$JFMT" -c in.ndjson >out.ndjson
	same_bytes in.ndjson out.ndjson
	"$JFMT" -S -c in.ndjson >out.ndjson
	python3 -c 'import json,sys; [print(json.dumps(json.loads(l), sort_keys=True, separators=(",", ":"))) for l in open("in.ndjson")]' >want.ndjson
	same_bytes want.ndjson out.ndjson
}

@test "key order and duplicate keys are kept" {
	fmt_is '{"b":1,"a":2,"b":3,"a":{"z":0,"y":1,"z":2}}' \
		$'{"b":1,"a":2,"b":3,"a":{"z":0,"y":1,"z":2}}\n' -c
	fmt_is '{"b":1,"a":2,"b":3}' $'{\n  "b": 1,\n  "a": 2,\n  "b": 3\n}\n'
}

@test "strings: quote, backslash and the short control escapes are kept" {
	fmt_is '["\"","\\","\b","\f","\n","\r","\t"]' \
		'["\"","\\","\b","\f","\n","\r","\t"]'$'\n' -c
}

@test "strings: other control bytes become lowercase \\u00xx" {
	fmt_is '["\u0001\u001F\u001e\u000B\u0000"]' '["\u0001\u001f\u001e\u000b\u0000"]'$'\n' -c
}

@test "strings: \\u0000 stays \\u0000, also inside text" {
	fmt_is '"a\u0000b"' $'"a\\u0000b"\n' -c
	fmt_is '{"\u0000":"\u0000"}' $'{"\\u0000":"\\u0000"}\n' -c
}

@test "strings: \\/ becomes /" {
	fmt_is '"a\/b\/"' $'"a/b/"\n' -c
	fmt_is '"a/b"' $'"a/b"\n' -c
}

@test "strings: other escapes become raw UTF-8" {
	fmt_is '"\u00e9\u00C9\u20ac\u2028\ud834\udd1e\u0041\u007f"' \
		$'"\xc3\xa9\xc3\x89\xe2\x82\xac\xe2\x80\xa8\xf0\x9d\x84\x9eA\x7f"\n' -c
	fmt_is '["é","€","😀"]' $'["é","€","😀"]\n' -c
}

@test "strings: escaping applies to keys too" {
	fmt_is '{"\u00e9\/\n\u0001":1}' $'{\n  "é/\\n\\u0001": 1\n}\n'
}

@test "strings: the escape output is exact at the byte level" {
	printf '"\\u0041\\t\\u00e9\\/\\u001f"' >in.json
	"$JFMT" -c in.json >out.json
	printf '"A\\t\303\251/\\u001f"\n' >want.json
	same_bytes want.json out.json
}

# --- Streams ---

@test "newline-separated values are each written in turn" {
	fmt_is $'{"a":1}\n[2,3]\n"x"\n4\n' '{
  "a": 1
}
[
  2,
  3
]
"x"
4
'
}

@test "values separated by CR LF line ends are each written" {
	fmt_is $'1\r\n[2]\r\n' $'1\n[2]\n' -c
}

@test "a long NDJSON stream comes out one line per value" {
	need_cmd python3
	python3 -c '
import json
with open("s.ndjson", "w") as f:
    for i in range(20000):
        f.write(json.dumps({"id": i, "tags": ["a", "b"], "ok": i % 2 == 0}, separators=(",", ":")) + "\n")
'
	"$JFMT" -c s.ndjson >out.ndjson
	same_bytes s.ndjson out.ndjson
	"$JFMT" s.ndjson | "$JFMT" -c >again.ndjson
	same_bytes s.ndjson again.ndjson
}

@test "a stream read in two pieces, cut anywhere, is written and reported as when read whole" {
	# each cut in one of the four layouts, of the text with or without an
	# error (slow/boundaries.bats: of each, in each)
	need_cmd python3
	cut_in_two 8
}

@test "keys followed by megabytes of white space before their values are kept" {
	# A short key is written with its value, or when its read is done
	# with: the read may be gone by the time the value comes.
	python3 -c 'import sys; sys.stdout.write("{\"a\":" + " " * 3000000 + "1,\"bb\":\n" + "\n" * 2000000 + "true}\n")' >ws.json
	run -0 "$JFMT" -c ws.json
	[ "$output" = '{"a":1,"bb":true}' ]
	run -0 bash -c 'cat ws.json | "$1" -c' - "$JFMT"
	[ "$output" = '{"a":1,"bb":true}' ]
}

@test "values of every kind after documents whose end lies in the read: each written in turn" {
	fmt_is '{"a":1}{"b":"x"}"s" 3 true null [1] {"c":{}}{"d":false}{}' $'{"a":1}\n{"b":"x"}\n"s"\n3\ntrue\nnull\n[1]\n{"c":{}}\n{"d":false}\n{}\n' -c
	run -1 --separate-stderr "$JFMT" -c -k <<<$'{"a":1}\n{"b":2,}\n{"c":"x"}\n7\n{"d":true} 8x\n"e"'
	[ "$output" = $'{"a":1}\n{"c":"x"}\n7\n{"d":true}\n8\n"e"' ]
	[ "${stderr%%$'\n'*}" = "jfmt: <stdin>:2:8: trailing comma in an object (--comments accepts it)" ]
	[[ $stderr == *$'\njfmt: <stdin>:5:13: missing white space between two values\n'* ]]
}

# --- Depth ---

@test "100,000 nested arrays: -c writes them back unchanged, from a file, with -o and from a pipe" {
	deep_compact_arrays 100000
}

@test "100,000 nested objects, and objects and arrays in turn: -c writes them back unchanged" {
	deep_compact_objects 100000
}

@test "100,000 nested arrays and objects: -n accepts them silently" {
	deep_check_only 100000
}

@test "100,000 unclosed arrays: rejected at the end, in every mode" {
	deep_unclosed 100000
}

@test "100,000 nested objects with -S: sorted (trivially) in linear time" {
	deep_sorted_once 100000 30
}

@test "depth 600, pretty, past 1024 columns, matches python" {
	# (slow/deep.bats: depth 2000; Python's encoder takes the square of
	# the depth)
	need_cmd python3
	python3 - <<'EOF' >want.json
import json, sys
sys.setrecursionlimit(100000)
with open('deep.json', 'w') as f:
    print("[{\"k\":" * 300 + "[1,{}]" + "}]" * 300, file=f)
with open('deep.json') as f:
    doc = json.load(f)
print(json.dumps(doc, indent=2, ensure_ascii=False))
EOF
	jfmt_ok got.json deep.json
	same_bytes want.json got.json
}

@test "members and elements of every kind indented past 126 and past 1024 columns match json.tool" {
	# Lines up to 126 columns are copied from the prebuilt indentation in
	# a fixed room, longer ones up to 1024 in room checked by their
	# length, deeper ones appended: every kind of value on each side of
	# both limits, with --indent=8 and 16 (and -S, which writes its own).
	need_cmd python3
	python3 -c '
import json
doc = {"z": 1}
for i in range(80):
    doc = {"k": i, "s": "str%d" % i, "t": True, "f": False, "n": None,
           "e": {}, "a": [], "l": [i, "x", True, None, {"y": -1.5e3}, [2]],
           "long key, escaped \" and é %d" % i: "text é \n", "o": doc}
open("members.json", "w").write(json.dumps(doc, separators=(",", ":")))
'
	py_dumps members.json i8="indent=8, ensure_ascii=False" i16="indent=16, ensure_ascii=False" \
		s8="indent=8, ensure_ascii=False, sort_keys=True" a16="indent=16"
	same_as_file members.json i8 --indent=8
	same_as_file members.json i16 --indent=16
	same_as_file members.json s8 -S --indent=8
	same_as_file members.json a16 -a --indent=16
	# and read in pieces of a few bytes, which end anywhere in a member
	pieces 7,13,64 "$JFMT" --indent=16 <members.json >got
	same_bytes i16 got
}
