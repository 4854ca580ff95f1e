#!/usr/bin/env bats
# tests/sortkeys.bats - --sort-keys: the order of keys (code points, escapes
# decoded, unpaired surrogates as themselves) and the memory an object
# being sorted may take (its input size times a small constant, whatever
# the depth and indentation).  Larger cases are in slow/sortkeys.bats.

load test_helper

# deep_sort_doc: 200 levels of objects out of order, each with an array
# of containers out of order, compact, on one line (the same as
# slow/sortkeys.bats's).
deep_sort_doc() {
	python3 -c '
n = 200
head = "{\"z\":%d,\"b\":[%d,[],[[\"\\n\"]],{\"d\":1,\"c\":[]}],\"a\":["
print("".join(head % (i, i) for i in range(n)) + "{}" + "]}" * n)'
}

# same_as_json_tool FILE ["JFMT OPTIONS" "JSON.TOOL OPTIONS"]...: jfmt -S
# writes FILE as python3 -m json.tool --sort-keys --no-ensure-ascii does:
# compact, at indentation 0 and 4, and with tabs; and as json.tool does
# for each pair of options given (same_as_python, one python3 run for
# all).  (json.tool keeps one of equal keys: FILE must have none.)
same_as_json_tool() {
	local file=$1 a="--sort-keys --no-ensure-ascii"
	shift
	same_as_python "$file" "-S -c" "$a --compact" "-S --indent=0" "$a --indent 0" \
		"-S --tab" "$a --tab" "-S --indent=4" "$a --indent 4" "$@"
}

@test "-S: a key with an unpaired surrogate escape sorts by its code point" {
	fmt_is '{"A":1,"\ud800":2,"?":3,">":4}' '{">":4,"?":3,"A":1,"\ud800":2}'$'\n' -S -c
	fmt_is '{"A":1,"\ud800":2,"?":3,">":4}' '{">":4,"?":3,"A":1,"\ud800":2}'$'\n' -S -c -a
}

@test "-S: unpaired surrogates sort between U+D7FF and U+E000, as Python sorts them" {
	# Code point order, not UTF-16 order: U+1F600 comes after U+FFFF.
	put in.json '{"\ud83d\ude00":1,"\ue000":2,"\udc00":3,"\ud800x":4,"\ud7ff":5,"\uffff":6,"\udbff":7,"\ud800":8,"":9}'
	same_as_python in.json "-S -c -a" "--sort-keys --compact" \
		"-S -a --indent 4" "--sort-keys --indent 4"
	# and written as UTF-8 where it can be: the same order
	jfmt_ok got -S -c in.json
	[ "$(cat got)" = '{"":9,"'$'\xed\x9f\xbf''":5,"\ud800":8,"\ud800x":4,"\udbff":7,"\udc00":3,"'$'\xee\x80\x80''":2,"'$'\xef\xbf\xbf''":6,"'$'\xf0\x9f\x98\x80''":1}' ]
}

@test "-S: escaped keys sort by the characters they stand for" {
	put in.json '{"a":1,"\\":2,"\"":3,"\n":4,"\u0001":5,"\/":6,"\u00e9":7,"\t":8,"a\u0000":9,"\u0000":10}'
	same_as_python in.json "-S -c" "--sort-keys --compact --no-ensure-ascii" \
		"-S -c -a" "--sort-keys --compact" "-S -a --tab" "--sort-keys --tab"
}

@test "-S: equal keys keep their input order, also among many" {
	fmt_is '{"b":1,"a":2,"b":3,"a":{"z":1,"y":2,"z":0},"a":4}' \
		'{"a":2,"a":{"y":2,"z":1,"z":0},"a":4,"b":1,"b":3}'$'\n' -S -c
	python3 -c '
print("{" + ",".join("\"k%d\":%d" % (i % 7, i) for i in range(100)) + "}", file=open("in.json", "w"))
m = sorted(range(100), key=lambda i: (i % 7, i))
print("{" + ",".join("\"k%d\":%d" % (i % 7, i) for i in m) + "}", file=open("want", "w"))'
	same_as_file in.json want -S -c
}

@test "-S: the corpus as python3 -m json.tool --sort-keys writes it, at indentation 4, with tabs, compact and -a" {
	# twitter.json in the four, citm_catalog.json at indentation 4 (each
	# in every one of them, and in the default layout: slow/sortkeys.bats;
	# Python takes 0.1 s to write citm_catalog.json in each)
	need_shared corpus/citm_catalog.json corpus/twitter.json
	local f=$CORPUS/twitter.json
	py_dumps "$f" "$T/p4=sort_keys=True,ensure_ascii=False,indent=4" \
		"$T/pt=sort_keys=True,ensure_ascii=False,indent='\t'" \
		"$T/pc=sort_keys=True,ensure_ascii=False,separators=(',',':')" \
		"$T/pa=sort_keys=True,indent=2"
	same_as_file "$f" "$T/p4" -S --indent 4
	same_as_file "$f" "$T/pt" -S --tab
	same_as_file "$f" "$T/pc" -S -c
	same_as_file "$f" "$T/pa" -S -a
	f=$CORPUS/citm_catalog.json
	py_dumps "$f" "$T/p4=sort_keys=True,ensure_ascii=False,indent=4"
	same_as_file "$f" "$T/p4" -S --indent 4
}

@test "-S: deep nesting, out of order at every level, indented deeper than 128 levels" {
	# Depths past 127 take more than one byte in the capture.
	python3 -c '
n = 300
print("{\"b\":0,\"a\":" * n + "[1,{}]" + "}" * n)' >in.json
	same_as_python in.json "-S --indent 3" "--sort-keys --indent 3" \
		"-S --indent 16" "--sort-keys --indent 16" "-S --indent 0" "--sort-keys --indent 0"
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

@test "-S: objects just under and just over 64 KiB, out of order, in arrays and objects" {
	# Objects whose members span at most 64 KiB in the capture are put in
	# order in place, larger ones are noted and reordered when written out.
	# With -c the members of each big() span the size given: 64 KiB - 1
	# and 64 KiB are rewritten, 64 KiB + 1 is noted.  Indented, the
	# capture holds 1,500 to 2,500 bytes more, and only the one 4,000
	# under is rewritten.  Their values hold small objects out of order,
	# rewritten inside them.
	python3 -c '
import json, random
r = random.Random(64)
def value(i):
    if i % 5 == 0:
        return {"y": i, "x": [i, {"d": 1, "c": "\u00e9\n"}], "w": "\"q\""}
    if i % 5 == 1:
        return [{"b": i, "a": []}, [], [[]], "s"]
    return "v" * r.randint(100, 400)
def text(v):
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))
def big(size):
    keys = ["k%03d" % i for i in range(200)]
    r.shuffle(keys)
    members = ["\"%s\":%s" % (k, text(value(i))) for i, k in enumerate(keys[1:])]
    rest = size - len(",".join(members).encode()) - len(",\"%s\":\"\"" % keys[0])
    members.insert(r.randrange(len(members)), "\"%s\":\"%s\"" % (keys[0], "p" * rest))
    inner = ",".join(members)
    assert len(inner.encode()) == size
    return "{" + inner + "}"
K = 65536
print("[{\"outer_b\":[" + big(K - 1) + "],\"outer_a\":{\"z\":" + big(K) +
      ",\"y\":[{\"q\":" + big(K + 1) + ",\"p\":0}]}}," + big(K - 4000) + "," +
      big(K + 4000) + "]")' >in.json
	same_as_json_tool in.json
}

@test "-S: many objects with the same keys out of order, then objects alike but not the same" {
	# The order found for an object is tried on the next whose keys have
	# the same prefixes; it must be checked against that object's keys.
	python3 -c '
import json, random
r = random.Random(8)
docs = []
def obj(keys):
    return "{" + ",".join("%s:%s" % (json.dumps(k, ensure_ascii=False), json.dumps(r.randint(0, 99)))
                          for k in keys) + "}"
user = ["screen_name", "profile_background_image_url_https", "id", "",
        "profile_background_image_url", "created_at", "a", "\u00e9", "ab"]
docs += [obj(user) for _ in range(60)]
# 64 and 65 members: the largest objects whose order is remembered, and one more
for n in (64, 65):
    keys = ["m%02d" % i for i in range(n)]
    r.shuffle(keys)
    docs += [obj(keys) for _ in range(5)]
# keys with the same first 8 bytes, so the same prefixes, in other orders
x = "xxxxxxxx"
for order in ("CAB", "CAB", "BCA", "ACB", "BAC", "CBA", "CBA", "BAC"):
    docs.append(obj([x + c for c in order]))
# a key that differs after the prefix, and a 16-byte shared head
docs += [obj(["created_at", "created_by", "a"]), obj(["created_by", "created_at", "a"]),
         obj(["profile_background_image_url_https", "profile_background_image_url", "a"]),
         obj(["profile_background_image_url", "profile_background_image_url_https", "a"])]
# one key more or fewer than the objects above
docs += [obj(user + ["zz"]), obj(user[:-1]), obj(user), obj(["c", "a", "b", "d"]),
         obj(["c", "a"]), obj(["c", "a", "b"]), obj(["c", "a", "b"])]
# and all of them again, in another order
again = docs[:]
r.shuffle(again)
print("[" + ",".join(docs) + ",{\"n\":[" + ",".join(again) + "]}]")' >in.json
	same_as_json_tool in.json
}

@test "-S: objects opened after more than 4096 open members, and objects of 10,000 members" {
	# The prefixes of only the first 4096 or so open members are noted
	# when they are written; later members' are found when their object
	# closes.  Their keys share 8-byte heads, to be told apart after them.
	python3 -c '
import json, random
r = random.Random(12)
def obj(keys, inner=None):
    items = ["%s:%d" % (json.dumps(k), r.randint(0, 9)) for k in keys]
    if inner:
        items.insert(r.randint(0, len(items)), inner)
    return "{" + ",".join(items) + "}"
def keys(n, head):
    ks = ["%s%05d" % (head, i) for i in range(n)]
    r.shuffle(ks)
    return ks
small = obj(["b", "c", "a"] + keys(30, "samehead"))
mid = obj(keys(5000, "midkey__"), "\"zz\":" + small)
print("[" + obj(keys(10000, "outerkey"), "\"inner\":" + mid) + "," + small + "]")' >in.json
	same_as_json_tool in.json
}

@test "-S: equal keys keep their input order in objects alike" {
	# The order remembered for the first puts the second's equal keys the
	# wrong way round: it is not taken.
	fmt_is '[{"xxxxxxxxC":1,"xxxxxxxxB":2,"xxxxxxxxA":3},{"xxxxxxxxB":1,"xxxxxxxxA":2,"xxxxxxxxA":3}]' \
		'[{"xxxxxxxxA":3,"xxxxxxxxB":2,"xxxxxxxxC":1},{"xxxxxxxxA":2,"xxxxxxxxA":3,"xxxxxxxxB":1}]'$'\n' -S -c
	fmt_is '[{"b":1,"a":2,"b":3,"a":4},{"b":5,"a":6,"b":7,"a":8},{"b":9,"a":0,"b":1,"a":2}]' \
		'[{"a":2,"a":4,"b":1,"b":3},{"a":6,"a":8,"b":5,"b":7},{"a":0,"a":2,"b":9,"b":1}]'$'\n' -S -c
	fmt_is '[{"b":1,"a":2,"c":3},{"b":1,"a":2,"a":3},{"b":1,"a":2,"c":3}]' \
		'[{"a":2,"b":1,"c":3},{"a":2,"a":3,"b":1},{"a":2,"b":1,"c":3}]'$'\n' -S -c
	# 40 objects of 12 members, keys equal in threes, in one order
	python3 -c '
import random
r = random.Random(3)
keys = ["k%d" % (i % 4) for i in range(12)]
r.shuffle(keys)
objs = [[(k, 100 * j + i) for i, k in enumerate(keys)] for j in range(40)]
def text(o):
    return "{" + ",".join("\"%s\":%d" % m for m in o) + "}"
with open("in.json", "w") as f:
    f.write("[" + ",".join(text(o) for o in objs) + "]\n")
with open("want", "w") as f:
    f.write("[" + ",".join(text(sorted(o, key=lambda m: m[0])) for o in objs) + "]\n")'
	same_as_file in.json want -S -c
}

@test "-S: arrays and escaped strings in sorted objects, compact, at indentation 0 and 4, with tabs" {
	put in.json '{"z":[],"y":[[],[[]],[{}]],"x":[{"b":[1,{"d":[],"c":"\n"}],"a":"\""},[{"q":1,"p":[]}]],
"\u00e9":"\u00e9","\n":"a\nb","\"":"\\","é\"\n":[{"\t":"\u0001","":"é"}],"":{},"a":{"b":[],"a":[[1,2],[]]}}'
	same_as_json_tool in.json "-S -c -a" "--sort-keys --compact" \
		"-S -a --indent=4" "--sort-keys --indent 4" "-S -a --tab" "--sort-keys --tab"
}

@test "-S: keys that differ after 8 or 16 bytes, are prefixes of others, are empty or not ASCII" {
	# Keys compare 8 bytes at a time, and first by their first 8 bytes:
	# heads of 0 to 20 "a" or "\u00e9" (so up to 40 bytes), then a
	# character of 1 to 4 bytes in UTF-8, an escape or nothing.  Code
	# point order is UTF-8 byte order (U+FFFF before U+1F600).
	python3 -c '
import json, random
r = random.Random(16)
tails = ["", "a", "b", "ab", "\u00e9", "\u00ff", "\n", "\"", "\\", "/", "\u0001", "\u0000",
         "\uffff", "\ue000", "\ud7ff", "\U0001f600", "\u00e9z", "a\"b"]
keys = [h * n + t for h in ("a", "\u00e9") for n in range(21) for t in tails]
keys = sorted(set(keys))
r.shuffle(keys)
print("{" + ",".join("%s:[%d]" % (json.dumps(k, ensure_ascii=False), i) for i, k in enumerate(keys)) + "}")' >in.json
	same_as_json_tool in.json "-S -c -a" "--sort-keys --compact" "-S -a" "--sort-keys --indent 2"
}

@test "-S: 200 levels of objects and arrays, out of order at every level" {
	# Past a depth of 128 the sort layout hands over to the general
	# callbacks, and back on the way out.  (Compact and in the default
	# layout; slow/sortkeys.bats: at indentation 0 and 4 and with tabs,
	# which Python takes 0.15 s each to write.)
	deep_sort_doc >in.json
	same_as_python in.json "-S -c" "--sort-keys --no-ensure-ascii --compact" \
		"-S" "--sort-keys --indent 2"
}
