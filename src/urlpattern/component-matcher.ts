// One component of a URL pattern, ready to match: the cheapest of five ways
// that gives the standard's answer for its part list.
//
//   exact   fixed text only (case-sensitive): string equality, with each of
//           the few texts that optional pieces make ("http{s}?")
//   any     "*" alone: any value without a line terminator ("^(.*)$")
//   one-pass  a list where the next code unit decides every choice
//           ("/users/:id", "*.cdn.example.com", "/a/:b/c{/:d(\\d+)}?"): one
//           look at each code unit, in JS (one-pass.ts)
//   kernel  the compiled program (compile.ts) in the kernel, after a check in
//           JS that the value starts with the pattern's leading fixed text
//   regexp  the RegExp the standard generates, where the kernel cannot run
//           the part list, or for a value outside ASCII
//
// Groups come back as the RegExp's would: strings in the name list's order,
// undefined for a group that took no part.

import type { Arena } from "../kernel/arena.js";
import { compileParts, type CompileOptions, type Program } from "./compile.js";
import { groupNames, type Part } from "./parts.js";
import { isAt } from "./code-units.js";
import type { Groups } from "./groups.js";
import { OnePass, type RouteStep } from "./one-pass.js";
import { runProgram } from "./run.js";

/** "." without the "s" flag matches none of these (a full wildcard cannot take them). */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** How a component is matched (for tests and the benchmark's report). */
type MatchKind = "exact" | "any" | "one-pass" | "kernel" | "regexp";

export class ComponentMatcher {
  readonly kind: MatchKind;
  /** The groups' names, in pattern order. */
  readonly names: readonly string[];
  /** The whole text (exact) or the leading fixed text (one-pass, kernel) a value must start with; "" for none. */
  private readonly text: string;
  private readonly program: Program | null;
  private readonly onePass: OnePass | null = null;
  /** An "exact" component's texts beyond `text`, where it has optional pieces; null for none. */
  private readonly otherTexts: readonly string[] | null = null;
  /** The same without captures and with greedy quantifiers, for test() (compileParts() `testOnly`). */
  private readonly testProgram: Program | null = null;

  constructor(
    private readonly arena: Arena,
    parts: readonly Part[],
    options: CompileOptions,
    /** Where the standard's RegExp is (made when first read: only a fallback needs it). */
    private readonly source: { readonly regexp: RegExp },
  ) {
    this.program = null;
    this.text = "";
    this.names = groupNames(parts);
    const texts = options.ignoreCase ? null : fixedTexts(parts);
    if (texts !== null) {
      this.kind = "exact";
      this.text = texts[0] as string;
      if (texts.length > 1) this.otherTexts = texts.slice(1);
    } else if (isAnything(parts)) {
      this.kind = "any";
    } else {
      this.onePass = OnePass.compile(parts, options);
      if (this.onePass !== null) {
        this.kind = "one-pass";
        this.text = this.onePass.head;
        return;
      }
      // The leading fixed text is checked in JS: the program matches from
      // its end on.
      const lead = options.ignoreCase ? 0 : leadingParts(parts);
      this.program = compileParts(parts.slice(lead), options);
      this.testProgram = compileParts(parts.slice(lead), options, true);
      this.kind = this.program === null ? "regexp" : "kernel";
      this.text = leadingText(parts.slice(0, lead));
    }
  }

  /** Whether `value` matches. */
  test(value: string): boolean {
    switch (this.kind) {
      case "exact":
        return this.isText(value);
      case "any":
        return !LINE_TERMINATOR.test(value);
      case "one-pass": {
        if (!this.startsWithText(value)) return false;
        const groups = (this.onePass as OnePass).match(value, false);
        if (groups !== undefined) return groups !== null;
        return this.source.regexp.test(value);
      }
      case "kernel": {
        if (!this.startsWithText(value)) return false;
        const slots = runProgram(this.arena, this.testProgram as Program, value, false, this.text.length);
        if (slots !== undefined) return slots !== null;
        return this.source.regexp.test(value);
      }
      default:
        return this.source.regexp.test(value);
    }
  }

  /** The groups of `value`, or null when it does not match. */
  exec(value: string): Groups | null {
    switch (this.kind) {
      case "exact":
        return this.isText(value) ? [] : null;
      case "any":
        return LINE_TERMINATOR.test(value) ? null : [value];
      case "one-pass": {
        if (!this.startsWithText(value)) return null;
        const groups = (this.onePass as OnePass).match(value, true);
        if (groups !== undefined) return groups;
        break;
      }
      case "kernel": {
        if (!this.startsWithText(value)) return null;
        const slots = runProgram(this.arena, this.program as Program, value, true, this.text.length);
        if (slots === undefined) break;
        if (slots === null) return null;
        const groups: Groups = [];
        for (let i = 0; i < slots.length; i += 2)
          groups.push(slots[i] < 0 ? undefined : value.slice(slots[i], slots[i + 1]));
        return groups;
      }
    }
    const match = this.source.regexp.exec(value);
    return match === null ? null : match.slice(1);
  }

  /**
   * The straight lines (one-pass.ts straight()) whose matches are the
   * values this component matches, for a value of ASCII code units: one a
   * text of an "exact" component, one for a "one-pass" component without
   * an optional piece; null for any other.
   */
  straightLines(): RouteStep[][] | null {
    if (this.kind === "exact") return [this.text, ...(this.otherTexts ?? [])].map((t) => (t === "" ? [] : [t]));
    const line = this.onePass?.straight() ?? null;
    return line === null ? null : [line];
  }

  /** Whether `value` is an "exact" component's text or one of its others. */
  private isText(value: string): boolean {
    return value === this.text || this.otherTexts?.includes(value) === true;
  }

  /**
   * Whether `value` starts with `text`: two of its characters first, which
   * refuse most values at once (a router's prefixes differ after their first
   * "/" or just before their end: "/users1/", "/users2/").
   */
  private startsWithText(value: string): boolean {
    const text = this.text;
    const n = text.length;
    if (n >= 2 && (value.charCodeAt(1) !== text.charCodeAt(1) || value.charCodeAt(n - 2) !== text.charCodeAt(n - 2)))
      return false;
    return isAt(value, 0, text);
  }
}

/** Fixed texts that optional pieces may make, at most this many: "{a}?{b}?{c}?". */
const MAX_FIXED_TEXTS = 8;

/**
 * Every value a part list of fixed text alone matches (pieces without a
 * modifier or optional), or null: for any other list, or one of more than
 * MAX_FIXED_TEXTS values. "http{s}?": "http", "https".
 */
function fixedTexts(parts: readonly Part[]): string[] | null {
  // Checked first: a route's part lists have groups, and are refused before any text is made.
  for (const p of parts)
    if (p.type !== "fixed-text" || (p.modifier !== "none" && p.modifier !== "optional")) return null;
  let texts = [""];
  for (const p of parts) {
    texts = p.modifier === "none" ? texts.map((t) => t + p.value) : [...texts, ...texts.map((t) => t + p.value)];
    if (texts.length > MAX_FIXED_TEXTS) return null;
  }
  return texts;
}

/** A part list that is one full wildcard, alone: "*". */
function isAnything(parts: readonly Part[]): boolean {
  if (parts.length !== 1) return false;
  const [p] = parts;
  return p.type === "full-wildcard" && p.modifier === "none" && p.prefix === "" && p.suffix === "";
}

/** How many parts at the start are fixed text without a modifier. */
function leadingParts(parts: readonly Part[]): number {
  let n = 0;
  while (n < parts.length && parts[n].type === "fixed-text" && parts[n].modifier === "none") n++;
  return n;
}

/**
 * The fixed text every match starts with: the leading fixed-text parts
 * without a modifier, and the prefix of the group after them where that
 * group must take part (no modifier, or "+"): in "/users/:id", "/users/".
 */
export function leadingText(parts: readonly Part[]): string {
  const lead = leadingParts(parts);
  let text = "";
  for (let i = 0; i < lead; i++) text += (parts[i] as Part).value;
  const next = parts[lead];
  if (next !== undefined && (next.modifier === "none" || next.modifier === "one-or-more")) text += next.prefix;
  return text;
}
