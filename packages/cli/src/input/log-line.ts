// An access-log line's fields as byte ranges of the block it was read from,
// for `stats --by` a log field: counted from the bytes (byte-counts.ts), with
// no string a line. The grammar is the kernel's (assembly/access-log.ts), the
// one accessLogFields() reads with a RegExp (log-fields.ts), and a value is
// the one that function gives, or left to it:
//   client SP ident SP user SP "[" time "]" SP quoted-request SP status SP bytes
//   [SP quoted-referer SP quoted-user-agent]   (required by `combined`)
//   [SP anything]
// "-" is no value; a status or size is its digits without leading zeros; the
// request's method, target and version are split at its first and last space
// (requestParts()). A quoted field with an escape (\", \\, \xHH) and a number
// past 2^53 are the wrapper's (valueOf() says WRAPPER).

import { ACCESS_LOG_FIELDS } from "./log-fields.js";

const SPACE = 0x20;
const QUOTE = 0x22;
const HYPHEN = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const LEFT_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RIGHT_BRACKET = 0x5d;

/** A field's index in ACCESS_LOG_FIELDS. */
const FIELD = Object.fromEntries(ACCESS_LOG_FIELDS.map((f, i) => [f, i])) as Record<
  (typeof ACCESS_LOG_FIELDS)[number],
  number
>;

/** What valueOf() found: a key [keyStart, keyEnd), no value, or a value for the wrapper to work out. */
export const KEY = 0;
export const NO_VALUE = 1;
const WRAPPER = 2;

/** A number of 15 digits or fewer is a safe integer (Number.isSafeInteger) for sure. */
const SAFE_DIGITS = 15;

/** Reads the lines of one block after another. */
export class LogLineReader {
  private bytes: Uint8Array = new Uint8Array(0);
  private escaped = false;
  // The fields of the line read() last matched: see assembly/access-log.ts.
  private clientEnd = 0;
  private identEnd = 0;
  private userEnd = 0;
  private timeStart = 0;
  private timeEnd = 0;
  private requestOpen = 0;
  private requestClose = 0;
  private requestEscaped = false;
  private statusStart = 0;
  private statusEnd = 0;
  private bytesStart = 0;
  private bytesEnd = 0;
  /** -1 where the line has no referer and user agent. */
  private refererOpen = -1;
  private refererClose = -1;
  private refererEscaped = false;
  private agentOpen = -1;
  private agentClose = -1;
  private agentEscaped = false;
  keyStart = 0;
  keyEnd = 0;

  constructor(private readonly combined: boolean) {}

  /** Read lines of `bytes` from now on. */
  block(bytes: Uint8Array): void {
    this.bytes = bytes;
  }

  /**
   * The quote that closes a string whose content starts at p (escapes
   * skipped), or `end`; sets `escaped`. One pass over the bytes: a field is
   * tens of bytes, fewer than a search (indexOf) for each of a quote and a
   * backslash costs in calls.
   */
  private closeQuote(p: number, end: number): number {
    const bytes = this.bytes;
    this.escaped = false;
    while (p < end) {
      const b = bytes[p];
      if (b === QUOTE) return p;
      if (b === BACKSLASH) {
        this.escaped = true;
        p += 2;
      } else p++;
    }
    return end;
  }

  /** The end of a run of one or more bytes other than space at p, or -1. */
  private word(p: number, end: number): number {
    const start = p;
    while (p < end && this.bytes[p] !== SPACE) p++;
    return p > start ? p : -1;
  }

  /** The end of a status or size at p: digits, or "-"; -1 when there is none. */
  private number(p: number, end: number): number {
    const b = this.bytes;
    if (p < end && b[p] === HYPHEN) return p + 1;
    const start = p;
    while (p < end && b[p] >= DIGIT_0 && b[p] <= DIGIT_9) p++;
    return p > start ? p : -1;
  }

  /** p + 1 if the byte at p is a space followed by more of the line; else -1. */
  private space(p: number, end: number): number {
    return p >= 0 && p + 1 < end && this.bytes[p] === SPACE ? p + 1 : -1;
  }

  /** The end of a quoted string at p (after its closing quote); -1 when there is none. */
  private quoted(p: number, end: number): number {
    if (p < 0 || p >= end || this.bytes[p] !== QUOTE) return -1;
    const close = this.closeQuote(p + 1, end);
    return close < end ? close + 1 : -1;
  }

  /**
   * Read the line [p, end) into the field ranges; false when it does not
   * match the grammar. `head`: the line is known to match (the kernel read
   * it), and only the fields up to the size are asked for: the referer and
   * user agent, two quoted strings to scan, are left unread.
   */
  read(p: number, end: number, head = false): boolean {
    this.clientEnd = this.word(p, end);
    let q = this.space(this.clientEnd, end);
    this.identEnd = q < 0 ? -1 : this.word(q, end);
    q = this.space(this.identEnd, end);
    this.userEnd = q < 0 ? -1 : this.word(q, end);
    q = this.space(this.userEnd, end);
    if (q < 0 || this.bytes[q] !== LEFT_BRACKET) return false;
    const found = this.bytes.indexOf(RIGHT_BRACKET, q + 1);
    const t = found === -1 || found >= end ? end : found;
    if (t === q + 1 || t === end) return false;
    this.timeStart = q + 1;
    this.timeEnd = t;
    const request = this.space(t + 1, end);
    const requestEnd = this.quoted(request, end);
    this.requestOpen = request + 1;
    this.requestClose = requestEnd - 1;
    this.requestEscaped = this.escaped;
    q = this.space(requestEnd, end);
    this.statusStart = q;
    this.statusEnd = q < 0 ? -1 : this.number(q, end);
    q = this.space(this.statusEnd, end);
    if (q < 0) return false;
    this.bytesStart = q;
    q = this.bytesEnd = this.number(q, end);
    if (q < 0 || (q < end && this.bytes[q] !== SPACE)) return false;
    if (head) return true;
    // The referer and user agent, or what a Common Log Format line has after its size.
    const referer = this.space(q, end);
    const refererEnd = this.quoted(referer, end);
    this.refererEscaped = this.escaped;
    const agent = this.space(refererEnd, end);
    let agentEnd = this.quoted(agent, end);
    this.agentEscaped = this.escaped;
    if (agentEnd >= 0 && agentEnd < end && this.bytes[agentEnd] !== SPACE) agentEnd = -1;
    if (agentEnd < 0) {
      this.refererOpen = this.refererClose = this.agentOpen = this.agentClose = -1;
      return !this.combined;
    }
    this.refererOpen = referer + 1;
    this.refererClose = refererEnd - 1;
    this.agentOpen = agent + 1;
    this.agentClose = agentEnd - 1;
    return true;
  }

  /** [a, b) as the key; "-" is no value. */
  private token(a: number, b: number): number {
    if (b - a === 1 && this.bytes[a] === HYPHEN) return NO_VALUE;
    this.keyStart = a;
    this.keyEnd = b;
    return KEY;
  }

  /** A quoted field's content [a, b): an escape is the wrapper's to undo. */
  private quotedToken(a: number, b: number, escaped: boolean): number {
    return escaped ? WRAPPER : this.token(a, b);
  }

  /** A status or size [a, b) (digits or "-") as its digits without leading zeros. */
  private integer(a: number, b: number): number {
    if (this.bytes[a] === HYPHEN) return NO_VALUE;
    while (b - a > 1 && this.bytes[a] === DIGIT_0) a++;
    if (b - a > SAFE_DIGITS) return WRAPPER;
    this.keyStart = a;
    this.keyEnd = b;
    return KEY;
  }

  /** The method, target or version of the request [a, b), split as requestParts() splits it. */
  private requestPart(field: number, a: number, b: number): number {
    const bytes = this.bytes;
    let first = a;
    while (first < b && bytes[first] !== SPACE) first++;
    if (first === b || first === a) return NO_VALUE;
    let last = b - 1;
    while (bytes[last] !== SPACE) last--;
    if (field === FIELD.method) return this.token(a, first);
    if (field === FIELD.version) return last > first ? this.token(last + 1, b) : NO_VALUE;
    let start = first + 1;
    let end = last > first ? last : b;
    while (start < end && bytes[start] === SPACE) start++;
    while (end > start && bytes[end - 1] === SPACE) end--;
    return this.token(start, end);
  }

  /**
   * The value of field `field` (its index in ACCESS_LOG_FIELDS) of the line that read() last
   * matched, which starts at `p`: KEY (the range keyStart, keyEnd), NO_VALUE
   * or WRAPPER.
   */
  valueOf(field: number, p: number): number {
    switch (field) {
      case FIELD.client:
        return this.token(p, this.clientEnd);
      case FIELD.ident:
        return this.token(this.clientEnd + 1, this.identEnd);
      case FIELD.user:
        return this.token(this.identEnd + 1, this.userEnd);
      case FIELD.time:
        return this.token(this.timeStart, this.timeEnd);
      case FIELD.request:
        return this.quotedToken(this.requestOpen, this.requestClose, this.requestEscaped);
      case FIELD.status:
        return this.integer(this.statusStart, this.statusEnd);
      case FIELD.bytes:
        return this.integer(this.bytesStart, this.bytesEnd);
      case FIELD.referer:
        return this.refererOpen < 0
          ? NO_VALUE
          : this.quotedToken(this.refererOpen, this.refererClose, this.refererEscaped);
      case FIELD.agent:
        return this.agentOpen < 0 ? NO_VALUE : this.quotedToken(this.agentOpen, this.agentClose, this.agentEscaped);
    }
    // The method, target and version: split before the escapes are undone, as requestParts() splits them.
    return this.requestEscaped ? WRAPPER : this.requestPart(field, this.requestOpen, this.requestClose);
  }
}
