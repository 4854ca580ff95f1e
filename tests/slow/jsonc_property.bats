#!/usr/bin/env bats
# tests/slow/jsonc_property.bats - --comments over generated JSONC: the
# comments come out in order (but for the blanks that end their lines and
# start the later lines of block comments), the value is the input's,
# formatting is idempotent, and the general build writes the same bytes,
# in every layout, --width's included.  The input has comments in every place, empty
# containers holding comments, block comments spanning lines at any
# indentation, with spaces and tabs, and blanks ending comments' lines.

JFMT="${JFMT:-$BATS_TEST_DIRNAME/../../jfmt}"
load ../test_helper

@test "generated JSONC: comments kept in order, value kept, idempotent" {
	need_cmd python3
	[ -x "$BATS_TEST_DIRNAME/../../build/general/jfmt" ] ||
		skip "build/general/jfmt is missing: make general"
	run python3 - "$JFMT" "$BATS_TEST_DIRNAME/../../build/general/jfmt" <<'PY'
import json, random, subprocess, sys

jfmt, general = sys.argv[1], sys.argv[2]
rng = random.Random(13)

MORE = ["\n   more", "\n * star\n ", "\n\t\t* tab\n\t", "  \n  \n        deep  \n", "\nnone"]

def comment():
    text = rng.choice([" a", "b", " x */y", " \u00e9 ", "", " // in", " \"q\" ", " { [ , ",
                       " blanks  ", " tab\t"])
    if rng.random() < 0.5 and "*/" not in text:
        body = text if rng.random() < 0.6 else text + rng.choice(MORE)
        return "/*" + body + "*/"
    return "//" + text.replace("\n", " ") + "\n"

def gap():
    out = ""
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        out += rng.choice(["", " ", "\n", "\n  ", "\n\t", "\n       "]) + comment()
    return out + rng.choice(["", " ", "\n", "\n    "])

def value(depth):
    r = rng.random()
    if depth > 3 or r < 0.3:
        return rng.choice(["1", "-2.5e3", "true", "null", '"s"', '"/* no */"', '"// no"'])
    items = []
    obj = r < 0.65
    for i in range(rng.randrange(0, 4)):
        v = value(depth + 1)
        items.append(gap() + (json.dumps("k%d" % rng.randrange(5)) + gap() + ":" + gap() if obj else "") + v + gap())
    trail = "," + gap() if items and rng.random() < 0.4 else ""
    o, c = ("{", "}") if obj else ("[", "]")
    return o + ",".join(items) + trail + gap() + c

def strip(s, compact=False):
    """Comments and trailing commas removed; comment texts listed (as -c
    writes a // comment: one starting with a space ends with one)."""
    out, texts, i, n = [], [], 0, len(s)
    while i < n:
        ch = s[i]
        if ch == '"':
            j = i + 1
            while s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            out.append(s[i:j + 1]); i = j + 1
        elif s.startswith("//", i):
            j = s.find("\n", i); j = n if j < 0 else j
            t = s[i + 2:j].rstrip(" \t")
            texts.append(t + " " if compact and t.startswith(" ") else t)
            out.append(" "); i = j
        elif s.startswith("/*", i):
            j = s.index("*/", i + 2)
            lines = s[i + 2:j].split("\n")
            lines = [l.rstrip(" \t") for l in lines[:-1]] + lines[-1:]
            texts.append("\n".join([lines[0]] + [l.lstrip(" \t") for l in lines[1:]]))
            out.append(" "); i = j + 2
        else:
            out.append(ch); i += 1
    t = "".join(out)
    import re
    return re.sub(r",(\s*[\]}])", r"\1", t), texts

bad = 0
for case in range(300):
    doc = gap() + value(0) + gap()
    for opts in ([], ["-c"], ["--indent", "4"], ["--tab"], ["-S"], ["-S", "--tab"],
                 ["--width", "20"], ["--width", "1", "--tab"], ["--width", "60", "--indent", "4"]):
        p = subprocess.run([jfmt, "--comments"] + opts, input=doc.encode(), capture_output=True)
        if p.returncode != 0:
            if "-c" in opts and b"cannot be written" in p.stderr:
                continue
            print("failed", opts, repr(doc), p.stderr.decode()); bad += 1; continue
        out = p.stdout.decode()
        sin, tin = strip(doc, "-c" in opts)
        sout, tout = strip(out)
        if json.loads(sin) != json.loads(sout):
            print("value", opts, repr(doc), repr(out)); bad += 1
        if (sorted(tin) != sorted(tout)) if "-S" in opts else (tin != tout):
            print("comments", opts, repr(doc), repr(out)); bad += 1
        g = subprocess.run([general, "--comments"] + opts, input=doc.encode(), capture_output=True)
        if g.stdout != p.stdout:
            print("general", opts, repr(doc), repr(out), repr(g.stdout)); bad += 1
        q = subprocess.run([jfmt, "--comments"] + opts, input=p.stdout, capture_output=True)
        if q.stdout != p.stdout:
            print("idempotence", opts, repr(doc), repr(out), repr(q.stdout)); bad += 1
    if bad > 5:
        break
sys.exit(1 if bad else 0)
PY
	echo "$output" | head -20
	[ "$status" -eq 0 ]
}
