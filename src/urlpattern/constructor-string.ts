// The URL Pattern Standard's constructor string parser
// (https://urlpattern.spec.whatwg.org/#constructor-string-parsing): a pattern
// written as one URL ("https://*.example.com/books/:id") split into the
// pattern strings of its components, over the lenient tokenizer's tokens.
import { compileComponent, matchesSpecialScheme } from "./component.js";
import type { URLPatternInit } from "./init.js";
import type { EncodingCallback } from "./parser.js";
import { DEFAULT_OPTIONS } from "./parts.js";
import { type Token, tokenize } from "./tokenizer.js";

type State =
  | "init"
  | "protocol"
  | "authority"
  | "username"
  | "password"
  | "hostname"
  | "port"
  | "pathname"
  | "search"
  | "hash"
  | "done";

type ComponentName = Exclude<keyof URLPatternInit, "baseURL">;

class ConstructorStringParser {
  readonly tokens: Token[];
  readonly result: URLPatternInit = {};
  componentStart = 0;
  tokenIndex = 0;
  tokenIncrement = 1;
  groupDepth = 0;
  hostnameIPv6BracketDepth = 0;
  protocolMatchesSpecialScheme = false;
  state: State = "init";

  constructor(readonly input: string) {
    this.tokens = tokenize(input, "lenient");
  }

  /** "Change state". */
  changeState(newState: State, skip: number): void {
    const { state, result } = this;
    if (state !== "init" && state !== "authority" && state !== "done")
      result[state as ComponentName] = this.componentString();
    if (state !== "init" && newState !== "done") {
      const beforeHost = state === "protocol" || state === "authority" || state === "username" || state === "password";
      // Components skipped over between ones given are empty, not wildcards.
      if (
        beforeHost &&
        (newState === "port" || newState === "pathname" || newState === "search" || newState === "hash") &&
        result.hostname === undefined
      )
        result.hostname = "";
      const beforePath = beforeHost || state === "hostname" || state === "port";
      if (beforePath && (newState === "search" || newState === "hash") && result.pathname === undefined)
        result.pathname = this.protocolMatchesSpecialScheme ? "/" : "";
      if ((beforePath || state === "pathname") && newState === "hash" && result.search === undefined)
        result.search = "";
    }
    this.state = newState;
    this.tokenIndex += skip;
    this.componentStart = this.tokenIndex;
    this.tokenIncrement = 0;
  }

  /** "Rewind". */
  rewind(): void {
    this.tokenIndex = this.componentStart;
    this.tokenIncrement = 0;
  }

  /** "Rewind and set state". */
  rewindTo(state: State): void {
    this.rewind();
    this.state = state;
  }

  /** "Get a safe token": past the end, the "end" token. */
  safeToken(index: number): Token {
    const tokens = this.tokens;
    return (index < tokens.length ? tokens[index] : tokens[tokens.length - 1]) as Token;
  }

  /** "Is a non-special pattern char": the token at `index` is `value` as text (not pattern syntax). */
  isChar(index: number, value: string): boolean {
    const token = this.safeToken(index);
    return (
      token.value === value && (token.type === "char" || token.type === "escaped-char" || token.type === "invalid-char")
    );
  }

  /** "Is a search prefix": "?" as text, or as a modifier where nothing before it can take one. */
  isSearchPrefix(): boolean {
    if (this.isChar(this.tokenIndex, "?")) return true;
    if ((this.tokens[this.tokenIndex] as Token).value !== "?") return false;
    if (this.tokenIndex === 0) return true;
    const previous = this.safeToken(this.tokenIndex - 1).type;
    return previous !== "name" && previous !== "regexp" && previous !== "close" && previous !== "asterisk";
  }

  /** The three prefixes after which a hostname ends. */
  isPathSearchOrHashStart(): boolean {
    return this.isChar(this.tokenIndex, "/") || this.isSearchPrefix() || this.isChar(this.tokenIndex, "#");
  }

  /** "Make a component string": the input from the component's first token to the current one. */
  componentString(): string {
    const start = this.safeToken(this.componentStart).index;
    return this.input.slice(start, (this.tokens[this.tokenIndex] as Token).index);
  }

  /** "Compute protocol matches a special scheme flag". */
  computeProtocolMatchesSpecialScheme(canonicalizeProtocol: EncodingCallback): void {
    const protocol = compileComponent(this.componentString(), canonicalizeProtocol, DEFAULT_OPTIONS);
    if (matchesSpecialScheme(protocol)) this.protocolMatchesSpecialScheme = true;
  }

  /** One step of the state machine at the current token (not "end"). */
  step(canonicalizeProtocol: EncodingCallback): void {
    const i = this.tokenIndex;
    switch (this.state) {
      case "init":
        if (this.isChar(i, ":")) this.rewindTo("protocol");
        break;
      case "protocol":
        if (this.isChar(i, ":")) {
          this.computeProtocolMatchesSpecialScheme(canonicalizeProtocol);
          // "//" next: an authority; otherwise one for special schemes only ("https:example.com").
          if (this.isChar(i + 1, "/") && this.isChar(i + 2, "/")) this.changeState("authority", 3);
          else this.changeState(this.protocolMatchesSpecialScheme ? "authority" : "pathname", 1);
        }
        break;
      case "authority":
        if (this.isChar(i, "@")) this.rewindTo("username");
        else if (this.isPathSearchOrHashStart()) this.rewindTo("hostname");
        break;
      case "username":
        if (this.isChar(i, ":")) this.changeState("password", 1);
        else if (this.isChar(i, "@")) this.changeState("hostname", 1);
        break;
      case "password":
        if (this.isChar(i, "@")) this.changeState("hostname", 1);
        break;
      case "hostname":
        if (this.isChar(i, "[")) this.hostnameIPv6BracketDepth += 1;
        else if (this.isChar(i, "]")) this.hostnameIPv6BracketDepth -= 1;
        else if (this.isChar(i, ":") && this.hostnameIPv6BracketDepth === 0) this.changeState("port", 1);
        else if (this.isChar(i, "/")) this.changeState("pathname", 0);
        else if (this.isSearchPrefix()) this.changeState("search", 1);
        else if (this.isChar(i, "#")) this.changeState("hash", 1);
        break;
      case "port":
        if (this.isChar(i, "/")) this.changeState("pathname", 0);
        else if (this.isSearchPrefix()) this.changeState("search", 1);
        else if (this.isChar(i, "#")) this.changeState("hash", 1);
        break;
      case "pathname":
        if (this.isSearchPrefix()) this.changeState("search", 1);
        else if (this.isChar(i, "#")) this.changeState("hash", 1);
        break;
      case "search":
        if (this.isChar(i, "#")) this.changeState("hash", 1);
        break;
      default:
      // "hash": nothing to do.
    }
  }
}

/** "Parse a constructor string" (https://urlpattern.spec.whatwg.org/#parse-a-constructor-string). */
export function parseConstructorString(input: string, canonicalizeProtocol: EncodingCallback): URLPatternInit {
  const parser = new ConstructorStringParser(input);
  const tokens = parser.tokens;
  while (parser.tokenIndex < tokens.length) {
    parser.tokenIncrement = 1;
    const token = tokens[parser.tokenIndex] as Token;
    if (token.type === "end") {
      if (parser.state === "init") {
        // No protocol: a relative pattern, starting with its hash, search or pathname.
        parser.rewind();
        if (parser.isChar(parser.tokenIndex, "#")) parser.changeState("hash", 1);
        else if (parser.isSearchPrefix()) parser.changeState("search", 1);
        else parser.changeState("pathname", 0);
        parser.tokenIndex += parser.tokenIncrement;
        continue;
      }
      if (parser.state === "authority") {
        // No "@": no username or password.
        parser.rewindTo("hostname");
        parser.tokenIndex += parser.tokenIncrement;
        continue;
      }
      parser.changeState("done", 0);
      break;
    }
    // Component boundaries inside "{ ... }" do not count.
    if (token.type === "open") {
      parser.groupDepth += 1;
      parser.tokenIndex += parser.tokenIncrement;
      continue;
    }
    if (parser.groupDepth > 0) {
      if (token.type !== "close") {
        parser.tokenIndex += parser.tokenIncrement;
        continue;
      }
      parser.groupDepth -= 1;
    }
    parser.step(canonicalizeProtocol);
    parser.tokenIndex += parser.tokenIncrement;
  }
  // A hostname without a port means the default port.
  if (parser.result.hostname !== undefined && parser.result.port === undefined) parser.result.port = "";
  return parser.result;
}
