// The "w3lib" profile: canonicalize_url() of Scrapy's w3lib, the key of
// Scrapy's request fingerprint and duplicate filter (the cases of w3lib's
// tests/test_url.py at v2.4.1-176). Its rules:
// - the input is stripped of C0 controls and spaces at both ends, and of
//   every tab and newline;
// - it is split as w3lib splits it (not as RFC 3986 or the WHATWG parser
//   would): a scheme is whatever comes before the first ":" when it starts
//   with a letter, then "//" and an authority, then "#", then "?"; nothing
//   is resolved, no default port dropped, a URL without a scheme kept;
// - the host is lower-cased and IDNA-encoded (Python's "idna" codec,
//   idna2003.ts; kept as it is where that fails), the userinfo kept as is,
//   an empty port's ":" dropped;
// - the path's escapes are decoded and its bytes escaped again (upper-case
//   hex) but for the characters RFC 3986 allows in a path, "|" and "%",
//   keeping "%2F" and "%3F" escaped; non-ASCII as UTF-8; "" becomes "/";
// - the query is split at "&" and ";" into name=value pairs, "+" decoded as
//   a space, sorted by name then value (as bytes), and written back as form
//   data (Python's urlencode: "+" for a space, only A-Z a-z 0-9 "-._~"
//   unescaped); parameters without a value are kept as "name=" unless
//   keep_blank_values is false;
// - the fragment is dropped unless keep_fragments.

import { byteSet, quoteBytes, UNRESERVED, unescapeOnce, utf8Bytes } from "./bytes.js";
import type { Profile, ProfileContext } from "./context.js";
import { idna2003 } from "./idna2003.js";

export interface W3libOptions {
  profile: "w3lib";
  /** Keep query parameters with an empty value, as "name=" (default true). */
  keep_blank_values?: boolean;
  /** Keep the fragment (default false). */
  keep_fragments?: boolean;
  /**
   * The encoding of the query and fragment (the page's), by Python's name:
   * "utf-8" (the default), "latin-1", or a single-byte encoding the platform's
   * TextDecoder knows ("cp1251", "koi8-r", ...). Where a character has no
   * byte in it, UTF-8 is used for both, as w3lib falls back.
   */
  encoding?: string;
  /** The separator of query parameters (default "&", which also splits at ";"); the sorted query is joined with it. */
  query_separator?: string;
}

/** RFC 3986 section 2.2 reserved, the unreserved, w3lib's extra "|" and "%" (w3lib's _safe_chars). */
const SAFE = UNRESERVED + ":/?#[]@!$&'()*+,;=|%";
/** What w3lib leaves unescaped in a query or fragment. */
const QUERY_SAFE = byteSet(SAFE);
/** A character that canonicalPath() changes or looks at: not in PATH_SAFE, or "%". */
const NOT_PLAIN_PATH = /[^A-Za-z0-9\-._~:/?[\]@!$&'()*+,;=|]/;
/** urlencode()'s quote_plus(): only the unreserved characters. */
const FORM_SAFE = byteSet(UNRESERVED);

/** Python's names for ISO-8859-1, whose bytes are the code points U+0000-U+00FF. */
const LATIN1_NAMES = new Set(["latin1", "latin-1", "iso-8859-1", "iso8859-1", "8859", "cp819", "l1", "iso-ir-100"]);
const UTF8_NAMES = new Set(["utf8", "utf-8", "u8", "utf"]);
/** The single-byte encodings of the Encoding Standard (as TextDecoder names them), each a table of 128 code points. */
const SINGLE_BYTE = /^(ibm866|iso-8859-\d+|koi8-[ru]|macintosh|windows-(874|125\d)|x-mac-cyrillic)$/;

type Encoder = (s: string) => string | null;

/** A single-byte encoding's encoder, from the platform's decoder: null for a character it has no byte for. */
function singleByteEncoder(decoder: TextDecoder): Encoder {
  const table = new Map<number, number>();
  const high = new Uint8Array(128).map((_, i) => 0x80 + i);
  const chars = decoder.decode(high);
  for (let i = 0; i < 128; i++) if (chars.charCodeAt(i) !== 0xfffd) table.set(chars.charCodeAt(i), 0x80 + i);
  return (s) => {
    let out = "";
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      const b = c < 0x80 ? c : table.get(c);
      if (b === undefined) return null;
      out += String.fromCharCode(b);
    }
    return out;
  };
}

const encoders = new Map<string, Encoder>();

/** The encoder of the encoding Python calls `name`; a TypeError for one this profile cannot encode to. */
function encoderFor(name: string): Encoder {
  const key = name.toLowerCase().replaceAll("_", "-");
  let encoder = encoders.get(key);
  if (encoder !== undefined) return encoder;
  if (UTF8_NAMES.has(key)) encoder = utf8Bytes;
  else if (LATIN1_NAMES.has(key)) encoder = (s) => (/[^\x00-\xff]/.test(s) ? null : s);
  else {
    let decoder: TextDecoder | null = null;
    try {
      decoder = new TextDecoder(key);
    } catch {
      // An encoding the platform does not know.
    }
    if (decoder === null || !SINGLE_BYTE.test(decoder.encoding)) {
      throw new TypeError(
        `canonicalize: the w3lib profile cannot encode to ${JSON.stringify(name)}; it takes UTF-8, latin-1 and the single-byte encodings`,
      );
    }
    encoder = singleByteEncoder(decoder);
  }
  encoders.set(key, encoder);
  return encoder;
}

const TAB_OR_NEWLINE = /[\t\n\r]/g;
const HAS_TAB_OR_NEWLINE = /[\t\n\r]/;
const STARTS_WITH_LETTER = /^\p{L}/u;

/** w3lib's _strip(): C0 controls and spaces off both ends, tabs and newlines out. */
function strip(url: string): string {
  let start = 0;
  let end = url.length;
  while (start < end && url.charCodeAt(start) <= 0x20) start++;
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end--;
  if (start > 0 || end < url.length) url = url.slice(start, end);
  return HAS_TAB_OR_NEWLINE.test(url) ? url.replace(TAB_OR_NEWLINE, "") : url;
}

/** Python's str.isalpha() of the first character: a letter (Unicode category L). */
function startsWithLetter(url: string): boolean {
  const c = url.charCodeAt(0) | 0x20;
  return (c >= 0x61 && c <= 0x7a) || (url.charCodeAt(0) >= 0x80 && STARTS_WITH_LETTER.test(url));
}

interface W3libParts {
  scheme: string;
  netloc: string;
  path: string;
  query: string;
  fragment: string;
}

/** w3lib's split of a URL (not RFC 3986's: any text before the first ":" is a scheme when it starts with a letter). */
function split(url: string): W3libParts {
  let scheme = "";
  const colon = url.indexOf(":");
  if (colon > 0 && startsWithLetter(url)) {
    scheme = url.slice(0, colon).toLowerCase();
    url = url.slice(colon + 1);
  }
  let netloc = "";
  if (url.startsWith("//")) {
    const end = url.slice(2).search(/[/?#]/);
    netloc = end === -1 ? url.slice(2) : url.slice(2, end + 2);
    url = end === -1 ? "" : url.slice(end + 2);
  }
  let fragment = "";
  const hash = url.indexOf("#");
  if (hash !== -1) {
    fragment = url.slice(hash + 1);
    url = url.slice(0, hash);
  }
  let query = "";
  const question = url.indexOf("?");
  if (question !== -1) {
    query = url.slice(question + 1);
    url = url.slice(0, question);
  }
  return { scheme, netloc, path: url, query, fragment };
}

/** The authority with its host IDNA-encoded (kept as it is where that fails) and lower-cased, an empty port's ":" dropped; the userinfo as it is. */
function canonicalNetloc(netloc: string): string {
  const at = netloc.lastIndexOf("@");
  const userinfo = netloc.slice(0, at + 1);
  let hostPort = netloc.slice(at + 1);
  if (!hostPort.startsWith("[") && /[^\x00-\x7f]/.test(hostPort)) {
    const port = /:[0-9]*$/.exec(hostPort);
    const host = port === null ? hostPort : hostPort.slice(0, port.index);
    const ascii = idna2003(host);
    if (ascii !== null) hostPort = ascii + (port === null ? "" : port[0]);
  }
  hostPort = hostPort.toLowerCase();
  if (hostPort.endsWith(":")) hostPort = hostPort.replace(/:+$/, "");
  return at === -1 ? hostPort : userinfo + hostPort;
}

/** One name or value of the query as bytes: "+" a space, escapes decoded. */
function formBytes(s: string): string {
  return unescapeOnce(s.replaceAll("+", " "));
}

/** The query's parameters (parse_qsl_to_bytes), sorted by name then value (as bytes), written back by urlencode(). */
function canonicalQuery(query: string, keepBlank: boolean, separator: string): string {
  const pairs: [string, string][] = [];
  for (const field of query.split(separator)) {
    if (field === "") continue;
    for (const nameValue of field.split(";")) {
      const eq = nameValue.indexOf("=");
      if (eq === -1 && !keepBlank) continue;
      const value = eq === -1 ? "" : nameValue.slice(eq + 1);
      if (value !== "" || keepBlank)
        pairs.push([formBytes(eq === -1 ? nameValue : nameValue.slice(0, eq)), formBytes(value)]);
    }
  }
  pairs.sort(([na, va], [nb, vb]) => (na < nb ? -1 : na > nb ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  return pairs
    .map(([name, value]) => `${quoteBytes(name, FORM_SAFE, true)}=${quoteBytes(value, FORM_SAFE, true)}`)
    .join(separator);
}

/** The profile on one API instance's kernel, which runs the path step. */
export function w3libProfile({ escapes }: ProfileContext): Profile<W3libOptions> {
  /**
   * The path's escapes decoded where the byte is safe in a path, escaped with
   * upper-case hex where not ("%2F" and "%3F" stay), other bytes escaped but
   * for the safe ones (w3lib's quote, _unquotepath and quote again, in one
   * pass: assembly/canonical/escapes.ts); non-ASCII as UTF-8.
   */
  function canonicalPath(path: string): string {
    // Most paths hold only safe characters and no escape: nothing to do.
    return NOT_PLAIN_PATH.test(path) ? escapes.w3libPath(path) : path;
  }

  /** w3lib's canonicalize_url(input), or null for a string with lone surrogates (w3lib raises). */
  return function w3lib(input, options) {
    const url = typeof input === "string" ? input : input.href;
    if (!url.isWellFormed()) return null;
    const encode = options.encoding === undefined ? utf8Bytes : encoderFor(options.encoding);
    const separator = options.query_separator ?? "&";
    const parts = split(strip(url));
    // "If supplied `encoding` is not compatible with all characters in `url`, fallback to UTF-8."
    let query = encode(parts.query);
    let fragment = encode(parts.fragment);
    if (query === null || fragment === null) {
      query = utf8Bytes(parts.query);
      fragment = utf8Bytes(parts.fragment);
    }
    let out = parts.scheme === "" ? "" : parts.scheme + ":";
    const netloc = canonicalNetloc(parts.netloc);
    if (netloc !== "") out += "//" + netloc;
    out += canonicalPath(parts.path) || "/";
    if (query !== "") {
      const q = canonicalQuery(query, options.keep_blank_values !== false, separator);
      if (q !== "") out += "?" + q;
    }
    if (options.keep_fragments === true && fragment !== "") out += "#" + quoteBytes(fragment, QUERY_SAFE);
    return out;
  };
}
