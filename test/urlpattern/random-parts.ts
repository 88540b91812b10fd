// Seeded random part lists and inputs for the matcher's differential tests:
// every kind of part, modifier, prefix and suffix, delimiter and case option,
// and inputs walked from the pattern (so that many match) then mutated.
import type { CompileOptions } from "../../src/urlpattern/compile";
import type { Part, PartModifier } from "../../src/urlpattern/parts";
import { int, pick, type Rng } from "../helpers/random";

const MODIFIERS: PartModifier[] = ["none", "optional", "zero-or-more", "one-or-more"];
const AFFIXES = ["", "", "", "/", ".", "-", "ab"];
const TEXT = "ab/.-A1";
const INPUT = "ab/.-AB1x\n";
/** Regexp group values: in the kernel's subset, and outside it (matched by the RegExp). */
export const REGEXP_VALUES = [
  "\\d+",
  "\\d*",
  "[a-z]+",
  "[A-C0-9]+?",
  "[^\\/]+",
  "[^.a]*?",
  "b?",
  "x*?",
  ".+",
  ".*?",
  "\\w{2}",
  "\\d{1,3}",
  "a{2,}",
  "a+?b*",
  "\\.\\/",
  "[\\-\\d]+",
  "\\s*",
  "a|b",
  "ab|a",
  "a*|b",
  "\\d+|x|xy",
  "(?:ab)+",
  "[a-z]+(?=1)",
];

function text(rng: Rng, alphabet: string, min: number, max: number): string {
  let s = "";
  for (let n = int(rng, min, max); n > 0; n--) s += pick(rng, [...alphabet]);
  return s;
}

export function randomParts(rng: Rng): { parts: Part[]; options: CompileOptions } {
  const parts: Part[] = [];
  let groups = 0;
  for (let n = int(rng, 1, 5); n > 0; n--) {
    const roll = rng();
    const modifier = rng() < 0.5 ? "none" : pick(rng, MODIFIERS);
    if (roll < 0.35) {
      parts.push({ type: "fixed-text", value: text(rng, TEXT, 1, 3), modifier, name: "", prefix: "", suffix: "" });
      continue;
    }
    const type = roll < 0.6 ? "segment-wildcard" : roll < 0.75 ? "full-wildcard" : "regexp";
    const value = type === "regexp" ? pick(rng, REGEXP_VALUES) : "";
    parts.push({
      type,
      value,
      modifier,
      name: String(groups++),
      prefix: pick(rng, AFFIXES),
      suffix: pick(rng, AFFIXES),
    });
  }
  return { parts, options: { delimiterCodePoint: pick(rng, ["/", ".", ""]), ignoreCase: rng() < 0.25 } };
}

/** An input walked from the parts (a likely match), sometimes mutated, or random text. */
export function randomInput(rng: Rng, parts: readonly Part[]): string {
  if (rng() < 0.15) return text(rng, INPUT, 0, 8);
  let s = "";
  for (const part of parts) {
    const reps = part.modifier === "none" ? 1 : int(rng, part.modifier === "one-or-more" ? 1 : 0, 2);
    for (let r = 0; r < reps; r++) {
      if (part.type === "fixed-text") s += rng() < 0.2 ? part.value.toUpperCase() : part.value;
      else s += part.prefix + text(rng, INPUT, 0, 3) + part.suffix;
    }
  }
  if (rng() < 0.3) {
    const at = int(rng, 0, s.length);
    s = rng() < 0.5 ? s.slice(0, at) + pick(rng, [...INPUT]) + s.slice(at) : s.slice(0, at) + s.slice(at + 1);
  }
  return s;
}

const PATTERN_PIECES = [
  ":a",
  "(a|b)",
  "(a(?=b))",
  ":b1",
  "*",
  "(\\d+)",
  "([a-z]*?)",
  "{",
  "}",
  "?",
  "+",
  "*",
  "/",
  "/",
  ".",
  "x",
  "-",
  "{/x}",
  ":c?",
];

/** A random pattern string built from the pattern syntax's tokens (it may fail to parse). */
export function randomPatternString(rng: Rng): string {
  let s = "";
  for (let n = int(rng, 1, 8); n > 0; n--) s += pick(rng, PATTERN_PIECES);
  return s;
}
