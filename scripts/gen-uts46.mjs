// Generates src/generated/uts46-data.ts (gitignored) from the Unicode data that
// the tr46 package ships: the UTS #46 IDNA Mapping Table (lib/mappingTable.json)
// and the character classes of its regular expressions (lib/regexes.js). Run by
// scripts/build.mjs and by `npm run typecheck`; the output is never committed.
//
// The generated module holds three strings that src/whatwg/unicode-data.ts
// decodes on the first non-ASCII domain. Each is a sequence of unsigned numbers,
// written in base 32, most significant digit first: a digit g is the character
// 0x23 + g ("#".."B") when more digits follow, 0x5D + g ("]".."|") when it is
// the last. Neither alphabet holds '"' or '\', so no character needs escaping.
//
//   MAPPING: the IDNA Mapping Table as runs over U+0000..U+10FFFF, each a
//     length and a code: 8 * arg + kind, where kind is
//       0 STATUS   arg: 0 valid (or deviation), 1 disallowed, 2 ignored
//       1 DELTA    mapped: each code point to itself + unzigzag(arg)
//       2 STRING   mapped: each code point to one POOL string: arg 0 for the
//                  next one not used yet, else the one numbered arg - 1
//       3 ALTERNATE  mapped to itself + unzigzag(arg), then valid, and so on
//                  (the upper/lower case pairs of many alphabets)
//       4 NEAR     as DELTA, but the first code point maps to the target of
//                  the last one mapped to one code point + unzigzag(arg)
//                  (whichever of DELTA and NEAR has the smaller arg is written)
//     The runs are written as their number, then all lengths, then all codes.
//     Deviation counts as valid: with Transitional_Processing=false a deviation
//     is kept as it is (UTS #46 section 4 step 1) and is valid (section 4.1 step 7).
//   POOL: the mapping strings: for each, its length in code points, then the
//     code points, each as zigzag(code point - the one before it in the pool).
//   PROPERTIES: runs over U+0000..U+10FFFF of the character properties that the
//     validity criteria read, each a length and a value (see PROPERTY below).
//     Only valid code points are read (a label with any other fails step 7
//     anyway), so a run goes on through code points of other statuses. Written
//     as MAPPING's runs are.
import { createRequire } from "node:module";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const table = require("tr46/lib/mappingTable.json");
const regexes = require("tr46/lib/regexes.js");
const { STATUS_MAPPING } = require("tr46/lib/statusMapping.js");
const tr46Version = require("tr46/package.json").version;

const MAX = 0x10ffff;
const zigzag = (n) => (n < 0 ? -2 * n - 1 : 2 * n);

// Per code point: the status (0 valid, 1 disallowed, 2 ignored, 3 mapped) and the mapping.
const status = new Uint8Array(MAX + 1);
const mapping = new Array(MAX + 1);
let next = 0;
for (const [range, value, to] of table) {
  const [lo, hi] = Array.isArray(range) ? range : [range, range];
  if (lo !== next) throw new Error(`mappingTable.json: a gap before U+${lo.toString(16)}`);
  next = hi + 1;
  const s = {
    [STATUS_MAPPING.valid]: 0,
    [STATUS_MAPPING.deviation]: 0,
    [STATUS_MAPPING.disallowed]: 1,
    [STATUS_MAPPING.ignored]: 2,
    [STATUS_MAPPING.mapped]: 3,
  }[value];
  if (s === undefined) throw new Error(`mappingTable.json: unknown status ${value}`);
  for (let cp = lo; cp <= hi; cp++) {
    status[cp] = s;
    if (s === 3) mapping[cp] = to;
  }
}
if (next !== MAX + 1) throw new Error("mappingTable.json does not reach U+10FFFF");
// src/whatwg/uts46.ts maps and validates ASCII without the table: A-Z to a-z, the rest valid.
for (let cp = 0; cp < 0x80; cp++) {
  const upper = cp >= 0x41 && cp <= 0x5a;
  if (upper ? mapping[cp] !== String.fromCharCode(cp + 0x20) : status[cp] !== 0)
    throw new Error(`U+${cp.toString(16)} is not as uts46.ts assumes`);
}

// ---- MAPPING and POOL -------------------------------------------------------
const poolIndex = new Map();
const pool = [];
/** The target of a mapping to one code point, or null. */
function single(cp) {
  const to = mapping[cp];
  return [...to].length === 1 ? to.codePointAt(0) : null;
}

const runs = [];
let lastTarget = 0;
for (let cp = 0; cp <= MAX; ) {
  let length = 1;
  let code;
  const t = status[cp] === 3 ? single(cp) : null;
  if (status[cp] !== 3) {
    // STATUS
    while (cp + length <= MAX && status[cp + length] === status[cp]) length++;
    code = 8 * status[cp];
  } else if (t !== null) {
    const d = t - cp;
    const sameDelta = (c) => status[c] === 3 && single(c) === c + d;
    // ALTERNATE: mapped by d, valid, mapped by d, ... (at least two pairs).
    let pairs = 0;
    while (sameDelta(cp + 2 * pairs) && status[cp + 2 * pairs + 1] === 0) pairs++;
    if (pairs >= 2) {
      length = 2 * pairs;
      code = 8 * zigzag(d) + 3;
      lastTarget = t + length - 2;
    } else {
      while (cp + length <= MAX && sameDelta(cp + length)) length++;
      const near = t - lastTarget;
      code = Math.abs(near) < Math.abs(d) ? 8 * zigzag(near) + 4 : 8 * zigzag(d) + 1;
      lastTarget = t + length - 1;
    }
  } else {
    // STRING
    while (cp + length <= MAX && status[cp + length] === 3 && mapping[cp + length] === mapping[cp]) length++;
    const s = mapping[cp];
    if (poolIndex.has(s)) {
      code = 8 * (poolIndex.get(s) + 1) + 2;
    } else {
      poolIndex.set(s, pool.length);
      pool.push(s);
      code = 2;
    }
  }
  runs.push(length, code);
  cp += length;
}
/** Runs as one stream: their number, all lengths, then all codes or values (gzip likes like next to like). */
const columns = (pairs) => [
  pairs.length / 2,
  ...pairs.filter((_, i) => i % 2 === 0),
  ...pairs.filter((_, i) => i % 2 === 1),
];

const poolNumbers = [];
let previous = 0;
for (const s of pool) {
  const cps = [...s].map((c) => c.codePointAt(0));
  poolNumbers.push(cps.length);
  for (const c of cps) {
    poolNumbers.push(zigzag(c - previous));
    previous = c;
  }
}

// ---- PROPERTIES -------------------------------------------------------------
// The character classes of tr46's regular expressions, one RegExp each.
function classes(re) {
  return re.source.match(/\[(?:[^\]\\]|\\.)*\]/g).map((c) => new RegExp(`^${c}$`, "u"));
}
const [leftOrDual, transparent, transparentAfter, rightOrDual] = classes(regexes.validZWNJ);
const [rtlLast, nsm] = classes(regexes.bidiS3);
const [ltrLast, nsm6] = classes(regexes.bidiS6);
const [rtlAllowed] = classes(regexes.bidiS2);
const [ltrAllowed] = classes(regexes.bidiS5);
const has = (re, ch) => re.test(ch);

// PROPERTY = bidi + 8 * joining + 64 * mark + 128 * virama, where
//   bidi (RFC 5893 section 1.4 Bidi_Class, as the rule groups them):
//     0 other (allowed in no label), 1 L, 2 R or AL, 3 AN, 4 EN,
//     5 NSM, 6 ES, CS, ET, ON or BN (allowed in both directions, ends neither)
//   joining (RFC 5892 Appendix A.1 Joining_Type): 0 other, 1 T, 2 L, 3 R, 4 D
//   mark: General_Category=Mark (UTS #46 section 4.1 step 6)
//   virama: Canonical_Combining_Class=Virama (RFC 5892 Appendix A.1 and A.2)
function property(cp) {
  const ch = String.fromCodePoint(cp);
  const L = has(regexes.bidiS1LTR, ch);
  const R = has(regexes.bidiS1RTL, ch);
  const AN = has(regexes.bidiS4AN, ch);
  const EN = has(regexes.bidiS4EN, ch);
  const NSM = has(nsm, ch);
  const both = has(rtlAllowed, ch) && has(ltrAllowed, ch);
  const bidi = L ? 1 : R ? 2 : AN ? 3 : EN ? 4 : NSM ? 5 : both ? 6 : 0;
  // The groups must be what the regular expressions say they are.
  // src/whatwg/bidi.ts skips the code points below U+0590 when it looks for R, AL or AN.
  if (cp < 0x590 && (R || AN)) throw new Error(`U+${cp.toString(16)}: R, AL or AN below U+0590`);
  if ([L, R, AN, EN, NSM].filter(Boolean).length > 1) throw new Error(`U+${cp.toString(16)} in two bidi groups`);
  if (has(rtlAllowed, ch) !== [2, 3, 4, 5, 6].includes(bidi)) throw new Error(`U+${cp.toString(16)}: bidiS2`);
  if (has(ltrAllowed, ch) !== [1, 4, 5, 6].includes(bidi)) throw new Error(`U+${cp.toString(16)}: bidiS5`);
  if (has(rtlLast, ch) !== [2, 3, 4].includes(bidi)) throw new Error(`U+${cp.toString(16)}: bidiS3`);
  if (has(ltrLast, ch) !== [1, 4].includes(bidi)) throw new Error(`U+${cp.toString(16)}: bidiS6`);
  if (has(regexes.bidiDomain, ch) !== [2, 3].includes(bidi)) throw new Error(`U+${cp.toString(16)}: bidiDomain`);
  if (NSM !== has(nsm6, ch)) throw new Error(`U+${cp.toString(16)}: bidiS6 NSM`);
  const left = has(leftOrDual, ch);
  const right = has(rightOrDual, ch);
  const joining = has(transparent, ch) ? 1 : left && right ? 4 : left ? 2 : right ? 3 : 0;
  if (joining === 1 && (left || right)) throw new Error(`U+${cp.toString(16)}: transparent and joining`);
  if (has(transparent, ch) !== has(transparentAfter, ch)) throw new Error(`U+${cp.toString(16)}: validZWNJ T`);
  const mark = has(regexes.combiningMarks, ch) ? 1 : 0;
  const virama = has(regexes.combiningClassVirama, ch) ? 1 : 0;
  return bidi + 8 * joining + 64 * mark + 128 * virama;
}

// Greedy runs: a code point that is not valid joins whatever run it is in.
const propertyRuns = [];
let runValue = 0;
let runLength = 0;
for (let cp = 0; cp <= MAX; cp++) {
  if (status[cp] === 0) {
    const value = property(cp);
    if (value !== runValue) {
      if (runLength > 0) propertyRuns.push(runLength, runValue);
      runValue = value;
      runLength = 0;
    }
  }
  runLength++;
}
propertyRuns.push(runLength, runValue);

// ---- output -----------------------------------------------------------------
function encode(numbers) {
  let out = "";
  for (const n of numbers) {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`cannot encode ${n}`);
    const digits = [];
    let v = n;
    do {
      digits.unshift(v % 32);
      v = Math.floor(v / 32);
    } while (v > 0);
    for (const [i, g] of digits.entries()) out += String.fromCharCode((i === digits.length - 1 ? 0x5d : 0x23) + g);
  }
  return out;
}

const file = path.join(root, "src", "generated", "uts46-data.ts");
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(
  file,
  // (Typed string, so that the declarations tsc emits do not repeat the literals.)
  `// Generated by scripts/gen-uts46.mjs from tr46 ${tr46Version}: do not edit. The encoding is described there.
export const MAPPING: string = "${encode(columns(runs))}";
export const POOL: string = "${encode(poolNumbers)}";
export const PROPERTIES: string = "${encode(columns(propertyRuns))}";
`,
);
