#!/usr/bin/env bats
# tests/slow/cuts.bats - where the reads of an input fall changes nothing.
# Generated JSONC (comments in every place, blank lines of white space and
# of CR LF, trailing commas, strings holding "//", "{" and ", ]"), handed
# to jfmt in two reads cut at each of its bytes, comes out as from one
# read: the same output, messages and status, with --style=prettier
# (.json and .jsonc) and with --comments.  The comment pass holds back
# what one read cannot decide (a comma whose next token is not read yet,
# a comment not closed yet) and passes it again with the next read; this
# is where that must leave no trace.  A fixed seed: the same documents on
# every run.

JFMT="${JFMT:-$BATS_TEST_DIRNAME/../../jfmt}"
load ../test_helper

@test "generated JSONC cut in two reads at each byte comes out as from one read" {
	need_cmd python3
	run python3 - "$JFMT" "$TESTS_DIR" <<'PY'
import random, subprocess, sys

jfmt = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from pieces import feed
rng = random.Random(8)

def gap():
    return rng.choice(["\n", "\n", "\n\n", "\n  \n", "\r\n", "\r\n\r\n", " \n", "\n\t\n\n", " ", ""])

def comment():
    return rng.choice(["", "", "", " // c\n", " /* c */ ", "/**/", "\n// x\n", " /* a\n b */"])

def value(depth):
    r = rng.random()
    if depth > 3 or r < 0.35:
        return rng.choice(["1", "-2.50", "1E+2", '"s"', '"a, ]"', '"{"', "true", "null",
                           '"x/y"', '"q\\"//"'])
    opening, closing = ("{", "}") if r < 0.7 else ("[", "]")
    out = opening + comment()
    n = rng.randrange(0, 5)
    for k in range(n):
        if k:
            out += rng.choice([",", ",", " ,"]) + comment()
        out += gap() + "  " * (depth + 1)
        if opening == "{":
            out += '"k%d"' % k + comment() + ":" + rng.choice([" ", ""]) + comment()
        out += value(depth + 1)
    if n and rng.random() < 0.25:
        out += "," + comment()              # a trailing comma
    return out + gap() + "  " * depth + closing

def run(data, sizes, options):
    """jfmt OPTIONS with data on standard input, a read(2) a piece."""
    return feed([jfmt] + options, data, sizes, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

OPTIONS = [["--style=prettier", "--stdin-filename", "x.jsonc"],
           ["--style=prettier", "--stdin-filename", "x.json"],
           ["--comments"]]
docs = [(value(0) + gap()).encode() for _ in range(30)]
text = b"".join(docs)
# what the documents must hold, or the test proves little
for want in [b"\n\n", b"\r\n\r\n", b"\n  \n", b"//", b"/*", b",\n", b", ]", b"1E+2"]:
    assert want in text, "no %r in the documents" % want
assert any(b"," + s in text for s in [b"\n}", b"\n]", b" }", b" ]", b"\n\n}", b"\n\n]"]), \
    "no trailing comma"
runs = bad = 0
for doc in docs:
    for options in OPTIONS:
        whole = run(doc, [1 << 16], options)
        for cut in range(1, len(doc)):
            runs += 1
            got = run(doc, [cut, 1 << 16], options)
            if got != whole:
                bad += 1
                if bad <= 3:
                    print("differs: jfmt %s, the input cut after byte %d of %r"
                          % (" ".join(options), cut, doc))
                    print("  one read:   %r" % (whole,))
                    print("  two reads:  %r" % (got,))
print("%d documents, %d bytes, %d runs cut in two, %d differ" % (len(docs), len(text), runs, bad))
sys.exit(1 if bad else 0)
PY
	echo "$output"
	[ "$status" -eq 0 ]
	[[ ${lines[-1]} == "30 documents, "*", 0 differ" ]]
}
