// The Unicode data that UTS #46 processing reads: the IDNA Mapping Table
// (UTS #46 section 5) and the character properties of the validity criteria
// (section 4.1), decoded from the strings that scripts/gen-uts46.mjs generates
// (the encoding is described there) on the first call, that is the first
// non-ASCII domain: an ASCII-only program never pays for it.

import { MAPPING, POOL, PROPERTIES } from "../generated/uts46-data.js";

// The IDNA Mapping Table, as runs: the first code point of each, and its
// entry: (arg << 3) | kind, where a kind below 3 is the status of gen-uts46's
// STATUS runs (0 valid or deviation, 1 disallowed, 2 ignored) and arg is 0.
const VALID = 0;
const IGNORED = 2;
const DELTA = 3; // arg: the difference from the code point to its mapping
const STRING = 4; // arg: the index of the mapping in `pool`

interface Tables {
  mappingStarts: Int32Array;
  mapping: Int32Array;
  pool: string[];
  propertyStarts: Int32Array;
  properties: Uint8Array;
}

let tables: Tables | undefined;

/** The numbers of a generated string. */
function numbers(s: string): number[] {
  const out: number[] = [];
  let value = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c >= 0x5d) {
      out.push(value * 32 + c - 0x5d);
      value = 0;
    } else {
      value = value * 32 + c - 0x23;
    }
  }
  return out;
}

const unzigzag = (n: number): number => (n & 1 ? -(n + 1) / 2 : n / 2);

function decode(): Tables {
  const pool: string[] = [];
  const p = numbers(POOL);
  for (let k = 0, previous = 0; k < p.length; ) {
    const codePoints: number[] = [];
    const length = p[k++];
    for (const end = k + length; k < end; k++) codePoints.push((previous += unzigzag(p[k])));
    pool.push(String.fromCodePoint(...codePoints));
  }

  const starts: number[] = [];
  const entries: number[] = [];
  const m = numbers(MAPPING);
  const count = m[0];
  let lastTarget = 0;
  let nextString = 0;
  for (let r = 0, cp = 0; r < count; r++) {
    const length = m[1 + r];
    const code = m[1 + count + r];
    const arg = Math.floor(code / 8);
    const kind = code & 7;
    if (kind === 0) {
      // STATUS
      starts.push(cp);
      entries.push(arg);
    } else if (kind === 1 || kind === 4) {
      // DELTA, NEAR
      const delta = kind === 1 ? unzigzag(arg) : lastTarget + unzigzag(arg) - cp;
      starts.push(cp);
      entries.push((delta << 3) | DELTA);
      lastTarget = cp + length - 1 + delta;
    } else if (kind === 2) {
      // STRING
      starts.push(cp);
      entries.push(((arg === 0 ? nextString++ : arg - 1) << 3) | STRING);
    } else {
      // ALTERNATE
      const delta = unzigzag(arg);
      for (let k = 0; k < length; k += 2) {
        starts.push(cp + k, cp + k + 1);
        entries.push((delta << 3) | DELTA, VALID);
      }
      lastTarget = cp + length - 2 + delta;
    }
    cp += length;
  }

  const propertyStarts: number[] = [];
  const properties: number[] = [];
  const q = numbers(PROPERTIES);
  for (let r = 0, cp = 0; r < q[0]; r++) {
    propertyStarts.push(cp);
    properties.push(q[1 + q[0] + r]);
    cp += q[1 + r];
  }
  return {
    mappingStarts: Int32Array.from(starts),
    mapping: Int32Array.from(entries),
    pool,
    propertyStarts: Int32Array.from(propertyStarts),
    properties: Uint8Array.from(properties),
  };
}

/** The index of the run that holds `cp`: the last of `starts` at or below it. */
function run(starts: Int32Array, cp: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= cp) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * UTS #46 section 4 step 1 (Map) for one code point, with
 * Transitional_Processing=false: what replaces it ("" when ignored), or null
 * when it stays as it is (valid, deviation, disallowed).
 */
export function mapCodePoint(cp: number): string | null {
  const t = (tables ??= decode());
  const entry = t.mapping[run(t.mappingStarts, cp)];
  switch (entry & 7) {
    case DELTA:
      return String.fromCodePoint(cp + (entry >> 3));
    case STRING:
      return t.pool[entry >> 3];
    case IGNORED:
      return "";
    default:
      return null;
  }
}

/** UTS #46 section 4.1 step 7, nontransitional: the status is valid or deviation. */
export function isValid(cp: number): boolean {
  const t = (tables ??= decode());
  return t.mapping[run(t.mappingStarts, cp)] === VALID;
}

// The properties of a valid code point (gen-uts46.mjs, PROPERTY):
//   bits 0-2: the bidi group (Bidi), bits 3-5: the Joining_Type (Joining),
//   bit 6: General_Category=Mark, bit 7: virama.
/** A code point's bidi group: its Bidi_Class, with the classes the Bidi Rule treats alike as one. */
export enum Bidi {
  L = 1,
  /** R or AL. */
  R = 2,
  AN = 3,
  EN = 4,
  NSM = 5,
  /** ES, CS, ET, ON, BN. */
  Neutral = 6,
}
/** A code point's Joining_Type, where CONTEXTJ reads one (U, C and the rest: 0). */
export enum Joining {
  T = 1,
  L = 2,
  R = 3,
  D = 4,
}
export const MARK = 64;
export const VIRAMA = 128;

/** The properties of a valid code point (of any other, meaningless). */
export function properties(cp: number): number {
  const t = (tables ??= decode());
  return t.properties[run(t.propertyStarts, cp)];
}

export const bidiGroup = (props: number): number => props & 7;
export const joiningType = (props: number): number => (props >> 3) & 7;
