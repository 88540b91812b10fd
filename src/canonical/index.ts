// canonicalize() (docs/api.md section 7): one string per resource, for crawl
// frontiers and dedup. The WHATWG parser does most of the work (scheme and
// host case, IDNA, IPv4 forms, default ports, dot segments, the encode sets);
// this module then brings the escapes to one form and edits the query.
//
// Everything here works on the parser's href, which is always ASCII.

import * as L from "../../assembly/layout.js";
import type { Arena } from "../kernel/arena.js";
import { percentApi } from "../whatwg/percent.js";
import type { ParseApi } from "../whatwg/parse.js";
import { hostOf, hostStart, pathEnd, queryEnd, type UrlRecord } from "../whatwg/components.js";
import { ParsedUrl } from "../whatwg/url.js";
import { withoutPrefix } from "../rfc3986/prefix.js";
import { defaultPort } from "../rfc1738/schemes.js";
import { expectOptions, quote, typeName } from "../arguments/check.js";
import { HEX_DIGITS, HEX_VALUE } from "./bytes.js";
import { profileContext } from "./context.js";
import { BYTE_PROFILES, profilesApi, type ProfileOptions } from "./profiles.js";
import { safeBrowsingApi } from "./safe-browsing.js";
import { type SurtOptions, surtApi } from "./surt.js";

export interface CanonicalizeOptions {
  /** No profile: swurl's own canonical form (a profile's options are ProfileOptions). */
  profile?: undefined;
  /** Resolve the input against this URL first, as parse(input, base) does. */
  base?: string;
  /** Keep the fragment (dropped by default: servers never see it). */
  keepFragment?: boolean;
  /** Sort the query's parameters by name; parameters of the same name keep their order. */
  sortQuery?: boolean;
  /** Remove the query parameters whose name equals a string or matches a RegExp (e.g. /^utm_/). */
  stripParams?: (string | RegExp)[];
}

function hexValue(c: number): number {
  // charCodeAt past the end is NaN, which fails the test.
  return c < 256 ? HEX_VALUE[c] : -1;
}

/** RFC 3986 section 2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~". */
function isUnreserved(b: number): boolean {
  return (
    (b >= 0x61 && b <= 0x7a) ||
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x30 && b <= 0x39) ||
    b === 0x2d ||
    b === 0x2e ||
    b === 0x5f ||
    b === 0x7e
  );
}

/**
 * RFC 3986 section 6.2.2: escapes of unreserved characters decoded, the hex
 * digits of the others upper-cased. A "%" that does not start an escape
 * (the WHATWG parser keeps it as it is) becomes "%25": left alone, decoding
 * could join it with the characters after it into a new escape ("%%34%31"
 * would become "%41", then "A" on a second pass), and the result would not
 * be stable.
 */
export function normalizeEscapes(s: string): string {
  let i = s.indexOf("%");
  if (i === -1) return s;
  let out = "";
  let copied = 0;
  while (i !== -1) {
    const hi = hexValue(s.charCodeAt(i + 1));
    const lo = hi === -1 ? -1 : hexValue(s.charCodeAt(i + 2));
    out += s.slice(copied, i);
    if (lo === -1) {
      out += "%25";
      copied = i + 1;
    } else {
      const b = (hi << 4) | lo;
      out += isUnreserved(b) ? String.fromCharCode(b) : "%" + HEX_DIGITS[hi] + HEX_DIGITS[lo];
      copied = i + 3;
    }
    i = s.indexOf("%", copied);
  }
  return out + s.slice(copied);
}

/** Whether a parameter name is stripped by one of the patterns. */
function stripped(name: string, patterns: (string | RegExp)[]): boolean {
  for (const p of patterns) {
    if (typeof p === "string") {
      if (p === name) return true;
    } else {
      // A global or sticky RegExp starts test() at lastIndex: start it at 0 every time.
      p.lastIndex = 0;
      if (p.test(name)) return true;
    }
  }
  return false;
}

function checkPatterns(patterns: unknown): (string | RegExp)[] {
  if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === "string" || p instanceof RegExp)) {
    throw new TypeError("canonicalize: stripParams must be an array of strings and RegExps");
  }
  return patterns;
}

/** Throw the TypeError of `fn` when `input` is none of a string, a ParsedUrl and bytes. */
function expectUrlInput(input: unknown, fn: string): void {
  if (typeof input !== "string" && !(input instanceof ParsedUrl) && !(input instanceof Uint8Array))
    throw new TypeError(`${fn}: input must be a string, a ParsedUrl or a Uint8Array, got ${typeName(input)}`);
}

/** `core` is this API's own parser, not a second one working in the same kernel memory. */
export function canonicalApi(arena: Arena, core: ParseApi) {
  const { parse } = core;
  const { percentDecode } = percentApi(arena);
  // The profiles, surt() and safeBrowsingExpressions() are made on first use, on one context.
  let context: ReturnType<typeof profileContext> | null = null;
  let profiles: ReturnType<typeof profilesApi> | null = null;
  let surts: ReturnType<typeof surtApi> | null = null;
  let safeBrowsing: ReturnType<typeof safeBrowsingApi> | null = null;
  const contextOf = () => (context ??= profileContext(arena, core));

  /** The SURT key of `input` (src/canonical/surt.ts). */
  function surt(input: string | ParsedUrl | Uint8Array | null | undefined, options?: SurtOptions): string | null {
    // null and undefined are a record without a URL: "-", as SURT writes it.
    if (input !== null && input !== undefined) expectUrlInput(input, "surt");
    expectOptions(options, "surt");
    surts ??= surtApi(contextOf());
    return surts.surt(input, options);
  }

  /** The expressions Google Safe Browsing looks up for `input` (src/canonical/safe-browsing.ts). */
  function safeBrowsingExpressions(input: string | ParsedUrl | Uint8Array): string[] | null {
    expectUrlInput(input, "safeBrowsingExpressions");
    safeBrowsing ??= safeBrowsingApi(contextOf());
    return safeBrowsing.expressions(input);
  }

  /** canonicalize() with a profile: that anchor's key (src/canonical/). */
  function withProfile(input: string | ParsedUrl | Uint8Array, options: ProfileOptions): string | null {
    profiles ??= profilesApi(contextOf());
    const name = options.profile;
    if (!Object.hasOwn(profiles, name)) {
      const got = typeof name === "string" ? quote(name) : typeName(name);
      throw new TypeError(`canonicalize: unknown profile ${got}; expected one of ${Object.keys(profiles).join(", ")}`);
    }
    if (input instanceof Uint8Array && !BYTE_PROFILES.has(name)) {
      throw new TypeError(`canonicalize: the ${name} profile takes a string or a ParsedUrl, not bytes`);
    }
    // Each profile takes its own member of ProfileOptions, which `profile` names.
    // A byte profile's function takes bytes too (BYTE_PROFILES).
    return (profiles[name] as (input: string | ParsedUrl | Uint8Array, options: ProfileOptions) => string | null)(
      input,
      options,
    );
  }

  /**
   * The parameter name as URLSearchParams sees it ("+" is a space, escapes
   * decoded), so that "utm_source", "utm%5Fsource" and "utm%5fsource" are one name.
   */
  function paramName(param: string): string {
    const eq = param.indexOf("=");
    const raw = eq === -1 ? param : param.slice(0, eq);
    return percentDecode(raw, { plusAsSpace: true });
  }

  /**
   * The query (without "?", escapes already normalized) with parameters
   * removed and/or sorted. It is then a list of "&"-separated parameters, as in
   * application/x-www-form-urlencoded, and empty ones are dropped like
   * URLSearchParams drops them.
   */
  function editQuery(query: string, sort: boolean, strip: (string | RegExp)[] | null): string {
    let params = query.split("&").filter((p) => p !== "");
    let names = params.map(paramName);
    if (strip !== null) {
      const kept = names.map((name) => !stripped(name, strip));
      params = params.filter((_, i) => kept[i]);
      names = names.filter((_, i) => kept[i]);
    }
    if (sort) {
      // Array.prototype.sort is stable: same names keep their order (as URLSearchParams.sort()).
      const order = params.map((_, i) => i).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
      params = order.map((i) => params[i]);
    }
    return params.join("&");
  }

  /**
   * The canonical form of a URL for crawl frontiers: the WHATWG parse of
   * `input` (against `options.base`), fragment dropped unless `keepFragment`,
   * escapes of unreserved characters decoded and the hex digits of the others
   * upper-cased, an empty "?" (and "#") dropped; `sortQuery` sorts the
   * parameters by name, `stripParams` removes parameters by name. A ParsedUrl
   * (e.g. from parseBatch) is taken as already parsed. Returns null when the
   * input does not parse. canonicalize(canonicalize(x)) === canonicalize(x).
   */
  function canonicalize(
    input: string | ParsedUrl | Uint8Array,
    options: CanonicalizeOptions | ProfileOptions = {},
  ): string | null {
    expectOptions(options, "canonicalize");
    // The crawlee profile gives null for what is not a string, as @apify/utilities' normalizeUrl does.
    if (options.profile !== "crawlee") expectUrlInput(input, "canonicalize");
    if (options.profile !== undefined) return withProfile(input, options);
    if (input instanceof Uint8Array)
      throw new TypeError("canonicalize: input as bytes is taken by the safe-browsing and surt profiles only");
    // RFC 1738's "URL:" prefix is no part of the URL (prefix.ts).
    const base = options.base === undefined ? undefined : withoutPrefix(options.base);
    const url = input instanceof ParsedUrl ? input : parse(withoutPrefix(input), base);
    if (url === null) return null;
    const strip = options.stripParams === undefined ? null : checkPatterns(options.stripParams);

    const href = url.href;
    const r: UrlRecord = url;
    // Userinfo (between "//" and the host) and an opaque host (non-special
    // schemes) are percent-encoded strings too; domains, IP addresses and the
    // scheme hold no escapes after the parser.
    const start = hostStart(r);
    const hostEnd = hostOf(r._flags) === L.HOST_OPAQUE ? r._hostEnd : start;
    // The WHATWG parser drops the default ports of its special schemes; those
    // of RFC 1738 (gopher 70, nntp 119, telnet 23, wais 210, prospero 1525) and
    // the draft's rlogin and tn3270 are dropped here, as equivalent() does.
    const port = url.port;
    const portEnd = port !== "" && Number(port) === defaultPort(url.protocol.slice(0, -1)) ? r._hostEnd : r._portEnd;
    let out =
      normalizeEscapes(href.slice(0, start)) +
      normalizeEscapes(href.slice(start, hostEnd)) +
      href.slice(hostEnd, portEnd) +
      href.slice(r._portEnd, r._pathStart) +
      normalizeEscapes(href.slice(r._pathStart, pathEnd(r._queryStart, r._fragmentStart, r._hrefEnd, L.NONE)));

    if (r._queryStart !== L.NONE) {
      let query = normalizeEscapes(href.slice(r._queryStart + 1, queryEnd(r._fragmentStart, r._hrefEnd, L.NONE)));
      if (options.sortQuery === true || strip !== null) query = editQuery(query, options.sortQuery === true, strip);
      if (query !== "") out += "?" + query;
    }
    const fragment = url.hash;
    if (options.keepFragment === true && fragment !== "") out += "#" + normalizeEscapes(fragment.slice(1));
    return out;
  }

  return { canonicalize, surt, safeBrowsingExpressions };
}
