// The RFC 1738 / RFC 1630 layer (docs/api.md sections 4 and 5): schemeParts,
// defaultPort, resolve, equivalent, validate.

import * as L from "../../assembly/layout.js";
import * as R from "../../assembly/rfc1738/records.js";
import type { Arena } from "../kernel/arena.js";
import { RFC1738 } from "../kernel/modules.js";
import { percentApi } from "../whatwg/percent.js";
import { splitApi } from "../rfc3986/split.js";
import { analyzer, type Analysis, type Finding } from "./analyze.js";
import { fromFinding, sortDiagnostics, type Diagnostic } from "./diagnostics.js";
import { equivalence } from "./equivalent.js";
import { resolver } from "../rfc3986/resolve.js";
import { defaultPort } from "./schemes.js";
import { Rule, RULES, type RuleTools, type SchemeSpecificParts } from "./syntax.js";
import { expectString } from "../arguments/check.js";
import { prefixLength } from "../rfc3986/prefix.js";

export type { Diagnostic, DiagnosticCode } from "./diagnostics.js";
export type { ResolveOptions } from "../rfc3986/resolve.js";
export type {
  SchemeSpecificParts,
  FtpParts,
  HttpParts,
  GopherParts,
  MailtoParts,
  NewsParts,
  NntpParts,
  TelnetParts,
  WaisParts,
  FileParts,
  ProsperoParts,
  MidParts,
  CidParts,
  AfsParts,
  PartsNotes,
} from "./syntax.js";

export interface SchemePartsOptions {
  /**
   * Return every value as written, escapes and all, so that no octet is lost
   * ("%E9" and "%FF" stay apart, as do "a%2Fb" and "a/b").
   */
  raw?: boolean;
  /**
   * Read, with a note, what validate() reports but RFC 1630 or the 1994 draft
   * define (RFC 1630's ";type=AN", the draft's host-less "nntp:group/1"), and
   * what RFC 1738 section 6 cautions against (a CR or LF in a gopher selector).
   */
  lenient?: boolean;
}

/**
 * Schemes whose syntax has no "//" authority: "mailto:" encoded822addr and
 * "news:" grouppart are *xchar, and the draft's "mid:" and "cid:" take an
 * addr-spec, so "//" there is data, not a host.
 */
const OPAQUE = new Set(["mailto", "news", "mid", "cid"]);

/** The kernel's findings that apply to the URL's scheme. */
function findingsOf(a: Analysis): Finding[] {
  if (a.scheme === null || !OPAQUE.has(a.scheme) || !a.hasAuthority) return a.findings;
  return a.findings.filter(({ finding }) => finding < R.AUTHORITY_FIRST || finding > R.AUTHORITY_LAST);
}

/** "//" and no host, which RFC 1738 needs everywhere but in file URLs ("the empty string"). */
function missingHost(a: Analysis): Finding | null {
  return a.hasAuthority && a.parts.host === "" && a.scheme !== "file" && !OPAQUE.has(a.scheme ?? "")
    ? { index: a.at(L.SPLIT_HOST_START), finding: R.HOST_MISSING }
    : null;
}

export function rfc1738Api(arena: Arena) {
  const kernel = arena.module(RFC1738);
  const analyze = analyzer(arena);
  const { percentDecode } = percentApi(arena);
  const { split } = splitApi(arena);

  function checkHost(host: string): Finding | null {
    const len = arena.input(host);
    const finding = kernel.rfc1738Host(arena.inputStart, len);
    return finding === 0 ? null : { index: arena.utf16Index(arena.field(L.RESULT, 0)), finding };
  }
  const asWritten = (s: string): string => s;
  const decode = (s: string): string => percentDecode(s);
  const checking: RuleTools = { decode: asWritten, checkHost, lenient: false };

  /**
   * The scheme-specific parts of an RFC 1738 URL (docs/api.md section 4), or null for
   * a scheme it does not define (nor https) or input that validate() finds fault
   * with (but, with `lenient`, for the historical forms and the section 6
   * caution it reads with `notes`). A fragment after "#" is not part of the URL
   * and is left out; a "URL:" prefix is taken off (`prefixed: true`).
   */
  function schemeParts(input: string, options: SchemePartsOptions = {}): SchemeSpecificParts | null {
    expectString(input, "schemeParts", "input");
    const prefix = prefixLength(input);
    const a = analyze(input.slice(prefix));
    const rule = a.scheme === null ? undefined : RULES.get(a.scheme);
    if (rule === undefined || findingsOf(a).length > 0 || missingHost(a)) return null;
    const r = new Rule(a, {
      decode: options.raw === true ? asWritten : decode,
      checkHost,
      lenient: options.lenient === true,
    });
    const parts = rule(r);
    if (parts === null) return null;
    if (prefix > 0) parts.prefixed = true;
    if (r.notes.length > 0) parts.notes = r.notes;
    return parts;
  }

  /**
   * Strict RFC 1738 diagnostics, in input order; [] for a valid URL. A "URL:"
   * prefix is taken off; indices stay those of `input`.
   */
  function validate(input: string): Diagnostic[] {
    expectString(input, "validate", "input");
    const prefix = prefixLength(input);
    const url = input.slice(prefix);
    const a = analyze(url);
    const out = findingsOf(a).map((f) => fromFinding(url, f));
    const host = missingHost(a);
    if (host) out.push(fromFinding(url, host));
    const rule = a.scheme === null ? undefined : RULES.get(a.scheme);
    if (rule !== undefined) {
      const r = new Rule(a, checking);
      rule(r);
      if (r.complaint) out.push(r.complaint);
    }
    for (const d of out) d.index += prefix;
    return sortDiagnostics(out);
  }

  return {
    schemeParts,
    defaultPort,
    resolve: resolver(split),
    equivalent: equivalence(arena, split),
    validate,
  };
}
