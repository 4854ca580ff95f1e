#!/usr/bin/env bats
# tests/names.bats - file names on a terminal: a name holding control
# characters or bytes that are not UTF-8 is written quoted as git quotes a
# path, in messages, in the lists of --check and -l and on the --progress
# line; -z/--null lists the names raw, each ended by a NUL; --diff's
# headers name a/PATH and b/PATH so that patch -p1 and git apply take them.

load test_helper

UGLY='{"b":[1,2],"a":{"x":null}}'

# Names, and how each is shown: in double quotes with C escapes, or as it
# is.  C1 controls (U+009B, CSI, is C2 9B in UTF-8) and bytes that are not
# UTF-8 are escaped; other non-ASCII text is not.
NAMES=(
	$'title\e]0;x\a\e[2J.json'
	$'a\tb.json'
	$'a\nb.json'
	$'a\x7fb.json'
	'a"b.json'
	'a\b.json'
	$'a\xc2\x9bb.json'
	$'a\xffb.json'
	$'v\v f\f r\r b\b.json'
	$'\xc3\xa9t\xc3\xa9.json'
	'a b.json'
	'plain.json'
)
SHOWN=(
	'"title\033]0;x\a\033[2J.json"'
	'"a\tb.json"'
	'"a\nb.json"'
	'"a\177b.json"'
	'"a\"b.json"'
	'"a\\b.json"'
	'"a\302\233b.json"'
	'"a\377b.json"'
	'"v\v f\f r\r b\b.json"'
	$'\xc3\xa9t\xc3\xa9.json'
	'a b.json'
	'plain.json'
)

# no_raw_controls FILE...: each FILE holds no control character but
# newline (and no C1 control, no byte that is not UTF-8) outside the two
# sequences jfmt's progress line draws with (CR, and ESC [ K) and the tab
# that ends a diff's label.  (One python3 run for them all.)
no_raw_controls() {
	python3 - "$@" <<'EOF'
import re, sys
for name in sys.argv[1:]:
    data = open(name, "rb").read().replace(b"\r\x1b[K", b"").replace(b"\t\n", b"\n")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        sys.exit("%s: not UTF-8: %r" % (name, data[max(0, e.start - 20):e.end + 20]))
    bad = re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", text)
    if bad:
        sys.exit("%s: raw control character %r in %r" %
                 (name, bad.group(), text[max(0, bad.start() - 30):bad.end() + 30]))
EOF
}

@test "--check and -l quote a name with control characters as git does" {
	local want="" n
	for n in "${NAMES[@]}"; do put "$n" "$UGLY"; done
	for n in "${SHOWN[@]}"; do want+="$n"$'\n'; done
	"$JFMT" --check "${NAMES[@]}" >list 2>err && return 1
	same_bytes <(printf '%s' "$want") list
	no_raw_controls list err
	run -0 --separate-stderr "$JFMT" -l "${NAMES[@]}"
	[ "$output" = "${want%$'\n'}" ]
	run -0 --separate-stderr "$JFMT" -l -i "${NAMES[@]}"
	[ "$output" = "${want%$'\n'}" ]
}

@test "the quoting is git's: core.quotePath=false for text, the default for C1 and broken UTF-8" {
	need_cmd git
	git init -q repo && cd repo
	local n text=() raw=()
	for n in "${NAMES[@]}"; do
		put "$n" "$UGLY"
		# git leaves bytes from 0x80 alone with core.quotePath=false, and
		# escapes every one by default
		if [[ $n == *$'\xc2\x9b'* || $n == *$'\xff'* ]]; then raw+=("$n"); else text+=("$n"); fi
	done
	git add -- "${NAMES[@]}"
	git -c core.quotePath=false ls-files -- "${text[@]}" >want
	git ls-files -- "${raw[@]}" >>want
	sort want >want.sorted
	"$JFMT" --check "${text[@]}" "${raw[@]}" | sort >got || true
	same_bytes want.sorted got
}

@test "messages quote the file they name" {
	local esc=$'title\e]0;x\a\e[2J.json'
	run -3 --separate-stderr "$JFMT" "$esc"
	[ "$stderr" = 'jfmt: "title\033]0;x\a\033[2J.json": No such file or directory' ]
	put "$esc" '[1,,2]'
	run -1 --separate-stderr "$JFMT" "$esc"
	[ "${stderr_lines[0]}" = 'jfmt: "title\033]0;x\a\033[2J.json":1:4: missing value before '"','" ]
	put $'a\xc2\x9bb.json' '[1'
	run -1 --separate-stderr "$JFMT" --check $'a\xc2\x9bb.json'
	[ "${stderr_lines[0]}" = 'jfmt: "a\302\233b.json":1:3: end of input inside the array opened at 1:1' ]
	# -o and -i name their target the same way
	run -3 --separate-stderr "$JFMT" -o $'no-dir\e[2J/out.json' "$esc"
	[[ "$stderr" == 'jfmt: "no-dir\033[2J/out.json": '* ]]
	mkfifo $'f\e[2J.json'
	run -3 --separate-stderr "$JFMT" -i $'f\e[2J.json'
	[ "$stderr" = 'jfmt: "f\033[2J.json": not a regular file' ]
	# --stdin-filename names standard input as a file
	run -1 --separate-stderr jfmt_in '[1,,2]' --stdin-filename=$'in\e[2J.json'
	[[ "${stderr_lines[0]}" == 'jfmt: "in\033[2J.json":1:4: '* ]]
}

@test "no message, list or diff lets a control character through" {
	need_cmd diff
	local n
	for n in "${NAMES[@]}"; do put "$n" "$UGLY"; done
	mkdir $'dir\e[2J'
	put $'dir\e[2J/x\e[1m.json' '[1,'
	"$JFMT" --check "${NAMES[@]}" $'dir\e[2J' $'missing\e[2J.json' >out1 2>err1 && return 1
	"$JFMT" -r -d "${NAMES[@]}" $'dir\e[2J' >out2 2>err2 && return 1
	"$JFMT" -c $'unknown\e[2J' --$'bad\e[2J' >out3 2>err3 && return 1
	# (one python3 run for the five)
	no_raw_controls out1 err1 out2 err2 err3
}

@test "--progress quotes the name it shows" {
	local f=$'slow\e[2J.json'
	mkfifo "$f"
	{ printf '['; for i in 1 2; do sleep 0.12; printf '%s,' "$i"; done; printf '0]\n'; } >"$f" &
	run -0 on_tty "$JFMT" --progress -c -o out.json "$f"
	wait
	[[ "$output" == *$'\r\e[K''jfmt: "slow\033[2J.json": 0.0 MB '* ]]
	[ "$(cat out.json)" = '[1,2,0]' ]
}

# --- -z, --null ---

@test "-z and --null end each name with a NUL and write it raw, for xargs -0" {
	local n
	for n in "${NAMES[@]}"; do put "$n" "$UGLY"; done
	put good.json $'[\n  1\n]\n'
	"$JFMT" --check -z good.json "${NAMES[@]}" >list 2>/dev/null && return 1
	same_bytes <(printf '%s\0' "${NAMES[@]}") list
	run -0 --separate-stderr "$JFMT" -l --null good.json "${NAMES[1]}"
	[ "$output" = "${NAMES[1]}" ]
	"$JFMT" -l --null good.json "${NAMES[1]}" 2>/dev/null | od -An -c | tr -s ' ' >od.txt
	[ "$(cat od.txt)" = ' a \t b . j s o n \0' ]
	# the list fixes what it lists
	"$JFMT" --check -z good.json "${NAMES[@]}" 2>/dev/null | xargs -0 "$JFMT" -i
	run -0 --separate-stderr "$JFMT" --check good.json "${NAMES[@]}"
}

@test "-z with -l -i lists the files rewritten; -z without a list is a usage error" {
	put ugly.json "$UGLY"
	"$JFMT" -l -i -z ugly.json >list
	same_bytes <(printf 'ugly.json\0') list
	for opts in "-z" "-z -d" "--null --check -d" "-z -n" "-z -i"; do
		# shellcheck disable=SC2086
		run -2 --separate-stderr "$JFMT" $opts ugly.json
		[ "${stderr_lines[0]}" = "jfmt: --null applies to the names that --check and --list write" ] ||
			{ echo "with $opts: $stderr"; return 1; }
	done
}

# --- --diff's headers ---

# diff_is FILE... : the headers of jfmt -d FILE... (only the lines that
# start with --- or +++), each line shown with cat -A.
diff_heads() {
	"$JFMT" -d "$@" | grep -a -E '^(\+\+\+|---) ' | cat -A
}

@test "--diff names a/PATH and b/PATH, without ./" {
	need_cmd diff
	mkdir sub
	put x.json "$UGLY"
	put sub/y.json "$UGLY"
	run -0 diff_heads ./x.json ./sub/y.json .//sub/./y.json sub/../x.json
	[ "$output" = '--- a/x.json$
+++ b/x.json$
--- a/sub/y.json$
+++ b/sub/y.json$
--- a/sub/y.json$
+++ b/sub/y.json$
--- a/sub/../x.json$
+++ b/sub/../x.json$' ]
}

@test "--diff: a name with a space ends with a tab; one with control characters is quoted whole" {
	need_cmd diff
	put 'a b.json' "$UGLY"
	put $'a\tb.json' "$UGLY"
	put $'a\e[2Jb c.json' "$UGLY"
	run -0 diff_heads 'a b.json' $'a\tb.json' $'a\e[2Jb c.json'
	[ "$output" = '--- a/a b.json^I$
+++ b/a b.json^I$
--- "a/a\tb.json"$
+++ "b/a\tb.json"$
--- "a/a\033[2Jb c.json"^I$
+++ "b/a\033[2Jb c.json"^I$' ]
}

@test "--diff of an absolute path names it without its leading /" {
	need_cmd diff
	put x.json "$UGLY"
	run -0 diff_heads "$PWD/x.json"
	[ "${lines[0]}" = "--- a/${PWD#/}/x.json\$" ]
	[ "${lines[1]}" = "+++ b/${PWD#/}/x.json\$" ]
	# and patch, told to work from /, applies it
	need_cmd patch
	"$JFMT" -S "$PWD/x.json" >want.json
	"$JFMT" -S -d "$PWD/x.json" | patch -s -p1 -d /
	same_bytes want.json x.json
}

# hostile_tree: files to fix, under names patch and git apply must find.
hostile_tree() {
	mkdir -p sub 'dir with space'
	put x.json "$UGLY"
	put sub/y.json '[1,2]'
	put 'a b.json' '{"k":[]}'
	put 'dir with space/z.json' '[ {} ]'
	put $'a\tb.json' '[true]'
	put $'nl\nx.json' '[null]'
	put $'a\e[2Jb c.json' '["s"]'
	put 'q"b\s.json' '[0]'
	put $'\xc3\xa9.json' '[1]'
	put $'c1\xc2\x9b.json' '[2]'
	put $'bad\xff.json' '[3]'
	HOSTILE=(./x.json ./sub/y.json 'a b.json' './dir with space/z.json' $'a\tb.json'
		$'nl\nx.json' $'a\e[2Jb c.json' 'q"b\s.json' $'\xc3\xa9.json' $'c1\xc2\x9b.json'
		$'bad\xff.json')
}

# formatted_tree: each file of the tree is what jfmt -S writes for it.
formatted_tree() {
	run -0 --separate-stderr "$JFMT" -S --check "${HOSTILE[@]}"
}

@test "--diff | patch -p1 fixes every file, whatever its name" {
	need_cmd diff patch
	hostile_tree
	run -1 --separate-stderr "$JFMT" -S -d "${HOSTILE[@]}"
	printf '%s\n' "$output" >fix.patch
	patch -s -p1 <fix.patch
	formatted_tree
}

@test "--diff | git apply fixes every file, whatever its name" {
	need_cmd diff git
	git init -q .
	hostile_tree
	run -1 --separate-stderr "$JFMT" -S -d "${HOSTILE[@]}"
	printf '%s\n' "$output" >"$T/fix.patch"
	git apply --check "$T/fix.patch"
	git apply "$T/fix.patch"
	formatted_tree
}
