#!/usr/bin/env node
// tests/prettier_as_jfmt.mjs - prettier behind jfmt --style=prettier's
// command line: JFMT=tests/prettier_as_jfmt.mjs runs a test file of the
// style against prettier itself, which checks the test's expectations and
// the option mapping (prettier_style.mjs).  The package directory is in
// PRETTIER_DIR.  Writes prettier's output, or exits 1 where prettier
// refuses the input (2 on a command line the mapping does not make).
import { readFileSync } from "node:fs";
import { loadPrettier, prettierFromArgs, runPrettier } from "./prettier_style.mjs";

let c;
try {
  c = prettierFromArgs(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`jfmt: ${e.message}\n`);
  process.exit(2);
}
const prettier = await loadPrettier(process.env.PRETTIER_DIR);
const r = await runPrettier(prettier, readFileSync(0, "utf8"), c.name, c.options);
if (r.status !== 0) {
  process.stderr.write(`jfmt: ${c.name}: ${r.err}\n`);
  process.exit(1);
}
process.stdout.write(r.out);
