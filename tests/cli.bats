#!/usr/bin/env bats
# tests/cli.bats - the command line: --help, --version, usage errors and
# their exit status 2, option forms and the order of options and operands.

load test_helper

# usage_error ARG...: jfmt ARG... is refused as a usage error: exit 2,
# nothing on stdout, "jfmt: ..." then the --help hint on stderr.
usage_error() {
	run -2 --separate-stderr "$JFMT" "$@" </dev/null
	[ -z "$output" ] || { echo "stdout for $*: $output"; return 1; }
	[[ "${stderr_lines[0]}" == "jfmt: "?* ]] || { echo "stderr for $*: $stderr"; return 1; }
	[ "${stderr_lines[1]}" = "Try 'jfmt --help' for more information." ] ||
		{ echo "stderr for $*: $stderr"; return 1; }
}

# --- --help and --version ---

@test "-h and --help print the usage on stdout and exit 0" {
	run -0 --separate-stderr "$JFMT" --help
	[ -z "$stderr" ]
	[[ "${lines[0]}" == "usage: jfmt "* ]]
	help=$output
	run -0 --separate-stderr "$JFMT" -h
	[ "$output" = "$help" ]
}

@test "--help mentions every long option" {
	run -0 --separate-stderr "$JFMT" --help
	for opt in --compact --indent --tab --sort-keys --ascii --escape-slash --color \
		--monochrome --validate --check --list --null --diff --recursive --stdin-filename --label \
		--comments --seq --progress --output --in-place --help --version; do
		[[ "$output" == *"$opt"* ]] || { echo "--help does not mention $opt"; return 1; }
	done
}

@test "--help names each option of the table that is offered, and none that is not yet" {
	run -0 --separate-stderr "$JFMT" --list-options
	local name letter value words examples flags config n=0
	# (the table as --list-options writes it: seven fields, tabs between)
	[[ "${lines[0]}" =~ ^[a-z-]+$'\t'[a-zA-Z-]$'\t'(none|required|optional)($'\t'[^$'\t']+){4}$ ]]
	local help
	help=$("$JFMT" --help)
	while IFS=$'\t' read -r name letter value words examples flags config; do
		n=$((n + 1))
		if [[ $flags == *hidden* ]]; then
			[[ $help != *"--$name"* ]] || { echo "--help offers --$name, not yet offered"; return 1; }
			continue
		fi
		[ "$name" = - ] || [[ $help =~ (^|[^a-z-])--$name([^a-z-]|$) ]] ||
			{ echo "--help does not name --$name"; return 1; }
		[ "$letter" = - ] || [[ $help =~ $'\n'"  -$letter"[,\ ] ]] ||
			{ echo "--help does not name -$letter"; return 1; }
	done <<<"$output"
	[ "$n" -ge 40 ]
}

@test "--style and prettier's options: their values are checked, exit 2" {
	run -2 --separate-stderr "$JFMT" --parser=json5 </dev/null
	[ "${stderr_lines[0]}" = "jfmt: invalid parser 'json5' (expected json, jsonc or json-stringify)" ]
	run -2 --separate-stderr "$JFMT" --style=black </dev/null
	[ "${stderr_lines[0]}" = "jfmt: invalid style 'black' (expected jfmt or prettier)" ]
	run -2 --separate-stderr "$JFMT" --object-wrap=yes </dev/null
	[ "${stderr_lines[0]}" = "jfmt: invalid object-wrap choice 'yes' (expected preserve or collapse)" ]
	run -2 --separate-stderr "$JFMT" --trailing-commas=es5 </dev/null
	[ "${stderr_lines[0]}" = "jfmt: invalid trailing-commas choice 'es5' (expected none or all)" ]
	run -2 --separate-stderr "$JFMT" --bracket-spacing=1 </dev/null
	[ "${stderr_lines[0]}" = "jfmt: invalid bracket-spacing choice '1' (expected yes or no)" ]
}

@test "--help mentions every short option" {
	run -0 --separate-stderr "$JFMT" --help
	for opt in -a -C -c -d -h -i -l -M -n -o -r -S -t -V -z; do
		grep -q -- "$opt[, ]" <<<"$output" || { echo "--help does not mention $opt"; return 1; }
	done
}

@test "--help wins over operands and other options" {
	run -0 --separate-stderr "$JFMT" --help -c no-such-file.json
	[[ "${lines[0]}" == "usage: jfmt "* ]]
	[ -z "$stderr" ]
}

@test "--help on a full device fails" {
	run --separate-stderr bash -c '"$JFMT" --help >/dev/full'
	[ "$status" -ne 0 ]
	[[ "$stderr" == "jfmt: "* ]]
}

@test "-V and --version print 'jfmt VERSION (yajl 2.x.y)', then .editorconfig's line, and exit 0" {
	run -0 --separate-stderr "$JFMT" --version
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "${lines[0]}" =~ ^jfmt\ [0-9]+\.[0-9]+(\.[0-9]+)?[^\ ]*\ \(yajl\ 2\.[0-9]+\.[0-9]+\)$ ]]
	[[ "${lines[1]}" =~ ^\.editorconfig:\ read\ \(libeditorconfig\ [0-9]+\.[0-9]+\.[0-9]+[^\)]*\)\;\ --no-editorconfig\ turns\ it\ off$ ]]
	version=$output
	run -0 --separate-stderr "$JFMT" -V
	[ "$output" = "$version" ]
}

@test "--version names the yajl that is installed" {
	need_cmd pkg-config
	yajl=$(pkg-config --modversion yajl 2>/dev/null) || skip "pkg-config does not know yajl"
	run -0 --separate-stderr "$JFMT" --version
	[[ "${lines[0]}" == *"(yajl $yajl)" ]]
}

# --- Usage errors ---

@test "unknown options are usage errors" {
	usage_error --bogus
	[ "${stderr_lines[0]}" = "jfmt: unknown option '--bogus'" ]
	usage_error -x
	[ "${stderr_lines[0]}" = "jfmt: unknown option '-x'" ]
	usage_error -c -x
	usage_error --bogus=1
}

@test "a missing value is a usage error" {
	usage_error -o
	[[ "${stderr_lines[0]}" == *"'-o'"* ]]
	usage_error --indent
	[[ "${stderr_lines[0]}" == *"'--indent'"* ]]
	usage_error --output
	usage_error -c --indent
}

@test "bad --indent values are usage errors" {
	for v in 17 abc -1 '' 2x 100000000000000000000 1.5 ' 2' +2 '2 '; do
		usage_error "--indent=$v" || { echo "for --indent='$v'"; return 1; }
		[[ "${stderr_lines[0]}" == *"'$v'"* ]] || { echo "for --indent='$v': $stderr"; return 1; }
	done
	usage_error --indent 17
}

@test "--indent=0 and --indent=16 are accepted" {
	printf '[1]' >in.json
	run -0 --separate-stderr "$JFMT" --indent=0 in.json
	[ "$output" = $'[\n1\n]' ]
	run -0 --separate-stderr "$JFMT" --indent=16 in.json
	[ "${lines[1]}" = "                1" ]
	run -0 --separate-stderr "$JFMT" --indent=007 in.json
	[ "${lines[1]}" = "       1" ]
}

@test "a bad --color value is a usage error" {
	usage_error --color=sometimes
	[[ "${stderr_lines[0]}" == *"'sometimes'"* ]]
	usage_error --color=
	usage_error --color=ALWAYS
}

@test "a long option without a value given one is a usage error" {
	usage_error --compact=1
	usage_error --check=yes
	usage_error --validate=yes
}

@test "a usage error reads no input and writes no file" {
	printf '[1]' >in.json
	usage_error --indent=17 -o out.json in.json
	[ ! -e out.json ]
	cp in.json keep.json
	usage_error --bogus -i keep.json
	cmp in.json keep.json
}

@test "-i without a FILE is a usage error" {
	usage_error -i
	usage_error --in-place
}

@test "-i with -o is a usage error" {
	printf '[1]' >in.json
	usage_error -i -o out.json in.json
	usage_error --in-place --output=out.json in.json
	[ ! -e out.json ]
	[ "$(cat in.json)" = "[1]" ]
}

@test "-i - is a usage error" {
	printf '[1]' >in.json
	usage_error -i -
	usage_error -i in.json -
	[ "$(cat in.json)" = "[1]" ]
}

@test "--validate, --check, --diff and --list with -o or -i are usage errors" {
	printf '[1]' >in.json
	usage_error --check -o out.json in.json
	[ "${stderr_lines[0]}" = "jfmt: --check writes nothing; it cannot be used with --output" ]
	usage_error -n --output out.json in.json
	[ "${stderr_lines[0]}" = "jfmt: --validate writes nothing; it cannot be used with --output" ]
	usage_error -d -o out.json in.json
	usage_error -l -o out.json in.json
	[ "${stderr_lines[0]}" = "jfmt: --list writes nothing; it cannot be used with --output" ]
	[ ! -e out.json ]
	usage_error -n -i in.json
	[ "${stderr_lines[0]}" = "jfmt: --validate writes nothing; it cannot be used with --in-place" ]
	usage_error --check -i in.json
	usage_error --diff -i in.json
	[ "$(cat in.json)" = "[1]" ]
}

@test "--validate with --check, --diff or --list is a usage error" {
	printf '[1]' >in.json
	for opt in --check --diff -d --list -l; do
		usage_error -n "$opt" in.json
		[ "${stderr_lines[0]}" = "jfmt: --validate cannot be used with --check, --diff or --list" ]
	done
}

# --- Forms and order ---

@test "-- ends the options: a file named -c can be read" {
	printf '{"a":1}' >-c
	run -0 --separate-stderr "$JFMT" -- -c
	[ "$output" = $'{\n  "a": 1\n}' ]
	run -0 --separate-stderr "$JFMT" -c -- -c
	[ "$output" = '{"a":1}' ]
}

@test "options after operands work" {
	printf '{"a":1}' >in.json
	run -0 --separate-stderr "$JFMT" in.json -c
	[ "$output" = '{"a":1}' ]
	run -0 --separate-stderr "$JFMT" in.json --indent=0
	[ "$output" = $'{\n"a": 1\n}' ]
}

@test "short options can be bundled" {
	printf '{"b":1,"a":"\xc3\xa9"}' >in.json
	run -0 --separate-stderr "$JFMT" -cSa in.json
	[ "$output" = '{"a":"\u00e9","b":1}' ]
}

@test "-o accepts -oFILE, -o FILE, --output=FILE and --output FILE" {
	printf '[1]' >in.json
	"$JFMT" -c -oa.out in.json
	"$JFMT" -c -o b.out in.json
	"$JFMT" -c --output=c.out in.json
	"$JFMT" -c --output d.out in.json
	for f in a b c d; do
		[ "$(cat "$f.out")" = "[1]" ] || { echo "$f.out"; return 1; }
	done
}

@test "--color and --colour are the same option" {
	printf '[1]' >in.json
	run -0 --separate-stderr "$JFMT" -c --colour=always in.json
	[ "$output" = $'\033[1;39m[\033[0m\033[0;39m1\033[0m\033[1;39m]\033[0m' ]
}

@test "the last layout option wins where they conflict" {
	printf '[1]' >in.json
	run -0 --separate-stderr "$JFMT" --tab --indent=3 in.json
	[ "${lines[1]}" = "   1" ]
	run -0 --separate-stderr "$JFMT" --indent=3 --tab in.json
	[ "${lines[1]}" = $'\t1' ]
}

@test "--progress writes nothing when standard error is not a terminal" {
	printf '{"a":[1,2]}' >in.json
	"$JFMT" -c in.json >want.json
	run -0 --separate-stderr "$JFMT" --progress -c in.json
	[ -z "$stderr" ]
	[ "$output" = '{"a":[1,2]}' ]
	run -0 --separate-stderr "$JFMT" --progress -c -o out.json in.json
	[ -z "$stderr" ]
	cmp want.json out.json
}

@test "--progress on a terminal: bytes and speed, redrawn in place, cleared at the end" {
	# (a line is drawn at a read more than 0.1 s after the last one drawn,
	# or after the start: each pause below makes one)
	mkfifo slow.json
	{ printf '['; for i in 1 2; do sleep 0.12; printf '%s,' "$i"; done; printf '0]\n'; } >slow.json &
	run -0 on_tty "$JFMT" --progress -c -o out.json slow.json
	wait
	[ "$(cat out.json)" = '[1,2,0]' ]
	# at least one line was drawn, each starting with CR and erase-line
	[[ "$output" == *$'\r\e[K'"jfmt: slow.json: 0.0 MB "*" MB/s"* ]]
	# the size of a FIFO is unknown: no percentage
	[[ "$output" != *"%"* ]]
	# and the display is cleared: the output ends with CR and erase-line
	[[ "$output" == *$'\r\e[K' ]]
}

@test "--progress on a terminal shows percent and ETA when the size is known" {
	# A file of 3 MB, its output into a pipe that is not read for 0.3 s
	# once the first of it is out: jfmt waits in write(2), and its next
	# read is more than 0.1 s after any line drawn before.
	python3 -c 'import sys; sys.stdout.write("".join("{\"a\":[1,2,3],\"b\":\"text text text %d\"}\n" % i for i in range(80000)))' >big.json
	run -0 on_tty bash -c '"$1" --progress -c big.json | { dd bs=1 count=1 status=none; sleep 0.3; cat; } >out.json' - "$JFMT"
	[[ "$output" == *"jfmt: big.json: "*" MB "*"% ETA "*":"*" MB/s"* ]]
	[[ "$output" == *$'\r\e[K' ]]
	"$JFMT" -c big.json | cmp - out.json
}

@test "--progress: an error message is not mixed into the progress line" {
	# (one pause longer than 0.1 s: a line is drawn before the error)
	mkfifo slow.json
	{ printf '[1,'; sleep 0.12; printf ']\n'; } >slow.json &
	run -1 on_tty "$JFMT" --progress -c -o out.json slow.json
	wait
	[[ "$output" == *$'\r\e[K'"jfmt: slow.json:1:4: "* ]]
}
