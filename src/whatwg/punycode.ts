// Punycode encoding (RFC 3492 section 6.3) in O(n log n), giving exactly what
// the punycode package (which tr46 uses) gives. The textbook encoder scans
// the whole label once per distinct non-ASCII code point, O(n * d): a 32,000
// character host of distinct CJK characters took ~7 s in tr46.toASCII on Node
// 20, and a URL can carry far longer ones. Here the code points are visited in
// (value, position) order, and a Fenwick tree over positions counts the code
// points smaller than the current one between two of its occurrences: that
// count is what the scans add to delta one by one.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_INT = 0x7fffffff;

/** RFC 3492 section 6.1, "Bias adaptation function". */
function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  for (; delta > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) delta = Math.floor(delta / (BASE - T_MIN));
  return Math.floor(k + ((BASE - T_MIN + 1) * delta) / (delta + SKEW));
}

/** The basic code point of a digit: 0-25 "a"-"z", 26-35 "0"-"9". */
function digit(d: number): string {
  return String.fromCharCode(d < 26 ? d + 97 : d + 22);
}

/** The code points of `s`, a lone surrogate standing for itself (as the punycode package's ucs2decode reads it). */
function codePoints(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out.push(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
        i++;
        continue;
      }
    }
    out.push(c);
  }
  return out;
}

/** Counts of marked positions, by prefix, in O(log n) per step. */
class Fenwick {
  private readonly tree: Int32Array;
  constructor(size: number) {
    this.tree = new Int32Array(size + 1);
  }
  mark(position: number): void {
    for (let i = position + 1; i < this.tree.length; i += i & -i) this.tree[i]++;
  }
  /** Marked positions in [0, end). */
  before(end: number): number {
    let sum = 0;
    for (let i = end; i > 0; i -= i & -i) sum += this.tree[i];
    return sum;
  }
}

/**
 * The Punycode encoding of `label` (without "xn--"), or null where the punycode
 * package throws its overflow error (delta past 2^31 - 1).
 */
export function punycodeEncode(label: string): string | null {
  const input = codePoints(label);
  const output: string[] = [];
  const smaller = new Fenwick(input.length);
  const others: number[] = [];
  input.forEach((c, position) => {
    if (c < INITIAL_N) {
      output.push(String.fromCharCode(c));
      smaller.mark(position);
    } else {
      others.push(position);
    }
  });
  const basic = output.length;
  if (basic > 0) output.push("-");
  others.sort((a, b) => input[a] - input[b] || a - b);

  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  let handled = basic;
  for (let group = 0; group < others.length; ) {
    const m = input[others[group]];
    const handledPlusOne = handled + 1;
    if (m - n > Math.floor((MAX_INT - delta) / handledPlusOne)) return null;
    delta += (m - n) * handledPlusOne;
    n = m;
    // The occurrences of m in input order; between them, every smaller code point adds one.
    let end = group;
    while (end < others.length && input[others[end]] === m) end++;
    let after = 0;
    for (let k = group; k < end; k++) {
      const position = others[k];
      delta += smaller.before(position) - smaller.before(after);
      if (delta > MAX_INT) return null;
      let q = delta;
      for (let j = BASE; ; j += BASE) {
        const t = j <= bias ? T_MIN : j >= bias + T_MAX ? T_MAX : j - bias;
        if (q < t) break;
        output.push(digit(t + ((q - t) % (BASE - t))));
        q = Math.floor((q - t) / (BASE - t));
      }
      output.push(digit(q));
      // As the punycode package does: the count of handled code points from before this m.
      bias = adapt(delta, handledPlusOne, handled === basic);
      delta = 0;
      handled++;
      after = position + 1;
    }
    delta += smaller.before(input.length) - smaller.before(after);
    if (delta > MAX_INT) return null;
    for (let k = group; k < end; k++) smaller.mark(others[k]);
    group = end;
    delta++;
    n++;
  }
  return output.join("");
}
