// The Bidi Rule of RFC 5893 section 2, which UTS #46 section 4.1 step 9 applies
// (CheckBidi=true) to every label of a Bidi domain name.

import { Bidi, bidiGroup, properties } from "./unicode-data.js";

/**
 * RFC 5893 section 1.4: a Bidi domain name holds at least one character of
 * Bidi_Class R, AL or AN. `labels` are the labels after conversion (decoded).
 */
export function isBidiDomain(labels: readonly string[]): boolean {
  for (const label of labels) {
    for (let k = 0; k < label.length; k++) {
      const c = label.codePointAt(k)!;
      if (c < 0x590) continue; // below the Hebrew block, every code point is of another class
      if (c > 0xffff) k++;
      const group = bidiGroup(properties(c));
      if (group === Bidi.R || group === Bidi.AN) return true;
    }
  }
  return false;
}

/** RFC 5893 section 2: whether a non-empty label satisfies the six conditions. */
export function satisfiesBidiRule(codePoints: readonly number[]): boolean {
  // 1. The first character must be of Bidi_Class L, R or AL.
  const first = bidiGroup(properties(codePoints[0]));
  if (first !== Bidi.L && first !== Bidi.R) return false;
  const rtl = first === Bidi.R;
  let hasEN = false;
  let hasAN = false;
  // The last character that is not NSM (there is one: the first).
  let last = first;
  for (const c of codePoints) {
    const group = bidiGroup(properties(c));
    if (rtl) {
      // 2. In an RTL label, only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM.
      if (group === Bidi.L || group === 0) return false;
    } else if (group === Bidi.R || group === Bidi.AN || group === 0) {
      // 5. In an LTR label, only L, EN, ES, CS, ET, ON, BN and NSM.
      return false;
    }
    if (group === Bidi.EN) hasEN = true;
    if (group === Bidi.AN) hasAN = true;
    if (group !== Bidi.NSM) last = group;
  }
  // 3. An RTL label must end with R, AL, EN or AN, followed by zero or more NSM;
  // 4. and must not hold both EN and AN.
  if (rtl) return last !== Bidi.Neutral && !(hasEN && hasAN);
  // 6. An LTR label must end with L or EN, followed by zero or more NSM.
  return last === Bidi.L || last === Bidi.EN;
}
