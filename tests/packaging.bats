#!/usr/bin/env bats
# tests/packaging.bats - what jfmt ships besides the program: one version
# everywhere, the release tarball, shell completions, the pre-commit hooks
# and the pointers from --help to the environment and the man page.

load test_helper

TOP="$BATS_TEST_DIRNAME/.."

# --- one version ---

@test "--version prints the version in VERSION" {
	version=$(cat "$TOP/VERSION")
	[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
	run -0 --separate-stderr "$JFMT" --version
	[[ "$output" == "jfmt $version (yajl "* ]]
}

@test "the man page's footer carries the version in VERSION" {
	version=$(cat "$TOP/VERSION")
	run -0 grep -c '^\.Os ' "$TOP/man/jfmt.1"
	[ "$output" = 1 ]
	run -0 grep '^\.Os ' "$TOP/man/jfmt.1"
	[ "$output" = ".Os jfmt $version" ]
}

@test "CHANGELOG.md's first version heading is the version in VERSION" {
	version=$(cat "$TOP/VERSION")
	run -0 grep -m1 '^## ' "$TOP/CHANGELOG.md"
	[[ "$output" == "## $version" || "$output" == "## $version "* ]]
}

@test "debian/changelog's version is the version in VERSION" {
	version=$(cat "$TOP/VERSION")
	run -0 head -n 1 "$TOP/debian/changelog"
	[[ "$output" == "jfmt ($version) "* ]]
}

# --- --help ---

@test "--help names NO_COLOR and JFMT_COLORS and points to the man page" {
	run -0 --separate-stderr "$JFMT" --help
	[[ "$output" == *NO_COLOR* ]]
	[[ "$output" == *JFMT_COLORS* ]]
	[[ "${lines[-1]}" == *"See 'man jfmt' for details."* ]]
}

# --- shell completions ---

COMPLETIONS="$TOP/completions"

# bash_complete WORD...: the words the bash completion offers for the
# command line WORD... (the last one is the word being completed), one a line.
bash_complete() {
	bash -c '
		source "$1"/jfmt.bash || exit 2
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		_jfmt
		printf "%s\n" "${COMPREPLY[@]}"
	' bash "$COMPLETIONS" "$@"
}

# zsh_complete LINE...: type each LINE in turn into one interactive zsh
# on a pseudo-terminal (zsh/zpty), with compinit taking _jfmt from
# completions/, press TAB after it, and record each match that reaches
# compadd; zsh_matches K then gives those of the K-th LINE, sorted, one a
# line.  (One zsh for all the lines: a zsh and its compinit take 0.4 s.)
zsh_complete() {
	cat >"$T/zcomp.zsh" <<'ZSH'
zmodload zsh/zpty || exit 2
zpty z zsh -f -i
zpty -w z "PROMPT='<jfmt-prompt>'; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z "compadd() { local -a m; builtin compadd -O m \"\$@\"; print -rl -- \$m >>\$ZMATCHES; builtin compadd \"\$@\"; }"
# The quotes keep the echo of the typed command from matching.  Wait for
# the prompt after it: the line editor is then reading, with the terminal
# in raw mode, where ^U is a key for it and not the kernel's line kill.
zpty -w z "bindkey '^I' complete-word; echo __REA''DY__"
zpty -r z x '*__READY__*' && zpty -r z x '*<jfmt-prompt>*' || exit 3
k=0
for line in "${@[3,-1]}"; do
	k=$((k + 1))
	zpty -w z "ZMATCHES=${(q)2}.$k; echo __NE''XT${k}__"
	zpty -r z x "*__NEXT${k}__*" && zpty -r z x '*<jfmt-prompt>*' || exit 3
	zpty -w -n z "$line"$'\t'
	zpty -w z $'\C-e\C-u'"echo __DO''NE${k}__"
	zpty -r z x "*__DONE${k}__*" || exit 3
done
zpty -d z
ZSH
	rm -f "$T"/zmatches.*
	timeout 20 zsh -f "$T/zcomp.zsh" "$COMPLETIONS" "$T/zmatches" "$@" >/dev/null
}

# zsh_matches K: what zsh_complete recorded for its K-th line.
zsh_matches() {
	grep -v '^$' "$T/zmatches.$1" | sort -u
}

# zsh_listing LINE LAST: the list zsh shows when TAB is pressed after LINE
# (list-choices), as far as the first line holding LAST, control sequences
# removed.
zsh_listing() {
	cat >"$T/zlist.zsh" <<'ZSH'
zmodload zsh/zpty || exit 2
zpty z zsh -f -i
zpty -w z "PROMPT='<jfmt-prompt>'; COLUMNS=200; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z "bindkey '^I' list-choices; echo __REA''DY__"
zpty -r z x '*__READY__*' && zpty -r z x '*<jfmt-prompt>*' || exit 3
zpty -w -n z "$2"$'\t'
zpty -r z out "*$3*" || exit 4
print -r -- "$out"
zpty -d z
ZSH
	timeout 20 zsh -f "$T/zlist.zsh" "$COMPLETIONS" "$1" "$2" |
		sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g' | tr '\r' '\n'
}

# fish_complete LINE: what fish offers for LINE, sorted, one a line.
fish_complete() {
	fish --no-config -c "source '$COMPLETIONS/jfmt.fish'; complete -C'$1'" |
		cut -f1 | sort
}

# The options of jfmt's table that are offered (not hidden), and the
# values each takes, from jfmt --list-options: "name<TAB>letter<TAB>words".
offered_options() {
	"$JFMT" --list-options | awk -F '\t' '$6 !~ /hidden/ { print $1 "\t" $2 "\t" $4 }'
}

@test "every option of the table is in the man page, README.md's table and each completion file" {
	run -0 offered_options
	local rows=$output
	[ "${#lines[@]}" -ge 35 ]
	# Each file is searched by the shell's own regular expressions, with
	# grep -E's for its lines (a newline is a character that ends a line
	# and is not [a-z-]): a grep for each of some 40 options in 5 files
	# took most of the test.
	# (untraced: some 200 searches)
	each_file() {
		local f name letter words text pattern line nl=$'\n' readme=
		IFS= read -r -d '' text <"$TOP/README.md" || true
		# README.md's table of options: its lines that begin with '|'
		while IFS= read -r line; do
			[[ $line == '| `-'* ]] && readme+=$line$nl
		done <<<"$text"
		for f in man/jfmt.1 README.md completions/jfmt.bash completions/_jfmt completions/jfmt.fish; do
			IFS= read -r -d '' text <"$TOP/$f" || true
			[ "$f" = README.md ] && text=$readme
			while IFS=$'\t' read -r name letter words; do
				if [ "$name" != - ]; then
					case $f in
					# (where it is described: an .It line)
					man/*) pattern="(^|$nl)\\.It [^$nl]*Fl \\\\-$name([^a-z-]|\$)" ;;
					README.md) pattern="\`--$name([^a-z-]|\$)" ;;
					*.fish) pattern="-l $name( |$nl|\$)" ;;
					*) pattern="(^|[^a-z-])--$name([^a-z-]|\$)" ;;
					esac
					[[ $text =~ $pattern ]] ||
						{ echo "--$name is missing from $f"; return 1; }
				fi
				if [ "$letter" != - ] && [ "$f" != completions/jfmt.bash ]; then
					case $f in
					man/*) pattern="(^|$nl)\\.It [^$nl]*Fl $letter( |$nl)" ;;
					README.md) pattern="\`-$letter[\` ]" ;;
					*.fish) pattern="-s $letter( |$nl)" ;;
					*) pattern="(^|[^a-zA-Z-])-$letter([^a-zA-Z-]|\$)" ;;
					esac
					[[ $text =~ $pattern ]] ||
						{ echo "-$letter is missing from $f"; return 1; }
				fi
				# the values a completion offers: the table's words
				if [ "$words" != - ] && [[ $f == completions/* ]]; then
					pattern="--$name"
					[ "$f" = completions/jfmt.fish ] && pattern="-l $name "
					pattern="$pattern[^$nl]*[('] *${words//|/ } *[)']"
					[[ $text =~ $pattern ]] ||
						{ echo "$f does not offer ${words//|/ } for --$name"; return 1; }
				fi
			done <<<"$rows"
		done
	}
	untraced each_file
}

@test "every long option the completions offer is one jfmt knows" {
	run -0 bash_complete jfmt --
	[ "${#lines[@]}" -ge 15 ]
	# (jfmt runs without bats's `run`, which costs more than jfmt here)
	local opt stderr
	for opt in "${lines[@]}"; do
		"$JFMT" "${opt%=}" </dev/null >/dev/null 2>err || true
		IFS= read -r -d '' stderr <err || true
		[[ "$stderr" != *"unknown option"* ]] || { echo "$stderr"; return 1; }
	done
}

@test "bash: sourcing the completion registers it for jfmt" {
	run -0 bash -c 'source "$1"/jfmt.bash && complete -p jfmt' bash "$COMPLETIONS"
	[ "$output" = "complete -F _jfmt jfmt" ]
}

@test "bash: jfmt --co<TAB> offers --color --colour --comments --compact" {
	run -0 bash_complete jfmt --co
	[ "$output" = "$(printf '%s\n' --color --colour --comments --compact)" ]
}

@test "bash: --color= and --colour= offer auto always never" {
	# as bash splits the word by default, at '='
	run -0 bash_complete jfmt --color =
	[ "$output" = "$(printf '%s\n' auto always never)" ]
	run -0 bash_complete jfmt --colour = al
	[ "$output" = always ]
	# and with '=' left out of COMP_WORDBREAKS
	run -0 bash_complete jfmt --color=n
	[ "$output" = --color=never ]
}

@test "bash: --indent= takes 0 to 16, --in<TAB> offers --in-place --indent=" {
	run -0 bash_complete jfmt --indent = 1
	[ "$output" = "$(printf '%s\n' 1 10 11 12 13 14 15 16)" ]
	run -0 bash_complete jfmt --in
	[ "$output" = "$(printf '%s\n' --in-place --indent=)" ]
}

@test "bash: after an option whose value is the next word, its values or nothing" {
	put 1.json '{}'
	run -0 bash_complete jfmt --indent 1
	[ "$output" = "$(printf '%s\n' 1 10 11 12 13 14 15 16)" ]
	run -0 bash_complete jfmt -w 1
	[ -z "$output" ]
	run -0 bash_complete jfmt --width ''
	[ -z "$output" ]
	run -0 bash_complete jfmt --buffer-size 1
	[ -z "$output" ]
	run -0 bash_complete jfmt -r --exclude 1
	[ -z "$output" ]
	run -0 bash_complete jfmt --stdin-filename 1
	[ "$output" = 1.json ]
}

@test "zsh and fish: each option is listed once" {
	for f in _jfmt jfmt.fish; do
		case $f in
		# an option's spec: --name[, --name=[, --name=-[ or {-x,--name}
		_jfmt) opts=$(grep -oE -- "--[a-z][a-z-]*(=-?)?[[}]" "$COMPLETIONS/$f" | grep -oE -- '--[a-z-]+') ;;
		*) opts=$(grep -oE -- "-l [a-z][a-z-]*" "$COMPLETIONS/$f" | cut -c4-) ;;
		esac
		run -0 bash -c 'sort | uniq -d' <<<"$opts"
		[ -z "$output" ] || { echo "$f lists twice: $output"; return 1; }
	done
}

@test "zsh: --indent= values are listed in numeric order" {
	need_cmd zsh
	zsh -fc 'zmodload zsh/zpty' || skip "zsh has no zpty module"
	run -0 zsh_listing 'jfmt --indent=' 16
	[[ "$output" =~ 0\ +1\ +2\ +3\ +4\ +5\ +6\ +7\ +8\ +9\ +10\ +11 ]]
}

@test "bash: file names for operands, -o, --output= and after --" {
	mkdir dir
	put 'a b.json' '{}'
	put ab.json '{}'
	put --x.json '{}'
	run -0 bash_complete jfmt -c a
	[ "$output" = "$(printf '%s\n' 'a b.json' ab.json)" ]
	run -0 bash_complete jfmt -o d
	[ "$output" = dir ]
	run -0 bash_complete jfmt --output = a
	[ "$output" = "$(printf '%s\n' 'a b.json' ab.json)" ]
	run -0 bash_complete jfmt -- --
	[ "$output" = --x.json ]
}

@test "zsh: _jfmt loads through compinit and is bound to jfmt" {
	need_cmd zsh
	run -0 zsh -fc 'fpath=("$1" $fpath); autoload -U compinit; compinit -u -D
		autoload +X _jfmt && print -r -- $_comps[jfmt]' zsh "$COMPLETIONS"
	[ "$output" = _jfmt ]
}

@test "zsh: options, --color= values and file names complete" {
	need_cmd zsh
	zsh -fc 'zmodload zsh/zpty' || skip "zsh has no zpty module"
	put data.json '{}'
	zsh_complete 'jfmt --co' 'jfmt --color=' 'jfmt -c da'
	[ "$(zsh_matches 1)" = "$(printf '%s\n' --color --colour --comments --compact)" ]
	[ "$(zsh_matches 2)" = "$(printf '%s\n' always auto never)" ]
	[ "$(zsh_matches 3)" = data.json ]
}

@test "fish: the completion parses and completes options, values and files" {
	need_cmd fish
	run -0 fish --no-config -n "$COMPLETIONS/jfmt.fish"
	run -0 fish_complete 'jfmt --com'
	[ "$output" = "$(printf '%s\n' --comments --compact)" ]
	run -0 fish_complete 'jfmt --color='
	[ "$output" = "$(printf '%s\n' --color=always --color=auto --color=never)" ]
	put data.json '{}'
	run -0 fish_complete 'jfmt -c dat'
	[ "$output" = data.json ]
}

# --- install ---

@test "make install puts the completions where each shell looks; uninstall removes all" {
	need_cmd make
	dest="$T/dest"
	run -0 make -C "$TOP" install DESTDIR="$dest" PREFIX=/usr
	for f in bin/jfmt share/man/man1/jfmt.1 \
		share/bash-completion/completions/jfmt \
		share/zsh/site-functions/_jfmt \
		share/fish/vendor_completions.d/jfmt.fish; do
		[ -f "$dest/usr/$f" ] || { echo "not installed: $f"; return 1; }
	done
	cmp "$TOP/completions/jfmt.bash" "$dest/usr/share/bash-completion/completions/jfmt"
	cmp "$TOP/completions/_jfmt" "$dest/usr/share/zsh/site-functions/_jfmt"
	cmp "$TOP/completions/jfmt.fish" "$dest/usr/share/fish/vendor_completions.d/jfmt.fish"
	run -0 make -C "$TOP" uninstall DESTDIR="$dest" PREFIX=/usr
	run -0 find "$dest" ! -type d
	[ -z "$output" ]
}

@test "make uninstall removes the directories install made, up to PREFIX, and no others" {
	need_cmd make
	dest="$T/dest"
	# a directory that holds another package's file stays, with those above it
	mkdir -p "$dest/opt/jf/share/man/man1"
	put "$dest/opt/jf/share/man/man1/other.1" x
	run -0 make -C "$TOP" install DESTDIR="$dest" PREFIX=/opt/jf
	run -0 make -C "$TOP" uninstall DESTDIR="$dest" PREFIX=/opt/jf
	run -0 bash -c 'cd "$1" && find . | LC_ALL=C sort' - "$dest"
	[ "$output" = '.
./opt
./opt/jf
./opt/jf/share
./opt/jf/share/man
./opt/jf/share/man/man1
./opt/jf/share/man/man1/other.1' ]
	# alone, everything goes, PREFIX included; what is above it stays
	rm "$dest/opt/jf/share/man/man1/other.1"
	run -0 make -C "$TOP" install DESTDIR="$dest" PREFIX=/opt/jf
	run -0 make -C "$TOP" uninstall DESTDIR="$dest" PREFIX=/opt/jf
	run -0 bash -c 'cd "$1" && find . | LC_ALL=C sort' - "$dest"
	[ "$output" = $'.\n./opt' ]
	# a directory outside PREFIX is left alone
	run -0 make -C "$TOP" install DESTDIR="$dest" PREFIX=/opt/jf BINDIR=/tools
	run -0 make -C "$TOP" uninstall DESTDIR="$dest" PREFIX=/opt/jf BINDIR=/tools
	run -0 bash -c 'cd "$1" && find . | LC_ALL=C sort' - "$dest"
	[ "$output" = $'.\n./opt\n./tools' ]
}

# --- the Debian package ---

# make_var NAME: the value of the Makefile's variable NAME, one word a line.
make_var() {
	printf 'show:\n\t@echo $(%s)\n' "$1" |
		env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s -C "$TOP" -f Makefile -f - show |
		tr ' ' '\n' | grep -v '^$'
}

# build_depends: the packages debian/control's Build-Depends names, without
# versions or build profiles, sorted, one a line.
build_depends() {
	sed -n '/^Build-Depends:/,/^[A-Z]/p' "$TOP/debian/control" | grep -v '^Standards' |
		sed 's/^Build-Depends://' | tr ',' '\n' |
		sed 's/[(<].*//; s/^[[:space:]]*//; s/[[:space:]]*$//' | grep -v '^$' | sort
}

@test "make deps installs what debian/control's Build-Depends names, deps-all more" {
	need_cmd make
	run -0 build_depends
	[[ "$output" == *libyajl-dev* && "$output" == *libeditorconfig-dev* ]]
	build=$(grep -vx 'debhelper-compat' <<<"$output")
	run -0 make_var DEPS
	deps=$(grep -vx 'build-essential' <<<"$output" | sort)
	[ "$deps" = "$build" ] || { diff <(echo "$build") <(echo "$deps"); return 1; }
	run -0 make_var DEPS_ALL
	all=$output
	for p in $deps build-essential debhelper dpkg-dev fakeroot lintian devscripts \
		clang libclang-rt-14-dev zsh fish; do
		grep -qx -- "$p" <<<"$all" || { echo "deps-all lacks $p"; return 1; }
	done
}

@test "the builder's CPPFLAGS and CFLAGS reach every compile, CFLAGS and LDFLAGS every link" {
	need_cmd make
	# (as dpkg-buildflags's hardening flags must: -D_FORTIFY_SOURCE,
	# -fstack-protector-strong, -Wl,-z,relro -Wl,-z,now)
	run -0 env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s -B -n -C "$TOP" jfmt build/general/jfmt \
		CC=cc CPPFLAGS=-DJFMT_BUILDER_CPP CFLAGS=-DJFMT_BUILDER_C LDFLAGS=-Wl,-z,jfmt-builder-ld
	# (the lines looked at untraced: some hundred of them)
	each_command() {
		local line
		compiles=0 links=0
		for line in "${lines[@]}"; do
			[[ "$line" == "cc "* ]] || continue
			if [[ "$line" == *" -c "* ]]; then
				compiles=$((compiles + 1))
				[[ "$line" == *" -DJFMT_BUILDER_CPP "* && "$line" == *" -DJFMT_BUILDER_C "* ]] ||
					{ echo "a compile without the builder's flags: $line"; return 1; }
			else
				links=$((links + 1))
				[[ "$line" == *" -DJFMT_BUILDER_C "* && "$line" == *" -Wl,-z,jfmt-builder-ld "* ]] ||
					{ echo "a link without the builder's flags: $line"; return 1; }
			fi
		done
	}
	untraced each_command
	[ "$compiles" -ge 10 ] && [ "$links" -eq 2 ]
}

@test "installed as debian/rules installs, the files are in Debian's places and debian/tests/smoke passes" {
	need_cmd make
	args=$(sed -n 's/^[[:space:]]*dh_auto_install -- //p' "$TOP/debian/rules")
	[ -n "$args" ]
	dest="$T/dest"
	# shellcheck disable=SC2086
	run -0 env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$TOP" install DESTDIR="$dest" $args
	for f in bin/jfmt share/man/man1/jfmt.1 \
		share/bash-completion/completions/jfmt \
		share/zsh/vendor-completions/_jfmt \
		share/fish/vendor_completions.d/jfmt.fish; do
		[ -f "$dest/usr/$f" ] || { echo "not installed: /usr/$f"; return 1; }
	done
	run -0 find "$dest" ! -type d
	[ "${#lines[@]}" -eq 5 ] || { echo "$output"; return 1; }
	ROOT=$dest run -0 "$TOP/debian/tests/smoke"
	[ "${lines[-1]}" = "8 passed, 0 failed" ] || { echo "$output"; return 1; }
}

# --- the release tarball ---

# need_git_checkout: skip unless the sources are a git checkout (they are
# not when the tests run from the tarball, in make distcheck).
need_git_checkout() {
	need_cmd git
	# (the sources unpacked inside another checkout, as by make deb, are not)
	[ "$(git -C "$TOP" rev-parse --is-inside-work-tree --show-prefix 2>/dev/null)" = true ] ||
		skip "not a git checkout (make dist takes git's list of files)"
}

@test "make dist: the tarball holds what builds, tests and installs, and nothing else" {
	need_git_checkout
	need_cmd make tar
	version=$(cat "$TOP/VERSION")
	# A repository of its own holding the files git tracks here, plus what a
	# working tree gathers: build outputs, a binary.
	mkdir copy
	git -C "$TOP" ls-files -z | (cd "$TOP" && xargs -0 cp -P --parents -t "$WORK/copy")
	cd copy
	mkdir -p build/x
	put build/x/junk.o x
	put jfmt x
	git init -q .
	git add -A
	git -c user.name=jfmt -c user.email=jfmt@example.invalid commit -q -m copy
	put untracked.json '{}'
	# (under make check, make's own variables would make it print the
	# directories it enters)
	run -0 env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make dist
	[ "${lines[-1]}" = "jfmt-$version.tar.gz" ]
	run -0 tar -tzf "jfmt-$version.tar.gz"
	list=$output
	for f in Makefile LICENSE README.md VERSION CHANGELOG.md man/jfmt.1 \
		src/cli/cli.c src/cli/main.c tests/run tests/test_helper.bash \
		tests/packaging.bats completions/jfmt.bash completions/_jfmt \
		completions/jfmt.fish .pre-commit-hooks.yaml \
		bench/results/SUMMARY.md bench/results/summary.svg; do
		grep -qxF "jfmt-$version/$f" <<<"$list" || { echo "missing: $f"; return 1; }
	done
	# every entry sits in one top directory named after the version
	run grep -v "^jfmt-$version/" <<<"$list"
	[ -z "$output" ]
	for bad in "/build/" "/.ci/" "/.git/" "/.gitignore" \
		"/untracked.json" "jfmt-$version/jfmt\$" "\.tar\.gz\$" "\.o\$"; do
		run grep -E -- "$bad" <<<"$list"
		[ -z "$output" ] || { echo "should not be in the tarball: $output"; return 1; }
	done
	# and make dist leaves no staging directory behind
	[ ! -e build/dist ]
}

@test "make dist outside a git checkout fails with a message" {
	need_cmd make
	mkdir plain
	cp "$TOP/Makefile" "$TOP/VERSION" plain/
	cd plain
	GIT_CEILING_DIRECTORIES="$WORK" run -2 --separate-stderr make -s dist
	[[ "$stderr" == *"make dist needs a git checkout"* ]]
	[ ! -e "jfmt-$(cat VERSION).tar.gz" ]
	# nor inside another checkout, as the tarball unpacked by make deb is
	need_cmd git
	git init -q "$WORK"
	GIT_CEILING_DIRECTORIES="$BATS_TEST_TMPDIR" run -2 --separate-stderr make -s dist
	[[ "$stderr" == *"make dist needs a git checkout"* ]]
	[ ! -e "jfmt-$(cat VERSION).tar.gz" ]
}

# --- pre-commit hooks ---

# need_yaml: skip unless python3 with its YAML parser and jq are installed.
need_yaml() {
	need_cmd python3 jq
	command python3 -c 'import yaml' 2>/dev/null || skip "python3-yaml is not installed"
}

# hooks_json: .pre-commit-hooks.yaml read by a YAML parser, as JSON.
hooks_json() {
	command python3 -c '
import json, sys, yaml
with open(sys.argv[1]) as f:
    print(json.dumps(yaml.safe_load(f)))
' "$TOP/.pre-commit-hooks.yaml"
}

@test ".pre-commit-hooks.yaml parses and declares the jfmt and jfmt-check hooks" {
	need_yaml
	run -0 hooks_json
	hooks=$output
	# pre-commit requires id, name, entry and language for each hook
	run -0 jq -c '[.[] | [.id, .name != null, .entry, .language, .types, .files]]' <<<"$hooks"
	[ "$output" = '[["jfmt",true,"jfmt -i -l --single","system",["text"],"\\.jsonc?$"],["jfmt-check",true,"jfmt --check --single","system",["text"],"\\.jsonc?$"]]' ]
}

@test "each hook's entry, run on a formatted file as pre-commit would, passes" {
	need_yaml
	run -0 hooks_json
	hooks=$output
	put ok.json $'{\n  "a": [\n    1\n  ]\n}\n'
	cp ok.json want.json
	mkdir bin
	ln -s "$JFMT" bin/jfmt
	for id in jfmt jfmt-check; do
		entry=$(jq -r --arg id "$id" '.[] | select(.id == $id) | .entry' <<<"$hooks")
		# pre-commit splits the entry into words and appends the file names
		# shellcheck disable=SC2086
		PATH="$WORK/bin:$PATH" run -0 $entry ok.json
		cmp ok.json want.json
	done
}

# --- README ---


@test "README: the quick start is the two lines it always was" {
	run -0 readme_block "## Quick start"
	[ "$output" = "$(printf '%s\n' 'make deps test' 'make && ./jfmt FILE')" ]
}

# plain_hook_repo: a git repository in ./repo, cd'd into, whose
# .git/hooks/pre-commit is README's plain hook, with the jfmt under test
# first on PATH; commit MESSAGE commits what is staged.
plain_hook_repo() {
	run -0 readme_block "**git pre-commit, plain.**"
	[[ "${lines[0]}" == "#!/bin/sh" ]]
	hook=$output
	mkdir bin repo
	ln -s "$JFMT" bin/jfmt
	cd repo
	git init -q .
	printf '%s\n' "$hook" >.git/hooks/pre-commit
	chmod +x .git/hooks/pre-commit
}
commit() { PATH="$WORK/bin:$PATH" git -c user.name=jfmt -c user.email=jfmt@example.invalid commit -q -m "$1"; }

@test "README: the plain git pre-commit hook refuses a commit with bad JSON" {
	need_cmd git
	plain_hook_repo
	put good.json $'[\n  1\n]\n'
	git add good.json
	run -0 commit good
	put bad.json '[1,'
	git add bad.json
	run -1 commit bad
	[[ "$output" == *"jfmt: bad.json:"* ]]
	run -0 git log --format=%s
	[ "$output" = good ]
}

@test "README: the plain git pre-commit hook checks what is staged, not the working tree" {
	need_cmd git
	plain_hook_repo
	# staged unformatted, the working copy fixed but not added: refused
	put a.json '{"a":1}'
	git add a.json
	put a.json $'{\n  "a": 1\n}\n'
	run -1 commit unformatted
	[[ "$output" == *"a.json"* ]]
	run ! git rev-parse -q --verify HEAD
	# staged invalid, the working copy fixed but not added: refused, with
	# the line and column of the staged text
	git add a.json
	mkdir 'sub dir' && put 'sub dir/b.json' $'[\n  1,\n'
	git add 'sub dir/b.json'
	put 'sub dir/b.json' $'[\n  1\n]\n'
	run -1 commit invalid
	[[ "$output" == *"jfmt: sub dir/b.json:2:5: end of input inside the array"* ]]
	run ! git rev-parse -q --verify HEAD
	# staged formatted, the working copy broken: the commit goes through,
	# with the staged text
	git add 'sub dir/b.json'
	put a.json '{"a":'
	run -0 commit staged
	run -0 git show HEAD:a.json
	[ "$output" = $'{\n  "a": 1\n}' ]
	run -0 git log --format=%s
	[ "$output" = staged ]
	# moved, and one line of it unformatted in the index (git sees a
	# rename): refused under its new name
	"$JFMT" <(printf '[%s]' "$(seq -s, 1 30)") >list.json
	git add list.json
	run -0 commit list
	git mv list.json moved.json
	sed 's/^  7,$/   7,/' moved.json >moved.tmp && mv moved.tmp moved.json
	git add moved.json
	"$JFMT" moved.json >moved.tmp && mv moved.tmp moved.json
	run -0 git diff --cached --name-status
	[[ "$output" == R* ]]
	run -1 commit moved
	[[ "$output" == *"moved.json"* ]]
}

@test "README: the plain git pre-commit hook holds each staged file to its configuration" {
	need_cmd git
	plain_hook_repo
	# the file's .editorconfig applies: four spaces in conf/
	mkdir conf
	put conf/.editorconfig $'[*.json]\nindent_size = 4\n'
	put conf/app.json $'{\n    "a": 1\n}\n'
	git add conf
	run -0 commit four
	put conf/app.json $'{\n  "a": 2\n}\n'
	git add conf/app.json
	run -1 commit two
	[[ "$output" == *"conf/app.json"* ]]
	# JSONC by its name: tsconfig.json keeps its comments
	git reset -q conf/app.json
	put tsconfig.json $'// build\n{\n  "strict": true // on\n}\n'
	git add tsconfig.json
	run -0 commit jsonc
	# two values in a .json file are refused, as by the jfmt-check hook
	put two.json $'1\n2\n'
	git add two.json
	run -1 commit two-values
	[[ "$output" == *"jfmt: two.json:2:1: "* ]]
	run -0 git log --format=%s
	[ "$output" = $'jsonc\nfour' ]
}

@test "README: the plain git hook runs the jfmt-check hook's command" {
	run -0 readme_block "**git pre-commit, plain.**"
	# the jfmt command of the hook, less the name it gives standard input
	cmd=$(grep -oE 'jfmt [^|]*--stdin-filename' <<<"$output" | sed 's/ --stdin-filename$//')
	[ -n "$cmd" ]
	grep -qxF "  entry: $cmd" "$TOP/.pre-commit-hooks.yaml"
}

# no_configured_option TEXT: fail, naming it, if TEXT passes jfmt an option
# that a configuration key sets (from jfmt --list-options), by its long
# name or its letter.
no_configured_option() {
	local name letter key n=0
	while IFS=$'\t' read -r name letter key; do
		[ "$key" != - ] || continue
		n=$((n + 1))
		[[ "$1" != *"--$name"* ]] || { echo "passes --$name"; return 1; }
		if [ "$letter" != - ] && [[ "$1" =~ (^|[^a-zA-Z-])-$letter([^a-zA-Z-]|$) ]]; then
			echo "passes -$letter"
			return 1
		fi
	done < <("$JFMT" --list-options | awk -F '\t' '{ print $1 "\t" $2 "\t" $7 }')
	# (the table has its keys)
	[ "$n" -ge 15 ]
}

@test "README: what a repository copies passes jfmt no option its configuration sets" {
	# the code of "## In a repository", up to "### Coming from prettier":
	# the CI lines, the git hooks and the editor recipes
	run -0 awk '
		/^## In a repository/ { on = 1; next }
		/^### Coming from prettier/ { exit }
		on && /^```/ { inside = !inside; next }
		on && inside { print }
	' "$TOP/README.md"
	# (less the shell's own -c, in the plain hook)
	code=${output//sh -c/sh}
	[[ "$code" == *"jfmt --check"* ]]
	[[ "$code" == *"--stdin-filename"* ]]
	no_configured_option "$code"
	# nor do the hooks this repository offers
	run -0 grep -E '^ *entry:' "$TOP/.pre-commit-hooks.yaml"
	[ "${#lines[@]}" -eq 2 ]
	no_configured_option "$output"
}

@test "README: the pre-commit framework example names a hook the repository has" {
	run -0 readme_block "**git pre-commit, with the"
	ids=$(grep -oE -- '- id: [a-z-]+' <<<"$output" | cut -d' ' -f3)
	[ -n "$ids" ]
	for id in $ids; do
		grep -qxF -- "- id: $id" "$TOP/.pre-commit-hooks.yaml" ||
			{ echo "no hook $id in .pre-commit-hooks.yaml"; return 1; }
	done
}
