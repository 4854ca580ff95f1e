// bench/prettier_files.mjs - the JSON files prettier checks in a
// repository, for bench/prettier_share.py.
//
//   node prettier_files.mjs PRETTIER_PACKAGE_DIR DIR
//
// Walks DIR as prettier's command line does (not into .git or
// node_modules; what DIR/.gitignore and DIR/.prettierignore ignore left
// out) and writes, for each file whose parser is json, jsonc or
// json-stringify (by its name, or the repository's configuration), one
// JSON object a line: { path (relative to DIR), parser, passes (prettier
// --check's verdict, null where prettier refuses the file), options (the
// configuration's options that jfmt has), jfmt (the matching jfmt
// --style=prettier arguments, or null), lacks (why not) }.  The
// configuration is the repository's, resolved per file with .editorconfig
// as the command line resolves it; plugins it names are not loaded.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { jfmtArgs, loadPrettier, unsupported } from "../tests/prettier_style.mjs";

const PARSERS = ["json", "jsonc", "json-stringify"];
const OPTIONS = ["printWidth", "tabWidth", "useTabs", "bracketSpacing", "objectWrap", "trailingComma", "endOfLine"];
// (options of prettier's that do nothing to JSON)
const INERT = ["plugins", "parser", "overrides", "semi", "singleQuote", "jsxSingleQuote", "quoteProps",
  "arrowParens", "bracketSameLine", "proseWrap", "htmlWhitespaceSensitivity", "vueIndentScriptAndStyle",
  "embeddedLanguageFormatting", "singleAttributePerLine", "experimentalTernaries", "experimentalOperatorPosition",
  "insertPragma", "requirePragma", "$schema"];

const [pkg, dir] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node prettier_files.mjs PRETTIER_PACKAGE_DIR DIR");
  process.exit(2);
}
const prettier = await loadPrettier(pkg);
const ignorePath = [".gitignore", ".prettierignore"].map((f) => join(dir, f)).filter(existsSync);

function* walk(d) {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    if (e.name === ".git" || e.name === "node_modules") continue;
    const p = join(d, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (e.isFile()) yield p;
  }
}

for (const file of walk(dir)) {
  // (the parser prettier infers from the name alone, which jfmt follows)
  const info = await prettier.getFileInfo(file, { ignorePath, resolveConfig: false });
  if (info.ignored) continue;
  const config = (await prettier.resolveConfig(file, { editorconfig: true })) ?? {};
  const parser = config.parser ?? info.inferredParser;
  if (!PARSERS.includes(parser)) continue;
  const { plugins, ...rest } = config;
  let passes = null;
  try {
    passes = await prettier.check(readFileSync(file, "utf8"), { ...rest, filepath: file });
  } catch {
    // (prettier refuses the file: it is not among those it passes)
  }
  const options = {};
  const other = [];
  for (const [k, v] of Object.entries(rest)) {
    if (OPTIONS.includes(k)) options[k] = v;
    else if (!INERT.includes(k)) other.push(k);
  }
  // (plugins are not loaded, here nor by the check above: a plugin for
  // another language leaves JSON as prettier's own printer writes it)
  const lacks = other.length ? `options ${other.join(", ")}` : unsupported(options);
  let args = lacks ? null :
    jfmtArgs({ ...options, comments: true }, "").filter((a) => !a.startsWith("--stdin-filename="));
  // a parser set by the configuration for a name prettier reads otherwise
  if (args && parser !== info.inferredParser) args = [...args, `--parser=${parser}`];
  console.log(JSON.stringify({ path: relative(dir, file), parser, passes, options, jfmt: args, lacks: lacks ?? null }));
}
