// The WASM modules as text for the bundles (scripts/bundle.mjs encodes them
// at build time, wasm-backend.ts decodes the one an engine runs). Each byte
// is one or two printable ASCII characters, so a run of bytes that repeats in
// the module repeats in the text, where gzip and brotli find it again; base64
// cuts bytes into 6-bit pieces, and a repeat is only seen again when both
// copies start at the same offset modulo 3. ASCII only, so that a bundler
// that escapes non-ASCII in its output leaves the text as it is.
//
// On the two modules (74 KB of WASM, 27.0 KB gzip -9 as they are): base64
// 98.6 KB, 36.9 KB gzip, 32.2 KB brotli; this text 83.2 KB, 27.5 KB gzip,
// 23.8 KB brotli (scripts/sizes.mjs reports the bundles). Decoding costs a
// fraction of a millisecond more than atob(), which import and first parse()
// do not show.

/**
 * Added to each byte (mod 256) before it is written. Most bytes of the
 * modules are small (opcodes, local indices, LEB128 numbers, zeros): 0x30
 * makes most of them printable characters of one byte. Chosen by measuring
 * the gzip size for shifts 0x20 to 0x50.
 */
const SHIFT = 0x30;
/** A shifted byte that is not written as itself: one of these by its top two bits, then a digit for the low six. */
const PREFIXES = "#$%&";
const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
const FIRST_PREFIX = PREFIXES.charCodeAt(0);

/** Whether shifted byte `b` is written as itself: printable ASCII, not a quote, a backslash or a prefix. */
function isItself(b: number): boolean {
  return b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c && (b < FIRST_PREFIX || b >= FIRST_PREFIX + 4);
}

/** The text of `bytes` (what the build inlines). */
export function encodeWasmText(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) {
    const b = (byte + SHIFT) & 255;
    text += isItself(b) ? String.fromCharCode(b) : PREFIXES[b >> 6] + DIGITS[b & 63];
  }
  return text;
}

/**
 * The bytes of `text`, made by encodeWasmText(). By table, with one branch a
 * character: the loop runs once, cold, before the engine optimizes it.
 */
export function decodeWasmText(text: string): Uint8Array<ArrayBuffer> {
  // What a character stands for: its byte, or for a prefix 256 + its top two bits.
  const value = new Uint16Array(128);
  const digit = new Uint8Array(128);
  for (let c = 0; c < 128; c++) value[c] = (c - SHIFT) & 255;
  for (let q = 0; q < 4; q++) value[FIRST_PREFIX + q] = 256 + (q << 6);
  for (let i = 0; i < DIGITS.length; i++) digit[DIGITS.charCodeAt(i)] = i;
  // Decoded in place: the output never overtakes the input.
  const bytes = new TextEncoder().encode(text);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const v = value[bytes[i]];
    bytes[n++] = v < 256 ? v : (v + digit[bytes[++i]] - SHIFT) & 255;
  }
  return bytes.slice(0, n);
}
