#!/usr/bin/env bats
# --check, -l/--list, -d/--diff, -i on files already formatted,
# --stdin-filename and -r/--recursive: each input compared with what jfmt
# would write for it.

load test_helper

# The same document, formatted and not.
UGLY='{"b":[1,2],"a":{"x":null}}'
PRETTY=$'{\n  "b": [\n    1,\n    2\n  ],\n  "a": {\n    "x": null\n  }\n}\n'

# --- --check ---

@test "--check: a formatted file passes silently, exit 0" {
	put good.json "$PRETTY"
	run -0 --separate-stderr "$JFMT" --check good.json
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "--check: each file not formatted is named on standard output, exit 1" {
	put good.json "$PRETTY"
	put ugly.json "$UGLY"
	put other.json '[1]'
	run -1 --separate-stderr "$JFMT" --check ugly.json good.json other.json
	[ "$output" = $'ugly.json\nother.json' ]
	[ "$stderr" = "jfmt: 2 files are not formatted; to fix them, run: jfmt -i ugly.json other.json" ]
	# nothing is written to the files
	[ "$(cat ugly.json)" = "$UGLY" ]
}

@test "--check: a difference at the very end counts (newline missing, or extra bytes)" {
	put a.json $'[\n  1\n]'
	put b.json $'[\n  1\n]\n\n'
	put c.json $'[\n  1\n] '
	put d.json $'[\n  1\n]\n'
	run -1 --separate-stderr "$JFMT" --check a.json b.json c.json d.json
	[ "$output" = $'a.json\nb.json\nc.json' ]
	for f in a b c d; do
		run --separate-stderr "$JFMT" --check <"$f.json"
		if [ "$f" = d ]; then [ "$status" -eq 0 ]; else [ "$status" -eq 1 ] && [ "$output" = "<stdin>" ]; fi
	done
}

@test "--check: invalid JSON is reported as when formatting, exit 1, not listed" {
	put bad.json '[1,,2]'
	put good.json "$PRETTY"
	run -1 --separate-stderr "$JFMT" bad.json
	want=$stderr
	[[ "$want" == "jfmt: bad.json:1:4: "* ]]
	run -1 --separate-stderr "$JFMT" --check bad.json good.json
	[ -z "$output" ]
	[ "$stderr" = "$want" ]
}

@test "--check -S and --check --indent 4 agree with what -S and --indent 4 write" {
	put in.json "$UGLY"
	# (jfmt runs without bats's `run`, which costs more than jfmt here)
	local opts st
	for opts in "-S" "--indent 4" "-c" "-t" "-S --indent 4" "-a" "--seq"; do
		# shellcheck disable=SC2086
		"$JFMT" $opts in.json >want.json
		# shellcheck disable=SC2086
		"$JFMT" --check $opts want.json >out 2>/dev/null || { echo "with $opts: exit $?"; return 1; }
		[ ! -s out ] || { echo "with $opts"; return 1; }
		# shellcheck disable=SC2086
		"$JFMT" --check $opts <want.json >/dev/null 2>&1 || { echo "with $opts, stdin: exit $?"; return 1; }
		st=0
		# shellcheck disable=SC2086
		"$JFMT" --check $opts in.json >out 2>/dev/null || st=$?
		[ "$st" -eq 1 ] && [ "$(cat out)" = in.json ] || { echo "with $opts: exit $st, $(cat out)"; return 1; }
	done
	"$JFMT" -S in.json >sorted.json
	run -1 --separate-stderr "$JFMT" --check --indent 4 sorted.json
	[ "$output" = sorted.json ]
}

@test "--check agrees with formatting on the corpus, from files and through a pipe" {
	need_shared corpus/twitter.json corpus/citm_catalog.json corpus/canada.json
	local f
	for f in twitter citm_catalog canada; do
		"$JFMT" -S "$CORPUS/$f.json" >"$f.json"
		run -0 --separate-stderr "$JFMT" -S --check "$f.json"
		run -0 --separate-stderr "$JFMT" -S --check <"$f.json"
		run -1 --separate-stderr "$JFMT" -c --check "$f.json"
		[ "$output" = "$f.json" ]
	done
	# a copy that differs only in its last byte, far past the first read
	"$JFMT" "$CORPUS/canada.json" >c.json
	printf '\n' >>c.json
	run -1 --separate-stderr "$JFMT" --check c.json
	run -1 --separate-stderr "$JFMT" --check <c.json
}

@test "--check: a byte order mark means the file is not formatted" {
	printf '\357\273\277[\n  1\n]\n' >bom.json
	run -1 --separate-stderr "$JFMT" --check bom.json
	[ "$output" = bom.json ]
	run -1 --separate-stderr "$JFMT" --check <bom.json
	[ "$output" = "<stdin>" ]
	cat bom.json | { run -1 --separate-stderr "$JFMT" --check; [ "$output" = "<stdin>" ]; }
}

@test "--check through a pipe that delivers the input in small pieces" {
	{
		printf '[\n  1,'
		sleep 0.1
		printf '\n  2\n'
		sleep 0.1
		printf ']\n'
	} | "$JFMT" --check
	{
		printf '[\n  1,'
		sleep 0.1
		printf '\n   2\n]\n'
	} | { run -1 --separate-stderr "$JFMT" --check; [ "$output" = "<stdin>" ]; }
}

# --- --stdin-filename, --label ---

@test "--stdin-filename and --label name standard input in lists and messages" {
	run -1 --separate-stderr jfmt_in "$UGLY" --check --stdin-filename=conf/app.json
	[ "$output" = conf/app.json ]
	run -1 --separate-stderr jfmt_in "$UGLY" -l --check --label app.json
	[ "$output" = app.json ]
	run -1 --separate-stderr jfmt_in '[1,,2]'
	want=${stderr_lines[0]/<stdin>/app.json}
	[[ "$want" == "jfmt: app.json:1:4: "* ]]
	run -1 --separate-stderr jfmt_in '[1,,2]' --stdin-filename=app.json
	[ "${stderr_lines[0]}" = "$want" ]
	run -1 --separate-stderr jfmt_in '[1,,2]' -n --label=app.json
	[ "${stderr_lines[0]}" = "$want" ]
	# a file operand keeps its own name
	put f.json "$UGLY"
	run -1 --separate-stderr "$JFMT" --check --label=x.json f.json
	[ "$output" = f.json ]
}

@test "--stdin-filename needs a value" {
	run -2 --separate-stderr "$JFMT" --stdin-filename </dev/null
	[ "${stderr_lines[0]}" = "jfmt: option '--stdin-filename' requires a value" ]
}

# --- -l, --list ---

@test "-l names the files that differ, writes nothing else and exits 0" {
	put good.json "$PRETTY"
	put ugly.json "$UGLY"
	run -0 --separate-stderr "$JFMT" -l good.json ugly.json
	[ "$output" = ugly.json ]
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i ugly.json" ]
	run -0 --separate-stderr "$JFMT" --list good.json
	[ -z "$output" ]
	[ "$(cat ugly.json)" = "$UGLY" ]
}

@test "-l: an invalid input still makes the exit status 1" {
	put bad.json '[1,'
	put ugly.json "$UGLY"
	run -1 --separate-stderr "$JFMT" -l bad.json ugly.json
	[ "$output" = ugly.json ]
	[[ "${stderr_lines[0]}" == "jfmt: bad.json:1:"* ]]
}

@test "-l with --check: the names once, exit 1" {
	put ugly.json "$UGLY"
	run -1 --separate-stderr "$JFMT" -l --check ugly.json
	[ "$output" = ugly.json ]
}

@test "-l with -i names the files rewritten" {
	put good.json "$PRETTY"
	put ugly.json "$UGLY"
	run -0 --separate-stderr "$JFMT" -l -i good.json ugly.json
	[ "$output" = ugly.json ]
	[ "$(cat ugly.json)" = "${PRETTY%$'\n'}" ]
	run -0 --separate-stderr "$JFMT" -l -i good.json ugly.json
	[ -z "$output" ]
}

# --- the summary of --check and -l ---

# fix_command: the command that the summary on standard error ($stderr)
# says to run, with jfmt standing for $JFMT.
fix_command() {
	local cmd=${stderr##*run: }
	printf '%s' "\"\$JFMT\"${cmd#jfmt}"
}

@test "--check and -l end with how many files differ and the command that fixes them" {
	put good.json "$PRETTY"
	put ugly.json "$UGLY"
	put 'it'"'"'s a.json' '[1]'
	put -x.json '[2]'
	run -1 --separate-stderr "$JFMT" --check good.json ugly.json "it's a.json"
	[ "$stderr" = "jfmt: 2 files are not formatted; to fix them, run: jfmt -i ugly.json 'it'\\''s a.json'" ]
	run -0 --separate-stderr "$JFMT" -l -- good.json -x.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i -- -x.json" ]
	run -0 --separate-stderr bash -c "$(fix_command)"
	run -0 --separate-stderr "$JFMT" --check good.json -- -x.json
	[ -z "$stderr" ]
	# -l with -i rewrote them: nothing to say
	run -0 --separate-stderr "$JFMT" -l -i ugly.json
	[ "$output" = ugly.json ]
	[ -z "$stderr" ]
	# --check with -d says it after the diffs
	need_cmd diff
	run -1 --separate-stderr "$JFMT" --check -d "it's a.json"
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i 'it'\\''s a.json'" ]
}

@test "the fixing command has the layout options that --check was given" {
	# blank lines, escapes, a slash and keys out of order: not formatted
	# in any layout
	put in.json $'{"b":[1,\n\n2],"s":"\\u00e9/\u00e9\\/","a":{"x":null}}'
	# (jfmt runs without bats's `run`, which costs more than jfmt here)
	local opts st stderr n=0
	# each layout option of the table (test_helper.bash), then some
	# spelled otherwise and together
	for opts in $(layout_options) "--comments --blank-lines=drop" "--comments --blank-lines=keep" \
		"-t" "-c" "-S" "-a" "--keep-escapes -a" "-w 40" "--jsonc" \
		"-S --indent 0" "-c --indent 3 -S -k --progress" "--final-newline=no -c --eol=crlf"; do
		n=$((n + 1))
		cp in.json a.json
		st=0
		# shellcheck disable=SC2086
		"$JFMT" --check $opts a.json >/dev/null 2>err || st=$?
		[ "$st" -eq 1 ] || { echo "with $opts: --check exits $st"; return 1; }
		IFS= read -r -d '' stderr <err || true
		bash -c "$(fix_command)" >/dev/null 2>err || { echo "with $opts: $(cat err)"; return 1; }
		# shellcheck disable=SC2086
		"$JFMT" --check $opts a.json >/dev/null 2>&1 || { echo "with $opts"; return 1; }
	done
	[ "$n" -ge 30 ]
	run -1 --separate-stderr "$JFMT" --check -S --tab -a -M --escape-slash -w 30 --strip-comments in.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i --tab --width=30 -S -a --escape-slash --strip-comments in.json" ]
	run -1 --separate-stderr "$JFMT" --check --keep-escapes -S in.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i -S --keep-escapes in.json" ]
	run -1 --separate-stderr "$JFMT" --check --tab --indent 4 -c --indent=8 in.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i --indent=8 in.json" ]
}

@test "the fixing command keeps --blank-lines: running it leaves the file formatted" {
	put c.json $'{\n  "a": 1, // one\n\n  "b": 2\n}\n'
	run -1 --separate-stderr "$JFMT" --check --comments --blank-lines=drop c.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i --blank-lines=drop --comments c.json" ]
	run -0 bash -c "$(fix_command)"
	run -0 "$JFMT" --check --comments --blank-lines=drop c.json
}

@test "the fixing command names the files, or the operands when that is shorter" {
	mkdir -p tree/sub
	put tree/a.json "$PRETTY"
	put tree/sub/b.json "$UGLY"
	put tree/c.json "$PRETTY"
	run -1 --separate-stderr "$JFMT" --check tree/a.json tree/sub/b.json tree/c.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i tree/sub/b.json" ]
	put tree/a.json "$UGLY"
	run -1 --separate-stderr "$JFMT" --check -r tree
	[ "$stderr" = "jfmt: 2 files are not formatted; to fix them, run: jfmt -i -r tree" ]
	run -1 --separate-stderr "$JFMT" --check tree/*.json tree/sub/b.json
	[ "$stderr" = "jfmt: 2 files are not formatted; to fix them, run: jfmt -i tree/a.json tree/sub/b.json" ]
	put tree/c.json "$UGLY"
	run -1 --separate-stderr "$JFMT" --check tree/*.json tree/sub/b.json
	[ "$stderr" = "jfmt: 3 files are not formatted; to fix them, run: jfmt -i tree/a.json tree/c.json tree/sub/b.json" ]
	run -1 --separate-stderr "$JFMT" --check -r tree
	[ "$stderr" = "jfmt: 3 files are not formatted; to fix them, run: jfmt -i -r tree" ]
	run -0 --separate-stderr bash -c "$(fix_command)"
	run -0 --separate-stderr "$JFMT" --check -r tree
}

@test "the summary for standard input, and for names that need quoting" {
	run -1 --separate-stderr jfmt_in "$UGLY" --check --indent=4
	[ "$stderr" = "jfmt: <stdin> is not formatted; to fix it, format it with: jfmt --indent=4" ]
	put ugly.json "$UGLY"
	run -1 --separate-stderr bash -c 'printf "[1]" | "$1" --check ugly.json - --stdin-filename=x.json' - "$JFMT"
	[ "$output" = $'ugly.json\nx.json' ]
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i ugly.json
jfmt: x.json is not formatted; to fix it, format it with: jfmt" ]
	put $'a\e[2Jb.json' "$UGLY"
	put $'\xc3\xa9 \xff.json' "$UGLY"
	run -1 --separate-stderr "$JFMT" --check $'a\e[2Jb.json' $'\xc3\xa9 \xff.json'
	[ "$stderr" = "jfmt: 2 files are not formatted; to fix them, run: jfmt -i \$'a\\033[2Jb.json' \$'"$'\xc3\xa9'" \\377.json'" ]
	run -0 --separate-stderr bash -c "$(fix_command)"
	run -0 --separate-stderr "$JFMT" --check $'a\e[2Jb.json' $'\xc3\xa9 \xff.json'
}

# --- -d, --diff ---

@test "--diff: a unified diff of each file not formatted, exit 1" {
	need_cmd diff
	put good.json "$PRETTY"
	put ugly.json '[1,2]'
	run -1 --separate-stderr "$JFMT" --diff good.json ugly.json
	[ -z "$stderr" ]
	[ "$output" = '--- a/ugly.json
+++ b/ugly.json
@@ -1 +1,4 @@
-[1,2]
\ No newline at end of file
+[
+  1,
+  2
+]' ]
	run -0 --separate-stderr "$JFMT" -d good.json
	[ -z "$output" ]
}

@test "--diff: three lines of context around a change" {
	need_cmd diff
	"$JFMT" <<<'[1,2,3,4,5,6,7,8,9,10]' >a.json
	sed -i 's/  5,/ 5,/' a.json
	run -1 --separate-stderr "$JFMT" -d a.json
	[ "${lines[2]}" = "@@ -3,7 +3,7 @@" ]
	[ "${lines[3]}" = "   2," ]
	[ "${lines[6]}" = "- 5," ]
	[ "${lines[7]}" = "+  5," ]
	[ "${lines[10]}" = "   8," ]
	[ "${#lines[@]}" -eq 11 ]
}

@test "--diff | patch -p1 turns each file into what jfmt writes" {
	need_cmd diff patch
	mkdir -p conf
	put conf/a.json "$UGLY"
	put b.json $'[1,\n2]'
	put c.json "$PRETTY"
	"$JFMT" -S conf/a.json >want-a.json
	"$JFMT" -S b.json >want-b.json
	run -1 --separate-stderr "$JFMT" -S -d conf/a.json b.json c.json
	printf '%s\n' "$output" >fix.patch
	patch -p1 <fix.patch
	same_bytes want-a.json conf/a.json
	same_bytes want-b.json b.json
	run -0 "$JFMT" -S --check conf/a.json b.json c.json
}

@test "--diff of standard input is named by --stdin-filename" {
	need_cmd diff patch
	put app.json '{"a":1}'
	run -1 --separate-stderr jfmt_in '{"a":1}' -d --stdin-filename app.json
	[ "${lines[0]}" = "--- a/app.json" ]
	[ "${lines[1]}" = "+++ b/app.json" ]
	printf '%s\n' "$output" | patch -p1
	[ "$(cat app.json)" = $'{\n  "a": 1\n}' ]
}

@test "--diff of standard input read from part way into a file: from there, not from its start" {
	need_cmd diff dd
	printf 'garbage\n{"a":1}\n' >in.json
	run -1 --separate-stderr bash -c '{ dd of=/dev/null bs=8 count=1 2>/dev/null; "$1" -d; } <in.json' - "$JFMT"
	[ "$output" = $'--- a/<stdin>\n+++ b/<stdin>\n@@ -1 +1,3 @@\n-{"a":1}\n+{\n+  "a": 1\n+}' ]
	run -0 bash -c '{ dd of=/dev/null bs=8 count=1 2>/dev/null; "$1" -c --check; } <in.json' - "$JFMT"
}

@test "--diff with -l names the file before its diff; --check with -d shows the diff alone" {
	need_cmd diff
	put ugly.json '[1]'
	run -1 --separate-stderr "$JFMT" -l -d ugly.json
	[ "${lines[0]}" = ugly.json ]
	[ "${lines[1]}" = "--- a/ugly.json" ]
	run -1 --separate-stderr "$JFMT" --check -d ugly.json
	[ "${lines[0]}" = "--- a/ugly.json" ]
}

@test "--diff without a diff program: a clear error, exit 3" {
	put ugly.json '[1]'
	mkdir empty-path
	run -3 --separate-stderr env PATH="$PWD/empty-path" "$JFMT" -d ugly.json
	[ "$stderr" = "jfmt: --diff needs the program 'diff' (GNU diffutils), which is not installed" ]
}

# --- -i on a formatted file ---

@test "-i leaves a formatted file untouched: same inode, same mtime" {
	put good.json "$PRETTY"
	touch -d '2001-02-03 04:05:06' good.json
	before=$(stat -c '%i %Y' good.json)
	run -0 --separate-stderr "$JFMT" -i good.json
	[ -z "$output" ]
	[ -z "$stderr" ]
	[ "$(stat -c '%i %Y' good.json)" = "$before" ]
	# an unformatted file is still replaced
	put ugly.json "$UGLY"
	before=$(stat -c '%i' ugly.json)
	run -0 --separate-stderr "$JFMT" -i ugly.json
	[ "$(stat -c '%i' ugly.json)" != "$before" ]
	[ "$(cat ugly.json)" = "${PRETTY%$'\n'}" ]
}

@test "-i on a formatted file creates no temporary file" {
	put good.json "$PRETTY"
	# A temporary file left by a killed jfmt is cleared only when a new
	# one is made for the same file: it stays.
	put .good.json.jfmt-AAAAAAAA 'stale'
	run -0 --separate-stderr "$JFMT" -i good.json
	[ -e .good.json.jfmt-AAAAAAAA ]
	[ "$(ls -A)" = $'.good.json.jfmt-AAAAAAAA\ngood.json' ]
	if command -v strace >/dev/null; then
		# (leak checking cannot run under ptrace)
		ASAN_OPTIONS=detect_leaks=0 strace -f -o trace.txt -e trace=open,openat "$JFMT" -i good.json
		if grep -E 'O_TMPFILE|O_CREAT' trace.txt; then return 1; fi
		ASAN_OPTIONS=detect_leaks=0 strace -f -o trace2.txt -e trace=open,openat "$JFMT" -c -i good.json
		grep -qE 'O_TMPFILE|O_CREAT' trace2.txt
	fi
}

@test "-i: a file that differs late is rewritten whole, the identical start copied" {
	need_shared corpus/canada.json
	"$JFMT" "$CORPUS/canada.json" >want.json
	{ cat want.json; printf '\n'; } >c.json
	run -0 --separate-stderr "$JFMT" -i c.json
	same_bytes want.json c.json
	# the same through -S, where the output lags the input
	"$JFMT" -S "$CORPUS/canada.json" >want-s.json
	cp want.json d.json
	run -0 --separate-stderr "$JFMT" -S -i d.json
	same_bytes want-s.json d.json
}

@test "-i: a byte order mark makes the file rewritten without it" {
	printf '\357\273\277[\n  1\n]\n' >bom.json
	run -0 --separate-stderr "$JFMT" -l -i bom.json
	[ "$output" = bom.json ]
	[ "$(od -An -c bom.json | tr -s ' ')" = " [ \n 1 \n ] \n" ]
}

@test "-i: an invalid file is left as it was, even past a difference" {
	put bad.json '[1,2,,]'
	before=$(stat -c '%i %Y' bad.json)
	run -1 --separate-stderr "$JFMT" -i bad.json
	[ "$(cat bad.json)" = '[1,2,,]' ]
	[ "$(stat -c '%i %Y' bad.json)" = "$before" ]
	[ "$(ls -A)" = bad.json ]
}

# --- -r, --recursive ---

# tree: JSON and JSONC files at several depths, a .git directory, another
# dot-directory, a symbolic link loop and a link to a file.  (Not in a git
# work tree: nothing is ignored; tests/walk.bats tries git's rules.)
make_tree() {
	mkdir -p tree/sub/deeper tree/.git tree/.cache tree/b
	put tree/z.json '[1]'
	put tree/a.json "$PRETTY"
	put tree/b/inner.json '{"k":1}'
	put tree/sub/deeper/d.json '[]'
	put tree/sub/c.jsonc '[1, // one
]'
	put tree/notes.txt '[1]'
	put tree/.git/config.json '[1]'
	put tree/.cache/x.json '[1]'
	put tree/.eslintrc.json '{"x":1}'
	ln -s .. tree/sub/loop
	ln -s z.json tree/link.json
}

@test "-r walks directories: sorted, no symbolic links, no .git, other dot-directories" {
	make_tree
	run -1 --separate-stderr "$JFMT" -r --check tree
	[ "$stderr" = "jfmt: 6 files are not formatted; to fix them, run: jfmt -i -r tree" ]
	[ "$output" = 'tree/.cache/x.json
tree/.eslintrc.json
tree/b/inner.json
tree/sub/c.jsonc
tree/sub/deeper/d.json
tree/z.json' ]
	run -1 --separate-stderr "$JFMT" --recursive --check --comments tree/
	[ "$output" = 'tree/.cache/x.json
tree/.eslintrc.json
tree/b/inner.json
tree/sub/c.jsonc
tree/sub/deeper/d.json
tree/z.json' ]
}

@test "-r with -i rewrites the files found, and only those" {
	make_tree
	run -0 --separate-stderr "$JFMT" -r -i -l tree a-missing-file.json 2>/dev/null || true
	run -0 --separate-stderr "$JFMT" -r -i -l tree
	[ -z "$output" ]        # done by the run before
	[ "$(cat tree/z.json)" = $'[\n  1\n]' ]
	[ "$(cat tree/.git/config.json)" = '[1]' ]
	[ "$(cat tree/.cache/x.json)" = $'[\n  1\n]' ]
	[ "$(cat tree/notes.txt)" = '[1]' ]
	[ -L tree/link.json ]
}

@test "-r: files and directories operands mix, in the order given" {
	make_tree
	put top.json '[2]'
	run -1 --separate-stderr "$JFMT" -r -l --check top.json tree/sub
	[ "$output" = $'top.json\ntree/sub/c.jsonc\ntree/sub/deeper/d.json' ]
	run -0 --separate-stderr "$JFMT" -r -c tree/sub top.json
	[ "$output" = $'[1/* one */]\n[]\n[2]' ]
}

@test "a directory without -r is an error with a hint, exit 3" {
	make_tree
	put top.json '[2]'
	run -3 --separate-stderr "$JFMT" -c tree top.json
	[ "$output" = '[2]' ]
	[ "$stderr" = "jfmt: tree: is a directory (use -r to take the JSON files in it; with no FILE, jfmt reads standard input)" ]
	run -3 --separate-stderr "$JFMT" --check tree
	[ "$stderr" = "jfmt: tree: is a directory (use -r to take the JSON files in it; with no FILE, jfmt reads standard input)" ]
	run -3 --separate-stderr "$JFMT" -i tree
	[ "$stderr" = "jfmt: tree: is a directory (use -r to take the JSON files in it; with no FILE, jfmt reads standard input)" ]
	# the pipe meant for standard input
	run -3 --separate-stderr bash -c 'echo "[1]" | "$1" .' - "$JFMT"
	[ "$stderr" = "jfmt: .: is a directory (use -r to take the JSON files in it; with no FILE, jfmt reads standard input)" ]
}
