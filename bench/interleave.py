#!/usr/bin/env python3
"""interleave.py ROUNDS INPUT OUT.tsv NAME<TAB>COMMAND... - time commands in turns.

hyperfine runs all the runs of one command before the next, so a slow
spell of a shared machine lands on one command only.  Here each round runs
every command once (the order rotating from round to round, and reversed
every other round, so that no command always follows the same one) with
INPUT as standard input and /dev/null as output, so that all commands see
the same conditions.  A first round is a warm-up and is not counted.

Writes OUT.tsv: name, runs, median, min and max seconds, and each round's
time in round order (comma-separated), from which a ratio of two commands
is taken round by round (goals.turns_ratio()); prints a table.
Each argument is a name and a command separated by a tab (names may hold
'='); the command is split on white space (no shell).
"""
import statistics
import subprocess
import sys
import time


def main(argv):
    if len(argv) < 5:
        sys.exit(__doc__.strip().splitlines()[0])
    rounds, path, out = int(argv[1]), argv[2], argv[3]
    cmds = [a.split("\t", 1) for a in argv[4:]]
    times = {name: [] for name, _ in cmds}
    for r in range(rounds + 1):
        k = r % len(cmds)
        order = cmds[k:] + cmds[:k]
        if r % 2:
            order.reverse()
        for name, cmd in order:
            with open(path, "rb") as stdin, open("/dev/null", "wb") as stdout:
                t = time.perf_counter()
                subprocess.run(cmd.split(), stdin=stdin, stdout=stdout, check=True)
                t = time.perf_counter() - t
            if r > 0:
                times[name].append(t)
    with open(out, "w") as f:
        f.write("name\truns\tmedian\tmin\tmax\trounds\n")
        for name, _ in cmds:
            ts = times[name]
            each = ",".join(f"{t:.6f}" for t in ts)
            f.write(f"{name}\t{len(ts)}\t{statistics.median(ts):.6f}\t{min(ts):.6f}\t{max(ts):.6f}\t{each}\n")
    base = statistics.median(times[cmds[0][0]])
    for name, _ in cmds:
        m = statistics.median(times[name])
        print(f"  {name:18s} median {m:.3f} s  {m / base:.3f} x {cmds[0][0]}")


if __name__ == "__main__":
    main(sys.argv)
