#!/usr/bin/env bats
# tests/options.bats - the options that change what is written: --sort-keys,
# --ascii, --escape-slash, colour, --validate, --comments, --seq, the byte order
# mark, and their combinations.

load test_helper

ESC=$'\033'

# sgr CODE TEXT: TEXT coloured with the SGR parameters CODE, as jfmt writes it.
sgr() {
	printf '\033[%sm%s\033[0m' "$1" "$2"
}

# A document for the string options: non-ASCII in keys and values, astral
# characters, DEL, slashes, control characters.
unicode_doc() {
	printf '%s' '{"z\u00e9":"caf\u00e9 \u20ac \ud83d\ude00 \u007f a/b \u0001","a/":["\u4e2d\u6587","\u2028",{"\u00fc":"x"}],"A":"\t"}' >"$1"
}

# --- --sort-keys ---

@test "-S and --sort-keys sort keys at every level" {
	in='{"b":{"y":1,"x":[{"d":1,"c":2}]},"a":[{"f":{"h":1,"g":2},"e":0}],"c":null}'
	want='{"a":[{"e":0,"f":{"g":2,"h":1}}],"b":{"x":[{"c":2,"d":1}],"y":1},"c":null}'$'\n'
	fmt_is "$in" "$want" -S -c
	fmt_is "$in" "$want" --sort-keys -c
}

@test "-S: pretty output of a sorted object" {
	fmt_is '{"b":[1,{"d":null,"c":true}],"a":{}}' '{
  "a": {},
  "b": [
    1,
    {
      "c": true,
      "d": null
    }
  ]
}
' -S
}

@test "-S: keys are compared as bytes" {
	fmt_is '{"b":1,"aa":2,"a":3,"B":4,"A":5,"\u00e9":6,"z":7,"\u007f":8,"a\u0000":9,"":10,"_":11}' \
		'{"":10,"A":5,"B":4,"_":11,"a":3,"a\u0000":9,"aa":2,"b":1,"z":7,"'$'\x7f''":8,"é":6}'$'\n' -S -c
}

@test "-S: escaped keys sort by what they decode to" {
	# "\u0062" is "b": it sorts after "a", although a backslash sorts after letters.
	fmt_is '{"\u0062":1,"a":2,"\u0041":3}' $'{"A":3,"a":2,"b":1}\n' -S -c
}

@test "-S: duplicate keys are kept, in input order among themselves" {
	fmt_is '{"b":1,"a":"first","b":2,"a":"second","b":3,"a":"third"}' \
		$'{"a":"first","a":"second","a":"third","b":1,"b":2,"b":3}\n' -S -c
	fmt_is '{"k":{"y":1,"x":1},"k":{"y":2,"x":2}}' \
		$'{"k":{"x":1,"y":1},"k":{"x":2,"y":2}}\n' -S -c
}

@test "-S: every document of a stream is sorted" {
	fmt_is $'{"b":1,"a":2}\n[{"d":1,"c":2}]\n"s"\n{"y":{"z":1,"x":2}}\n' \
		$'{"a":2,"b":1}\n[{"c":2,"d":1}]\n"s"\n{"y":{"x":2,"z":1}}\n' -S -c
}

@test "-S: values are copied exactly while sorting" {
	fmt_is '{"n":1E400,"m":-0.0,"s":"\/\u00e9\u0000","e":[],"o":{}}' \
		$'{"e":[],"m":-0.0,"n":1E400,"o":{},"s":"/\xc3\xa9\\u0000"}\n' -S -c
}

@test "-S: a deeply nested sorted document" {
	need_cmd python3
	python3 -c 'print("{\"b\":0,\"a\":" * 3000 + "1" + "}" * 3000, file=open("deep.json", "w"))
print("{\"a\":" * 3000 + "1" + ",\"b\":0}" * 3000, file=open("want.json", "w"))'
	same_as_file deep.json want.json -S -c
}

@test "-S matches json.tool --sort-keys on generated documents" {
	need_cmd python3
	python3 - <<'EOF'
import json, random
rnd = random.Random(11)
keys = ['b', 'a', 'B', 'aa', 'a b', '\u00e9', 'z', '\u20ac', '\U0001f600', '0', '', '\x7f']
def value(d):
    r = rnd.random()
    if d > 5 or r < 0.3:
        return rnd.choice([None, True, False, 1, -2, 'x/y', '\u00fc\n'])
    if r < 0.6:
        return [value(d + 1) for _ in range(rnd.randint(0, 4))]
    return {k: value(d + 1) for k in rnd.sample(keys, rnd.randint(0, len(keys)))}
with open('doc.json', 'w', encoding='utf-8') as f:
    f.write(json.dumps([value(0) for _ in range(30)], ensure_ascii=False))
EOF
	same_as_python doc.json -S "--no-ensure-ascii --sort-keys --indent 2" \
		"-S -c" "--no-ensure-ascii --sort-keys --compact" \
		"-S --tab" "--no-ensure-ascii --sort-keys --tab"
}

# --- --ascii ---

@test "-a and --ascii write non-ASCII as lowercase \\uxxxx" {
	want=$'["\\u00e9\\u00c9\\u20ac\\u4e2d","plain"]\n'
	fmt_is '["é\u00C9€中","plain"]' "$want" -a -c
	fmt_is '["é\u00C9€中","plain"]' "$want" --ascii -c
}

@test "-a writes astral characters as surrogate pairs" {
	fmt_is '["😀","\ud834\udd1e"]' $'["\\ud83d\\ude00","\\ud834\\udd1e"]\n' -a -c
	fmt_is '"\uD83D\uDE00"' $'"\\ud83d\\ude00"\n' -a -c
}

@test "-a writes DEL as \\u007f; without it DEL is raw" {
	fmt_is $'"a\x7fb"' $'"a\\u007fb"\n' -a -c
	fmt_is '"a\u007fb"' $'"a\\u007fb"\n' -a -c
	fmt_is '"a\u007fb"' $'"a\x7fb"\n' -c
}

@test "-a escapes keys too and keeps the other escapes minimal" {
	fmt_is '{"é\/\n":"\u0001\"\\x"}' $'{"\\u00e9/\\n":"\\u0001\\"\\\\x"}\n' -a -c
}

@test "-a output is pure ASCII" {
	unicode_doc doc.json
	"$JFMT" -a doc.json >out.json
	run -1 grep -P '[^\x00-\x7f]' out.json
	"$JFMT" doc.json >raw.json
	grep -q -P '[^\x00-\x7f]' raw.json
}

@test "-a matches json.tool (ensure_ascii) on a generated document" {
	need_cmd python3
	unicode_doc doc.json
	same_as_python doc.json -a "--indent 2" "-a -c" "--compact"
}

@test "corpus: -a matches json.tool without --no-ensure-ascii" {
	need_shared corpus/twitter.json
	need_cmd python3
	same_as_python "$CORPUS/twitter.json" -a "--indent 2" "-a -c" "--compact"
}

@test "corpus: -a -S matches json.tool --sort-keys without --no-ensure-ascii" {
	need_shared corpus/twitter.json
	need_cmd python3
	same_as_python "$CORPUS/twitter.json" "-a -S" "--sort-keys --indent 2"
	unicode_doc doc.json
	same_as_python doc.json "-a -S" "--sort-keys --indent 2"
}

# --- --escape-slash ---

@test "--escape-slash writes / as \\/ in values and keys" {
	fmt_is '{"a/b":"http://x/y","c":"\/"}' $'{"a\\/b":"http:\\/\\/x\\/y","c":"\\/"}\n' --escape-slash -c
	fmt_is '"a/b"' $'"a/b"\n' -c
}

@test "--escape-slash with --ascii" {
	fmt_is '"é/€"' $'"\\u00e9\\/\\u20ac"\n' --escape-slash -a -c
}

# --- Colour ---

@test "-C, --color and --color=always colour the output with the default palette" {
	printf '{"k":[1,"s",null,true,false,{}]}' >in.json
	want="$(sgr '1;39' '{')$(sgr '34;1' '"k"')$(sgr '1;39' ':')$(sgr '1;39' '[')"
	want+="$(sgr '0;39' 1)$(sgr '1;39' ,)$(sgr '0;32' '"s"')$(sgr '1;39' ,)"
	want+="$(sgr '0;90' null)$(sgr '1;39' ,)$(sgr '0;39' true)$(sgr '1;39' ,)"
	want+="$(sgr '0;39' false)$(sgr '1;39' ,)$(sgr '1;39' '{')$(sgr '1;39' '}')"
	want+="$(sgr '1;39' ']')$(sgr '1;39' '}')"
	printf '%s\n' "$want" >want.txt
	for opt in -C --color --color=always; do
		same_as_file in.json want.txt -c "$opt" || { echo "with $opt"; return 1; }
	done
}

@test "colour in pretty output: newlines and indentation stay uncoloured" {
	printf '{"a":[1]}' >in.json
	{
		printf '%s\n' "$(sgr '1;39' '{')"
		printf '  %s%s %s\n' "$(sgr '34;1' '"a"')" "$(sgr '1;39' ':')" "$(sgr '1;39' '[')"
		printf '    %s\n' "$(sgr '0;39' 1)"
		printf '  %s\n' "$(sgr '1;39' ']')"
		printf '%s\n' "$(sgr '1;39' '}')"
	} >want.txt
	same_as_file in.json want.txt -C
}

@test "--color=never and -M give no colour" {
	printf '{"a":[1,"x",null]}' >in.json
	"$JFMT" -c in.json >plain.json
	same_as_file in.json plain.json --color=never -c
	same_as_file in.json plain.json -M -c
	same_as_file in.json plain.json --monochrome -c
	# the last colour option wins
	same_as_file in.json plain.json -C -M -c
	run -0 --separate-stderr "$JFMT" -M -C -c in.json
	[[ "$output" == *"$ESC["* ]]
}

@test "--color=auto (the default) gives no colour when stdout is not a terminal" {
	printf '{"a":[1,"x",null]}' >in.json
	run -0 --separate-stderr "$JFMT" in.json
	[[ "$output" != *"$ESC"* ]]
	run -0 --separate-stderr "$JFMT" --color=auto in.json
	[[ "$output" != *"$ESC"* ]]
}

@test "--color=auto colours a terminal, unless NO_COLOR is set" {
	need_cmd python3
	printf '{"a":[1,"x",null]}' >in.json
	# the five runs on one terminal (a python3 start each cost more than
	# jfmt), their outputs told apart by a line between them
	run -0 on_tty bash -ec '"$1" in.json; echo @@; NO_COLOR=1 "$1" in.json; echo @@
		NO_COLOR=1 "$1" --color=auto in.json; echo @@; "$1" -M in.json; echo @@
		"$1" --color=never in.json' - "$JFMT"
	local runs=() rest=$output
	while [[ $rest == *$'\n@@\n'* ]]; do
		runs+=("${rest%%$'\n@@\n'*}")
		rest=${rest#*$'\n@@\n'}
	done
	runs+=("$rest")
	[ "${#runs[@]}" -eq 5 ]
	[[ "${runs[0]}" == *"$ESC[34;1m\"a\"$ESC[0m"* ]]
	[[ "${runs[1]}" != *"$ESC"* ]]
	[[ "${runs[1]}" == *'"a": ['* ]]
	[[ "${runs[2]}" != *"$ESC"* ]]
	[[ "${runs[3]}" != *"$ESC"* ]]
	[[ "${runs[4]}" != *"$ESC"* ]]
	[[ "${runs[4]}" == *'"a": ['* ]]
}

@test "NO_COLOR does not override --color=always" {
	printf '[1]' >in.json
	NO_COLOR=1 run -0 --separate-stderr "$JFMT" --color=always -c in.json
	[ "$output" = "$(sgr '1;39' '[')$(sgr '0;39' 1)$(sgr '1;39' ']')" ]
}

@test "removing the colour sequences gives exactly the uncoloured output" {
	need_shared corpus/twitter.json
	for opts in "" "-c" "-S" "--tab" "-a" "--indent=0"; do
		# shellcheck disable=SC2086
		"$JFMT" $opts "$CORPUS/twitter.json" >plain.json
		# shellcheck disable=SC2086
		"$JFMT" $opts --color=always "$CORPUS/twitter.json" >colour.json
		grep -q "$ESC" colour.json
		strip_sgr <colour.json >stripped.json
		same_bytes plain.json stripped.json || { echo "with '$opts'"; return 1; }
	done
}

@test "JFMT_COLORS sets each class in the order null:false:true:numbers:strings:arrays:objects:keys" {
	printf '{"k":[null,false,true,1,"s"],"j":{}}' >in.json
	want="$(sgr 37 '{')$(sgr 38 '"k"')$(sgr 37 ':')$(sgr 36 '[')"
	want+="$(sgr 31 null)$(sgr 36 ,)$(sgr 32 false)$(sgr 36 ,)$(sgr 33 true)$(sgr 36 ,)"
	want+="$(sgr 34 1)$(sgr 36 ,)$(sgr '4;35' '"s"')$(sgr 36 ']')"
	want+="$(sgr 37 ,)$(sgr 38 '"j"')$(sgr 37 ':')$(sgr 37 '{')$(sgr 37 '}')$(sgr 37 '}')"
	printf '%s\n' "$want" >want.txt
	JFMT_COLORS='31:32:33:34:4;35:36:37:38' same_as_file in.json want.txt -C -c
}

@test "JFMT_COLORS: empty and missing fields keep the defaults" {
	printf '[null,false,"s",{"k":1}]' >in.json
	want="$(sgr '1;39' '[')$(sgr '0;90' null)$(sgr '1;39' ,)$(sgr 31 false)$(sgr '1;39' ,)"
	want+="$(sgr '0;32' '"s"')$(sgr '1;39' ,)$(sgr '1;39' '{')$(sgr '34;1' '"k"')"
	want+="$(sgr '1;39' ':')$(sgr '0;39' 1)$(sgr '1;39' '}')$(sgr '1;39' ']')"
	printf '%s\n' "$want" >want.txt
	JFMT_COLORS=':31' same_as_file in.json want.txt -C -c
	JFMT_COLORS=':31::::::' same_as_file in.json want.txt -C -c
}

@test "an invalid JFMT_COLORS is reported and the defaults are used" {
	printf '[null,1]' >in.json
	want="$(sgr '1;39' '[')$(sgr '0;90' null)$(sgr '1;39' ,)$(sgr '0;39' 1)$(sgr '1;39' ']')"
	for bad in 'red' '31:x' '1;31:2;3m' '31:32:33:34:35:36:37:3 8'; do
		JFMT_COLORS="$bad" run -0 --separate-stderr "$JFMT" -C -c in.json
		[ "$stderr" = "jfmt: ignoring invalid JFMT_COLORS" ] || { echo "for '$bad': $stderr"; return 1; }
		[ "$output" = "$want" ] || { echo "for '$bad'"; return 1; }
	done
}

@test "JFMT_COLORS with more than eight fields is reported and the defaults are used" {
	printf '[null,1]' >in.json
	want="$(sgr '1;39' '[')$(sgr '0;90' null)$(sgr '1;39' ,)$(sgr '0;39' 1)$(sgr '1;39' ']')"
	for bad in '31:32:33:34:35:36:37:38:39' '31:32:33:34:35:36:37:38:' '::::::::'; do
		JFMT_COLORS="$bad" run -0 --separate-stderr "$JFMT" -C -c in.json
		[ "$stderr" = "jfmt: ignoring invalid JFMT_COLORS: more than 8 fields" ] ||
			{ echo "for '$bad': $stderr"; return 1; }
		[ "$output" = "$want" ] || { echo "for '$bad'"; return 1; }
	done
	# eight, the last one empty, are fine
	JFMT_COLORS='31:32:33:34:35:36:37:' run -0 --separate-stderr "$JFMT" -C -c in.json
	[ -z "$stderr" ]
}

@test "colour never goes into a file, even with --color=always" {
	printf '{"a":[1,"x",null]}' >in.json
	"$JFMT" in.json >plain.json
	run -0 --separate-stderr "$JFMT" --color=always -o out.json in.json
	[ -z "$output" ]
	same_bytes plain.json out.json
	cp in.json edit.json
	run -0 --separate-stderr "$JFMT" -C -i edit.json
	same_bytes plain.json edit.json
}

@test "-a with --color=always: escapes inside coloured strings" {
	fmt_is '{"é":"€"}' "$(sgr '1;39' '{')$(sgr '34;1' '"\u00e9"')$(sgr '1;39' ':')$(sgr '0;32' '"\u20ac"')$(sgr '1;39' '}')"$'\n' -a -c --color=always
}

# --- --validate ---

@test "-n and --validate write nothing and exit 0 for valid input" {
	printf '{"a":[1,2]}\n[3]\n' >ok.json
	run -0 --separate-stderr "$JFMT" -n ok.json
	[ -z "$output" ]
	[ -z "$stderr" ]
	run -0 --separate-stderr "$JFMT" --validate <ok.json
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "--validate exits 1 for invalid input, with the located message" {
	printf '{"a":\n  [1,]}' >bad.json
	run -1 --separate-stderr "$JFMT" --validate bad.json
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "jfmt: bad.json:2:6: trailing comma in an array" ]
	[ "${stderr_lines[1]}" = "      [1,]}" ]
	[ "${stderr_lines[2]}" = "         ^" ]
	run -1 --separate-stderr "$JFMT" -n <bad.json
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:2:6: trailing comma in an array (--comments accepts it)" ]
}

@test "--validate reports every invalid file of several" {
	printf '[1]' >a.json
	printf '[1,,2]' >b.json
	printf '{}' >c.json
	printf '{"x" 1}' >d.json
	run -1 --separate-stderr "$JFMT" -n a.json b.json c.json d.json
	[ -z "$output" ]
	[ "${#stderr_lines[@]}" -eq 6 ]
	[ "${stderr_lines[0]}" = "jfmt: b.json:1:4: missing value before ','" ]
	[[ "${stderr_lines[3]}" == "jfmt: d.json:1:6: "* ]]
}

@test "--validate finds the errors formatting finds" {
	# (jfmt runs without bats's `run`, which costs more than jfmt here)
	local doc st first second
	for doc in '1true' '[1' '' '{"a":1,}' $'"\xff"' '[1,2]]' $'[\f1]'; do
		put in.json "$doc"
		st=0
		"$JFMT" -n in.json >out 2>err || st=$?
		[ "$st" -eq 1 ] && [ ! -s out ] || { printf 'for %q: -n exits %d\n' "$doc" "$st"; return 1; }
		IFS= read -r first <err || true
		st=0
		"$JFMT" in.json >/dev/null 2>err || st=$?
		[ "$st" -eq 1 ] || { printf 'for %q: exits %d\n' "$doc" "$st"; return 1; }
		IFS= read -r second <err || true
		[ "$second" = "$first" ] || { printf 'for %q: %s vs %s\n' "$doc" "$first" "$second"; return 1; }
	done
}

@test "--validate accepts the whole corpus" {
	need_shared corpus/twitter.json corpus/citm_catalog.json corpus/canada.json
	run -0 --separate-stderr "$JFMT" --validate "$CORPUS/twitter.json" "$CORPUS/citm_catalog.json" "$CORPUS/canada.json"
	[ -z "$output" ]
	[ -z "$stderr" ]
}

# --- --comments ---

@test "--strip-comments accepts /* */ and // comments and drops them" {
	fmt_is $'/* head */ {"a": /* in */ [1, // one\n 2 /* two */], "b"/**/:3} // tail\n' \
		$'{"a":[1,2],"b":3}\n' --strip-comments -c
	fmt_is $'// first\n[1] // after\n/* between */\n[2]\n' $'[\n  1\n]\n[\n  2\n]\n' --strip-comments
}

@test "comments are an error without --comments" {
	run -1 --separate-stderr jfmt_in '[1, /* c */ 2]'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:5: "* ]]
	run -1 --separate-stderr jfmt_in $'[1] // c\n'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:"* ]]
	run -1 --separate-stderr jfmt_in $'// c\n[1]'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:1: "* ]]
}

@test "--comments: form feeds and vertical tabs count as white space" {
	fmt_is $'[1,\f2, /* a\vb */ 3] // x\f\n' $'[1,2,3]\n' --strip-comments -c
	fmt_is $'[1,\f2, /* a\vb */ 3] // x\f\n' $'[1,2,/* a\vb */3]/* x\f */\n' --comments -c
	# a string still may not hold them raw
	run -1 --separate-stderr jfmt_in $'["a\fb"]' --comments
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:4: "* ]]
}

@test "--comments with --validate" {
	run -0 --separate-stderr jfmt_in '[1 /* c */]' --comments -n
	[ -z "$output" ]
	run -1 --separate-stderr jfmt_in '[1 /* c */]' -n
	[ -n "$stderr" ]
}

# --- --seq ---

@test "--seq writes RS before each value and LF after it" {
	printf '1\n{"a":[2]}\n"x"' | "$JFMT" --seq -c | od -An -tx1 | tr -s ' \n' ' ' >got.txt
	[ "$(cat got.txt)" = " 1e 31 0a 1e 7b 22 61 22 3a 5b 32 5d 7d 0a 1e 22 78 22 0a " ]
}

@test "--seq with pretty output: one RS per value, not per line" {
	fmt_is $'[1,2]\n3' $'\x1e[\n  1,\n  2\n]\n\x1e3\n' --seq
	printf '[1,2]\n3' | "$JFMT" --seq >out.txt
	[ "$(tr -cd '\036' <out.txt | wc -c)" -eq 2 ]
	[ "$(head -c 1 out.txt | od -An -tx1 | tr -d ' ')" = 1e ]
}

@test "--seq with -S" {
	printf '{"b":1,"a":2}\n{"d":{"f":1,"e":2}}' | "$JFMT" --seq -S -c | od -An -tx1 -v | tr -d ' \n' >got.txt
	[ "$(cat got.txt)" = "$(printf '\036{"a":2,"b":1}\n\036{"d":{"e":2,"f":1}}\n' | od -An -tx1 -v | tr -d ' \n')" ]
}

@test "--seq --comments: comments that begin the output begin its first record, which reads back" {
	printf '// c\n{"a":1}\n' >in.json
	"$JFMT" --seq --comments -c in.json >out
	printf '\036/* c */{"a":1}\n' >want
	same_bytes want out
	"$JFMT" --seq --comments in.json >out
	printf '\036// c\n{\n  "a": 1\n}\n' >want
	same_bytes want out
	# it is a text sequence, whose comments jfmt reads back, as it wrote them
	run -0 "$JFMT" -n --comments out
	"$JFMT" --seq --comments out >again
	same_bytes out again
	# the comments before a later value close the record before it
	printf '1\n// c\n2\n' | "$JFMT" --seq --comments >out
	printf '\0361\n// c\n\0362\n' >want
	same_bytes want out
	# comments alone are no record
	printf '// c\n' | "$JFMT" --seq --comments >out
	printf '// c\n' >want
	same_bytes want out
}

# --- Byte order mark ---

@test "a leading UTF-8 BOM is skipped, from a file and from standard input" {
	printf '\357\273\277{"a":[1]}' >bom.json
	printf '{"a":[1]}' >plain.json
	for opts in "" "-c" "-S" "--tab" "-a" "--seq" "-C"; do
		# shellcheck disable=SC2086
		"$JFMT" $opts plain.json >want.out
		# shellcheck disable=SC2086
		same_as_file bom.json want.out $opts || { echo "file, with '$opts'"; return 1; }
		# shellcheck disable=SC2086
		"$JFMT" $opts <bom.json >got.out
		same_bytes want.out got.out || { echo "stdin, with '$opts'"; return 1; }
	done
}

@test "a BOM is skipped by --validate, -o and -i" {
	printf '\357\273\277[1,2]' >bom.json
	run -0 --separate-stderr "$JFMT" -n bom.json
	[ -z "$stderr" ]
	run -0 --separate-stderr "$JFMT" -n <bom.json
	[ -z "$stderr" ]
	run -0 --separate-stderr "$JFMT" -c -o out.json bom.json
	[ "$(cat out.json)" = "[1,2]" ]
	run -0 --separate-stderr "$JFMT" -c -i bom.json
	[ "$(od -An -c bom.json | tr -s ' ')" = " [ 1 , 2 ] \n" ]
}

@test "a BOM arriving a byte at a time through a pipe is skipped" {
	{
		printf '\357'
		sleep 0.1
		printf '\273'
		sleep 0.1
		printf '\277[true]'
	} | "$JFMT" -c >out.json
	[ "$(cat out.json)" = "[true]" ]
	# and in reads of exactly one byte
	run -0 bash -c "$(declare -f py pieces); printf '\357\273\277[1]\n' | pieces 1 \"\$1\" -c" - "$JFMT"
	[ "$output" = "[1]" ]
}

@test "a BOM at the start of each of several files is skipped" {
	printf '\357\273\277[1]' >a.json
	printf '\357\273\277[2]' >b.json
	run -0 --separate-stderr "$JFMT" -c a.json b.json
	[ "$output" = $'[1]\n[2]' ]
}

@test "a BOM that is not at the start is an error" {
	run -1 --separate-stderr jfmt_in $'[1,\357\273\2772]'
	[[ "${stderr_lines[0]}" == "jfmt: <stdin>:1:4: "* ]]
}
