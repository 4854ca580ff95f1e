# tests/gitignore_helper.bash - a work tree and a git that fails in a
# chosen way, for gitignore.bats and slow/gitignore.bats.

# git with a name for commits and no configuration of the machine's.
g() {
	GIT_CONFIG_NOSYSTEM=1 HOME="$T" git -c user.name=jfmt -c user.email=jfmt@example.invalid "$@"
}

# jfmt with the same configuration of git: none but what the test gives.
jfmt_git() {
	GIT_CONFIG_NOSYSTEM=1 HOME="$T" "$JFMT" "$@"
}

# repo: a work tree r/ whose .gitignore names gen.json, with gen.json and
# src.json not formatted; keep.json, outside it, not formatted either.
repo() {
	need_cmd git
	g init -q r
	echo gen.json >r/.gitignore
	echo '[ 1 ]' >r/gen.json
	echo '[ 1 ]' >r/src.json
	echo '[ 1 ]' >keep.json
}

# fake_git SCRIPT: a `git` first on PATH that runs the shell SCRIPT (and
# notes that it ran, in $T/git_ran).
fake_git() {
	mkdir -p "$T/fake"
	printf '#!/bin/sh\necho ran >>"%s/git_ran"\n%s\n' "$T" "$1" >"$T/fake/git"
	chmod +x "$T/fake/git"
	PATH="$T/fake:$PATH"
}

# untouched: neither file of r/, nor keep.json, was rewritten.
untouched() {
	[ "$(cat r/gen.json)" = '[ 1 ]' ] && [ "$(cat r/src.json)" = '[ 1 ]' ] &&
		[ "$(cat keep.json)" = '[ 1 ]' ]
}

# refused WHY: jfmt -r -i -l keep.json r stopped before taking any file,
# saying WHY git gave no answer and what to do.
refused() {
	run -3 --separate-stderr jfmt_git -r -i -l keep.json r
	[ -z "$output" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[ "$stderr" = "jfmt: r: cannot tell which files git ignores, so no file is taken: git check-ignore $1; if git does not trust the repository's owner, mark it safe (git config --global --add safe.directory $WORK/r), or take every file without asking git with --no-gitignore" ]
	untouched
}
