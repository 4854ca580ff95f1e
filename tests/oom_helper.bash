# tests/oom_helper.bash - running jfmt while memory runs out: sweep_oom
# makes each allocation of a run fail in turn (tests/shim/fail_alloc.c,
# preloaded) and checks that jfmt either does its job exactly or says
# "jfmt: out of memory" and exits 3, never dies of a signal or hangs, and
# never leaves a file half written or a temporary file behind.  Loaded by
# oom.bats and slow/oom.bats.

# A run that takes this long has hung (timeout(1) ends it, status 124).
OOM_TIMEOUT=20

# build_fail_alloc: compile the shim to $T/fail_alloc.so (after
# test_helper's setup); skip where it cannot be preloaded.
build_fail_alloc() {
	local cc=${CC:-cc}
	command -v "$cc" >/dev/null || skip "no C compiler ($cc)"
	! is_sanitizer_build || skip "a sanitizer build has an allocator of its own"
	# (-O0 -fno-builtin: see the shim's build line)
	"$cc" -std=c11 -Wall -Wextra -Werror -O0 -fno-builtin -shared -fPIC \
		-o "$T/fail_alloc.so" "$TESTS_DIR/shim/fail_alloc.c" || return 1
	# the shim needs glibc's __libc_malloc, and preloading to work
	local count
	FAIL_ALLOC_COUNT=$T/count LD_PRELOAD=$T/fail_alloc.so "$JFMT" --version >/dev/null 2>&1 &&
		read -r count _ <"$T/count" 2>/dev/null && [ "${count:-0}" -gt 0 ] ||
		skip "the allocation shim cannot be preloaded here (glibc only)"
}

# oom_fixture: the files each run starts from, in $T/fixture: doc.json
# (three values: nested containers, escapes, an unpaired surrogate, UTF-8,
# keys out of order, a string longer than a read), bad.json (an invalid
# value between two valid ones, for -k), doc.jsonc (comments and a trailing
# comma), out.json, which -o replaces, dir/ for -r (a .jsonc file among
# its files: set up for anew), and for -j, which cuts them into many
# chunks with JFMT_JOBS_BLOCK=64: lines.json (JSON Lines), lines.jsonc
# (with comments) and arr.json (an array, an element a line).
oom_fixture() {
	local long i
	[ ! -d "$T/fixture" ] || return 0
	mkdir -p "$T/fixture/dir"
	long=$(head -c 70000 /dev/zero | tr '\0' 'x')
	printf '%s\n' \
		'{"zeta": [1, 2.5e10, -0, true, false, null, [], {}],' \
		' "alpha": {"b": "caf\u00e9 \ud83d\ude00 \ud800 a/b \"q\" \t", "a": [[1], [2, [3]]]},' \
		' "mid": "'"$long"'", "é": {"y": 1, "x": {"d": [], "c": {}}}}' \
		'[1, 2, 3]' \
		'"end"' >"$T/fixture/doc.json"
	printf '[1, 2]\n{"a": tru}\n{"z": 1, "y": [3]}\n' >"$T/fixture/bad.json"
	printf '// head\n{"b": 1, /* mid */ "a": [2, 3,], // tail\n}\n' >"$T/fixture/doc.jsonc"
	cp "$T/fixture/doc.json" "$T/fixture/dir/one.json"
	printf '[ 1 ]\n' >"$T/fixture/dir/two.json"
	printf 'old\n' >"$T/fixture/out.json"
	printf '/* c */ {"k": [1,], // d\n}\n' >"$T/fixture/dir/three.jsonc"
	for ((i = 0; i < 24; i++)); do
		printf '{"id": %d, "v": [%d, "x,]"], "s": "a\\"b"}\n' "$i" "$i" >&3
		printf '{"id": %d, /* c */ "v": [%d,],}\n' "$i" "$i" >&4
		printf '%s {"k": %d, "t": "x,]"}\n' "$([ "$i" = 0 ] && echo '[' || echo ',')" "$i" >&5
	done 3>"$T/fixture/lines.json" 4>"$T/fixture/lines.jsonc" 5>"$T/fixture/arr.json"
	echo ']' >>"$T/fixture/arr.json"
}

# oom_run N ARG...: in $T/run, a fresh copy of the fixture where the
# reference run wrote files ($oom_writes), run jfmt ARG... with allocation
# N failing (0: none; N+: N and every one after), its standard input
# doc.json, or with OOM_PIPE=FILE that file through a pipe; output in
# $T/out and $T/err, status in $st.
oom_run() {
	local n=$1
	shift
	if [ "$oom_writes" = 1 ] || [ ! -d "$T/run" ]; then
		rm -rf "$T/run" && cp -R "$T/fixture" "$T/run" || return 1
	fi
	rm -f "$T/count"
	st=0
	if [ -n "${OOM_PIPE:-}" ]; then
		(cd "$T/run" && cat "$OOM_PIPE" | oom_exec "$n" "$@") || st=$?
	else
		(cd "$T/run" && oom_exec "$n" "$@" <doc.json) || st=$?
	fi
}

# oom_exec N ARG...: oom_run's jfmt, in place of the calling shell.
oom_exec() {
	local n=$1
	shift
	exec timeout "$OOM_TIMEOUT" env FAIL_ALLOC_AT="$n" FAIL_ALLOC_COUNT="$T/count" \
		LD_PRELOAD="$T/fail_alloc.so" "$JFMT" "$@" >"$T/out" 2>"$T/err" 3>&-
}

# slurp VAR FILE: the whole of FILE in VAR, without a process.
slurp() {
	IFS= read -r -d '' "$1" <"$2" || true
}

# oom_ok N ARG...: the run with allocation N failing did its job as the
# reference run did ($ref_*), or stopped for want of memory: status 3,
# "jfmt: out of memory" last on standard error after what the reference
# run said before it, standard output the start of the reference run's,
# and each file in the directory the fixture's or the reference run's
# version of it, none added or removed.
oom_ok() {
	local n=$1 f what out err
	shift
	what="jfmt $* with allocation $n failing"
	slurp out "$T/out"
	slurp err "$T/err"
	if [ "$st" -eq 124 ]; then
		echo "$what: still running after $OOM_TIMEOUT s"
		return 1
	fi
	if [ "$st" -gt 128 ]; then
		echo "$what: killed by signal $((st - 128))"
		printf '%s' "$err"
		return 1
	fi
	if [ "$st" -eq "$ref_st" ] && [ "$out" = "$ref_out" ] && [ "$err" = "$ref_err" ]; then
		:       # the allocation was not needed, or was retried
	elif [ "$st" -eq 3 ] && [[ $err == *"jfmt: out of memory"$'\n' ]]; then
		[[ $ref_err == "${err%"jfmt: out of memory"$'\n'}"* ]] || {
			echo "$what: messages before it that the reference run did not give:"
			printf '%s' "$err"
			return 1
		}
		[[ $ref_out == "$out"* ]] || {
			echo "$what: output not the start of the reference run's"
			return 1
		}
	else
		echo "$what: exited $st (the reference run $ref_st); stderr:"
		printf '%s' "$err"
		return 1
	fi
	[ "$oom_writes" = 1 ] || return 0
	[ "$(cd "$T/run" && find . | sort)" = "$ref_list" ] || {
		echo "$what: files added or removed:"
		(cd "$T/run" && find . | sort)
		return 1
	}
	for f in $(cd "$T/run" && find . -type f); do
		cmp -s "$T/run/$f" "$T/fixture/$f" || cmp -s "$T/run/$f" "$T/ref_run/$f" || {
			echo "$what: $f is neither as it was nor as the reference run left it"
			return 1
		}
	done
}

# sweep_oom ARG...: run jfmt ARG... once with nothing failing (the
# reference), then with allocation 1 failing, 2, and so on (with
# OOM_AFTER=+, that one and every one after it), until a run had all the
# memory it asked for (the shim's count of failures: -j's threads make a
# different number of allocations from run to run); each must pass
# oom_ok.  A run that leaves its files alone shares one copy of the
# fixture with the others, compared with the fixture at the end.  The
# runs are made from a child bash (with -e, as bats runs a test): bats's
# shell runs a trap at every command, which took twice as long as the
# runs.
sweep_oom() {
	T=$T OOM_TIMEOUT=$OOM_TIMEOUT OOM_AFTER=${OOM_AFTER:-} OOM_PIPE=${OOM_PIPE:-} bash -e -c \
		"$(declare -f oom_run oom_exec slurp oom_ok oom_counts sweep_oom_here)
		sweep_oom_here \"\$@\"" - "$@"
}

# oom_counts: the last run's allocations and failed ones, in $calls and
# $failed.
oom_counts() {
	calls='' failed=''
	read -r calls failed <"$T/count" 2>/dev/null || true
	[ -n "$failed" ] || {
		echo "the allocation shim wrote no counts"
		return 1
	}
}

# sweep_oom_here ARG...: sweep_oom's work, in the shell that calls it.
sweep_oom_here() {
	local n calls failed
	oom_writes=1
	oom_run 0 "$@" || return 1
	ref_st=$st
	[ "$ref_st" -le 1 ] || {
		echo "jfmt $* exited $ref_st with nothing failing:"
		cat "$T/err"
		return 1
	}
	oom_counts || return 1
	local most=$((calls * 4 + 1000))
	slurp ref_out "$T/out"
	slurp ref_err "$T/err"
	ref_list=$(cd "$T/fixture" && find . | sort)
	oom_writes=0
	[ "$(cd "$T/run" && find . | sort)" = "$ref_list" ] &&
		diff -r "$T/fixture" "$T/run" >/dev/null || oom_writes=1
	rm -rf "$T/ref_run" && mv "$T/run" "$T/ref_run" || return 1
	for ((n = 1; ; n++)); do
		oom_run "$n${OOM_AFTER:-}" "$@" || return 1
		oom_ok "$n${OOM_AFTER:-}" "$@" || return 1
		oom_counts || return 1
		[ "$failed" -gt 0 ] || break
		[ "$n" -lt "$most" ] || {
			echo "jfmt $*: still failing allocations at $n"
			return 1
		}
	done
	[ "$oom_writes" = 1 ] || {
		[ "$(cd "$T/run" && find . | sort)" = "$ref_list" ] &&
			diff -r "$T/fixture" "$T/run"
	} || {
		echo "jfmt $*: a run with an allocation failing changed the files"
		return 1
	}
}
