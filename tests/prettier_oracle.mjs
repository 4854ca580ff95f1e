// tests/prettier_oracle.mjs - jfmt --style=prettier against prettier
// itself, on generated documents (tests/slow/prettier_oracle.bats).
//
//   node prettier_oracle.mjs PRETTIER_DIR JFMT KNOWN REPORT
//
// PRETTIER_DIR is prettier's package directory (3.x), JFMT the jfmt to
// test, or "self-check" to run prettier in its place through the option
// mapping (prettier_style.mjs: every case must then come out identical);
// KNOWN the list of known kinds of difference (tests/prettier_known.txt);
// REPORT the file every difference is written to.  From the environment:
//   PRETTIER_ORACLE_SEED   the seed (default: a random one, printed)
//   PRETTIER_ORACLE_CASES  how many documents (default 10000)
//   PRETTIER_ORACLE_CASE   run only this case of the seed, and show it
//
// Each case is a document (prettier_gen.mjs), a file name and options,
// formatted by prettier in this process and by jfmt, once each.  A case
// whose output differs is narrowed (prettier_shrink.mjs) to a smaller one
// that still differs, and given a kind: its comments' places, or for a
// document without comments its features.  Exit status 1 when a document
// without comments differs and none of its kinds is listed in KNOWN;
// differences with comments are counted by kind, and only reported.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generate, rng, text } from "./prettier_gen.mjs";
import { commentKinds, features, smaller } from "./prettier_shrink.mjs";
import {
  PARSER_OF_NAME, jfmtArgs, loadPrettier, runPrettier, runner, sameResult, shown,
} from "./prettier_style.mjs";

const NARROW_CASES = 50;   // differences narrowed, in each group
const NARROW_TRIES = 400;  // smaller documents tried for each
const SHOWN = 8;           // differences shown on standard output

const [dir, jfmtArg, knownFile, reportFile] = process.argv.slice(2);
// (jfmt runs in a directory of its own)
const jfmt = jfmtArg === "self-check" ? jfmtArg : resolve(jfmtArg ?? "");
if (!reportFile) {
  console.error("usage: node prettier_oracle.mjs PRETTIER_DIR JFMT KNOWN REPORT");
  process.exit(2);
}
const env = process.env;
const seed = env.PRETTIER_ORACLE_SEED !== undefined ? Number(env.PRETTIER_ORACLE_SEED) :
  Math.floor(Math.random() * 2 ** 31);
const count = Number(env.PRETTIER_ORACLE_CASES ?? 10000);
const only = env.PRETTIER_ORACLE_CASE !== undefined ? Number(env.PRETTIER_ORACLE_CASE) : null;
if (!Number.isInteger(seed) || !Number.isInteger(count) || (only !== null && !Number.isInteger(only))) {
  console.error("prettier_oracle: PRETTIER_ORACLE_SEED, _CASES and _CASE are whole numbers");
  process.exit(2);
}

// readKnown(file): the listed kinds, [pattern, reason] each; a pattern's
// * stands for any text.
function readKnown(file) {
  const list = [];
  readFileSync(file, "utf8").split("\n").forEach((line, i) => {
    if (/^\s*(#|$)/.test(line)) return;
    const m = /^(\S+)\s+(\S.*)$/.exec(line);
    if (!m || !/^(comment|feature)\//.test(m[1]))
      throw new Error(`${file}:${i + 1}: want a kind (comment/... or feature/...) and its reason`);
    const re = new RegExp("^" + m[1].replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*") + "$");
    list.push({ kind: m[1], re, reason: m[2] });
  });
  return list;
}

const NAMES = {
  plain: [[6, "a.json"], [3, "a.jsonc"], [3, "package.json"], [1, "package-lock.json"],
    [1, "composer.json"], [1, "tsconfig.json"], [1, ".babelrc"], [1, ".eslintrc.json"],
    [1, "a.code-workspace"]],
  // (prettier's json-stringify takes no comments)
  comments: [[5, "a.json"], [5, "a.jsonc"], [1, "a.code-workspace"], [1, "tsconfig.json"], [1, ".babelrc"]],
};

function pickOptions(r) {
  const o = {};
  const set = (key, pairs) => {
    const v = r.weighted(pairs);
    if (v !== undefined) o[key] = v;
  };
  set("printWidth", [[1, undefined], [1, 80], [2, 40], [2, 120]]);
  const indent = r.weighted([[3, "default"], [1, 2], [2, 4], [2, "tab"]]);
  if (indent === "tab") o.useTabs = true;
  else if (indent !== "default") o.tabWidth = indent;
  set("bracketSpacing", [[2, undefined], [1, true], [2, false]]);
  set("objectWrap", [[2, undefined], [1, "preserve"], [2, "collapse"]]);
  set("trailingComma", [[2, undefined], [1, "all"], [2, "none"]]);
  set("finalNewline", [[8, undefined], [1, true], [1, false]]);
  return o;
}

// needsComments(tree): the document has comments or trailing commas, which
// jfmt reads with --comments.
function needsComments(t) {
  return commentKinds(t).length > 0 || /"trail":\[/.test(JSON.stringify(t));
}

// makeCase(k): the k-th case of the seed.
function makeCase(k) {
  const r = rng(seed, k);
  const withComments = r.chance(0.35);
  const tree = generate(r, { comments: withComments, trailingCommas: r.chance(0.2) });
  const name = r.weighted(NAMES[withComments ? "comments" : "plain"]);
  const o = pickOptions(r);
  if (needsComments(tree)) o.comments = true;
  return { k, r, tree, name, o };
}

// strings(tree): every string node, keys and values.
function strings(n, out = []) {
  if (n.k === "q") out.push(n);
  for (const it of n.items ?? []) {
    if (it.key) out.push(it.key);
    strings(it.value, out);
  }
  return out;
}

// toEdge(c): for some cases, lengthen one string to where the group
// holding it no longer fits: to the last length that fits or the first
// that does not, found by halving.
async function toEdge(c, prettier) {
  const all = strings(c.tree.value);
  if (!all.length || !c.r.chance(0.15)) return;
  const s = c.r.pick(all), base = s.parts;
  const lines = async (p) => {
    s.parts = base.concat(Array(p).fill("x"));
    const res = await runPrettier(prettier, text(c.tree), c.name, c.o);
    return res.status === 0 ? res.out.toString().split("\n").length : -1;
  };
  const l0 = await lines(0);
  let lo = 0, hi = 2 * (c.o.printWidth ?? 80);
  if (l0 < 0 || (await lines(hi)) <= l0) { s.parts = base; return; }
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((await lines(mid)) > l0) hi = mid; else lo = mid;
  }
  s.parts = base.concat(Array(c.r.chance(0.5) ? lo : hi).fill("x"));
}

// differs(case): prettier takes the case's input, and jfmt's result is not
// prettier's; both results.
async function differs(c, prettier, run) {
  const input = text(c.tree);
  const want = await runPrettier(prettier, input, c.name, c.o);
  if (want.status !== 0) return { want, got: null, input, same: true };
  const got = await run(input, c.name, c.o);
  return { want, got, input, same: sameResult(want, got) };
}

// narrow(case): a smaller case that still differs, by greedy steps: the
// smaller documents, then each option back to its default.
async function narrow(c, prettier, run) {
  let cur = c, tries = 0;
  const variants = function* (x) {
    for (const tree of smaller(x.tree)) {
      const o = { ...x.o };
      if (!needsComments(tree)) delete o.comments;
      yield { ...x, tree, o };
    }
    for (const key of Object.keys(x.o))
      if (!(key === "comments" && needsComments(x.tree))) {
        const o = { ...x.o };
        delete o[key];
        yield { ...x, o };
      }
    if (x.name !== "a.json") yield { ...x, name: "a.json" };
  };
  for (let moved = true; moved && tries < NARROW_TRIES;) {
    moved = false;
    for (const v of variants(cur)) {
      if (++tries > NARROW_TRIES) break;
      const d = await differs(v, prettier, run);
      if (d.got && !d.same) { cur = v; moved = true; break; }
    }
  }
  return { ...cur, tries };
}

function describe(c, d, listed) {
  return [
    `case ${c.k} (seed ${seed}): ${c.kinds.join(" ")}${listed ? ` (listed: ${listed.reason})` : ""}`,
    `  command:  jfmt ${jfmtArgs(c.o, c.name).join(" ")}`,
    `  input:    ${JSON.stringify(d.input)}`,
    `  prettier: ${shown(d.want)}`,
    `  jfmt:     ${shown(d.got)}`,
    c.narrowed ? `  (narrowed from ${c.from} bytes in ${c.tries} tries)` : "  (not narrowed)",
  ].join("\n");
}

async function main() {
  const known = readKnown(knownFile);
  const prettier = await loadPrettier(dir);
  const cwd = mkdtempSync(join(tmpdir(), "prettier-oracle-"));
  try {
    const run = runner(jfmt, prettier, cwd);
    const probe = await run("1", "a.json", {});
    if (probe.status === 2)
      throw new Error(`jfmt does not take --style=prettier's command line: ${probe.err}`);
    const started = Date.now();
    const tally = { plain: { cases: 0, same: 0 }, comments: { cases: 0, same: 0 } };
    const diffs = [];
    let refused = 0;
    const ks = only === null ? [...Array(count).keys()] : [only];
    for (const k of ks) {
      const c = makeCase(k);
      await toEdge(c, prettier);
      c.group = commentKinds(c.tree).length ? "comments" : "plain";
      const d = await differs(c, prettier, run);
      if (!d.got) { refused++; continue; }
      tally[c.group].cases++;
      if (d.same) tally[c.group].same++;
      else diffs.push(c);
      if (only !== null)
        console.log(describe({ ...c, kinds: [c.group] }, d, null).replace(/\n.*not narrowed.*/, ""));
    }
    const secs = ((Date.now() - started) / 1000).toFixed(0);
    await report(diffs, tally, refused, known, prettier, run, secs);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

async function report(diffs, tally, refused, known, prettier, run, secs) {
  const narrowedIn = { plain: 0, comments: 0 };
  const byKind = new Map();
  const lines = [], shownLines = [];
  let failures = 0;
  for (const c of diffs) {
    let x = c;
    if (narrowedIn[c.group]++ < NARROW_CASES) {
      x = { ...(await narrow(c, prettier, run)), narrowed: true, from: Buffer.byteLength(text(c.tree)) };
    }
    const ck = commentKinds(x.tree);
    x.kinds = ck.length ? [...new Set(ck)] : features(x.tree, x.o, PARSER_OF_NAME[x.name]);
    if (!x.narrowed && c.group === "comments") x.kinds = ["comments (not narrowed)"];
    const listed = known.find((e) => x.kinds.some((kind) => e.re.test(kind)));
    // a difference without comments, once narrowed, fails unless listed
    const plain = !ck.length || (!x.narrowed && c.group === "plain");
    if (plain && !listed) failures++;
    const label = plain ? `${listed ? listed.kind : "no comments"}` : x.kinds[0];
    byKind.set(label, (byKind.get(label) ?? 0) + 1);
    const said = describe(x, await differs(x, prettier, run), listed);
    lines.push(said);
    if ((plain && !listed) || shownLines.length < SHOWN) shownLines.push(said);
  }
  const share = (t) => `${t.same} identical${t.cases ? ` (${(100 * t.same / t.cases).toFixed(1)}%)` : ""}`;
  const head = [
    `prettier oracle: seed ${seed}, ${tally.plain.cases + tally.comments.cases} cases in ${secs} s, prettier ${(await loadPrettier(dir)).version}`,
    `  without comments: ${tally.plain.cases} cases, ${share(tally.plain)}`,
    `  with comments:    ${tally.comments.cases} cases, ${share(tally.comments)}`,
  ];
  if (refused) head.push(`  (${refused} generated documents prettier refused, left out)`);
  for (const [kind, n] of [...byKind].sort((a, b) => b[1] - a[1])) {
    const entry = known.find((e) => e.kind === kind || e.re.test(kind));
    head.push(`    ${n} x ${kind}${entry ? `: ${entry.reason}` : ""}`);
  }
  if (failures)
    head.push(`FAILED: ${failures} differences without comments, none of their kinds listed in ${knownFile}`);
  head.push(`reproduce: PRETTIER_ORACLE_SEED=${seed} (PRETTIER_ORACLE_CASE=N for case N); every difference in ${reportFile}`);
  writeFileSync(reportFile, [...head, "", ...lines, ""].join("\n"));
  console.log([...head, "", ...shownLines.slice(0, Math.max(SHOWN, failures))].join("\n"));
  process.exitCode = failures ? 1 : 0;
}

main().catch((e) => {
  console.error(`prettier_oracle: ${e.message}`);
  process.exit(2);
});
