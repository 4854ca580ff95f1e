#!/usr/bin/env bats
# tests/sortkeys.bats - --sort-keys: the order of keys (code points, escapes
# decoded, unpaired surrogates as themselves) and the memory an object
# being sorted may take (its input size times a small constant, whatever
# the depth and indentation).  Larger cases are in slow/sortkeys.bats.

load test_helper

is_sanitizer_build() {
	grep -qa -e __asan_init -e __ubsan_handle "$JFMT"
}

# need_rss: skip where peak RSS cannot be measured.
need_rss() {
	[ -x /usr/bin/time ] || skip "/usr/bin/time is not installed"
	! is_sanitizer_build || skip "a sanitizer's shadow memory makes RSS meaningless"
}

# peak_rss_kib FILE ARG...: run jfmt ARG... with its output to FILE; print
# its peak RSS in KiB (after need_rss).
peak_rss_kib() {
	local out=$1
	shift
	/usr/bin/time -o "$T/rss" -f %M "$JFMT" "$@" >"$out" 2>"$T/err" || {
		cat "$T/err"
		return 1
	}
	cat "$T/rss"
}

@test "-S: a key with an unpaired surrogate escape sorts by its code point" {
	fmt_is '{"A":1,"\ud800":2,"?":3,">":4}' '{">":4,"?":3,"A":1,"\ud800":2}'$'\n' -S -c
	fmt_is '{"A":1,"\ud800":2,"?":3,">":4}' '{">":4,"?":3,"A":1,"\ud800":2}'$'\n' -S -c -a
}

@test "-S: unpaired surrogates sort between U+D7FF and U+E000, as Python sorts them" {
	# Code point order, not UTF-16 order: U+1F600 comes after U+FFFF.
	put in.json '{"\ud83d\ude00":1,"\ue000":2,"\udc00":3,"\ud800x":4,"\ud7ff":5,"\uffff":6,"\udbff":7,"\ud800":8,"":9}'
	python3 -m json.tool --sort-keys --compact in.json >want
	same_as_file in.json want -S -c -a
	python3 -m json.tool --sort-keys --indent 4 in.json >want
	same_as_file in.json want -S -a --indent 4
	# and written as UTF-8 where it can be: the same order
	jfmt_ok got -S -c in.json
	[ "$(cat got)" = '{"":9,"'$'\xed\x9f\xbf''":5,"\ud800":8,"\ud800x":4,"\udbff":7,"\udc00":3,"'$'\xee\x80\x80''":2,"'$'\xef\xbf\xbf''":6,"'$'\xf0\x9f\x98\x80''":1}' ]
}

@test "-S: escaped keys sort by the characters they stand for" {
	put in.json '{"a":1,"\\":2,"\"":3,"\n":4,"\u0001":5,"\/":6,"\u00e9":7,"\t":8,"a\u0000":9,"\u0000":10}'
	python3 -m json.tool --sort-keys --compact --no-ensure-ascii in.json >want
	same_as_file in.json want -S -c
	python3 -m json.tool --sort-keys --compact in.json >want
	same_as_file in.json want -S -c -a
	python3 -m json.tool --sort-keys --tab in.json >want
	same_as_file in.json want -S -a --tab
}

@test "-S: equal keys keep their input order, also among many" {
	fmt_is '{"b":1,"a":2,"b":3,"a":{"z":1,"y":2,"z":0},"a":4}' \
		'{"a":2,"a":{"y":2,"z":1,"z":0},"a":4,"b":1,"b":3}'$'\n' -S -c
	python3 -c '
import sys
print("{" + ",".join("\"k%d\":%d" % (i % 7, i) for i in range(100)) + "}")' >in.json
	python3 -c '
import sys
m = sorted(range(100), key=lambda i: (i % 7, i))
print("{" + ",".join("\"k%d\":%d" % (i % 7, i) for i in m) + "}")' >want
	same_as_file in.json want -S -c
}

@test "-S: the corpus as python3 -m json.tool --sort-keys writes it, at every indentation" {
	need_shared corpus/citm_catalog.json corpus/twitter.json
	local f
	for f in "$CORPUS/citm_catalog.json" "$CORPUS/twitter.json"; do
		py_dumps "$f" "$T/p4=sort_keys=True,ensure_ascii=False,indent=4" \
			"$T/pt=sort_keys=True,ensure_ascii=False,indent='\t'" \
			"$T/pc=sort_keys=True,ensure_ascii=False,separators=(',',':')" \
			"$T/pa=sort_keys=True,indent=2"
		same_as_file "$f" "$T/p4" -S --indent 4
		same_as_file "$f" "$T/pt" -S --tab
		same_as_file "$f" "$T/pc" -S -c
		same_as_file "$f" "$T/pa" -S -a
	done
}

@test "-S: deep nesting, out of order at every level, indented deeper than 128 levels" {
	# Depths past 127 take more than one byte in the capture.
	python3 -c '
n = 300
print("{\"b\":0,\"a\":" * n + "[1,{}]" + "}" * n)' >in.json
	python3 -m json.tool --sort-keys --indent 3 in.json >want
	same_as_file in.json want -S --indent 3
	python3 -m json.tool --sort-keys --indent 16 in.json >want
	same_as_file in.json want -S --indent 16
	python3 -m json.tool --sort-keys --indent 0 in.json >want
	same_as_file in.json want -S --indent 0
}

@test "-S: memory for deep pretty nesting grows with the input, not the output" {
	# 2,000 levels of {"b":0,"a": ... }: 24 KB in, 12 MB out.  Held as
	# written, the capture alone took the 12 MB (14 MB peak).
	need_rss
	python3 -c '
n = 2000
print("{\"b\":0,\"a\":" * n + "1" + "}" * n)' >in.json
	rss=$(peak_rss_kib out -S in.json)
	echo "peak RSS $rss KiB"
	[ "$rss" -lt 8192 ]
	[ "$(wc -c <out)" -eq 12036002 ]
	"$JFMT" -S -c out >a
	"$JFMT" -S -c in.json >b
	same_bytes a b
}

@test "-S: an unclosed deep document ends with the parse error, quickly and in little memory" {
	# 250 KB of [{"": repeated: the capture of the pretty output was
	# quadratic in the depth (9 GB, then "out of memory", exit 3).
	need_shared JSONTestSuite/test_parsing/n_structure_open_array_object.json
	local f="$SHARED/JSONTestSuite/test_parsing/n_structure_open_array_object.json"
	! is_sanitizer_build || skip "a sanitizer's shadow memory needs more address space"
	run -1 --separate-stderr bash -c 'ulimit -v 65536 && exec timeout 20 "$1" -S "$2"' - "$JFMT" "$f"
	[[ $stderr == *":1:250001: end of input inside the object"* ]]
	[[ $stderr != *"out of memory"* ]]
	run -1 --separate-stderr bash -c 'ulimit -v 65536 && exec timeout 20 "$1" -S --indent 16 "$2"' - "$JFMT" "$f"
	[[ $stderr == *":1:250001: end of input inside the object"* ]]
}

@test "-S: running out of memory in an object that never ends reports the invalid input" {
	# 500,000 members (8 MB), and no closing brace, under a 16 MB limit:
	# the capture is dropped when memory runs out and reading goes on.
	! is_sanitizer_build || skip "a sanitizer's shadow memory needs more address space"
	python3 -c '
import sys
sys.stdout.write("{" + ",".join("\"k%d\":%d" % (500000 - i, i) for i in range(500000)))' >in.json
	run -1 --separate-stderr bash -c 'ulimit -v 16384 && exec "$1" -S "$2"' - "$JFMT" in.json
	[[ $stderr == *"in.json:1:8277786: end of input inside the object"* ]]
	[[ $stderr != *"out of memory"* ]]
	# the same object whole: it cannot be sorted in that memory
	echo '}' >>in.json
	run -3 --separate-stderr bash -c 'ulimit -v 16384 && exec "$1" -S "$2"' - "$JFMT" in.json
	[[ $stderr == "jfmt: out of memory"* ]]
}
