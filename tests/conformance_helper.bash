# tests/conformance_helper.bash - JSONTestSuite in ../shared for
# conformance.bats and slow/conformance.bats: where it is, and the Python
# that checks values, and exit statuses and located messages, over many
# files at a time.  Load it after test_helper.

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

# The exit status checks, in one python3 run for a list of files (a shell
# loop spends more on starting `timeout` than on jfmt).  Usage:
#   python3 -c "$(runs_py)" JFMT POLICY MODES K FILE...
# MODES: option sets separated by '|' (the first may be empty: the default
# layout).  Each FILE runs in K of the M modes, the i-th FILE in modes i,
# i + M/K, ... (mod M), with its standard output to /dev/null, for at most
# 10 s.  Each run must end within them, with no sanitizer's report, and:
# POLICY "rejected": exit 1, with a message located in FILE: its first
#   line "jfmt: FILE:LINE:COL: ...", then the offending line, then a caret
#   under the column;
# POLICY "either": exit 0 or 1, and a rejection's message located;
# POLICY "accepted": exit 0;
# POLICY "silent": exit 0, nothing on standard output or error;
# POLICY "agree": every mode of a FILE exits the same (K = M).
# Prints one line per failure and a count; exits 1 if any failed.
runs_py() {
	cat <<'PY'
import os, re, subprocess, sys

jfmt, policy, modes, k, files = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:]
modes = [m.split() for m in modes.split('|')]
if not files:
    sys.exit('no files to check')

def run(mode, path, out):
    try:
        p = subprocess.run([jfmt] + mode + [path], stdout=out, stderr=subprocess.PIPE, timeout=10)
    except subprocess.TimeoutExpired:
        return 'timed out after 10 s', b'', b''
    return p.returncode, p.stdout or b'', p.stderr

def is_report(err):
    return b'Sanitizer' in err or b'runtime error:' in err

def located(err, path):
    lines = err.split(b'\n')[:3] + [b'', b'', b'']
    name = b'jfmt: ' + os.fsencode(path)
    return (lines[0].startswith(name + b':') and
            re.match(rb':[0-9]+:[0-9]+: .', lines[0][len(name):]) is not None and
            lines[2].replace(b' ', b'') == b'^')

def head(err, n=300):
    return err[:n].decode('utf-8', 'replace')

failures = []
for i, path in enumerate(files):
    statuses = []
    for j in range(k):
        mode = modes[(i + j * len(modes) // k) % len(modes)]
        name = '%s [%s]' % (path, ' '.join(mode) or 'default')
        rc, out, err = run(mode, path, subprocess.PIPE if policy == 'silent' else subprocess.DEVNULL)
        statuses.append(rc)
        first3 = b'\n'.join(err.split(b'\n')[:3])
        if is_report(err):
            failures.append('%s: exit %s, a sanitizer\'s report: %s' % (name, rc, head(err)))
        elif policy == 'rejected':
            if rc != 1:
                failures.append('%s: exit %s (want 1): %s' % (name, rc, head(err)))
            elif not located(err, path):
                failures.append('%s: message not located: %s' % (name, head(first3)))
        elif policy == 'either':
            if rc not in (0, 1):
                failures.append('%s: exit %s (want 0 or 1): %s' % (name, rc, head(err)))
            elif rc == 1 and not located(err, path):
                failures.append('%s: rejected without a located message: %s' % (name, head(first3)))
        elif policy == 'accepted':
            if rc != 0:
                failures.append('%s: exit %s (want 0): %s' % (name, rc, head(err)))
        elif policy == 'silent':
            if rc != 0 or out or err:
                failures.append('%s: exit %s, output %r, %s' % (name, rc, out[:200], head(err, 200)))
    if policy == 'agree' and len(set(statuses)) > 1:
        failures.append('%s: exits %s in modes %s' % (path, statuses, ' | '.join(' '.join(m) for m in modes)))

for f in failures:
    print(f)
print('%d files, %d of %d modes each, %d failures' % (len(files), k, len(modes), len(failures)))
sys.exit(1 if failures else 0)
PY
}

# The n_ files that are two valid values one after another: JSONTestSuite
# reads one JSON text per file, jfmt reads any number of values, as jq does
# (man page, INPUT); each value is still checked on its own.
CONCATENATED=(n_structure_double_array.json n_structure_object_with_trailing_garbage.json)

# not_concatenated FILE...: append to the caller's `files` each FILE that
# is not one of those.
not_concatenated() {
	local f
	for f; do
		[[ " ${CONCATENATED[*]} " == *" ${f##*/} "* ]] || files+=("$f")
	done
}
