// The CONTEXTJ rules of RFC 5892 Appendix A, which UTS #46 section 4.1 step 8
// applies with CheckJoiners=true.

import { Joining, VIRAMA, joiningType, properties } from "./unicode-data.js";

const ZWNJ = 0x200c;
const ZWJ = 0x200d;

/** Whether every ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER of a label is in a context that allows it. */
export function satisfiesContextJ(codePoints: readonly number[]): boolean {
  for (let i = 0; i < codePoints.length; i++) {
    const c = codePoints[i];
    if (c !== ZWNJ && c !== ZWJ) continue;
    // A.1 and A.2: "If Canonical_Combining_Class(Before(cp)) .eq. Virama Then True;"
    if (i > 0 && properties(codePoints[i - 1]) & VIRAMA) continue;
    // A.2 (ZWJ) has no other rule. A.1 (ZWNJ): "If RegExpMatch((Joining_Type:{L,D})
    // (Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})) Then True;"
    if (c === ZWJ) return false;
    let before = i - 1;
    while (before >= 0 && joiningType(properties(codePoints[before])) === Joining.T) before--;
    if (before < 0) return false;
    const left = joiningType(properties(codePoints[before]));
    if (left !== Joining.L && left !== Joining.D) return false;
    let after = i + 1;
    while (after < codePoints.length && joiningType(properties(codePoints[after])) === Joining.T) after++;
    if (after === codePoints.length) return false;
    const right = joiningType(properties(codePoints[after]));
    if (right !== Joining.R && right !== Joining.D) return false;
  }
  return true;
}
