// The parse core's exports (the WHATWG parser, its setters, hosts,
// application/x-www-form-urlencoded, percent-encoding and the RFC 3986
// split): the core module's interface, and (through js.ts) the pure-JS
// build's. The features are modules of their own that share its memory
// (assembly/bulk, canonical, rfc1738, urlpattern; scripts/kernel-modules.mjs). Everything takes addresses and lengths in the kernel's
// memory and returns integers; results that do not fit in one go to the RESULT
// record (layout.ts). No strings cross this boundary.

import { initTables } from "./tables";
import { initRunTables } from "./run";
import { decodeInto, encodeInto, firstInvalidEscape } from "./percent";
import { split as splitInto } from "./split";
import { toUtf16 } from "./utf16";
import { tabsRemoved } from "./parser";

/** Build the character-class tables; call once before anything else. */
export function init(): void {
  initTables();
  initRunTables();
}

/** RFC 3986 Appendix B split of the `len` bytes at `src` into RESULT. */
export function split(src: i32, len: i32): void {
  splitInto(src, len);
}

/** Turn RESULT fields [0, count) from byte offsets in `src` into UTF-16 indices. */
export function utf16Offsets(src: i32, count: i32): void {
  toUtf16(src, count);
}

/** Percent-decode `len` bytes at `src` into `dst`; returns the output length. */
export function percentDecode(src: i32, len: i32, dst: i32, plusAsSpace: i32): i32 {
  return decodeInto(src, len, dst, plusAsSpace != 0) - dst;
}

/** Byte offset of the first "%" in `src` that does not begin "%" hex hex, or -1. */
export function invalidEscape(src: i32, len: i32): i32 {
  return firstInvalidEscape(src, len);
}

/** Percent-encode the bytes of `src` that are in class set `set`; returns the output length. */
export function percentEncode(src: i32, len: i32, dst: i32, set: i32): i32 {
  return encodeInto(src, len, dst, set) - dst;
}

/**
 * The basic URL parser (WHATWG URL Standard): parse the `len` bytes at `src`
 * against the base URL whose href is at `base` (0 for none; its record at
 * BASE), with the UTS #46 ToASCII result for its domain at `idna` (0 for
 * none), writing the serialized URL at `dst` and its record at RESULT.
 * Returns PARSE_OK, PARSE_FAILURE or PARSE_NEEDS_IDNA (layout.ts). canParse()
 * returns the same status without the record.
 */
export { parse, canParse } from "./parser";

/** The URL API's setters: the parser with a state override, on the URL whose record is at BASE (setters.ts). */
export { setPart } from "./setters";

/** application/x-www-form-urlencoded: URLSearchParams' parser, and the serializer of one name or value (urlencoded.ts). */
export { formParse, formEscape } from "./urlencoded";

// For the feature modules that parse (assembly/core.ts): the parser with its
// record in RESULT, and whether its last run removed tabs or newlines.
export { parseIntoRecord } from "./parser";

/** Whether the parser's last run removed tabs or newlines from its input. */
export function parseRemovedTabs(): bool {
  return tabsRemoved;
}
