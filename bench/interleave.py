#!/usr/bin/env python3
"""interleave.py ROUNDS INPUT OUT.tsv NAME<TAB>COMMAND[<TAB>FILE]... - time commands in turns.

hyperfine runs all the runs of one command before the next, so a slow
spell of a shared machine lands on one command only.  Here each round runs
every command once (the order rotating from round to round, and reversed
every other round, so that no command always follows the same one) with
INPUT as standard input (or FILE, where a command names one) and
/dev/null as output, so that all commands see the same conditions.  A
first round is a warm-up and is not counted.

Each run's wall time is taken, and its CPU time, user and system, of all
its threads and of the processes it waited for (wait4(2)): on a machine
others share, the CPU time of a run moves much less than its wall time,
and it shows what threads add to the work.

Writes OUT.tsv: name, runs, median, min and max seconds, each round's
time in round order (comma-separated), from which a ratio of two commands
is taken round by round (goals.turns_ratio()), and the median CPU seconds
and each round's; prints a table.  Each argument is a name and a command
separated by a tab (names may hold '='), and perhaps a tab and a file;
the command is split on white space (no shell).
"""
import os
import statistics
import subprocess
import sys
import time


def run_once(cmd, path):
    """(wall seconds, CPU seconds) of one run of `cmd` on `path`."""
    with open(path, "rb") as stdin, open("/dev/null", "wb") as stdout:
        t = time.perf_counter()
        p = subprocess.Popen(cmd.split(), stdin=stdin, stdout=stdout)
        _, status, ru = os.wait4(p.pid, 0)
        t = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise subprocess.CalledProcessError(p.returncode, cmd)
    return t, ru.ru_utime + ru.ru_stime


def main(argv):
    if len(argv) < 5:
        sys.exit(__doc__.strip().splitlines()[0])
    rounds, path, out = int(argv[1]), argv[2], argv[3]
    cmds = [(a.split("\t") + [path])[:3] for a in argv[4:]]
    times = {name: [] for name, _, _ in cmds}
    cpus = {name: [] for name, _, _ in cmds}
    for r in range(rounds + 1):
        k = r % len(cmds)
        order = cmds[k:] + cmds[:k]
        if r % 2:
            order.reverse()
        for name, cmd, file in order:
            t, cpu = run_once(cmd, file)
            if r > 0:
                times[name].append(t)
                cpus[name].append(cpu)
    with open(out, "w") as f:
        f.write("name\truns\tmedian\tmin\tmax\trounds\tcpu_median\tcpu_rounds\n")
        for name, _, _ in cmds:
            ts, cs = times[name], cpus[name]
            each = ",".join(f"{t:.6f}" for t in ts)
            cpu_each = ",".join(f"{c:.6f}" for c in cs)
            f.write(f"{name}\t{len(ts)}\t{statistics.median(ts):.6f}\t{min(ts):.6f}\t"
                    f"{max(ts):.6f}\t{each}\t{statistics.median(cs):.6f}\t{cpu_each}\n")
    base = statistics.median(times[cmds[0][0]])
    for name, _, _ in cmds:
        m, c = statistics.median(times[name]), statistics.median(cpus[name])
        print(f"  {name:18s} median {m:.3f} s  {m / base:.3f} x {cmds[0][0]}  CPU {c:.3f} s")


if __name__ == "__main__":
    main(sys.argv)
