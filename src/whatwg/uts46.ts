// UTS #46 (Unicode IDNA Compatibility Processing) ToASCII, section 4.2, with
// the flags of the URL Standard's "domain to ASCII" for beStrict=false:
// CheckHyphens=false, CheckBidi=true, CheckJoiners=true, UseSTD3ASCIIRules=false,
// Transitional_Processing=false, VerifyDnsLength=false, IgnoreInvalidPunycode=false.
// Any error that processing records fails the whole domain, so the first one
// ends it here (null).

import { isBidiDomain, satisfiesBidiRule } from "./bidi.js";
import { satisfiesContextJ } from "./contextj.js";
import { decode, encode } from "./punycode.js";
import { MARK, isValid, mapCodePoint, properties } from "./unicode-data.js";
import { isAscii } from "./infra.js";

/**
 * Section 4 step 1 (Map), nontransitional: each code point mapped, ignored
 * or kept. ASCII is its own: A-Z maps to a-z and the rest is valid (the
 * generator checks this against the table).
 */
function map(domain: string): string {
  let out = "";
  let kept = 0; // domain[kept..k) is copied as it is
  for (let k = 0; k < domain.length; k++) {
    const c = domain.charCodeAt(k);
    let replacement: string | null;
    let width = 1;
    if (c < 0x80) {
      if (c < 0x41 || c > 0x5a) continue;
      replacement = String.fromCharCode(c + 0x20);
    } else {
      const cp = domain.codePointAt(k)!;
      if (cp > 0xffff) width = 2;
      replacement = mapCodePoint(cp);
    }
    if (replacement !== null) {
      out += domain.slice(kept, k) + replacement;
      kept = k + width;
    }
    k += width - 1;
  }
  return kept === 0 ? domain : out + domain.slice(kept);
}

function codePointsOf(label: string): number[] {
  const out: number[] = [];
  for (let k = 0; k < label.length; k++) {
    const c = label.codePointAt(k)!;
    if (c > 0xffff) k++;
    out.push(c);
  }
  return out;
}

/** Section 4.1, the validity criteria for a label (`decoded`: converted from Punycode in step 4). */
function isValidLabel(label: string, decoded: boolean, bidiDomain: boolean): boolean {
  // "Each of the following criteria must be satisfied for a non-empty label".
  if (label === "") return true;
  // 1. NFC. 4. With CheckHyphens=false, not beginning with "xn--". Only a
  // decoded label can fail these: the other labels are cut at U+002E from the
  // string that step 2 normalized (U+002E is a starter that composes with
  // nothing, so each piece is NFC), and a label that began with "xn--" was decoded.
  // (2 and 3 need CheckHyphens; 5, no U+002E, cannot fail: step 3 split at each
  // one and Punycode inserts no code point below U+0080.)
  if (decoded && (label.normalize("NFC") !== label || label.startsWith("xn--"))) return false;
  const codePoints = codePointsOf(label);
  // 6. The label must not begin with a combining mark (General_Category=Mark).
  if (properties(codePoints[0]) & MARK) return false;
  // 7. Each code point's status must be valid or deviation.
  for (const c of codePoints) {
    if (c < 0x80 ? c >= 0x41 && c <= 0x5a : !isValid(c)) return false;
  }
  // 8. CheckJoiners: the CONTEXTJ rules of RFC 5892 Appendix A.
  // 9. CheckBidi, in a Bidi domain name: the Bidi Rule of RFC 5893 section 2.
  return satisfiesContextJ(codePoints) && (!bidiDomain || satisfiesBidiRule(codePoints));
}

/** Section 4.2 ToASCII: the ASCII form of a domain, or null for an error. */
export function toAscii(domain: string): string | null {
  // Section 4 steps 1 (Map), 2 (Normalize: NFC) and 3 (Break: at U+002E;
  // Map turned the other full stops into it).
  const labels = map(domain).normalize("NFC").split(".");
  // Step 4 (Convert/Validate). A label that starts with "xn--" must be ASCII
  // (4.1), its rest valid Punycode (4.2), which decodes to something that is
  // not empty nor ASCII (4.3).
  const decoded: boolean[] = [];
  for (let k = 0; k < labels.length; k++) {
    decoded.push(labels[k].startsWith("xn--"));
    if (!decoded[k]) continue;
    if (!isAscii(labels[k])) return null;
    const label = decode(labels[k].slice(4));
    if (label === null || isAscii(label)) return null;
    labels[k] = label;
  }
  // 4.4 and the other labels: the validity criteria, where CheckBidi reads the
  // whole domain name as converted.
  const bidiDomain = isBidiDomain(labels);
  for (let k = 0; k < labels.length; k++) {
    if (!isValidLabel(labels[k], decoded[k], bidiDomain)) return null;
  }
  // ToASCII step 2: each label with a non-ASCII code point becomes "xn--"
  // followed by its Punycode.
  for (let k = 0; k < labels.length; k++) {
    if (isAscii(labels[k])) continue;
    const punycode = encode(labels[k]);
    if (punycode === null) return null;
    labels[k] = `xn--${punycode}`;
  }
  return labels.join(".");
}
