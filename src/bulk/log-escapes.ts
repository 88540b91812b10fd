// The escapes of a quoted access-log field, as Apache and nginx write them.

const ESCAPE = /\\(x[0-9a-fA-F]{2}|[\s\S])/g;

const encoder = /* @__PURE__ */ new TextEncoder();
/** The WHATWG UTF-8 decoder (invalid sequences become U+FFFD), keeping a BOM. */
const utf8Decoder = /* @__PURE__ */ new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * An access-log field with Apache's and nginx's escapes undone: \" and \\
 * are the character, \xHH a byte (UTF-8 bytes of a target that was not
 * percent-encoded come out as such escapes in nginx logs).
 */
export function unescapeLogField(field: string): string {
  if (!field.includes("\\")) return field;
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
    add(m[1].length === 3 ? Uint8Array.of(parseInt(m[1].slice(1), 16)) : encoder.encode(m[1]));
    last = m.index + m[0].length;
  }
  add(encoder.encode(field.slice(last)));
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return utf8Decoder.decode(bytes);
}
