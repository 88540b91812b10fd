// Non-ASCII characters of IRIs in running text (RFC 3987 section 2.2):
// "ucschar" and "iprivate" may appear in an IRI, the rest of Unicode may not.
// In running text a URL also ends at a space or a punctuation mark that is
// ucschar by the grammar but is how a sentence goes on ("。", "…", "»"): those
// end a bare URL, while a "<...>" wrapper runs over punctuation to its ">".

import { ld8 } from "../memory";
import { sequenceAt } from "../utf8";

/** Not in an IRI: C1 controls, noncharacters, specials, tags, bidi formatting, ill-formed UTF-8. */
const NOT_IRI: i32 = 0;
/** A space (Unicode Zs, Zl, Zp, and the invisible U+200B and U+FEFF): ends the URL like ASCII space. */
const IRI_SPACE: i32 = 1;
/** Punctuation that goes on the sentence ("。", "、", "«", "»", "…", "—", quotes, full-width marks). */
export const IRI_PUNCTUATION: i32 = 2;
/** Any other ucschar or iprivate: part of the URL. */
export const IRI_LETTER: i32 = 3;

/** The code point of the well-formed UTF-8 sequence at p, or -1. */
export function codePointAt(p: i32, end: i32): i32 {
  const n = sequenceAt(p, end);
  if (n < 0) return -1;
  const lead = ld8(p);
  if (n == 1) return lead;
  // Lead byte bits: 110xxxxx, 1110xxxx, 11110xxx; then 10xxxxxx each.
  let cp = lead & (0x7f >> n);
  for (let k = 1; k < n; k++) cp = (cp << 6) | (ld8(p + k) & 0x3f);
  return cp;
}

/** The number of UTF-8 bytes of code point `cp`. */
function utf8Length(cp: i32): i32 {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

function within(cp: i32, first: i32, last: i32): bool {
  return cp >= first && cp <= last;
}

/** The class of non-ASCII code point `cp` (>= 0x80), one of the constants above. */
function iriClass(cp: i32): i32 {
  if (cp < 0xa0) return NOT_IRI;
  if (cp < 0x2000) {
    if (cp == 0xa0 || cp == 0x1680) return IRI_SPACE;
    // "«" and "»"; U+061C ARABIC LETTER MARK is bidi formatting.
    if (cp == 0xab || cp == 0xbb) return IRI_PUNCTUATION;
    return cp == 0x061c ? NOT_IRI : IRI_LETTER;
  }
  if (cp < 0x2070) {
    // General Punctuation: spaces, dashes, quotes, bullets and the invisible format characters.
    if (cp <= 0x200b || cp == 0x2028 || cp == 0x2029 || cp == 0x202f || cp == 0x205f) return IRI_SPACE;
    // Zero width (non-)joiner occur inside words and labels (IDNA CONTEXTJ).
    if (cp == 0x200c || cp == 0x200d) return IRI_LETTER;
    // "IRIs MUST NOT contain bidirectional formatting characters" (RFC 3987 section 4.1): LRM, RLM,
    // LRE to RLO, the isolates; and the invisible operators and deprecated format characters.
    if (cp == 0x200e || cp == 0x200f || within(cp, 0x202a, 0x202e) || cp >= 0x2060) return NOT_IRI;
    return IRI_PUNCTUATION;
  }
  if (cp < 0x3000) return IRI_LETTER;
  if (cp < 0x3020) {
    // CJK Symbols and Punctuation: the ideographic space, "、", "。", brackets and quotes.
    if (cp == 0x3000) return IRI_SPACE;
    return within(cp, 0x3001, 0x3003) || within(cp, 0x3008, 0x3011) || cp >= 0x3014 ? IRI_PUNCTUATION : IRI_LETTER;
  }
  if (cp < 0xfdd0) return IRI_LETTER;
  // ucschar skips the noncharacters U+FDD0 to U+FDEF.
  if (cp <= 0xfdef) return NOT_IRI;
  if (cp < 0xfe10) return IRI_LETTER;
  // Vertical forms, CJK compatibility and small forms of punctuation.
  if (cp <= 0xfe19 || within(cp, 0xfe30, 0xfe6b)) return IRI_PUNCTUATION;
  if (cp == 0xfeff) return IRI_SPACE;
  if (cp < 0xff01) return IRI_LETTER;
  if (cp <= 0xff65) {
    // Full-width and half-width forms: punctuation and symbols, not the letters and digits.
    const letterOrDigit = within(cp, 0xff10, 0xff19) || within(cp, 0xff21, 0xff3a) || within(cp, 0xff41, 0xff5a);
    return letterOrDigit ? IRI_LETTER : IRI_PUNCTUATION;
  }
  // ucschar ends at U+FFEF: the specials (U+FFF0 to U+FFFD) and noncharacters are not in it.
  if (cp <= 0xffef) return IRI_LETTER;
  if (cp < 0x10000) return NOT_IRI;
  // Each plane's last two code points are noncharacters; U+E0000 to U+E0FFF are tags.
  if ((cp & 0xfffe) == 0xfffe || within(cp, 0xe0000, 0xe0fff)) return NOT_IRI;
  return IRI_LETTER;
}

/**
 * The UTF-8 length of the non-ASCII character at p when its class is at least
 * `least` (IRI_LETTER for a bare URL, IRI_PUNCTUATION inside a wrapper), or 0.
 */
export function iriCharLength(p: i32, end: i32, least: i32): i32 {
  const cp = codePointAt(p, end);
  if (cp < 0 || iriClass(cp) < least) return 0;
  return utf8Length(cp);
}
