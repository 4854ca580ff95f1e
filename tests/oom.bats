#!/usr/bin/env bats
# tests/oom.bats - when memory runs out, jfmt says "jfmt: out of memory"
# and exits 3: each allocation of a run is made to fail in turn
# (oom_helper.bash).  Here the layouts with allocations of their own;
# slow/oom.bats sweeps every option.

load test_helper
load oom_helper

@test "out of memory: -S --width, at every allocation" {
	build_fail_alloc
	oom_fixture
	sweep_oom -S --width=80 doc.json
}

@test "out of memory for good while -i and --check set up for a JSONC file: the message, not a signal" {
	# the formatter is set up anew for a .jsonc file, with the output
	# between two bindings when memory runs out (slow/oom.bats: every
	# mode)
	build_fail_alloc
	oom_fixture
	OOM_AFTER=+
	sweep_oom -i doc.jsonc
	sweep_oom --check doc.jsonc
}
