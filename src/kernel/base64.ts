// Base64 text to bytes, for the inlined WASM modules. atob is in every engine
// this package runs on (browsers, workers, Node >= 16); decoding the 25 KB
// module this way takes well under a millisecond, once.

export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
