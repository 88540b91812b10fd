// parse() and canParse() (docs/api.md section 1): the WHATWG basic URL parser in
// the kernel, UTS #46 for non-ASCII domains here, and the ParsedUrl made from the
// kernel's record.

import * as L from "../../assembly/layout.js";
import { align8, type Arena } from "../kernel/arena.js";
import { retryWithIdna } from "./idna.js";
import { schemeOf, storeRecord } from "./components.js";
import { ParsedUrl } from "./url.js";
import { expectString, typeName } from "../arguments/check.js";

export function parseApi(arena: Arena) {
  const { core } = arena;
  const result = L.RESULT >> 2;
  const baseRecord = L.BASE >> 2;
  /** Where the last successful run() left the serialized URL. */
  let output = 0;

  /** Write the base's href after the input; returns the href's address. */
  function writeBaseHref(base: ParsedUrl, at: number): number {
    const href = base._href;
    arena.reserve(at - L.ARENA + href.length + L.SLACK);
    arena.write(href, at);
    return at;
  }

  /** Write the record of `url` at BASE (where the parser takes a base, and the setters their URL). */
  function writeBaseRecord(url: ParsedUrl): void {
    storeRecord(url, arena.i32, baseRecord);
  }

  // The base whose BASE_DIRECTORY_END was worked out last, and it.
  let directoryBase: ParsedUrl | null = null;
  let directoryEndOfBase: number = L.NONE;

  /** BASE_DIRECTORY_END of `base` (layout.ts): after the last "/" of its path, or NONE. */
  function directoryEnd(base: ParsedUrl): number {
    if (base !== directoryBase) {
      const href = base._href;
      const slash = href.lastIndexOf("/", L.pathEnd(base._queryStart, base._fragmentStart, href.length, L.NONE) - 1);
      directoryBase = base;
      directoryEndOfBase = slash < base._pathStart ? L.NONE : slash + 1;
    }
    return directoryEndOfBase;
  }

  /** Write a UTS #46 result (ASCII) at `at`; returns the next free address. */
  function writeIdna(idna: string, at: number): number {
    arena.reserve(at - L.ARENA + idna.length + L.SLACK);
    arena.write(idna, at);
    return align8(at + idna.length + L.SLACK);
  }

  /**
   * One pass of the kernel's parser over `input` (written anew: the kernel
   * edits it in place), with an optional base and an optional UTS #46 result.
   * With a base, the kernel is first given the base's record alone
   * (BASE_HREF_ABSENT), so that a link its fast paths take (a serialized URL,
   * "/a/b?c", "b.html", "?q", "#f") costs no copy of the base's href; where
   * the parser must run, the href is written and the kernel called again. An
   * input starting with "." ("../a", "./a") always needs the parser, and
   * goes to it at once. (One call site for both calls, in the loop below,
   * not a function for the call, which V8 makes dearer.)
   */
  function pass(input: string, base: ParsedUrl | null, checkOnly: boolean, idna: string | null): number {
    const len = arena.input(input);
    const afterInput = align8(L.ARENA + len + L.SLACK);
    let baseHref = 0;
    if (base !== null) {
      writeBaseRecord(base);
      // The first byte as written, not input.charCodeAt(0), which makes V8
      // flatten a concatenated string first (a copy; encodeInto reads it as it is).
      if (idna === null && arena.u8[L.ARENA] !== 0x2e) {
        arena.i32[baseRecord + L.BASE_DIRECTORY_END] = directoryEnd(base);
        baseHref = L.BASE_HREF_ABSENT;
      } else {
        baseHref = writeBaseHref(base, afterInput);
      }
    }
    while (true) {
      const baseLength = baseHref > 0 ? (base as ParsedUrl)._href.length : 0;
      let at = align8(afterInput + baseLength + L.SLACK);
      // Only a second pass has a UTS #46 result (address 0: none).
      const idnaAt = idna === null ? 0 : at;
      const idnaLength = idna === null ? 0 : idna.length;
      if (idna !== null) at = writeIdna(idna, at);
      arena.reserve(at - L.ARENA + L.outputBound(len, baseLength, idnaLength) + L.SLACK);
      output = at;
      const status = checkOnly
        ? core.canParse(L.ARENA, len, at, baseHref, idnaAt, idnaLength)
        : core.parse(L.ARENA, len, at, baseHref, idnaAt, idnaLength);
      if (status !== L.PARSE_NEEDS_BASE_HREF) return status;
      baseHref = writeBaseHref(base as ParsedUrl, afterInput);
    }
  }

  /** Run the parser to the end, through UTS #46 if a domain needs it. */
  function run(input: string, base: ParsedUrl | null, checkOnly: boolean): boolean {
    const status = pass(input, base, checkOnly, null);
    if (status === L.PARSE_NEEDS_IDNA) return retryWithIdna(arena, output, pass, input, base, checkOnly) === L.PARSE_OK;
    return status === L.PARSE_OK;
  }

  /** The ParsedUrl of the last successful run() of `input` against `base`. */
  function makeUrl(input: string, base: ParsedUrl | null): ParsedUrl {
    const i = arena.i32;
    const flags = i[result + L.URL_FLAGS];
    let href: string;
    if (flags & L.FLAG_HREF_IS_INPUT) href = input;
    // A relative reference the kernel took as it is (assembly/relative.ts).
    else if (flags & L.FLAG_HREF_BASE_PREFIX)
      href = (base as ParsedUrl)._href.slice(0, i[result + L.URL_BASE_PREFIX]) + input;
    else href = arena.ascii(output, output + i[result + L.URL_HREF_END]);
    return fromResult(href);
  }

  /** The ParsedUrl of `href` and the record at RESULT. */
  function fromResult(href: string): ParsedUrl {
    const i = arena.i32;
    if (schemeOf(i[result + L.URL_FLAGS]) !== L.SCHEME_BLOB) return new ParsedUrl(href, i, result);
    // blobOrigin() parses again, over RESULT: keep a copy of this record first.
    const record = i.slice(result, result + L.URL_FIELDS);
    return new ParsedUrl(href, record, 0, blobOrigin(new ParsedUrl(href, record, 0).pathname));
  }

  /**
   * #concept-url-origin for "blob": "Let pathURL be the result of parsing the
   * result of URL path serializing url ... If pathURL's scheme is "http",
   * "https", or "file", then return pathURL's origin." (A file origin is opaque.)
   */
  function blobOrigin(path: string): string {
    const url = parse(path);
    if (url === null) return "null";
    const scheme = schemeOf(url._flags);
    return scheme === L.SCHEME_HTTP || scheme === L.SCHEME_HTTPS ? url.origin : "null";
  }

  // The last base given as a string, and what it parsed to. Resolving many
  // inputs against one base (the links of a page) parses the base once; a
  // ParsedUrl never changes, so the kept one is what a new parse would return.
  let lastBase: string | null = null;
  let lastBaseUrl: ParsedUrl | null = null;

  /** The base argument as a ParsedUrl, or null when it is given but does not parse. */
  function toBase(base: string | ParsedUrl, fn: string): ParsedUrl | null {
    if (base instanceof ParsedUrl) return base;
    let href: string;
    if (typeof base === "string") href = base;
    // A WHATWG URL object (or anything with an href) stands for its href.
    else if (typeof base === "object" && base !== null && typeof (base as { href?: unknown }).href === "string")
      href = (base as { href: string }).href;
    else throw new TypeError(`${fn}: base must be a string or a ParsedUrl, got ${typeName(base)}`);
    if (href !== lastBase) {
      lastBaseUrl = parse(href);
      lastBase = href;
    }
    return lastBaseUrl;
  }

  /**
   * Parse `input` (against `base`) as the WHATWG URL Standard does: the ParsedUrl,
   * or null where `new URL(input, base)` throws.
   */
  function parse(input: string, base?: string | ParsedUrl): ParsedUrl | null {
    expectString(input, "parse", "input");
    let baseUrl: ParsedUrl | null = null;
    if (base !== undefined) {
      baseUrl = toBase(base, "parse");
      if (baseUrl === null) return null;
    }
    return run(input, baseUrl, false) ? makeUrl(input, baseUrl) : null;
  }

  /**
   * Parse `input` (no base) and leave its record at RESULT without making a
   * ParsedUrl: the address of its href in the kernel's memory (the record's
   * offsets count from it), or NONE where it does not parse. lastUrl(input)
   * then makes the ParsedUrl, while no other kernel call has run.
   */
  function parseRecord(input: string): number {
    if (!run(input, null, false)) return L.NONE;
    return arena.i32[result + L.URL_FLAGS] & L.FLAG_HREF_IS_INPUT ? L.ARENA : output;
  }

  /** The ParsedUrl of the last parseRecord(input). */
  function lastUrl(input: string): ParsedUrl {
    return makeUrl(input, null);
  }

  /** Whether `input` (against `base`) is a valid URL: `parse(input, base) !== null`, without making it. */
  function canParse(input: string, base?: string | ParsedUrl): boolean {
    expectString(input, "canParse", "input");
    let baseUrl: ParsedUrl | null = null;
    if (base !== undefined) {
      baseUrl = toBase(base, "canParse");
      if (baseUrl === null) return false;
    }
    return run(input, baseUrl, true);
  }

  return { parse, canParse, parseRecord, lastUrl, fromResult, writeBaseRecord, writeIdna };
}

/** What the setters and the URL class use of parseApi(). */
export type ParseApi = ReturnType<typeof parseApi>;
