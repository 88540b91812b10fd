// The parse core as the feature modules see it (bulk parsing, crawler keys):
// in a WASM build these are imports from the core's instance, which shares
// its memory with them (src/kernel/wasm-backend.ts links them as module
// "core", this file's name); in the pure-JS build, where every module is one
// graph of ES modules, they are the parser's own. The branch on ASC_TARGET is
// a constant that asc and esbuild fold, so each build compiles one side only.

import { parseIntoRecord as parseHere, tabsRemoved } from "./parser";

/** The core module's export of parseIntoRecord() (assembly/index.ts). */
declare function parseIntoRecord(src: i32, len: i32, dst: i32, baseHref: i32): i32;
/** The core module's export of whether its last parse removed tabs or newlines (assembly/index.ts). */
declare function parseRemovedTabs(): bool;

/** The basic URL parser on `len` bytes at `src` against the base at `baseHref` (0: none), its record in RESULT (parser.ts). */
export function coreParse(src: i32, len: i32, dst: i32, baseHref: i32): i32 {
  if (ASC_TARGET == 0) return parseHere(src, len, dst, baseHref);
  return parseIntoRecord(src, len, dst, baseHref);
}

/** Whether the parser's last run removed tabs or newlines from its input (parser.ts tabsRemoved). */
export function lastParseRemovedTabs(): bool {
  if (ASC_TARGET == 0) return tabsRemoved;
  return parseRemovedTabs();
}
