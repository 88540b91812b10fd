// The "w3lib" profile: canonicalize_url() of Scrapy's w3lib, the key of
// Scrapy's request fingerprint and duplicate filter, as w3lib's tests and code
// have it at v2.4.1-176 (ed01dc0, after the 2.4.1 release: the commit of the
// test cases, with its own URL splitter). Its rules (docs/canonical.md):
// - the input is stripped of C0 controls and spaces at both ends, and of
//   every tab and newline;
// - it is split as urllib.parse.urlsplit() does (not as the WHATWG parser):
//   scheme, "//" authority, path, "?" query, "#" fragment; a "\" before the
//   query is a "/" in the special schemes; nothing is resolved, no default
//   port dropped, a URL without a scheme kept;
// - the userinfo's escapes are normalized, the host lower-cased and IDNA-
//   encoded (Python's "idna" codec, idna2003.ts; kept where that fails);
// - the path's escapes are decoded and its bytes escaped again, but for the
//   characters RFC 3986 allows in a path, "|" and "%", keeping "%2F" and
//   "%3F" escaped (the kernel: assembly/canonical/escapes.ts); "" is "/";
//   ";params" of the last segment are kept as they are;
// - the query is split at the separator ("&") into name=value pairs, "+" a
//   space, sorted by name then value (as bytes), and written back as form
//   data (a space as "+", only A-Z a-z 0-9 "-._~" unescaped); a parameter
//   without a value is kept as "name=" unless keep_blank_values is false;
// - the fragment is dropped unless keep_fragments.

import { isSpecialScheme } from "../whatwg/special.js";
import type { ParsedUrl } from "../whatwg/url.js";
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
  /** The separator of query parameters (default "&"); the sorted query is joined with it. */
  query_separator?: string;
}

/** RFC 3986 section 2.2 reserved, the unreserved, w3lib's extra "|" and "%" (w3lib's _safe_chars). */
const SAFE = UNRESERVED + ":/?#[]@!$&'()*+,;=|%";
/** What w3lib leaves unescaped when it first escapes a path (its params stay so) or fragment: all but "#[]|". */
const PATH_SAFEST = /* @__PURE__ */ byteSet(SAFE.replace(/[#[\]|]/g, ""));
/** And in a userinfo: RFC 3986's unreserved and sub-delims but ";" and "=". */
const USERINFO_SAFEST = /* @__PURE__ */ byteSet(UNRESERVED + "!$&'()*+,");
/** A character that canonicalPath() changes or looks at: not in PATH_SAFE, or "%". */
const NOT_PLAIN_PATH = /[^A-Za-z0-9\-._~:/?[\]@!$&'()*+,;=|]/;
/** urlencode()'s quote_plus(): only the unreserved characters. */
const FORM_SAFE = /* @__PURE__ */ byteSet(UNRESERVED);

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

/**
 * What only some URLs hold, each needing a step of its own: tabs and
 * newlines (removed), "\\" (a "/" in the special schemes), surrogates (a lone
 * one fails). One test for all, as most URLs hold none.
 */
const UNUSUAL = /[\t\n\r\\\uD800-\uDFFF]/;

/** w3lib's _strip(): C0 controls and spaces off both ends, tabs and newlines out. */
function strip(url: string, unusual: boolean): string {
  let start = 0;
  let end = url.length;
  while (start < end && url.charCodeAt(start) <= 0x20) start++;
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end--;
  if (start > 0 || end < url.length) url = url.slice(start, end);
  return unusual && HAS_TAB_OR_NEWLINE.test(url) ? url.replace(TAB_OR_NEWLINE, "") : url;
}

/** The index of the ":" after a scheme (`[a-zA-Z][a-zA-Z0-9+.-]*`) at the start of `url`, or -1. */
function schemeEnd(url: string): number {
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    const letter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
    if (letter || (i > 0 && ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e))) continue;
    return i > 0 && c === 0x3a ? i : -1;
  }
  return -1;
}

/** The end of the authority after the "//" at the start of `url`: the first "/", "?" or "#". */
function authorityEnd(url: string): number {
  for (let i = 2; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x23) return i;
  }
  return url.length;
}
/** urllib.parse.uses_params: the schemes whose last path segment may have ";params". */
const USES_PARAMS = new Set([
  "",
  "ftp",
  "hdl",
  "prospero",
  "http",
  "imap",
  "https",
  "shttp",
  "rtsp",
  "rtsps",
  "rtspu",
  "sip",
  "sips",
  "mms",
  "sftp",
  "tel",
]);
/** urllib.parse.uses_netloc: the schemes written with "//" even without a host. */
const USES_NETLOC = new Set([
  "",
  "ftp",
  "http",
  "gopher",
  "nntp",
  "telnet",
  "imap",
  "wais",
  "file",
  "mms",
  "https",
  "shttp",
  "snews",
  "prospero",
  "rtsp",
  "rtsps",
  "rtspu",
  "rsync",
  "svn",
  "svn+ssh",
  "sftp",
  "nfs",
  "git",
  "git+ssh",
  "ws",
  "wss",
  "itms-services",
]);

interface W3libParts {
  scheme: string;
  /** null where the URL has no userinfo; the password null without ":". */
  username: string | null;
  password: string | null;
  hostname: string;
  port: string;
  path: string;
  query: string;
  fragment: string;
}

/** A bracketed host as w3lib takes it: an IPv6 address or IPvFuture (not IPv4). */
function validBracketedHost(host: string, parse: ProfileContext["parse"]): boolean {
  if (/^v/i.test(host)) return /^v[0-9a-f]+\..+$/is.test(host);
  return !/^[0-9.]+$/.test(host) && parse(`http://[${host.replace(/%.*$/s, "")}]/`) !== null;
}

/** w3lib's _urlsplit() (urllib.parse.urlsplit() with its checks), or null where it raises ValueError. */
function split(url: string, unusual: boolean, parse: ProfileContext["parse"]): W3libParts | null {
  let scheme = "";
  const schemeColon = schemeEnd(url);
  if (schemeColon !== -1) {
    scheme = url.slice(0, schemeColon);
    if (/[A-Z]/.test(scheme)) scheme = scheme.toLowerCase();
    url = url.slice(schemeColon + 1);
  }
  if (unusual && url.includes("\\") && isSpecialScheme(scheme)) {
    const cut = url.search(/[?#]/);
    const end = cut === -1 ? url.length : cut;
    url = url.slice(0, end).replaceAll("\\", "/") + url.slice(end);
  }
  let netloc = "";
  if (url.charCodeAt(0) === 0x2f && url.charCodeAt(1) === 0x2f) {
    const end = authorityEnd(url);
    netloc = url.slice(2, end);
    url = url.slice(end);
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
  const at = netloc.includes("@") ? netloc.lastIndexOf("@") : -1;
  const userinfo = at === -1 ? null : netloc.slice(0, at);
  const hostinfo = netloc.slice(at + 1);
  const colon = userinfo === null ? -1 : userinfo.indexOf(":");
  let hostname: string;
  let port: string;
  const open = netloc.indexOf("[");
  const close = netloc.indexOf("]");
  if (open !== -1 || close !== -1) {
    // "Invalid IPv6 URL": one bracket alone, text before "[", or other than ":port" after "]".
    const [before, bracketed = ""] = hostinfo.split(/\[(.*)/s);
    const end = bracketed.indexOf("]");
    if (open === -1 || close === -1 || before !== "" || end === -1) return null;
    hostname = bracketed.slice(0, end);
    const after = bracketed.slice(end + 1);
    if ((after !== "" && !after.startsWith(":")) || !validBracketedHost(hostname, parse)) return null;
    port = after.slice(1);
  } else {
    const c = hostinfo.indexOf(":");
    hostname = c === -1 ? hostinfo : hostinfo.slice(0, c);
    port = c === -1 ? "" : hostinfo.slice(c + 1);
  }
  if (/[^\x00-\x7f]/.test(netloc)) {
    // IDNA reads the host after NFKC: a delimiter that appears only then fails the URL.
    const cleaned = netloc.replace(/[@:#?]/g, "");
    const normalized = cleaned.normalize("NFKC");
    if (normalized !== cleaned && /[/?#@:\\]/.test(normalized)) return null;
  }
  // The host lower-cased up to a "%" (an IPv6 zone keeps its case).
  const zone = hostname.indexOf("%");
  if (zone !== -1) hostname = hostname.slice(0, zone).toLowerCase() + hostname.slice(zone);
  else if (/[^a-z0-9.-]/.test(hostname)) hostname = hostname.toLowerCase();
  return {
    scheme,
    username: userinfo === null ? null : colon === -1 ? userinfo : userinfo.slice(0, colon),
    password: colon === -1 ? null : userinfo!.slice(colon + 1),
    hostname,
    port,
    path: url,
    query,
    fragment,
  };
}

/** A userinfo part with its escapes decoded and escaped again (w3lib's _USERINFO_SAFEST_CHARS). */
function userinfoPart(s: string): string {
  return quoteBytes(unescapeOnce(utf8Bytes(s)), USERINFO_SAFEST);
}

/** w3lib's authority: the userinfo normalized, the host IDNA-encoded (as written where that fails), the port. */
function canonicalNetloc(parts: W3libParts): string {
  let netloc = "";
  if (parts.username !== null) {
    netloc = userinfoPart(parts.username);
    if (parts.password !== null) netloc += ":" + userinfoPart(parts.password);
    netloc += "@";
  }
  const host = parts.hostname;
  if (host.includes(":")) netloc += `[${host.toLowerCase()}]`;
  else {
    // The host after NFKC, as w3lib hands it to the codec.
    const ascii = /[^\x00-\x7f]/.test(host) ? idna2003(host.replace(/[@:#?]/g, "").normalize("NFKC")) : host;
    // w3lib lower-cases the host part of the netloc again, an IPv6 zone too (split() did the rest).
    netloc += ascii ?? (host.includes("%") ? host.toLowerCase() : host);
  }
  // (A ":" without a port is none: w3lib drops it.)
  return parts.port === "" ? netloc : netloc + ":" + parts.port.toLowerCase();
}

/** urllib's _splitparams: the index of the ";" in the last segment that starts the params (for the schemes that have them), or -1. */
function paramsStart(scheme: string, path: string): number {
  // (String#lastIndexOf is a runtime call in V8: most paths hold no ";" to look for.)
  if (!path.includes(";")) return -1;
  const semi = path.indexOf(";", path.lastIndexOf("/") + 1);
  return semi === -1 || !USES_PARAMS.has(scheme) ? -1 : semi;
}

/** One name or value of the query as bytes: "+" a space, escapes decoded. */
function formBytes(s: string): string {
  return unescapeOnce(s.replaceAll("+", " "));
}

/** The query's parameters (w3lib's _parse_qsl), sorted by name then value (as bytes), written back by _urlencode(). */
function canonicalQuery(query: string, keepBlank: boolean, separator: string): string {
  const pairs: [string, string][] = [];
  for (const field of query.split(separator)) {
    if (field === "") continue;
    const eq = field.indexOf("=");
    if (!keepBlank && (eq === -1 || eq === field.length - 1)) continue;
    pairs.push(eq === -1 ? [formBytes(field), ""] : [formBytes(field.slice(0, eq)), formBytes(field.slice(eq + 1))]);
  }
  pairs.sort(([na, va], [nb, vb]) => (na < nb ? -1 : na > nb ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  return pairs
    .map(([name, value]) => `${quoteBytes(name, FORM_SAFE, true)}=${quoteBytes(value, FORM_SAFE, true)}`)
    .join(separator);
}

/** The profile on one API instance's kernel, which runs the path step. */
export function w3libProfile({ escapes, parse }: ProfileContext): Profile<W3libOptions> {
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

  /** w3lib's canonicalize_url(input), or null where it raises (a lone surrogate, a bad bracketed host). */
  return function w3lib(input: string | ParsedUrl, options: W3libOptions): string | null {
    const url = typeof input === "string" ? input : input.href;
    const unusual = UNUSUAL.test(url);
    if (unusual && !url.isWellFormed()) return null;
    const encode = options.encoding === undefined ? utf8Bytes : encoderFor(options.encoding);
    const separator = options.query_separator ?? "&";
    const parts = split(strip(url, unusual), unusual, parse);
    if (parts === null) return null;
    // "If supplied `encoding` is not compatible with all characters in `url`, fallback to UTF-8."
    let query = encode(parts.query);
    let fragment = encode(parts.fragment);
    if (query === null || fragment === null) {
      query = utf8Bytes(parts.query);
      fragment = utf8Bytes(parts.fragment);
    }
    const semi = paramsStart(parts.scheme, parts.path);
    const path = semi === -1 ? parts.path : parts.path.slice(0, semi);
    const params = semi === -1 ? "" : parts.path.slice(semi + 1);
    const netloc = canonicalNetloc(parts);
    // urllib's urlunsplit(): "//" before an authority, and before the path of a scheme that uses one.
    let out = parts.scheme === "" ? "" : parts.scheme + ":";
    let rest =
      (path === "" ? "/" : canonicalPath(path)) +
      (params === "" ? "" : ";" + quoteBytes(utf8Bytes(params), PATH_SAFEST));
    if (netloc !== "") rest = "//" + netloc + rest;
    else if (rest.startsWith("//") || (parts.scheme !== "" && USES_NETLOC.has(parts.scheme) && rest.startsWith("/")))
      rest = "//" + rest;
    out += rest;
    if (query !== "") {
      const q = canonicalQuery(query, options.keep_blank_values !== false, separator);
      if (q !== "") out += "?" + q;
    }
    if (options.keep_fragments === true && fragment !== "") out += "#" + quoteBytes(fragment, PATH_SAFEST);
    return out;
  };
}
