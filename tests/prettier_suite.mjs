// tests/prettier_suite.mjs - jfmt --style=prettier on prettier's own JSON
// tests (tests/slow/prettier_suite.bats).
//
//   node prettier_suite.mjs PRETTIER_REPO JFMT KNOWN [REPORT]
//
// PRETTIER_REPO is a prettier checkout or its git directory (read at
// PRETTIER_REF, default HEAD), whose tests/format/json prettier_snapshots.mjs
// reads; JFMT the jfmt to test, or "self-check": prettier itself (the
// package in PRETTIER_DIR) through the option mapping of prettier_style.mjs,
// which shows how many cases the mapping reproduces.  KNOWN lists the cases
// known to differ: a case's id, then the reason; REPORT the file every
// difference is written to (the first few are shown).
// PRETTIER_SUITE_CASES=FILE writes every case there, one JSON object a line.
//
// A case is in scope when its parser is json, jsonc or json-stringify, its
// options are ones jfmt has, and its input is JSON or JSONC (comments,
// trailing commas); not json5, ranges or cursors.  Its file name is the
// parser's (a.json, a.jsonc, package.json) and jfmt gets --comments when the
// input has comments or trailing commas.  Where prettier wrote an output,
// jfmt must write the same bytes; where prettier refused the input, jfmt
// must exit 1.  Exit status 1 when a case in scope differs and is not
// listed in KNOWN, or the tests could not be read as prettier's runner
// reads them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { cases as readCases, source } from "./prettier_snapshots.mjs";
import {
  NAME_OF_PARSER, jfmtArgs, loadPrettier, runner, shown, unsupported,
} from "./prettier_style.mjs";

const SHOWN = 20;  // differences shown on standard output
const OPTIONS = ["printWidth", "tabWidth", "useTabs", "bracketSpacing", "objectWrap", "trailingComma", "endOfLine"];

// jsonc(text): whether text is one JSON value, with comments and trailing
// commas allowed, after an optional byte order mark: { ok, comments,
// trailingCommas, empty } (empty: comments and no value).
export function jsonc(text) {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0, comments = false, trailing = false;
  const fail = () => { throw new SyntaxError(`at ${i}`); };
  const skip = () => {
    for (;;) {
      while (i < text.length && " \t\n\r".includes(text[i])) i++;
      if (text.startsWith("//", i)) {
        comments = true;
        while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
      } else if (text.startsWith("/*", i)) {
        comments = true;
        const end = text.indexOf("*/", i + 2);
        if (end < 0) fail();
        i = end + 2;
      } else return;
    }
  };
  const literal = (re) => {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) fail();
    i += m[0].length;
  };
  const list = (close, item) => {
    i++;
    skip();
    if (text[i] === close) { i++; return; }
    for (;;) {
      item();
      skip();
      if (text[i] === close) { i++; return; }
      if (text[i] !== ",") fail();
      i++;
      skip();
      if (text[i] === close) { trailing = true; i++; return; }
    }
  };
  const STRING = /"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y;
  const value = () => {
    skip();
    const c = text[i];
    if (c === "{") list("}", () => { skip(); literal(STRING); skip(); if (text[i++] !== ":") fail(); value(); });
    else if (c === "[") list("]", value);
    else if (c === '"') literal(STRING);
    else literal(/-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y);
  };
  try {
    skip();
    if (i === text.length) return { ok: false, comments, empty: comments };
    value();
    skip();
    return { ok: i === text.length, comments, trailingCommas: trailing };
  } catch {
    return { ok: false };
  }
}

// scope(case): why the case is out of scope, or undefined; sets the case's
// jfmt options (c.o) and file name (c.name) when in.
function scope(c) {
  if (c.want.range) return "a range or a cursor";
  if (!NAME_OF_PARSER[c.parser]) return `parser ${c.parser}`;
  const o = {};
  for (const [k, v] of Object.entries(c.options ?? {})) {
    if (k === "errors") continue;
    if (!OPTIONS.includes(k)) return `option ${k}`;
    o[k] = v;
  }
  const why = unsupported(o);
  if (why) return why;
  if (/(^|[^\ud800-\udbff])[\udc00-\udfff]|[\ud800-\udbff](?![\udc00-\udfff])/.test(c.input))
    return "input not UTF-8 (an unpaired surrogate)";
  const v = jsonc(c.input);
  if (!v.ok && !v.empty) return "input not JSON or JSONC";
  if (v.comments || v.trailingCommas) o.comments = true;
  c.o = o;
  c.name = NAME_OF_PARSER[c.parser];
  return undefined;
}

function readKnown(file) {
  const known = new Map();
  readFileSync(file, "utf8").split("\n").forEach((line, n) => {
    if (/^\s*(#|$)/.test(line)) return;
    const m = /^(\S+)\s+(\S.*)$/.exec(line);
    if (!m) throw new Error(`${file}:${n + 1}: want a case's id and the reason it differs`);
    known.set(m[1], m[2]);
  });
  return known;
}

const pct = (a, b) => (b ? `${(100 * a / b).toFixed(1)}%` : "-");

async function main() {
  const [where, jfmtArg, knownFile, reportFile] = process.argv.slice(2);
  if (!knownFile) {
    console.error("usage: node prettier_suite.mjs PRETTIER_REPO JFMT KNOWN [REPORT]");
    process.exit(2);
  }
  const src = source(where, process.env.PRETTIER_REF ?? "HEAD");
  const known = readKnown(knownFile);
  const { cases, problems } = readCases(src);
  const out = new Map();
  const inScope = cases.filter((c) => {
    const why = scope(c);
    if (why) out.set(why, (out.get(why) ?? 0) + 1);
    return !why;
  });
  if (process.env.PRETTIER_SUITE_CASES)
    writeFileSync(process.env.PRETTIER_SUITE_CASES, cases.map((c) => JSON.stringify(c)).join("\n") + "\n");

  const jfmt = jfmtArg === "self-check" ? jfmtArg : resolve(jfmtArg);
  const prettier = jfmt === "self-check" ? await loadPrettier(process.env.PRETTIER_DIR) : null;
  const cwd = mkdtempSync(join(tmpdir(), "prettier-suite-"));
  const run = runner(jfmt, prettier, cwd);
  const differ = [];
  let same = 0;
  try {
    const probe = await run("1", "a.json", {});
    if (probe.status === 2)
      throw new Error(`jfmt does not take --style=prettier's command line: ${probe.err}`);
    for (const c of inScope) {
      const got = await run(c.input, c.name, c.o);
      const ok = "error" in c.want ? got.status === 1 :
        got.status === 0 && got.out.equals(Buffer.from(c.want.output, "utf8"));
      if (ok) same++;
      else differ.push({ c, got });
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }

  const byParser = {};
  for (const c of inScope) byParser[c.parser] = (byParser[c.parser] ?? 0) + 1;
  const errors = inScope.filter((c) => "error" in c.want).length;
  const lines = [
    `prettier's JSON tests, ${src.at}: ${cases.length} cases (a fixture with a parser)`,
    `  in scope: ${inScope.length} (${Object.entries(byParser).map(([p, n]) => `${p} ${n}`).join(", ")}; ` +
      `${errors} where prettier refuses the input)`,
    `  out of scope: ${[...out].sort((a, b) => b[1] - a[1]).map(([w, n]) => `${n} ${w}`).join(", ")}`,
    `  identical: ${same} of ${inScope.length} (${pct(same, inScope.length)}; the goal is 98% or more)`,
  ];
  const unlisted = differ.filter((d) => !known.has(d.c.id));
  const listedSame = [...known.keys()].filter((id) => inScope.some((c) => c.id === id) && !differ.some((d) => d.c.id === id));
  const unknownIds = [...known.keys()].filter((id) => !cases.some((c) => c.id === id));
  if (differ.length) lines.push(`  differ: ${differ.length}, ${differ.length - unlisted.length} of them listed in ${knownFile}`);
  if (listedSame.length) lines.push(`  listed but identical (to be taken off the list): ${listedSame.join(" ")}`);
  if (unknownIds.length) lines.push(`  listed but no such case: ${unknownIds.join(" ")}`);
  if (problems.length) lines.push(`FAILED: the tests were not read as prettier's runner reads them:`, ...problems.map((p) => `  ${p}`));
  if (unlisted.length) lines.push(`FAILED: ${unlisted.length} cases differ and are not listed in ${knownFile}:`);
  if (reportFile) lines.push(`every difference in ${reportFile}`);
  const said = differ.map(({ c, got }) => [
    `${c.id}${known.has(c.id) ? ` (listed: ${known.get(c.id)})` : ""}`,
    `  command:  jfmt ${jfmtArgs(c.o, c.name).join(" ")}`,
    `  input:    ${JSON.stringify(c.input)}`,
    `  prettier: ${"error" in c.want ? `refuses: ${c.want.error.split("\n")[0]}` : JSON.stringify(c.want.output)}`,
    `  jfmt:     ${shown(got)}`].join("\n"));
  if (reportFile) writeFileSync(reportFile, [...lines, "", ...said, ""].join("\n"));
  const unlistedSaid = said.filter((_, i) => !known.has(differ[i].c.id));
  console.log([...lines, "", ...unlistedSaid.slice(0, SHOWN)].join("\n"));
  process.exitCode = problems.length || unlisted.length ? 1 : 0;
}

// (run as a program, not when imported for jsonc())
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((e) => {
    console.error(`prettier_suite: ${e.message}`);
    process.exit(2);
  });
