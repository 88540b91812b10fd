// What this engine offers the kernel's builds: WebAssembly, and SIMD in it.

/** A module whose one function uses i8x16.splat and i8x16.popcnt. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

export function hasWebAssembly(): boolean {
  return typeof WebAssembly === "object" && typeof WebAssembly.Module === "function";
}

export function hasSimd(): boolean {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/**
 * Whether this engine compiles a SIMD module: validating one is not enough
 * where a Content Security Policy without 'wasm-unsafe-eval' refuses every
 * compile. Compiles a module of 31 bytes.
 */
export function compilesSimd(): boolean {
  if (!hasWebAssembly()) return false;
  try {
    new WebAssembly.Module(SIMD_PROBE);
    return true;
  } catch {
    return false;
  }
}
