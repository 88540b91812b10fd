// The URL Pattern Standard's pattern parser (https://urlpattern.spec.whatwg.org/#parsing):
// a component's pattern string to its part list, each fixed text piece passed
// through the component's encoding callback.
import { escapeRegExpString } from "./escape.js";
import { FULL_WILDCARD_REGEXP, type Part, type PartModifier, type PartOptions } from "./parts.js";
import { type Token, type TokenType, tokenize } from "./tokenizer.js";

/** "An encoding callback": validates and encodes a fixed text piece, or throws. */
export type EncodingCallback = (input: string) => string;

/** "Generate a segment wildcard regexp": "[^" + the escaped delimiter + "]+?". */
export function segmentWildcardRegExp(options: PartOptions): string {
  return `[^${escapeRegExpString(options.delimiterCodePoint)}]+?`;
}

const MODIFIERS: Record<string, PartModifier> = { "?": "optional", "*": "zero-or-more", "+": "one-or-more" };

class PatternParser {
  readonly parts: Part[] = [];
  /** The group names so far: a set, so that a pattern of n groups is checked in n steps, not n^2. */
  readonly names = new Set<string>();
  readonly segmentWildcard: string;
  pendingFixedValue = "";
  index = 0;
  nextNumericName = 0;

  constructor(
    readonly tokens: Token[],
    readonly options: PartOptions,
    readonly encode: EncodingCallback,
  ) {
    this.segmentWildcard = segmentWildcardRegExp(options);
  }

  /** "Try to consume a token". The list ends in "end", which no loop passes. */
  take(type: TokenType): Token | null {
    const next = this.tokens[this.index] as Token;
    if (next.type !== type) return null;
    this.index += 1;
    return next;
  }

  /** "Try to consume a modifier token". */
  takeModifier(): Token | null {
    return this.take("other-modifier") ?? this.take("asterisk");
  }

  /** "Try to consume a regexp or wildcard token": "*" counts only where no name came before. */
  takeRegExpOrWildcard(nameToken: Token | null): Token | null {
    const token = this.take("regexp");
    return nameToken === null && token === null ? this.take("asterisk") : token;
  }

  /** "Consume a required token". */
  require(type: TokenType): void {
    if (this.take(type) === null) {
      const at = this.tokens[this.index] as Token;
      throw new TypeError(`Invalid pattern: expected ${type}, found ${at.type} "${at.value}" at ${at.index}`);
    }
  }

  /** "Consume text": the chars and escaped chars up to the next other token. */
  text(): string {
    let result = "";
    for (;;) {
      const token = this.take("char") ?? this.take("escaped-char");
      if (token === null) return result;
      result += token.value;
    }
  }

  /** "Maybe add a part from the pending fixed value". */
  flushPending(): void {
    if (this.pendingFixedValue === "") return;
    const value = this.encode(this.pendingFixedValue);
    this.pendingFixedValue = "";
    this.parts.push(fixedPart(value));
  }

  /** "Add a part". */
  addPart(
    prefix: string,
    nameToken: Token | null,
    regexpOrWildcard: Token | null,
    suffix: string,
    modifierToken: Token | null,
  ): void {
    const modifier = modifierToken === null ? "none" : (MODIFIERS[modifierToken.value] as PartModifier);
    if (nameToken === null && regexpOrWildcard === null) {
      // A "{foo}" grouping joins the text around it; "{foo}?" is a part of its own.
      if (modifier === "none") {
        this.pendingFixedValue += prefix;
        return;
      }
      this.flushPending();
      if (prefix === "") return;
      this.parts.push({ type: "fixed-text", value: this.encode(prefix), modifier, name: "", prefix: "", suffix: "" });
      return;
    }
    this.flushPending();
    // Through a regular expression first, so that "(.*)" is the same part as "*".
    let value =
      regexpOrWildcard === null
        ? this.segmentWildcard
        : regexpOrWildcard.type === "asterisk"
          ? FULL_WILDCARD_REGEXP
          : regexpOrWildcard.value;
    let type: Part["type"] = "regexp";
    if (value === this.segmentWildcard) {
      type = "segment-wildcard";
      value = "";
    } else if (value === FULL_WILDCARD_REGEXP) {
      type = "full-wildcard";
      value = "";
    }
    let name: string;
    if (nameToken !== null) name = nameToken.value;
    else name = String(this.nextNumericName++);
    if (this.names.has(name)) throw new TypeError(`Invalid pattern: duplicate group name "${name}"`);
    this.names.add(name);
    this.parts.push({ type, value, modifier, name, prefix: this.encode(prefix), suffix: this.encode(suffix) });
  }
}

/** "Parse a pattern string" (https://urlpattern.spec.whatwg.org/#parse-a-pattern-string). */
export function parsePatternString(input: string, options: PartOptions, encode: EncodingCallback): Part[] {
  return plainParts(input, options, encode) ?? parseTokens(input, options, encode);
}

/** Whether ASCII code unit `c` is a valid name code point ("$", "_", a letter; a digit after the first). */
function isAsciiNameUnit(c: number, first: boolean): boolean {
  return c === 0x24 || c === 0x5f || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || (!first && c >= 0x30 && c <= 0x39);
}

/** Whether ASCII code unit `c` makes a token of its own: "*", "+", "?", "\\", "{", "}", ":", "(". */
function isSyntaxUnit(c: number): boolean {
  return c === 0x2a || c === 0x2b || c === 0x3f || c === 0x5c || c === 0x7b || c === 0x7d || c === 0x3a || c === 0x28;
}

/** The groups plainParts() reads before it leaves a string to the parser (its duplicate check is a scan). */
const MAX_PLAIN_GROUPS = 32;

/**
 * The parts of an ASCII pattern string whose tokens are "char" and ASCII
 * "name" tokens only (a router's "/users/:id/posts"), read without a token
 * list: the loop of "parse a pattern string" on such tokens takes a char
 * and a name as a group (the char its prefix where it is the prefix code
 * point) and gathers every other char into the pending fixed value, which
 * is then a stretch of the input. Null for any other string (and one with a
 * duplicate name), before any call of `encode`: the tokenizer and the
 * parser read it whole, with their errors in their order.
 */
function plainParts(input: string, options: PartOptions, encode: EncodingCallback): Part[] | null {
  // First the groups, each its ":" and its name's end, checked.
  const groups: number[] = [];
  const names: string[] = [];
  const n = input.length;
  for (let i = 0; i < n; ) {
    const c = input.charCodeAt(i);
    if (c >= 0x80 || (c !== 0x3a && isSyntaxUnit(c))) return null;
    if (c !== 0x3a) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < n && isAsciiNameUnit(input.charCodeAt(end), end === i + 1)) end++;
    // No name ("a tokenizing error"), or a name going on past ASCII.
    if (end === i + 1 || (end < n && input.charCodeAt(end) >= 0x80) || names.length >= MAX_PLAIN_GROUPS) return null;
    const name = input.slice(i + 1, end);
    if (names.includes(name)) return null;
    groups.push(i, end);
    names.push(name);
    i = end;
  }
  const parts: Part[] = [];
  const prefixUnit = options.prefixCodePoint === "" ? -1 : options.prefixCodePoint.charCodeAt(0);
  /** Where the pending fixed value starts in the input (it ends where the next group does). */
  let pending = 0;
  const fixedText = (end: number) => {
    if (end > pending) parts.push(fixedPart(encode(input.slice(pending, end))));
  };
  for (let g = 0; g < names.length; g++) {
    const colon = groups[2 * g] as number;
    // The char before the name is the group's prefix where it is the prefix code point (and no name's own).
    const prefixed = colon > pending && input.charCodeAt(colon - 1) === prefixUnit;
    fixedText(prefixed ? colon - 1 : colon);
    parts.push({
      type: "segment-wildcard",
      value: "",
      modifier: "none",
      name: names[g] as string,
      prefix: encode(prefixed ? options.prefixCodePoint : ""),
      suffix: encode(""),
    });
    pending = groups[2 * g + 1] as number;
  }
  fixedText(n);
  return parts;
}

/** A fixed-text part without a modifier. */
function fixedPart(value: string): Part {
  return { type: "fixed-text", value, modifier: "none", name: "", prefix: "", suffix: "" };
}

/** "Parse a pattern string" through the token list: any pattern string. */
export function parseTokens(input: string, options: PartOptions, encode: EncodingCallback): Part[] {
  const parser = new PatternParser(tokenize(input, "strict"), options, encode);
  while (parser.index < parser.tokens.length) {
    // "[char][name][regexp or wildcard][modifier]": a group with an automatic prefix.
    const charToken = parser.take("char");
    let nameToken = parser.take("name");
    let regexpOrWildcard = parser.takeRegExpOrWildcard(nameToken);
    if (nameToken !== null || regexpOrWildcard !== null) {
      let prefix = charToken === null ? "" : charToken.value;
      if (prefix !== "" && prefix !== parser.options.prefixCodePoint) {
        parser.pendingFixedValue += prefix;
        prefix = "";
      }
      parser.flushPending();
      const modifierToken = parser.takeModifier();
      parser.addPart(prefix, nameToken, regexpOrWildcard, "", modifierToken);
      continue;
    }
    // Fixed text is gathered into the pending value.
    const fixedToken = charToken ?? parser.take("escaped-char");
    if (fixedToken !== null) {
      parser.pendingFixedValue += fixedToken.value;
      continue;
    }
    // "{prefix[name][regexp or wildcard]suffix}[modifier]".
    if (parser.take("open") !== null) {
      const prefix = parser.text();
      nameToken = parser.take("name");
      regexpOrWildcard = parser.takeRegExpOrWildcard(nameToken);
      const suffix = parser.text();
      parser.require("close");
      const modifierToken = parser.takeModifier();
      parser.addPart(prefix, nameToken, regexpOrWildcard, suffix, modifierToken);
      continue;
    }
    parser.flushPending();
    parser.require("end");
  }
  return parser.parts;
}
