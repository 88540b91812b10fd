// One kernel pass over a URL for validate() and schemeParts(): the findings of
// the byte-level checks (assembly/rfc1738/validate.ts) and the components of
// the URL, both as UTF-16 indices into the input string.

import * as L from "../../assembly/layout.js";
import { maxFindings } from "../../assembly/rfc1738/records.js";
import type { Arena } from "../kernel/arena.js";
import { RFC1738 } from "../kernel/modules.js";
import { asciiLower } from "./schemes.js";
import { UrlParts } from "../rfc3986/split.js";

/** One problem the kernel found: a UTF-16 index and a finding of assembly/rfc1738/records.ts. */
export interface Finding {
  index: number;
  finding: number;
}

/** The URL as the kernel split it: RFC 1738 scheme, then split() components. */
export class Analysis {
  /** The scheme, lower-cased, or null when there is no ":" before any "/", "?", "#". */
  readonly scheme: string | null;
  /** The components as written (split()); `parts.host` is '' when "//" is followed by no host. */
  readonly parts: UrlParts;

  /** @internal */
  constructor(
    readonly input: string,
    readonly findings: Finding[],
    private readonly fields: Int32Array,
  ) {
    const colon = fields[L.SPLIT_SCHEME_END];
    this.scheme = colon === L.NONE ? null : asciiLower(input.slice(0, colon));
    this.parts = new UrlParts(input, fields, 0);
  }

  /** UTF-16 index of split() field `i` (layout.ts), or NONE. */
  at(i: number): number {
    return this.fields[i];
  }

  /** Index of the ":" after the scheme. */
  get colon(): number {
    return this.fields[L.SPLIT_SCHEME_END];
  }

  /** Whether the scheme-specific part starts with "//" (RFC 1738 section 3.1). */
  get hasAuthority(): boolean {
    return this.fields[L.SPLIT_HOST_START] !== L.NONE;
  }

  /** Where the URL ends: before the "#" of a fragment ("This wrapper does not form part of the URL"). */
  get end(): number {
    const hash = this.fields[L.SPLIT_FRAG_START];
    return hash === L.NONE ? this.input.length : hash - 1;
  }
}

export function analyzer(arena: Arena) {
  const { core } = arena;
  const rfc1738 = arena.module(RFC1738);
  const first = L.RESULT >> 2;

  /** Run the kernel's RFC 1738 checks over `input`. */
  return function analyze(input: string): Analysis {
    const len = arena.input(input);
    const cap = maxFindings(len);
    const offsets = arena.scratch(cap * 8 + 8);
    const codes = offsets + cap * 4;
    const cursor = codes + cap * 4;
    const n = rfc1738.rfc1738Scan(arena.inputStart, len, offsets, codes);
    if (!arena.inputAscii) {
      core.utf16Offsets(arena.inputStart, L.SPLIT_FIELDS);
      arena.i32[cursor >> 2] = 0;
      arena.i32[(cursor >> 2) + 1] = 0;
      rfc1738.rfc1738Utf16(arena.inputStart, offsets, n, cursor);
    }
    const findings: Finding[] = [];
    for (let i = 0; i < n; i++) {
      findings.push({ index: arena.i32[(offsets >> 2) + i], finding: arena.i32[(codes >> 2) + i] });
    }
    return new Analysis(input, findings, arena.i32.slice(first, first + L.SPLIT_FIELDS));
  };
}
