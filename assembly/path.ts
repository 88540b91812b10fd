// URL paths, written serialized: each segment as "/" + segment, so the path
// list is the bytes [pathStart, o) of the output and "shorten" is a cut at the
// last "/". Single- and double-dot segments, Windows drive letters (#windows-drive-letter)
// and the path state of the basic URL parser (#path-state).

import { ld8, st8 } from "./memory";
import { isAsciiAlpha, PATH_SET } from "./tables";
import { encodeInto } from "./percent";
import { find4, findLast } from "./scan";
import { BACKSLASH, COLON, DIGIT_0, DOT, HASH, LOWER_E, PERCENT, PIPE, QUESTION, SLASH } from "./charcode";

/** "%2e" or "%2E" at p (three bytes before `end`). */
function isEncodedDot(p: i32, end: i32): bool {
  return p + 3 <= end && ld8(p) == PERCENT && ld8(p + 1) == DIGIT_0 + 2 && (ld8(p + 2) | 0x20) == LOWER_E;
}

/** Length of a "." or "%2e" at p, or 0. */
function dotLength(p: i32, end: i32): i32 {
  if (p < end && ld8(p) == DOT) return 1;
  return isEncodedDot(p, end) ? 3 : 0;
}

/** #single-dot-path-segment: ".", or an ASCII case-insensitive match for "%2e". */
export function isSingleDot(p: i32, end: i32): bool {
  const n = dotLength(p, end);
  return n > 0 && p + n == end;
}

/** #double-dot-path-segment: "..", ".%2e", "%2e.", or "%2e%2e", case-insensitively. */
export function isDoubleDot(p: i32, end: i32): bool {
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

/** Write "/" and the drive letter at p, its second code point replaced with ":". */
function writeDriveLetter(o: i32, p: i32): i32 {
  st8(o, SLASH);
  st8(o + 1, ld8(p));
  st8(o + 2, COLON);
  return o + 3;
}

/** Where the last pathState() call stopped in the input: at "?", "#" or the end. */
export let pathStop: i32 = 0;

/**
 * #path-state from input position `p` until "?", "#" or the end of [p, end),
 * appending segments to the path [pathStart, o). Returns the new end of the
 * output and leaves the input position in `pathStop`.
 */
export function pathState(p: i32, end: i32, pathStart: i32, o: i32, special: bool, isFile: bool): i32 {
  // In special URLs "\" separates segments like "/".
  const separator = special ? BACKSLASH : SLASH;
  let slash = true;
  while (slash) {
    const t = find4(p, end, SLASH, separator, QUESTION, HASH);
    const c = t < end ? ld8(t) : -1;
    slash = c == SLASH || c == separator;
    if (isDoubleDot(p, t)) {
      // "Shorten url's path. If neither c is U+002F (/), nor url is special and c
      // is U+005C (\), append the empty string to url's path."
      o = shorten(pathStart, o, isFile);
      if (!slash) {
        st8(o, SLASH);
        o++;
      }
    } else if (isSingleDot(p, t)) {
      if (!slash) {
        st8(o, SLASH);
        o++;
      }
    } else if (isFile && o == pathStart && isWindowsDriveLetter(p, t)) {
      // "If url's scheme is "file", url's path is empty, and buffer is a Windows
      // drive letter, then replace the second code point in buffer with U+003A (:)."
      o = writeDriveLetter(o, p);
    } else {
      st8(o, SLASH);
      o = encodeInto(p, t - p, o + 1, PATH_SET);
    }
    pathStop = t;
    p = t + 1;
  }
  return o;
}
