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
    this.parts.push({ type: "fixed-text", value, modifier: "none", name: "", prefix: "", suffix: "" });
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
