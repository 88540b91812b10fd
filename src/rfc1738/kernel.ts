// The kernel exports of the RFC 1738 layer (assembly/rfc1738/index.ts).
// Addresses and lengths are in bytes.

export interface Rfc1738Exports {
  /** Byte offsets and findings to two i32 lists, their number returned; split() fields in RESULT. */
  rfc1738Scan(src: number, len: number, offsets: number, findings: number): number;
  /** 0 when the bytes are host = hostname | hostnumber, else the finding (offset in RESULT field 0). */
  rfc1738Host(src: number, len: number): number;
  /** Decode escapes of octets in class set `set`, upper-case the hex of the rest; returns the length. */
  rfc1738NormalizeEscapes(src: number, len: number, dst: number, set: number): number;
  /** URL records found in text (see assembly/rfc1738/extract.ts); their number returned. */
  rfc1738Extract(src: number, len: number, from: number, table: number, out: number, cap: number): number;
  /** Byte offsets at `words` to UTF-16 indices, walking on from the (byte, unit) pair at `cursor`. */
  rfc1738Utf16(src: number, words: number, n: number, cursor: number): void;
}
