// tests/prettier_style.mjs - what the prettier tests share: how a case's
// prettier options become jfmt --style=prettier's command line and back,
// which parser prettier picks for a name, and running jfmt or prettier on
// one case.
//
// A case's options are prettier's own (printWidth, tabWidth, useTabs,
// bracketSpacing, objectWrap, trailingComma, endOfLine), each left out
// where the case takes the default; besides them `finalNewline` (false:
// jfmt --final-newline=no, prettier's output without its last newline) and
// `comments` (jfmt --comments: the input has comments or trailing commas).
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

// prettier's languages by name (its getSupportInfo(), 3.x): the names the
// tests use, each with the parser prettier infers for it.
export const PARSER_OF_NAME = {
  "package.json": "json-stringify",
  "package-lock.json": "json-stringify",
  "composer.json": "json-stringify",
  "a.json": "json",
  "tsconfig.json": "json",
  ".babelrc": "json",
  ".eslintrc.json": "json",
  "a.jsonc": "jsonc",
  "a.code-workspace": "jsonc",
};

// The name a parser of prettier's is asked for through.
export const NAME_OF_PARSER = {
  json: "a.json",
  jsonc: "a.jsonc",
  "json-stringify": "package.json",
};

// unsupported(options): why jfmt's command line cannot say options, or
// undefined.  (--indent and --tab exclude each other: a tab is as wide as
// prettier's default tabWidth.)
export function unsupported(o) {
  if (o.useTabs && o.tabWidth !== undefined && o.tabWidth !== 2)
    return "useTabs with a tabWidth";
  if (o.endOfLine === "cr") return "endOfLine cr";
  return undefined;
}

// jfmtArgs(options, name): jfmt's arguments for a case.
export function jfmtArgs(o, name) {
  const a = ["--style=prettier"];
  if (o.printWidth !== undefined) a.push(`--width=${o.printWidth}`);
  if (o.useTabs) a.push("--tab");
  else if (o.tabWidth !== undefined) a.push(`--indent=${o.tabWidth}`);
  if (o.bracketSpacing !== undefined)
    a.push(`--bracket-spacing=${o.bracketSpacing ? "yes" : "no"}`);
  if (o.objectWrap !== undefined) a.push(`--object-wrap=${o.objectWrap}`);
  if (o.trailingComma !== undefined)
    // es5 puts a comma after the last element of an array or object, as all
    a.push(`--trailing-commas=${o.trailingComma === "none" ? "none" : "all"}`);
  if (o.endOfLine !== undefined) a.push(`--eol=${o.endOfLine}`);
  if (o.finalNewline !== undefined)
    a.push(`--final-newline=${o.finalNewline ? "yes" : "no"}`);
  if (o.comments) a.push("--comments");
  // (.editorconfig is prettier's CLI's business, not its API's)
  a.push("--no-editorconfig", `--stdin-filename=${name}`);
  return a;
}

// prettierFromArgs(args): the case that jfmtArgs() made args of, as
// { name, options } (options as above), or throws on an argument it does
// not make.  The self-checks and tests/prettier_as_jfmt.mjs run prettier
// through it, to check the harness's mapping both ways.
export function prettierFromArgs(args) {
  const o = {};
  let name, style;
  const yes = (v) => ({ yes: true, no: false })[v];
  for (const arg of args) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const [opt, v] = m ? [m[1], m[2]] : [arg, undefined];
    if (opt === "style") style = v;
    else if (opt === "width") o.printWidth = Number(v);
    else if (opt === "indent") o.tabWidth = Number(v);
    else if (opt === "tab") o.useTabs = true;
    else if (opt === "bracket-spacing") o.bracketSpacing = yes(v);
    else if (opt === "object-wrap") o.objectWrap = v;
    else if (opt === "trailing-commas") o.trailingComma = v;
    else if (opt === "eol") o.endOfLine = v;
    else if (opt === "final-newline") o.finalNewline = yes(v);
    else if (opt === "comments") o.comments = true;
    else if (opt === "stdin-filename") name = v;
    else if (opt !== "no-editorconfig") throw new Error(`unknown argument ${arg}`);
  }
  if (style !== "prettier" || name === undefined)
    throw new Error(`not a --style=prettier command line: ${args.join(" ")}`);
  return { name, options: o };
}

// prettierOptions(options): what prettier.format() takes of them.
export function prettierOptions(o) {
  const { finalNewline, comments, ...rest } = o;
  return rest;
}

// loadPrettier(dir): prettier's module, from its package directory.
export async function loadPrettier(dir) {
  return import(pathToFileURL(`${dir}/index.mjs`).href);
}

// A run's result: status 0 with the output, or status 1 (prettier throws:
// the input is not one it takes) with the message.
//
// runPrettier(prettier, input, name, options): prettier's result for a
// case, its last newline dropped for finalNewline false.
export async function runPrettier(prettier, input, name, o) {
  let out;
  try {
    out = await prettier.format(input, { filepath: name, ...prettierOptions(o) });
  } catch (e) {
    return { status: 1, out: Buffer.alloc(0), err: String(e.message).split("\n")[0] };
  }
  if (o.finalNewline === false && out.endsWith("\n")) out = out.slice(0, -1);
  return { status: 0, out: Buffer.from(out, "utf8"), err: "" };
}

// runJfmt(jfmt, args, input): jfmt's result, run with input (a string) on
// standard input, in directory cwd.
export function runJfmt(jfmt, args, input, cwd) {
  const r = spawnSync(jfmt, args, { input: Buffer.from(input, "utf8"), cwd, maxBuffer: 1 << 28 });
  // (EPIPE: jfmt stopped reading, as after a usage error; its status tells)
  if (r.error && (r.error.code !== "EPIPE" || r.status === null)) throw r.error;
  return {
    status: r.status === null ? 128 + 1 : r.status,
    out: r.stdout,
    err: r.stderr.toString("utf8").split("\n")[0],
  };
}

// runner(jfmt, prettier, cwd): the function that runs "jfmt" on a case,
// (input, name, options) => result.  With jfmt "self-check", prettier
// runs in its place through prettierFromArgs(): the harness measured
// against prettier itself, which must come out identical.
export function runner(jfmt, prettier, cwd) {
  if (jfmt !== "self-check")
    return async (input, name, o) => runJfmt(jfmt, jfmtArgs(o, name), input, cwd);
  return async (input, name, o) => {
    const c = prettierFromArgs(jfmtArgs(o, name));
    return runPrettier(prettier, input, c.name, c.options);
  };
}

// sameResult(a, b): the two results are the same: both status 0 with
// the same bytes, or both a refusal (status 1).
export function sameResult(a, b) {
  if (a.status !== b.status) return false;
  return a.status !== 0 || a.out.equals(b.out);
}

// shown(result): a result for a report, one line: the output as a JSON
// string, or the exit status and message.
export function shown(r) {
  if (r.status === 0) return JSON.stringify(r.out.toString("utf8"));
  return `exit ${r.status}: ${r.err}`;
}
