#!/usr/bin/env bats
# slow/oom.bats - when memory runs out, jfmt says "jfmt: out of memory"
# and exits 3, whatever the options: each allocation of a run is made to
# fail in turn (oom_helper.bash), in every layout (each layout option of
# jfmt's table, and some together), mode and kind of output, -j's threads
# included; then with memory gone for good from each allocation on.  The
# quick ones (-S --width; -i and --check of a JSONC file, for good) are in
# oom.bats.

load ../test_helper
load ../oom_helper

# sweep_each "ARGS" ...: sweep_oom over each option set (split on spaces).
sweep_each() {
	local set
	build_fail_alloc
	oom_fixture
	for set; do
		# shellcheck disable=SC2086
		sweep_oom $set || return 1
	done
}

@test "out of memory: each layout option of the table, at every allocation" {
	local sets=() opt
	# (test_helper.bash: every layout option of jfmt --list-options)
	for opt in $(layout_options); do
		sets+=("$opt doc.json")
	done
	[ "${#sets[@]}" -ge 20 ]
	sweep_each "${sets[@]}"
}

@test "out of memory: the layouts together, at every allocation" {
	sweep_each "doc.json" "--escape-slash -c doc.json" \
		"-C doc.json" "-c" "-" \
		"--keep-escapes -S --width=40 doc.json" \
		"--eol=auto -S doc.json" "--buffer-size=0 -S doc.json" \
		"--final-newline=no -c doc.json"
}

@test "out of memory: --sort-keys and --width, at every allocation" {
	sweep_each "-S doc.json" "-S -c doc.json" "-S --tab doc.json" \
		"--width=80 doc.json" "--width=20 doc.json" "-S --width=80 doc.json" \
		"-S --width=20 -a doc.json" "-S -C doc.json" "--width=30 -C doc.json"
}

@test "out of memory: comments, -k and -n, at every allocation" {
	sweep_each "--comments doc.jsonc" "--comments -S doc.jsonc" \
		"--strip-comments --width=10 doc.jsonc" "--comments --width=10 doc.jsonc" \
		"--strip-comments doc.jsonc" \
		"-k bad.json" "-k -S bad.json" "-k --width=80 bad.json" "-n doc.json" \
		"-n bad.json" "-k -n bad.json"
}

@test "out of memory: --check, -l, -d, -r, at every allocation" {
	sweep_each "--check doc.json" "--check -S dir/two.json" "-l doc.json dir/two.json" \
		"-l -z doc.json dir/two.json" \
		"-d doc.json" "-r --check dir" "-r -n dir" "-r --no-gitignore -l dir" \
		"--label=x --check -"
}

@test "out of memory: -o and -i leave no file half written" {
	sweep_each "-o out.json doc.json" "-o out.json -S --width=40 doc.json bad.json" \
		"-i doc.json" "-i -S dir/one.json dir/two.json" "-i -r dir" "-i -c bad.json" \
		"-l -i doc.json"
}

@test "out of memory for good: every allocation from one on fails" {
	OOM_AFTER=+
	sweep_each "doc.json" "-S --width=40 doc.json" "--comments -S doc.jsonc" \
		"-k bad.json" "-d doc.json" "-r --check dir" "-o out.json doc.json" \
		"-i -S dir/one.json dir/two.json"
}

@test "out of memory: --check, -l, -d, -i, -o and -r set up for JSONC between files, at every allocation and for good" {
	# the reader and formatter are set up anew for each .jsonc file
	# (dir/ holds one too), between two comparisons or outputs
	sweep_each "-l doc.json doc.jsonc" "-d doc.jsonc doc.json" "-i doc.jsonc doc.json" \
		"-o out.json doc.jsonc doc.json"
	OOM_AFTER=+
	sweep_each "-l doc.json doc.jsonc" "-d doc.jsonc doc.json" "-i doc.jsonc doc.json" \
		"-l -i doc.jsonc" "-r -l dir" "-r -d dir" "-r -i dir" "-r -n dir" \
		"-o out.json doc.jsonc doc.json" "--check -"
}

@test "out of memory: -j's threads, from a file and a pipe, in every mode, at every allocation and for good" {
	# chunks of 64 bytes: each thread formats several; which thread
	# makes an allocation changes from run to run, and several may run
	# out at once
	export JFMT_JOBS_BLOCK=64
	sweep_each "-j2 -c lines.json" "-j3 arr.json" "-j2 -S --width=30 arr.json" \
		"-j2 --comments lines.jsonc" "-j2 -i lines.json arr.json"
	OOM_PIPE=lines.json sweep_each "-j2 -c"
	OOM_AFTER=+
	sweep_each "-j2 -c lines.json" "-j3 arr.json" "-j2 --check lines.json" \
		"-j2 -d arr.json" "-j2 -l lines.jsonc lines.json" "-j2 -i lines.json arr.json" \
		"-j2 -o out.json lines.json arr.json"
	OOM_PIPE=lines.json sweep_each "-j2 -c" "-j3 --check -"
	OOM_PIPE=arr.json sweep_each "-j2"
}

@test "out of memory: -j2 over many files, some formatted by the calling thread, at every allocation and for good" {
	# when as many files are out as it lets out at once (two here), the
	# calling thread formats files no worker has taken yet rather than
	# wait: memory running out there is said in that file's turn too
	export JFMT_FILES_PER_THREAD=1
	local many
	many=$(printf 'lines.json arr.json lines.jsonc %.0s' 1 2 3 4 5 6)
	sweep_each "-j2 -l $many" "-j2 -d $many"
	OOM_AFTER=+
	sweep_each "-j2 -l $many" "-j2 --check $many"
}
