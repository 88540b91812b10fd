// The kernel's keys of the "normalize-url" and "crawlee" profiles
// (assembly/canonical/keys.ts): the input parsed, and the key written from
// the parse's record in the kernel's memory, so that a URL the kernel keys
// costs one string (the key) and no ParsedUrl.

import * as L from "../../assembly/layout.js";
import { align8, type Arena } from "../kernel/arena.js";
import { CANONICAL } from "../kernel/modules.js";
import type { ParseApi } from "../whatwg/parse.js";
import type { ParsedUrl } from "../whatwg/url.js";

const HREF_END = (L.RESULT >> 2) + L.URL_HREF_END;
const KEY_HEAD = (L.RESULT >> 2) + L.URL_KEY_HEAD;
const KEY_TAIL = (L.RESULT >> 2) + L.URL_KEY_TAIL;

export function kernelKey(arena: Arena, core: ParseApi) {
  const kernel = arena.module(CANONICAL);
  /**
   * The key of profile `key` (layout.ts KEY_*) of `input` parsed (no base):
   * the key, the ParsedUrl where the profile must take the URL itself, or
   * null where `input` does not parse.
   */
  return function keyOf(input: string, key: number): string | ParsedUrl | null {
    const href = core.parseRecord(input);
    if (href === L.NONE) return null;
    const hrefLength = arena.i32[HREF_END];
    // The key and the kernel's work area, after the href (and after the
    // parser's output, which starts after an href that is the input).
    const room = align8(L.KEY_MAX_PARAMS * L.KEY_PARAM_BYTES + 3 * hrefLength + L.SLACK);
    const dst = align8(href + hrefLength + L.SLACK);
    arena.reserve(dst - L.ARENA + 2 * room);
    const end = kernel.crawlerKey(arena.inputLength, href, dst, dst + room, key);
    if (end === L.NONE) return core.lastUrl(input);
    // A key made of the input less a few bytes (its "www.", a default port, a
    // "/" before the query, its end) is made of slices of the input string:
    // cheaper than a string made from memory (a call of latin1Slice and a copy).
    const head = arena.i32[KEY_HEAD];
    if (head === L.NONE) return arena.ascii(dst, end);
    const length = end - dst;
    if (head === length) return length === input.length ? input : input.slice(0, length);
    const tail = arena.i32[KEY_TAIL];
    return input.slice(0, head) + input.slice(tail, tail + length - head);
  };
}
