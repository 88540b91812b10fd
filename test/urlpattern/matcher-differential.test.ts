// The kernel's matcher against the RegExp the URL Pattern Standard generates,
// on seeded random part lists and inputs, in every build: the same answer
// (match or not) and the same groups, lazy segment wildcards, greedy
// modifiers and repeated groups included.
import { describe, expect, it } from "vitest";
import type { Arena } from "../../src/kernel/arena";
import { ENGINE_BACKTRACK, ENGINE_PIKE } from "../../assembly/urlpattern/program";
import { compileParts } from "../../src/urlpattern/compile";
import { ComponentMatcher } from "../../src/urlpattern/component-matcher";
import { OnePass } from "../../src/urlpattern/one-pass";
import { runProgram } from "../../src/urlpattern/run";
import { createSwurl } from "../../build/index.js";
import { builds } from "../helpers/builds";
import { internals } from "../helpers/internals";
import { mulberry32 } from "../helpers/random";
import { parsePatternString } from "../../src/urlpattern/parser";
import {
  DEFAULT_OPTIONS,
  HOSTNAME_OPTIONS,
  PATHNAME_OPTIONS,
  type Part,
  type PartOptions,
} from "../../src/urlpattern/parts";
import { int, pick } from "../helpers/random";
import { randomInput, randomParts, randomPatternString } from "./random-parts";
import { specRegExp } from "./spec-regexp";
import { randomCases } from "../helpers/quick";

const SEED = Number(process.env.SWURL_PATTERN_SEED ?? 2811);
const PATTERNS = Number(process.env.SWURL_PATTERN_CASES ?? randomCases(4000));
const INPUTS = 25;
/** Both engines of the kernel (assembly/urlpattern/matcher.ts), each on every case. */
const ENGINES = [ENGINE_PIKE, ENGINE_BACKTRACK];
const PATTERN_STRINGS = 1000;

/** The groups as the RegExp gives them: strings, or undefined for a group that took no part. */
function groupsOf(slots: Int32Array, input: string): (string | undefined)[] {
  const groups: (string | undefined)[] = [];
  for (let i = 0; i < slots.length; i += 2) groups.push(slots[i] < 0 ? undefined : input.slice(slots[i], slots[i + 1]));
  return groups;
}

/**
 * The part list of `pattern` under one of `choices` (ignoreCase a quarter
 * of the time), with the options and the spec's RegExp; null where the
 * pattern does not parse.
 */
function parsed(rng: () => number, pattern: string, choices: PartOptions[]) {
  const chosen = pick(rng, choices);
  const options = rng() < 0.25 ? { ...chosen, ignoreCase: true } : chosen;
  let parts: Part[];
  try {
    parts = parsePatternString(pattern, options, (s) => s);
  } catch {
    return null;
  }
  return { parts, options, regexp: specRegExp(parts, options) };
}

interface Case {
  parts: ReturnType<typeof randomParts>["parts"];
  options: ReturnType<typeof randomParts>["options"];
  inputs: string[];
  /** The RegExp's groups for each input, or null. */
  expected: ((string | undefined)[] | null)[];
}

/**
 * The cases and the RegExp's answers, made once for every build: the
 * backtracking RegExp takes most of the time (on some of these lists, such
 * as "((?:.*)*)", it explores exponentially many paths before it fails).
 */
function makeCases(): Case[] {
  const rng = mulberry32(SEED);
  const cases: Case[] = [];
  for (let p = 0; p < PATTERNS; p++) {
    const { parts, options } = randomParts(rng);
    const regexp = specRegExp(parts, options);
    const inputs = Array.from({ length: INPUTS }, () => randomInput(rng, parts));
    cases.push({ parts, options, inputs, expected: inputs.map((input) => regexp.exec(input)?.slice(1) ?? null) });
  }
  return cases;
}

const cases = makeCases();

/** Pieces of a router's patterns, and near misses that are not one-pass ("n" becomes a fresh name). */
const ROUTER_PIECES = [
  "/",
  "/",
  ".",
  "-",
  "x",
  "ab",
  "1",
  ":n",
  ":n",
  ":n(\\d+)",
  ":n([a-z]+)",
  ":n([0-9a-f]*)",
  "*",
  "{/x}?",
  "{/:n}?",
  "{.:n(\\d+)}?",
  ":n?",
  "(\\d+)",
  "{:n.}?",
  "{:n([a-z]*)}?",
  "(\\d*)?",
];
const ROUTER_PATTERNS = randomCases(3000);

describe("one-pass steps (one-pass.ts)", () => {
  it(`agree with the spec's RegExp on the random part lists and ${ROUTER_PATTERNS} router-like pattern strings (seed ${SEED})`, () => {
    const rng = mulberry32(SEED + 3);
    let lists = 0;
    let compared = 0;
    let matched = 0;
    const check = (parts: readonly Part[], options: PartOptions, regexp: RegExp, inputs: readonly string[]) => {
      const onePass = OnePass.compile(parts, options);
      if (onePass === null) return;
      lists++;
      for (const input of inputs) {
        const want = regexp.exec(input)?.slice(1) ?? null;
        // The caller checks the text the list starts with (component-matcher.ts).
        const starts = input.startsWith(onePass.head);
        const got = starts ? onePass.match(input, true) : null;
        if (got === undefined) {
          // Left to the other matchers: only where a value is not ASCII.
          expect(/[^\0-\x7f]/.test(input)).toBe(true);
          continue;
        }
        compared++;
        if (want !== null) matched++;
        if (JSON.stringify(got) !== JSON.stringify(want))
          expect({ source: regexp.source, input, got }).toEqual({ source: regexp.source, input, got: want });
        expect(starts && onePass.match(input, false) !== null).toBe(want !== null);
      }
    };
    for (const { parts, options, inputs } of cases)
      check(parts, { ...options, prefixCodePoint: "" }, specRegExp(parts, options), inputs);
    for (let p = 0; p < ROUTER_PATTERNS; p++) {
      let names = 0;
      let pattern = "/";
      for (let n = int(rng, 1, 6); n > 0; n--) pattern += pick(rng, ROUTER_PIECES).replace(":n", () => `:n${names++}`);
      const component = parsed(rng, pattern, [DEFAULT_OPTIONS, HOSTNAME_OPTIONS, PATHNAME_OPTIONS]);
      if (component === null) continue;
      const { parts, options, regexp } = component;
      const inputs = Array.from({ length: INPUTS }, () => {
        const input = randomInput(rng, parts);
        if (rng() > 0.1) return input;
        const at = int(rng, 0, input.length);
        return input.slice(0, at) + pick(rng, ["é", "😀", "\u2028"]) + input.slice(at);
      });
      check(parts, options, regexp, inputs);
    }
    expect(lists).toBeGreaterThan(ROUTER_PATTERNS / 4);
    expect(matched).toBeGreaterThan(compared * 0.2);
  });
});

describe.each(builds.map(([name]) => name))("the compiled matcher (%s)", (name) => {
  const arena = internals(createSwurl(name as "js")) as unknown as Arena;

  it(`agrees with the spec's RegExp on ${PATTERNS} random part lists x ${INPUTS} inputs (seed ${SEED})`, () => {
    let compiled = 0;
    let matched = 0;
    for (const { parts, options, inputs, expected } of cases) {
      const program = compileParts(parts, options);
      if (program === null) continue;
      compiled++;
      inputs.forEach((input, i) => {
        for (const engine of ENGINES) {
          const slots = runProgram(arena, program, input, true, 0, engine);
          const got = slots ? groupsOf(slots, input) : slots;
          if (JSON.stringify(got) !== JSON.stringify(expected[i])) {
            const source = specRegExp(parts, options).source;
            expect({ source, input, engine, got }).toEqual({ source, input, engine, got: expected[i] });
          }
        }
        if (expected[i]) matched++;
      });
    }
    // The subset covers most lists, and the walks match often: the test compares matches, not only failures.
    expect(compiled).toBeGreaterThan(PATTERNS * 0.8);
    expect(matched).toBeGreaterThan(compiled * INPUTS * 0.2);
  });
  it(`agrees with the spec's RegExp on the part lists of ${PATTERN_STRINGS} random pattern strings (seed ${SEED})`, () => {
    const rng = mulberry32(SEED + 1);
    let compared = 0;
    for (let p = 0; p < PATTERN_STRINGS; p++) {
      const pattern = randomPatternString(rng);
      const component = parsed(rng, pattern, [DEFAULT_OPTIONS, HOSTNAME_OPTIONS, PATHNAME_OPTIONS]);
      if (component === null) continue;
      const { parts, options, regexp } = component;
      const program = compileParts(parts, options);
      if (program === null) continue;
      for (let i = 0; i < INPUTS; i++) {
        const input = randomInput(rng, parts);
        const want = regexp.exec(input)?.slice(1) ?? null;
        for (const engine of ENGINES) {
          const slots = runProgram(arena, program, input, true, 0, engine);
          const got = slots ? groupsOf(slots, input) : slots;
          if (JSON.stringify(got) !== JSON.stringify(want))
            expect({ pattern, input, engine, got }).toEqual({ pattern, input, engine, got: want });
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(PATTERN_STRINGS * INPUTS * 0.3);
  });

  it(`component matchers (exact, any, one-pass, kernel after the leading text, regexp) agree on ${PATTERN_STRINGS} pattern strings`, () => {
    const rng = mulberry32(SEED + 2);
    const kinds = new Set<string>();
    for (let p = 0; p < PATTERN_STRINGS; p++) {
      const pattern = rng() < 0.2 ? pick(rng, ["*", "/a/b", "x", ""]) : `/x${randomPatternString(rng)}`;
      const component = parsed(rng, pattern, [DEFAULT_OPTIONS, PATHNAME_OPTIONS]);
      if (component === null) continue;
      const { parts, options, regexp } = component;
      const matcher = new ComponentMatcher(arena, parts, options, { regexp });
      kinds.add(matcher.kind);
      for (let i = 0; i < INPUTS; i++) {
        const input = rng() < 0.05 ? "/xé" : randomInput(rng, parts);
        const want = regexp.exec(input)?.slice(1) ?? null;
        const got = matcher.exec(input);
        if (JSON.stringify(got) !== JSON.stringify(want))
          expect({ pattern, input, got }).toEqual({ pattern, input, got: want });
        expect(matcher.test(input)).toBe(want !== null);
      }
    }
    expect([...kinds].sort()).toEqual(["any", "exact", "kernel", "one-pass", "regexp"]);
  });

  it("matches long values as the RegExp does (the kernel's Pike VM past the backtracking engine's size, and one pass)", () => {
    for (const [pattern, value, kind] of [
      ["/:a/:rest*", `/x${"/ab".repeat(40000)}`, "kernel"],
      ["/*/:last", `/${"a/".repeat(50000)}z`, "kernel"],
      ["/:a(\\d+)/*/:b", `/${"7".repeat(100000)}/q/r`, "kernel"],
      ["/:a(\\d+)/*", `/${"7".repeat(100000)}/q`, "one-pass"],
      ["/:a/:b{/c}?", `/${"x".repeat(100000)}/${"y".repeat(1000)}/c`, "one-pass"],
    ]) {
      const parts = parsePatternString(pattern, PATHNAME_OPTIONS, (s) => s);
      const regexp = specRegExp(parts, PATHNAME_OPTIONS);
      const matcher = new ComponentMatcher(arena, parts, PATHNAME_OPTIONS, { regexp });
      expect(matcher.kind).toBe(kind);
      expect(matcher.exec(value)).toEqual(regexp.exec(value)?.slice(1) ?? null);
      expect(matcher.exec(`${value}\n`)).toEqual(regexp.exec(`${value}\n`)?.slice(1) ?? null);
    }
  });

  it("leaves inputs outside ASCII to the RegExp", () => {
    const program = compileParts(
      [{ type: "segment-wildcard", value: "", modifier: "none", name: "a", prefix: "", suffix: "" }],
      { delimiterCodePoint: "/", ignoreCase: false },
    );
    expect(program).not.toBeNull();
    if (program) expect(runProgram(arena, program, "é", true)).toBeUndefined();
  });
});
