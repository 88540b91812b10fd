// One API object per backend: every public function is made from the same
// code, bound to the WASM kernel or to the pure-JS one.

import { Arena } from "./kernel/arena";
import type { Backend, KernelName } from "./kernel/backend";
import { makeSplit } from "./split";
import { makePercentDecode, makePercentEncode } from "./percent";

export function createApi(backend: Backend) {
  const arena = new Arena(backend);
  return {
    /** Which build of the kernel this API runs on. */
    kernel: backend.name as KernelName,
    split: makeSplit(arena),
    percentDecode: makePercentDecode(arena),
    percentEncode: makePercentEncode(arena),
  };
}

export type Swurl = ReturnType<typeof createApi>;
