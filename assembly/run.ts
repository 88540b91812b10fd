// Copy runs: the parser's inner loops copy input to output until a byte that
// needs a closer look, one in a class set (percent-encode sets, stop sets).
//
// With SIMD, 16 bytes are classified at once with two nibble tables per set
// (the usual swizzle lookup: bit h of LOW[b & 15] says whether byte h * 16 +
// (b & 15) is in the set, HIGH[b >> 4] selects bit h), and stored whole: the
// caller's output has 16 bytes of slack, and the vector load may read up to 15
// bytes past `end`, which the arena keeps readable (layout.SLACK). Bits at and
// past `end` are masked in as stops, so short runs need no scalar tail. Every
// set here contains all bytes >= 0x80 (they need percent-encoding or IDNA),
// which their HIGH entries cover (buildTable()). The path and the query hold
// most of a URL's bytes, so their loops gain most from 16 bytes at a time.

import { ld8, st8 } from "./memory";
import { writeEscape } from "./percent";
import { isIn, toLower } from "./tables";
import { RUN_TABLES } from "./layout";
import * as C from "./charcode";
import {
  PATH_STOP,
  QUERY_SET,
  SPECIAL_QUERY_SET,
  FRAGMENT_SET,
  USERINFO_SET,
  DOMAIN_STOP,
  SCHEME_STOP,
} from "./classes";

export const RUN_QUERY: i32 = RUN_TABLES;
export const RUN_SPECIAL_QUERY: i32 = RUN_TABLES + 32;
export const RUN_FRAGMENT: i32 = RUN_TABLES + 64;
export const RUN_USERINFO: i32 = RUN_TABLES + 96;
export const RUN_DOMAIN: i32 = RUN_TABLES + 128;
export const RUN_PATH: i32 = RUN_TABLES + 160;
export const RUN_SCHEME: i32 = RUN_TABLES + 192;

/**
 * The nibble tables of `set` at `at`. Bytes >= 0x80 (all in every set) take
 * a bit that every LOW entry has: the set's C0 controls 0x00-0x0F (in every
 * set too) give each entry bit 0, so HIGH[8..15] = 1 puts them in the set
 * with no test of their own in the loop.
 */
function buildTable(at: i32, set: i32): void {
  for (let low = 0; low < 16; low++) {
    let bits = 0;
    for (let high = 0; high < 8; high++) if (isIn((high << 4) | low, set)) bits |= 1 << high;
    st8(at + low, bits);
  }
  for (let high = 0; high < 16; high++) st8(at + 16 + high, high < 8 ? 1 << high : 1);
}

/** Build the nibble tables (after initTables). */
export function initRunTables(): void {
  buildTable(RUN_QUERY, QUERY_SET);
  buildTable(RUN_SPECIAL_QUERY, SPECIAL_QUERY_SET);
  buildTable(RUN_FRAGMENT, FRAGMENT_SET);
  buildTable(RUN_USERINFO, USERINFO_SET);
  buildTable(RUN_DOMAIN, DOMAIN_STOP);
  buildTable(RUN_PATH, PATH_STOP);
  buildTable(RUN_SCHEME, SCHEME_STOP);
}

/**
 * Copy the bytes of [p, end) to `o` up to the first one in `set` (whose nibble
 * table is at `table`); returns where it stopped (`end` if nowhere). The output
 * advances by the same count.
 */
export function copyRun(p: i32, end: i32, o: i32, table: i32, set: i32): i32 {
  return run(p, end, o, table, set, true);
}

/** Where the run of [p, end) without a byte in `set` ends, as copyRun() finds it, copying nothing. */
export function skipRun(p: i32, end: i32, table: i32, set: i32): i32 {
  return run(p, end, 0, table, set, false);
}

/**
 * Bit i set where byte i of `v` is in the set whose nibble tables are `low`
 * and `high` (buildTable(); bytes >= 0x80 included); bits at and past `left`
 * (the bytes left in the range) set too, so that a run stops at the range's end.
 */
function stops(v: v128, low: v128, high: v128, left: i32): i32 {
  // The high nibbles by a 16-bit shift and the same mask as the low ones: V8
  // (x64) builds i8x16.shr_u's own mask again in each iteration.
  const nibble = i8x16.splat(0x0f);
  const highNibbles = v128.and(i16x8.shr_u(v, 4), nibble);
  const hit = v128.and(i8x16.swizzle(low, v128.and(v, nibble)), i8x16.swizzle(high, highNibbles));
  // The bytes whose bit is not 0; eq and a flip of the mask cost less than i8x16.ne.
  const m = i8x16.bitmask(i8x16.eq(hit, i8x16.splat(0))) ^ 0xffff;
  return left < 16 ? m | (-1 << left) : m;
}

// Binaryen inlines this into both callers and folds `store` away.
function run(p: i32, end: i32, o: i32, table: i32, set: i32, store: bool): i32 {
  if (ASC_FEATURE_SIMD) {
    const low = v128.load(<usize>table);
    const high = v128.load(<usize>(table + 16));
    while (true) {
      const v = v128.load(<usize>p);
      if (store) v128.store(<usize>o, v);
      const m = stops(v, low, high, end - p);
      if (m != 0) return p + ctz<i32>(m);
      p += 16;
      o += 16;
    }
  }
  while (p < end) {
    const c = ld8(p);
    if (isIn(c, set)) return p;
    if (store) st8(o, c);
    p++;
    o++;
  }
  return p;
}

/**
 * The loop of #scheme-state: "If c is an ASCII alphanumeric, U+002B (+),
 * U+002D (-), or U+002E (.), append c, lowercased, to buffer." Copies [p, end)
 * to `o`, lower-cased, up to the first byte that is none of those; returns
 * where it stopped. Both the test and the lower-casing take 16 bytes at a
 * time with SIMD, not a table test and a lower-casing a byte: every parse
 * reads a scheme.
 */
export function schemeRun(p: i32, end: i32, o: i32): i32 {
  const stop = skipRun(p, end, RUN_SCHEME, SCHEME_STOP);
  lowerCopy(o, p, stop - p);
  return stop;
}

/** Copy the `n` bytes at `src` to `dst` with ASCII upper-case letters lower-cased (may write 15 bytes past `dst + n`). */
function lowerCopy(dst: i32, src: i32, n: i32): void {
  if (ASC_FEATURE_SIMD) {
    for (let i = 0; i < n; i += 16) {
      const v = v128.load(<usize>(src + i));
      // "A".."Z": the bytes less than 26 above "A", unsigned.
      const upper = i8x16.lt_u(i8x16.sub(v, i8x16.splat(<i8>C.UPPER_A)), i8x16.splat(26));
      v128.store(<usize>(dst + i), v128.or(v, v128.and(upper, i8x16.splat(0x20))));
    }
    return;
  }
  for (let i = 0; i < n; i++) st8(dst + i, toLower(ld8(src + i)));
}

/**
 * Percent-encode [p, end) into `o` with `set` (#percent-encode): runs copied,
 * bytes in the set escaped. Returns the end of the output.
 */
export function encodeRun(p: i32, end: i32, o: i32, table: i32, set: i32): i32 {
  while (p < end) {
    const q = copyRun(p, end, o, table, set);
    o += q - p;
    if (q >= end) break;
    o = writeEscape(o, ld8(q));
    p = q + 1;
  }
  return o;
}
