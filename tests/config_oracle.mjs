// tests/config_oracle.mjs PRETTIER FILE... - what prettier's own
// resolveConfig() makes of the configuration of each FILE (with
// .editorconfig, as its command line reads it), said as jfmt's
// --print-config says it: one line per FILE, the keys of the options jfmt
// takes, in --print-config's order, separated by ";".
//   jfmt_tab = true;jfmt_width = 80;jfmt_eol = lf;...
const [prettierPath, ...files] = process.argv.slice(2);
const prettier = await import(prettierPath);
for (const file of files) {
  const o = (await prettier.resolveConfig(file, { editorconfig: true })) ?? {};
  const width = o.printWidth ?? 80;
  const keys = [
    o.useTabs ? "jfmt_tab = true" : `jfmt_indent = ${o.tabWidth ?? 2}`,
    `jfmt_width = ${width === Infinity ? "off" : width}`,
    `jfmt_eol = ${o.endOfLine ?? "lf"}`,
    "jfmt_style = prettier",
    `jfmt_bracket_spacing = ${(o.bracketSpacing ?? true) ? "yes" : "no"}`,
    `jfmt_object_wrap = ${o.objectWrap ?? "preserve"}`,
    `jfmt_trailing_commas = ${(o.trailingComma ?? "all") === "none" ? "none" : "all"}`,
  ];
  console.log(keys.join(";"));
}
