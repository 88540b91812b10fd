// Validity only: canParse() on each build against Node's URL.canParse. Node's
// reads the JS string in place; swurl first copies it into WASM memory
// (TextEncoder.encodeInto, ~90-120 ns a URL on Node 20), which this includes.
import { perLine, referencePerLine } from "../lib.mjs";

const NODE = "node: URL.canParse";

export const title = "canParse, every corpus line";
export const baseline = NODE;
export const target = { what: `canParse >= the MB/s of ${NODE}`, over: NODE, labels: ["wasm-simd", "wasm"], ratio: 1 };

export const tasks = (context) => [
  referencePerLine(context, NODE, URL.canParse),
  ...perLine(context, (api) => api.canParse),
];
