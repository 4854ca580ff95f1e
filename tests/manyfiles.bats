#!/usr/bin/env bats
# tests/manyfiles.bats - several inputs at once (-r, or several operands):
# each formatted on a worker thread, written out in order by the calling
# thread, so that standard output, the messages, the names listed, the
# diffs, the exit status and the files rewritten are those of -j1, byte
# for byte, in every mode, over a tree of a few hundred small files:
# valid, invalid, JSONC, quoted names, and directories whose .editorconfig
# asks for other layouts (or cannot be read).

load test_helper

# The tree, once for the file: tree/ (tree.tar, to copy for -i).
setup_file() {
	cd "$BATS_FILE_TMPDIR" || return 1
	python3 - <<'EOF'
import json, os, random
rng = random.Random(7)
configs = {
    "": "root = true\n",
    "four": "[*]\nindent_size = 4\n",
    "tabs": "[*.json]\nindent_style = tab\n",
    "nofinal": "[*]\ninsert_final_newline = false\n",
    "crlf": "[*]\nend_of_line = crlf\n",
    "sub/deeper": "[*.json]\nindent_size = 0\n",
}
dirs = list(configs) + ["plain", "sub", "conf", "unreadable"]
for d in dirs:
    os.makedirs(os.path.join("tree", d), exist_ok=True)
for d, text in configs.items():
    open(os.path.join("tree", d, ".editorconfig"), "w").write(text)
os.makedirs("tree/unreadable/.editorconfig", exist_ok=True)   # a directory

def doc(i):
    return {"id": i, "name": "n%d" % i, "tags": ["a", "b"][: i % 3],
            "nested": {"x": [i, {"y": None}], "e": {}}, "ok": i % 2 == 0}

def text(i):
    d = doc(i)
    k = i % 16
    if k == 0: return json.dumps(d, indent=2) + "\n"            # formatted (2 spaces)
    if k == 1: return json.dumps(d, separators=(",", ":"))       # compact, no newline
    if k == 2: return json.dumps(d)[:-5]                         # cut short
    if k == 3: return '{"a": [1, 2,], "b": tru}\n'                # trailing comma
    if k == 4: return ""                                          # no value
    if k == 5: return "[1]\n2"                                    # ends in a bare number
    if k == 6: return "\ufeff" + json.dumps(d) + "\n"            # byte order mark
    if k == 7: return json.dumps(d) + "\n" + json.dumps(d) + "\n"  # two values
    if k == 8: return '{"s": "' + "x" * 70000 + '"}\n'            # longer than a read
    if k == 9: return '{"bad": "\xff"}'                            # not UTF-8 (below)
    if k == 10: return json.dumps([d] * 3, indent=4) + "\n"       # four spaces
    if k == 11: return "[1, 2]\r\n"                               # CRLF
    if k == 12: return "  \n"                                    # blank
    if k == 13: return json.dumps(d, indent="\t") + "\n"          # tabs
    if k == 14: return '{"a":1} xyz'                             # junk after
    return json.dumps(d, indent=2)                                # no final newline

names = ["f%03d.json", "g%03d.json", "s p%03d.json", "t\t%03d.json", "-d%03d.json",
         "q\"%03d.json"]
for i in range(320):
    d = dirs[i % len(dirs)]
    name = names[i % len(names)] % i
    if d == "conf":
        name = "c%03d.jsonc" % i
    data = text(i)
    raw = data.encode("utf-8")
    if i % 16 == 9:
        raw = raw.replace(b"\xc3\xbf", b"\xff")
    if d == "conf" and i % 4 == 0:
        raw = b'// head\n{"a": [1, 2,], /* mid */ "b": 3,}\n'
    open(os.path.join("tree", d, name), "wb").write(raw)
# a link to a file of the tree (-i rewrites the file it leads to)
os.symlink("four/g001.json", "tree/link.json")
# a name with a newline, and a file with other bytes around
open("tree/plain/new\nline.json", "w").write('{"x":1}')
open("tree/plain/notes.txt", "w").write("not JSON, not taken")
EOF
	tar -cf tree.tar tree
}

setup() {
	setup_work
	TREE_TAR=$BATS_FILE_TMPDIR/tree.tar
	tar -xf "$TREE_TAR"
	printf '{"from": "stdin"}' >in.json
}

# fresh: a copy of the tree in run/, with in.json.
fresh() {
	rm -rf run && mkdir run && tar -C run -xf "$TREE_TAR" && cp in.json run/
}

# runs ARG...: jfmt ARG... with -j1, then with each of $JS (default 2),
# in the tree at run/ (messages may name it), standard input in.json:
# standard output, standard error, the two together and the exit status
# must be the same; with WRITES=1 (-i, -o), each run has a fresh copy of
# the tree, and the trees afterwards must be the same too.
runs() {
	local j f st
	[ "${WRITES:-0}" = 1 ] || fresh || return 1
	for j in 1 ${JS:-2}; do
		[ "${WRITES:-0}" = 0 ] || fresh || return 1
		(cd run && "$JFMT" -j$j "$@" <in.json >../all$j 2>&1) || true
		[ "${WRITES:-0}" = 0 ] || fresh || return 1
		st=0
		(cd run && "$JFMT" -j$j "$@" <in.json >../out$j 2>../err$j) || st=$?
		echo "$st" >"status$j"
		[ "${WRITES:-0}" = 0 ] || { rm -rf "run$j" && mv run "run$j"; }
	done
	for j in ${JS:-2}; do
		for f in out err all status; do
			cmp -s "${f}1" "$f$j" || {
				echo "jfmt -j$j $*: $f differs from -j1's"
				diff -a "${f}1" "$f$j" | head -n 20
				return 1
			}
		done
		[ "${WRITES:-0}" = 0 ] || diff -r run1 "run$j" >/dev/null || {
			echo "jfmt -j$j $*: the files differ from -j1's"
			diff -r run1 "run$j" | head -n 20
			return 1
		}
	done
}

@test "several files are formatted on several threads" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# Which worker takes which file is the scheduler's choice: on a busy
	# machine one thread may take all of a run's files before another
	# starts.  A pool that never uses a second thread fails every try.
	local tids try
	for try in 1 2 3 4 5 6 7 8 9 10; do
		strace -f -qq -o trace -e trace=openat "$JFMT" -j2 -r --check tree >/dev/null 2>&1 ||
			true
		# the threads that opened the files
		tids=$(grep '/[fgst][^/]*\.json", O_RDONLY' trace | awk '{ print $1 }' | sort -u | wc -l)
		[ "$tids" -lt 2 ] || break
	done
	[ "$tids" -ge 2 ] || { echo "opened by $tids thread(s) in each of $try runs"; return 1; }
}

@test "-r: output, messages, exit status as -j1, with .editorconfig's layouts and an unreadable one" {
	JS="2 3" runs -r tree
	[ "$(cat status1)" -eq 3 ]              # (the unreadable .editorconfig)
	[ -s out1 ] && [ -s err1 ]
	runs -c -r tree
	runs -S --width=40 -r tree
	runs -k -r tree
	runs --single -r tree
	runs --comments -r tree/plain tree/conf
	runs --no-editorconfig --eol=auto -r tree
}

@test "--check, -l, -z, -n, -d: names, diffs, messages and the summary as -j1" {
	runs --check -r tree
	grep -q 'files are not formatted' err1
	runs -l -r tree
	runs -l -z -r tree
	runs -n -r tree
	need_cmd diff
	runs --check --diff -r tree/plain tree/crlf tree/nofinal
	runs -d -l -r tree/four tree/conf
}

@test "with as many files out as it lets out, the calling thread formats some too: all as -j1" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# two files out a thread (for tests): the window fills at every turn
	export JFMT_FILES_PER_THREAD=1
	JS="2 3" runs -r tree
	runs --check --diff -r tree/plain tree/crlf tree/nofinal
	WRITES=1 JS="2 3" runs -l -i -r tree/plain tree/nofinal tree/unreadable
	# which files it takes is the scheduler's choice (see above)
	local mine try main
	for try in 1 2 3 4 5 6 7 8 9 10; do
		strace -f -qq -o trace -e trace=openat "$JFMT" -j2 -r --check tree >/dev/null 2>&1 ||
			true
		main=$(awk '{ print $1; exit }' trace)
		mine=$(grep '/[fgst][^/]*\.json", O_RDONLY' trace | awk -v m="$main" '$1 == m' | wc -l)
		[ "$mine" -eq 0 ] || break
	done
	[ "$mine" -gt 0 ] || { echo "the calling thread opened no file in $try runs"; return 1; }
}

@test "-i and -l -i: the same files rewritten, the same said" {
	export WRITES=1
	JS="2 3" runs -i -r tree/plain tree/nofinal tree/unreadable
	runs -l -i -r tree/conf tree/four
	# the same file named again, or through a link, rewritten one after
	# the other as one thread rewrites it: found formatted the second
	# time, and again not by the link's .editorconfig, nor then by its
	# own
	JS="2 3" runs -l -i tree/four/g001.json tree/f000.json ./tree/four/g001.json \
		tree/link.json tree/four/../four/g001.json tree/four/g031.json
	! grep -qx ./tree/four/g001.json out1
	grep -qx tree/link.json out1
	grep -qx tree/four/../four/g001.json out1
	local ops=() k
	for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
		ops+=(tree/four/g001.json ./tree/four/g001.json tree/four/g031.json)
	done
	runs -l -i "${ops[@]}"
	[ "$(wc -l <out1)" -eq 2 ]
	# and none left half written
	! find run2 run3 -name '*.jfmt-*' | grep -q .
}

@test "-o, several operands, standard input among them, a directory without -r, a missing file" {
	WRITES=1 runs -o out.json tree/f000.json tree/four/g001.json
	cmp run1/out.json run2/out.json
	WRITES=1 runs -o out.json -r tree
	runs tree/f000.json missing.json tree/plain - tree/conf/c008.jsonc tree/four/g001.json
	runs --check tree/f000.json - tree/four/g001.json missing.json
	runs --stdin-filename=tree/four/x.json tree/four/g001.json - tree/tabs/-d022.json
}

@test "files that -j cuts into chunks are the calling thread's, in their turn" {
	python3 -c 'import json
for i in range(3000): print(json.dumps({"i": i, "v": [i] * 3}))' >tree/plain/lines.json
	cp tree/plain/lines.json tree/sub/lines.json
	printf '[1,\n' >>tree/sub/lines.json      # and broken at its end
	TREE_TAR=$PWD/tree.tar
	tar -cf "$TREE_TAR" tree
	export JFMT_JOBS_BLOCK=4000
	runs -c -r tree
	runs --check -r tree
	WRITES=1 runs -l -i -r tree/plain tree/sub
}
