// The fast path of parse() and canParse() for a relative reference against a
// base, as pages and logs hold links: "/a/b?c", "b/c.html", "?q=1", "#top".
// When the parser would copy such an input through unchanged after the part
// of the base it keeps (#no-scheme-state, #relative-state,
// #relative-slash-state, #file-state), the href is the base's href up to
// that part followed by the input, byte for byte, and the record is the
// base's with the offsets from there on moved. The record goes to RESULT
// with FLAG_HREF_BASE_PREFIX and the prefix's length (URL_BASE_PREFIX): the
// wrapper makes the href from the base's string and the input's, and no
// string from memory. Anything the parser could change or reject goes to
// the parser. The base's href is read only for a path-relative reference's
// directory: the wrapper of parse() writes it into memory only
// where the parser has to run, and works the directory out itself (layout.ts
// BASE_HREF_ABSENT, BASE_DIRECTORY_END); a batch has it in memory, and
// writes its lines' hrefs. bench/suites/resolve.mjs measures this path
// (docs/performance.md).

import { ld8, ld32, st32 } from "./memory";
import * as L from "./layout";
import * as C from "./charcode";
import { FRAGMENT_SET } from "./tables";
import { skipRun, RUN_FRAGMENT } from "./run";
import { findAny } from "./scan";
import { isSpecial } from "./scheme";
import { plainQueryEnd, relativePathEnd } from "./serialized";

/** Field `i` of the base's record (at BASE). */
function base(i: i32): i32 {
  return ld32(L.baseField(i));
}

/**
 * Where the directory of the path of the base whose record is at BASE and
 * whose href is at `href` ends: after the last "/" of its path (the part
 * #shorten-a-urls-path keeps), or NONE where its path has no "/". Given
 * BASE_HREF_ABSENT instead, the wrapper has worked it out (BASE_DIRECTORY_END).
 */
function directoryEnd(href: i32): i32 {
  if (href == L.BASE_HREF_ABSENT) return base(L.BASE_DIRECTORY_END);
  const from = base(L.URL_PATH_START);
  const to = L.pathEnd(base(L.URL_QUERY_START), base(L.URL_FRAGMENT_START), base(L.URL_HREF_END), L.NONE);
  for (let i = to - 1; i >= from; i--) if (ld8(href + i) == C.SLASH) return i + 1;
  return L.NONE;
}

/**
 * Whether a path-relative reference's first segment ("b" of "b/c") cannot be
 * read as a scheme: no ":" before its end (the scheme state would take "b:"
 * as one).
 */
function isPathRelative(src: i32, end: i32): bool {
  const stop = findAny(src, end, C.COLON, C.SLASH, C.QUESTION, C.HASH);
  return stop >= end || ld8(stop) != C.COLON;
}

/**
 * If the `len` bytes at `src` are a relative reference that the parser,
 * against the base whose record is at BASE and whose href is at `baseHref`
 * (or BASE_HREF_ABSENT), would copy through unchanged, write the record at
 * RESULT (FLAG_HREF_BASE_PREFIX, URL_BASE_PREFIX) and return true.
 */
export function isSerializedRelative(src: i32, len: i32, baseHref: i32): bool {
  if (len == 0) return false;
  // A first segment that is or may be a dot segment (".", "..", "%2e"), and
  // "\" (a slash in special URLs): the parser's, at once ("../a" is common).
  const first = ld8(src);
  if (first == C.DOT || first == C.PERCENT || first == C.BACKSLASH) return false;
  const end = src + len;
  const flags = base(L.URL_FLAGS);
  const scheme = L.schemeOf(flags);
  const special = isSpecial(scheme);
  let queryStart = base(L.URL_QUERY_START);
  let fragmentStart = L.NONE;
  let prefix: i32;
  let p = src;
  const c = first;
  if (c == C.HASH) {
    // "If base has an opaque path and c is U+0023 (#)", the relative state's
    // "Otherwise, if c is U+0023 (#)", and the file state's: the base's
    // path and query, then the fragment state.
    prefix = L.queryEnd(base(L.URL_FRAGMENT_START), base(L.URL_HREF_END), L.NONE);
  } else {
    // "If base is null, or base has an opaque path and c is not U+0023 (#) ... return failure."
    if ((flags & L.FLAG_OPAQUE_PATH) != 0) return false;
    const pathStart = base(L.URL_PATH_START);
    const pathEnd = L.pathEnd(queryStart, base(L.URL_FRAGMENT_START), base(L.URL_HREF_END), L.NONE);
    if (c == C.QUESTION) {
      // The relative and file states' "If c is U+003F (?)": the base's path, then the query state.
      prefix = pathEnd;
    } else {
      // The path forms take a base with a host that is not a file: URL (the
      // file slash state has rules of its own for Windows drive letters).
      if (scheme == L.SCHEME_FILE || base(L.URL_HOST_START) == L.NONE) return false;
      if (c == C.SLASH) {
        // #relative-slash-state: "//" (or "/\" in special URLs) starts an
        // authority; any other "/" a path with the base's credentials, host
        // and port.
        if (len > 1 && (ld8(src + 1) == C.SLASH || ld8(src + 1) == C.BACKSLASH)) return false;
        prefix = pathStart;
      } else {
        // "Shorten url's path", then the path state on the input: the base's
        // path up to its last "/", then the input.
        if (!isPathRelative(src, end)) return false;
        prefix = directoryEnd(baseHref);
        if (prefix == L.NONE) return false;
      }
      p = relativePathEnd(src, end);
      if (p < 0) return false;
    }
    queryStart = L.NONE;
    if (p < end && ld8(p) == C.QUESTION) {
      queryStart = prefix + (p - src);
      p = plainQueryEnd(p + 1, end, special);
    }
  }
  if (p < end && ld8(p) == C.HASH) {
    fragmentStart = prefix + (p - src);
    p = skipRun(p + 1, end, RUN_FRAGMENT, FRAGMENT_SET);
  }
  if (p < end) return false;
  // The base's record up to the prefix, the input's offsets after it.
  for (let i = L.URL_SCHEME_END; i < L.URL_QUERY_START; i++) st32(L.resultField(i), base(i));
  st32(L.resultField(L.URL_HREF_END), prefix + len);
  st32(L.resultField(L.URL_QUERY_START), queryStart);
  st32(L.resultField(L.URL_FRAGMENT_START), fragmentStart);
  const kept = L.SCHEME_MASK | L.HOST_MASK | L.FLAG_OPAQUE_PATH;
  st32(L.resultField(L.URL_FLAGS), (flags & kept) | L.FLAG_HREF_BASE_PREFIX);
  st32(L.resultField(L.URL_BASE_PREFIX), prefix);
  return true;
}
