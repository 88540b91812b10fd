// URL paths, written serialized: each segment as "/" + segment, so the path
// list is the bytes [pathStart, o) of the output and "shorten" is a cut at the
// last "/". Single- and double-dot segments, Windows drive letters (#windows-drive-letter)
// and the path state of the basic URL parser (#path-state).

import { ld8, st8 } from "./memory";
import { isIn, isAsciiAlpha, PATH_SEGMENT_STOP, PATH_SET, PATH_STOP } from "./tables";
import { writeEscape } from "./percent";
import { findLast } from "./scan";
import { copyRun, RUN_PATH } from "./run";
import { BACKSLASH, COLON, DIGIT_2, DOT, HASH, LOWER_E, PERCENT, PIPE, QUESTION, SLASH } from "./charcode";
import { Last } from "./outputs";

/**
 * "%2e" or "%2E" at p (three bytes before `end`), the percent-encoded "." of
 * dot segments ("a single-dot URL path segment ... is "." or an ASCII
 * case-insensitive match for "%2e"").
 */
export function isEncodedDot(p: i32, end: i32): bool {
  return p + 3 <= end && ld8(p) == PERCENT && ld8(p + 1) == DIGIT_2 && (ld8(p + 2) | 0x20) == LOWER_E;
}

/** Length of a "." or "%2e" at p, or 0. */
function dotLength(p: i32, end: i32): i32 {
  if (p < end && ld8(p) == DOT) return 1;
  return isEncodedDot(p, end) ? 3 : 0;
}

/** #single-dot-path-segment: ".", or an ASCII case-insensitive match for "%2e". */
function isSingleDot(p: i32, end: i32): bool {
  const n = dotLength(p, end);
  return n > 0 && p + n == end;
}

/** #double-dot-path-segment: "..", ".%2e", "%2e.", or "%2e%2e", case-insensitively. */
function isDoubleDot(p: i32, end: i32): bool {
  const n = dotLength(p, end);
  return n > 0 && isSingleDot(p + n, end);
}

/** #windows-drive-letter: an ASCII alpha followed by ":" or "|" (exactly two bytes). */
export function isWindowsDriveLetter(p: i32, end: i32): bool {
  if (end - p != 2 || !isAsciiAlpha(ld8(p))) return false;
  const c = ld8(p + 1);
  return c == COLON || c == PIPE;
}

/** #normalized-windows-drive-letter: an ASCII alpha followed by ":". */
export function isNormalizedWindowsDriveLetter(p: i32, end: i32): bool {
  return end - p == 2 && isAsciiAlpha(ld8(p)) && ld8(p + 1) == COLON;
}

/** #start-with-a-windows-drive-letter: two code points that are one, then the end or "/", "\", "?" or "#". */
export function startsWithWindowsDriveLetter(p: i32, end: i32): bool {
  if (end - p < 2 || !isWindowsDriveLetter(p, p + 2)) return false;
  if (end - p == 2) return true;
  const c = ld8(p + 2);
  return c == SLASH || c == BACKSLASH || c == QUESTION || c == HASH;
}

/**
 * #shorten-a-urls-path of the path [pathStart, o); returns the new end.
 * "If url's scheme is "file", path's size is 1, and path[0] is a normalized
 * Windows drive letter, then return. Remove path's last item, if any."
 */
export function shorten(pathStart: i32, o: i32, isFile: bool): i32 {
  if (o == pathStart) return o;
  const last = findLast(pathStart, o, SLASH);
  if (isFile && last == pathStart && isNormalizedWindowsDriveLetter(pathStart + 1, o)) return o;
  return last;
}

/**
 * #path-state from input position `p` until "?", "#" or the end of [p, end),
 * appending segments to the path [pathStart, o). Returns the new end of the
 * output and leaves the input position in `Last.pathStop`. With a state override
 * (the pathname setter) "?" and "#" are path bytes, percent-encoded: "state
 * override is not given and c is U+003F (?) or U+0023 (#)" ends the path.
 *
 * Each segment is copied in one pass (bytes outside PATH_SEGMENT_STOP as they
 * are, the path percent-encode set escaped) and then looked at as a whole for
 * the dot-segment and drive-letter rules, which undo or patch what was copied.
 */
export function pathState(
  p: i32,
  end: i32,
  pathStart: i32,
  o: i32,
  special: bool,
  isFile: bool,
  stateOverride: bool,
): i32 {
  if (!isFile) return pathRuns(p, end, pathStart, o, special, stateOverride);
  let slash = true;
  while (slash) {
    const segment = p;
    const segmentOut = o;
    o = segmentOut + 1;
    st8(segmentOut, SLASH);
    while (p < end) {
      const c = ld8(p);
      if (isIn(c, PATH_SEGMENT_STOP)) {
        // The segment ends at "/", "?", "#" and, in special URLs, "\".
        if (c == SLASH || (special && c == BACKSLASH) || ((c == QUESTION || c == HASH) && !stateOverride)) break;
        if (isIn(c, PATH_SET)) {
          o = writeEscape(o, c);
          p++;
          continue;
        }
      }
      st8(o, c);
      o++;
      p++;
    }
    const c = p < end ? ld8(p) : -1;
    slash = c == SLASH || (special && c == BACKSLASH);
    if (isDoubleDot(segment, p)) {
      // "Shorten url's path. If neither c is U+002F (/), nor url is special and c
      // is U+005C (\), append the empty string to url's path."
      o = shorten(pathStart, segmentOut, isFile);
      if (!slash) {
        st8(o, SLASH);
        o++;
      }
    } else if (isSingleDot(segment, p)) {
      // "Otherwise, if buffer is a single-dot URL path segment and if neither c is
      // U+002F (/), nor url is special and c is U+005C (\), append the empty string."
      o = slash ? segmentOut : segmentOut + 1;
    } else if (isFile && segmentOut == pathStart && isWindowsDriveLetter(segment, p)) {
      // "If url's scheme is "file", url's path is empty, and buffer is a Windows
      // drive letter, then replace the second code point in buffer with U+003A (:)."
      st8(segmentOut + 2, COLON);
    }
    Last.pathStop = p;
    p++;
  }
  return o;
}

/** The input bytes [p, t) where t is the end of the segment at p, if within 7 bytes (the longest dot segment is 6), else -1. */
function shortSegmentEnd(p: i32, end: i32, special: bool, stateOverride: bool): i32 {
  const limit = end - p > 7 ? p + 7 : end;
  for (let t = p; t < limit; t++) {
    const c = ld8(t);
    if (c == SLASH || (special && c == BACKSLASH) || ((c == QUESTION || c == HASH) && !stateOverride)) return t;
  }
  return limit == end ? end : -1;
}

/**
 * The path state for URLs other than file: URLs (no drive-letter rules). The
 * output is copied in runs across "/", stopping only where a rule needs a
 * look: bytes to encode, "\" in special URLs, "?", "#", and a "." or "%" at
 * the start of a segment (a possible dot segment). Most paths of real URLs
 * then take one or two runs instead of one per segment: the path is the
 * longest part of most URLs, and a run copies 16 bytes at a time with SIMD.
 */
function pathRuns(p: i32, end: i32, pathStart: i32, o: i32, special: bool, stateOverride: bool): i32 {
  const begin = p;
  // The "/" before the first segment; each later one is copied or written.
  st8(o, SLASH);
  o++;
  while (true) {
    const q = copyRun(p, end, o, RUN_PATH, PATH_STOP);
    o += q - p;
    p = q;
    if (p >= end) break;
    const c = ld8(p);
    if ((c == QUESTION || c == HASH) && !stateOverride) break;
    if (c == BACKSLASH && special) {
      // "\" separates segments in special URLs and is written as "/".
      st8(o, SLASH);
      o++;
      p++;
      continue;
    }
    if (c == DOT || c == PERCENT) {
      const atSegmentStart = p == begin || ld8(p - 1) == SLASH || (special && ld8(p - 1) == BACKSLASH);
      const t = atSegmentStart ? shortSegmentEnd(p, end, special, stateOverride) : -1;
      if (t >= 0 && (isDoubleDot(p, t) || isSingleDot(p, t))) {
        // The output ends with the "/" before this segment. Double dot: "Shorten
        // url's path", then either the "/" starts the next segment or, at the end,
        // it is the empty segment the spec appends. Single dot: nothing to do but
        // the same. (#path-state, #single-dot-path-segment, #double-dot-path-segment)
        if (isDoubleDot(p, t)) {
          o = shorten(pathStart, o - 1, false);
          st8(o, SLASH);
          o++;
        }
        p = t;
        const d = t < end ? ld8(t) : -1;
        if (d == SLASH || (special && d == BACKSLASH)) {
          p++;
          continue;
        }
        break;
      }
      st8(o, c);
      o++;
      p++;
      continue;
    }
    if (isIn(c, PATH_SET)) {
      o = writeEscape(o, c);
    } else {
      // "\" in a URL that is not special: an ordinary byte.
      st8(o, c);
      o++;
    }
    p++;
  }
  Last.pathStop = p;
  return o;
}
