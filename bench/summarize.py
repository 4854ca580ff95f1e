#!/usr/bin/env python3
"""Turn the files bench/run leaves in a results directory into SUMMARY.md,
summary.dat and (through gnuplot and plot.gp) summary.svg.

Usage: summarize.py RESULTS_DIR

Reads: meta.tsv, tools.tsv, inputs.tsv, <input>.json (hyperfine exports,
plus <input>.slow.json where the slow tools had a run of their own),
memory.tsv, callgrind.tsv, notes.txt -- whichever exist.
"""

import datetime
import glob
import json
import os
import platform
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


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


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    mem = "%.1f GiB RAM" % (int(line.split()[1]) / 1048576)
                    break
    except OSError:
        pass
    u = platform.uname()
    parts = [model, "%d cores" % (os.cpu_count() or 0)]
    if mem:
        parts.append(mem)
    parts.append("%s %s (%s)" % (u.system, u.release, u.machine))
    return ", ".join(parts)


def load_results(res, name):
    """command name -> hyperfine result dict, merging <name>.slow.json."""
    out = {}
    for fn in (name + ".json", name + ".slow.json"):
        path = os.path.join(res, fn)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                for r in json.load(f).get("results", []):
                    out[r["command"]] = r
    return out


def median(r):
    if r.get("median") is not None:
        return r["median"]
    t = sorted(r.get("times") or [r["mean"]])
    n = len(t)
    return t[n // 2] if n % 2 else (t[n // 2 - 1] + t[n // 2]) / 2


def ratio(a, b):
    if a is None or b is None or b <= 0:
        return "n/a"
    return "%.2f" % (a / b)


def mbps(nbytes, seconds):
    if seconds is None or seconds <= 0:
        return None
    return nbytes / 1e6 / seconds


def fmt_rate(r):
    if r is None:
        return "n/a"
    for limit, fmt in ((100, "%.0f"), (10, "%.1f"), (1, "%.2f")):
        if r >= limit:
            return fmt % r
    return "%.3f" % r


def fmt_ms(s):
    ms = s * 1000
    return "%.1f" % ms if ms >= 10 else "%.2f" % ms


def human_bytes(n):
    for unit, k in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= k:
            return "%.1f %s" % (n / k, unit)
    return "%d B" % n


def goal_rows(res, big_meds):
    """The project's speed and memory goals, each as (goal, measured, met),
    from what this run measured; goals it did not measure are left out."""
    rows = []

    def add(goal, value, limit, shown):
        if value is not None:
            rows.append((goal, shown % value, "yes" if value <= limit else "no"))

    def quotient(a, b):
        return a / b if a is not None and b else None

    turns = {}
    for tname in glob.glob(os.path.join(res, "turns-*.tsv")):
        iname = os.path.basename(tname)[len("turns-"):-len(".tsv")]
        turns[iname] = {i["name"]: float(i["median"]) for i in read_tsv(tname)}
    big = big_meds or {}
    tb = turns.get("big", {})
    for cmd, limit in (("jfmt -c", 1.08), ("jfmt", 1.15)):
        add("big: `%s` ≤ %.2f × floor, hyperfine medians" % (cmd, limit),
            quotient(big.get(cmd), big.get("floor")), limit, "%.3f ×")
        add("big: `%s` ≤ %.2f × floor, medians in turns" % (cmd, limit),
            quotient(tb.get(cmd), tb.get("floor")), limit, "%.3f ×")
    th = turns.get("small_hash", {})
    for cmd in ("jfmt -c", "jfmt"):
        add("start-up (small_hash, in turns): `%s` ≤ 1.10 × `json_reformat -s -m`" % cmd,
            quotient(th.get(cmd), th.get("json_reformat -s -m")), 1.10, "%.3f ×")
    for m in read_tsv(os.path.join(res, "memory.tsv")):
        if m["name"] in ("jfmt -c", "jfmt") and m["maxrss_kib"].isdigit():
            add("peak RSS of `%s` on %s ≤ 4 MiB" % (m["name"], m["input"]),
                int(m["maxrss_kib"]) / 1024, 4.0, "%.1f MiB")
    return rows


def main(argv):
    if len(argv) != 1:
        print("usage: summarize.py RESULTS_DIR", file=sys.stderr)
        return 2
    res = argv[0]
    meta = read_pairs(os.path.join(res, "meta.tsv"))
    tools = read_tsv(os.path.join(res, "tools.tsv"))
    inputs = read_tsv(os.path.join(res, "inputs.tsv"))
    style = {t["name"]: t["style"] for t in tools}
    order = [t["name"] for t in tools]
    # the jfmt command each peer is compared with
    ref_for = {"compact": "jfmt -c", "pretty": "jfmt"}

    notes = []
    npath = os.path.join(res, "notes.txt")
    if os.path.isfile(npath):
        with open(npath, encoding="utf-8") as f:
            notes = [l.strip() for l in f if l.strip()]

    out = []
    w = out.append
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    w("# jfmt benchmark summary")
    w("")
    w("- date: %s" % now)
    w("- machine: %s" % machine())
    w("- mode: %s" % meta.get("mode", "?"))
    versions = ", ".join(v if v.lower().startswith(k) else "%s %s" % (k, v)
                         for k, v in meta.items() if k not in ("mode", "jfmt"))
    if versions:
        w("- versions: %s" % versions)
    if "jfmt" in meta:
        w("- jfmt binary: `%s`" % meta["jfmt"])
    w("")
    w("How to read the tables: times are hyperfine medians of whole-process "
      "runs (input redirected from a file, output to /dev/null). "
      "**÷ floor** is a command's median divided by the median of `floor`, "
      "a program that only parses with yajl (1.00 = as fast as parsing "
      "alone can be). **÷ jfmt** compares each other tool with jfmt in the "
      "same output style: compact tools (`-c`, `-m`) with `jfmt -c`, "
      "pretty-printing tools with `jfmt`; above 1.00 the other tool is "
      "slower than jfmt. MB/s is input bytes (10^6) per second of median "
      "time; for the tiny documents it mostly reflects process start-up.")
    w("")

    goals_at = len(out)
    big_meds = None
    plot_input = None
    tables = []
    overview = []
    for inp in inputs:
        name, nbytes = inp["name"], int(inp["bytes"])
        results = load_results(res, name)
        if not results:
            continue
        floor = results.get("floor")
        fmed = median(floor) if floor else None
        meds = {c: median(r) for c, r in results.items()}
        if name == "big":
            big_meds = meds
        t = []
        t.append("### %s (%s%s)" % (name, human_bytes(nbytes),
                                     ", NDJSON" if inp.get("kind") == "ndjson" else ""))
        t.append("")
        t.append("| command | runs | median ms | σ ms | ÷ floor | ÷ jfmt | MB/s |")
        t.append("|:---|---:|---:|---:|---:|---:|---:|")
        for c in sorted(results, key=lambda c: order.index(c) if c in order else 99):
            r = results[c]
            st = style.get(c, "none")
            if c in ("jfmt", "jfmt -c", "floor"):
                vs = "—"
            else:
                vs = ratio(meds[c], meds.get(ref_for.get(st)))
            rate = mbps(nbytes, meds[c])
            t.append("| `%s` | %d | %s | %s | %s | %s | %s |" % (
                c, len(r.get("times", [])), fmt_ms(meds[c]), fmt_ms(r.get("stddev") or 0.0),
                ratio(meds[c], fmed), vs, fmt_rate(rate)))
        if os.path.isfile(os.path.join(res, name + ".slow.json")):
            slow = [c for c in load_results(res, name + ".slow")]
            t.append("")
            t.append("%s: measured in a separate hyperfine run with fewer runs "
                     "(see the runs column)." % ", ".join("`%s`" % c for c in slow))
        t.append("")
        tables.extend(t)

        peers_c = [meds[c] for c in meds if style.get(c) == "compact" and c != "jfmt -c"]
        overview.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            name, human_bytes(nbytes),
            fmt_ms(meds["jfmt -c"]) if "jfmt -c" in meds else "n/a",
            fmt_ms(meds["jfmt"]) if "jfmt" in meds else "n/a",
            fmt_ms(fmed) if fmed is not None else "n/a",
            ratio(meds.get("jfmt -c"), fmed), ratio(meds.get("jfmt"), fmed),
            ratio(min(peers_c), meds.get("jfmt -c")) if peers_c else "n/a"))
        # plot the big document, or else the largest input measured
        if plot_input is None or name == "big" or (
                plot_input[0] != "big" and nbytes > plot_input[1]):
            plot_input = (name, nbytes, meds)

    if overview:
        w("## Overview")
        w("")
        w("| input | size | jfmt -c ms | jfmt ms | floor ms | jfmt -c ÷ floor "
          "| jfmt ÷ floor | fastest compact peer ÷ jfmt -c |")
        w("|:---|---:|---:|---:|---:|---:|---:|---:|")
        out.extend(overview)
        w("")
        w("## Per input")
        w("")
        out.extend(tables)
    else:
        w("No timing results were found.")
        w("")

    for tname in sorted(glob.glob(os.path.join(res, "turns-*.tsv")),
                        key=lambda p: "small_hash" in p):
        turns = read_tsv(tname)
        if not turns:
            continue
        iname = os.path.basename(tname)[len("turns-"):-len(".tsv")]
        fl = [float(i["median"]) for i in turns if i["name"] == "floor"]
        jr = [float(i["median"]) for i in turns if i["name"] == "json_reformat -s -m"]
        w("## In turns on %s" % iname)
        w("")
        w("hyperfine runs one command after another, so a slow spell of the "
          "shared machine falls on one of them. Here every round runs each "
          "command once, in rotating order, with Python's subprocess (which "
          "adds the same few hundred microseconds to each); medians of %s "
          "rounds. These are the figures to judge %s by."
          % (turns[0]["runs"], "start-up" if iname == "small_hash"
             else "jfmt's distance from the floor"))
        w("")
        w("| command | runs | median ms | min ms | max ms | ÷ floor |%s" % (" ÷ json_reformat -s -m |" if jr else ""))
        w("|:---|---:|---:|---:|---:|---:|%s" % ("---:|" if jr else ""))
        for i in turns:
            med = float(i["median"])
            w("| `%s` | %s | %s | %s | %s | %s |%s" % (
                i["name"], i["runs"], fmt_ms(med), fmt_ms(float(i["min"])),
                fmt_ms(float(i["max"])), ratio(med, fl[0]) if fl else "n/a",
                (" %s |" % ratio(med, jr[0])) if jr else ""))
        w("")

    mem = read_tsv(os.path.join(res, "memory.tsv"))
    if mem:
        w("## Peak memory on %s" % mem[0]["input"])
        w("")
        w("Maximum resident set size from `/usr/bin/time -f %M`, one run each.")
        w("")
        w("| command | peak RSS KiB | peak RSS MiB | exit |")
        w("|:---|---:|---:|---:|")
        for m in mem:
            try:
                kib = int(m["maxrss_kib"])
                mib = "%.1f" % (kib / 1024)
            except ValueError:
                kib, mib = m["maxrss_kib"], "n/a"
            w("| `%s` | %s | %s | %s |" % (m["name"], kib, mib, m["exit"]))
        w("")

    cg = read_tsv(os.path.join(res, "callgrind.tsv"))
    if cg:
        sizes = {i["name"]: int(i["bytes"]) for i in inputs}
        w("## Instruction counts (callgrind)")
        w("")
        w("Instructions executed for a whole run (start-up included), "
          "from `valgrind --tool=callgrind`. Unlike times, these barely move "
          "with machine noise.")
        w("")
        w("| input | command | instructions | per input byte | ÷ floor |")
        w("|:---|:---|---:|---:|---:|")
        floor_ir = {c["input"]: c["instructions"] for c in cg if c["name"] == "floor"}
        for c in cg:
            ir = c["instructions"]
            if not ir.isdigit():
                w("| %s | `%s` | n/a | n/a | n/a |" % (c["input"], c["name"]))
                continue
            per = "%.1f" % (int(ir) / sizes[c["input"]]) if sizes.get(c["input"]) else "n/a"
            fl = floor_ir.get(c["input"], "")
            w("| %s | `%s` | %s | %s | %s |" % (
                c["input"], c["name"], format(int(ir), ","), per,
                ratio(int(ir), int(fl)) if fl.isdigit() else "n/a"))
        w("")

    goals = goal_rows(res, big_meds)
    if goals:
        g = ["## Goals", "",
             "jfmt's targets, as measured in this run (ratios to 3 decimals).", "",
             "| goal | measured | met |", "|:---|---:|:---|"]
        g += ["| %s | %s | %s |" % row for row in goals]
        out[goals_at:goals_at] = g + [""]

    if notes:
        w("## Notes")
        w("")
        for n in notes:
            w("- " + n)
        w("")

    if plot_input is not None:
        w("![throughput on %s](summary.svg)" % plot_input[0])
        w("")
        w("In the chart, floor and jfmt are drawn from the runs in turns where "
          "there are some, the other tools from hyperfine.")
        w("")

    with open(os.path.join(res, "SUMMARY.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(out))

    if plot_input is not None:
        make_plot(res, plot_input, style)
    return 0


def make_plot(res, plot_input, style):
    name, nbytes, meds = plot_input
    # floor and jfmt were also timed in turns; those medians are the fairer
    turns = read_tsv(os.path.join(res, "turns-%s.tsv" % name))
    meds = dict(meds)
    meds.update({t["name"]: float(t["median"]) for t in turns if t["name"] in meds})
    rows = []
    for c, m in meds.items():
        rate = mbps(nbytes, m)
        if rate is not None:
            colour = 0 if c == "floor" else 1 if c.startswith("jfmt") else 2
            rows.append((rate, c, colour))
    rows.sort()  # slowest first: gnuplot draws it at the bottom
    dat = os.path.join(res, "summary.dat")
    with open(dat, "w", encoding="utf-8") as f:
        f.write("# input: %s (%d bytes); columns: tool, MB/s, colour (0 floor, 1 jfmt, 2 other)\n"
                % (name, nbytes))
        for rate, c, colour in rows:
            f.write("%s\t%.3f\t%d\n" % (c, rate, colour))
    if shutil.which("gnuplot") is None:
        print("summarize.py: gnuplot not installed, summary.svg not drawn", file=sys.stderr)
        return
    title = "Throughput on %s (%s), MB/s of input, higher is better%s" % (
        name, human_bytes(nbytes), " (floor and jfmt: runs in turns)" if turns else "")
    subprocess.run(
        ["gnuplot",
         "-e", "datafile='%s'" % dat.replace("'", ""),
         "-e", "outfile='%s'" % os.path.join(res, "summary.svg").replace("'", ""),
         "-e", "plottitle='%s'" % title,
         "-e", "nrows=%d" % len(rows),
         os.path.join(HERE, "plot.gp")],
        check=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
