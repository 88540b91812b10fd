// A reference from the same run: Node's own URL.canParse over the corpus. It
// does a full WHATWG parse, which is more work than split(); it places the
// numbers, it is not a like-for-like comparison.
import { perLine } from "../lib.mjs";

export const title = "reference: Node's URL.canParse, every corpus line";

export const tasks = (context) =>
  perLine({ ...context, kernels: [{ name: `node ${process.version}`, api: null }] }, () => URL.canParse);
