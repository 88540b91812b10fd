// #special-scheme: the schemes the URL Standard names, as the SCHEME_* kinds of
// the record's flags (layout.ts), shared by the parser's scheme state and the
// fast path for serialized URLs (serialized.ts).

import { ld8, ldu32, spells, word } from "./memory";
import * as L from "./layout";
import * as C from "./charcode";

/**
 * The kind of the lower-case scheme [p, p + n): a special scheme, "blob" (for
 * the origin), or SCHEME_OTHER. Schemes of four and five letters are compared
 * a word at a time.
 */
export function schemeKind(p: i32, n: i32): i32 {
  if (n == 4 || n == 5) {
    const w = ldu32(p);
    const http = word(C.LOWER_H, C.LOWER_T, C.LOWER_T, C.LOWER_P);
    if (n == 5) return w == http && ld8(p + 4) == C.LOWER_S ? L.SCHEME_HTTPS : L.SCHEME_OTHER;
    if (w == http) return L.SCHEME_HTTP;
    if (w == word(C.LOWER_F, C.LOWER_I, C.LOWER_L, C.LOWER_E)) return L.SCHEME_FILE;
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
