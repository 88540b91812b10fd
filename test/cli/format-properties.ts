// The readers of the servers' log formats (issue #34 item 1) in the readers'
// property (reader-properties.ts): lines of each format written here from a
// layout of its fields (well-formed, broken in one field, or no log at all),
// and a reference reader of its own, a regular expression made from the
// same layout (W3C: the fields of the last "#Fields:" split at the
// separator; Caddy: JSON.parse), that gives each record's fields by their
// common names and its URL, as the CLI's program must.
import fc from "fast-check";
import { LOG_FORMATS } from "../../packages/cli/src/input/log-formats";
import type { InputFormat } from "../../packages/cli/src/input/records";

/** The formats of the property, and the --log-format definition of "log-format". */
export const FORMATS = ["log-format", ...LOG_FORMATS] as const;
type Format = (typeof FORMATS)[number];
export const isFormat = (f: InputFormat): f is Format => (FORMATS as readonly string[]).includes(f);

/**
 * The --log-format definitions of the property: nginx's; Apache's with a
 * strftime time (%{FORMAT}t) that writes spaces, which only the time's own
 * syntax tells apart from the space after it; and nginx's with the request
 * in fields of its own (the method, the target and the query), which the
 * command makes a request line of.
 */
export const DEFINITIONS = {
  nginx:
    '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" $host $request_time',
  apache: String.raw`%h %l %u %{%Y-%m-%d %H:%M:%S %z}t \"%r\" %>s %b \"%{Referer}i\" \"%{User-Agent}i\" %v %D`,
  split: '$remote_addr [$time_local] $request_method "$request_uri" "$args" $status $body_bytes_sent',
};
export type Definition = keyof typeof DEFINITIONS;

/** The common names the property compares. */
export const COMMON_FIELDS = [
  "client",
  "user",
  "time",
  "method",
  "target",
  "status",
  "bytes",
  "referer",
  "agent",
  "vhost",
  "duration",
];

/**
 * What a field holds: w a word (up to the next literal's first byte), n an
 * integer or "-", d a decimal or "-", q a quoted field with Apache's and
 * nginx's escapes, Q a quoted field no server escapes, b a time in brackets,
 * t a time as strftime "%Y-%m-%d %H:%M:%S %z" writes it.
 */
type Kind = "w" | "n" | "d" | "q" | "Q" | "b" | "t";
type Layout = (string | [common: string, kind: Kind])[];

/** A layout written as text: {name:kind} a field, the rest literal. */
function layout(text: string): Layout {
  const pieces: Layout = [];
  let last = 0;
  for (const m of text.matchAll(/\{([^{}]+):([wndqQbt])\}/g)) {
    pieces.push(text.slice(last, m.index), [m[1], m[2] as Kind]);
    last = m.index + m[0].length;
  }
  pieces.push(text.slice(last));
  return pieces.filter((p) => p !== "");
}

const LAYOUTS: Partial<Record<Format, Layout>> = {
  vcommon: layout('{vhost:w} {client:w} {ident:w} {user:w} [{time:b}] "{request:q}" {status:n} {bytes:n}'),
  traefikclf: layout(
    '{client:w} - {user:w} [{time:b}] "{method:w} {target:w} {version:w}" {status:n} {bytes:n} "{referer:Q}" "{agent:Q}" {count:n} "{router:Q}" "{service:Q}" {duration:n}ms',
  ),
  awselb: layout(
    '{time:w} {elb:w} {client:port:w} {backend:port:w} {a:d} {duration:d} {b:d} {status:n} {bstatus:n} {rbytes:n} {bytes:n} "{request:Q}" "{agent:Q}" {cipher:w} {proto:w}',
  ),
  awss3: layout(
    '{owner:w} {bucket:w} [{time:b}] {client:w} {user:w} {rid:w} {op:w} {key:w} "{request:Q}" {status:n} {err:w} {bytes:n} {size:n} {duration:n} {tat:n} "{referer:Q}" "{agent:Q}" {ver:w} {hid:w} {sig:w} {cipher:w} {auth:w} {vhost:w} {tls:w}',
  ),
  cloudstorage: layout(
    '"{time:n}","{client:Q}","{ctype:Q}","{cregion:Q}","{method:Q}","{target:Q}","{status:n}","{cbytes:n}","{bytes:n}","{duration:n}","{vhost:Q}","{referer:Q}","{agent:Q}","{rid:Q}","{op:Q}","{bucket:Q}","{object:Q}"',
  ),
  vcombined: layout(
    '{vhost:w}:{port:n} {client:w} {ident:w} {user:w} [{time:b}] "{request:q}" {status:n} {bytes:n} "{referer:q}" "{agent:q}"',
  ),
  squid: layout(
    "{time:d} {duration:n} {client:w} {code:w}/{status:n} {bytes:n} {method:w} {target:w} {user:w} {peerstatus:w}/{peerhost:w} {type:w}",
  ),
  awsalb: layout(
    '{type:w} {time:w} {elb:w} {client:port:w} {target:port:w} 0.1 {duration:d} 0.1 {status:n} 200 0 {bytes:n} "{request:Q}" "{agent:Q}" - - arn "Root" "{vhost:Q}" "-" 0 2026-10-10T13:55:36.000000Z "forward" "-" "-" "10.0.0.1:80" "200" "-" "-"',
  ),
};

/** The layouts of the --log-format definitions. */
const DEFINITION_LAYOUTS: Record<Definition, Layout> = {
  nginx: layout(
    '{client:w} - {user:w} [{time:b}] "{request:q}" {status:n} {bytes:n} "{referer:q}" "{agent:q}" {vhost:w} {duration:d}',
  ),
  apache: layout(
    '{client:w} {ident:w} {user:w} {time:t} "{request:q}" {status:n} {bytes:n} "{referer:q}" "{agent:q}" {vhost:w} {duration:n}',
  ),
  split: layout('{client:w} [{time:b}] {method:w} "{target:q}" "{query:q}" {status:n} {bytes:n}'),
};

/** The layout of a format's lines (of `definition`'s for --log-format). */
const layoutOf = (format: Format, definition: Definition = "nginx"): Layout =>
  format === "log-format" ? DEFINITION_LAYOUTS[definition] : LAYOUTS[format]!;

/** W3C's fields in the property's two "#Fields:" directives, by W3C name and common name. */
const W3C_FIELDS: [string, string, Kind][][] = [
  [
    ["date", "date", "w"],
    ["time", "clock", "w"],
    ["c-ip", "client", "w"],
    ["cs-username", "user", "w"],
    ["cs-method", "method", "w"],
    ["cs-uri-stem", "stem", "w"],
    ["cs-uri-query", "query", "w"],
    ["sc-status", "status", "n"],
    ["time-taken", "duration", "n"],
  ],
  [
    ["cs-host", "vhost", "w"],
    ["cs-uri-stem", "stem", "w"],
    ["date", "date", "w"],
    ["time", "clock", "w"],
    ["sc-bytes", "bytes", "n"],
    ["cs(User-Agent)", "agent", "w"],
  ],
];

/** CloudFront's 33 fields, the ones with a common name kept apart. */
const CLOUDFRONT_FIELDS: [string, Kind][] = [
  ["date", "w"],
  ["clock", "w"],
  ["x-edge-location", "w"],
  ["bytes", "n"],
  ["client", "w"],
  ["method", "w"],
  ["cs(Host)", "w"],
  ["stem", "w"],
  ["status", "n"],
  ["referer", "w"],
  ["agent", "w"],
  ["query", "w"],
  ...Array.from({ length: 3 }, (_, i) => [`x${i}`, "w"] as [string, Kind]),
  ["vhost", "w"],
  ["scheme", "w"],
  ["cs-bytes", "n"],
  ["duration", "d"],
  // c-port, time-to-first-byte and sc-content-len are numbers.
  ...Array.from({ length: 14 }, (_, i) => [`y${i}`, i === 7 || i === 11 ? "n" : i === 8 ? "d" : "w"] as [string, Kind]),
];

// ---------------------------------------------------------------------------
// Writing lines.

/** Words: no space, tab, quote, bracket, colon or slash (the formats' separators), UTF-8 and escapes among them. */
const word = fc.constantFrom(
  "-",
  "a.example",
  "192.0.2.7",
  "x",
  "caf\xC3\xA9",
  "\\x41",
  "b%2Fc",
  "GET",
  "0",
  "ab-c",
  // As CloudFront writes values: a byte that is no UTF-8, a space, "%" itself, a quote and a backslash.
  "caf%E9",
  "a%20b",
  "%2541",
  "%22%5C",
  // As IIS writes a space in a field: "+" (its own in a URL's query, a space in a user name or agent).
  "a+b",
  "+x+",
);
const integer = fc.constantFrom("-", "0", "200", "0404", "12345");
const decimal = fc.constantFrom("-", "0", "0.004", "12.5", "-1", "007.250", "1.0", "0.000", "-0.5");
/** Quoted text of hostile pieces: escapes (\" \\ \xHH \t), UTF-8, invalid bytes; no bare quote. */
const quotedText = fc
  .array(
    fc.constantFrom(
      "",
      " ",
      "-",
      "/a",
      "?q=1",
      '\\"',
      "\\\\",
      "\\x22",
      "\\xE9",
      "\\t",
      "é",
      "\xC3",
      "http://h.example/p",
      "*",
      "%2F",
      "//x",
    ),
    { maxLength: 5 },
  )
  .map((p) => p.join("").replace(/\\$/, ""));
const clfTime = fc.constantFrom("10/Oct/2026:13:55:36 +0000", "01/Jan/2026:00:00:00 -0700", "-");
/** Times as "%Y-%m-%d %H:%M:%S %z" writes them, and (less often) text that is almost one. */
const strftimeTime = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("2026-10-10 13:55:36 +0000", "2026-01-01 00:00:00 -0700") },
  fc.constantFrom("2026-10-10 13:55:36", "2026-10-10  13:55:36 +0000", "2026-10-10 13:55:36 +00001", "-"),
);
const target = fc.constantFrom(
  "/",
  "/a?b=1",
  "//x",
  "/caf\\xC3\\xA9",
  "http://p.example/x",
  "*",
  "h.example:443",
  "-",
  '/a\\"b',
);
const request = fc
  .tuple(fc.constantFrom("GET", "POST", "CONNECT", "OPTIONS"), target, fc.constantFrom(" HTTP/1.1", "", " HTTP/2.0"))
  .map(([m, t, v]) => `${m} ${t}${v}`);

const method = fc.constantFrom("GET", "POST", "CONNECT", "-");

function value(kind: Kind, common: string): fc.Arbitrary<string> {
  // A method or target is one word wherever it is (a request is made of them).
  if (common === "method" && kind !== "q") return method;
  if (common === "target" && kind !== "q")
    return fc.constantFrom("http://s.example/a?b", "https://s.example/", "s.example:443", "/x", "//y", "-");
  switch (kind) {
    case "n":
      return integer;
    case "d":
      return decimal;
    case "b":
      return clfTime;
    case "t":
      return strftimeTime;
    case "q":
    case "Q": {
      const text = common === "request" ? request : quotedText;
      // No server escapes Q's fields: a backslash there is itself, never before the field's end or a quote (and a bare quote never).
      return kind === "Q" ? text.map((t) => t.replace(/\\+(?=\\?"|$)/g, "")) : text;
    }
    case "w":
      if (common === "target")
        return fc.constantFrom("http://s.example/a?b", "https://s.example/", "s.example:443", "/x");
      if (common === "time") return fc.constantFrom("2026-10-10T13:55:36.123456Z", "2026-10-10T13:55:36Z");
      if (common === "stem")
        return fc.constantFrom("/", "/a", "/caf\xC3\xA9", "/caf\xE9", "//x", "/\\x41", "/a%2Fb", "-", '/q"');
      return word;
  }
}

/** A line of `layout`: each field's text; sometimes one field broken (a word where a number goes, a piece cut). */
function layoutLine(layout: Layout): fc.Arbitrary<string> {
  const fields = layout.flatMap((p) => (typeof p === "string" ? [] : [value(p[1], p[0])]));
  return fc
    .tuple(fc.tuple(...fields), fc.constantFrom("", "", "", " extra", "\tx", "x"), fc.nat(layout.length + 3))
    .map(([values, extra, cut]) => {
      let k = 0;
      const pieces = layout.map((p) => (typeof p === "string" ? p : values[k++]));
      // One in a few lines loses a piece: a broken line, which no format matches (mostly).
      if (cut < layout.length && cut % 3 === 0) pieces.splice(cut, 1);
      return pieces.join("") + extra;
    });
}

const w3cLine = (fields: [string, string, Kind][], separator: string) =>
  fc.tuple(...fields.map(([, common, kind]) => value(kind, common))).map((values) => values.join(separator));

const caddyLine = fc
  .record({
    method: fc.constantFrom("GET", "HEAD"),
    uri: fc.constantFrom("/", "/a?b=1", "//x", "/caf\u00e9", '/q"\\', "http://p.example/x"),
    host: fc.option(fc.constantFrom("c.example", "d.example:8443"), { nil: undefined }),
    tls: fc.boolean(),
    status: fc.constantFrom(200, 404),
    agent: fc.option(fc.constantFrom("curl/8", "M\u00f6z"), { nil: undefined }),
    duration: fc.double({ min: 0, max: 10, noNaN: true }),
  })
  .map((r) =>
    JSON.stringify({
      ts: 1791700200.5,
      request: {
        method: r.method,
        host: r.host,
        uri: r.uri,
        headers: r.agent === undefined ? {} : { "User-Agent": [r.agent] },
        ...(r.tls ? { tls: { proto: "h2" } } : {}),
      },
      status: r.status,
      duration: r.duration,
    }),
  );

/** Text that is no line of any format (mostly). */
const noise = fc.constantFrom("", " ", "#", "not a log line", "{", "- - -", "\t");

/** Lines of `format` (of `definition`'s for --log-format), a "#Fields:" directive among W3C's. */
export function formatLines(format: Format, definition?: Definition): fc.Arbitrary<string> {
  const lines = (() => {
    switch (format) {
      case "w3c":
        return fc.oneof(
          ...W3C_FIELDS.map((f) => fc.constant(`#Fields: ${f.map(([name]) => name).join(" ")}`)),
          ...W3C_FIELDS.map((f) => w3cLine(f, " ")),
        );
      case "cloudfront":
        return w3cLine(
          CLOUDFRONT_FIELDS.map(([n, k]) => [n, n, k]),
          "\t",
        );
      case "caddy":
        return caddyLine;
      case "cloudstorage":
        return fc.oneof(layoutLine(LAYOUTS.cloudstorage!), fc.constant('"time_micros","c_ip","c_ip_type"'));
      default:
        return layoutLine(layoutOf(format, definition));
    }
  })();
  return fc.oneof({ weight: 6, arbitrary: lines }, { weight: 1, arbitrary: noise });
}

// ---------------------------------------------------------------------------
// The reference reader.

const QUOTED = String.raw`((?:[^"\\]|\\[\s\S])*)`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The regular expression of a layout; a line may go on after a space or a tab. */
function layoutRegExp(layout: Layout, separatorRuns = false): RegExp {
  let re = "^";
  layout.forEach((p, i) => {
    if (typeof p === "string") {
      re += separatorRuns ? escapeRe(p).replace(/ /g, " +") : escapeRe(p);
      return;
    }
    const next = layout[i + 1];
    // A field ends at the next literal's first byte; the last at a space or a tab.
    const stop = typeof next === "string" ? escapeRe(next[0]) : " \\t";
    const word = `([^${stop}\\n]+)`;
    re += {
      w: word,
      n: "(-|[0-9]+)",
      d: "(-|-?[0-9]+(?:\\.[0-9]+)?)",
      q: QUOTED,
      Q: QUOTED,
      b: "([^\\]\\n]+)",
      t: "([0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} [+-][0-9]{4})",
    }[p[1]];
  });
  return new RegExp(`${re}(?:[ \\t][\\s\\S]*)?$`);
}

/** A record as the reference reads it: its fields by common name (null: none), the request's parts as logged. */
interface RefRecord {
  fields: Record<string, string | null>;
  /** The method and the target as URL text, and the origin of the line's virtual host ("" for none). */
  method: string | null;
  target: string | null;
  origin: string;
}

const none = (v: string | null | undefined) => (v === undefined || v === null || v === "-" ? null : v);

/** The method, target and version of a request line, at its first and last space. */
function requestSplit(request: string): { method: string; target: string; version: string | null } | null {
  const first = request.indexOf(" ");
  if (first <= 0) return null;
  const last = request.lastIndexOf(" ");
  const target = request.slice(first + 1, last > first ? last : undefined).replace(/^ +| +$/g, "");
  return { method: request.slice(0, first), target, version: last > first ? request.slice(last + 1) : null };
}

export interface Reference {
  /** An access-log field with Apache's and nginx's escapes undone, as text and as URL text. */
  unescape(field: string): string;
  unescapeUrl(field: string): string;
  parse(input: string, base?: string): { href: string } | null;
  base: string;
}

/** The record of a line of a layout format; null where the line does not match. */
function layoutRecord(format: Format, line: string, ref: Reference, definition?: Definition): RefRecord | null {
  const layout = layoutOf(format, definition);
  const m = layoutRegExp(layout, format === "squid").exec(line);
  if (m === null) return null;
  const raw: Record<string, string> = {};
  const kinds: Record<string, Kind> = {};
  let k = 1;
  for (const p of layout) {
    if (typeof p === "string") continue;
    raw[p[0]] = m[k++];
    kinds[p[0]] = p[1];
  }
  const fields: Record<string, string | null> = {};
  for (const [name, v] of Object.entries(raw)) {
    // Apache's and nginx's quoted fields are unescaped; an empty field of a vendor's format is none.
    fields[name] = kinds[name] === "q" ? none(ref.unescape(v)) : kinds[name] === "Q" && v === "" ? null : none(v);
  }
  // Without a request line: the method field, GET where it is none (as a W3C line's).
  let method: string | null = fields.method ?? "GET";
  let targetText = fields.target ?? null;
  if (raw.request !== undefined) {
    const parts = requestSplit(raw.request);
    const text = (s: string | null | undefined) =>
      s === null || s === undefined ? null : kinds.request === "q" ? ref.unescape(s) : s;
    fields.method = none(text(parts?.method));
    fields.target = none(text(parts?.target));
    method = parts === null ? null : parts.method;
    targetText = parts === null ? null : kinds.request === "q" ? ref.unescapeUrl(parts.target) : parts.target;
  }
  // A query field of its own: after the target and a "?" where it holds anything (its text in the target field).
  if (typeof fields.target === "string" && fields.query) fields.target += `?${fields.query}`;
  if (raw.request === undefined && kinds.target === "q" && targetText !== null) {
    // A target nginx escapes: the request line the command makes of the fields, "METHOD target?query HTTP/1.1",
    // is split at its first and last space (spaces around the target dropped), then unescaped as a URL's.
    const query = raw.query === undefined || raw.query === "" || raw.query === "-" ? "" : `?${raw.query}`;
    targetText = ref.unescapeUrl(`${raw.target}${query}`.replace(/^ +| +$/g, ""));
  }
  if (fields["client:port"] !== undefined) {
    const c = fields["client:port"];
    fields.client = c === null ? null : c.lastIndexOf(":") < 0 ? c : c.slice(0, c.lastIndexOf(":"));
  }
  const vhost = fields.vhost ?? null;
  const port = fields.port ?? null;
  const origin = vhost === null ? "" : `https://${port === null || vhost.includes(":") ? vhost : `${vhost}:${port}`}`;
  return { fields, method, target: targetText, origin };
}

/** The bytes a CloudFront value stands for: each %XX the byte, the text between as UTF-8 (a "%" without two hex digits is itself). */
function cloudFrontBytes(v: string): number[] {
  return v
    .split(/(%[0-9a-f]{2})/i)
    .flatMap((piece) =>
      /^%[0-9a-f]{2}$/i.test(piece) ? [Number.parseInt(piece.slice(1), 16)] : [...Buffer.from(piece, "utf8")],
    );
}

/** A CloudFront value as text: its bytes as UTF-8. */
const cloudFrontText = (v: string) => new TextDecoder().decode(Uint8Array.from(cloudFrontBytes(v)));

/** A CloudFront target as a URL parser may take it: ASCII bytes as characters, the others as %XX (which the parser would write for them). */
const cloudFrontTarget = (v: string) =>
  cloudFrontBytes(v)
    .map((b) => (b < 0x80 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`))
    .join("");

/** The W3C fields whose "+" IIS writes for a space: text of words, no URL. */
const IIS_PLUS_SPACES = new Set(["cs-username", "cs(User-Agent)"]);

/** A W3C value as IIS writes it, as text. */
const iisText = (v: string, name: string) => (IIS_PLUS_SPACES.has(name) ? v.split("+").join(" ") : v);

/** The record of a W3C line with the fields `names` (W3C names, of these kinds), split at `separator`; `decoded` maps each value as written (of field `name`) to its text. */
function w3cRecord(
  names: string[],
  commons: Record<string, string>,
  kinds: Record<string, Kind>,
  line: string,
  separator: string,
  decoded: (v: string, name: string) => string,
): RefRecord | null {
  const values = line.split(separator);
  if (values.length < names.length || values.slice(0, names.length).some((v) => v === "")) return null;
  const numbers: Partial<Record<Kind, RegExp>> = { n: /^(?:-|[0-9]+)$/, d: /^(?:-|-?[0-9]+(?:\.[0-9]+)?)$/ };
  if (names.some((n, i) => numbers[kinds[n]]?.test(values[i]) === false)) return null;
  // Fields beyond the directive's are the server's additions, after a separator.
  const byCommon: Record<string, string | null> = {};
  names.forEach((n, i) => {
    byCommon[commons[n] ?? n] = none(values[i]) === null ? null : none(decoded(values[i], n));
  });
  const { stem, query, date, clock } = byCommon;
  const fields: Record<string, string | null> = { ...byCommon };
  fields.target =
    stem === null || stem === undefined ? null : query === null || query === undefined ? stem : `${stem}?${query}`;
  // The date and the time of day; either alone where the directive names one.
  fields.time =
    date !== undefined && clock !== undefined
      ? date === null || clock === null
        ? null
        : `${date} ${clock}`
      : (date ?? clock ?? null);
  const vhost = byCommon.vhost ?? null;
  return {
    fields,
    method: byCommon.method ?? "GET",
    target: fields.target,
    origin: vhost === null ? "" : `https://${vhost}`,
  };
}

/** The record of a line of Caddy's JSON log. */
function caddyRecord(line: string): RefRecord | null {
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    return null;
  }
  const request = (o as { request?: unknown } | null)?.request;
  if (typeof o !== "object" || o === null || typeof request !== "object" || request === null) return null;
  const r = request as {
    method?: string;
    uri?: string;
    host?: string;
    tls?: object;
    headers?: Record<string, string[]>;
  };
  const j = o as { status?: number; duration?: number };
  const fields = {
    time: String((o as { ts?: number }).ts),
    method: r.method ?? null,
    target: r.uri ?? null,
    status: j.status === undefined ? null : String(j.status),
    agent: r.headers?.["User-Agent"]?.[0] ?? null,
    vhost: r.host ?? null,
    duration: j.duration === undefined ? null : String(j.duration),
  };
  // With TLS https; without, --base's scheme, which is https too.
  return {
    fields,
    method: fields.method ?? "GET",
    target: fields.target,
    origin: r.host === undefined ? "" : `https://${r.host}`,
  };
}

/** The W3C names of the fields with a common name, and the numbers among them (IIS's default fields' too). */
const W3C_COMMONS: Record<string, string> = Object.fromEntries(W3C_FIELDS.flat().map(([n, c]) => [n, c]));
const W3C_KINDS: Record<string, Kind> = {
  ...Object.fromEntries(W3C_FIELDS.flat().map(([n, , k]) => [n, k])),
  "s-port": "n",
  "sc-substatus": "n",
  "sc-win32-status": "n",
};

/** A record's URL: its request target by its form (RFC 9112 section 3.2) against its origin, else the base. */
function refHref(ref: Reference, r: RefRecord): string | null {
  const { method, target } = r;
  if (method === null || target === null || target === "" || target === "-" || target === "*") return null;
  const base = r.origin !== "" && ref.parse(`${r.origin}/`) !== null ? `${r.origin}/` : ref.base;
  if (method === "CONNECT") {
    return /^(\[[^\]\s]*\]|[^\s/?#@[\]\\:]+):\d+$/.test(target) ? (ref.parse(`//${target}`, base)?.href ?? null) : null;
  }
  if (target.startsWith("/")) return ref.parse(`/.${target}`, base)?.href ?? null;
  return ref.parse(target)?.href ?? null;
}

/** The rows of a format's text (lines split and numbered by the caller), each with its fields by common name. */
export function formatReference(
  format: Format,
  lines: { n: number; line: string }[],
  ref: Reference,
  definition?: Definition,
): { line: number; text: string; href: string | null; fields: Record<string, string | null> }[] {
  let w3cNames: string[] | null = [
    "date",
    "time",
    "s-ip",
    "cs-method",
    "cs-uri-stem",
    "cs-uri-query",
    "s-port",
    "cs-username",
    "c-ip",
    "cs(User-Agent)",
    "cs(Referer)",
    "sc-status",
    "sc-substatus",
    "sc-win32-status",
    "time-taken",
  ];
  const rows = [];
  for (const { n, line } of lines) {
    if (/^[ \t]*$/.test(line)) continue;
    // Cloud Storage's header line is no record.
    if (format === "cloudstorage" && line.startsWith('"time_micros"')) continue;
    if (format === "w3c" || format === "cloudfront") {
      if (line.startsWith("#")) {
        if (format === "w3c" && line.startsWith("#Fields:")) {
          const names = line
            .slice(8)
            .trim()
            .split(/\s+/)
            .filter((n) => n !== "");
          // A directive that names a field twice: no line matches until the next.
          if (names.length > 0) w3cNames = new Set(names).size === names.length ? names : null;
        }
        continue;
      }
    }
    let r: RefRecord | null;
    if (format === "w3c")
      r = w3cNames === null ? null : w3cRecord(w3cNames, W3C_COMMONS, W3C_KINDS, line, " ", iisText);
    else if (format === "cloudfront") {
      const names = CLOUDFRONT_FIELDS.map(([name]) => name);
      r = w3cRecord(names, {}, Object.fromEntries(CLOUDFRONT_FIELDS), line, "\t", cloudFrontText);
      // CloudFront writes every value URL-encoded: the target the URL is made of is the bytes they stand for.
      if (r !== null) {
        const values = line.split("\t");
        const [stem, query] = ["stem", "query"].map((n) => none(values[names.indexOf(n)]));
        r.target = stem === null ? null : cloudFrontTarget(query === null ? stem : `${stem}?${query}`);
      }
      // CloudFront's scheme is the line's own (cs-protocol).
      if (r !== null && r.fields.vhost !== null)
        r.origin = `${["http", "https"].includes(r.fields.scheme ?? "") ? r.fields.scheme : "https"}://${r.fields.vhost}`;
    } else if (format === "caddy") r = caddyRecord(line);
    else r = layoutRecord(format, line, ref, definition);
    const fields = Object.fromEntries(COMMON_FIELDS.map((k) => [k, r === null ? null : (r.fields[k] ?? null)]));
    rows.push({ line: n, text: line, href: r === null ? null : refHref(ref, r), fields });
  }
  return rows;
}
