# tests/conformance_helper.bash - JSONTestSuite in ../shared for
# conformance.bats and slow/conformance.bats: where it is, the Python that
# checks values, and how a message is found located.  Load it after
# test_helper.

SUITE=(JSONTestSuite/test_parsing JSONTestSuite/test_transform)
PARSING="$SHARED/${SUITE[0]}"
TRANSFORM="$SHARED/${SUITE[1]}"

# The Python side of the value checks.  Usage:
#   python3 -c "$(values_py)" JFMT POLICY MODES FILE...
# POLICY "accept": each FILE must be accepted (exit 0, nothing on stderr).
# POLICY "either": exit 0 or 1; the checks below apply to accepted files.
# MODES: option sets separated by '|', e.g. "|-c|-a" (the first is none).
# For every accepted file and mode: when the input is UTF-8, the output is
# strict UTF-8 and holds the same value (numbers compared as written,
# duplicate keys and member order kept; sorted for -S); -a output is ASCII;
# and formatting the output again with the same options changes nothing.
values_py() {
	cat <<'PY'
import json, subprocess, sys

sys.setrecursionlimit(100000)

jfmt, policy, modes, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
modes = [m.split() for m in modes.split('|')]

def reject_constant(name):
    raise ValueError('not JSON: ' + name)

def load(text):
    return json.loads(text,
                      object_pairs_hook=lambda pairs: ('object', pairs),
                      parse_int=lambda s: ('number', s),
                      parse_float=lambda s: ('number', s),
                      parse_constant=reject_constant)

def key_bytes(pair):
    return pair[0].encode('utf-8', 'surrogatepass')

def sort_keys(v):
    if isinstance(v, list):
        return [sort_keys(x) for x in v]
    if isinstance(v, tuple) and v[0] == 'object':
        return ('object', sorted(((k, sort_keys(x)) for k, x in v[1]), key=key_bytes))
    return v

def run(args, data=None, path=None):
    try:
        if path is not None:
            p = subprocess.run([jfmt] + args + [path], capture_output=True, timeout=10)
        else:
            p = subprocess.run([jfmt] + args, input=data, capture_output=True, timeout=10)
    except subprocess.TimeoutExpired:
        return None, b'', b'timed out after 10 s'
    return p.returncode, p.stdout, p.stderr

def is_report(err):
    return b'Sanitizer' in err or b'runtime error:' in err

failures = []
def fail(path, mode, why):
    failures.append('%s [%s]: %s' % (path, ' '.join(mode) or 'default', why))

for path in files:
    raw = open(path, 'rb').read()
    try:
        want = load(raw.decode('utf-8'))
    except (UnicodeDecodeError, ValueError):
        want = None     # not UTF-8, or not JSON to Python: no value to compare
    for mode in modes:
        rc, out, err = run(mode, path=path)
        if rc is None:
            fail(path, mode, 'hangs'); continue
        if rc < 0 or rc >= 128 or is_report(err):
            fail(path, mode, 'crashed (status %d): %r' % (rc, err[:300])); continue
        if policy == 'accept' and (rc != 0 or err):
            fail(path, mode, 'exit %d, stderr %r' % (rc, err[:200])); continue
        if rc not in (0, 1):
            fail(path, mode, 'exit %d (want 0 or 1)' % rc); continue
        if rc == 1:
            continue
        if '-a' in mode and any(b > 0x7e for b in out):
            fail(path, mode, 'non-ASCII byte in -a output: %r' % out[:200])
        if want is not None:
            try:
                text = out.decode('utf-8')
            except UnicodeDecodeError as e:
                fail(path, mode, 'output is not UTF-8 (%s): %r' % (e, out[:200])); continue
            try:
                got = load(text)
            except ValueError as e:
                fail(path, mode, 'output is not JSON (%s): %r' % (e, out[:200])); continue
            expect = sort_keys(want) if '-S' in mode else want
            if got != expect:
                fail(path, mode, 'value changed: %r -> %r' % (raw[:200], out[:200]))
        rc2, out2, err2 = run(mode, data=out)
        if rc2 != 0 or out2 != out:
            fail(path, mode, 'not idempotent: %r -> exit %s, %r' % (out[:200], rc2, out2[:200]))

for f in failures:
    print(f)
print('%d files, %d modes, %d failures' % (len(files), len(modes), len(failures)))
sys.exit(1 if failures else 0)
PY
}

# Print the failures collected in "$@" (one a line) and fail if there are any.
report_failures() {
	if [ $# -gt 0 ]; then
		printf '%s\n' "$@"
		echo "$# failure(s)"
		return 1
	fi
}

# located STDERR_FILE NAME: the first line is "jfmt: NAME:LINE:COL: ..."
# followed by the offending line and a caret under the column.
# (Read with builtins: it runs for each of some 400 files.)
located() {
	local lines first
	mapfile -t -n 3 lines <"$1"
	first=${lines[0]-}
	[[ $first == "jfmt: $2:"* ]] || return 1
	[[ ${first#"jfmt: $2"} =~ ^:[0-9]+:[0-9]+:\ . ]] || return 1
	[ "${lines[2]// /}" = "^" ]
}

# The n_ files that are two valid values one after another: JSONTestSuite
# reads one JSON text per file, jfmt reads any number of values, as jq does
# (man page, INPUT); each value is still checked on its own.
CONCATENATED=(n_structure_double_array.json n_structure_object_with_trailing_garbage.json)

# check_rejected FILE MODE: FILE, an n_ case, must be rejected with exit 1
# and a message located in it; a failure is added to the caller's
# `failures`.
check_rejected() {
	local f=$1 mode=$2 rc=0 err=$BATS_TEST_TMPDIR/err
	# Two of these open 100000 arrays: their pretty output up to the
	# error is gigabytes, hence /dev/null.
	timeout 10 "$JFMT" $mode "$f" >/dev/null 2>"$err" || rc=$?
	if [ "$rc" -ne 1 ] || ! no_sanitizer_report "$err"; then
		failures+=("$f [${mode:-default}]: exit $rc (want 1): $(head -c 300 "$err")")
	elif ! located "$err" "$f"; then
		failures+=("$f [${mode:-default}]: message not located: $(head -n 3 "$err")")
	fi
}

# check_either FILE MODE: FILE, an i_ case, exits 0 or 1, never crashes
# or hangs, and when rejected has a located message; a failure is added to
# the caller's `failures`.
check_either() {
	local f=$1 mode=$2 rc=0 err=$BATS_TEST_TMPDIR/err
	timeout 10 "$JFMT" $mode "$f" >/dev/null 2>"$err" || rc=$?
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
		failures+=("$f [$mode]: exit $rc")
	elif ! no_sanitizer_report "$err"; then
		failures+=("$f [$mode]: $(head -c 300 "$err")")
	elif [ "$rc" -eq 1 ] && ! located "$err" "$f"; then
		failures+=("$f [$mode]: rejected without a located message: $(head -n 3 "$err")")
	fi
}
