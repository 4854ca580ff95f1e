#!/usr/bin/env bats
# slow/jobs.bats - -j on inputs of tens of MiB, in their default chunks:
# the same bytes as -j1, memory bounded by the threads and not by the
# input; every small generated input cut everywhere in every layout; and
# jfmt as the per-part step of GNU parallel, on this host and on two hosts
# over ssh (an sshd of the test's own on localhost), whose output must be
# jfmt's own.  The quick cases are in jobs.bats.

load ../test_helper

# records FILE N: N JSON Lines records of about 150 bytes.
records() {
	python3 -c 'import json, sys
w = sys.stdout.write
for i in range(int(sys.argv[1])):
    w(json.dumps({"id": i, "user": "u%d" % (i % 977), "text": "caf\u00e9, [ok] \"q\" " * (i % 5),
                  "tags": ["a", "b"][: i % 3], "score": i * 0.25, "ok": i % 2 == 0}) + "\n")' "$2" >"$1"
}

@test "40 MiB of JSON Lines and a 40 MiB array: -j2 writes what -j1 writes, every chunk a default one" {
	records big.ndjson 280000
	python3 -c 'import json, sys
recs = [json.loads(l) for l in open("big.ndjson")]
json.dump(recs, open("big.json", "w"), indent=2, ensure_ascii=False)'
	for f in big.ndjson big.json; do
		for opts in "-c" "" "-S --tab" "--color=always"; do
			# shellcheck disable=SC2086
			"$JFMT" -j1 $opts "$f" >one
			# shellcheck disable=SC2086
			"$JFMT" -j2 $opts "$f" >two
			same_bytes one two || { echo "$f $opts"; return 1; }
		done
	done
}

@test "an array from a pipe: cut once whole up to 64 MiB, on one thread past it, the same bytes" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	records big.ndjson 280000
	python3 -c 'import json
recs = [json.loads(l) for l in open("big.ndjson")]
json.dump(recs, open("small.json", "w"), ensure_ascii=False)
json.dump(recs + recs, open("large.json", "w"), indent=1, ensure_ascii=False)'
	[ "$(wc -c <small.json)" -lt $((64 << 20)) ] && [ "$(wc -c <large.json)" -gt $((64 << 20)) ]
	for f in small.json large.json; do
		"$JFMT" -j1 -c "$f" >one
		cat "$f" | strace --seccomp-bpf -f -qq -o trace -e trace=clone,clone3 "$JFMT" -j2 -c >two
		same_bytes one two || { echo "$f"; return 1; }
		if [ "$f" = small.json ]; then
			grep -qE 'clone3?\(' trace || { echo "$f: no thread started"; return 1; }
		else
			! grep -qE 'clone3?\(' trace || { echo "$f: threads started"; return 1; }
		fi
	done
}

@test "without -j: a large stream from a pipe that comes at once takes several threads, the same bytes" {
	need_cmd strace
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	records big.ndjson 140000
	[ "$(wc -c <big.ndjson)" -gt $((16 << 20)) ]
	"$JFMT" -j1 -c big.ndjson >want
	# whether it comes at once depends on the machine's load: three tries
	for try in 1 2 3; do
		cat big.ndjson | strace --seccomp-bpf -f -qq -o trace -e trace=clone,clone3 "$JFMT" -c >got
		same_bytes want got
		! grep -qE 'clone3?\(' trace || break
		[ "$try" -lt 3 ] || { echo "no thread started for a large pipe"; return 1; }
	done
}

@test "memory grows with the threads, not with the input" {
	need_cmd /usr/bin/time
	is_sanitizer_build && skip "a sanitizer's shadow memory makes RSS meaningless"
	records big.ndjson 400000
	/usr/bin/time -f %M "$JFMT" -j2 -c big.ndjson >/dev/null 2>rss
	# 2 threads: up to 4 chunks of at most 1 MiB and their output, the
	# mapped pages in flight, the output's hold-back
	kb=$(tail -n 1 rss)
	[ "$kb" -le $((32 * 1024)) ] || { echo "peak RSS $kb KiB"; return 1; }
}

@test "an array's memory: what the output holds back and the threads' chunks, not the input" {
	need_cmd /usr/bin/time
	is_sanitizer_build && skip "a sanitizer's shadow memory makes RSS meaningless"
	records big.ndjson 400000
	{ echo '['; sed '$!s/$/,/' big.ndjson; echo ']'; } >big.json
	[ "$(wc -c <big.json)" -gt $((48 << 20)) ]
	# 2 threads: up to 4 chunks of at most 1 MiB and their output, the
	# pieces held back (4 MiB by default), the output's block, the scan's
	# window; the input is read, never kept
	for opts in "-c" "" "-c --buffer-size=64K" "--buffer-size=16M"; do
		# shellcheck disable=SC2086
		/usr/bin/time -f %M "$JFMT" -j2 $opts big.json >/dev/null 2>rss
		kb=$(tail -n 1 rss)
		limit=$((32 * 1024))
		[ "$opts" != "--buffer-size=16M" ] || limit=$((48 * 1024))
		[ "$kb" -le "$limit" ] || { echo "$opts: peak RSS $kb KiB"; return 1; }
	done
}

@test "GNU parallel --pipepart with jfmt -c per part writes what jfmt -c writes" {
	command -v parallel >/dev/null 2>&1 ||
		skip "GNU parallel is not installed (apt-get install parallel)"
	parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
		skip "parallel is not GNU parallel"
	records big.ndjson 100000
	"$JFMT" -c big.ndjson >want
	parallel --will-cite --pipepart -a big.ndjson --block 1M -k "$JFMT" -c >got
	same_bytes want got
	# across hosts: the local one named as a host (-S :)
	parallel --will-cite --pipepart -a big.ndjson --block 2M -k -S : "$JFMT" -c >got2
	same_bytes want got2
	# a bad record: reported, skipped with -k, and exit status 1 from the part
	sed -i '5000s/.$/ BAD/' big.ndjson
	run --separate-stderr parallel --will-cite --pipepart -a big.ndjson --block 1M -k "$JFMT" -c -k
	[ "$status" -eq 1 ]
	[[ ${stderr_lines[0]} == "jfmt: <stdin>:"* ]]
	[ "${#lines[@]}" -eq 99999 ]
}

# sshd_on_localhost: start an sshd of the test's own on 127.0.0.1 that lets
# this user in with a key made for it, everything in $T/ssh (nothing in
# ~/.ssh or /etc/ssh is read or changed); set SSH to an ssh command that
# reaches it under any host name.  Skips where sshd cannot run.
sshd_on_localhost() {
	need_cmd ssh ssh-keygen
	[ -x /usr/sbin/sshd ] || skip "sshd is not installed (apt-get install openssh-server)"
	local d="$T/ssh" port try
	mkdir -p "$d" && chmod 700 "$d" || return 1
	ssh-keygen -q -t ed25519 -N '' -f "$d/host_key" || return 1
	ssh-keygen -q -t ed25519 -N '' -f "$d/user_key" || return 1
	cp "$d/user_key.pub" "$d/authorized_keys" || return 1
	# (run as root, sshd wants its privilege separation directory)
	[ "$(id -u)" -ne 0 ] || mkdir -p /run/sshd
	for try in 1 2 3 4 5; do
		port=$((20000 + RANDOM % 40000))
		printf '%s\n' "Port $port" "ListenAddress 127.0.0.1" "HostKey $d/host_key" \
			"AuthorizedKeysFile $d/authorized_keys" "PidFile $d/sshd.pid" \
			"StrictModes no" "PasswordAuthentication no" \
			"KbdInteractiveAuthentication no" "UsePAM no" \
			"PermitRootLogin prohibit-password" >"$d/sshd_config"
		/usr/sbin/sshd -f "$d/sshd_config" -E "$d/sshd.log" 2>/dev/null && break
		port=
	done
	[ -n "$port" ] || skip "sshd would not start on 127.0.0.1 ($(tail -n 1 "$d/sshd.log"))"
	printf '%s\n' "Host *" "HostName 127.0.0.1" "Port $port" "User $(id -un)" \
		"IdentityFile $d/user_key" "IdentitiesOnly yes" "BatchMode yes" \
		"StrictHostKeyChecking no" "UserKnownHostsFile /dev/null" \
		"LogLevel ERROR" >"$d/ssh_config"
	SSH="ssh -F $d/ssh_config"
	$SSH localhost true ||
		skip "the sshd on 127.0.0.1 does not let $(id -un) in ($(tail -n 1 "$d/sshd.log"))"
}

teardown() {
	[ ! -s "$T/ssh/sshd.pid" ] || kill "$(cat "$T/ssh/sshd.pid")" 2>/dev/null || true
}

@test "GNU parallel -S host1,host2 over ssh (an sshd on localhost): jfmt's own bytes, a bad record's message and status" {
	need_cmd parallel
	parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
		skip "parallel is not GNU parallel"
	sshd_on_localhost
	records big.ndjson 100000
	"$JFMT" -c big.ndjson >want
	# two host names, both this machine through its sshd, two jobs each
	parallel --will-cite --pipepart -a big.ndjson --block 1M -k --ssh "$SSH" \
		-S 2/host1,2/host2 --joblog log "$JFMT" -c >got
	same_bytes want got
	# both hosts formatted parts (the job log's second column)
	[ "$(awk 'NR > 1 { print $2 }' log | sort -u | tr '\n' ' ')" = "host1 host2 " ] ||
		{ cat log; return 1; }
	# a bad record: reported by the part's jfmt through ssh, skipped with
	# -k, and that part's exit status 1 passed on to parallel's
	sed -i '5000s/.$/ BAD/' big.ndjson
	run --separate-stderr parallel --will-cite --pipepart -a big.ndjson --block 1M -k \
		--ssh "$SSH" -S 2/host1,2/host2 "$JFMT" -c -k
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 99999 ]
	# (the record is in the first part, whose lines are the file's)
	"$JFMT" -c -k <big.ndjson >/dev/null 2>want.err || true
	# jfmt's lines: a message, and its excerpt indented (what the remote
	# account's shell says as it starts, pyenv's for one, is not jfmt's)
	mine=$(printf '%s\n' "$stderr" | grep -E '^(jfmt: |    )')
	[ "$mine" = "$(cat want.err)" ] || { echo "$stderr"; return 1; }
	[[ $mine == "jfmt: <stdin>:5000:"* ]]
}

@test "-j1 and -jN agree on output, messages and exit status: generated inputs cut everywhere, every layout" {
	# (jobs.bats: each input in a third of the layouts)
	need_cmd python3
	run python3 "$TESTS_DIR/jobs_check.py" "$JFMT"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "elements and values longer than half a chunk, from a file or a pipe: larger chunks, fewer cuts looked for, one thread's bytes and messages" {
	need_cmd strace python3
	is_sanitizer_build && skip "LeakSanitizer does not run under strace (ptrace)"
	# a short first element (the lines are checked within 1 MiB), then
	# nine of 1.3 to 2.4 MB on lines of their own: the search for each
	# cut reads from a chunk's end through most of an element, so the
	# chunks grow from the planned 1 MiB to 2 and 4 MiB; in 1 MiB
	# chunks, 9 cuts are looked for past the first, grown 4.
	# The first cut is 2.5 MB in, as far as big.json's in the bench:
	# where that is too far, all of it takes one thread
	py 'import sys
el = []
for i in range(10):
    n = 1000 if i == 0 else 110000 if i == 1 else 60000 + (i * 7919) % 30000
    el.append("  {\n" + ",\n".join("    \"k%d\": [%d, \"x,]\"]" % (j, i) for j in range(n)) + "\n  }")
text = "[\n" + ",\n".join(el) + "\n]\n"
open(sys.argv[1], "w").write(text)
open(sys.argv[2], "w").write(text[:-100000])' long.json cut.json
	[ "$(wc -c <long.json)" -gt 16000000 ]
	for opts in -c "" --tab; do
		"$JFMT" -j1 $opts long.json >want
		# a trace a thread, its calls whole: the calling thread's
		# has the lowest number
		rm -f trace.*
		strace -ff -qq -o trace -e trace=clone,clone3,pread64 \
			"$JFMT" -j2 $opts long.json >got
		same_bytes want got
		main=$(ls trace.* | sort -t. -k2 -n | head -n 1)
		grep -qE 'clone3?\(' "$main" || { echo "$opts: no thread started"; return 1; }
		# each search past the first reads 16 KiB first
		searches=$(grep -cE '^pread64\([0-9]+, .*, 16384, ' "$main") || true
		echo "$opts: $searches cuts looked for"
		[ "$searches" -ge 1 ] && [ "$searches" -le 5 ]
	done
	# from a pipe: the array read whole, and its elements as JSON Lines
	"$JFMT" -j1 -c long.json >want
	"$JFMT" -j2 -c <long.json >got
	same_bytes want got
	# (twice over: a pipe takes threads only past its first part,
	# 16 MiB for two threads)
	py 'import json, sys
for v in json.load(open(sys.argv[1]))[1:] * 2:
    print(json.dumps(v))' long.json >long.ndjson
	[ "$(wc -c <long.ndjson)" -gt $((16 << 20)) ]
	"$JFMT" -j1 long.ndjson >want
	cat long.ndjson | strace -f -qq -o trace -e trace=clone,clone3 "$JFMT" -j2 >got
	same_bytes want got
	grep -qE 'clone3?\(' trace || { echo "JSON Lines from a pipe: no thread started"; return 1; }
	run "$JFMT" -j1 -c cut.json
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" >want
	grep -q '^jfmt: ' want
	run "$JFMT" -j2 -c cut.json
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" >got
	same_bytes want got
}
