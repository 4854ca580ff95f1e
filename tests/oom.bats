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
