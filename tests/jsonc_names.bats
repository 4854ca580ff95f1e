#!/usr/bin/env bats
# tests/jsonc_names.bats - files that VS Code reads as JSONC by their name
# (tsconfig.json, .vscode/*.json, devcontainer.json, *.jsonc...), those of
# GitHub linguist's "JSON with Comments" (*.sublime-settings...) and tools'
# configuration files that take comments (turbo.json, deno.json,
# biome.json) are read as JSONC without --comments, named or found by -r, and standard input
# follows --stdin-filename; every other name stays strict JSON.  Also: the
# trailing-comma hint is given only where the name does not say JSON.

load test_helper

DOC='{
  // why
  "a": 1, /* one */
  "b": [2,],
}
'
WANT='{
  // why
  "a": 1, /* one */
  "b": [
    2
  ]
}
'

JSONC_NAMES='x.jsonc tsconfig.json tsconfig.app.json tsconfig-base.json jsconfig.json
jsconfig.test.json .vscode/settings.json .vscode/launch.json .vscode/tasks.json
.vscode/extensions.json devcontainer.json .devcontainer.json
.devcontainer/devcontainer.json .eslintrc.json .eslintrc .babelrc .babelrc.json
babel.config.json .jshintrc .jscsrc .swcrc .hintrc .jsfmtrc .ember-cli tslint.json
api-extractor.json typedoc.json x.code-workspace .code-workspace
language-configuration.json argv.json keybindings.json sub/dir/tsconfig.json
.jslintrc turbo.json deno.json deno.jsonc biome.json biome.jsonc
x.code-snippets x.sublime-build x.sublime-color-scheme x.sublime-commands
x.sublime-completions x.sublime-keymap x.sublime-macro x.sublime-menu
x.sublime-mousemap x.sublime-project x.sublime-settings x.sublime-theme
x.sublime-workspace x.sublime_metrics x.sublime_session'

@test "each name read as JSONC keeps its comments without --comments" {
	# (--no-config: biome.json and biome.jsonc among them would govern the
	# others as Biome's configuration, in tabs: config_tools.bats)
	# one run over all of them: each is read as JSONC, and is formatted
	for name in $JSONC_NAMES; do
		mkdir -p "$(dirname "$name")"
		put "$name" "$WANT"
	done
	# shellcheck disable=SC2086
	run -0 --separate-stderr "$JFMT" --no-config --check $JSONC_NAMES
	[ -z "$stderr" ]
	put tsconfig.json "$DOC"
	run -0 --separate-stderr "$JFMT" --no-config tsconfig.json
	[ "$output" = "${WANT%$'\n'}" ]
	# a bare name in .vscode counts as in .vscode
	cd .vscode
	put x.json "$DOC"
	run -0 --separate-stderr "$JFMT" --no-config x.json
	[ "$output" = "${WANT%$'\n'}" ]
}

@test "other names stay strict JSON without --comments" {
	for name in settings.json package.json x.json tsconfig.json.bak mytsconfig.json \
		turbo.json.bak myturbo.json deno.json5 x.sublime-settings.bak x.sublime \
		vscode/settings.json .vscode/notes.txt.json.bak config; do
		mkdir -p "$(dirname "$name")"
		put "$name" "$DOC"
		run -1 --separate-stderr "$JFMT" "$name"
		[ "${stderr_lines[0]}" = "jfmt: $name:2:3: comments are not allowed without --comments" ] ||
			{ echo "for $name: $stderr"; return 1; }
	done
}

@test "-r --check passes a tree of formatted JSONC configuration files" {
	# (--no-config: its biome.json would govern the tree, in tabs)
	mkdir -p t/.vscode t/pkg
	for name in turbo.json deno.json biome.json pkg/deno.json .jslintrc \
		Default.sublime-keymap x.sublime-project snippets.code-snippets; do
		put "t/$name" "$WANT"
	done
	run -0 --separate-stderr "$JFMT" --no-config -r --check t
	[ -z "$output" ] && [ -z "$stderr" ]
	run -0 --separate-stderr "$JFMT" --no-config -r -l t
	[ -z "$output" ]
	# each was found
	put t/x.sublime-project "$DOC"
	put t/turbo.json "$DOC"
	run -1 --separate-stderr "$JFMT" --no-config -r --check t
	[ "$output" = $'t/turbo.json\nt/x.sublime-project' ]
}

@test "-r finds them and reads them as JSONC; --check and -i keep the comments" {
	mkdir -p t/.vscode
	put t/.vscode/settings.json "$DOC"
	put t/tsconfig.json "$WANT"
	put t/plain.json '[1]'
	run -1 --separate-stderr "$JFMT" -r --check t
	[ "$stderr" = "jfmt: 2 files are not formatted; to fix them, run: jfmt -i -r t" ]
	[ "$output" = $'t/.vscode/settings.json\nt/plain.json' ]
	run -0 --separate-stderr "$JFMT" -r -i t
	[ "$(cat t/.vscode/settings.json)" = "${WANT%$'\n'}" ]
	[ "$(cat t/tsconfig.json)" = "${WANT%$'\n'}" ]
	run -0 --separate-stderr "$JFMT" -r --check t
}

@test "a strict file and a JSONC one in the same run, in both orders, to one output" {
	mkdir -p .vscode
	put .vscode/settings.json "$DOC"
	put plain.json '{"a":[1]}'
	run -0 --separate-stderr "$JFMT" plain.json .vscode/settings.json plain.json
	[ "$output" = $'{\n  "a": [\n    1\n  ]\n}\n'"$WANT"$'{\n  "a": [\n    1\n  ]\n}' ]
	run -1 --separate-stderr "$JFMT" .vscode/settings.json plain.json - <<<'[1,]'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:4: trailing comma in an array (--comments accepts it)" ]
}

@test "standard input follows --stdin-filename" {
	run -0 --separate-stderr "$JFMT" --stdin-filename=.vscode/settings.json <<<"$DOC"
	[ "$output" = "${WANT%$'\n'}" ]
	printf '%s' "$WANT" | "$JFMT" --stdin-filename=tsconfig.json --check
	run -1 --separate-stderr "$JFMT" --stdin-filename=package.json <<<"$DOC"
	[ "${stderr_lines[0]}" = "jfmt: package.json:2:3: comments are not allowed without --comments" ]
	run -1 --separate-stderr "$JFMT" <<<"$DOC"
}

@test "--strip-comments and -n apply to JSONC names as to any file" {
	put tsconfig.json "$DOC"
	run -0 --separate-stderr "$JFMT" -c --strip-comments tsconfig.json
	[ "$output" = '{"a":1,"b":[2]}' ]
	run -0 --separate-stderr "$JFMT" -n tsconfig.json
	[ -z "$output" ]
}

@test "--width keeps a JSONC file's comments" {
	put tsconfig.json "$DOC"
	run -0 --separate-stderr "$JFMT" -w 40 tsconfig.json
	[ "$output" = '{
  // why
  "a": 1, /* one */
  "b": [2]
}' ]
}

@test "-S --width cannot keep a JSONC file's comments: that file is refused, exit 2" {
	put tsconfig.json "$DOC"
	put a.json '[1, 2]'
	run -2 --separate-stderr "$JFMT" -S -w 40 tsconfig.json a.json
	[ "$output" = '[1, 2]' ]
	[ "$stderr" = "jfmt: tsconfig.json: --width with --sort-keys cannot keep the comments of a JSONC file: use --strip-comments with them" ]
	run -0 --separate-stderr "$JFMT" -S -w 40 --strip-comments tsconfig.json
	[ "$output" = $'{"a": 1, "b": [2]}' ]
}

@test "the trailing-comma hint is given where the name does not say JSON" {
	put a.json '[1,]'
	run -1 --separate-stderr "$JFMT" a.json
	[ "${stderr_lines[0]}" = "jfmt: a.json:1:4: trailing comma in an array" ]
	run -1 --separate-stderr "$JFMT" --stdin-filename=x.json <<<'{"a":1,}'
	[ "${stderr_lines[0]}" = "jfmt: x.json:1:8: trailing comma in an object" ]
	put config '[1,]'
	run -1 --separate-stderr "$JFMT" config
	[ "${stderr_lines[0]}" = "jfmt: config:1:4: trailing comma in an array (--comments accepts it)" ]
	run -1 --separate-stderr "$JFMT" <<<'[1,]'
	[ "${stderr_lines[0]}" = "jfmt: <stdin>:1:4: trailing comma in an array (--comments accepts it)" ]
}

@test "a JSONC name behaves exactly as --comments: blank lines kept, or dropped when asked" {
	doc=$'// top\n\n{\n  "a": 1,\n\n  // b\n  "b": [1,\n\n    2],\n}\n'
	put tsconfig.json "$doc"
	put plain.json "$doc"
	for opts in "" "--blank-lines=drop" "--blank-lines=keep" "-S" "--indent=4" "-c"; do
		# shellcheck disable=SC2086
		"$JFMT" $opts --comments plain.json >want
		# shellcheck disable=SC2086
		jfmt_ok got $opts tsconfig.json || { echo "with $opts"; return 1; }
		same_bytes want got || { echo "with $opts"; return 1; }
	done
}
