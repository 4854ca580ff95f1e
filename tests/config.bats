#!/usr/bin/env bats
# tests/config.bats - configuration files: jfmt's own keys in .editorconfig
# (one for each option of the table that has a configuration key) and
# max_line_length; what wins (the command line over every file, jfmt's
# keys over the rest); --print-config FILE, which says what applies and
# where it comes from; --no-config; a value a file cannot hold: its file,
# line and column, exit 2, no input touched.  (prettier's and Biome's
# files: config_tools.bats.)  Every tree has a root = true .editorconfig
# at its top, so that none above the scratch directory counts.

load test_helper

DOC='{"b":[1,2],"a":{"c":null}}'

# config DIR TEXT: DIR/.editorconfig holding TEXT.
config() {
	mkdir -p "$1"
	printf '%s\n' "$2" >"$1/.editorconfig"
}

@test "every layout option of the table has a configuration key, jfmt_ and its name" {
	local name letter value words examples flags key n=0
	while IFS=$'\t' read -r name letter value words examples flags key; do
		[[ $flags == *layout* && $flags != *alias* ]] || continue
		case $name in no-editorconfig | no-config) [ "$key" = - ]; continue ;; esac
		[ "$key" = "jfmt_${name//-/_}" ] || { echo "--$name: key $key"; return 1; }
		n=$((n + 1))
	done < <("$JFMT" --list-options)
	[ "$n" -ge 15 ]
}

@test "jfmt's keys in .editorconfig set the options of the files they match" {
	config . $'root = true\n[*.json]\njfmt_sort_keys = true\njfmt_indent = 3\njfmt_ascii = true\n[c/*]\njfmt_compact = true\njfmt_eol = crlf'
	mkdir c
	put a.json '{"b":"é","a":1}'
	put c/a.json '{"b":"é","a":1}'
	run -0 "$JFMT" a.json
	[ "$output" = $'{\n   "a": 1,\n   "b": "\\u00e9"\n}' ]
	"$JFMT" c/a.json >got
	printf '{"a":1,"b":"\\u00e9"}\r\n' | cmp - got
	# each key of the table, with a value it takes, is taken
	local name letter value words examples flags key v text='root = true'$'\n''[*]'
	while IFS=$'\t' read -r name letter value words examples flags key; do
		[ "$key" != - ] || continue
		v=true
		[ "$value" = none ] || v=${examples%%|*}
		text+=$'\n'"$key = $v"
	done < <("$JFMT" --list-options)
	config . "$text"
	run -0 --separate-stderr "$JFMT" --print-config a.json
	[ -z "$stderr" ]
}

@test "max_line_length is the width, as prettier reads it; off is none" {
	config . $'root = true\n[*]\nmax_line_length = 20\n[off/*]\nmax_line_length = off'
	mkdir off
	put a.json '{"a":[1,2,3],"b":{"c":"dddddddddddddddddddd"}}'
	cp a.json off/a.json
	run -0 "$JFMT" a.json
	[ "$output" = $'{\n  "a": [1, 2, 3],\n  "b": {\n    "c": "dddddddddddddddddddd"\n  }\n}' ]
	run -0 "$JFMT" off/a.json
	[ "$output" = "$("$JFMT" --no-config off/a.json)" ]
	[ "$output" = "$("$JFMT" --width=0 a.json)" ]
	# the command line wins
	run -0 "$JFMT" --width=80 a.json
	[ "$output" = "$("$JFMT" --no-config --width=80 a.json)" ]
}

@test "what wins: the command line, then jfmt's keys, then .editorconfig's own properties" {
	config . $'root = true\n[*]\nindent_size = 4\nindent_style = tab\n[own/*]\njfmt_indent = 3'
	mkdir own
	put a.json '[1]'
	put own/a.json '[1]'
	run -0 "$JFMT" a.json
	[ "$output" = $'[\n\t1\n]' ]
	# (jfmt_indent outranks indent_style: of -c, --indent and --tab, the
	# highest-ranked file's say)
	run -0 "$JFMT" own/a.json
	[ "$output" = $'[\n   1\n]' ]
	run -0 "$JFMT" --indent=1 own/a.json
	[ "$output" = $'[\n 1\n]' ]
	run -0 "$JFMT" -c own/a.json
	[ "$output" = '[1]' ]
}

@test "--print-config: each option that applies, and where it comes from" {
	config . $'root = true\n[*]\nindent_size = 4\nmax_line_length = 60\n[sub/*.json]\njfmt_sort_keys = true\nindent_style = tab'
	mkdir sub
	run -0 --separate-stderr "$JFMT" --print-config sub/x.json
	[ -z "$stderr" ]
	[ "${lines[0]}" = $'jfmt_tab = true\t.editorconfig:7:16: indent_style' ]
	[[ $output == *$'\njfmt_width = 60\t.editorconfig:4:19: max_line_length\n'* ]]
	[[ $output == *$'\njfmt_sort_keys = true\t.editorconfig:6:18: jfmt_sort_keys\n'* ]]
	[[ $output == *$'\njfmt_eol = lf\tdefault\n'* ]]
	[[ $output == *$'\njfmt_comments = false\tdefault\n'* ]]
	# the file need not exist; one outside the tree has no configuration
	run -0 "$JFMT" --print-config x.json
	[ "${lines[0]}" = $'jfmt_indent = 4\t.editorconfig:3:15: indent_size' ]
	# the command line, and the name
	run -0 "$JFMT" --print-config tsconfig.json --eol=crlf -c
	[ "${lines[0]}" = $'jfmt_compact = true\tcommand line' ]
	[[ $output == *$'\njfmt_eol = crlf\tcommand line\n'* ]]
	[[ $output == *$'\njfmt_comments = true\ttsconfig.json: its name (JSONC)\n'* ]]
	# --no-config
	run -0 "$JFMT" --print-config sub/x.json --no-config
	[ "${lines[0]}" = $'jfmt_indent = 2\tdefault' ]
	[[ $output != *editorconfig* ]]
	# every option with a key is listed, once; of -c, --indent and
	# --tab, the one that applies; --parser only when it is set (else the
	# name picks prettier's parser)
	local keys
	keys=$("$JFMT" --list-options | awk -F '\t' '$7 != "-"' | wc -l)
	[ "${#lines[@]}" -eq $((keys - 3)) ]
	[[ $output != *jfmt_parser* ]]
	run -2 --separate-stderr "$JFMT" --print-config a.json b.json
	[ "${stderr_lines[0]}" = "jfmt: --print-config takes one FILE: 'b.json' is another" ]
}

@test "--no-config reads no configuration file, and --check's command repeats it" {
	config . $'root = true\n[*]\njfmt_compact = true'
	put a.json "$DOC"
	run -0 "$JFMT" a.json
	[ "$output" = '{"b":[1,2],"a":{"c":null}}' ]
	run -0 "$JFMT" --no-config a.json
	[ "$output" = "$("$JFMT" --no-editorconfig a.json)" ]
	[ "${lines[0]}" = '{' ]
	run -1 --separate-stderr "$JFMT" --check --no-config a.json
	[ "$stderr" = "jfmt: 1 file is not formatted; to fix it, run: jfmt -i --no-config a.json" ]
}

@test "a value a configuration file cannot hold: its file, line and column, exit 2, no input touched" {
	config . $'root = true\n[*.json]\n  jfmt_indent = 40'
	put a.json "$DOC"
	put b.json "$DOC"
	run -2 --separate-stderr "$JFMT" -i a.json b.json
	[ "${stderr_lines[0]}" = "jfmt: .editorconfig:3:17: jfmt_indent: invalid indent '40' (expected 0 to 16)" ]
	[ "${stderr_lines[1]}" = "      jfmt_indent = 40" ]
	[ "${stderr_lines[2]}" = "                    ^" ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	[ "$(cat a.json)" = "$DOC" ] && [ "$(cat b.json)" = "$DOC" ]
	[ "$(ls -A | tr '\n' ' ')" = ".editorconfig a.json b.json " ]
	# in a directory walked with -r, after files it does not govern
	config . 'root = true'
	mkdir -p t/a t/z
	put t/a/x.json "$DOC"
	put t/z/y.json "$DOC"
	config t/z $'[*]\njfmt_style = black'
	run -2 --separate-stderr "$JFMT" -i -r t
	[ "${stderr_lines[0]}" = "jfmt: t/z/.editorconfig:2:14: jfmt_style: invalid style 'black' (expected jfmt or prettier)" ]
	[ "$(cat t/a/x.json)" = "$DOC" ]
	# each kind of key and value
	for bad in 'jfmt_sort_keys = yes|invalid value '\''yes'\'' (expected true or false)' \
		'jfmt_width = wide|invalid width '\''wide'\'' (expected 0 to 10000)' \
		'jfmt_eol = cr|invalid line end '\''cr'\'' (expected lf, crlf or auto)' \
		'jfmt_indnt = 4|not a key of jfmt'\''s (jfmt --list-options lists them)'; do
		config . $'root = true\n[*.json]\n'"${bad%%|*}"
		run -2 --separate-stderr "$JFMT" a.json
		[ -z "$output" ]
		[ "${stderr_lines[0]}" = "jfmt: .editorconfig:3:${stderr_lines[0]#jfmt: .editorconfig:3:}" ]
		[[ ${stderr_lines[0]} == *": ${bad%% *}: ${bad#*|}" ]] || { echo "$bad: ${stderr_lines[0]}"; return 1; }
		run -2 --separate-stderr "$JFMT" --print-config a.json
		run -0 "$JFMT" --no-config a.json
	done
	# .editorconfig's own properties with values jfmt cannot take are
	# left aside (other tools read them)
	config . $'root = true\n[*.json]\nmax_line_length = wide\nindent_size = 99'
	run -0 "$JFMT" -c a.json
}
