#!/usr/bin/env bats
# tests/editorconfig.bats - .editorconfig, read through libeditorconfig
# (loaded when a file first has one above it) for each FILE (and standard
# input with --stdin-filename): indent_style,
# indent_size and tab_width, insert_final_newline; the nearest file wins,
# root = true stops the search; options on the command line win, and
# --no-editorconfig turns it off; an .editorconfig that cannot be read is
# an error, not skipped.  Every test's tree has a root = true at
# its top, so that no .editorconfig above the scratch directory counts.

load test_helper

DOC='{"a":[1]}'
TWO=$'{\n  "a": [\n    1\n  ]\n}'
FOUR=$'{\n    "a": [\n        1\n    ]\n}'
TABS=$'{\n\t"a": [\n\t\t1\n\t]\n}'

# config DIR TEXT: DIR/.editorconfig holding TEXT.
config() {
	mkdir -p "$1"
	printf '%s\n' "$2" >"$1/.editorconfig"
}

@test "indent_style and indent_size set the indentation of the files they match" {
	config . $'root = true\n[*.json]\nindent_size = 4\n[tabs/*.json]\nindent_style = tab'
	mkdir tabs
	put a.json "$DOC"
	put tabs/b.json "$DOC"
	put c.txt "$DOC"
	run -0 --separate-stderr "$JFMT" a.json
	[ "$output" = "$FOUR" ]
	run -0 --separate-stderr "$JFMT" tabs/b.json
	[ "$output" = "$TABS" ]
	run -0 --separate-stderr "$JFMT" c.txt
	[ "$output" = "$TWO" ]
	# each file its own, in one run
	run -0 --separate-stderr "$JFMT" c.txt a.json tabs/b.json
	[ "$output" = "$TWO"$'\n'"$FOUR"$'\n'"$TABS" ]
}

@test "indent_size = tab takes tab_width; tab_width alone is not an indentation" {
	config . $'root = true\n[a.json]\nindent_style = space\nindent_size = tab\ntab_width = 3\n[b.json]\ntab_width = 8'
	put a.json "$DOC"
	put b.json "$DOC"
	run -0 --separate-stderr "$JFMT" a.json
	[ "$output" = $'{\n   "a": [\n      1\n   ]\n}' ]
	run -0 --separate-stderr "$JFMT" b.json
	[ "$output" = "$TWO" ]
}

@test "the nearest .editorconfig wins; root = true stops the search" {
	config . $'root = true\n[*]\nindent_size = 4\ninsert_final_newline = false'
	config sub $'[*]\nindent_style = tab'
	config top $'root = true\n[*]\nindent_style = tab'
	put sub/a.json "$DOC"
	put top/b.json "$DOC"
	run -0 --separate-stderr "$JFMT" sub/a.json top/b.json
	# sub/a.json: tabs from sub/, no final newline from the top; top/b.json:
	# tabs, and nothing from above its root
	[ "$output" = "$TABS"$'\n'"$TABS" ]
	"$JFMT" sub/a.json >out
	[ "$(tail -c 1 out | od -An -c | tr -d ' ')" = '}' ]
}

@test "-c, --indent and --tab win over .editorconfig; --no-editorconfig ignores it" {
	config . $'root = true\n[*]\nindent_style = tab\ninsert_final_newline = false'
	put a.json "$DOC"
	run -0 --separate-stderr "$JFMT" --indent=4 a.json
	[ "$output" = "$FOUR" ]
	run -0 --separate-stderr "$JFMT" -c a.json
	[ "$output" = "$DOC" ]
	config . $'root = true\n[*]\nindent_size = 4'
	run -0 --separate-stderr "$JFMT" --tab a.json
	[ "$output" = "$TABS" ]
	run -0 --separate-stderr "$JFMT" --no-editorconfig a.json
	[ "$output" = "$TWO" ]
}

@test "standard input follows --stdin-filename, and no .editorconfig without it" {
	config . $'root = true\n[*.json]\nindent_size = 4'
	run -0 --separate-stderr "$JFMT" --stdin-filename=x.json <<<"$DOC"
	[ "$output" = "$FOUR" ]
	mkdir d
	run -0 --separate-stderr "$JFMT" --stdin-filename=d/../x.json <<<"$DOC"
	[ "$output" = "$FOUR" ]
	run -0 --separate-stderr "$JFMT" <<<"$DOC"
	[ "$output" = "$TWO" ]
	run -0 --separate-stderr "$JFMT" --stdin-filename=x.txt <<<"$DOC"
	[ "$output" = "$TWO" ]
}

@test "insert_final_newline = false: no newline at the end, for output, --check, -i and -d" {
	config . $'root = true\n[*.json]\ninsert_final_newline = false'
	put a.json "$DOC"
	"$JFMT" a.json >out
	cmp out <(printf '%s' "$TWO")
	run -1 --separate-stderr "$JFMT" --check a.json
	[ "$output" = a.json ]
	run -0 --separate-stderr "$JFMT" -i -l a.json
	[ "$output" = a.json ]
	cmp a.json <(printf '%s' "$TWO")
	run -0 --separate-stderr "$JFMT" --check a.json
	# a newline at the end is now a difference
	printf '%s\n' "$TWO" >a.json
	run -1 --separate-stderr "$JFMT" -d a.json
	[[ "$output" == *'\ No newline at end of file'* ]]
	# from standard input, through a pipe, in pieces
	printf '%s' "$DOC" | "$JFMT" --stdin-filename=a.json >out
	cmp out <(printf '%s' "$TWO")
	# -n writes nothing and is unchanged
	run -0 --separate-stderr "$JFMT" -n a.json
	[ -z "$output" ]
}

@test "insert_final_newline = false on a large file, and between several files" {
	config . $'root = true\n[*.json]\ninsert_final_newline = false'
	python3 -c 'import json; print(json.dumps(list(range(100000))))' >big.json
	"$JFMT" -c big.json >out
	[ "$(tail -c 2 out)" = '0]' ] || [ "$(tail -c 1 out)" = ']' ]
	[ "$(wc -l <out)" -eq 0 ]
	"$JFMT" --check -c big.json || true
	"$JFMT" -i -c big.json
	cmp big.json out
	run -0 --separate-stderr "$JFMT" --check -c big.json
	# several files to one output: a newline still parts them, only the
	# last is dropped
	put a.json '[1]'
	put b.json '[2]'
	"$JFMT" -c a.json b.json >out
	cmp out <(printf '[1]\n[2]')
	put c.txt '[3]'
	"$JFMT" -c a.json c.txt >out
	cmp out <(printf '[1]\n[3]\n')
	"$JFMT" -c -o out2 c.txt a.json
	cmp out2 <(printf '[3]\n[1]')
}

@test "insert_final_newline = false leaves --seq's last record ended: a text sequence ends each with LF" {
	# jq --seq dropped the last record, which had no line end
	config . $'root = true\n[*.json]\ninsert_final_newline = false'
	put a.json '1 2'
	"$JFMT" --seq a.json >out
	cmp out <(printf '\x1e1\n\x1e2\n')
	"$JFMT" -i --seq a.json
	cmp a.json out
	run -0 --separate-stderr "$JFMT" --seq --check a.json
	printf '\x1e1\n\x1e2' >a.json
	run -1 --separate-stderr "$JFMT" --seq --check a.json
	# from standard input named by --stdin-filename, and compact
	printf '[1]' | "$JFMT" --seq -c --stdin-filename=a.json >out
	cmp out <(printf '\x1e[1]\n')
	# without --seq, the same file still ends without one
	"$JFMT" -c a.json >out
	cmp out <(printf '1\n2')
}

@test "-r applies each directory's .editorconfig to its files" {
	config t $'root = true\n[*]\nindent_size = 4\n[b/**]\nindent_style = tab'
	mkdir -p t/a t/b
	put t/a/x.json "$FOUR"$'\n'
	put t/b/y.json "$TWO"$'\n'
	run -1 --separate-stderr "$JFMT" -r --check t
	[ "$output" = t/b/y.json ]
	run -0 --separate-stderr "$JFMT" -r -i t
	[ "$(cat t/b/y.json)" = "$TABS" ]
}

@test "values out of range or unknown are ignored" {
	config . $'root = true\n[*]\nindent_size = 40\nindent_style = dots\ninsert_final_newline = maybe'
	put a.json "$DOC"
	run -0 --separate-stderr "$JFMT" a.json
	[ -z "$stderr" ]
	[ "$output" = "$TWO" ]
	"$JFMT" a.json | tail -c 1 | od -An -c | grep -q '\\n'
}

@test "--version and the man page say .editorconfig is read" {
	run -0 --separate-stderr "$JFMT" --version
	[[ "${lines[1]}" == ".editorconfig: read (libeditorconfig "*"); --no-editorconfig turns it off" ]]
	grep -q 'no-editorconfig' "$TESTS_DIR/../man/jfmt.1"
	if ver=$(pkg-config --modversion editorconfig 2>/dev/null); then
		[[ "${lines[1]}" == *"(libeditorconfig $ver)"* ]]
	fi
}

@test "the fixing command that --check suggests keeps --no-editorconfig and an indentation given" {
	config . $'root = true\n[*]\nindent_size = 4'
	put a.json "$DOC"
	run -1 --separate-stderr "$JFMT" --check --no-editorconfig a.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i --no-editorconfig a.json" ]
	run -1 --separate-stderr "$JFMT" --check --eol=lf a.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i --eol=lf a.json" ]
	run -1 --separate-stderr "$JFMT" --check --indent=2 a.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i --indent=2 a.json" ]
	cmd=${stderr##*run: jfmt }
	run -0 --separate-stderr bash -c "\"\$JFMT\" $cmd"
	[ "$(cat a.json)" = "$TWO" ]
}

@test "end_of_line = crlf or lf sets the line ends, unless --eol is given; cr is ignored" {
	config . $'root = true\n[*.json]\nend_of_line = crlf\n[cr.json]\nend_of_line = cr\n[nofinal.json]\ninsert_final_newline = false'
	put a.json "$DOC"
	put cr.json "$DOC"
	put nofinal.json "$DOC"
	"$JFMT" a.json >out
	cmp out <(printf '{\r\n  "a": [\r\n    1\r\n  ]\r\n}\r\n')
	"$JFMT" --eol=lf a.json >out
	cmp out <(printf '%s\n' "$TWO")
	"$JFMT" cr.json >out
	cmp out <(printf '%s\n' "$TWO")
	# CR LF, and no line end at the end
	"$JFMT" nofinal.json >out
	cmp out <(printf '{\r\n  "a": [\r\n    1\r\n  ]\r\n}')
	run -0 --separate-stderr "$JFMT" -i nofinal.json
	cmp nofinal.json out
	"$JFMT" -i a.json
	run -0 --separate-stderr "$JFMT" --check nofinal.json a.json
}

# opened TRACE: whether the run traced opened libeditorconfig.
opened() {
	grep -q 'libeditorconfig\.so' "$1"
}

@test "libeditorconfig is loaded for a file with an .editorconfig above it, not at every start" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	mkdir plain styled
	config styled $'root = true\n[*.json]\nindent_style = tab'
	put plain/a.json "$DOC"
	put styled/a.json "$DOC"
	strace -f -qq -o trace -e trace=openat "$JFMT" -c <plain/a.json >/dev/null
	! opened trace || { echo "loaded for standard input"; return 1; }
	# a file with none above it (unless one stands above the scratch
	# directory, which this test cannot help)
	local d=$PWD/plain
	while [ -n "$d" ] && [ ! -e "$d/.editorconfig" ]; do d=${d%/*}; done
	if [ -z "$d" ] && [ ! -e /.editorconfig ]; then
		strace -f -qq -o trace -e trace=openat "$JFMT" -c plain/a.json >/dev/null
		! opened trace || { echo "loaded for plain/a.json"; return 1; }
	fi
	strace -f -qq -o trace -e trace=openat "$JFMT" -c --no-editorconfig styled/a.json >/dev/null
	! opened trace || { echo "loaded with --no-editorconfig"; return 1; }
	strace -f -qq -o trace -e trace=openat "$JFMT" styled/a.json >got
	opened trace || { echo "not loaded for styled/a.json"; return 1; }
	[ "$(cat got)" = "$TABS" ]
}

@test "each directory is looked at once for an .editorconfig, however many files it holds" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# (one above the scratch directory would have the library read it
	# again for each file)
	local d=$PWD i
	while [ -n "$d" ] && [ ! -e "$d/.editorconfig" ]; do d=${d%/*}; done
	[ -z "$d" ] && [ ! -e /.editorconfig ] || skip "an .editorconfig stands above $PWD"
	mkdir -p a/b
	for i in 1 2 3 4 5 6 7 8 9 10; do
		put "a/b/f$i.json" "$TWO"$'\n'
		put "a/g$i.json" "$TWO"$'\n'
	done
	strace -f -qq -o trace -e trace=openat "$JFMT" -r --check a
	grep -q "\"$PWD/a/b/.editorconfig\"" trace
	grep -o '"[^"]*/\.editorconfig"' trace | sort | uniq -c | awk '$1 > 1 { print; n++ } END { exit n > 0 }'
	# and an unreadable one is said for each file below it
	mkdir a/.editorconfig
	run -3 --separate-stderr "$JFMT" -r --check a
	[ "${#stderr_lines[@]}" -eq 20 ]
	[ "${stderr_lines[0]}" = "jfmt: a/b/f1.json: cannot read $PWD/a/.editorconfig: Is a directory (--no-editorconfig leaves it aside)" ]
	[ "${stderr_lines[19]}" = "jfmt: a/g9.json: cannot read $PWD/a/.editorconfig: Is a directory (--no-editorconfig leaves it aside)" ]
}

@test "a libeditorconfig that cannot be loaded: files with an .editorconfig fail, naming it, exit 3, and are left as they were" {
	mkdir lib styled
	: >lib/libeditorconfig.so.0             # not a library
	config styled $'root = true\n[*.json]\nindent_style = tab'
	put styled/a.json "$DOC"
	put styled/b.json "$DOC"
	why="$PWD/lib/libeditorconfig.so.0: file too short"
	run --separate-stderr env LD_LIBRARY_PATH="$PWD/lib" "$JFMT" -i styled/a.json styled/b.json
	[ "$status" -eq 3 ]
	[ "${stderr_lines[0]}" = "jfmt: styled/a.json: .editorconfig: $why (--no-editorconfig leaves it aside)" ]
	[ "${stderr_lines[1]}" = "jfmt: styled/b.json: .editorconfig: $why (--no-editorconfig leaves it aside)" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	[ "$(cat styled/a.json)" = "$DOC" ] && [ "$(cat styled/b.json)" = "$DOC" ]
	[ "$(ls -A styled | tr '\n' ' ')" = ".editorconfig a.json b.json " ]
	# --no-editorconfig, and standard input, need no library
	run -0 --separate-stderr env LD_LIBRARY_PATH="$PWD/lib" "$JFMT" --no-editorconfig -c styled/a.json
	[ "$output" = "$DOC" ] && [ -z "$stderr" ]
	run -0 --separate-stderr env LD_LIBRARY_PATH="$PWD/lib" "$JFMT" -c <styled/a.json
	[ "$output" = "$DOC" ]
	# --version says why
	run -0 env LD_LIBRARY_PATH="$PWD/lib" "$JFMT" --version
	[ "${lines[1]}" = ".editorconfig: cannot be read ($why): a file with one fails; --no-editorconfig leaves them aside" ]
}

# unreadable_is_error WHY: sub/.editorconfig, made unreadable by the
# caller, is an error for sub/a.json that names it and says WHY (exit 3,
# the file left as it is), though ./.editorconfig says root = true and
# indent_style = tab; sub/b.txt named with -i, and a file outside sub/,
# are formatted as usual.
unreadable_is_error() {
	put sub/a.json "$DOC"
	put top.json "$DOC"
	run -3 --separate-stderr "$JFMT" -i sub/a.json top.json
	[ "$stderr" = "jfmt: sub/a.json: cannot read $WORK/sub/.editorconfig: $1 (--no-editorconfig leaves it aside)" ]
	[ "$(cat sub/a.json)" = "$DOC" ]
	[ "$(cat top.json)" = "$TABS" ]
	run -0 --separate-stderr "$JFMT" --no-editorconfig sub/a.json
	[ "$output" = "$TWO" ]
}

@test "an .editorconfig that cannot be read is an error, not skipped: a directory" {
	config . $'root = true\n[*.json]\nindent_style = tab'
	mkdir -p sub/.editorconfig
	unreadable_is_error "Is a directory"
}

@test "an .editorconfig that cannot be read is an error: a link to nothing, a link to itself" {
	config . $'root = true\n[*.json]\nindent_style = tab'
	mkdir sub
	ln -s missing sub/.editorconfig
	unreadable_is_error "No such file or directory"
	rm sub/.editorconfig
	ln -s .editorconfig sub/.editorconfig
	unreadable_is_error "Too many levels of symbolic links"
}

@test "an .editorconfig without read permission is an error" {
	skip_if_root
	config . $'root = true\n[*.json]\nindent_style = tab'
	config sub $'root = true\n[*.json]\nindent_size = 4'
	chmod 000 sub/.editorconfig
	unreadable_is_error "Permission denied"
}

@test "a section name libeditorconfig would take seconds to match is refused, naming the file and line" {
	stars=$(printf '%3000s' '' | tr ' ' '*')
	config . $'root = true\n[*.json]\nindent_style = tab\n['"${stars}"$'json]\nindent_size = 4'
	put a.json "$DOC"
	# (timeout: the library takes over 20 s a file on this section)
	run -3 --separate-stderr timeout 10 "$JFMT" -i a.json
	[ "$stderr" = "jfmt: a.json: $WORK/.editorconfig, line 4: the section name is 3004 bytes long; jfmt takes up to 1024, as libeditorconfig can take seconds a file to match longer ones (--no-editorconfig leaves it aside)" ]
	[ "$(cat a.json)" = "$DOC" ]
	config . $'root = true\n\n[*.json]\nindent_style = tab\n# 1,000 wildcards\n['"${stars:0:1000}"$'json]\nindent_size = 4'
	run -3 --separate-stderr timeout 10 "$JFMT" -i a.json
	[ "$stderr" = "jfmt: a.json: $WORK/.editorconfig, line 6: the section name has 1000 wildcards; jfmt takes up to 4, as libeditorconfig can take seconds a file to match more (--no-editorconfig leaves it aside)" ]
	[ "$(cat a.json)" = "$DOC" ]
	run -0 --separate-stderr "$JFMT" --no-editorconfig a.json
	[ "$output" = "$TWO" ]
}

@test "section names: up to 1024 bytes and 4 wildcards; {...} lists of different names count none" {
	put a.json "$DOC"
	long=$(printf '%1019s' '' | tr ' ' 'x')
	# taken: each applies, or leaves the file to the tab of [*]
	for name in "$long.json" '**/sub/**' '*.{json,jsonc,json5,yml,yaml,md,js,ts}' \
		'{a,b}{c,d}**.json' '[*][*]' '{1..3}***' 'a\*\*\*\*\*'; do
		config . $'root = true\n[*]\nindent_style = tab\n['"$name"$']\nindent_size = 4'
		run -0 --separate-stderr "$JFMT" a.json
		[ "$output" = "$TABS" ] || { echo "refused [$name]: $stderr"; return 1; }
	done
	# refused, with how many wildcards each has
	for refused in "${long}x.json:1025 bytes" '*****.json:5' '**/sub/**/*.json:5' \
		'{,}{,}{,}**.json:5' '{a,a,a}***.json:5' '{1..3}{4..5}***:5' '*.{*,**}:5'; do
		name=${refused%:*} said=${refused##*:}
		config . $'root = true\n[*]\nindent_style = tab\n['"$name"$']\nindent_size = 4'
		run -3 --separate-stderr "$JFMT" a.json
		case $said in
		*bytes) want="is $said long" ;;
		*) want="has $said wildcards" ;;
		esac
		[[ $stderr == "jfmt: a.json: $WORK/.editorconfig, line 4: the section name $want; "* ]] ||
			{ echo "[$name]: $stderr"; return 1; }
	done
}

@test "a refused section name counts in every .editorconfig read, and not above root = true" {
	config . $'root = true\n[*****.json]\nindent_size = 4'
	config sub $'[*.json]\nindent_style = tab'
	put sub/a.json "$DOC"
	run -3 --separate-stderr "$JFMT" sub/a.json
	[[ $stderr == "jfmt: sub/a.json: $WORK/.editorconfig, line 2: the section name has 5 wildcards; "* ]]
	config sub $'root = true\n[*.json]\nindent_style = tab'
	run -0 --separate-stderr "$JFMT" sub/a.json
	[ "$output" = "$TABS" ]
}
