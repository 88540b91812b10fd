// The text the bundles carry the WASM modules as (src/kernel/wasm-text.ts):
// every byte value, and both modules, come back as they went in, from text
// that is printable ASCII without a quote or a backslash.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KERNEL_MODULES, wasmFile } from "../../scripts/kernel-modules.mjs";
import { decodeWasmText, encodeWasmText } from "../../src/kernel/wasm-text";
import { mulberry32 } from "../helpers/random";

function roundTrip(bytes: Uint8Array): void {
  const text = encodeWasmText(bytes);
  expect(text).toMatch(/^[\x20-\x7e]*$/);
  expect(text).not.toMatch(/["\\]/);
  expect(decodeWasmText(text)).toEqual(bytes);
}

describe("WASM as text", () => {
  it("gives back every byte value, alone and in a row", () => {
    for (let b = 0; b < 256; b++) roundTrip(new Uint8Array([b]));
    roundTrip(Uint8Array.from({ length: 256 }, (_, i) => i));
    roundTrip(new Uint8Array(0));
  });

  it("gives back random bytes", () => {
    const rng = mulberry32(46);
    for (let n = 0; n < 50; n++) roundTrip(Uint8Array.from({ length: 1000 }, () => Math.floor(rng() * 256)));
  });

  it("gives back every module's both builds, in at most 2 characters a byte", () => {
    for (const file of KERNEL_MODULES.flatMap((m) => [wasmFile(m, "simd"), wasmFile(m, "scalar")])) {
      const bytes = new Uint8Array(readFileSync(file));
      roundTrip(bytes);
      expect(encodeWasmText(bytes).length).toBeLessThan(2 * bytes.length);
    }
  });
});
