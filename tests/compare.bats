#!/usr/bin/env bats
# tests/compare.bats - what --check, -l, -d and -i find when they compare
# a file with its formatted text, at the edges of that comparison: bytes
# after a formatted text, a difference in the last byte alone, an empty
# file, files around and past the size of one read (64 KiB), and a file
# that grows after jfmt took its size.  Each case is asked of one thread
# (-j1), of several (-j2, each file read whole by a worker) and through
# standard input, which must all find the same.

load test_helper

# The same document, formatted and not.
UGLY='{"b":[1,2],"a":{"x":null}}'
PRETTY=$'{\n  "b": [\n    1,\n    2\n  ],\n  "a": {\n    "x": null\n  }\n}\n'

# long SIZE: a formatted document of exactly SIZE bytes (a long string:
# 14 bytes around it).
long() {
	printf '{\n  "s": "%s"\n}\n' "$(head -c $(($1 - 14)) /dev/zero | tr '\0' x)"
}

# make_files: the cases, each named for what it is; the arrays SMALL and
# LARGE list them in the order they are given to jfmt, DIFFER those that
# are not formatted, in that order, and LISTED_SMALL and LISTED_LARGE
# those of SMALL and of LARGE, one a line.
make_files() {
	put good.json "$PRETTY"
	put extra_nl.json "$PRETTY"$'\n'                # a blank line after
	put extra_sp.json "$PRETTY  "                   # spaces after
	put extra_val.json "${PRETTY}[1]"               # another value after
	put last.json "${PRETTY%$'\n'} "                # a space for the newline
	put short.json "${PRETTY%$'\n'}"                # no final newline
	put ugly.json "$UGLY"
	local n
	for n in $((BLOCK - 1)) $BLOCK $((BLOCK + 1)) $((3 * BLOCK + 5)); do
		long "$n" >"long$n.json"
		{ long "$n"; printf '\n'; } >"extra$n.json"
		{ long "$n" | head -c $((n - 1)); printf ' '; } >"last$n.json"
	done
	SMALL=(good.json extra_nl.json extra_sp.json extra_val.json last.json short.json
		ugly.json)
	LARGE=()
	DIFFER=(extra_nl.json extra_sp.json extra_val.json last.json short.json ugly.json)
	LISTED_SMALL=$(printf '%s\n' "${DIFFER[@]}")
	for n in $((BLOCK - 1)) $BLOCK $((BLOCK + 1)) $((3 * BLOCK + 5)); do
		LARGE+=("long$n.json" "extra$n.json" "last$n.json")
		DIFFER+=("extra$n.json" "last$n.json")
	done
	LISTED_LARGE=$(printf '%s\n' "${DIFFER[@]:6}")
}

# each_way WANT ARG...: `jfmt ARG...` (files among them) writes WANT on
# standard output, and the same messages and exit status, with -j1 and
# -j2; and `jfmt --check` finds each file the same, named or on standard
# input.
each_way() {
	local want=$1 j st1=0 st f
	shift
	for j in 1 2; do
		st=0
		"$JFMT" -j$j "$@" >out$j 2>err$j || st=$?
		[ "$j" = 1 ] && st1=$st
		[ "$st" -eq "$st1" ] || { echo "jfmt -j$j $*: exit $st, with -j1 $st1"; return 1; }
		[ "$(cat out$j)" = "$want" ] || {
			echo "jfmt -j$j $*: listed"
			cat out$j
			echo "not"
			printf '%s\n' "$want"
			return 1
		}
	done
	cmp -s err1 err2 || { echo "jfmt $*: messages differ"; diff err1 err2; return 1; }
	for f in "$@"; do
		[ -f "$f" ] || continue
		st=0 st1=0
		"$JFMT" --check "$f" >/dev/null 2>&1 || st1=$?
		"$JFMT" --check <"$f" >/dev/null 2>&1 || st=$?
		[ "$st" -eq "$st1" ] || { echo "--check <$f: exit $st, named $st1"; return 1; }
		if [[ $'\n'$want$'\n' == *$'\n'$f$'\n'* ]]; then
			[ "$st" -eq 1 ] || { echo "--check <$f: exit $st, not 1"; return 1; }
		fi
	done
}

@test "--check and -l: bytes after a formatted text, or a last byte alone, make a file differ" {
	make_files
	each_way "$LISTED_SMALL" --check "${SMALL[@]}"
	grep -q '^jfmt: 6 files are not formatted' err1
	each_way "$LISTED_SMALL" -l "${SMALL[@]}"
}

@test "--check and -l: files of one read, and of more, formatted and not" {
	make_files
	each_way "$LISTED_LARGE" --check "${LARGE[@]}"
	each_way "$LISTED_SMALL"$'\n'"$LISTED_LARGE" -l "${SMALL[@]}" "${LARGE[@]}"
	# (the sizes are what they say)
	[ "$(wc -c <"long$BLOCK.json")" -eq "$BLOCK" ]
	[ "$(wc -c <"last$BLOCK.json")" -eq "$BLOCK" ]
	[ "$(wc -c <"extra$BLOCK.json")" -eq $((BLOCK + 1)) ]
}

@test "--check: an empty file is no JSON value, reported and not listed" {
	put empty.json ''
	put good.json "$PRETTY"
	each_way "" --check empty.json good.json
	[ "$(head -n 1 err1)" = "jfmt: empty.json:1:1: no JSON value" ]
	run ! grep -q 'not formatted' err1
	each_way "" -l empty.json good.json
	run -1 --separate-stderr "$JFMT" --check <empty.json
	[ -z "$output" ]
	[ ! -s empty.json ]
}

@test "-d: each difference shown, and patch makes each file what jfmt writes" {
	need_cmd diff patch
	make_files
	local f
	"$JFMT" -j1 -d "${SMALL[@]}" "${LARGE[@]}" >d1 || true
	"$JFMT" -j2 -d "${SMALL[@]}" "${LARGE[@]}" >d2 || true
	same_bytes d1 d2
	[ "$(grep -c '^--- a/' d1)" -eq "${#DIFFER[@]}" ]
	mkdir want
	for f in "${SMALL[@]}" "${LARGE[@]}"; do
		"$JFMT" "$f" >"want/$f"
	done
	patch -s -p1 <d1
	for f in "${SMALL[@]}" "${LARGE[@]}"; do
		same_bytes "want/$f" "$f" || return 1
	done
}

@test "-i: formatted files untouched (same mtime), the others rewritten, with one or two threads" {
	local j f
	for j in 1 2; do
		rm -rf "t$j" && mkdir "t$j" && cd "t$j" || return 1
		make_files
		mkdir want
		for f in "${SMALL[@]}" "${LARGE[@]}"; do
			"$JFMT" "$f" >"want/$f"
			touch -d '2001-02-03 04:05:06' "$f"
			stat -c '%n %i %Y' "$f" >>before
		done
		run -0 --separate-stderr "$JFMT" -j$j -l -i "${SMALL[@]}" "${LARGE[@]}"
		[ "$output" = "$LISTED_SMALL"$'\n'"$LISTED_LARGE" ] ||
			{ echo "-j$j: listed $output"; return 1; }
		for f in "${SMALL[@]}" "${LARGE[@]}"; do
			same_bytes "want/$f" "$f" || return 1
			if [[ " ${DIFFER[*]} " == *" $f "* ]]; then
				! grep -qx "$(stat -c '%n %i %Y' "$f")" before ||
					{ echo "-j$j: $f was not rewritten"; return 1; }
			else
				grep -qx "$(stat -c '%n %i %Y' "$f")" before ||
					{ echo "-j$j: $f was touched"; return 1; }
			fi
		done
		[ -z "$(find . -name '*jfmt-*')" ] || { echo "-j$j: a temporary file is left"; return 1; }
		cd ..
	done
}

# grows BASE TEXT ARG...: f.json, a copy of BASE, grows by TEXT just before
# jfmt's first read(2) of it and again before its second, after jfmt took
# its size (tests/shim/grow_file.c); jfmt ARG... f.json then writes and
# exits as it does on the grown file.
grows() {
	local base=$1 text=$2 st=0 st1=0
	shift 2
	cp "$base" f.json
	GROW_FILE=f.json GROW_TEXT=$text GROW_READS=2 LD_PRELOAD=$T/grow_file.so \
		"$JFMT" "$@" f.json >grown.out 2>grown.err || st=$?
	[ "$(wc -c <f.json)" -eq $(($(wc -c <"$base") + 2 * ${#text})) ] ||
		{ echo "$*: the file did not grow twice"; return 1; }
	cp f.json f.grown
	"$JFMT" "$@" f.json >one.out 2>one.err || st1=$?
	[ "$st" -eq "$st1" ] || { echo "$*: exit $st growing, $st1 grown"; return 1; }
	same_bytes one.out grown.out && same_bytes one.err grown.err
}

@test "a file that grows after jfmt took its size is read to its new end" {
	need_cmd cc
	is_sanitizer_build && skip "a sanitizer's runtime must be the first library loaded"
	cc -std=c11 -Wall -Wextra -Werror -shared -fPIC -o "$T/grow_file.so" \
		"$TESTS_DIR/shim/grow_file.c" -ldl
	put good.json "$PRETTY"
	# formatted, then a value that is not
	grows good.json '[1]' --check
	[ "$(cat one.out)" = f.json ]
	grows good.json '[1]' -l
	grows good.json $'[\n  1\n]\n' --check
	[ ! -s one.out ]
	long $((BLOCK - 100)) >near.json
	grows near.json '[2]' -l
	[ "$(cat one.out)" = f.json ]
	grows near.json $'[\n  2\n]\n' --check
	# -i, alone and among other files
	cp good.json g2.json
	cp good.json f.json
	GROW_FILE=f.json GROW_TEXT='[3]' GROW_READS=2 LD_PRELOAD=$T/grow_file.so \
		"$JFMT" -j2 -i g2.json f.json
	[ "$(cat f.json)" = "$PRETTY"$'[\n  3\n]\n[\n  3\n]' ]
}
