#!/usr/bin/env bats
# slow/manyfiles.bats - several files at once on 100,000 files: what -j1
# says, and memory that grows with the list of files -r finds, not with
# the threads' work; the threads add the same at 100,000 files as at
# 10,000.  The quick cases are in manyfiles.bats.

load ../test_helper

# tree DIR N: N small documents, 40 a directory, 40 directories in each
# above; one in 50 not formatted, one in 500 invalid.
tree() {
	python3 - "$1" "$2" <<'EOF'
import json, os, sys
top, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    leaf = i // 40
    d = os.path.join(top, "g%03d" % (leaf // 40), "d%03d" % (leaf % 40))
    if i % 40 == 0:
        os.makedirs(d, exist_ok=True)
    doc = {"id": i, "name": "n%d" % i, "tags": ["a", "b"][: i % 3], "v": [i, None]}
    text = json.dumps(doc, indent=2) + "\n"
    if i % 50 == 7:
        text = json.dumps(doc)
    if i % 500 == 11:
        text = text[:-5]
    with open(os.path.join(d, "f%06d.json" % i), "w") as f:
        f.write(text)
EOF
}

# rss J DIR: jfmt -jJ -r --check DIR's output in out.J, messages in
# err.J, status in status.J; its peak RSS in KiB on standard output.
rss() {
	local st=0
	/usr/bin/time -o "time.$1" -f %M "$JFMT" -j"$1" -r --check --no-gitignore "$2" \
		>"out.$1" 2>"err.$1" || st=$?
	echo "$st" >"status.$1"
	tail -n 1 "time.$1"
}

@test "-r --check over 100,000 files: what -j1 says, in memory that the threads do not grow" {
	need_cmd /usr/bin/time
	is_sanitizer_build && skip "a sanitizer's shadow memory makes RSS meaningless"
	tree small 10000
	tree large 100000
	local one small2 large2 large8
	small2=$(rss 2 small)
	one=$(rss 1 large)
	large2=$(rss 2 large)
	for f in out err status; do
		cmp "$f.1" "$f.2" || { echo "-j2's $f is not -j1's"; return 1; }
	done
	[ "$(cat status.1)" -eq 1 ]
	[ "$(wc -l <out.1)" -eq 2000 ]
	large8=$(rss 8 large)
	cmp out.1 out.8 && cmp err.1 err.8
	echo "peak RSS: 10,000 files -j2 $small2 KiB; 100,000 files -j1 $one KiB, -j2 $large2 KiB, -j8 $large8 KiB"
	# the threads' window is the same at 10 and 100 thousand files: what
	# -j2 adds to -j1 is a few hundred KiB, -j8's eight threads a little
	# more; the list -r finds grows about 80 bytes a file
	[ "$large2" -le $((one + 2048)) ]
	[ "$large8" -le $((one + 4096)) ]
	[ "$large2" -le $((small2 + 100000 * 100 / 1024)) ]
	[ "$large2" -le $((24 * 1024)) ]
}
