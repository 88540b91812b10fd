// What the URL Standard says of schemes: #special-scheme, the special schemes
// and their default ports, as the SCHEME_* kinds of the record's flags
// (layout.ts), and the file scheme's "localhost". Shared by the parser's
// states and the fast path for serialized URLs (serialized.ts).

import { ld8, ldu32, spells, word } from "./memory";
import * as L from "./layout";
import * as C from "./charcode";

/** "http" as ldu32() reads it. */
function httpWord(): i32 {
  return word(C.LOWER_H, C.LOWER_T, C.LOWER_T, C.LOWER_P);
}

/**
 * The four bytes at p are "http", the start of the commonest schemes ("http"
 * and "https"): in lower case, or in any case if `anyCase` (the scheme state
 * lower-cases a scheme; OR-ing 0x20 maps only "A"-"Z" onto "a"-"z" among the
 * letters). A word at a time, for both fast paths (canParse()'s, parser.ts,
 * and parse()'s, serialized.ts) and schemeKind().
 */
export function startsWithHttp(p: i32, anyCase: bool): bool {
  return (ldu32(p) | (anyCase ? 0x20202020 : 0)) == httpWord();
}

/** "file" as ldu32() reads it. */
function fileWord(): i32 {
  return word(C.LOWER_F, C.LOWER_I, C.LOWER_L, C.LOWER_E);
}

/** The five bytes at p are "file:", in lower case (for the fast path for serialized URLs, serialized.ts). */
export function startsWithFileColon(p: i32): bool {
  return ldu32(p) == fileWord() && ld8(p + 4) == C.COLON;
}

/**
 * The kind of the lower-case scheme [p, p + n): a special scheme, "blob" (for
 * the origin), or SCHEME_OTHER. Schemes of four and five letters are compared
 * a word at a time.
 */
export function schemeKind(p: i32, n: i32): i32 {
  if (n == 4 || n == 5) {
    const w = ldu32(p);
    if (n == 5) return w == httpWord() && ld8(p + 4) == C.LOWER_S ? L.SCHEME_HTTPS : L.SCHEME_OTHER;
    if (w == httpWord()) return L.SCHEME_HTTP;
    if (w == fileWord()) return L.SCHEME_FILE;
    if (w == word(C.LOWER_B, C.LOWER_L, C.LOWER_O, C.LOWER_B)) return L.SCHEME_BLOB;
    return L.SCHEME_OTHER;
  }
  if (n == 2 && spells(p, 2, C.LOWER_W, C.LOWER_S, 0, 0, 0)) return L.SCHEME_WS;
  if (n == 3 && spells(p, 3, C.LOWER_W, C.LOWER_S, C.LOWER_S, 0, 0)) return L.SCHEME_WSS;
  if (n == 3 && spells(p, 3, C.LOWER_F, C.LOWER_T, C.LOWER_P, 0, 0)) return L.SCHEME_FTP;
  return L.SCHEME_OTHER;
}

/** "A special scheme is a scheme listed in the first column of the following table": ftp, file, http, https, ws, wss. */
export function isSpecial(kind: i32): bool {
  return kind >= L.SCHEME_HTTP && kind <= L.SCHEME_FILE;
}

/**
 * #default-port, the table of special schemes: "ftp" 21, "file" none, "http"
 * 80, "https" 443, "ws" 80, "wss" 443; NONE for a kind that is not special.
 */
export function specialDefaultPort(kind: i32): i32 {
  switch (kind) {
    case L.SCHEME_FTP:
      return 21;
    case L.SCHEME_HTTP:
      return 80;
    case L.SCHEME_HTTPS:
      return 443;
    case L.SCHEME_WS:
      return 80;
    case L.SCHEME_WSS:
      return 443;
    default:
      return L.NONE;
  }
}

/**
 * The host [p, end) is "localhost" (domains are lower-cased by then):
 * #file-host-state "If host is "localhost", then set host to the empty string."
 */
export function isLocalhost(p: i32, end: i32): bool {
  return (
    end - p == 9 &&
    spells(p, 5, C.LOWER_L, C.LOWER_O, C.LOWER_C, C.LOWER_A, C.LOWER_L) &&
    spells(p + 5, 4, C.LOWER_H, C.LOWER_O, C.LOWER_S, C.LOWER_T, 0)
  );
}
