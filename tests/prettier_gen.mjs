// tests/prettier_gen.mjs - the documents of the prettier oracle
// (prettier_oracle.mjs): a seeded generator of JSON and JSONC texts, kept
// as trees so that a difference can be narrowed to a smaller tree; a
// tree's text; and what a text holds (its comments' places, its features),
// which names a difference's kind.
//
// A tree: { bom, crlf, lead, value, tail } where value is a node:
//   scalar     { k: "s", raw }          a number or literal
//   string     { k: "q", parts }        parts: the raw text between the
//                                       quotes, a character or escape each
//   container  { k: "a" | "o", items, trail, empty }
//   item       { key, before, afterKey, afterColon, value, after }
// key is a string node (objects) or null; `before` is the gap after the
// opening bracket (first item) or after the comma; `after` the gap before
// the comma or the closing bracket; trail is null or the gap after a
// trailing comma; empty the gap inside an empty container.  A gap is a
// list of parts: white space (a string) or a comment { c, style } (style
// "line", "block" or "blockml", a block comment over several lines).

// rng(seed, k): the k-th case's random numbers (sfc32, seeded from both).
export function rng(seed, k) {
  let a = seed >>> 0, b = (k * 0x9e3779b9) >>> 0, c = 0x6a09e667, d = 1;
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const r = {
    real: next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    // weighted([[w, x], ...]): x with odds w
    weighted(pairs) {
      let total = 0;
      for (const [w] of pairs) total += w;
      let x = next() * total;
      for (const [w, v] of pairs) if ((x -= w) < 0) return v;
      return pairs[pairs.length - 1][1];
    },
  };
  return r;
}

// --- scalars ---

const ASCII = "abcdefghijklmnopqrstuvwxyz ABCDEFXYZ 0123456789 _-.,:;!?@#$%^&*()[]{}<>/|~`'";
const ESCAPES = ["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0000",
  "\\u001f", "\\u00e9", "\\u00E9", "\\u4e2d", "\\uD83D\\uDE00", "\\uffff", "\\u2028"];
// Wide, narrow and zero-width by prettier's getStringWidth: CJK, fullwidth
// and emoji are 2 columns; combining marks U+0300-036F, DEL and C1 controls
// none; other combining marks, zero-width spaces and ambiguous ones 1.
const WIDE = ["中", "日", "本", "語", "한", "글", "Ａ", "𠀀", "😀", "🎉", "👍🏽", "❤️",
  "👨‍👩‍👧", "🇫🇷", "⌚"];
const OTHER = ["é", "ñ", "ß", "Ω", "Ж", "ש", "ع", "ｱ", "e\u0301", "a\u20d7", "\u200b",
  "\u00a0", "\u007f", "\u0085", "\u2028", "\u2029", "①", "☃", "𝄞"];

function stringParts(r, maxLen) {
  const n = r.weighted([[3, r.int(0, 6)], [4, r.int(1, 16)], [2, r.int(10, maxLen)]]);
  const flavour = r.weighted([[6, "ascii"], [2, "escapes"], [2, "wide"], [2, "mixed"]]);
  const parts = [];
  for (let i = 0; i < n; i++) {
    const x = flavour === "mixed" ? r.pick(["ascii", "ascii", "escapes", "wide", "other"]) :
      flavour !== "ascii" && r.chance(0.3) ? flavour : "ascii";
    if (x === "ascii") parts.push(r.pick(ASCII));
    else if (x === "escapes") parts.push(r.chance(0.02) ? "\\uD800" : r.pick(ESCAPES));
    else if (x === "wide") parts.push(r.pick(WIDE));
    else parts.push(r.pick(OTHER));
  }
  return parts;
}

// A number in one of JSON's spellings: sign, integer, fraction with or
// without trailing zeros, exponent e or E with or without a sign and
// leading zeros.
function numberRaw(r) {
  if (r.chance(0.3)) return r.pick(["0", "1", "-1", "-0", "7", "42", "100", "255", "1024"]);
  let s = r.chance(0.25) ? "-" : "";
  s += r.weighted([[2, "0"], [6, String(r.int(1, 999))], [1, String(r.int(1, 9)) + "0".repeat(r.int(1, 6))],
    [1, "12345678901234567890123"]]);
  if (r.chance(0.45)) s += "." + r.weighted([[3, String(r.int(0, 99))], [2, r.pick(["0", "00", "50", "500", "250", "05"])],
    [1, "1415926535897932384626"]]);
  if (r.chance(0.3))
    s += r.pick(["e", "E"]) + r.pick(["", "+", "-"]) + r.pick(["0", "00", "1", "2", "7", "10", "007", "308", "400"]);
  return s;
}

function scalar(r, maxLen) {
  return r.weighted([
    [4, () => ({ k: "s", raw: numberRaw(r) })],
    [5, () => ({ k: "q", parts: stringParts(r, maxLen) })],
    [1, () => ({ k: "s", raw: r.pick(["true", "false", "null"]) })],
  ])();
}

// --- gaps ---

function comment(r) {
  const words = () => {
    const n = r.int(0, 5), w = [];
    for (let i = 0; i < n; i++) w.push(r.chance(0.1) ? r.pick(WIDE) : r.pick(["note", "x", "TODO", "see", "a", "b", "1"]));
    return w.join(" ");
  };
  return r.weighted([
    [5, () => ({ c: r.chance(0.8) ? `// ${words()}` : `//${words()}`, style: "line" })],
    [4, () => ({ c: r.chance(0.8) ? `/* ${words()} */` : r.pick(["/**/", "/*x*/", "/** doc */"]), style: "block" })],
    [2, () => ({ c: r.pick([`/*\n * ${words()}\n */`, `/*\n  ${words()}\n*/`, `/**\n     * ${words()}\n     */`]),
      style: "blockml" })],
  ])();
}

// The white space of one spot: `ind` the input's indentation there.
function space(r, how, ind) {
  if (how === "compact") return "";
  if (how === "spaced") return " ";
  if (how === "pretty") return "\n" + ind;
  return r.pick(["", " ", "  ", "\t", "\n", "\n" + ind, " \n" + ind]);
}

// A gap made by a generator g with spacing `how`: white space, and with
// odds pc a comment or two, each line comment followed by a line end.
function gap(g, how, ind, pc, blank) {
  const r = g.r, parts = [];
  let ws = space(r, how, ind);
  if (blank && r.chance(g.pBlank)) ws = r.pick(["\n\n", "\n\n\n", "\n  \n", "\n\n"]) + ind;
  if (ws) parts.push(ws);
  if (g.comments && r.chance(pc)) {
    const n = r.chance(0.2) ? 2 : 1;
    for (let i = 0; i < n; i++) {
      if (parts.length && r.chance(0.3)) parts.push(" ");
      const c = comment(r);
      parts.push(c);
      const after = c.style === "line" || r.chance(0.3) ? "\n" + ind : r.pick(["", " "]);
      if (after) parts.push(after);
    }
  }
  return parts;
}

// --- containers ---

// The shapes prettier lays out by rules of their own: arrays of numbers
// (filled), arrays of objects or of arrays (each on its own line when all
// have more than one element), and long chains.
function special(g, depth, budget) {
  const r = g.r;
  const kind = r.weighted([[4, "numbers"], [3, "objects"], [2, "arrays"], [1, "chain"]]);
  if (kind === "numbers") {
    const n = r.weighted([[2, r.int(2, 8)], [3, r.int(8, 40)], [1, r.int(40, 90)]]);
    return container(g, "a", depth, budget, () => ({ k: "s", raw: r.chance(0.7) ? String(r.int(-50, 9999)) : numberRaw(r) }), n);
  }
  if (kind === "chain") {
    const n = r.int(3, 12);
    let v = scalar(r, 20);
    for (let i = 0; i < n; i++)
      v = r.chance(0.5) ? wrap(g, "a", depth + n - i, v) : wrap(g, "o", depth + n - i, v);
    return v;
  }
  const inner = kind === "objects" ? "o" : "a";
  const n = r.int(2, 6);
  return container(g, "a", depth, budget, (d, b) =>
    container(g, inner, d, Math.min(b, 40), null, r.chance(0.8) ? r.int(2, 3) : r.int(0, 2)), n);
}

function wrap(g, k, depth, v) {
  return container(g, k, depth, 0, () => v, 1);
}

// container(g, k, depth, budget, child, n): an array ("a") or object
// ("o") of n items (random if null), each child(depth, budget) or a
// random value.
function container(g, k, depth, budget, child, n) {
  const r = g.r;
  if (n === null || n === undefined)
    n = r.weighted([[1, 0], [4, r.int(1, 4)], [3, r.int(4, 9)], [1, r.int(9, 20)]]);
  const how = g.how === "mixed" ? r.pick(["compact", "spaced", "pretty", "pretty"]) : g.how;
  const ind = g.indent.repeat(depth + 1), outer = g.indent.repeat(depth);
  const pc = g.commentOdds;
  const items = [];
  for (let i = 0; i < n; i++) {
    const b = Math.max(4, Math.floor(budget / Math.max(1, n)));
    const value = child ? child(depth + 1, b) : valueOf(g, depth + 1, b);
    const inline = how === "pretty" ? "spaced" : how;
    items.push({
      key: k === "o" ? { k: "q", parts: stringParts(r, 12) } : null,
      before: gap(g, how, ind, pc, i > 0),
      afterKey: k === "o" ? gap(g, r.chance(0.9) ? "compact" : inline, ind, pc / 3, false) : [],
      afterColon: k === "o" ? gap(g, r.chance(0.8) ? "spaced" : inline, ind, pc / 3, false) : [],
      value,
      after: gap(g, how === "pretty" ? "compact" : how, ind, pc / 2, false),
    });
  }
  // (an object's first line break decides, with objectWrap preserve,
  // whether prettier keeps it expanded: set it often either way)
  if (k === "o" && n > 0 && r.chance(0.3) && items[0].before.every((p) => typeof p === "string"))
    items[0].before = r.chance(0.5) ? ["\n" + ind] : r.pick([[], [" "]]);
  const closing = gap(g, how, outer, pc, false);
  if (n > 0) items[n - 1].after.push(...closing);
  const trail = n > 0 && g.trailingCommas && r.chance(0.3) ? gap(g, how, outer, pc, false) : null;
  return { k, items, trail, empty: n === 0 ? gap(g, r.pick(["compact", "spaced", how]), outer, pc, false) : [] };
}

function valueOf(g, depth, budget) {
  const r = g.r;
  if (depth > g.maxDepth || budget < 8 || r.chance(0.3)) return scalar(r, Math.max(4, Math.min(budget, 90)));
  return r.weighted([
    [3, () => container(g, "a", depth, budget, null, null)],
    [4, () => container(g, "o", depth, budget, null, null)],
    [2, () => special(g, depth, budget)],
  ])();
}

// generate(r, { comments, trailingCommas }): a random document tree.
export function generate(r, { comments, trailingCommas }) {
  const g = {
    r,
    comments,
    trailingCommas,
    how: r.weighted([[3, "compact"], [2, "spaced"], [4, "pretty"], [3, "mixed"], [2, "wild"]]),
    indent: r.pick(["  ", "    ", "\t", " "]),
    pBlank: r.pick([0, 0.05, 0.2, 0.5]),
    commentOdds: r.pick([0.1, 0.25, 0.5]),
    maxDepth: r.int(1, 6),
  };
  const budget = r.weighted([[3, r.int(10, 70)], [4, r.int(60, 200)], [2, r.int(200, 700)]]);
  const value = r.weighted([[1, () => scalar(r, 120)], [4, () => special(g, 0, budget)],
    [7, () => container(g, "a", 0, budget, null, null)], [8, () => container(g, "o", 0, budget, null, null)]])();
  const pc = comments ? 0.5 : 0;
  return {
    bom: r.chance(0.04),
    crlf: r.chance(0.06),
    lead: gap({ ...g, commentOdds: pc }, r.pick(["compact", "pretty"]), "", pc, false),
    value,
    tail: r.chance(0.8) ? [...gap({ ...g, commentOdds: pc }, "compact", "", pc, false), "\n"] : [],
  };
}

// --- text ---

function gapText(parts) {
  return parts.map((p) => (typeof p === "string" ? p : p.c)).join("");
}

function nodeText(n) {
  if (n.k === "s") return n.raw;
  if (n.k === "q") return `"${n.parts.join("")}"`;
  const [open, close] = n.k === "a" ? ["[", "]"] : ["{", "}"];
  if (n.items.length === 0) return open + gapText(n.empty) + close;
  const items = n.items.map((it) =>
    gapText(it.before) + (it.key ? nodeText(it.key) + gapText(it.afterKey) + ":" + gapText(it.afterColon) : "") +
    nodeText(it.value) + gapText(it.after));
  return open + items.join(",") + (n.trail ? "," + gapText(n.trail) : "") + close;
}

// text(tree): the document's text.
export function text(t) {
  let s = gapText(t.lead) + nodeText(t.value) + gapText(t.tail);
  if (t.crlf) s = s.replace(/\n/g, "\r\n");
  return (t.bom ? "\ufeff" : "") + s;
}
