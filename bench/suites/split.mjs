// split() of every corpus line, on each kernel build.
import { perLine } from "../lib.mjs";

export const title = "split(), every corpus line";

export const tasks = (context) => perLine(context, (api) => api.split);

export const target = {
  what: "WASM split >= 3x the JS fallback's MB/s on the corpus",
  over: "js",
  labels: ["wasm-simd", "wasm"],
  ratio: 3,
};
