#!/usr/bin/env bats
# tests/slow/killstorm.bats - random SIGKILL, SIGINT, SIGTERM and SIGHUP at
# any moment of -i and -o on a 300 MB file, 200 times: the file is always
# the old text or the whole new text, and a later run leaves no temporary
# file behind.  Several minutes: slow tier.

# The helper finds jfmt next to tests/; from tests/slow, say where it is.
JFMT="${JFMT:-$BATS_TEST_DIRNAME/../../jfmt}"
load ../test_helper

STORM_BYTES=300000000
STORM_ROUNDS=200

# The storm works in /dev/shm when it has room (four copies of the file),
# so that the disk's fsync does not set the pace, else in the test's own
# scratch directory.
storm_dir() {
	local need=$((STORM_BYTES * 5 / 1024))
	if [ -d /dev/shm ] && [ -w /dev/shm ] &&
		[ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt "$need" ]; then
		STORM=$(mktemp -d /dev/shm/jfmt-storm.XXXXXX)
	else
		STORM="$BATS_TEST_TMPDIR/storm"
		mkdir -p "$STORM"
	fi
}

teardown() {
	case "${STORM:-}" in /dev/shm/jfmt-storm.*) rm -rf "$STORM" ;; esac
}

# same_file A B: A has B's bytes.  Checked in full when A is a new inode;
# when it is still the inode it was, by size and both ends (jfmt never
# writes into the file it replaces, so a change there is a change of size
# or of its first or last bytes).
same_file() {
	local a=$1 b=$2 full=$3
	[ "$(stat -c %s "$a")" = "$(stat -c %s "$b")" ] || return 1
	if [ "$full" = 1 ]; then
		cmp -s "$a" "$b"
	else
		cmp -s -n 65536 "$a" "$b" &&
			cmp -s <(tail -c 65536 "$a") <(tail -c 65536 "$b")
	fi
}

@test "kill storm: -i and -o killed at random leave the old or the new text, and no temporary file" {
	need_cmd python3
	env --default-signal=INT true 2>/dev/null ||
		skip "env --default-signal is needed to give jfmt SIGINT back"
	storm_dir
	cd "$STORM"
	python3 - "$STORM_BYTES" <<'EOF'
import sys
s = '"' + 'x' * 998 + '"'
with open("compact.json", "w") as f:
    f.write("[" + ",".join([s] * (int(sys.argv[1]) // 1001)) + "]\n")
EOF
	"$JFMT" -o pretty.json compact.json
	cp compact.json target.json
	state=compact.json
	# how long a whole run takes, to spread the kills over all of it
	start=$(date +%s%N)
	"$JFMT" -c -i target.json
	span_ms=$(( ($(date +%s%N) - start) / 1000000 * 11 / 10 + 1 ))
	sigs=(KILL INT TERM HUP)
	killed=0 new=0
	for round in $(seq "$STORM_ROUNDS"); do
		sig=${sigs[RANDOM % 4]}
		if [ $((RANDOM % 2)) = 0 ]; then layout=-c want=compact.json; else layout= want=pretty.json; fi
		ino=$(stat -c %i target.json)
		if [ $((RANDOM % 2)) = 0 ]; then
			env --default-signal "$JFMT" $layout -i target.json 2>/dev/null &
		else
			env --default-signal "$JFMT" $layout -o target.json compact.json 2>/dev/null &
		fi
		pid=$!
		delay=$(( (RANDOM * 32768 + RANDOM) % span_ms ))
		sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
		kill -"$sig" "$pid" 2>/dev/null || true
		st=0
		wait "$pid" || st=$?
		[ "$st" -eq 0 ] || [ "$st" -eq $((128 + $(kill -l "$sig"))) ] ||
			{ echo "round $round: jfmt exited $st after SIG$sig"; false; }
		[ "$st" -eq 0 ] || killed=$((killed + 1))
		if [ "$(stat -c %i target.json)" = "$ino" ]; then
			same_file target.json "$state" 0 ||
				{ echo "round $round (SIG$sig): target changed in place"; false; }
		elif same_file target.json "$want" 1; then
			state=$want new=$((new + 1))
		else
			echo "round $round (SIG$sig, $layout): target is neither old nor new"
			ls -l
			false
		fi
	done
	echo "# $killed of $STORM_ROUNDS rounds killed, $new replaced the file" >&3
	[ "$killed" -gt 0 ]
	# a later run removes whatever SIGKILL left
	run -0 --separate-stderr "$JFMT" -c -i target.json
	[ "$(ls -A | grep -c '\.jfmt-')" -eq 0 ] || { ls -A; false; }
	run -0 --separate-stderr "$JFMT" -c -o target.json compact.json
	[ "$(ls -A | grep -c '\.jfmt-')" -eq 0 ]
	same_file target.json compact.json 1
}
