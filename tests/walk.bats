#!/usr/bin/env bats
# tests/walk.bats - which files -r takes from a directory: JSON and JSONC
# names, every directory but .git, .hg, .svn and node_modules, nothing git
# ignores inside a work tree, nothing --exclude names; that files named
# on the command line are always taken; and that each directory is read
# once, the lookup of its configuration included.

load test_helper

# git with a name for commits and no configuration of the machine's.
g() {
	GIT_CONFIG_NOSYSTEM=1 HOME="$T" git -c user.name=jfmt -c user.email=jfmt@example.invalid "$@"
}

# listed DIR...: the files `jfmt -r -l` takes, in order (every one differs
# from its formatted text: each holds `[1]`); its standard error but the
# closing summary ("N files are not formatted...").
listed() {
	local rc=0
	"$JFMT" -r -l "$@" 2>"$T/listed_err" || rc=$?
	grep -v '^jfmt: [0-9]* files\? \(is\|are\) not formatted' "$T/listed_err" >&2
	return "$rc"
}

@test "-r skips .git, .hg, .svn and node_modules, and walks other dot-directories" {
	mkdir -p t/.git t/.hg t/.svn t/node_modules/x t/.vscode t/.devcontainer t/.github t/a/node_modules
	for f in .git/c.json .hg/c.json .svn/c.json node_modules/x/p.json a/node_modules/p.json \
		.vscode/settings.json .devcontainer/devcontainer.json .github/x.json a/b.json; do
		put "t/$f" '[1]'
	done
	run -0 --separate-stderr listed t
	[ -z "$stderr" ]
	[ "$output" = 't/.devcontainer/devcontainer.json
t/.github/x.json
t/.vscode/settings.json
t/a/b.json' ]
}

@test "-r takes the names read as JSONC, and no other file" {
	mkdir -p t/.vscode
	for f in a.json b.jsonc c.code-workspace .babelrc .eslintrc .jshintrc .swcrc \
		notes.txt json jsonc x.json.bak README; do
		put "t/$f" '[1]'
	done
	run -0 --separate-stderr listed t
	[ "$output" = 't/.babelrc
t/.eslintrc
t/.jshintrc
t/.swcrc
t/a.json
t/b.jsonc
t/c.code-workspace' ]
}

@test "-r in a git work tree skips what git ignores, and takes what it tracks" {
	need_cmd git
	g init -q repo
	mkdir -p repo/build repo/src repo/logs
	printf 'build/\n*.gen.json\nlogs/\n' >repo/.gitignore
	put repo/src/a.json '[1]'
	put repo/src/b.gen.json '[1]'
	put repo/build/out.json '[1]'
	put repo/logs/kept.json '[1]'
	put repo/top.json '[1]'
	g -C repo add -f logs/kept.json
	run -0 --separate-stderr listed repo
	[ -z "$stderr" ]
	[ "$output" = 'repo/logs/kept.json
repo/src/a.json
repo/top.json' ]
	# the same from inside, and from a directory below
	cd repo
	run -0 --separate-stderr listed .
	[ "$output" = './logs/kept.json
./src/a.json
./top.json' ]
	cd src
	run -0 --separate-stderr listed .
	[ "$output" = './a.json' ]
}

@test "-r takes a tracked file a pattern matches, from any directory, whatever its name" {
	need_cmd git
	g init -q repo
	mkdir -p repo/src/gen
	printf '*.gen.json\ngen/\n' >repo/.gitignore
	put 'repo/src/a b.gen.json' '[1]'
	put $'repo/src/new\nline.gen.json' '[1]'
	put repo/src/gen/kept.json '[1]'
	put repo/src/gen/left.json '[1]'
	put repo/src/plain.gen.json '[1]'
	g -C repo add -f 'src/a b.gen.json' $'src/new\nline.gen.json' src/gen/kept.json
	run -0 --separate-stderr listed repo
	[ -z "$stderr" ]
	# (-l quotes a name with a line break in it)
	[ "$output" = 'repo/src/a b.gen.json
repo/src/gen/kept.json
"repo/src/new\nline.gen.json"' ]
	cd repo/src
	run -0 --separate-stderr listed .
	[ "$output" = './a b.gen.json
./gen/kept.json
"./new\nline.gen.json"' ]
	# a directory that a pattern matches but that holds a tracked file
	# is not ignored: in it, the patterns apply; so with a tracked file
	# in gen-x too, whose path sorts between gen and gen/kept.json
	mkdir gen-x
	put gen-x/a.json '[1]'
	printf 'gen-x/\n' >>../.gitignore
	g add -f gen-x/a.json
	run -0 --separate-stderr listed gen
	[ "$output" = gen/kept.json ]
	run -0 --separate-stderr listed gen-x
	[ "$output" = gen-x/a.json ]
}

@test "-r: a nested repository and a submodule follow their own ignore files" {
	need_cmd git
	g init -q repo
	g init -q repo/inner
	printf 'skip.json\n' >repo/inner/.gitignore
	put repo/inner/skip.json '[1]'
	put repo/inner/take.json '[1]'
	put repo/a.json '[1]'
	run -0 --separate-stderr listed repo
	[ -z "$stderr" ]
	[ "$output" = $'repo/a.json\nrepo/inner/take.json' ]
	# a submodule: the outer index holds it as a link
	g -C repo/inner commit -q --allow-empty -m x
	g -C repo add inner 2>/dev/null
	run -0 --separate-stderr listed repo
	[ -z "$stderr" ]
	[ "$output" = $'repo/a.json\nrepo/inner/take.json' ]
	# ignored by the outer repository: skipped whole
	printf 'inner\n' >repo/.gitignore
	g -C repo rm -q -f --cached inner
	run -0 --separate-stderr listed repo
	[ "$output" = repo/a.json ]
}

@test "-r outside a work tree, or without git, takes every JSON file" {
	mkdir -p t/build
	printf 'build/\n' >t/.gitignore
	put t/build/out.json '[1]'
	run -0 --separate-stderr listed t
	[ -z "$stderr" ]
	[ "$output" = t/build/out.json ]
	need_cmd git
	g init -q repo
	printf 'build/\n' >repo/.gitignore
	mkdir repo/build
	put repo/build/out.json '[1]'
	# a PATH without git: jfmt alone
	mkdir bin
	ln -s "$JFMT" bin/jfmt
	run -0 --separate-stderr env PATH="$WORK/bin" jfmt -r -c repo
	[ -z "$stderr" ]
	[ "$output" = '[1]' ]
}

@test "files and directories named on the command line are taken even when ignored" {
	need_cmd git
	g init -q repo
	mkdir -p repo/build/sub
	printf 'build/\n*.gen.json\n' >repo/.gitignore
	put repo/x.gen.json '[1]'
	put repo/build/sub/out.json '[1]'
	put repo/build/out.gen.json '[1]'
	run -0 --separate-stderr listed repo/x.gen.json
	[ "$output" = repo/x.gen.json ]
	run -0 --separate-stderr listed repo/build
	[ -z "$stderr" ]
	[ "$output" = $'repo/build/out.gen.json\nrepo/build/sub/out.json' ]
}

@test "--exclude: a name at any depth, or a path below the directory named" {
	mkdir -p t/fixtures/bad t/src/fixtures t/deep/a
	for f in a.json fixtures/bad/x.json src/fixtures/y.json src/z.json src/z.min.json \
		deep/a/b.json deep/c.json; do
		put "t/$f" '[1]'
	done
	run -0 --separate-stderr listed --exclude=fixtures --exclude '*.min.json' t
	[ -z "$stderr" ]
	[ "$output" = 't/a.json
t/deep/a/b.json
t/deep/c.json
t/src/z.json' ]
	# with a slash: the path below the operand, where * stops at a slash
	run -0 --separate-stderr listed --exclude='src/*' --exclude=deep/a t
	[ "$output" = 't/a.json
t/deep/c.json
t/fixtures/bad/x.json' ]
	run -0 --separate-stderr listed --exclude='*/x.json' t
	[ "$output" = 't/a.json
t/deep/a/b.json
t/deep/c.json
t/fixtures/bad/x.json
t/src/fixtures/y.json
t/src/z.json
t/src/z.min.json' ]
	# a file named is taken all the same
	run -0 --separate-stderr listed --exclude='*.json' t/a.json t
	[ "$output" = t/a.json ]
}

@test "--exclude needs a value, and is refused without -r" {
	run -2 --separate-stderr "$JFMT" --exclude </dev/null
	[ "${stderr_lines[0]}" = "jfmt: option '--exclude' requires a value" ]
	put a.json '[1]'
	run -2 --separate-stderr "$JFMT" --exclude=x a.json
	[ "${stderr_lines[0]}" = "jfmt: --exclude applies to the directories -r walks: use it with -r" ]
}

@test "the fixing command that --check suggests keeps --exclude" {
	mkdir -p some/deeper/directory/fixtures
	for f in a b c d; do
		put "some/deeper/directory/$f.json" '[1]'
	done
	put some/deeper/directory/fixtures/x.json '[1]'
	run -1 --separate-stderr "$JFMT" --check -r --exclude=fixtures --exclude='*.min.json' some
	[ "$stderr" = "jfmt: 4 files are not formatted; to fix them, run: jfmt -i -r --exclude=fixtures '--exclude=*.min.json' some" ]
	cmd=${stderr##*run: jfmt }
	run -0 --separate-stderr bash -c "\"\$JFMT\" $cmd"
	[ "$(cat some/deeper/directory/fixtures/x.json)" = '[1]' ]
}

@test "-r says a directory it cannot read in its turn, among the files, with or without git" {
	[ "$(id -u)" -eq 0 ] || skip "needs root (to run jfmt as another user)"
	command -v setpriv >/dev/null || skip "needs setpriv"
	d=$(mktemp -d /tmp/jfmt-walk.XXXXXX)
	chmod 755 "$d"
	mkdir -p "$d/t/a" "$d/t/b" "$d/t/c"
	printf '[' >"$d/t/a/x.json"
	printf '[1]' >"$d/t/b/y.json"
	printf '{' >"$d/t/c/z.json"
	chmod 700 "$d/t/b"      # root's: the user below cannot read it
	chmod -R a+rX "$d/t/a" "$d/t/c"
	# (a copy the user can run, wherever the build is)
	cp "$JFMT" "$d/jfmt" && chmod 755 "$d/jfmt"
	for git in --no-gitignore ""; do
		for j in -j1 -j2; do
			run -3 setpriv --reuid=nobody --regid=nogroup --clear-groups \
				sh -c "cd '$d' && ./jfmt -r -c $j $git t 2>&1 >/dev/null"
			[[ "${lines[0]}" == "jfmt: t/a/x.json:1:2: "* ]]
			[[ "${lines[3]}" == "jfmt: t/b: "*"ermission denied"* ]]
			[[ "${lines[4]}" == "jfmt: t/c/z.json:1:2: "* ]]
		done
	done
	rm -rf "$d"
}

@test "-r reads each directory once, its configuration looked up from the same listing" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	mkdir -p t/a/b t/p/q
	put t/x.json '[1]'
	put t/a/y.json '[1]'
	put t/a/b/z.json '[1]'
	printf '{}\n' >t/p/.prettierrc.json
	printf 'q/\n' >t/p/.prettierignore
	put t/p/q/gone.json '[1]'
	put t/p/kept.json '[1]'
	local git d n
	for git in "" --no-gitignore; do
		run -1 --separate-stderr strace -f -qq -o "$T/trace" -e trace=openat \
			"$JFMT" -r --check $git t
		[ "$output" = $'t/a/b/z.json\nt/a/y.json\nt/p/kept.json\nt/x.json' ]
		# (as the walk names it, or from the root, as the lookup does;
		# t/p/q, which .prettierignore leaves out, not at all)
		for d in t t/a t/a/b t/p t/p/q; do
			n=$(grep O_DIRECTORY "$T/trace" | grep -cF -e "\"$d\"," -e "\"$WORK/$d\",") || true
			[ "$n" -eq "$([ "$d" = t/p/q ] && echo 0 || echo 1)" ] ||
				{ echo "$d read $n times (${git:-with git})"; return 1; }
		done
	done
}
