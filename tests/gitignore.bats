#!/usr/bin/env bats
# tests/gitignore.bats - -r when git cannot say what it ignores: in a work
# tree, a git that fails (a repository it does not trust, an error, a
# signal) or that answers nonsense stops jfmt before it takes any file,
# with exit status 3 and a message that says what to do (one that never
# answers: slow/gitignore.bats); --no-gitignore takes every file without
# asking git, and outside a work tree git is not started at all.  Also:
# git's exit status is had even when jfmt's parent ignores SIGCHLD.

load test_helper
load gitignore_helper

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

@test "-r in a work tree whose git cannot list its index takes no file" {
	repo
	# check-ignore as git answers it (gen.json matches), ls-files failing
	local real
	real=$(command -v git)
	fake_git 'case "$*" in *ls-files*) echo "fatal: index file corrupt" >&2; exit 128 ;; esac
exec '"$real"' "$@"'
	run -3 --separate-stderr jfmt_git -r -i -l keep.json r
	[ -z "$output" ]
	[ "$stderr" = "jfmt: r: cannot tell which files git ignores, so no file is taken: git ls-files exited with status 128 (fatal: index file corrupt); if git does not trust the repository's owner, mark it safe (git config --global --add safe.directory $WORK/r), or take every file without asking git with --no-gitignore" ]
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

@test "-r outside a work tree does not start git; in one it asks git" {
	need_cmd git
	! g -C "$WORK" rev-parse --git-dir >/dev/null 2>&1 ||
		skip "the scratch directory is inside a git repository"
	mkdir t
	echo '[ 1 ]' >t/a.json
	local real
	real=$(command -v git)
	fake_git 'exec '"$real"' "$@"'
	run -0 --separate-stderr jfmt_git -r -i -l t
	[ "$output" = t/a.json ]
	[ -z "$stderr" ]
	[ ! -e "$T/git_ran" ]
	# the .git above a directory is what says it is in a work tree
	repo
	run -0 --separate-stderr jfmt_git -r -i -l r
	[ "$output" = r/src.json ]
	[ -e "$T/git_ran" ]
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
