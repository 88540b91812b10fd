// The fields a record can show (`parse --fields`) or be grouped by (`stats
// --by`): the URL's getters, what the Public Suffix List says of its host,
// a query parameter, the decoded path, the line number, the input line, and
// the input record's own fields (an access log's status, a CSV column).

import type { parse as parseDomain } from "tldts";
import { percentDecode, type ParsedUrl, type UrlBatch, URL_GETTERS, type UrlGetter } from "swurl";
import { UsageError } from "../errors.js";
import { hrefPiece, type HrefPiece } from "./href-pieces.js";
import { ACCESS_LOG_FIELDS } from "../input/log-fields.js";
import { canonicalKey, profileOptions, surtKey } from "./keys.js";
import { own } from "../own.js";
import { publicSuffixList } from "./public-suffix.js";
import { pathnameRoutes, routeOf } from "./routes.js";
import { formatField, formatFieldNames, timeSyntax } from "../input/program-records.js";
import type { FieldKind } from "../input/log-program.js";
import { logTime, timeBucket } from "../input/log-time.js";
import type { InputSpec, Records } from "../input/records.js";

/** Fields worked out from the URL (and `input`, `line`), beside the getters. */
const DERIVED_FIELDS = ["input", "line", "scheme", "domain", "suffix", "subdomain", "path"] as const;

/** Crawler keys of the URL (keys.ts): canonicalize() with the chosen --profile, and surt(). */
const KEY_FIELDS = ["canonical", "surt"] as const;

/** What `parse --fields` names in its help. */
export const FIELD_NAMES = [
  ...DERIVED_FIELDS.slice(0, 1),
  ...URL_GETTERS,
  ...DERIVED_FIELDS.slice(1),
  ...KEY_FIELDS,
  "param:NAME",
  "route",
];

export interface FieldDef {
  name: string;
  /**
   * Its values' kind, as a log's program reads its fields (log-program.ts):
   * an integer and a decimal are numbers in JSON Lines, a 64-bit integer and
   * a 64-bit float in the columnar formats; the table formats write every
   * value as text.
   */
  type: FieldKind;
  /**
   * Whether the value is a piece of the href, which the WHATWG parser writes
   * in ASCII without controls: then a test of the href for the characters a
   * format escapes tells whether this value needs escaping (format.ts).
   */
  inHref: boolean;
  /** Whether the value depends on the URL only (a failure row leaves it empty). */
  ofUrl: boolean;
  /** The value of record `i` (`url` is its URL, or null); null where there is none. */
  value(records: Records, i: number, url: ParsedUrl | null): string | null;
  /** Where the value is a piece of the href: which one (hrefpieces.ts; the value is null without a URL). */
  piece?: HrefPiece;
  /** The value as JSON text, for JSON Lines output, where the input's JSON types are kept (a number stays one). */
  json?(records: Records, i: number): string | null;
  /**
   * Where the value of a URL is a key of one of the kernel's tallies
   * (createTally()) or worked out from one: which, and how (null: none).
   * `stats --by` then counts it from that tally's counts.
   */
  tally?: { table: "schemes" | "hosts" | "paths"; fold?: (key: string) => string | null };
  /**
   * Where the value is a field of an access-log line whose key the reader
   * places beside the record (the kernel's BatchOptions.logKeys for combined
   * and common, program-keys.ts for the formats a program reads): its name.
   */
  logField?: string;
  /**
   * Where the value is a getter's that a batch gives as a range of its
   * hrefBytes() (UrlBatch.pathnameRange()): that range for line `line`
   * (null: no href there). stats counts it as bytes, without its string.
   */
  batchRange?: (batch: UrlBatch, line: number) => [start: number, end: number] | null;
  /** With batchRange: the value those bytes stand for (undefined: their text; null: none). */
  fromRange?: (bytes: Uint8Array) => string | null;
  /** Where the value is the first value of a query parameter: its name (stats reads it from the query's bytes, query-param.ts). */
  param?: string;
  /**
   * Whether the value depends on the URL's pathname alone (a route of
   * pathname patterns): stats works it out once per distinct pathname
   * (pathname-memo.ts).
   */
  ofPathname?: boolean;
  /** Whether the value is read from the Public Suffix List, which a run then loads first (public-suffix.ts loadFor()). */
  publicSuffix?: boolean;
}

/** An href's bytes (ASCII) as text. */
const ascii = new TextDecoder("latin1");

type BatchRange = NonNullable<FieldDef["batchRange"]>;
const hostnameRange: BatchRange = (batch, line) => batch.hostnameRange(line);
const pathnameRange: BatchRange = (batch, line) => batch.pathnameRange(line);
/** The getters whose values a batch gives as ranges of its hrefs' bytes. */
const BATCH_RANGES: Partial<Record<string, BatchRange>> = {
  hostname: hostnameRange,
  pathname: pathnameRange,
  search: (batch, line) => batch.searchRange(line),
};

/** Public Suffix List answers, per distinct host (a tldts call is dearer than a map look-up, and logs repeat hosts). */
const domainCache = new Map<string, ReturnType<typeof parseDomain>>();
const DOMAIN_CACHE_MAX = 50_000;

function domainOf(host: string): ReturnType<typeof parseDomain> {
  let d = domainCache.get(host);
  if (d === undefined) {
    if (domainCache.size >= DOMAIN_CACHE_MAX) domainCache.clear();
    // The private section too (foo.github.io is its own site), as browsers draw site lines.
    d = publicSuffixList().parse(host, { allowPrivateDomains: true });
    domainCache.set(own(host), d);
  }
  return d;
}

/**
 * Each getter read by a function of its own. V8 keeps the feedback of a
 * property read per place in the code, so `url[name]` in one function for
 * every getter sees many names and takes its generic path on every row.
 */
const READ: Record<UrlGetter, (url: ParsedUrl) => string> = {
  href: (url) => url.href,
  origin: (url) => url.origin,
  protocol: (url) => url.protocol,
  username: (url) => url.username,
  password: (url) => url.password,
  host: (url) => url.host,
  hostname: (url) => url.hostname,
  port: (url) => url.port,
  pathname: (url) => url.pathname,
  search: (url) => url.search,
  hash: (url) => url.hash,
};

/** A field of the URL, null for a failure. */
function ofUrl(
  name: string,
  inHref: boolean,
  get: (url: ParsedUrl) => string | null,
  type: FieldKind = "text",
): FieldDef {
  return {
    name,
    type,
    inHref,
    ofUrl: true,
    value: (_r, _i, url) => (url === null ? null : get(url)),
    piece: hrefPiece(name),
  };
}

/** A field of the URL that is a key of the kernel's tally `table` (folded by `fold`; as it is without). */
function ofTally(def: FieldDef, table: "schemes" | "hosts" | "paths", fold?: (key: string) => string | null): FieldDef {
  return { ...def, tally: { table, fold } };
}

/**
 * A field of the host by the Public Suffix List; null where the host has
 * none (an IP address, no host). stats counts the hostname's bytes and
 * works the field out once per distinct hostname.
 */
function ofHost(name: string, part: "domain" | "publicSuffix" | "subdomain"): FieldDef {
  const fold = (host: string) => {
    if (host === "" || host.startsWith("[")) return null;
    const d = domainOf(host);
    return d.isIp ? null : d[part];
  };
  return {
    ...ofTally(
      ofUrl(name, true, (url) => fold(url.hostname)),
      "hosts",
      fold,
    ),
    batchRange: hostnameRange,
    fromRange: (bytes) => fold(ascii.decode(bytes)),
    publicSuffix: true,
  };
}

/** The first value of query parameter `param`, decoded (application/x-www-form-urlencoded, as URLSearchParams does). */
function queryParam(name: string, param: string): FieldDef {
  return {
    ...ofUrl(name, false, (url) => (url.search === "" ? null : new URLSearchParams(url.search).get(param))),
    param,
  };
}

const DERIVED: Record<(typeof DERIVED_FIELDS)[number], FieldDef> = {
  input: { name: "input", type: "text", inHref: false, ofUrl: false, value: (r, i) => r.text(i) },
  line: { name: "line", type: "integer", inHref: true, ofUrl: false, value: (r, i) => String(r.line(i)) },
  scheme: ofTally(
    ofUrl("scheme", true, (url) => url.protocol.slice(0, -1)),
    "schemes",
  ),
  domain: ofHost("domain", "domain"),
  suffix: ofHost("suffix", "publicSuffix"),
  subdomain: ofHost("subdomain", "subdomain"),
  // The path as text: escapes decoded (UTF-8; invalid sequences as U+FFFD).
  path: {
    ...ofTally(
      ofUrl("path", false, (url) => percentDecode(url.pathname)),
      "paths",
      (pathname) => percentDecode(pathname),
    ),
    batchRange: pathnameRange,
    fromRange: (bytes) => percentDecode(ascii.decode(bytes)),
  },
};

/** An integer as written in the input ("0200"): its decimal digits ("200"); null where it is none ("-", "2e3"). */
function integerValue(v: string | null): string | null {
  if (v === null || !/^\d+$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? String(n) : null;
}

/** A decimal with an exponent, as a JSON log (Caddy's) writes a number below 1e-6. */
const EXPONENT = /^\d+(?:\.\d+)?[eE][-+]?\d+$/;

/** Where the digits of `v` from `a` end. */
function digitsEnd(v: string, a: number): number {
  let p = a;
  while (p < v.length && v.charCodeAt(p) >= 0x30 && v.charCodeAt(p) <= 0x39) p++;
  return p;
}

/**
 * A decimal as written in the input ("0.590", "012.50"): its digits without
 * the leading zeros of the whole part, the trailing zeros of the fraction
 * and a "." left with no fraction ("0.59", "12.5"), the text of the number
 * that `stats --by` counts too (program-keys.ts); one with an exponent, as
 * JavaScript writes that number; null where it is none ("-", "-1", ".5").
 * Durations and times are not negative. A loop, not a regular expression:
 * it runs once a line.
 */
export function decimalValue(v: string | null): string | null {
  if (v === null) return null;
  const point = digitsEnd(v, 0);
  if (point === 0) return null;
  let end = v.length;
  if (point < end) {
    const fraction = v.charCodeAt(point) === 0x2e ? digitsEnd(v, point + 1) : point;
    if (fraction === point + 1 || fraction < end) {
      const n = EXPONENT.test(v) ? Number(v) : Number.NaN;
      return Number.isFinite(n) ? String(n) : null;
    }
    while (v.charCodeAt(end - 1) === 0x30) end--;
    if (end === point + 1) end = point;
  }
  let start = 0;
  while (point - start > 1 && v.charCodeAt(start) === 0x30) start++;
  return start === 0 && end === v.length ? v : v.slice(start, end);
}

/** A record field's value of `type` from its text. */
const VALUE_OF: Record<FieldKind, (v: string | null) => string | null> = {
  text: (v) => v,
  integer: integerValue,
  decimal: decimalValue,
};

/** A field of the input record (an access log's, a JSON key path, a CSV/TSV column). */
function recordField(name: string, key: string, type: FieldKind): FieldDef {
  const of = VALUE_OF[type];
  return { name, type, inHref: false, ofUrl: false, value: (r: Records, i: number) => of(r.field(i, key)) };
}

/**
 * A crawler key of the record: its canonical form (by `profile`, swurl's own
 * without) or its SURT key. A key may exist where the WHATWG parse fails
 * ("www.example.com" has a SURT key), so it is not a field of the URL only.
 */
function keyField(command: string, name: (typeof KEY_FIELDS)[number], spec: InputSpec, profile?: string): FieldDef {
  const options = profileOptions(command, profile);
  const value =
    name === "surt"
      ? (r: Records, i: number, url: ParsedUrl | null) => surtKey(r, i, url, spec)
      : (r: Records, i: number, url: ParsedUrl | null) => canonicalKey(r, i, url, spec, options);
  return { name, type: "text", inHref: false, ofUrl: false, value };
}

/** The hour or day (UTC) of an access log's time field, whatever its syntax: "2026-10-10T13Z", "2026-10-10". */
function timeField(command: string, name: "hour" | "day", spec: InputSpec): FieldDef {
  const syntax = timeSyntax(spec);
  if (syntax === null)
    throw new UsageError(`${command}: ${name} needs an access log whose time field swurl reads (--input)`);
  const value = (r: Records, i: number) => {
    const text = r.field(i, "time");
    const t = text === null ? null : logTime(text, syntax);
    return t === null ? null : timeBucket(t, name);
  };
  return { name, type: "text", inHref: false, ofUrl: false, value };
}

/** The getters whose values are keys of the kernel's tallies: the protocol is the scheme and ":". */
const URL_TALLIES: Partial<Record<string, NonNullable<FieldDef["tally"]>>> = {
  protocol: { table: "schemes", fold: (scheme) => `${scheme}:` },
  hostname: { table: "hosts" },
  pathname: { table: "paths" },
};

/** The access-log fields that are numbers. */
const INTEGER_LOG_FIELDS = new Set(["status", "bytes"]);

/**
 * The definition of field `name` for an input read as `spec`: a URL getter,
 * a derived field, param:NAME, or a field of the record (field:NAME, or a
 * bare name that is none of the others).
 */
export function fieldDef(command: string, name: string, spec: InputSpec, profile?: string): FieldDef {
  if ((KEY_FIELDS as readonly string[]).includes(name)) {
    return keyField(command, name as (typeof KEY_FIELDS)[number], spec, profile);
  }
  if ((URL_GETTERS as readonly string[]).includes(name)) {
    const def: FieldDef = {
      ...ofUrl(name, true, READ[name as UrlGetter], name === "port" ? "integer" : "text"),
      batchRange: BATCH_RANGES[name],
    };
    const tally = URL_TALLIES[name];
    return tally === undefined ? def : ofTally(def, tally.table, tally.fold);
  }
  if (name in DERIVED) return DERIVED[name as keyof typeof DERIVED];
  if (name === "route") {
    const { routes } = spec;
    if (routes === undefined) throw new UsageError(`${command}: the route field needs --routes FILE`);
    // The first route the URL matches, as the routes file writes it.
    return { ...ofUrl(name, false, (url) => routeOf(routes, url.href)), ofPathname: pathnameRoutes(routes) };
  }
  if (name.startsWith("param:") && name.length > "param:".length) return queryParam(name, name.slice("param:".length));
  if (name === "hour" || name === "day") return timeField(command, name, spec);
  const key = name.startsWith("field:") ? name.slice("field:".length) : name;
  const known = `${[...FIELD_NAMES, "field:NAME"].join(",")}`;
  switch (spec.format) {
    case "lines":
      throw new UsageError(
        `${command}: unknown field ${JSON.stringify(name)}; expected some of ${known} (record fields need --input)`,
      );
    case "combined":
    case "common":
      if (!(ACCESS_LOG_FIELDS as readonly string[]).includes(key)) {
        throw new UsageError(
          `${command}: unknown field ${JSON.stringify(name)}; expected some of ${known}, or of the log's ${ACCESS_LOG_FIELDS.join(",")}`,
        );
      }
      return {
        ...recordField(name, key, INTEGER_LOG_FIELDS.has(key) ? "integer" : "text"),
        logField: key,
      };
    case "jsonl":
    case "csv":
    case "tsv": {
      // JSON keys and CSV columns are checked when the header is read.
      if (key === "") throw new UsageError(`${command}: field: needs a name`);
      const def = recordField(name, key, "text");
      return spec.format === "jsonl" ? { ...def, json: (r, i) => r.json?.(i, key) ?? null } : def;
    }
    default: {
      const kind = formatField(spec, key);
      if (kind === null) {
        throw new UsageError(
          `${command}: unknown field ${JSON.stringify(name)}; expected some of ${known}, or of the log's ${formatFieldNames(spec).join(",")}`,
        );
      }
      return { ...recordField(name, key, kind), logField: key };
    }
  }
}

/** The record fields (of the input's own) among `defs`, by key: what a CSV header must have. */
export function recordKeys(names: string[]): string[] {
  return names
    .filter(
      (n) =>
        !(URL_GETTERS as readonly string[]).includes(n) &&
        !(KEY_FIELDS as readonly string[]).includes(n) &&
        !(n in DERIVED) &&
        !n.startsWith("param:") &&
        n !== "route",
    )
    .map((n) => (n.startsWith("field:") ? n.slice("field:".length) : n));
}

/** `--fields LIST`: the definitions, each name once; `profile` is the --profile of the canonical field. */
export function parseFields(command: string, value: string, spec: InputSpec, profile?: string): FieldDef[] {
  const names = value.split(",").map((f) => f.trim());
  for (const [i, f] of names.entries())
    if (names.indexOf(f) !== i) throw new UsageError(`${command}: field ${f} is named twice`);
  return names.map((n) => fieldDef(command, n, spec, profile));
}
