// Python's "idna" codec (IDNA 2003, RFC 3490 ToASCII with the nameprep
// profile of RFC 3491), which w3lib and SURT run on hosts. Nameprep is
// approximated by UTS #46 with transitional processing, the mapping UTS #46
// defines to be compatible with IDNA 2003: "ß" becomes "ss", final sigma
// "σ", and the joiners U+200C and U+200D are removed. The two differ on code
// points that Unicode 3.2 did not have (IDNA 2003 refuses them) and on a few
// symbols; see docs/canonical.md.

import { toAscii } from "../whatwg/uts46.js";
import { isAscii } from "../whatwg/infra.js";

/** RFC 3490 section 3.1: the label separators. */
const DOTS = /[.\u3002\uFF0E\uFF61]/;

/** UTS #46 section 4 step 1, transitional: the deviation characters mapped as IDNA 2003 maps them. */
const DEVIATIONS = /[\u00DF\u03C2\u200C\u200D]/g;
const DEVIATION_MAP: Record<string, string> = { "\u00DF": "ss", "\u03C2": "\u03C3", "\u200C": "", "\u200D": "" };

/** RFC 3490 section 4.1 step 8: a label of 1 to 63 ASCII characters. */
function fits(label: string): boolean {
  return label.length > 0 && label.length < 64;
}

/** ToASCII of one label (Python's encodings.idna.ToASCII), or null where it raises. */
function labelToAscii(label: string): string | null {
  // Step 1: an ASCII label skips nameprep and is only measured.
  if (isAscii(label)) return fits(label) ? label : null;
  const ascii = toAscii(label.replace(DEVIATIONS, (c) => DEVIATION_MAP[c]));
  return ascii !== null && fits(ascii) && !ascii.includes(".") ? ascii : null;
}

/**
 * `domain` encoded by Python's "idna" codec, or null where the codec raises
 * (an empty or too long label, a code point nameprep prohibits). An ASCII
 * domain is only measured, and kept as it is (upper case included).
 */
export function idna2003(domain: string): string | null {
  if (domain === "") return "";
  if (isAscii(domain)) {
    const labels = domain.split(".");
    // The codec lets the last label be empty (a trailing dot).
    for (let i = 0; i < labels.length - 1; i++) if (!fits(labels[i])) return null;
    return labels[labels.length - 1].length < 64 ? domain : null;
  }
  const labels = domain.split(DOTS);
  const trailingDot = labels.length > 1 && labels[labels.length - 1] === "";
  if (trailingDot) labels.pop();
  const out: string[] = [];
  for (const label of labels) {
    const ascii = labelToAscii(label);
    if (ascii === null) return null;
    out.push(ascii);
  }
  return out.join(".") + (trailingDot ? "." : "");
}
