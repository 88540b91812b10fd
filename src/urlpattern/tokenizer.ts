// The URL Pattern Standard's tokenizer (https://urlpattern.spec.whatwg.org/#tokenizing):
// a pattern string to a token list ending in an "end" token. The spec walks
// code points; here positions are UTF-16 indices that step over a surrogate
// pair at once, which gives the same tokens and values.

/** A token's type, as the spec names them. */
export type TokenType =
  | "open"
  | "close"
  | "regexp"
  | "name"
  | "char"
  | "escaped-char"
  | "other-modifier"
  | "asterisk"
  | "end"
  | "invalid-char";

export interface Token {
  readonly type: TokenType;
  /** Where the token starts in the input. */
  readonly index: number;
  readonly value: string;
}

/** "strict" throws on a tokenizing error; "lenient" makes an "invalid-char" token. */
type TokenizePolicy = "strict" | "lenient";

const ID_START = /\p{ID_Start}/u;
const ID_CONTINUE = /\p{ID_Continue}/u;

/** "Is a valid name code point": ID_Start or "$" or "_" first; ID_Continue, "$", ZWNJ or ZWJ after. */
export function isValidNameCodePoint(codePoint: string, first: boolean): boolean {
  if (codePoint === "$") return true;
  if (first) return codePoint === "_" || ID_START.test(codePoint);
  return codePoint === "\u200c" || codePoint === "\u200d" || ID_CONTINUE.test(codePoint);
}

class Tokenizer {
  readonly tokens: Token[] = [];
  index = 0;
  nextIndex = 0;
  codePoint = "";

  constructor(
    readonly input: string,
    readonly policy: TokenizePolicy,
  ) {}

  /** "Get the next code point". */
  next(): void {
    const c = this.input.codePointAt(this.nextIndex) as number;
    this.codePoint = String.fromCodePoint(c);
    this.nextIndex += c > 0xffff ? 2 : 1;
  }

  /** "Seek and get the next code point". */
  seekNext(index: number): void {
    this.nextIndex = index;
    this.next();
  }

  /** "Add a token": the value is input[valuePosition, valuePosition + valueLength). */
  add(type: TokenType, nextPosition: number, valuePosition: number, valueLength: number): void {
    this.tokens.push({ type, index: this.index, value: this.input.substr(valuePosition, valueLength) });
    this.index = nextPosition;
  }

  /** "Add a token with default length". */
  addTo(type: TokenType, nextPosition: number, valuePosition: number): void {
    this.add(type, nextPosition, valuePosition, nextPosition - valuePosition);
  }

  /** "Add a token with default position and length". */
  addHere(type: TokenType): void {
    this.addTo(type, this.nextIndex, this.index);
  }

  /** "Process a tokenizing error". */
  error(nextPosition: number, valuePosition: number): void {
    if (this.policy === "strict")
      throw new TypeError(`Invalid pattern "${this.input}": unexpected character at ${valuePosition}`);
    this.addTo("invalid-char", nextPosition, valuePosition);
  }

  /** The ":name" branch; returns having added a token or processed an error. */
  name(): void {
    const nameStart = this.nextIndex;
    let namePosition = nameStart;
    while (namePosition < this.input.length) {
      this.seekNext(namePosition);
      if (!isValidNameCodePoint(this.codePoint, namePosition === nameStart)) break;
      namePosition = this.nextIndex;
    }
    if (namePosition <= nameStart) this.error(nameStart, this.index);
    else this.addTo("name", namePosition, nameStart);
  }

  /** The "(regexp)" branch: adds a token or processes an error. */
  regexp(): void {
    const regexpStart = this.nextIndex;
    const regexpPosition = this.regexpEnd();
    // "If depth is not zero", or "If regexp length is zero": an error too.
    if (regexpPosition < 0 || regexpPosition - regexpStart - 1 <= 0) this.error(regexpStart, this.index);
    else this.add("regexp", regexpPosition, regexpStart, regexpPosition - regexpStart - 1);
  }

  /** Where a regexp group that starts at nextIndex ends (after its ")"), or -1 at an error. */
  regexpEnd(): number {
    const input = this.input;
    let depth = 1;
    const regexpStart = this.nextIndex;
    let regexpPosition = regexpStart;
    while (regexpPosition < input.length) {
      this.seekNext(regexpPosition);
      const c = this.codePoint;
      // "If tokenizer's code point is not an ASCII code point", or "?" first.
      if (c > "\x7f" || (regexpPosition === regexpStart && c === "?")) return -1;
      if (c === "\\") {
        if (regexpPosition === input.length - 1) return -1;
        this.next();
        if (this.codePoint > "\x7f") return -1;
        regexpPosition = this.nextIndex;
        continue;
      }
      if (c === ")") {
        depth -= 1;
        if (depth === 0) return this.nextIndex;
      } else if (c === "(") {
        depth += 1;
        if (regexpPosition === input.length - 1) return -1;
        // A nested group must be non-capturing (or a lookaround): "(" then "?".
        const temporaryPosition = this.nextIndex;
        this.next();
        if (this.codePoint !== "?") return -1;
        this.nextIndex = temporaryPosition;
      }
      regexpPosition = this.nextIndex;
    }
    return -1;
  }
}

/** "Tokenize" a pattern string (https://urlpattern.spec.whatwg.org/#tokenize). */
export function tokenize(input: string, policy: TokenizePolicy): Token[] {
  const t = new Tokenizer(input, policy);
  while (t.index < input.length) {
    t.seekNext(t.index);
    switch (t.codePoint) {
      case "*":
        t.addHere("asterisk");
        break;
      case "+":
      case "?":
        t.addHere("other-modifier");
        break;
      case "\\":
        if (t.index === input.length - 1) {
          t.error(t.nextIndex, t.index);
        } else {
          const escapedIndex = t.nextIndex;
          t.next();
          t.addTo("escaped-char", t.nextIndex, escapedIndex);
        }
        break;
      case "{":
        t.addHere("open");
        break;
      case "}":
        t.addHere("close");
        break;
      case ":":
        t.name();
        break;
      case "(":
        t.regexp();
        break;
      default:
        t.addHere("char");
    }
  }
  t.addTo("end", t.index, t.index);
  return t.tokens;
}
