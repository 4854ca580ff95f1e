// tests/width_oracle.mjs - what json-stringify-pretty-compact writes, for
// the --width tests.
//
//   node width_oracle.mjs INDEX_JS OUTDIR FILE...
//
// For the k-th FILE, writes OUTDIR/k.json, the document as JavaScript
// prints it (JSON.stringify of JSON.parse: numbers, key order and escapes
// as JavaScript has them), and OUTDIR/k.wN.iI.json, the package's output
// for that document with maxLength N (40, 80, 120) and indent I (2, 4),
// and a newline.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [index, outdir, ...files] = process.argv.slice(2);
const { default: stringify } = await import(pathToFileURL(index).href);

files.forEach((file, k) => {
  const doc = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(`${outdir}/${k}.json`, JSON.stringify(doc));
  for (const n of [40, 80, 120])
    for (const i of [2, 4])
      writeFileSync(`${outdir}/${k}.w${n}.i${i}.json`,
                    stringify(doc, { maxLength: n, indent: i }) + "\n");
});
