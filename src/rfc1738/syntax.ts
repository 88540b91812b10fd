// The scheme-specific syntax of RFC 1738 section 5, one rule per scheme.
//
// A rule runs after the kernel's pass (analyze.ts), which has checked every
// character, the scheme, and the host and port of "//" URLs. What is left is
// structure, and which of the reserved characters ";" "/" "?" ":" "@" "&" "="
// each production lets stand unencoded ("If the character corresponding to an
// octet is reserved in a scheme, the octet must be encoded", section 2.2).
// A rule returns the parts of the URL (docs/api.md section 4), or records one
// complaint and returns null.

import * as L from "../../assembly/layout.js";
import * as R from "../../assembly/rfc1738/records.js";
import type { Analysis, Finding } from "./analyze.js";
import { fromFinding, show, type Diagnostic, type DiagnosticCode } from "./diagnostics.js";
import { asciiLower, defaultPort } from "./schemes.js";

/** What every shape may carry besides its scheme's parts. */
export interface PartsNotes {
  /** Present when the input had RFC 1738's "URL:" prefix, which was taken off. */
  prefixed?: true;
  /**
   * Present when the URL is read by a rule RFC 1738 does not make: a form of
   * RFC 1630 or the 1994 draft, or a caution of RFC 1738 section 6. Each note
   * says which document, and what RFC 1738 makes of it.
   */
  notes?: string[];
}

export interface FtpParts extends PartsNotes {
  scheme: "ftp";
  user: string | null;
  password: string | null;
  host: string;
  port: number;
  /** Each CWD argument, decoded one by one ("%2F" stays inside its segment). */
  cwd: string[];
  name: string;
  typecode: "a" | "i" | "d" | null;
  /**
   * A transfer type of a historical form, upper-cased: RFC 1630's
   * ftptype = A formcode | E formcode | I | L digits after ";type=", or the
   * 1994 draft's "!" ftptype suffix (which RFC 1738 leaves in the name).
   */
  ftptype?: string;
}
export interface HttpParts extends PartsNotes {
  scheme: "http" | "https";
  host: string;
  port: number;
  /** As written, starting with "/", or '' when absent. */
  path: string;
  /** As written, without "?", or null. */
  search: string | null;
}
export interface GopherParts extends PartsNotes {
  scheme: "gopher";
  host: string;
  port: number;
  type: string;
  selector: string;
  search: string | null;
  gopherPlus: string | null;
}
export interface MailtoParts extends PartsNotes {
  scheme: "mailto";
  address: string;
  headers: [string, string][];
}
export interface NewsParts extends PartsNotes {
  scheme: "news";
  group: string | null;
  article: string | null;
}
export interface NntpParts extends PartsNotes {
  scheme: "nntp";
  /** '' for the 1994 draft's host-less "nntp:" group "/" digits. */
  host: string;
  port: number;
  group: string;
  article: number | null;
}
/** telnet, and the 1994 draft's rlogin and tn3270: "TELNET, RLOGIN, TN3270", one syntax. */
export interface TelnetParts extends PartsNotes {
  scheme: "telnet" | "rlogin" | "tn3270";
  user: string | null;
  password: string | null;
  host: string;
  port: number;
}
export interface WaisParts extends PartsNotes {
  scheme: "wais";
  host: string;
  port: number;
  database: string;
  search: string | null;
  wtype: string | null;
  wpath: string | null;
}
export interface FileParts extends PartsNotes {
  scheme: "file";
  host: string;
  isLocal: boolean;
  path: string;
  /** The path's segments, each decoded by itself (so "a%2Fb" stays one segment), without the leading "/". */
  segments: string[];
}
export interface ProsperoParts extends PartsNotes {
  scheme: "prospero";
  host: string;
  port: number;
  hsoname: string;
  fields: [string, string][];
  /** The draft's hsoname "%00" version ["%00" attributes]: RFC 1738 keeps them in the hsoname. */
  version?: string;
  attributes?: string[];
}
/** The 1994 draft's "mid:" addr-spec, a message identifier. */
export interface MidParts extends PartsNotes {
  scheme: "mid";
  messageId: string;
}
/** The 1994 draft's "cid:" content-identifier, a MIME body part's Content-ID. */
export interface CidParts extends PartsNotes {
  scheme: "cid";
  contentId: string;
}
/** The 1994 draft's "afs://" cellname "/" path, "left in as historical note". */
export interface AfsParts extends PartsNotes {
  scheme: "afs";
  cell: string;
  path: string;
  segments: string[];
}
export type SchemeSpecificParts =
  | FtpParts
  | HttpParts
  | GopherParts
  | MailtoParts
  | NewsParts
  | NntpParts
  | TelnetParts
  | WaisParts
  | FileParts
  | ProsperoParts
  | MidParts
  | CidParts
  | AfsParts;

/** What rules need from the kernel besides the analysis. */
export interface RuleTools {
  /** Percent-decode a value (the identity when only checking). */
  decode(s: string): string;
  /** host = hostname | hostnumber for a host outside the authority: null, or where and why not. */
  checkHost(host: string): Finding | null;
  /**
   * Whether forms RFC 1738 does not make are read, with a note (schemeParts
   * with `lenient`), rather than failed (validate, schemeParts).
   */
  lenient: boolean;
}

const RESERVED = ";/?:@&=";
// Which reserved characters each production of section 5 lets stand, beside uchar.
/** user = password = *[ uchar | ";" | "?" | "&" | "=" ] */
const LOGIN = ";?&=";
/** fsegment = psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ] */
const FSEGMENT = "?:@&=";
/** search = *[ uchar | ";" | ":" | "@" | "&" | "=" ] */
const SEARCH = ";:@&=";
/** fieldname = fieldvalue = *[ uchar | "?" | ":" | "@" | "&" ] */
const FIELD = "?:@&";
/** database = wtype = wpath = *uchar */
const UCHAR = "";
/** group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ] */
const GROUP = /^[A-Za-z][A-Za-z0-9\-.+_]*/;
/** RFC 1630: ftptype = A formcode | E formcode | I | L digits; formcode = N | T | C. */
const RFC1630_FTPTYPE = /^(?:[AE][NTC]|L[0-9]+)$/i;
/** The 1994 draft: ftpaddress = f t p : / / login / path [ ! ftptype ]; ftptype = A | I | D. */
const DRAFT_FTPTYPE = /!([AID])$/i;
/** An escaped CR or LF ("%0D", "%0A"), the delimiters RFC 1738 section 6 warns of. */
const ESCAPED_LINE_BREAK = /%0[AD]/i;
/** The draft's prospero hsoname [ %00 version [ attributes ] ]. */
const ESCAPED_NUL = "%00";

/** Index of `s` in input[from, end), or `end`. */
function find(input: string, s: string, from: number, end: number): number {
  const i = input.indexOf(s, from);
  return i === -1 || i + s.length > end ? end : i;
}

/** One rule at work on one URL. */
export class Rule {
  complaint: Diagnostic | null = null;
  readonly notes: string[] = [];
  readonly input: string;
  readonly scheme: string;
  readonly decode: (s: string) => string;

  constructor(
    readonly a: Analysis,
    readonly tools: RuleTools,
  ) {
    this.input = a.input;
    this.scheme = a.scheme ?? "";
    this.decode = tools.decode;
  }

  /** Record a complaint (scheme-syntax unless said); returns null for the rule to return. */
  fail(index: number, message: string, code: DiagnosticCode = "scheme-syntax"): null {
    this.complaint = { index, code, message: `${this.scheme}: ${message}` };
    return null;
  }

  /** Note how the URL was read (schemeParts' `notes`). */
  note(message: string): void {
    this.notes.push(message);
  }

  /**
   * A form RFC 1738 does not make, or one its section 6 cautions against:
   * noted when lenient, a complaint otherwise. Returns whether to go on.
   */
  tolerate(index: number, message: string, code: DiagnosticCode = "scheme-syntax"): boolean {
    if (this.tools.lenient) {
      this.note(message);
      return true;
    }
    this.fail(index, message, code);
    return false;
  }

  /** Where the url-path starts: after the host and port. */
  get pathStart(): number {
    return this.a.at(L.SPLIT_PATH_START);
  }

  /** Where the scheme-specific part starts: after the ":". */
  get opaqueStart(): number {
    return this.a.colon + 1;
  }

  /** Where the URL ends: before a fragment. */
  get end(): number {
    return this.a.end;
  }

  /** Whether a url-path starting with "/" follows the host; if not, a complaint: `expected`. */
  slashAfterHost(expected: string): boolean {
    const start = this.pathStart;
    if (start < this.end && this.input[start] === "/") return true;
    this.fail(start, expected);
    return false;
  }

  /**
   * The common Internet scheme syntax, "//" login (section 3.1), for the
   * schemes built on it; `login` says whether user and password may appear.
   */
  common(login: boolean): boolean {
    const { a, scheme } = this;
    if (!a.hasAuthority) {
      this.fail(this.opaqueStart, `the URL starts "${scheme}://" (RFC 1738 section 5)`);
      return false;
    }
    const user = a.at(L.SPLIT_USER_START);
    if (user === L.NONE) return true;
    if (!login) {
      this.fail(user, `no user name or password is allowed, only "${scheme}://" hostport (RFC 1738 section 5)`);
      return false;
    }
    // "Within the user and password field, any ":", "@", or "/" must be encoded."
    return (
      this.allow(user, a.at(L.SPLIT_USER_END), LOGIN, "user name") &&
      (a.at(L.SPLIT_PASS_START) === L.NONE ||
        this.allow(a.at(L.SPLIT_PASS_START), a.at(L.SPLIT_PASS_END), LOGIN, "password"))
    );
  }

  /** Complain about the first reserved character in input[start, end) that the production does not allow. */
  allow(start: number, end: number, allowed: string, production: string): boolean {
    for (let i = start; i < end; i++) {
      const c = this.input[i];
      if (RESERVED.includes(c) && !allowed.includes(c)) {
        this.fail(i, `${show(c)} is reserved in the ${production} and must be encoded (RFC 1738 section 5)`);
        return false;
      }
    }
    return true;
  }

  /** group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ] over input[start, end). */
  group(start: number, end: number): boolean {
    const name = this.input.slice(start, end);
    const ok = GROUP.exec(name)?.[0].length ?? 0;
    if (ok > 0 && ok === name.length) return true;
    const at = start + ok;
    this.fail(
      at,
      ok === 0
        ? `a newsgroup name starts with a letter (RFC 1738 section 5, group)`
        : `${show(this.input[at])} cannot appear in a newsgroup name: letters, digits, "-", ".", "+", "_" (RFC 1738 section 5)`,
    );
    return false;
  }

  /** The host, lower-cased. */
  get host(): string {
    return asciiLower(this.a.parts.host ?? "");
  }

  /** The port, or the scheme's default. */
  get port(): number {
    const port = this.a.parts.port;
    return port ? Number(port) : (defaultPort(this.scheme) ?? 0);
  }

  /** The segments of the path input[start, end), which starts with "/", each decoded by itself. */
  segments(start: number, end: number): string[] {
    return this.input
      .slice(start + 1, end)
      .split("/")
      .map(this.decode);
  }

  /** A decoded login field, null when absent. */
  login(s: string | null): string | null {
    return s === null ? null : this.decode(s);
  }
}

// ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
// fpath = fsegment *[ "/" fsegment ]; ftptype = "A" | "I" | "D" | "a" | "i" | "d"
function ftp(r: Rule): FtpParts | null {
  if (!r.common(true)) return null;
  const { input } = r;
  let start = r.pathStart;
  let end = r.end;
  let typecode: FtpParts["typecode"] = null;
  let ftptype: string | undefined;
  let cwd: string[] = [];
  let name = "";
  if (start < end) {
    if (input[start] !== "/") return r.fail(start, `the url-path follows a "/" (RFC 1738 section 3.1)`);
    start++;
    // "Within a name or CWD component, the characters "/" and ";" are reserved
    // and must be encoded": a ";" can only start ";type=".
    const semi = find(input, ";", start, end);
    if (semi < end) {
      const code = semi + ";type=".length;
      if (!input.startsWith(";type=", semi)) {
        return r.fail(
          semi,
          `";" is reserved in a path segment: only ";type=" may follow the name (RFC 1738 section 3.2.2)`,
        );
      }
      const written = input.slice(code, end);
      if (RFC1630_FTPTYPE.test(written)) {
        const message = `";type=${written}" is an ftptype of RFC 1630 (A formcode | E formcode | I | L digits); RFC 1738 section 3.2.2 has only "a", "i" and "d"`;
        if (!r.tolerate(code, message)) return null;
        ftptype = written.toUpperCase();
        // TYPE A with a format code is still ASCII.
        typecode = ftptype[0] === "A" ? "a" : null;
      } else if (code >= end || !"aidAID".includes(input[code])) {
        return r.fail(code, `the typecode is one of the characters "a", "i", or "d" (RFC 1738 section 3.2.2)`);
      } else if (code + 1 < end) {
        return r.fail(code + 1, `nothing follows ";type=" and its typecode (RFC 1738 section 5)`);
      } else {
        typecode = input[code].toLowerCase() as FtpParts["typecode"];
      }
      end = semi;
    } else {
      const draft = DRAFT_FTPTYPE.exec(input.slice(start, end));
      if (draft) {
        r.note(
          `"!${draft[1]}" would be the transfer type in the 1994 draft (ftpaddress = ... path [ ! ftptype ]); RFC 1738 section 3.2.2 keeps it in the name`,
        );
        ftptype = draft[1].toUpperCase();
      }
    }
    // "Each of the <cwd> elements is to be supplied, sequentially, as the
    // argument to a CWD": each segment is decoded by itself.
    const segments = input.slice(start, end).split("/").map(r.decode);
    name = segments.pop() ?? "";
    cwd = segments;
  }
  const { a } = r;
  return {
    scheme: "ftp",
    user: r.login(a.parts.user),
    password: r.login(a.parts.password),
    host: r.host,
    port: r.port,
    cwd,
    name,
    typecode,
    ...(ftptype === undefined ? {} : { ftptype }),
  };
}

// httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
// hpath = hsegment *[ "/" hsegment ]; hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
function http(r: Rule): HttpParts | null {
  if (!r.common(false)) return null;
  const { input } = r;
  const start = r.pathStart;
  const end = r.end;
  const scheme = r.scheme as HttpParts["scheme"];
  if (start === end) return { scheme, host: r.host, port: r.port, path: "", search: null };
  if (input[start] !== "/") {
    return r.fail(start, `the path and search follow a "/": http://host/path?search (RFC 1738 section 3.3)`);
  }
  const q = find(input, "?", start, end);
  let search: string | null = null;
  if (q < end) {
    if (!r.allow(q + 1, end, SEARCH, "search")) return null;
    search = input.slice(q + 1, end);
  }
  return { scheme, host: r.host, port: r.port, path: input.slice(start, q), search };
}

// gopherurl = "gopher://" hostport [ / [ gtype [ selector
//             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
// "Within the <gopher-path>, no characters are reserved."
function gopher(r: Rule): GopherParts | null {
  if (!r.common(false)) return null;
  const { input } = r;
  let start = r.pathStart;
  const end = r.end;
  const base = { scheme: "gopher" as const, host: r.host, port: r.port };
  if (start < end) {
    if (input[start] !== "/") return r.fail(start, `the gopher-path follows a "/" (RFC 1738 section 3.4.1)`);
    start++;
  }
  // "The entire <gopher-path> may also be empty, in which case the delimiting
  // "/" is also optional and the <gophertype> defaults to "1"."
  if (start === end) return { ...base, type: "1", selector: "", search: null, gopherPlus: null };
  // The draft's gopheraddress = ... [ / gtype [ selector ] ] [ ? search ]:
  // RFC 1738 reserves nothing in the gopher-path, so a "?" is selector data.
  const q = find(input, "?", start, end);
  if (q < end)
    r.note(
      `"?" would start a search in the 1994 draft's gopheraddress; RFC 1738 section 3.4.1 keeps it in the selector ("%09" starts the search)`,
    );
  // gtype = xchar: one character, or one escape.
  const typeEnd = Math.min(input[start] === "%" ? start + 3 : start + 1, end);
  // The selector, search and gopher+ string are split on "%09" before decoding.
  const tab1 = find(input, "%09", typeEnd, end);
  const tab2 = tab1 < end ? find(input, "%09", tab1 + 3, end) : end;
  // Section 6: "Care should be taken when URLs contain embedded encoded
  // delimiters for a given protocol (for example, CR and LF characters for
  // telnet protocols)": a CR or LF in the selector or search ends the gopher
  // request and starts another command ("gopher URLs to cause a rude message
  // to be sent via a SMTP server"). The gopher+ string may hold them: the
  // data block of an electronic form (section 3.4.9) is lines.
  const lineBreak = input.slice(start, tab2).search(ESCAPED_LINE_BREAK);
  if (lineBreak !== -1) {
    const message = `an escaped CR or LF in the selector or search ends the gopher request and sends what follows as another command (RFC 1738 section 6)`;
    if (!r.tolerate(start + lineBreak, message, "unsafe-selector")) return null;
  }
  return {
    ...base,
    type: r.decode(input.slice(start, typeEnd)),
    selector: r.decode(input.slice(typeEnd, tab1)),
    search: tab1 < end ? r.decode(input.slice(tab1 + 3, tab2)) : null,
    gopherPlus: tab2 < end ? r.decode(input.slice(tab2 + 3, end)) : null,
  };
}

// mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar
// with the header fields of RFC 6068: hfields = "?" hfield *( "&" hfield ),
// hfield = hfname "=" hfvalue, both *qchar (no "/", "?", "=" unencoded).
function mailto(r: Rule): MailtoParts | null {
  const { input } = r;
  const start = r.opaqueStart;
  const end = r.end;
  if (start === end)
    return r.fail(start, `an address follows "mailto:" (RFC 1738 section 5, encoded822addr = 1*xchar)`);
  const q = find(input, "?", start, end);
  const headers: [string, string][] = [];
  // Each field runs from after "?" or "&" to the next "&".
  for (let i = q + 1; i <= end && q < end; ) {
    const fieldEnd = find(input, "&", i, end);
    const eq = find(input, "=", i, fieldEnd);
    if (eq === fieldEnd) return r.fail(i, `a header field is hfname "=" hfvalue (RFC 6068 section 2)`);
    for (let j = i; j < fieldEnd; j++) {
      if (j !== eq && "/?=".includes(input[j])) {
        return r.fail(j, `${show(input[j])} must be encoded in a mailto header field (RFC 6068 section 2, qchar)`);
      }
    }
    headers.push([r.decode(input.slice(i, eq)), r.decode(input.slice(eq + 1, fieldEnd))]);
    i = fieldEnd + 1;
  }
  return { scheme: "mailto", address: r.decode(input.slice(start, q)), headers };
}

// newsurl = "news:" grouppart; grouppart = "*" | group | article
// article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
// "A message identifier may be distinguished from a news group name by the
// presence of the commercial at "@" character."
function news(r: Rule): NewsParts | null {
  const { input } = r;
  const start = r.opaqueStart;
  const end = r.end;
  if (start === end) return r.fail(start, `a group, an article or "*" follows "news:" (RFC 1738 section 3.6)`);
  if (end - start === 1 && input[start] === "*") return { scheme: "news", group: "*", article: null };
  const at = find(input, "@", start, end);
  if (at === end) return r.group(start, end) ? { scheme: "news", group: input.slice(start, end), article: null } : null;
  if (at === start) return r.fail(at, `a message-id is <unique>@<full_domain_name> (RFC 1738 section 3.6)`);
  const host = input.slice(at + 1, end);
  const bad: Finding | null = host === "" ? { index: 0, finding: R.HOST_MISSING } : r.tools.checkHost(host);
  if (bad) {
    r.complaint = fromFinding(input, { index: at + 1 + bad.index, finding: bad.finding });
    return null;
  }
  return { scheme: "news", group: null, article: r.decode(input.slice(start, end)) };
}

// nntpurl = "nntp://" hostport "/" group [ "/" digits ]
// and the 1994 draft's nntpaddress = n n t p : group / digits, with no host.
function nntp(r: Rule): NntpParts | null {
  const { input } = r;
  const end = r.end;
  let group: number;
  if (r.a.hasAuthority || !GROUP.test(input.slice(r.opaqueStart, end))) {
    if (!r.common(false)) return null;
    if (!r.slashAfterHost("a group follows the host: nntp://host/group (RFC 1738 section 3.7)")) return null;
    group = r.pathStart + 1;
  } else {
    const message = `no host: the 1994 draft's nntpaddress = n n t p : group / digits; RFC 1738 section 3.7 has nntp://<host>:<port>/<newsgroup-name>/<article-number>`;
    if (!r.tolerate(r.opaqueStart, message)) return null;
    group = r.opaqueStart;
  }
  const slash = find(input, "/", group, end);
  if (!r.group(group, slash)) return null;
  let article: number | null = null;
  if (slash < end) {
    const digits = input.slice(slash + 1, end);
    const bad = digits === "" ? 0 : digits.search(/\D/);
    if (bad !== -1) {
      return r.fail(slash + 1 + bad, `the article number is decimal digits (RFC 1738 section 5: "/" digits)`);
    }
    article = Number(digits);
    // A number is exact up to 2^53 - 1; larger digits are not given as another number.
    if (!Number.isSafeInteger(article)) {
      return r.fail(
        slash + 1,
        `the article number ${digits} is above 2^53 - 1 and cannot be given exactly (RFC 1738 section 5: "/" digits)`,
      );
    }
  }
  return { scheme: "nntp", host: r.host, port: r.port, group: input.slice(group, slash), article };
}

// telneturl = "telnet://" login [ "/" ]; the 1994 draft's "TELNET, RLOGIN,
// TN3270" share it.
function telnet(r: Rule): TelnetParts | null {
  if (!r.common(true)) return null;
  const { input, a } = r;
  const start = r.pathStart;
  const end = r.end;
  if (start < end && (input[start] !== "/" || end > start + 1)) {
    return r.fail(
      input[start] === "/" ? start + 1 : start,
      `nothing but a final "/" follows the host (RFC 1738 section 3.8)`,
    );
  }
  const scheme = r.scheme as TelnetParts["scheme"];
  return { scheme, user: r.login(a.parts.user), password: r.login(a.parts.password), host: r.host, port: r.port };
}

// waisurl      = waisdatabase | waisindex | waisdoc
// waisdatabase = "wais://" hostport "/" database
// waisindex    = "wais://" hostport "/" database "?" search
// waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
function wais(r: Rule): WaisParts | null {
  if (!r.common(false) || !r.slashAfterHost("a database follows the host: wais://host/database (RFC 1738 section 3.9)"))
    return null;
  const { input } = r;
  const start = r.pathStart;
  const end = r.end;
  const base = { scheme: "wais" as const, host: r.host, port: r.port };
  const db = start + 1;
  const q = find(input, "?", db, end);
  if (q < end) {
    if (!r.allow(db, q, UCHAR, "database") || !r.allow(q + 1, end, SEARCH, "search")) return null;
    return {
      ...base,
      database: r.decode(input.slice(db, q)),
      search: r.decode(input.slice(q + 1, end)),
      wtype: null,
      wpath: null,
    };
  }
  const s1 = find(input, "/", db, end);
  if (!r.allow(db, s1, UCHAR, "database")) return null;
  if (s1 === end) return { ...base, database: r.decode(input.slice(db, end)), search: null, wtype: null, wpath: null };
  const s2 = find(input, "/", s1 + 1, end);
  if (s2 === end) return r.fail(end, `a document URL is wais://host/database/wtype/wpath (RFC 1738 section 3.9)`);
  if (!r.allow(s1 + 1, s2, UCHAR, "wtype") || !r.allow(s2 + 1, end, UCHAR, "wpath")) return null;
  return {
    ...base,
    database: r.decode(input.slice(db, s1)),
    search: null,
    wtype: r.decode(input.slice(s1 + 1, s2)),
    wpath: r.decode(input.slice(s2 + 1, end)),
  };
}

// fileurl = "file://" [ host | "localhost" ] "/" fpath
function file(r: Rule): FileParts | null {
  if (!r.common(false)) return null;
  const { input, a } = r;
  if (a.parts.port !== null)
    return r.fail(
      a.at(L.SPLIT_PORT_START) - 1,
      `no port: "file://" [ host | "localhost" ] "/" fpath (RFC 1738 section 5)`,
    );
  if (!r.slashAfterHost("a path follows the host: file://host/path (RFC 1738 section 3.10)")) return null;
  const start = r.pathStart;
  const end = r.end;
  if (!r.allow(start, end, FSEGMENT + "/", "path")) return null;
  // "As a special case, <host> can be the string "localhost" or the empty
  // string; this is interpreted as `the machine from which the URL is being
  // interpreted'."
  const host = r.host;
  return {
    scheme: "file",
    host,
    isLocal: host === "" || host === "localhost",
    path: r.decode(input.slice(start, end)),
    segments: r.segments(start, end),
  };
}

// prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
// ppath = psegment *[ "/" psegment ]; fieldspec = ";" fieldname "=" fieldvalue
function prospero(r: Rule): ProsperoParts | null {
  if (
    !r.common(false) ||
    !r.slashAfterHost("an hsoname follows the host: prospero://host/hsoname (RFC 1738 section 3.11)")
  )
    return null;
  const { input } = r;
  const start = r.pathStart;
  const end = r.end;
  // "The semicolon ";" is reserved and may not appear without quoting in the
  // <hsoname>": the first one starts the fields.
  const hsoEnd = find(input, ";", start + 1, end);
  const fields: [string, string][] = [];
  for (let i = hsoEnd; i < end; ) {
    const fieldEnd = find(input, ";", i + 1, end);
    const eq = find(input, "=", i + 1, fieldEnd);
    if (eq === fieldEnd) return r.fail(i + 1, `a field is ";" fieldname "=" fieldvalue (RFC 1738 section 3.11)`);
    if (!r.allow(i + 1, eq, FIELD, "field name") || !r.allow(eq + 1, fieldEnd, FIELD, "field value")) return null;
    fields.push([r.decode(input.slice(i + 1, eq)), r.decode(input.slice(eq + 1, fieldEnd))]);
    i = fieldEnd;
  }
  const hsoname = input.slice(start + 1, hsoEnd);
  const parts: ProsperoParts = { scheme: "prospero", host: r.host, port: r.port, hsoname: r.decode(hsoname), fields };
  // The 1994 draft: hsoname [ %00 version [ attributes ] ], "separated from the
  // host specific object name by the characters "%00" (percent zero zero)".
  const nul = hsoname.indexOf(ESCAPED_NUL);
  if (nul === -1) return parts;
  r.note(
    `"%00" starts the version and attributes in the 1994 draft (prosperolink = ... hsoname [ %00 version [ attributes ] ]); RFC 1738 section 3.11 keeps them in the hsoname`,
  );
  const [version, ...attributes] = hsoname
    .slice(nul + ESCAPED_NUL.length)
    .split(ESCAPED_NUL)
    .map(r.decode);
  return { ...parts, version, attributes };
}

// The 1994 draft: midaddress = m i d : addr-spec; cidaddress = c i d :
// content-identifier, which is a msg-id too (RFC 1521 section 6.1: "Content-ID"
// takes msg-id, as "Message-ID" does in RFC 822 section 4.6.1): an addr-spec,
// local-part "@" domain.
function addrSpec(r: Rule): string | null {
  const { input } = r;
  const start = r.opaqueStart;
  const end = r.end;
  const at = input.lastIndexOf("@", end - 1);
  if (at <= start)
    return r.fail(start, `an identifier is an addr-spec, local-part "@" domain (1994 draft; RFC 822 section 6.1)`);
  if (at === end - 1) return r.fail(end, `a domain follows the "@" (1994 draft; RFC 822 section 6.1)`);
  if (!r.allow(start, end, ";:@&=", "identifier")) return null;
  return r.decode(input.slice(start, end));
}

function mid(r: Rule): MidParts | null {
  const messageId = addrSpec(r);
  return messageId === null ? null : { scheme: "mid", messageId };
}

function cid(r: Rule): CidParts | null {
  const contentId = addrSpec(r);
  return contentId === null ? null : { scheme: "cid", contentId };
}

// The 1994 draft: afsaddress = a f s : / / cellname / path; cellname = hostname.
// "The "afsaddress" is left in as historical note, but is not a url production."
function afs(r: Rule): AfsParts | null {
  if (!r.common(false)) return null;
  const { input, a } = r;
  if (a.parts.port !== null) return r.fail(a.at(L.SPLIT_PORT_START) - 1, `no port: afs://cellname/path (1994 draft)`);
  if (!r.slashAfterHost("a path follows the cell: afs://cellname/path (1994 draft)")) return null;
  const start = r.pathStart;
  const end = r.end;
  if (!r.allow(start, end, FSEGMENT + "/", "path")) return null;
  r.note(`afs is the 1994 draft's "historical note, but is not a url production"; RFC 1738 has no afs scheme`);
  return { scheme: "afs", cell: r.host, path: r.decode(input.slice(start, end)), segments: r.segments(start, end) };
}

/** The rule of each scheme schemeParts() knows (docs/api.md section 4). */
export const RULES: ReadonlyMap<string, (r: Rule) => SchemeSpecificParts | null> = new Map<
  string,
  (r: Rule) => SchemeSpecificParts | null
>([
  ["ftp", ftp],
  ["http", http],
  ["https", http],
  ["gopher", gopher],
  ["mailto", mailto],
  ["news", news],
  ["nntp", nntp],
  ["telnet", telnet],
  ["wais", wais],
  ["file", file],
  ["prospero", prospero],
  ["mid", mid],
  ["cid", cid],
  ["rlogin", telnet],
  ["tn3270", telnet],
  ["afs", afs],
]);
