#!/usr/bin/env bats
# slow/precommit.bats - the hooks of .pre-commit-hooks.yaml run for real by
# the pre-commit framework, with the jfmt under test first on PATH, in a
# scratch git repository configured as README.md shows: what the hooks
# rewrite, what they leave alone, what makes them fail and with which
# message.  The hooks' repository is a scratch one holding this working
# tree's .pre-commit-hooks.yaml, tagged as the release (v$VERSION), so the
# remote form of the README is run with its rev as written; pre-commit
# clones it from its path, offline.  Skips when pre-commit or git is absent
# (Debian: apt-get install pre-commit).

load ../test_helper

TOP="$BATS_TEST_DIRNAME/../.."

setup() {
	setup_work || return 1
	need_cmd git pre-commit
	jfmt_on_path
	# pre-commit keeps its clones here, not in the user's cache
	export PRE_COMMIT_HOME="$T/cache"
	export GIT_AUTHOR_NAME=jfmt GIT_AUTHOR_EMAIL=jfmt@example.invalid
	export GIT_COMMITTER_NAME=jfmt GIT_COMMITTER_EMAIL=jfmt@example.invalid
	VERSION=$(cat "$TOP/VERSION")
	HOOKS="$T/hooks"
	git init -q "$HOOKS"
	cp "$TOP/.pre-commit-hooks.yaml" "$HOOKS/"
	git -C "$HOOKS" add .pre-commit-hooks.yaml
	git -C "$HOOKS" commit -q -m hooks
	git -C "$HOOKS" tag "v$VERSION"
}


# remote_config: README's .pre-commit-config.yaml for the hooks of this
# repository, its repo: line pointing at the scratch hooks repository.
remote_config() {
	readme_block "**git pre-commit, with the" |
		sed "s|^\(  - repo: \).*|\1$HOOKS|"
}

# project CONFIG: a git repository in ./proj holding CONFIG as its
# .pre-commit-config.yaml and the sample files, all added; cd into it.
project() {
	mkdir proj
	cd proj
	git init -q .
	printf '%s\n' "$1" >.pre-commit-config.yaml
	# unformatted JSON
	put data.json '{"name": "jfmt", "tags": ["json", "cli"]}'
	# named as JSONC, holding plain JSON
	put plain.jsonc '{"b": [1]}'
	# formatted already
	put ok.json $'{\n  "a": [\n    1\n  ]\n}\n'
	# not JSON by name
	put notes.txt '{"a":1}'
	put data.json5 "{a: 1}"
	git add -A
}

@test "README: the remote form names this release's tag and this repository's hooks" {
	run -0 readme_block "**git pre-commit, with the"
	grep -qxF "    rev: v$VERSION   # the release tag" <<<"$output"
	run -0 remote_config
	grep -qxF "  - repo: $HOOKS" <<<"$output"
}

@test "jfmt hook: rewrites what is not formatted, leaves the rest, then passes" {
	run -0 remote_config
	project "$output"
	"$JFMT" data.json >want.json
	"$JFMT" plain.jsonc >want.jsonc
	cp ok.json ok.orig
	touch -d '2001-01-01 00:00' ok.json
	run -1 pre-commit run --all-files
	[[ "$output" == *"files were modified by this hook"* ]]
	# jfmt -l names each file rewritten
	grep -qx 'data.json' <<<"$output"
	grep -qx 'plain.jsonc' <<<"$output"
	! grep -qx 'ok.json' <<<"$output"
	same_bytes want.json data.json
	same_bytes want.jsonc plain.jsonc
	same_bytes ok.orig ok.json
	[ "$(stat -c %Y ok.json)" = "$(date -d '2001-01-01 00:00' +%s)" ]
	[ "$(cat notes.txt)" = '{"a":1}' ]
	[ "$(cat data.json5)" = '{a: 1}' ]
	# a second run finds nothing to do
	run -0 pre-commit run --all-files
}

@test "jfmt hook: invalid JSON fails with jfmt's message and is left as it was" {
	run -0 remote_config
	project "$output"
	put broken.json $'{"a": 1,}\n'
	cp broken.json broken.orig
	git add broken.json
	run -1 pre-commit run --all-files
	[[ "$output" == *"jfmt: broken.json:1:9: "* ]]
	same_bytes broken.orig broken.json
}

@test "jfmt hook: a .json file holding two values fails (--single)" {
	run -0 remote_config
	project "$output"
	put two.json $'{"a": 1}\n{"b": 2}\n'
	cp two.json two.orig
	git add two.json
	run -1 pre-commit run --all-files
	[[ "$output" == *"jfmt: two.json:2:1: "* ]]
	same_bytes two.orig two.json
}

@test "jfmt-check hook: names the files not formatted and changes nothing" {
	run -0 remote_config
	config=${output/id: jfmt/id: jfmt-check}
	project "$config"
	cp data.json data.orig
	run -1 pre-commit run --all-files
	grep -qx 'data.json' <<<"$output"
	grep -qx 'plain.jsonc' <<<"$output"
	! grep -qx 'ok.json' <<<"$output"
	same_bytes data.orig data.json
	"$JFMT" -i data.json plain.jsonc
	run -0 pre-commit run --all-files
}

@test "jfmt hook in git commit: the commit is refused until the files are formatted" {
	run -0 remote_config
	project "$output"
	run -0 pre-commit install
	run -1 git commit -q -m first
	[[ "$output" == *"files were modified by this hook"* ]]
	# no commit was made
	run ! git rev-parse -q --verify HEAD
	# the files were rewritten; adding them again lets the commit through
	git add -A
	run -0 git commit -q -m first
	run -0 git log --format=%s
	[ "$output" = first ]
}

@test "jfmt hook: JSONC files by name keep their comments" {
	# tsconfig.json and *.jsonc: jfmt reads them as JSONC by their names
	mkdir probe
	put probe/tsconfig.json $'// c\n{}\n'
	"$JFMT" -n probe/tsconfig.json 2>/dev/null ||
		skip "this jfmt does not read tsconfig.json as JSONC by its name"
	run -0 remote_config
	project "$output"
	put tsconfig.json $'// build\n{"compilerOptions": {"strict": true, /* on */},}\n'
	put settings.jsonc $'{"a": 1, // one\n"b": [2,],}\n'
	"$JFMT" --comments tsconfig.json >want.tsconfig
	"$JFMT" --comments settings.jsonc >want.jsonc
	git add -A
	run -1 pre-commit run --all-files
	same_bytes want.tsconfig tsconfig.json
	same_bytes want.jsonc settings.jsonc
	grep -q '// build' tsconfig.json
	grep -q '// one' settings.jsonc
}

# python_json: py.json as Python's json.dumps writes it, escapes and all.
python_json() {
	python3 -c 'import json; print(json.dumps({"caf\u00e9": ["cr\u00e8me", "a/b"], "n": 1.0}))' >py.json
	grep -qF '"caf\u00e9"' py.json
}

@test "jfmt hook: Python's json.dumps output is written as jfmt in CI wants it" {
	run -0 remote_config
	project "$output"
	python_json
	"$JFMT" py.json >want.json
	git add py.json
	run -1 pre-commit run --all-files
	same_bytes want.json py.json
	# the hook passes no option of its own: CI's bare command agrees
	run -0 "$JFMT" --check py.json
}

@test "jfmt hook: the project's configuration keeps Python's escapes, for CI too" {
	mkdir probe
	put probe/.editorconfig $'root = true\n[*.json]\njfmt_keep_escapes = true\n'
	put probe/a.json $'{\n  "\\u00e9": 1\n}\n'
	"$JFMT" --check probe/a.json >/dev/null 2>&1 ||
		skip "this jfmt does not read jfmt_keep_escapes from .editorconfig"
	run -0 remote_config
	project "$output"
	put .editorconfig $'root = true\n[*.json]\njfmt_keep_escapes = true\n'
	python_json
	git add -A
	run -1 pre-commit run --all-files
	put want.json $'{\n  "caf\\u00e9": [\n    "cr\\u00e8me",\n    "a/b"\n  ],\n  "n": 1.0\n}\n'
	same_bytes want.json py.json
	run -0 "$JFMT" --check py.json
}

@test "README: the repo: local form runs as written, with the same hook" {
	run -0 readme_block "Or, with jfmt installed and no clone of its repository"
	config=$output
	grep -qxF '  - repo: local' <<<"$config"
	project "$config"
	"$JFMT" data.json >want.json
	run -1 pre-commit run --all-files
	same_bytes want.json data.json
	# the local hook is the one .pre-commit-hooks.yaml defines
	need_cmd python3 jq
	command python3 -c 'import yaml' 2>/dev/null || skip "python3-yaml is not installed"
	run -0 command python3 -c '
import json, sys, yaml
local = yaml.safe_load(open(".pre-commit-config.yaml"))["repos"][0]["hooks"][0]
hook = [h for h in yaml.safe_load(open(sys.argv[1])) if h["id"] == local["id"]][0]
keys = ("entry", "language", "types", "files")
print(json.dumps([[local.get(k) for k in keys], [hook.get(k) for k in keys]]))
' "$TOP/.pre-commit-hooks.yaml"
	[ "$(jq -c '.[0]' <<<"$output")" = "$(jq -c '.[1]' <<<"$output")" ]
}

@test "man page: its pre-commit example is README's repo: local form" {
	run -0 readme_block "Or, with jfmt installed and no clone of its repository"
	readme=$output
	# the literal block that follows "pre-commit framework", roff escapes undone
	run -0 awk '
		/pre-commit framework/ { seen = 1 }
		seen && /^\.Bd/ { inside = 1; next }
		inside && /^\.Ed/ { exit }
		inside { gsub(/\\e/, "\\"); print }
	' "$TOP/man/jfmt.1"
	[ -n "$output" ]
	[ "$output" = "$readme" ]
}
