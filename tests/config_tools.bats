#!/usr/bin/env bats
# tests/config_tools.bats - prettier's and Biome's configuration files, as
# those formatters read them (their own resolution is the oracle: prettier's
# resolveConfig(), Biome's formatting): which file governs an input (the
# nearest; package.json's "prettier" key), what it says (JSON and YAML,
# overrides, Biome's formatter and json.formatter), what wins (the command
# line, then jfmt's keys in .editorconfig), and every error of a
# configuration jfmt cannot read or take: exit 2, its place, nothing
# touched.  Until the prettier style's layout is in, what an input's
# configuration resolves to is checked with --print-config.  Every tree
# has a root = true .editorconfig at its top.

load test_helper
load config_helper

setup() {
	setup_work
	printf 'root = true\n' >.editorconfig
}

DOC='{"b":[1,2],"a":{"c":null}}'

# --- prettier ---

@test "prettier: .prettierrc in JSON and in YAML, .prettierrc.json, .yaml, .yml: as prettier reads them" {
	need_prettier
	mkdir json yaml rcjson rcyaml rcyml
	printf '{\n  "printWidth": 40,\n  "tabWidth": 4\n}\n' >json/.prettierrc
	printf '# a comment\nuseTabs: true\nprintWidth: 100\nendOfLine: crlf\nbracketSpacing: false\n' >yaml/.prettierrc
	printf '{"trailingComma": "none", "objectWrap": "collapse"}\n' >rcjson/.prettierrc.json
	printf 'tabWidth: 8\nendOfLine: auto\n' >rcyaml/.prettierrc.yaml
	printf 'trailingComma: es5\nprintWidth: 20\n' >rcyml/.prettierrc.yml
	same_as_prettier json/a.json yaml/a.json rcjson/a.jsonc rcyaml/a.json rcyml/a.jsonc
	run -0 "$JFMT" --print-config yaml/a.json
	[ "${lines[0]}" = $'jfmt_tab = true\tyaml/.prettierrc:2:1: useTabs' ]
	[[ $output == *$'\njfmt_style = prettier\tyaml/.prettierrc: prettier\'s configuration\n'* ]]
	run -0 "$JFMT" --print-config json/a.json
	[ "${lines[0]}" = $'jfmt_indent = 4\tjson/.prettierrc:3:3: tabWidth' ]
	[ "${lines[1]}" = $'jfmt_width = 40\tjson/.prettierrc:2:3: printWidth' ]
	# prettier's defaults, where it governs and says nothing
	mkdir empty
	printf '{}\n' >empty/.prettierrc.json
	same_as_prettier empty/a.json
	run -0 "$JFMT" --print-config empty/a.json
	[[ $output == *$'\njfmt_width = 80\tempty/.prettierrc.json: prettier\'s default\n'* ]]
	# and none of it outside
	run -0 "$JFMT" --print-config a.json
	[[ $output == *$'\njfmt_style = jfmt\tdefault\n'* ]]
}

@test "prettier: the nearest configuration governs, package.json's prettier key among them" {
	need_prettier
	mkdir -p a/b/c d/e
	printf '{"tabWidth": 8}\n' >.prettierrc
	printf '{"name": "x", "prettier": {"tabWidth": 3, "printWidth": 60}}\n' >a/package.json
	printf '{"name": "no key"}\n' >a/b/package.json
	printf '{"name": not json\n' >d/package.json
	printf 'prettier:\n  useTabs: true\n' >d/e/package.yaml
	same_as_prettier a.json a/x.json a/b/x.json a/b/c/x.json d/x.json d/e/x.json
	run -0 "$JFMT" --print-config a/b/c/x.json
	[ "${lines[0]}" = $'jfmt_indent = 3\ta/package.json:1:28: tabWidth' ]
	# in one directory, package.json first, as prettier looks
	printf '{"tabWidth": 5}\n' >a/.prettierrc.json
	same_as_prettier a/x.json	# a path through "..": the directory it names, not those it passes
	mkdir decoy
	printf '{"tabWidth": 9}\n' >decoy/.prettierrc.json
	same_as_prettier decoy/../a.json decoy/../a/./b/../x.json
	run -0 "$JFMT" --print-config decoy/../a/x.json
	[ "${lines[0]}" = $'jfmt_indent = 3\ta/package.json:1:28: tabWidth' ]
}

@test "prettier: overrides, by files and excludeFiles, in order" {
	need_prettier
	mkdir -p sub/deep legacy
	cat >.prettierrc.json <<-'JSON'
	{
	  "printWidth": 40,
	  "overrides": [
	    { "files": "*.jsonc", "options": { "trailingComma": "none" } },
	    { "files": ["sub/**/*.json", "legacy/*"], "excludeFiles": "**/keep.json",
	      "options": { "useTabs": true, "printWidth": 120 } },
	    { "files": "{a,b}.json", "options": { "tabWidth": 6 } },
	    { "files": "sub/deep/*.json", "options": { "useTabs": false, "tabWidth": 3 } }
	  ]
	}
	JSON
	same_as_prettier x.json x.jsonc sub/x.jsonc sub/x.json sub/deep/x.json sub/keep.json \
		legacy/x.json legacy/keep.json a.json sub/b.json c.json
	run -0 "$JFMT" --print-config sub/deep/x.json
	[ "${lines[0]}" = $'jfmt_indent = 3\t.prettierrc.json:8:66: tabWidth' ]
}

@test "prettier: .editorconfig under it, as prettier reads it; jfmt's keys and the command line over it" {
	need_prettier
	mkdir tabs spaces off
	printf 'root = true\n[*]\nmax_line_length = 100\n[tabs/*]\nindent_style = tab\n[spaces/*]\nindent_size = 4\nend_of_line = crlf\n[off/*]\nmax_line_length = off\n[own.json]\njfmt_width = 30\njfmt_indent = 1\n' >.editorconfig
	printf '{"tabWidth": 5}\n' >.prettierrc.json
	same_as_prettier a.json tabs/a.json spaces/a.json off/a.json
	printf '{"printWidth": 70}\n' >.prettierrc.json
	same_as_prettier a.json tabs/a.json spaces/a.json off/a.json
	# max_line_length = off: no limit, as prettier reads it
	printf '{}\n' >.prettierrc.json
	printf '{"a": [%s1]}\n' "$(printf '1111111111, %.0s' {1..20})" >off/a.json
	"$JFMT" off/a.json >got
	"$NPM_BIN/.bin/prettier" off/a.json >want
	cmp want got
	[ "$(wc -l <got)" -eq 1 ]
	run -0 "$JFMT" --print-config own.json
	[ "${lines[0]}" = $'jfmt_indent = 1\t.editorconfig:13:15: jfmt_indent' ]
	[ "${lines[1]}" = $'jfmt_width = 30\t.editorconfig:12:14: jfmt_width' ]
	run -0 "$JFMT" --print-config own.json --indent=7 --style=jfmt
	[ "${lines[0]}" = $'jfmt_indent = 7\tcommand line' ]
	[[ $output == *$'\njfmt_style = jfmt\tcommand line\n'* ]]
	# and what jfmt writes is what prettier writes
	printf '{"printWidth": 20}\n' >.prettierrc.json
	put spaces/a.json "$DOC"
	"$JFMT" spaces/a.json >got
	"$NPM_BIN/.bin/prettier" spaces/a.json >want
	cmp want got
	printf '{\r\n    "b": [1, 2],\r\n    "a": {\r\n        "c": null\r\n    }\r\n}\r\n' | cmp - got
}

@test "prettier: an override's parser lays its files out as that parser does" {
	need_prettier
	cat >.prettierrc <<-'JSON'
	{ "overrides": [
	    { "files": ["tsconfig.json", ".vscode/*.json"], "options": { "parser": "jsonc" } },
	    { "files": "sidebars.json", "options": { "parser": "json-stringify" } }
	] }
	JSON
	mkdir .vscode
	printf '{\n"a":[1]}\n' >tsconfig.json
	printf '{\n"a":[1]}\n' >.vscode/settings.json
	printf '{"a":[1,2]}\n' >sidebars.json
	printf '{\n"a":[1]}\n' >other.json
	same_as_prettier tsconfig.json .vscode/settings.json sidebars.json other.json
	run -0 "$JFMT" --print-config tsconfig.json
	[[ $output == *$'jfmt_parser = jsonc\t.prettierrc:2:'* ]]
}

@test "prettier: jfmt -r --check . holds each file to its configuration" {
	mkdir -p four tabs plain
	printf '{"tabWidth": 4, "printWidth": 0}\n' >four/.prettierrc
	printf 'useTabs: true\nprintWidth: 0\n' >tabs/.prettierrc.yaml
	printf '{\n    "a": 1\n}\n' >four/x.json
	printf '{\n\t"a": 1\n}\n' >tabs/x.json
	printf '{\n  "a": 1\n}\n' >plain/x.json
	run -0 --separate-stderr "$JFMT" -r --check .
	[ -z "$output" ]
	cp four/x.json tabs/y.json
	run -1 --separate-stderr "$JFMT" -r --check .
	[ "$output" = ./tabs/y.json ]
	run -0 --separate-stderr "$JFMT" -r -i .
	[ "$(cat tabs/y.json)" = "$(cat tabs/x.json)" ]
	run -0 --separate-stderr "$JFMT" -r --check .
}

@test "prettier: jfmt's keys that prettier's layout cannot take are an error for the files it governs" {
	mkdir p
	printf '{}\n' >p/.prettierrc.json
	printf 'root = true\n[*]\njfmt_sort_keys = true\n' >.editorconfig
	put p/a.json "$DOC"
	put a.json "$DOC"
	run -2 --separate-stderr "$JFMT" -i p/a.json a.json
	[ "${stderr_lines[0]}" = "jfmt: p/a.json: --style=prettier writes strings as they stand, on prettier's lines: it cannot be used with --sort-keys (jfmt --print-config p/a.json says where each comes from)" ]
	[ "$(cat p/a.json)" = "$DOC" ]
	# the file it does not govern is formatted, keys sorted
	[ "$(head -c 8 a.json)" = $'{\n  "a":' ]
}

@test "prettier: options that do not concern JSON are left aside" {
	printf '{"semi": false, "singleQuote": true, "proseWrap": "always", "plugins": ["x"], "tabWidth": 4}\n' >.prettierrc.json
	run -0 --separate-stderr "$JFMT" --print-config a.json
	[ -z "$stderr" ]
	[ "${lines[0]}" = $'jfmt_indent = 4\t.prettierrc.json:1:79: tabWidth' ]
}

@test "prettier: a tree prettier wrote, with its configurations in JSON and YAML, overrides, package.json and .prettierignore, passes jfmt -r --check ." {
	need_prettier
	mkdir -p sub/deep yaml pkg gen
	printf '{\n  "printWidth": 40,\n  "overrides": [{"files": "sub/**/*.json", "options": {"useTabs": true}},\n    {"files": "*.jsonc", "options": {"trailingComma": "none"}}]\n}\n' >.prettierrc.json
	printf 'tabWidth: 4\nbracketSpacing: false\nendOfLine: crlf\n' >yaml/.prettierrc
	printf '{"name": "x", "prettier": {"printWidth": 60, "objectWrap": "collapse"}}\n' >pkg/package.json
	printf 'gen/\n' >.prettierignore
	random_docs 3 a.json b.jsonc sub/a.json sub/deep/b.json yaml/a.json yaml/b.jsonc pkg/a.json pkg/c.json gen/x.json
	"$NPM_BIN/.bin/prettier" --write . >/dev/null
	put gen/x.json '{"not":   "formatted"}'
	run -0 --separate-stderr "$JFMT" -r --check .
	[ -z "$output" ] && [ -z "$stderr" ]
	# and jfmt undoes what breaks it, as prettier would have
	cp sub/a.json want
	printf '%s\n' "$(tr -d '\n\t ' <sub/a.json)" >sub/a.json
	run -1 --separate-stderr "$JFMT" -r --check .
	[ "$output" = ./sub/a.json ]
	run -0 --separate-stderr "$JFMT" -r -i .
	cmp want sub/a.json
}

# --- Biome ---

@test "Biome: formatter and json.formatter, with Biome's defaults, as Biome writes" {
	need_biome
	mkdir plain spaces json crlf
	printf '{}\n' >plain/biome.json
	printf '{"formatter": {"indentStyle": "space", "indentWidth": 4, "lineWidth": 100}}\n' >spaces/biome.json
	printf '{\n  // JSONC\n  "formatter": {"indentStyle": "space"},\n  "json": {"formatter": {"indentWidth": 3, "trailingCommas": "all"}},\n}\n' >json/biome.jsonc
	printf '{"formatter": {"lineEnding": "crlf", "trailingNewline": false, "indentWidth": 8}}\n' >crlf/biome.json
	same_as_biome plain a.json
	same_as_biome spaces a.json
	same_as_biome json a.json
	same_as_biome crlf a.json
	run -0 "$JFMT" --print-config plain/a.json
	[ "${lines[0]}" = $'jfmt_tab = true\tplain/biome.json: Biome\'s default' ]
	[ "${lines[1]}" = $'jfmt_width = 80\tplain/biome.json: Biome\'s default' ]
	run -0 "$JFMT" --print-config json/a.json
	[ "${lines[0]}" = $'jfmt_indent = 3\tjson/biome.jsonc:4:26: indentWidth' ]
	[[ $output == *$'\njfmt_trailing_commas = all\tjson/biome.jsonc:4:44: trailingCommas\n'* ]]
	[[ $output == *$'\njfmt_style = prettier\tjson/biome.jsonc: Biome\'s configuration\n'* ]]
	run -0 "$JFMT" --print-config spaces/a.json
	[ "${lines[1]}" = $'jfmt_width = 100\tspaces/biome.json:1:58: lineWidth' ]
}

@test "Biome: overrides by includes, a nested configuration, .editorconfig only if it says so" {
	need_biome
	mkdir -p sub/deep pkg
	printf 'root = true\n[*]\nindent_style = space\nindent_size = 5\n' >.editorconfig
	printf '{"overrides": [{"includes": ["sub/**"], "formatter": {"indentStyle": "space"}},\n  {"includes": ["**/deep/*.json", "!**/keep.json"], "formatter": {"indentWidth": 6}}]}\n' >biome.json
	same_as_biome . a.json sub/a.json sub/deep/a.json sub/deep/keep.json
	printf '{"root": false, "extends": "//", "json": {"formatter": {"lineEnding": "crlf"}}}\n' >pkg/biome.json
	same_as_biome . pkg/a.json
	printf '{"formatter": {"useEditorconfig": true}}\n' >biome.json
	same_as_biome . a.json
	run -0 "$JFMT" --print-config a.json
	[ "${lines[0]}" = $'jfmt_indent = 5\t.editorconfig:4:15: indent_size' ]
}

@test "Biome: a tree Biome wrote, with overrides and files.includes, passes jfmt -r --check ." {
	need_biome
	mkdir -p sub/out j
	printf '{\n  "formatter": {"lineWidth": 50},\n  "json": {"formatter": {"indentStyle": "space", "indentWidth": 3}},\n  "overrides": [{"includes": ["sub/**"], "json": {"formatter": {"indentStyle": "tab", "bracketSpacing": false}}}],\n  "files": {"includes": ["**", "!**/out"]}\n}\n' >biome.json
	random_docs 5 a.json b.json sub/a.json j/c.json sub/out/x.json
	"$NPM_BIN/.bin/biome" format --write . >/dev/null 2>&1
	put sub/out/x.json '{"not":   "formatted"}'
	run -0 --separate-stderr "$JFMT" -r --check .
	[ -z "$output" ] && [ -z "$stderr" ]
}

@test "the nearest of prettier's and Biome's configurations governs; prettier's in one directory" {
	mkdir -p p/b
	printf '{"tabWidth": 4}\n' >p/.prettierrc.json
	printf '{}\n' >p/b/biome.json
	run -0 "$JFMT" --print-config p/b/a.json
	[ "${lines[0]}" = $'jfmt_tab = true\tp/b/biome.json: Biome\'s default' ]
	run -0 "$JFMT" --print-config p/a.json
	[ "${lines[0]}" = $'jfmt_indent = 4\tp/.prettierrc.json:1:2: tabWidth' ]
	printf '{}\n' >p/biome.json
	run -0 "$JFMT" --print-config p/a.json
	[ "${lines[0]}" = $'jfmt_indent = 4\tp/.prettierrc.json:1:2: tabWidth' ]
}

# --- Errors ---

# fails_with CONFIG TEXT MESSAGE...: with CONFIG holding TEXT, jfmt -i on
# a file it governs exits 2, its first lines of standard error the
# MESSAGEs, and touches nothing.
fails_with() {
	local config=$1 text=$2 i
	shift 2
	rm -rf t
	mkdir t
	printf '%s\n' "$text" >"t/$config"
	put t/a.json "$DOC"
	run -2 --separate-stderr "$JFMT" -i t/a.json
	for ((i = 1; i <= $#; i++)); do
		[ "${stderr_lines[i - 1]}" = "${!i}" ] ||
			{ echo "$config: line $i: ${stderr_lines[i - 1]}"; return 1; }
	done
	[ "$(cat t/a.json)" = "$DOC" ]
	[ "$(ls -A t | wc -l)" -eq 2 ]
	run -2 --separate-stderr "$JFMT" --print-config t/a.json
	run -0 "$JFMT" --no-config t/a.json
}

@test "a configuration jfmt cannot read: named, with what to do, exit 2, nothing touched" {
	local f
	for f in .prettierrc.js prettier.config.js .prettierrc.cjs .prettierrc.mjs prettier.config.ts .prettierrc.mts; do
		fails_with "$f" 'export default {}' \
			"jfmt: t/$f: prettier's configuration in JavaScript, which jfmt cannot read: write it as .prettierrc.json or .prettierrc.yaml (or run jfmt with --no-config)" || return 1
	done
	fails_with .prettierrc.toml 'tabWidth = 4' \
		"jfmt: t/.prettierrc.toml: prettier's configuration in TOML, which jfmt cannot read: write it as .prettierrc.json or .prettierrc.yaml (or run jfmt with --no-config)"
	fails_with .prettierrc.json5 '{tabWidth: 4}' \
		"jfmt: t/.prettierrc.json5: prettier's configuration in JSON5, which jfmt cannot read: write it as .prettierrc.json or .prettierrc.yaml (or run jfmt with --no-config)"
	fails_with package.json '{"prettier": "@company/prettier-config"}' \
		"jfmt: t/package.json:1:2: '@company/prettier-config' names a shared configuration, which jfmt cannot read: write its options here instead"
	fails_with biome.json '{"extends": ["../base.json"]}' \
		"jfmt: t/biome.json:1:2: extends: jfmt does not follow other configuration files: write their options here (or run jfmt with --no-config)"
}

@test "a configuration file that is not valid: its place, in jfmt's words, exit 2" {
	fails_with .prettierrc.json $'{\n  "tabWidth": 4,\n}' \
		"jfmt: t/.prettierrc.json:3:1: trailing comma in an object"
	fails_with .prettierrc $'tabWidth: [4\nuseTabs: true' \
		"jfmt: t/.prettierrc:2:8: YAML: did not find expected ',' or ']'"
	fails_with biome.json $'{\n  // comments, as in biome.jsonc\n  "formatter": }' \
		"jfmt: t/biome.json:3:16: missing value after ':'"
	fails_with biome.jsonc '[1]' "jfmt: t/biome.jsonc:1:1: Biome's configuration must be an object"
	fails_with .prettierrc.json '[{"tabWidth": 4}]' "jfmt: t/.prettierrc.json:1:1: prettier's configuration must be an object"
	fails_with .prettierrc.yaml $'base: &b 4\ntabWidth: *b' \
		"jfmt: t/.prettierrc.yaml:2:11: YAML: an alias (*name): jfmt reads none in a configuration"
	fails_with .prettierrc.json '{"tabWidth": 4} {"useTabs": true}' \
		"jfmt: t/.prettierrc.json:1:17: a second value: --single takes one JSON text per input"
}

@test "a configuration file that cannot be read: exit 3, reported once, nothing touched" {
	mkdir -p t/.prettierrc.json              # (a directory: read(2) fails)
	put t/a.json "$DOC"
	put t/b.json "$DOC"
	run -3 --separate-stderr "$JFMT" -i t/a.json t/b.json
	[ "${stderr_lines[0]}" = "jfmt: t/.prettierrc.json: Is a directory" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[ "$(cat t/a.json)" = "$DOC" ] && [ "$(cat t/b.json)" = "$DOC" ]
	run -3 --separate-stderr "$JFMT" t/a.json
	[ "${stderr_lines[0]}" = "jfmt: t/.prettierrc.json: Is a directory" ]
	[ -z "$output" ]
}

@test "a value jfmt cannot take: the key, its place and what it takes, exit 2" {
	fails_with .prettierrc.json '{"tabWidth": "4"}' "jfmt: t/.prettierrc.json:1:2: tabWidth: expected a number"
	fails_with .prettierrc.json '{"tabWidth": 40}' \
		"jfmt: t/.prettierrc.json:1:2: tabWidth: invalid indent '40' (expected 0 to 16)"
	fails_with .prettierrc.json '{"printWidth": 1e3}' \
		"jfmt: t/.prettierrc.json:1:2: printWidth: invalid width '1e3' (expected 0 to 10000)"
	fails_with .prettierrc 'useTabs: "yes"' "jfmt: t/.prettierrc:1:1: useTabs: expected true or false"
	fails_with .prettierrc.yaml 'endOfLine: cr' \
		"jfmt: t/.prettierrc.yaml:1:1: endOfLine: 'cr' is not a line end jfmt writes (expected lf, crlf or auto)"
	fails_with .prettierrc.json '{"overrides": [{"files": "*.json", "options": {"trailingComma": "some"}}]}' \
		"jfmt: t/.prettierrc.json:1:48: trailingComma: expected none, es5 or all"
	fails_with biome.json '{"json": {"formatter": {"expand": "always"}}}' \
		"jfmt: t/biome.json:1:25: expand: expected auto or never"
	fails_with biome.json '{"formatter": {"indentStyle": "tabs"}}' \
		"jfmt: t/biome.json:1:16: indentStyle: expected tab or space"
	fails_with biome.jsonc '{"formatter": {"lineEnding": "cr"}}' \
		"jfmt: t/biome.jsonc:1:16: lineEnding: 'cr' is not a line end jfmt writes (expected lf, crlf or auto)"
}

# --- libyaml, loaded when a YAML file must be read ---

@test "libyaml is loaded to read a YAML configuration, not at every start, nor for JSON ones" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	mkdir json yaml
	printf '{"useTabs": true}\n' >json/.prettierrc.json
	printf 'useTabs: true\n' >yaml/.prettierrc.yaml
	# (a line break after its brace keeps an object expanded)
	put json/a.json $'{\n"a":1}'
	put yaml/a.json $'{\n"a":1}'
	strace -f -qq -o trace -e trace=openat "$JFMT" -c <json/a.json >/dev/null
	! grep -q 'libyaml' trace || { echo "loaded for standard input"; return 1; }
	strace -f -qq -o trace -e trace=openat "$JFMT" json/a.json >got
	! grep -q 'libyaml' trace || { echo "loaded for a JSON configuration"; return 1; }
	[ "$(cat got)" = $'{\n\t"a": 1\n}' ]
	strace -f -qq -o trace -e trace=openat "$JFMT" yaml/a.json >got
	grep -q 'libyaml' trace || { echo "not loaded for a YAML one"; return 1; }
	[ "$(cat got)" = $'{\n\t"a": 1\n}' ]
}

@test "a libyaml that cannot be loaded: a YAML configuration is an error naming it, exit 2" {
	mkdir lib yaml
	: >lib/libyaml-0.so.2                   # not a library
	printf 'useTabs: true\n' >yaml/.prettierrc.yaml
	put yaml/a.json "$DOC"
	run -2 --separate-stderr env LD_LIBRARY_PATH="$PWD/lib" "$JFMT" -i yaml/a.json
	[ "${stderr_lines[0]}" = "jfmt: yaml/.prettierrc.yaml: a YAML file, and libyaml cannot be loaded ($PWD/lib/libyaml-0.so.2: file too short): install it, or write the configuration in JSON" ]
	[ "$(cat yaml/a.json)" = "$DOC" ]
	run -0 env LD_LIBRARY_PATH="$PWD/lib" "$JFMT" --no-config -c yaml/a.json
}

# --- What -r leaves out: .prettierignore, Biome's files.includes ---

@test "-r: the .prettierignore beside prettier's configuration leaves out what prettier ignores" {
	mkdir -p p/dist p/src/gen p/keep
	printf '{}\n' >p/.prettierrc.json
	printf '# build output\ndist/\n*.min.json\nsrc/gen/*\n!src/gen/keep.json\n/top.json\n' >p/.prettierignore
	local f i all=(dist/a.json a.min.json src/gen/x.json src/gen/keep.json top.json src/top.json keep/a.json src/a.json)
	for f in "${all[@]}"; do put "p/$f" '{"a":1}'; done
	run -1 --separate-stderr "$JFMT" -r --check p
	[ "$output" = $'p/keep/a.json\np/src/a.json\np/src/gen/keep.json\np/src/top.json' ]
	# as prettier itself has it, run where its configuration is
	need_prettier
	cd p
	local taken=$output ignored
	# (one node for all: a start of prettier's command takes 0.3 s)
	mapfile -t ignored < <(node --input-type=module -e '
		const p = await import(process.argv[1]);
		for (const f of process.argv.slice(2))
			console.log((await p.getFileInfo(f, { ignorePath: ".prettierignore" })).ignored);
	' "$NPM_BIN/prettier/index.mjs" "${all[@]}")
	[ "${#ignored[@]}" -eq "${#all[@]}" ]
	for ((i = 0; i < ${#all[@]}; i++)); do
		f=${all[i]}
		local want=false
		[[ $taken == *"p/$f"* ]] || want=true
		[ "${ignored[i]}" = "$want" ] || { echo "$f: prettier says ignored: ${ignored[i]}"; return 1; }
	done
	# an operand named is taken all the same
	cd ..
	run -1 --separate-stderr "$JFMT" --check p/dist/a.json
	[ "$output" = p/dist/a.json ]
}

@test "-r: Biome's files.includes leaves out what Biome leaves out" {
	mkdir -p b/out b/src
	printf '{"files": {"includes": ["**", "!**/out", "!src/*.min.json"]}}\n' >b/biome.json
	local f
	for f in out/a.json src/a.min.json src/a.json a.min.json; do put "b/$f" '{"a":1}'; done
	printf '{ "files": { "includes": ["**", "!**/out", "!src/*.min.json"] } }\n' >b/biome.json
	run -1 --separate-stderr "$JFMT" -r --check b
	[ "$output" = $'b/a.min.json\nb/src/a.json' ]
	need_biome
	cd b
	run "$NPM_BIN/.bin/biome" format --verbose .
	[[ $output == *$'\n  - a.min.json\n  - src/a.json\n'* ]] || [[ $output == *$'  - biome.json\n  - a.min.json\n  - src/a.json\n'* ]]
	[[ $output == *"Checked 3 files"* ]]
}
