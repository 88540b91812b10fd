// The "surt" profile and surt(): the URL keys of the Wayback Machine's CDX
// and of Common Crawl's index (the SURT package, 0.3.1). Its default
// canonicalizer runs Google Safe Browsing's steps (google.ts, SURT's dialect)
// and then the Internet Archive's own (IAURLCanonicalizer): "www" labels
// off, lower case, default port off, session ids out, the query sorted. The
// key writes the host reversed by label, then ")" and the path:
// "http://www.example.com/a?b" is "com,example)/a?b".

import type { ParsedUrl } from "../whatwg/url.js";
import { decodeUtf8, type KernelEscapes, lowerAscii } from "./bytes.js";
import type { ProfileContext } from "./context.js";
import { type Dialect, type GoogleUrl, googleSteps, splitUrl } from "./google.js";
import { inputBytes } from "./safe-browsing.js";

/** The Internet Archive canonicalizer's switches, under SURT's names, with its defaults. */
export interface IaCanonicalizerOptions {
  /** Lower-case the host (default true). */
  host_lowercase?: boolean;
  /** Remove a leading "www.", "www2." ... label (default true; never for dns: URLs). */
  host_massage?: boolean;
  /** Remove the default port of http (80) and https (443) (default true). */
  port_strip_default?: boolean;
  /** Remove a path that is only "/" (default false). */
  path_strip_empty?: boolean;
  /** Lower-case the path (default true). */
  path_lowercase?: boolean;
  /** Remove ASP.NET session ids from the path (default true). */
  path_strip_session_id?: boolean;
  /** Remove a "/" at the end of a path other than "/" (default true). */
  path_strip_trailing_slash_unless_empty?: boolean;
  /** Lower-case the query (default true). */
  query_lowercase?: boolean;
  /** Remove jsessionid, phpsessid, sid, ASPSESSIONID and cfid/cftoken parameters (default true). */
  query_strip_session_id?: boolean;
  /** Remove an empty query and its "?" (default true). */
  query_strip_empty?: boolean;
  /** Sort the query's parameters by name, then value (default true). */
  query_alpha_reorder?: boolean;
}

/**
 * Which of SURT's canonicalizers runs, by its class name: the default runs
 * Google's steps and then the Internet Archive's, as surt() does.
 */
type SurtCanonicalizer = "DefaultIAURLCanonicalizer" | "GoogleURLCanonicalizer" | "IAURLCanonicalizer";

export interface SurtProfileOptions extends IaCanonicalizerOptions {
  profile: "surt";
  canonicalizer?: SurtCanonicalizer;
}

/** surt()'s options: the canonicalizer's, and how the key is written. */
export interface SurtOptions extends IaCanonicalizerOptions {
  canonicalizer?: SurtCanonicalizer;
  /** Start the key with the scheme: "http://(com,example)/" (default false). */
  with_scheme?: boolean;
  /** End the host with a comma: "com,example,)/" (default false). */
  trailing_comma?: boolean;
  /** Reverse an IPv4 address like a host name: "254,1,168,192)/" (default true). */
  reverse_ipaddr?: boolean;
}

const SURT_GOOGLE: Dialect = {
  schemeTest: "pattern",
  lowerScheme: false,
  httpRepairs: true,
  strictHostUtf8: false,
  mergeDotRuns: false,
  ipv4: "surt",
  keepRootDotDot: true,
  keepQueryAmpersands: true,
};

// Session ids (IAURLCanonicalizer's URLRegexTransformer): each pattern keeps
// what is before and after the id.
const PATH_SESSION_IDS = [
  /^(.*\/)(?:\((?:[a-z]\([0-9a-z]{24}\))+\)\/)([^?]+\.aspx.*)$/i,
  /^(.*\/)(?:\([0-9a-z]{24}\)\/)([^?]+\.aspx.*)$/i,
];
const QUERY_SESSION_IDS = [
  /^(.*)(?:jsessionid=[0-9a-z]{32})(?:&(.*))?$/i,
  /^(.*)(?:phpsessid=[0-9a-z]{32})(?:&(.*))?$/i,
  /^(.*)(?:sid=[0-9a-z]{32})(?:&(.*))?$/i,
  /^(.*)(?:aspsessionid[a-z]{8}=[a-z]{24})(?:&(.*))?$/i,
  /^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$/i,
];

function stripSessionIds(s: string, patterns: RegExp[]): string {
  for (const p of patterns) {
    const m = p.exec(s);
    if (m !== null) s = m[1] + (m[2] ?? "");
  }
  return s;
}

/** The parameters sorted as tuples of (name, value): by name, then a parameter without "=" first, then by value. */
function alphaReorder(query: string): string {
  if (query.length <= 1) return query;
  const params = query.split("&").map((p) => {
    const eq = p.indexOf("=");
    return eq === -1 ? { name: p, value: null, text: p } : { name: p.slice(0, eq), value: p.slice(eq + 1), text: p };
  });
  params.sort((a, b) => {
    if (a.name !== b.name) return a.name < b.name ? -1 : 1;
    if (a.value === b.value) return 0;
    if (a.value === null || b.value === null) return a.value === null ? -1 : 1;
    return a.value < b.value ? -1 : 1;
  });
  return params.map((p) => p.text).join("&");
}

const DEFAULT_PORTS: Record<string, string> = { http: "80", https: "443" };

/** The Internet Archive's steps (IAURLCanonicalizer), after Google's. */
function iaCanonical(url: GoogleUrl, o: IaCanonicalizerOptions): GoogleUrl {
  let { host, port, path, query } = url;
  if (o.host_lowercase !== false) host = lowerAscii(host);
  if (o.host_massage !== false && url.scheme !== "dns") host = host.replace(/^www[0-9]*\./, "");
  if (o.port_strip_default !== false && port === DEFAULT_PORTS[lowerAscii(url.scheme)]) port = "";
  if (o.path_strip_empty === true && path === "/") path = "";
  else {
    if (o.path_lowercase !== false) path = lowerAscii(path);
    if (o.path_strip_session_id !== false) path = stripSessionIds(path, PATH_SESSION_IDS);
    if (o.path_strip_empty === true && path === "/") path = "";
    if (o.path_strip_trailing_slash_unless_empty !== false && path.length > 1 && path.endsWith("/"))
      path = path.slice(0, -1);
  }
  if (query !== null && query !== "") {
    if (o.query_strip_session_id !== false) query = stripSessionIds(query, QUERY_SESSION_IDS);
    if (o.query_lowercase !== false) query = lowerAscii(query);
    if (o.query_alpha_reorder !== false) query = alphaReorder(query);
  }
  if (query === "" && o.query_strip_empty !== false) query = null;
  return { scheme: url.scheme, host, port, path, query, fragment: url.fragment };
}

/** Path, query and fragment as SURT writes them after the authority: a query or fragment needs a path. */
function pathAndQuery(url: GoogleUrl): string {
  let out = url.path !== "" ? url.path : url.query !== null || url.fragment !== null ? "/" : "";
  if (url.query !== null) out += "?" + url.query;
  return url.fragment === null ? out : out + "#" + url.fragment;
}

const CANONICALIZERS: SurtCanonicalizer[] = [
  "DefaultIAURLCanonicalizer",
  "GoogleURLCanonicalizer",
  "IAURLCanonicalizer",
];

/** The URL (a byte string) after SURT's canonicalizer (by default Google's steps, then the Internet Archive's), or null where its port is not valid. */
function canonicalUrl(bytes: string, options: SurtOptions, escapes: KernelEscapes): GoogleUrl | null {
  const which = options.canonicalizer ?? "DefaultIAURLCanonicalizer";
  if (!CANONICALIZERS.includes(which)) {
    throw new TypeError(
      `surt: unknown canonicalizer ${JSON.stringify(which)}; expected one of ${CANONICALIZERS.join(", ")}`,
    );
  }
  let url = splitUrl(bytes, SURT_GOOGLE);
  if (url === null) return null;
  if (which !== "IAURLCanonicalizer") url = googleSteps(url, SURT_GOOGLE, escapes);
  return which === "GoogleURLCanonicalizer" ? url : iaCanonical(url, options);
}

const DOTTED_QUAD = /^(?:[0-9]{1,3}\.){3}[0-9]{1,3}$/;

/** A result (a byte string) as text, as SURT decodes its bytes: only the Internet Archive's steps alone leave bytes unescaped. */
function text(bytes: string): string {
  return decodeUtf8(bytes, false) ?? bytes;
}

/** The profile's canonicalize() and surt(), on one API instance's kernel. */
export function surtApi({ escapes }: ProfileContext) {
  /** canonicalize(input, { profile: "surt" }): the URL as SURT's default canonicalizer writes it. */
  function canonical(input: string | ParsedUrl | Uint8Array, options: SurtProfileOptions): string | null {
    const url = canonicalUrl(inputBytes(input), options, escapes);
    if (url === null) return null;
    let out = url.scheme + ":";
    if (url.host !== "") {
      if (url.scheme !== "dns") out += "//";
      out += url.port === "" ? url.host : `${url.host}:${url.port}`;
    }
    return text(out + pathAndQuery(url));
  }

  /**
   * The SURT key of `input` (a string, its bytes, or a ParsedUrl): the host's labels
   * reversed and joined by ",", then ")" and the path and query, after SURT's
   * default canonicalizer. "-" for an empty input; "filedesc:" records as they
   * are; a URL without a host keeps its scheme ("dns:archive.org"). Null where
   * the port is not valid (the SURT package raises there).
   */
  function surt(input: string | ParsedUrl | Uint8Array | null | undefined, options: SurtOptions = {}): string | null {
    const bytes = input === null || input === undefined ? "" : inputBytes(input);
    if (bytes === "") return "-";
    // A record of an ARC file's header, which has no URL.
    if (bytes.startsWith("filedesc")) return typeof input === "string" ? input : text(bytes);
    const url = canonicalUrl(bytes, options, escapes);
    if (url === null) return null;
    let out = "";
    if (url.host === "") out = url.scheme + ":";
    else {
      const reversed =
        options.reverse_ipaddr === false && DOTTED_QUAD.test(url.host)
          ? url.host
          : url.host.split(".").reverse().join(",");
      if (options.with_scheme === true) out = url.scheme + (url.scheme === "dns" ? ":(" : "://(");
      out += url.port === "" ? reversed : `${reversed}:${url.port}`;
      out += options.trailing_comma === true ? ",)" : ")";
    }
    return text(out + pathAndQuery(url));
  }

  return { canonical, surt };
}
