// Every suite runs against each build of the kernel: the SIMD and scalar WASM
// modules (through createSwurl) and the pure-JS build as users get it (swurl/js).
// Tests import the built package (npm test builds first), so they check what ships.
import * as main from "../../build/index.js";
import * as js from "../../build/js.js";

export type Api = ReturnType<typeof main.createSwurl>;

export const builds: [string, Api][] = [
  ["wasm-simd", main.createSwurl("wasm-simd")],
  ["wasm", main.createSwurl("wasm")],
  ["js", js as unknown as Api],
];
