#!/usr/bin/env python3
"""Turn the raw files bench/run leaves in a directory into SUMMARY.md and
(through gnuplot and plot.gp) its chart, summary.svg.

Usage: summarize.py [--out OUT_DIR] [RAW_DIR [PREVIOUS_DIR]]
       summarize.py --machine

RAW_DIR: a run's raw files (default: $BENCH_WORK/full, BENCH_WORK being
build/bench unless set: where a full run leaves them).  Reads: meta.tsv,
tools.tsv, inputs.tsv, <input>.json and <input>.slow.json (hyperfine
exports), turns-<input>.tsv, memory.tsv, callgrind.tsv, notes.txt --
whichever exist.  Writes summary.dat, the chart's data, there.

PREVIOUS_DIR: the run that instruction counts are compared with (default:
RAW_DIR/previous, where bench/run keeps the committed SUMMARY.md it
started from).  Either the raw files of a run (callgrind.tsv, meta.tsv)
or a SUMMARY.md, whose instruction table is read; and committed_in.

OUT_DIR: where SUMMARY.md and summary.svg are written (default:
bench/results for a full run, RAW_DIR itself for a quick one).

--machine prints the machine's description, which bench/run keeps in
meta.tsv.
"""

import argparse
import datetime
import glob
import json
import os
import platform
import re
import shutil
import subprocess
import sys

import goals

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FLOORS = ("floor", "floor-novalidate")
CPUS = "cpus"   # the runs in turns on two CPUs (bench/run's in_turns_cpus)
PEER_ORDER_LAST = 99


def read_tsv(path):
    """Rows of a tab-separated file with a header line, as dicts."""
    if not os.path.isfile(path):
        return []
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n") for l in f if l.strip()]
    if not lines:
        return []
    head = lines[0].split("\t")
    return [dict(zip(head, l.split("\t"))) for l in lines[1:]]


def read_pairs(path):
    out = {}
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if "\t" in line:
                    k, v = line.rstrip("\n").split("\t", 1)
                    out[k] = v
    return out


def read_summary(path):
    """The instruction counts {(input, name): Ir} and the meta.tsv pairs that
    a SUMMARY.md this script wrote shows (its Instructions table, and the
    commit jfmt was built from)."""
    ir, meta = {}, {}
    if not os.path.isfile(path):
        return ir, meta
    section = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("## "):
                section = line[3:]
                continue
            m = re.match(r"- jfmt measured: `(.*)`, built from commit (.+)$", line)
            if m:
                meta["jfmt"], meta["commit"] = m.groups()
            if not (section or "").startswith("Instructions") or not line.startswith("|"):
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            count = cells[2].replace(",", "") if len(cells) > 2 else ""
            if count.isdigit():
                ir[(cells[0], cells[1].strip("`"))] = int(count)
    return ir, meta


def machine():
    model, mem = "unknown CPU", ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next((l.split(":", 1)[1].strip() for l in f
                          if l.startswith("model name")), model)
        with open("/proc/meminfo", encoding="utf-8") as f:
            kib = next((int(l.split()[1]) for l in f if l.startswith("MemTotal:")), 0)
            mem = "%.1f GiB RAM" % (kib / 1048576) if kib else ""
    except OSError:
        pass
    u = platform.uname()
    parts = [model, "%d cores" % (os.cpu_count() or 0)] + ([mem] if mem else [])
    return ", ".join(parts + ["%s %s (%s)" % (u.system, u.release, u.machine)])


def load_medians(res, name):
    """command -> (median seconds, runs), from <name>.json and <name>.slow.json."""
    out = {}
    for fn in (name + ".json", name + ".slow.json"):
        path = os.path.join(res, fn)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                for r in json.load(f).get("results", []):
                    out[r["command"]] = (r["median"], len(r.get("times", [])))
    return out


def ratio(a, b):
    return "%.2f" % (a / b) if a is not None and b is not None and a > 0 and b > 0 else "—"


def fmt_ms(s):
    if s is None:
        return "—"
    ms = s * 1000
    return "%.1f" % ms if ms >= 10 else "%.2f" % ms


def fmt_rate(nbytes, s):
    if s <= 0:  # hyperfine's shell correction can leave a tiny run at 0
        return "—"
    r = nbytes / 1e6 / s
    for limit, fmt in ((100, "%.0f"), (10, "%.1f"), (1, "%.2f")):
        if r >= limit:
            return fmt % r
    return "%.3f" % r


def human_bytes(n):
    for unit, k in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= k:
            return "%.1f %s" % (n / k, unit)
    return "%d B" % n


class Run:
    """Everything one results directory holds."""

    def __init__(self, res, prev):
        self.res = res
        self.meta = read_pairs(os.path.join(res, "meta.tsv"))
        self.prev_ir, self.prev_meta = {}, {}
        if prev:
            if os.path.isfile(os.path.join(prev, "callgrind.tsv")):
                self.prev_ir = {(c["input"], c["name"]): int(c["instructions"])
                                for c in read_tsv(os.path.join(prev, "callgrind.tsv"))}
                self.prev_meta = read_pairs(os.path.join(prev, "meta.tsv"))
            else:
                self.prev_ir, self.prev_meta = read_summary(os.path.join(prev, "SUMMARY.md"))
            committed = os.path.join(prev, "committed_in")
            if os.path.isfile(committed):
                with open(committed, encoding="utf-8") as f:
                    self.prev_meta.setdefault("committed_in", f.read().strip() or "?")
        self.tools = read_tsv(os.path.join(res, "tools.tsv"))
        self.order = [t["name"] for t in self.tools]
        self.style = {t["name"]: t["style"] for t in self.tools}
        self.inputs = [i for i in read_tsv(os.path.join(res, "inputs.tsv"))]
        self.bytes = {i["name"]: int(i["bytes"]) for i in self.inputs}
        self.meds = {i["name"]: load_medians(res, i["name"]) for i in self.inputs}
        self.turns = {}
        for path in glob.glob(os.path.join(res, "turns-*.tsv")):
            name = os.path.basename(path)[len("turns-"):-len(".tsv")]
            self.turns[name] = {r["name"]: float(r["median"]) for r in read_tsv(path)}
        self.turn_rows = {n: read_tsv(os.path.join(res, "turns-%s.tsv" % n)) for n in self.turns}
        self.rounds = {n: {r["name"]: [float(x) for x in r["rounds"].split(",")]
                           for r in rows if r.get("rounds")}
                       for n, rows in self.turn_rows.items()}
        self.cpu_rounds = {n: {r["name"]: [float(x) for x in r["cpu_rounds"].split(",")]
                               for r in rows if r.get("cpu_rounds")}
                           for n, rows in self.turn_rows.items()}
        self.rss = {(m["input"], m["name"]): int(m["maxrss_kib"])
                    for m in read_tsv(os.path.join(res, "memory.tsv"))
                    if m["maxrss_kib"].isdigit() and m["exit"] == "0"}
        self.ir = {(c["input"], c["name"]): int(c["instructions"])
                   for c in read_tsv(os.path.join(res, "callgrind.tsv"))}
        self.maxobj = {i["name"]: int(i["largest_object"]) for i in self.inputs
                       if i.get("largest_object", "-").isdigit()}
        npath = os.path.join(res, "notes.txt")
        self.notes = []
        if os.path.isfile(npath):
            with open(npath, encoding="utf-8") as f:
                self.notes = [l.strip() for l in f if l.strip()]

    def ref(self, cmd):
        """The jfmt command another command is compared with, or None."""
        st = self.style.get(cmd, "")
        if st.startswith("ref="):
            return st[4:]
        return {"compact": "jfmt -c", "pretty": "jfmt"}.get(st) if not cmd.startswith("jfmt") else None

    def sort_key(self, cmd):
        return self.order.index(cmd) if cmd in self.order else PEER_ORDER_LAST

    def is_peer(self, cmd):
        return not cmd.startswith("jfmt") and cmd not in FLOORS


def header(run, w):
    # a run's date and machine are in its meta.tsv; those of a run that
    # did not record them are taken as now and here
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    w("# jfmt benchmark summary")
    w("")
    w("- date: %s" % run.meta.get("date", now))
    w("- jfmt measured: `%s`, built from commit %s" % (run.meta.get("jfmt", "?"), run.meta.get("commit", "?")))
    w("- machine: %s" % run.meta.get("machine", machine()))
    w("- mode: %s" % run.meta.get("mode", "?"))
    load = [run.meta.get("load at " + k) for k in ("start", "end")]
    if all(load):
        w("- load average (1, 5, 15 min) at the start: %s; at the end: %s%s" % (
            load[0], load[1], " (busier than its %d cores: wall times are unreliable, "
            "instruction counts are not)" % os.cpu_count()
            if max(float(l.split()[0]) for l in load) > (os.cpu_count() or 1) else ""))
    skip = ("mode", "jfmt", "commit", "load at start", "load at end", "date", "machine")
    versions = ", ".join(v if v.lower().startswith(k) else "%s %s" % (k, v)
                         for k, v in run.meta.items() if k not in skip)
    if versions:
        w("- versions: %s" % versions)
    if run.prev_ir:
        measured = run.prev_meta.get("commit")
        w("- instructions compared with: the committed run (results committed in %s%s)"
          % (run.prev_meta.get("committed_in", "?"),
             ", jfmt built from commit " + measured if measured else ""))
    w("")
    w("Two floors, both `bench/floor.c`, a yajl parse whose callbacks do "
      "nothing: **floor** lets yajl check that strings are valid UTF-8, as "
      "any correct yajl-based tool must, and every **÷ floor** is taken "
      "against it; **floor-novalidate** turns that check off "
      "(`yajl_dont_validate_strings`), leaving yajl's tokenizer alone. jfmt "
      "checks UTF-8 itself with yajl's check off, so floor-novalidate is the "
      "floor it can approach, and on text heavy in non-ASCII jfmt can beat "
      "floor. Times are medians of whole-process runs (input from a file, "
      "output to /dev/null); the ratios to judge by are those from runs in "
      "turns and from instruction counts, which do not move with the "
      "shared machine's noise. The goals are defined in `bench/goals.py`.")
    w("")


def read_repo(raw):
    """bench/prettier_share.py's report of the repository run, as figures:
    files prettier passed, those jfmt passed, each tool's seconds; and the
    report's text."""
    path = os.path.join(raw, "repo_share.txt")
    if not os.path.isfile(path):
        return None, None
    text = open(path, encoding="utf-8").read()
    r = {}
    m = re.search(r"prettier --check passes (\d+)", text)
    if m:
        r["passed"] = int(m.group(1))
    m = re.search(r"jfmt --style=prettier --check passes (\d+) of those (\d+)", text)
    if m:
        r["jfmt_passed"] = int(m.group(1))
        r["passed"] = int(m.group(2))
    for tool, key in (("prettier --check", "prettier"), ("biome format", "biome"),
                      ("jfmt --check", "jfmt")):
        m = re.search(re.escape(tool) + r"\s+([0-9.]+) s", text)
        if m:
            r[key] = float(m.group(1))
    return r, text


def repository(run, w):
    _, text = read_repo(run.res)
    if not text:
        return
    w("## A repository's JSON: jfmt, prettier and biome")
    w("")
    w("`bench/prettier_share.py` on the repository named by `BENCH_REPO`, each file with its "
      "own prettier options (see bench/README.md):")
    w("")
    w("```")
    for line in text.rstrip("\n").split("\n"):
        w(line)
    w("```")
    w("")


def goals_table(run, w):
    repo, _ = read_repo(run.res)
    data = dict(callgrind=run.ir, previous=run.prev_ir, rounds=run.rounds,
                rss=run.rss, maxobj=run.maxobj, repo=repo)
    rows = goals.evaluate(data)
    if not rows:
        return
    w("## Goals")
    w("")
    w("| goal | measured | met |")
    w("|:---|---:|:---|")
    for goal, value, met in rows:
        w("| %s | %s | %s |" % (goal["text"], value, met))
    w("")


def overview(run, w):
    w("## Overview")
    w("")
    w("Hyperfine medians in ms; on the tiny inputs hyperfine's subtraction "
      "of the shell's start-up leaves a millisecond of noise, so start-up is "
      "judged in turns on small_hash. The fastest peer is the quickest other tool "
      "on that input, compared with jfmt in its output style (`-c`/`-m` "
      "with `jfmt -c`, pretty ones with `jfmt`); above 1.00 jfmt is faster.")
    w("")
    w("| input | size | floor | floor-novalidate | jfmt -c | ÷ floor | ÷ floor-novalidate "
      "| jfmt | ÷ floor | ÷ floor-novalidate | fastest peer | its ms | ÷ jfmt | jq -c . | ÷ jfmt -c |")
    w("|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---|---:|---:|---:|---:|")
    for i in run.inputs:
        m = {c: v[0] for c, v in run.meds[i["name"]].items()}
        if not m:
            continue
        fl, nv = m.get("floor"), m.get("floor-novalidate")
        peers = sorted((v, c) for c, v in m.items() if run.is_peer(c))
        if peers:
            pv, pc = peers[0]
            peer = ("`%s`" % pc, fmt_ms(pv), ratio(pv, m.get(run.ref(pc))))
        else:
            peer = ("—", "—", "—")
        jq = m.get("jq -c .")
        w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            i["name"], human_bytes(run.bytes[i["name"]]), fmt_ms(fl), fmt_ms(nv),
            fmt_ms(m.get("jfmt -c")), ratio(m.get("jfmt -c"), fl), ratio(m.get("jfmt -c"), nv),
            fmt_ms(m.get("jfmt")), ratio(m.get("jfmt"), fl), ratio(m.get("jfmt"), nv),
            peer[0], peer[1], peer[2], fmt_ms(jq), ratio(jq, m.get("jfmt -c"))))
    w("")


def instructions(run, w):
    if not run.ir:
        return
    w("## Instructions (callgrind)")
    w("")
    w("Instructions executed by a whole run (start-up included). **÷ ref** "
      "divides a jfmt option's count by plain `jfmt`'s; **÷ previous** by "
      "the committed run's. A target, where one is set, is for the ratio "
      "in the column it names (from `bench/goals.py`).")
    w("")
    w("| input | command | instructions | per byte | ÷ floor | ÷ floor-novalidate | ÷ ref | ÷ previous | target |")
    w("|:---|:---|---:|---:|---:|---:|---:|---:|:---|")
    names = [i["name"] for i in run.inputs]
    inputs = sorted({k[0] for k in run.ir}, key=lambda n: names.index(n) if n in names else 99)
    for inp in inputs:
        fl, nv = run.ir.get((inp, "floor")), run.ir.get((inp, "floor-novalidate"))
        cmds = sorted((c for (i, c) in run.ir if i == inp), key=run.sort_key)
        for c in cmds:
            ir = run.ir[(inp, c)]
            ref = run.ref(c) if c.startswith("jfmt ") and c != "jfmt -c" else None
            prev = run.prev_ir.get((inp, c))
            tgt = []
            for base, col in (("floor-novalidate", "÷ floor-novalidate"), (ref, "÷ ref")):
                lim = goals.target(inp, c, base) if base else None
                if lim is not None:
                    tgt.append("≤ %.2f (%s)" % (lim, col))
            lim = goals.target(inp, c, None, "ir_prev") if prev else None
            if lim is not None:
                tgt.append("≤ %.2f (÷ previous)" % lim)
            per = "%.1f" % (ir / run.bytes[inp]) if run.bytes.get(inp) else "—"
            w("| %s | `%s` | %s | %s | %s | %s | %s | %s | %s |" % (
                inp, c, format(ir, ","), per,
                ratio(ir, fl) if c not in FLOORS else "—",
                ratio(ir, nv) if c not in FLOORS else "—",
                ratio(ir, run.ir.get((inp, ref))) if ref else "—",
                "%.4f" % (ir / prev) if prev else "—", "; ".join(tgt)))
    if ("big", "jfmt --indent=4") in run.ir:
        w("")
        w("On big.json only `jfmt` and `jfmt --indent=4` are counted (about a minute each).")
    w("")


def turns_tables(run, w):
    order = [i["name"] for i in run.inputs]
    for name in sorted(run.turn_rows, key=lambda n: order.index(n) if n in order else 99):
        rows = run.turn_rows[name]
        if not rows or name == CPUS:
            continue
        t = run.turns[name]
        jr = t.get("json_reformat -s -m")

        def per(c, base):
            q = goals.turns_ratio(run.rounds.get(name, {}), c, base)
            return "%.2f" % q if q is not None else "—"

        w("### %s, %s rounds" % (name, rows[0]["runs"]))
        w("")
        w("| command | median ms | min ms | max ms | ÷ floor | ÷ floor-novalidate | ÷ ref |%s"
          % (" ÷ json_reformat -s -m |" if jr else ""))
        w("|:---|---:|---:|---:|---:|---:|---:|%s" % ("---:|" if jr else ""))
        for r in rows:
            med, c = float(r["median"]), r["name"]
            ref = run.ref(c) if c.startswith("jfmt ") and c != "jfmt -c" else None
            w("| `%s` | %s | %s | %s | %s | %s | %s |%s" % (
                c, fmt_ms(med), fmt_ms(float(r["min"])), fmt_ms(float(r["max"])),
                per(c, "floor"), per(c, "floor-novalidate"),
                per(c, ref) if ref else "—",
                (" %s |" % per(c, "json_reformat -s -m")) if jr else ""))
        w("")


def cpus_table(run, w):
    """The runs in turns on two CPUs (bench/run's in_turns_cpus)."""
    rows = run.turn_rows.get(CPUS)
    if not rows:
        return
    rounds, cpu = run.rounds.get(CPUS, {}), run.cpu_rounds.get(CPUS, {})
    halves = ("ndjson_1m: two halves at once", "ndjson_1m: jfmt -c -j1")
    w("## Two CPUs, %s rounds" % rows[0]["runs"])
    w("")
    w("`jfmt -c` (every CPU) against `jfmt -c -j1` on big.json and ndjson_1m, and "
      "two `jfmt -c -j1` processes at once on the two halves of ndjson_1m, work "
      "that shares nothing: the most two CPUs of this machine give. All run in "
      "the same rounds in turns, each ratio the median of those within a "
      "round; **÷ the halves'** divides a ratio by the halves' in the same "
      "round (1.00: -j gains what two processes gain). **CPU** is user and "
      "system time, of every thread: what the threads add to the work.")
    w("")
    w("| command | median ms | CPU ms | ÷ `-j1` | CPU ÷ `-j1`'s | ÷ the halves' |")
    w("|:---|---:|---:|---:|---:|---:|")
    for r in rows:
        c = r["name"]
        base = c.split(":")[0] + ": jfmt -c -j1"
        q = goals.turns_ratio(rounds, c, base) if c != base else None
        qc = goals.turns_ratio(cpu, c, base) if c != base else None
        qh = goals.ceiling_ratio(rounds, c, base, halves) \
            if c != base and c != halves[0] else None
        cm = r.get("cpu_median")
        w("| `%s` | %s | %s | %s | %s | %s |" % (
            c, fmt_ms(float(r["median"])), fmt_ms(float(cm)) if cm else "—",
            "%.3f" % q if q is not None else "—", "%.3f" % qc if qc is not None else "—",
            "%.3f" % qh if qh is not None else "—"))
    w("")


def memory(run, w):
    if not run.rss:
        return
    big = "big" if any(k[0] == "big" for k in run.rss) else None
    w("## Peak memory")
    w("")
    w("Maximum resident set size (`/usr/bin/time -f %M`) of one run.")
    w("")
    if big:
        w("On big.json:")
        w("")
        w("| command | peak RSS MiB |")
        w("|:---|---:|")
        for c in sorted((c for (i, c) in run.rss if i == big), key=run.sort_key):
            w("| `%s` | %.1f |" % (c, run.rss[(big, c)] / 1024))
        w("")
    rows = [(i, run.rss[(i, "jfmt -S")]) for i in run.maxobj if (i, "jfmt -S") in run.rss]
    if rows:
        w("`jfmt -S` holds one object at a time; its bound is 3 × the largest object + 2 MiB:")
        w("")
        w("| input | largest object | `jfmt -S` peak RSS | bound | ÷ bound | `jfmt` peak RSS |")
        w("|:---|---:|---:|---:|---:|---:|")
        for i, kib in rows:
            obj = run.maxobj[i]
            bound = 3 * obj + (2 << 20)
            plain = run.rss.get((i, "jfmt"))
            w("| %s | %s | %s | %s | %.2f | %s |" % (
                i, human_bytes(obj), human_bytes(kib * 1024), human_bytes(bound),
                kib * 1024 / bound, human_bytes(plain * 1024) if plain else "—"))
        w("")


def per_input(run, w):
    w("## Per input")
    w("")
    w("Hyperfine medians. jq, gojq and python3 are timed in a hyperfine run "
      "of their own with fewer runs (see the runs column). MB/s is input "
      "bytes (10^6) per second; on the tiny documents it is mostly start-up.")
    w("")
    for i in run.inputs:
        name, nbytes = i["name"], run.bytes[i["name"]]
        meds = run.meds[name]
        if not meds:
            continue
        m = {c: v[0] for c, v in meds.items()}
        w("### %s (%s%s)" % (name, human_bytes(nbytes), ", NDJSON" if i["kind"] == "ndjson" else ""))
        w("")
        w("| command | runs | median ms | ÷ floor | ÷ floor-novalidate | ÷ jfmt | MB/s |")
        w("|:---|---:|---:|---:|---:|---:|---:|")
        for c in sorted(meds, key=run.sort_key):
            ref = run.ref(c)
            w("| `%s` | %d | %s | %s | %s | %s | %s |" % (
                c, meds[c][1], fmt_ms(m[c]), ratio(m[c], m.get("floor")),
                ratio(m[c], m.get("floor-novalidate")),
                ratio(m[c], m.get(ref)) if ref else "—", fmt_rate(nbytes, m[c])))
        w("")


def main(argv):
    ap = argparse.ArgumentParser(prog="summarize.py", usage="%(prog)s [--out OUT_DIR] "
                                 "[RAW_DIR [PREVIOUS_DIR]] | %(prog)s --machine")
    ap.add_argument("--out", metavar="OUT_DIR")
    ap.add_argument("--machine", action="store_true")
    ap.add_argument("raw", nargs="?", metavar="RAW_DIR")
    ap.add_argument("previous", nargs="?", metavar="PREVIOUS_DIR")
    args = ap.parse_args(argv)
    if args.machine:
        print(machine())
        return 0
    raw = args.raw or os.path.join(os.environ.get("BENCH_WORK") or
                                   os.path.join(ROOT, "build", "bench"), "full")
    if not os.path.isfile(os.path.join(raw, "meta.tsv")):
        print("summarize.py: %s holds no run (no meta.tsv)" % raw, file=sys.stderr)
        return 1
    prev = args.previous
    if prev is None and os.path.isdir(os.path.join(raw, "previous")):
        prev = os.path.join(raw, "previous")
    run = Run(raw, prev)
    dest = args.out or (os.path.join(HERE, "results")
                        if run.meta.get("mode") == "full" else raw)
    os.makedirs(dest, exist_ok=True)
    out = []
    w = out.append
    header(run, w)
    goals_table(run, w)
    if any(run.meds.values()):
        overview(run, w)
    else:
        w("No timing results were found.")
        w("")
    instructions(run, w)
    if run.turn_rows:
        w("## In turns")
        w("")
        w("hyperfine runs all of one command's runs before the next, so a slow "
          "spell of the shared machine falls on one command. Here each round "
          "runs every command once, in rotating order reversed every other "
          "round (Python's subprocess adds "
          "the same few hundred microseconds to each), and each ratio is the "
          "median of the ratios within a round. **÷ ref** compares a "
          "jfmt option with plain `jfmt` (`--check` with `jfmt -c`).")
        w("")
        turns_tables(run, w)
    cpus_table(run, w)
    memory(run, w)
    repository(run, w)
    per_input(run, w)
    if run.notes:
        w("## Notes")
        w("")
        out.extend("- " + n for n in run.notes)
        w("")
    plot = plot_input(run)
    chart = os.path.join(dest, "summary.svg")
    draw = plot and shutil.which("gnuplot") is not None
    if plot and not draw:
        print("summarize.py: gnuplot not installed, summary.svg not drawn", file=sys.stderr)
    if draw:
        w("![throughput on %s](summary.svg)" % plot)
        w("")
    elif os.path.isfile(chart):
        os.remove(chart)  # an earlier run's
    with open(os.path.join(dest, "SUMMARY.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    if plot:
        make_plot(run, plot, chart if draw else None)
    return 0


def plot_input(run):
    """big.json, or else the largest input timed."""
    timed = [i["name"] for i in run.inputs if run.meds[i["name"]]]
    if not timed:
        return None
    return "big" if "big" in timed else max(timed, key=lambda n: run.bytes[n])


def make_plot(run, name, chart):
    """summary.dat among the raw files, and from it (if chart) the chart."""
    nbytes = run.bytes[name]
    meds = {c: v[0] for c, v in run.meds[name].items()}
    # floor and jfmt were also timed in turns; those medians are the fairer
    meds.update({c: v for c, v in run.turns.get(name, {}).items() if c in meds})
    rows = []
    for c, m in meds.items():
        if m <= 0:
            continue
        colour = 0 if c in FLOORS else 1 if c.startswith("jfmt") else 2
        rows.append((nbytes / 1e6 / m, c, colour))
    rows.sort()  # slowest first: gnuplot draws it at the bottom
    dat = os.path.join(run.res, "summary.dat")
    with open(dat, "w", encoding="utf-8") as f:
        f.write("# input: %s (%d bytes); columns: tool, MB/s, colour (0 floor, 1 jfmt, 2 other)\n"
                % (name, nbytes))
        for rate, c, colour in rows:
            f.write("%s\t%.3f\t%d\n" % (c, rate, colour))
    if not chart:
        return
    title = "Throughput on %s (%s), MB/s of input, higher is better%s" % (
        name, human_bytes(nbytes), " (floors and jfmt: runs in turns)" if name in run.turns else "")
    subprocess.run(
        ["gnuplot",
         "-e", "datafile='%s'" % dat.replace("'", ""),
         "-e", "outfile='%s'" % chart.replace("'", ""),
         "-e", "plottitle='%s'" % title,
         "-e", "nrows=%d" % len(rows),
         os.path.join(HERE, "plot.gp")],
        check=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
