#!/usr/bin/env python3
"""bench/prettier_share.py - how much of a repository's JSON, as prettier
checks it, jfmt --style=prettier passes too, and how long prettier, biome
and jfmt take over those files.

    bench/prettier_share.py [options] DIR

DIR is a checkout of a repository that checks its JSON with prettier.
prettier's view of it comes from bench/prettier_files.mjs, run by node with
the prettier package of --prettier (a prettier binary; default
build/npm/node_modules/.bin/prettier): the JSON, JSONC and package.json
files it checks (.gitignore and .prettierignore respected, the
repository's configuration and .editorconfig resolved per file), and
which pass `prettier --check`.  Over the files that pass, jfmt
--style=prettier --check runs with each file's options (or, with
--jfmt-options, the caller's; with --config, none: jfmt's own reading of
the configuration), and --comments.  Then each tool's wall time over the
same files, the median of --runs runs: `prettier --check`, `biome format`
(biome's own settings; its verdict is not counted) and the jfmt runs.
Nothing of DIR is written or kept.
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NPM_BIN = os.path.join(ROOT, "build", "npm", "node_modules", ".bin")
ARGS_MAX = 100_000      # bytes of file names in one jfmt command line
SHOWN = 20              # files named in each list of the report


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir", help="a checkout that checks its JSON with prettier")
    p.add_argument("--prettier", default=os.path.join(NPM_BIN, "prettier"), help="the prettier binary")
    p.add_argument("--biome", default=os.path.join(NPM_BIN, "biome"), help="the biome binary ('' for none)")
    p.add_argument("--jfmt", default=os.path.join(ROOT, "jfmt"), help="the jfmt binary")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--jfmt-options", help="jfmt's options for every file, instead of each file's")
    how.add_argument("--config", action="store_true", help="no options: jfmt reads the configuration")
    p.add_argument("--runs", type=int, default=5, help="timed runs of each tool (default 5)")
    p.add_argument("--diff", type=int, default=0, metavar="N", help="show jfmt -d for N files jfmt fails")
    return p.parse_args()


def prettier_package(binary):
    """The prettier package directory of a prettier binary (bin/prettier.cjs)."""
    return os.path.dirname(os.path.dirname(os.path.realpath(binary)))


def prettier_view(args):
    out = subprocess.run(["node", os.path.join(HERE, "prettier_files.mjs"), prettier_package(args.prettier),
                          args.dir], check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def jfmt_groups(args, files):
    """jfmt's option lists, each with the files it runs on: [(options, [path])]."""
    groups = {}
    for f in files:
        if args.config:
            opts = ("--style=prettier", "--comments")
        elif args.jfmt_options is not None:
            opts = ("--style=prettier", *shlex.split(args.jfmt_options))
        else:
            opts = tuple(f["jfmt"])
        groups.setdefault(opts, []).append(f["path"])
    return list(groups.items())


def chunks(paths):
    """The paths in runs short enough for one command line."""
    run, size = [], 0
    for p in paths:
        if run and size + len(p) > ARGS_MAX:
            yield run
            run, size = [], 0
        run.append(p)
        size += len(p) + 1
    if run:
        yield run


def jfmt_commands(args, groups):
    return [[args.jfmt, *opts, "--check", "-z", "--", *run] for opts, paths in groups for run in chunks(paths)]


def jfmt_failures(args, groups):
    """The files jfmt --check names: not as jfmt would write them."""
    failed = []
    for cmd in jfmt_commands(args, groups):
        r = subprocess.run(cmd, cwd=args.dir, capture_output=True)
        if r.returncode not in (0, 1):
            sys.exit("prettier_share: %s exited %d: %s" % (shlex.join(cmd[:4]), r.returncode,
                                                           r.stderr.decode(errors="replace").strip()))
        failed += [n.decode() for n in r.stdout.split(b"\0") if n]
    return failed


def wall(cmds, cwd, runs):
    """The median over runs of the wall time of running every command in turn."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        for cmd in cmds:
            subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def listed(names):
    more = len(names) - SHOWN
    return ", ".join(names[:SHOWN]) + (" and %d more" % more if more > 0 else "")


def main():
    args = parse_args()
    files = prettier_view(args)
    checked = [f for f in files if f["passes"] is not None]
    passing = [f for f in checked if f["passes"]]
    by_parser = {}
    for f in files:
        by_parser[f["parser"]] = by_parser.get(f["parser"], 0) + 1
    version = subprocess.run([args.prettier, "--version"], capture_output=True, text=True).stdout.strip()
    print("%s: %d JSON files prettier %s checks (%s)" % (args.dir, len(files), version,
          ", ".join("%s %d" % kv for kv in sorted(by_parser.items()))))
    print("  prettier --check passes %d, fails %d, refuses %d" % (
        len(passing), len(checked) - len(passing), len(files) - len(checked)))
    mapped = passing if args.config or args.jfmt_options is not None else [f for f in passing if f["jfmt"]]
    lacking = [f for f in passing if f not in mapped]
    if lacking:
        print("  left out, what jfmt cannot be told: %d (%s)" % (len(lacking), listed(
            ["%s: %s" % (f["path"], f["lacks"]) for f in lacking])))
    groups = jfmt_groups(args, mapped)
    failed = jfmt_failures(args, groups)
    share = 100.0 * (len(mapped) - len(failed)) / len(mapped) if mapped else 0.0
    print("  jfmt --style=prettier --check passes %d of those %d (%.1f%%)" % (len(mapped) - len(failed),
          len(mapped), share))
    for opts, paths in groups:
        print("    %d with: jfmt %s --check" % (len(paths), shlex.join(opts)))
    if failed:
        print("  jfmt fails: %s" % listed(failed))
    for name in failed[:args.diff]:
        opts = next(o for o, paths in groups if name in paths)
        d = subprocess.run([args.jfmt, *opts, "-d", "--", name], cwd=args.dir, capture_output=True, text=True)
        print(d.stdout, end="")
    if not mapped or args.runs < 1:
        return
    paths = [f["path"] for f in mapped]
    with tempfile.NamedTemporaryFile("w", suffix=".list") as lst:
        lst.write("\0".join(paths))
        lst.flush()
        # (one prettier start for all the files, as a --check of the
        # repository does)
        rows = [("prettier --check", [["xargs", "-0", "-s", "2000000", "-a", lst.name, args.prettier, "--check"]])]
        if args.biome and os.path.exists(args.biome):
            rows.append(("biome format", [["xargs", "-0", "-s", "2000000", "-a", lst.name, args.biome, "format",
                                           "--files-ignore-unknown=true"]]))
        rows.append(("jfmt --check", jfmt_commands(args, groups)))
        print("  wall time over the %d files, median of %d runs:" % (len(paths), args.runs))
        for label, cmds in rows:
            print("    %-18s %8.3f s" % (label, wall(cmds, args.dir, args.runs)))


if __name__ == "__main__":
    main()
