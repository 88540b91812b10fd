// The escapes of a quoted access-log field, as Apache and nginx write them.
//
// Apache (mod_log_config, %r %i %o): a byte that is not printable ASCII as
// \xhh, the raw byte; `"` and `\` as \" and \\; and whitespace in C's
// notation, \b \n \r \t \v. nginx (log_format, escape=default): `"`, `\`,
// and bytes below 0x20 or above 0x7E as \xHH. Both are undone here: \xHH is
// the byte, the C escapes are the characters. A backslash before any other
// character (which neither server writes) gives that character.

const encoder = /* @__PURE__ */ new TextEncoder();
/** The WHATWG UTF-8 decoder (invalid sequences become U+FFFD), keeping a BOM. */
const utf8Decoder = /* @__PURE__ */ new TextDecoder("utf-8", { ignoreBOM: true });

const ESCAPE = /\\(x[0-9a-fA-F]{2}|[\s\S])/g;

/** Apache's C-style escapes of whitespace, as the bytes they stand for. */
const C_ESCAPES: Record<string, number> = { b: 0x08, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };

/** The bytes of a field with its escapes undone. */
function unescapedBytes(field: string): Uint8Array {
  // The bytes in pieces, joined once: a field can be megabytes long.
  const pieces: Uint8Array[] = [];
  let size = 0;
  const add = (bytes: Uint8Array) => {
    pieces.push(bytes);
    size += bytes.length;
  };
  let last = 0;
  for (const m of field.matchAll(ESCAPE)) {
    add(encoder.encode(field.slice(last, m.index)));
    const e = m[1];
    const c = C_ESCAPES[e];
    add(
      e.length === 3 ? Uint8Array.of(parseInt(e.slice(1), 16)) : c !== undefined ? Uint8Array.of(c) : encoder.encode(e),
    );
    last = m.index + m[0].length;
  }
  add(encoder.encode(field.slice(last)));
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
}

/**
 * An access-log field with Apache's and nginx's escapes undone, as text:
 * \", \\ and \b \n \r \t \v are the characters, \xHH a byte, the bytes then
 * read as UTF-8 (a byte that is not UTF-8 is U+FFFD, as TextDecoder reads it).
 */
export function unescapeLogField(field: string): string {
  return field.includes("\\") ? utf8Decoder.decode(unescapedBytes(field)) : field;
}

/**
 * The length of the UTF-8 sequence at `i` of `bytes` (Unicode's table 3-7
 * of well-formed sequences), or 0 where none starts there.
 */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  if (b < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < bytes.length && bytes[i + k] >= lo && bytes[i + k] <= hi;
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) {
    const lo = b === 0xe0 ? 0xa0 : 0x80;
    const hi = b === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const lo = b === 0xf0 ? 0x90 : 0x80;
    const hi = b === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/**
 * A URL field (a request target, a referer) with its escapes undone, as URL
 * text: the bytes that are UTF-8 as their characters (which the URL parser
 * percent-encodes as those bytes again), and a byte that is not UTF-8 as
 * %HH, itself. (unescapeLogField() would make every such byte U+FFFD, so
 * that `/caf\xE9` and `/caf\xE8` would be one path, %EF%BF%BD.)
 */
export function unescapeLogUrl(field: string): string {
  if (!field.includes("\\")) return field;
  const bytes = unescapedBytes(field);
  let out = "";
  let run = 0;
  for (let i = 0; i < bytes.length; ) {
    const n = sequenceLength(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += utf8Decoder.decode(bytes.subarray(run, i)) + "%" + bytes[i].toString(16).toUpperCase().padStart(2, "0");
    run = ++i;
  }
  return out + utf8Decoder.decode(bytes.subarray(run));
}
