// Validity only: canParse() on each build against Node's URL.canParse, which
// reads the JS string in place. swurl first copies it into WASM memory
// (TextEncoder.encodeInto, ~90 ns a URL on Node 20), which this includes; the
// kernel then stops where a path begins, and takes a fast path for
// http(s)://domain[:port] (assembly/parser.ts).
import { perLine, referencePerLine } from "../lib.mjs";

const NODE = "node: URL.canParse";

export const title = "canParse, every corpus line";
export const baseline = NODE;
/** The speed goal, against Node 24's URL.canParse in particular. */
export const target = {
  what: `canParse >= 1.5x the MB/s of ${NODE}`,
  over: NODE,
  labels: ["wasm-simd", "wasm"],
  ratio: 1.5,
};

export const tasks = (context) => [
  referencePerLine(context, NODE, URL.canParse),
  ...perLine(context, (api) => api.canParse),
];
