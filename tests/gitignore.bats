#!/usr/bin/env bats
# tests/gitignore.bats - -r when git cannot say what it ignores: in a work
# tree, a git that fails (a repository it does not trust, an error, a
# signal), that never answers or that answers nonsense stops jfmt before
# it takes any file, with exit status 3 and a message that says what to
# do; --no-gitignore takes every file without asking git.  Also: git's
# exit status is had even when jfmt's parent ignores SIGCHLD.

load test_helper

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

@test "-r in a work tree whose git exits with an error takes no file at all" {
	repo
	fake_git 'echo "fatal: something is wrong" >&2; exit 128'
	refused 'exited with status 128 (fatal: something is wrong)'
	# from below the top of the work tree too
	mkdir r/sub
	echo '[ 1 ]' >r/sub/x.json
	run -3 --separate-stderr jfmt_git -r -i r/sub
	[[ $stderr == "jfmt: r/sub: cannot tell which files git ignores, "*"safe.directory $WORK/r)"* ]]
	[ "$(cat r/sub/x.json)" = '[ 1 ]' ]
}

@test "-r in a work tree whose git is killed by a signal takes no file" {
	repo
	fake_git 'kill -KILL $$'
	refused 'was killed by signal 9 (Killed)'
}

@test "-r in a work tree whose git answers nonsense takes no file" {
	repo
	fake_git 'cat >/dev/null; printf "other.json\\0"; exit 0'
	refused 'gave answers that are not about the files asked'
	fake_git 'cat >/dev/null; exit 1'
	refused 'gave answers that are not about the files asked'
}

@test "-r in a work tree whose git never answers gives up after 5 s" {
	repo
	fake_git 'exec sleep 60'
	SECONDS=0
	# (timeout: a jfmt that waits for git fails here, not at bats's end)
	run -3 --separate-stderr timeout 30 env GIT_CONFIG_NOSYSTEM=1 HOME="$T" \
		"$JFMT" -r -i keep.json r 3>&-
	[ "$SECONDS" -lt 15 ]
	[[ $stderr == "jfmt: r: cannot tell which files git ignores, so no file is taken: git check-ignore gave no answer in 5 s; "* ]]
	untouched
}

@test "-r outside a work tree takes every file when git fails there" {
	mkdir t
	echo '[ 1 ]' >t/a.json
	fake_git 'exit 128'
	run -0 --separate-stderr jfmt_git -r -i -l t
	[ "$output" = t/a.json ]
	[ -z "$stderr" ]
	[ "$(cat t/a.json)" = $'[\n  1\n]' ]
}

@test "--no-gitignore: -r takes what git ignores, without asking git" {
	repo
	run -0 --separate-stderr jfmt_git -r -l --no-gitignore r
	[ "$output" = $'r/gen.json\nr/src.json' ]
	fake_git 'exit 128'
	run -0 --separate-stderr jfmt_git -r -i -l --no-gitignore keep.json r
	[ "$output" = $'keep.json\nr/gen.json\nr/src.json' ]
	[ -z "$stderr" ]
	[ ! -e "$T/git_ran" ]
	# and the command --check gives to fix the files keeps it
	echo '[ 1 ]' >r/gen.json
	echo '[ 1 ]' >r/src.json
	run -1 --separate-stderr jfmt_git --check -r --no-gitignore r
	[ "$stderr" = "jfmt: 2 files are not formatted; to fix them, run: jfmt -i -r --no-gitignore r" ]
}

@test "-r in a repository git does not trust (another owner) takes no file, until marked safe" {
	[ "$(id -u)" -eq 0 ] ||
		skip "not root: cannot give the repository to another owner (chown)"
	repo
	chown -R nobody r
	run -3 --separate-stderr env -u SUDO_UID GIT_CONFIG_NOSYSTEM=1 HOME="$T" \
		"$JFMT" -r -i -l keep.json r
	[ -z "$output" ]
	[[ $stderr == "jfmt: r: cannot tell which files git ignores, so no file is taken: git check-ignore exited with status 128 (fatal: detected dubious ownership in repository at '$WORK/r')"* ]]
	untouched
	# what the message says to do works
	g config --global --add safe.directory "$WORK/r"
	run -0 --separate-stderr env -u SUDO_UID GIT_CONFIG_NOSYSTEM=1 HOME="$T" \
		"$JFMT" -r -i -l keep.json r
	[ "$output" = $'keep.json\nr/src.json' ]
	[ "$(cat r/gen.json)" = '[ 1 ]' ]
}

@test "-r asks git as usual when jfmt is started with SIGCHLD ignored" {
	repo
	run -0 --separate-stderr env GIT_CONFIG_NOSYSTEM=1 HOME="$T" python3 -c '
import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execv(sys.argv[1], sys.argv[1:])' "$JFMT" -r -l r
	[ "$output" = r/src.json ]
}
