// Punycode (RFC 3492): the Bootstring parameters of section 5, the decoder of
// section 6.2 and the encoder of section 6.3, with the overflow checks of
// section 6.4 for integers of 31 bits (maxint = 2^31 - 1, as in the punycode
// package that tr46 uses, so that both fail on the same labels).
//
// Both run in O(n log n) on a label of n code points. The section 6 loops take
// O(n^2) on hostile labels: the decoder inserts each code point into the middle
// of the output, the encoder scans the whole input once per distinct code
// point. Here a Fenwick tree over the positions answers, in O(log n), where an
// insertion lands and how many handled code points lie between two positions.

const BASE = 36;
const TMIN = 1;
const TMAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAXINT = 0x7fffffff;
const MAX_CODE_POINT = 0x10ffff;

/** Section 6.1: bias adaptation. */
function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? Math.floor(delta / DAMP) : delta >>> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((BASE - TMIN) * TMAX) >> 1) {
    delta = Math.floor(delta / (BASE - TMIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - TMIN + 1) * delta) / (delta + SKEW));
}

/** The threshold t of section 6.2 / 6.3 for the digit position k. */
function threshold(k: number, bias: number): number {
  return k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
}

/** Section 5: the digit value of a basic code point, or BASE for none. */
function digitOf(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 22; // 0-9: 26-35
  if (c >= 0x41 && c <= 0x5a) return c - 0x41; // A-Z: 0-25
  if (c >= 0x61 && c <= 0x7a) return c - 0x61; // a-z: 0-25
  return BASE;
}

/** Section 5: the lower-case basic code point of a digit value. */
function digitChar(d: number): string {
  return String.fromCharCode(d < 26 ? d + 0x61 : d + 22);
}

/** A Fenwick tree of counts over positions 0..size-1, every count `initial`. */
class Counts {
  private readonly tree: Int32Array;
  private readonly top: number;

  constructor(size: number, initial: 0 | 1) {
    this.tree = new Int32Array(size + 1);
    if (initial === 1) for (let i = 1; i <= size; i++) this.tree[i] = i & -i;
    this.top = size === 0 ? 0 : 1 << (31 - Math.clz32(size));
  }

  add(position: number, by: number): void {
    for (let i = position + 1; i < this.tree.length; i += i & -i) this.tree[i] += by;
  }

  /** The sum of the counts before `position`. */
  before(position: number): number {
    let sum = 0;
    for (let i = position; i > 0; i -= i & -i) sum += this.tree[i];
    return sum;
  }

  /** The position whose count is the (rank+1)-th one (each count 0 or 1). */
  find(rank: number): number {
    let at = 0;
    for (let step = this.top; step > 0; step >>= 1) {
      const next = at + step;
      if (next < this.tree.length && this.tree[next] <= rank) {
        at = next;
        rank -= this.tree[next];
      }
    }
    return at;
  }
}

/** String.fromCodePoint over an array, in slices that the stack takes as arguments. */
function fromCodePoints(codePoints: ArrayLike<number>): string {
  let out = "";
  for (let i = 0; i < codePoints.length; i += 4096) {
    out += String.fromCodePoint(...Array.prototype.slice.call(codePoints, i, i + 4096));
  }
  return out;
}

/** Section 6.2: the code points of a Punycode string (ASCII), or null for failure. */
export function decode(input: string): string | null {
  const basicLength = Math.max(0, input.lastIndexOf("-"));
  for (let k = 0; k < basicLength; k++) if (input.charCodeAt(k) >= 0x80) return null;
  // The insertions (code point, position at the time) in order; their final
  // positions follow once all are known.
  const values: number[] = [];
  const positions: number[] = [];
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  for (let at = basicLength > 0 ? basicLength + 1 : 0; at < input.length; ) {
    const oldi = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (at >= input.length) return null;
      const digit = digitOf(input.charCodeAt(at++));
      if (digit >= BASE) return null;
      if (digit > Math.floor((MAXINT - i) / w)) return null;
      i += digit * w;
      const t = threshold(k, bias);
      if (digit < t) break;
      if (w > Math.floor(MAXINT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const length = basicLength + values.length + 1;
    bias = adapt(i - oldi, length, oldi === 0);
    if (Math.floor(i / length) > MAXINT - n) return null;
    n += Math.floor(i / length);
    i %= length;
    if (n > MAX_CODE_POINT) return null;
    values.push(n);
    positions.push(i);
    i++;
  }
  // Backwards, each insertion takes the free slot that its position counts to
  // (the later ones are already in theirs); the basic code points fill the rest.
  const total = basicLength + values.length;
  const out = new Int32Array(total);
  const free = new Counts(total, 1);
  for (let k = values.length - 1; k >= 0; k--) {
    const slot = free.find(positions[k]);
    out[slot] = values[k];
    free.add(slot, -1);
  }
  // (An inserted code point is at least INITIAL_N, so 0 marks a free slot.)
  for (let slot = 0, k = 0; slot < total; slot++) if (out[slot] === 0) out[slot] = input.charCodeAt(k++);
  return fromCodePoints(out);
}

/** Section 6.3: the Punycode string of a string, or null on overflow. */
export function encode(input: string): string | null {
  // Code points as the punycode package counts them: a lone surrogate is one.
  const codePoints: number[] = [];
  let out = "";
  for (let k = 0; k < input.length; k++) {
    const c = input.codePointAt(k)!;
    if (c > 0xffff) k++;
    codePoints.push(c);
    if (c < 0x80) out += String.fromCharCode(c);
  }
  const basicLength = out.length;
  if (basicLength > 0) out += "-";
  // The non-basic code points in the order the encoder emits them: by value,
  // then by position (value * 2^31 + position stays below 2^53).
  const order = new Float64Array(codePoints.length - basicLength);
  for (let k = 0, j = 0; k < codePoints.length; k++) {
    if (codePoints[k] >= 0x80) order[j++] = codePoints[k] * 0x80000000 + k;
  }
  order.sort();
  // handled: 1 at the positions of the code points below n.
  const handled = new Counts(codePoints.length, 0);
  for (let k = 0; k < codePoints.length; k++) if (codePoints[k] < 0x80) handled.add(k, 1);
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  let h = basicLength;
  for (let j = 0; j < order.length; ) {
    const m = Math.floor(order[j] / 0x80000000);
    if (m - n > Math.floor((MAXINT - delta) / (h + 1))) return null;
    delta += (m - n) * (h + 1);
    n = m;
    const first = j;
    let from = 0;
    for (; j < order.length && Math.floor(order[j] / 0x80000000) === m; j++) {
      const position = order[j] % 0x80000000;
      // The code points below n from the last one emitted up to this one.
      delta += handled.before(position) - handled.before(from);
      if (delta > MAXINT) return null;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = threshold(k, bias);
        if (q < t) break;
        out += digitChar(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      out += digitChar(q);
      bias = adapt(delta, h + 1, h === basicLength);
      delta = 0;
      h++;
      from = position + 1;
    }
    delta += handled.before(codePoints.length) - handled.before(from);
    if (delta > MAXINT) return null;
    for (let k = first; k < j; k++) handled.add(order[k] % 0x80000000, 1);
    delta++;
    n++;
  }
  return out;
}
