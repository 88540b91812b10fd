// extractUrls(): URLs in running text (docs/api.md section 6; RFC 1738, "APPENDIX:
// Recommendations for URLs in Context"). The kernel scans the text
// (assembly/rfc1738/extract.ts) and hands back byte offsets in batches; the
// URL strings are slices of the text.

import * as L from "../../assembly/layout.js";
import * as R from "../../assembly/rfc1738/records.js";
import { align8, type Arena } from "../kernel/arena.js";
import { RFC1738 } from "../kernel/modules.js";
import { TEXT_SCHEMES } from "../rfc1738/schemes.js";
import { expectString } from "../arguments/check.js";

export interface ExtractedUrl {
  /** The URL, without its wrapper and with the whitespace of line breaks inside it removed. */
  url: string;
  /** UTF-16 index in the text where the match starts (the "<" of a wrapper). */
  index: number;
  /** UTF-16 index just after the match (after the ">" of a wrapper). */
  end: number;
  /** Whether the URL was wrapped as "<URL:...>" or "<...>". */
  wrapped: boolean;
}

/** Records per kernel call: the list stays small however long the text. */
const BATCH = 1024;

/**
 * The names the kernel matches (it holds no strings of its own), in the format
 * of assembly/rfc1738/records.ts: the "URL" prefix of "<URL:...>" first, then
 * the schemes found as bare URLs.
 */
const NAMES = /* @__PURE__ */ (() => {
  const names = ["url", ...TEXT_SCHEMES];
  const words = new Int32Array((names.length + 1) * (R.NAME_ENTRY_BYTES >> 2));
  names.forEach((name, i) => {
    if (name.length > R.NAME_MAX) throw new Error(`extractUrls: scheme name ${name} is longer than ${R.NAME_MAX}`);
    const at = i * (R.NAME_ENTRY_BYTES >> 2);
    words[at] = name.length;
    for (let j = 0; j < name.length; j++) words[at + 1 + (j >> 2)] |= name.charCodeAt(j) << ((j & 3) * 8);
  });
  return words;
})();

/** "The whitespace should be ignored when extracting the URL": the kernel's whitespace is C0 controls and space. */
const WHITESPACE = /[\x00-\x20]+/g;

export function extractApi(arena: Arena) {
  const kernel = arena.module(RFC1738);

  /** The URLs in `text`, wrapped and bare, in text order. */
  function extractUrls(text: string): ExtractedUrl[] {
    expectString(text, "extractUrls", "text");
    const found: ExtractedUrl[] = [];
    // Every URL has the ":" after its scheme.
    if (text.indexOf(":") === -1) return found;
    const len = arena.input(text);
    const table = arena.scratch(NAMES.byteLength + BATCH * R.EXTRACT_RECORD_BYTES + 8);
    const out = table + align8(NAMES.byteLength);
    const cursor = out + BATCH * R.EXTRACT_RECORD_BYTES;
    arena.i32.set(NAMES, table >> 2);
    arena.i32[cursor >> 2] = 0;
    arena.i32[(cursor >> 2) + 1] = 0;
    for (let from = 0; ; ) {
      const n = kernel.rfc1738Extract(arena.inputStart, len, from, table, out, BATCH);
      if (!arena.inputAscii) kernel.rfc1738Utf16(arena.inputStart, out, n * R.EXTRACT_FIELDS, cursor);
      const words = arena.i32;
      for (let i = 0, r = out >> 2; i < n; i++, r += R.EXTRACT_FIELDS) {
        const index = words[r + R.EXTRACT_MATCH_START];
        const urlStart = words[r + R.EXTRACT_URL_START];
        const wrapped = urlStart !== index;
        const url = text.slice(urlStart, words[r + R.EXTRACT_URL_END]);
        found.push({
          url: wrapped ? url.replace(WHITESPACE, "") : url,
          index,
          end: words[r + R.EXTRACT_MATCH_END],
          wrapped,
        });
      }
      if (n < BATCH) break;
      from = arena.field(L.RESULT, R.EXTRACT_RESUME);
    }
    return found;
  }

  return { extractUrls };
}
