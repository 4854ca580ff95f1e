// tests/prettier_shrink.mjs - what the prettier oracle says of a
// difference: the smaller documents tried in narrowing it down (each
// tree of prettier_gen.mjs less one thing), and its kind, from what the
// narrowed document holds.
//
// Kinds, as tests/prettier_known.txt names them:
//   comment/PLACE/STYLE/LAYOUT  a comment: PLACE where in the document
//       (before-document, after-document, empty, after-open, after-comma,
//       after-key, after-colon, before-comma, before-close,
//       after-trailing-comma), STYLE line, block or blockml (a block
//       comment over several lines), LAYOUT own-line (a line end before it
//       in its gap), end-of-line (one after it) or inline
//   feature/NAME  what a document without comments holds (features())

// --- kinds ---

// walkGaps(tree, f): f(gap, place) for every gap of the tree.
function walkGaps(t, f) {
  f(t.lead, "before-document");
  walkNode(t.value, f);
  f(t.tail, "after-document");
}

function walkNode(n, f) {
  if (n.k !== "a" && n.k !== "o") return;
  if (n.items.length === 0) f(n.empty, "empty");
  n.items.forEach((it, i) => {
    f(it.before, i === 0 ? "after-open" : "after-comma");
    if (it.key) {
      f(it.afterKey, "after-key");
      f(it.afterColon, "after-colon");
    }
    walkNode(it.value, f);
    f(it.after, i === n.items.length - 1 && !n.trail ? "before-close" : "before-comma");
  });
  if (n.trail) f(n.trail, "after-trailing-comma");
}

// commentKinds(tree): the kind of each comment in the tree.
export function commentKinds(t) {
  const kinds = [];
  walkGaps(t, (g, place) => {
    g.forEach((p, i) => {
      if (typeof p === "string") return;
      const before = g.slice(0, i).some((q) => typeof q === "string" && q.includes("\n"));
      const next = g[i + 1];
      const after = typeof next === "string" && next.includes("\n");
      const layout = before || (place === "before-document" && i === 0) ? "own-line" :
        after ? "end-of-line" : "inline";
      kinds.push(`comment/${place}/${p.style}/${layout}`);
    });
  });
  return kinds;
}

const NUMBER_SPELLING = /[E+]|\.\d*0(?![\d])|\.\d*0[eE]|[eE][+-]?0/;
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f000}-\u{1faff}\u{20000}-\u{3fffd}]|\u231a/u;
const ZERO_WIDTH = /[\u0300-\u036f\u007f-\u009f\u200d\ufe0f]/;

// features(tree, options, name): the features of a document: its names
// are the kinds of a difference without comments.
export function features(t, o, parser) {
  const f = new Set();
  if (t.bom) f.add("bom");
  if (t.crlf) f.add("crlf");
  if (t.value.k !== "a" && t.value.k !== "o") f.add("top-level-scalar");
  const node = (n, depth) => {
    if (depth > 5) f.add("deep");
    if (n.k === "s" && /^-?\d/.test(n.raw) && NUMBER_SPELLING.test(n.raw)) f.add("number-spelling");
    if (n.k === "q") {
      const s = n.parts.join("");
      if (s.includes("\\")) f.add("escapes");
      if (/\\u[dD][89abAB]/.test(s) && !/\\u[dD][89abAB]..\\u[dD][c-fC-F]/.test(s)) f.add("lone-surrogate");
      if (WIDE.test(s)) f.add("wide-characters");
      if (ZERO_WIDTH.test(s)) f.add("zero-width-characters");
      if (/[^\x00-\x7f]/.test(s)) f.add("non-ascii");
    }
    if (n.k !== "a" && n.k !== "o") return;
    if (n.items.length === 0) f.add("empty-container");
    if (n.trail) f.add("trailing-comma");
    const vals = n.items.map((it) => it.value);
    if (n.k === "a" && vals.length > 1 && vals.every((v) => v.k === "s" && /^-?\d/.test(v.raw)))
      f.add("number-array");
    if (n.k === "a" && vals.length > 1 && vals.every((v) => v.k === "a" || v.k === "o"))
      f.add("array-of-containers");
    if (n.k === "o" && n.items.length && n.items[0].before.some((p) => p.includes?.("\n")))
      f.add("line-after-brace");
    n.items.forEach((it, i) => {
      if (i > 0 && /\n[ \t]*\r?\n/.test(it.before.filter((p) => typeof p === "string").join("")))
        f.add("blank-line");
      node(it.value, depth + 1);
    });
  };
  node(t.value, 0);
  if (o.useTabs) f.add("tab");
  if (o.tabWidth === 4) f.add("indent-4");
  if (o.printWidth !== undefined) f.add(`width-${o.printWidth}`);
  if (o.bracketSpacing === false) f.add("no-bracket-spacing");
  if (o.objectWrap === "collapse") f.add("object-wrap-collapse");
  if (o.trailingComma === "none") f.add("trailing-commas-none");
  if (o.finalNewline === false) f.add("no-final-newline");
  f.add(`parser-${parser}`);
  return [...f].sort().map((x) => `feature/${x}`);
}

// --- smaller trees ---

function at(root, path) {
  let x = root;
  for (const k of path) x = x[k];
  return x;
}

// sites(tree): every place an edit may apply, as [op, path, index].
function sites(t) {
  const out = [];
  const gapSites = (g, path) => {
    g.forEach((p, i) => { if (typeof p !== "string") out.push(["drop-comment", path, i]); });
    if (g.length && g.every((p) => typeof p === "string")) out.push(["drop-space", path, 0]);
  };
  gapSites(t.lead, ["lead"]);
  gapSites(t.tail, ["tail"]);
  const node = (n, path) => {
    if (n.k === "q" && n.parts.length) {
      out.push(["shorten", path, 0], ["shorten", path, 1]);
      if (n.parts.length > 1) n.parts.forEach((_, i) => out.push(["drop-part", path, i]));
    }
    if (n.k !== "a" && n.k !== "o") return;
    gapSites(n.empty, [...path, "empty"]);
    if (n.trail) {
      out.push(["drop-trail", path, 0]);
      gapSites(n.trail, [...path, "trail"]);
    }
    n.items.forEach((it, i) => {
      out.push(["drop-item", path, i]);
      out.push(["hoist", path, i]);
      const ip = [...path, "items", i];
      for (const g of ["before", "afterKey", "afterColon", "after"]) gapSites(it[g], [...ip, g]);
      if (it.key) node(it.key, [...ip, "key"]);
      node(it.value, [...ip, "value"]);
    });
  };
  node(t.value, ["value"]);
  if (t.bom) out.push(["no-bom", [], 0]);
  if (t.crlf) out.push(["no-crlf", [], 0]);
  return out;
}

function edit(t, [op, path, i]) {
  const c = structuredClone(t);
  const x = at(c, path);
  switch (op) {
  case "drop-comment": x.splice(i, 1); break;
  case "drop-space": x.length = 0; break;
  case "shorten": {
    // the first half (i 0) or the last (i 1) dropped
    const half = Math.ceil(x.parts.length / 2);
    x.parts = i ? x.parts.slice(0, x.parts.length - half) : x.parts.slice(half);
    break;
  }
  case "drop-part": x.parts.splice(i, 1); break;
  case "drop-trail": x.trail = null; break;
  case "drop-item":
    x.items.splice(i, 1);
    if (!x.items.length) x.trail = null;
    break;
  case "hoist":
    // item i's value takes the place of the container at path
    at(c, path.slice(0, -1))[path[path.length - 1]] = x.items[i].value;
    break;
  case "no-bom": c.bom = false; break;
  case "no-crlf": c.crlf = false; break;
  }
  return c;
}

// smaller(tree): the trees one edit smaller, largest cuts first: a
// container in its parent's place, an item dropped, a comment dropped, a
// string halved or less a character, white space dropped, a flag cleared.
export function* smaller(t) {
  const order = ["hoist", "drop-item", "drop-comment", "drop-trail", "shorten", "drop-part",
    "drop-space", "no-bom", "no-crlf"];
  const all = sites(t);
  for (const op of order)
    for (const s of all)
      if (s[0] === op) {
        const c = edit(t, s);
        if (c) yield c;
      }
}
