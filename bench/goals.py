"""jfmt's speed and memory goals: the one place they are written.

Headroom: the goals catch regressions; they are not races to the last
fraction of a percent.  Each limit sits at least 3% above the figure the
latest full run measured (bench/results/SUMMARY.md) where the figure is an
instruction count (callgrind, which does not move with the machine), and
at least 5% above where it is a wall time in turns or a peak RSS (which
do).  A limit tighter than that is raised to the figure x 1.03 or x 1.05,
rounded up to two decimals; one already looser is left where it is.  When
a change makes jfmt faster, its limits may come down, keeping this room.

summarize.py measures each against a run and puts the table at the top of
SUMMARY.md; bench/README.md points there.  A goal is a dict:

  text    what is promised, as SUMMARY.md shows it
  kind    how it is measured:
            ir      instructions of `cmd` on `input` divided by those of
                    `base` on the same input (callgrind)
            ir_prev instructions of `cmd` on `input` divided by those the
                    committed run measured (the previous baseline)
            turns   wall time of `cmd` divided by that of `base` in the
                    same round of the runs in turns on `input`: the
                    median of those ratios (turns_ratio())
            turns_ceiling
                    that ratio, divided by the ratio of the two commands
                    in `ceiling` in the same round: how far `cmd` is from
                    what the machine gives at most (ceiling_ratio())
            rss     peak RSS of `cmd` on `input`, in MiB
            rss_obj peak RSS of `cmd` on `input`, divided by
                    (3 x the input's largest object + 2 MiB)
  limit   the measured value must be at most this

A goal whose input or command was not measured in a run is left out of
that run's table (a quick run has no big.json, for one).
"""

import statistics

CORPUS = ("twitter", "citm_catalog", "canada")
NV = "floor-novalidate"


def _goals():
    g = []

    def add(text, kind, limit, inputs, cmd, base=None, ceiling=None):
        for i in inputs:
            g.append(dict(text=text % {"input": i}, kind=kind, limit=limit,
                          input=i, cmd=cmd, base=base, ceiling=ceiling))

    # the big document on one thread, against the validating floor (one
    # thread too), in wall time
    add("%(input)s: `jfmt -c -j1` ≤ 1.13 × floor (wall, in turns)", "turns", 1.13, ["big"],
        "jfmt -c -j1", "floor")
    add("%(input)s: `jfmt -j1` ≤ 1.18 × floor (wall, in turns)", "turns", 1.18, ["big"],
        "jfmt -j1", "floor")
    add("%(input)s: `jfmt --width=80 -j1` ≤ 1.3 × floor (wall, in turns)", "turns", 1.3, ["big"],
        "jfmt --width=80 -j1", "floor")
    add("%(input)s: `jfmt --style=prettier -j1` ≤ 1.25 × floor (wall, in turns)", "turns", 1.25,
        ["big"], "jfmt --style=prettier -j1", "floor")
    # a repository's JSON files (BENCH_REPO, bench/prettier_share.py), in
    # wall time: at least 30 x as fast as prettier and 5 x as fast as biome
    # (as time ratios, jfmt's over theirs), and every file prettier passes
    # passed too (the share jfmt fails)
    add("repository: `jfmt --style=prettier --check` ≤ 1/30 of `prettier --check`'s time",
        "repo", 1 / 30, ["repo"], "jfmt", "prettier")
    add("repository: `jfmt --style=prettier --check` ≤ 1/5 of `biome format`'s time",
        "repo", 1 / 5, ["repo"], "jfmt", "biome")
    add("repository: share of the files prettier passes that jfmt fails ≤ 0",
        "repo", 0.0, ["repo"], "fails", None)
    # -j: on two idle CPUs at least 1.8 x as fast as one thread (1 / 1.8 =
    # 0.556), and on big.json within 5% of what two processes on the two
    # halves of ndjson_1m give at once, the most two CPUs of the machine
    # give (all in the same rounds, bench/run's in_turns_cpus); on one CPU
    # never slower (within the 2% that runs in turns move by)
    for i in ("big", "ndjson_1m"):
        add(i + ": `jfmt -c` ≤ 0.556 × `jfmt -c -j1`, 1.8 × as fast on 2 CPUs (wall, in turns)",
            "turns", 0.556, ["cpus"], i + ": jfmt -c", i + ": jfmt -c -j1")
    add("big: `jfmt -c` ÷ `jfmt -c -j1` ≤ 1.05 × what two processes give on the halves of "
        "ndjson_1m (wall, in turns)", "turns_ceiling", 1.05, ["cpus"], "big: jfmt -c",
        "big: jfmt -c -j1", ("ndjson_1m: two halves at once", "ndjson_1m: jfmt -c -j1"))
    add("%(input)s: `jfmt -c` on 1 CPU ≤ 1.02 × `jfmt -c -j1` on that CPU (wall, in turns)",
        "turns", 1.02, ["ndjson_1m", "big"], "jfmt -c (1 CPU)", "jfmt -c -j1 (1 CPU)")
    # the shape inputs just past the default's 4 MiB threshold, where
    # threads have the least to gain: never slower either
    add("%(input)s (4 MiB up): `jfmt -c` ≤ 1.02 × `jfmt -c -j1` (wall, in turns)",
        "turns", 1.02, ["mixed_prose", "cjk_prose", "dense_escapes", "u_escapes", "deep"],
        "jfmt -c", "jfmt -c -j1")
    # several files at once: a repository's 10,000 small files with
    # `-r --check`, each file on a worker thread, at least 1.7 x as fast
    # as one thread on two idle CPUs (1 / 1.7 = 0.588)
    add("%(input)s: `jfmt -r --check` ≤ 0.588 × `jfmt -r --check -j1`, 1.7 × as fast on 2 CPUs "
        "(wall, in turns)", "turns", 0.588, ["files_10k"], "jfmt -r --check", "jfmt -r --check -j1")
    add("start-up (%(input)s, in turns): `jfmt -c` ≤ 1.10 × `json_reformat -s -m`",
        "turns", 1.10, ["small_hash"], "jfmt -c", "json_reformat -s -m")
    # choosing the threads (-j's default) costs start-up nothing: within
    # the 2% that runs in turns move by (300 rounds: 0.997 x)
    add("start-up (%(input)s, in turns): `jfmt -c` ≤ 1.02 × `jfmt -c -j1`",
        "turns", 1.02, ["small_hash"], "jfmt -c", "jfmt -c -j1")
    # each value is held back up to --buffer-size (4 MiB by default)
    add("%(input)s: peak RSS of `jfmt -c -j1` ≤ 8 MiB", "rss", 8.0, ["big"], "jfmt -c -j1")
    add("%(input)s: peak RSS of `jfmt -j1` ≤ 8 MiB", "rss", 8.0, ["big"], "jfmt -j1")
    # with -j, two chunks a thread in memory (input and text, about 6 MiB),
    # up to 8 MiB of the input mapped before it is let go of, and the held
    # output: 14 MiB + 6 MiB a thread, 26 MiB on 2 CPUs (jfmt(1))
    add("%(input)s: peak RSS of `jfmt -c` on 2 CPUs ≤ 28 MiB", "rss", 28.0, ["big"], "jfmt -c")
    # every shape, in instructions, against the floor without UTF-8 checks
    add("%(input)s (raw UTF-8): `jfmt -c` ≤ 1.35 × floor-novalidate (Ir)", "ir", 1.35,
        ["mixed_prose", "cjk_prose"], "jfmt -c", NV)
    add("%(input)s: `jfmt -a` ≤ 1.64 × floor-novalidate (Ir)", "ir", 1.64, ["cjk_prose"], "jfmt -a", NV)
    add("%(input)s: `jfmt -c` ≤ 1.27 × floor-novalidate (Ir)", "ir", 1.27, ["dense_escapes"], "jfmt -c", NV)
    add("%(input)s (\\u text): `jfmt -c` ≤ 1.11 × floor-novalidate (Ir)", "ir", 1.11,
        ["u_escapes"], "jfmt -c", NV)
    add("%(input)s (small objects): `jfmt -c` ≤ 1.18 × floor-novalidate (Ir)", "ir", 1.18,
        ["ndjson_20k"], "jfmt -c", NV)
    add("%(input)s: `jfmt --indent=4` within 5%% of `jfmt` (Ir)", "ir", 1.05,
        ["big", "deep"], "jfmt --indent=4", "jfmt")
    add("%(input)s: `jfmt --indent=4` within 5%% of `jfmt` (wall, in turns)", "turns", 1.05,
        ["big", "deep"], "jfmt --indent=4", "jfmt")
    # no cliff at any width of indentation: at --indent=16 deep.json's
    # output is 6 times as long, its lines up to 290 columns (1.28 x when
    # lines past 126 columns left the quick paths)
    add("%(input)s: `jfmt --indent=16` ≤ 1.12 × `jfmt` (Ir)", "ir", 1.12,
        ["deep"], "jfmt --indent=16", "jfmt")
    add("%(input)s: `jfmt -S` ≤ 1.29 × `jfmt` (Ir)", "ir", 1.29, CORPUS, "jfmt -S", "jfmt")
    add("%(input)s: `jfmt -S` ≤ 1.25 × `jfmt` (wall, in turns)", "turns", 1.25, ["big"], "jfmt -S", "jfmt")
    # the bound is 3 x the largest object + 2 MiB (SUMMARY.md's memory
    # table); canada and big reach 0.99 of it
    add("%(input)s: peak RSS of `jfmt -S` ≤ 1.05 × (3 × largest object + 2 MiB)", "rss_obj", 1.05,
        CORPUS, "jfmt -S")
    # (on big, with -j, each thread sorts the objects of its own chunks)
    add("%(input)s: peak RSS of `jfmt -S -j1` ≤ 1.05 × (3 × largest object + 2 MiB)", "rss_obj",
        1.05, ["big"], "jfmt -S -j1")
    # nothing else slower: the corpus within 3% of the committed run
    for cmd in ("jfmt -c", "jfmt"):
        add("%(input)s: `" + cmd + "` within 3%% of the previous run (Ir)", "ir_prev", 1.03,
            CORPUS, cmd)
    return g


GOALS = _goals()


def turns_ratio(rounds, cmd, base):
    """`cmd`'s wall time over `base`'s, from runs in turns.

    rounds: {name: [seconds, one per round, in round order]}.  The median
    of the ratios within each round: a slow spell of the shared machine
    falls on both commands of a round, where in the ratio of two medians
    it may fall on one.  On deep.json (about 25 ms a run) 20 rounds gave
    `jfmt --indent=4` 1.12 x `jfmt` as a ratio of medians, where 100
    rounds of these paired ratios gave 0.995 (and 1.009 in callgrind)."""
    a, b = rounds.get(cmd), rounds.get(base)
    if not a or not b or len(a) != len(b):
        return None
    return statistics.median(x / y for x, y in zip(a, b))


def ceiling_ratio(rounds, cmd, base, ceiling):
    """`cmd`'s wall time over `base`'s, divided by that of the two commands
    in `ceiling`, in each round of the runs in turns: the median.  1.0:
    `cmd` gains on `base` what the ceiling gains on its base."""
    names = (cmd, base) + tuple(ceiling)
    if any(not rounds.get(n) for n in names) or len({len(rounds[n]) for n in names}) != 1:
        return None
    a, b, c, d = (rounds[n] for n in names)
    return statistics.median((w / x) / (y / z) for w, x, y, z in zip(a, b, c, d))


def measure(goal, data):
    """The goal's measured value in this run, or None.

    data: callgrind {(input, name): Ir}, previous {(input, name): Ir},
    rounds {input: {name: [s, one per round]}}, rss {(input, name): KiB},
    maxobj {input: bytes}."""
    i, cmd, base, kind = goal["input"], goal["cmd"], goal["base"], goal["kind"]

    def quotient(a, b):
        return a / b if a is not None and b else None

    if kind == "ir":
        return quotient(data["callgrind"].get((i, cmd)), data["callgrind"].get((i, base)))
    if kind == "ir_prev":
        return quotient(data["callgrind"].get((i, cmd)), data["previous"].get((i, cmd)))
    if kind == "turns":
        return turns_ratio(data["rounds"].get(i, {}), cmd, base)
    if kind == "turns_ceiling":
        return ceiling_ratio(data["rounds"].get(i, {}), cmd, base, goal["ceiling"])
    if kind == "repo":
        r = data.get("repo") or {}
        if cmd == "fails":
            return (r["passed"] - r["jfmt_passed"]) / r["passed"] if r.get("passed") else None
        return quotient(r.get("jfmt"), r.get(base))
    kib = data["rss"].get((i, cmd))
    if kind == "rss":
        return kib / 1024 if kib is not None else None
    if kind == "rss_obj":
        obj = data["maxobj"].get(i)
        return quotient(kib * 1024 if kib is not None else None,
                        3 * obj + (2 << 20) if obj else None)
    raise ValueError(kind)


def shown(goal, value):
    """The measured value as SUMMARY.md writes it."""
    if goal["kind"] == "rss":
        return "%.1f MiB" % value
    if goal["kind"] == "rss_obj":
        return "%.2f of the bound" % value
    if goal["kind"] == "repo":
        return "%.1f%%" % (100 * value) if goal["cmd"] == "fails" else "1/%.0f" % (1 / value)
    return "%.3f ×" % value


def evaluate(data):
    """(goal, measured text, met) for each goal this run measured."""
    rows = []
    for goal in GOALS:
        v = measure(goal, data)
        if v is not None:
            rows.append((goal, shown(goal, v), "yes" if v <= goal["limit"] else "**no**"))
    return rows


def target(input_name, cmd, base, kind="ir"):
    """The limit set for `cmd` ÷ `base` on an input (kind "ir"), or for
    `cmd` ÷ its previous count (kind "ir_prev", base None); or None."""
    for goal in GOALS:
        if (goal["kind"], goal["input"], goal["cmd"], goal["base"]) == (kind, input_name, cmd, base):
            return goal["limit"]
    return None
