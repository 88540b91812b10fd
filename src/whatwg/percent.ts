// percentDecode / percentEncode (docs/api.md section 5): the byte work runs in the
// kernel, the UTF-8 decoding of the result in TextDecoder.

import * as S from "../../assembly/classes.js";
import type { Arena } from "../kernel/arena.js";
import { expectOptions, expectString, quote, typeName } from "../arguments/check.js";

export interface PercentDecodeOptions {
  /** RFC 1630: "+" in a query is shorthand for a space. */
  plusAsSpace?: boolean;
  /** Throw a SyntaxError at a "%" not followed by two hex digits instead of keeping it. */
  strict?: boolean;
}

export type PercentEncodeSet = "component" | "path" | "query" | "fragment" | "userinfo" | "rfc1738";

/** Each set name and its class bit (assembly/classes.ts). */
const ENCODE_SETS: Record<PercentEncodeSet, number> = {
  component: S.COMPONENT_SET,
  path: S.PATH_SET,
  query: S.QUERY_SET,
  fragment: S.FRAGMENT_SET,
  userinfo: S.USERINFO_SET,
  rfc1738: S.RFC1738_ENCODE_SET,
};

/** A boolean option of percentDecode: absent is false; anything but a boolean is a TypeError. */
function flag(value: unknown, name: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean")
    throw new TypeError(`percentDecode: options.${name} must be a boolean, got ${typeName(value)}`);
  return value;
}

export function percentApi(arena: Arena) {
  const { core } = arena;

  /** %XX sequences decoded as UTF-8 (invalid UTF-8 becomes U+FFFD). */
  function percentDecode(input: string, options?: PercentDecodeOptions): string {
    expectString(input, "percentDecode", "input");
    expectOptions(options, "percentDecode");
    const plus = flag(options?.plusAsSpace, "plusAsSpace");
    const strict = flag(options?.strict, "strict");
    // Nothing to decode: the input as it is, unless it has lone surrogates, which
    // become U+FFFD as on the decoding path (the input is taken as UTF-8 bytes).
    if (input.indexOf("%") === -1 && !(plus && input.indexOf("+") !== -1) && input.isWellFormed()) return input;
    const len = arena.input(input);
    if (strict) {
      const bad = core.invalidEscape(arena.inputStart, len);
      if (bad !== -1) {
        const index = arena.utf16Index(bad);
        throw new SyntaxError(`percentDecode: "%" at index ${index} is not followed by two hex digits`);
      }
    }
    const out = arena.scratch(len);
    const n = core.percentDecode(arena.inputStart, len, out, plus ? 1 : 0);
    return arena.utf8(out, out + n);
  }

  /** UTF-8 percent-encode the code points of `input` that are in `set`. */
  function percentEncode(input: string, set: PercentEncodeSet): string {
    expectString(input, "percentEncode", "input");
    const bits = typeof set === "string" && Object.hasOwn(ENCODE_SETS, set) ? ENCODE_SETS[set] : undefined;
    if (bits === undefined) {
      const got = typeof set === "string" ? quote(set) : typeName(set);
      throw new TypeError(`percentEncode: unknown set ${got}; expected one of ${Object.keys(ENCODE_SETS).join(", ")}`);
    }
    const len = arena.input(input);
    const out = arena.scratch(len * 3);
    const n = core.percentEncode(arena.inputStart, len, out, bits);
    return arena.ascii(out, out + n);
  }

  return { percentDecode, percentEncode };
}
