#!/usr/bin/env bats
# tests/slow/sortkeys.bats - --sort-keys on large objects: peak memory at
# most three times the largest object, plus 2 MiB; the corpus sorted in
# five layouts as json.tool sorts it; 200 levels out of order in the
# layouts sortkeys.bats leaves out.

# test_helper finds jfmt next to the directory of the test file
JFMT="${JFMT:-$BATS_TEST_DIRNAME/../../jfmt}"
load ../test_helper

# rss_within FILE ARG...: jfmt ARG... FILE sorts FILE as Python does, in a
# peak RSS of at most 3 x its size + 2 MiB.
rss_within() {
	local file=$1
	shift
	[ -x /usr/bin/time ] || skip "/usr/bin/time is not installed"
	! is_sanitizer_build || skip "a sanitizer's shadow memory makes RSS meaningless"
	/usr/bin/time -o "$T/rss" -f %M "$JFMT" "$@" "$file" >"$T/out" || return 1
	local size rss limit
	size=$(wc -c <"$file")
	rss=$(cat "$T/rss")
	limit=$(( (3 * size + 2 * 1048576) / 1024 ))
	echo "jfmt $*: peak RSS $rss KiB for an object of $((size / 1024)) KiB (limit $limit KiB)"
	[ "$rss" -le "$limit" ]
}

@test "-S: 1,000,000 shuffled members in at most 3x the object + 2 MiB" {
	python3 -c '
import random
r = random.Random(1)
ks = list(range(1000000))
r.shuffle(ks)
print("{" + ",".join("\"k%d\":%d" % (k, k) for k in ks) + "}")' >in.json
	python3 -c '
print("{" + ",".join("\"k%d\":%d" % (k, k) for k in sorted(range(1000000), key=lambda k: "k%d" % k)) + "}")' >want
	rss_within in.json -S -c
	same_bytes want "$T/out"
	rss_within in.json -S
	rss_within in.json -S --indent 16
}

@test "-S: 200,000 out-of-order objects in one, in at most 3x its size + 2 MiB" {
	python3 -c '
import random
r = random.Random(2)
keys = ["id", "name", "text", "created_at", "user", "lang", "retweet_count",
        "favorited", "entities", "source", "geo", "place"]
def obj():
    r.shuffle(keys)
    return "{" + ",".join("\"%s\":%s" % (k, r.choice(["1", "\"abcdefghijklmnop\"", "true", "null", "[1,2,3]"])) for k in keys) + "}"
print("{\"items\":[" + ",".join(obj() for _ in range(200000)) + "]}")' >in.json
	rss_within in.json -S -c
	python3 -m json.tool --sort-keys --compact in.json >want
	same_bytes want "$T/out"
	rss_within in.json -S
}

@test "corpus: -S matches json.tool --sort-keys (pretty, -c, --tab, --indent 4, -a)" {
	# (sortkeys.bats: twitter.json in the last four, citm_catalog.json at
	# indentation 4)
	need_shared corpus/twitter.json corpus/citm_catalog.json
	need_cmd python3
	local a="--no-ensure-ascii --sort-keys"
	for f in "$CORPUS/twitter.json" "$CORPUS/citm_catalog.json"; do
		same_as_python "$f" -S "$a --indent 2" "-S -c" "$a --compact" "-S --tab" "$a --tab" \
			"-S --indent 4" "$a --indent 4" "-S -a" "--sort-keys --indent 2"
	done
}

@test "-S: 200 levels of objects and arrays, out of order at every level, at indentation 0 and 4 and with tabs" {
	# (sortkeys.bats: compact and in the default layout)
	need_cmd python3
	python3 -c '
n = 200
head = "{\"z\":%d,\"b\":[%d,[],[[\"\\n\"]],{\"d\":1,\"c\":[]}],\"a\":["
print("".join(head % (i, i) for i in range(n)) + "{}" + "]}" * n)' >in.json
	local a="--sort-keys --no-ensure-ascii"
	same_as_python in.json "-S --indent=0" "$a --indent 0" "-S --tab" "$a --tab" \
		"-S --indent=4" "$a --indent 4"
}
