// One API object per backend: every public function is made from the same
// code, bound to the WASM kernel or to the pure-JS one. Each feature module
// exports a factory taking the arena; this file only puts them together.

import { Arena } from "../kernel/arena.js";
import type { Backend, KernelName } from "../kernel/backend.js";
import { splitApi } from "../rfc3986/split.js";
import { percentApi } from "../rfc3986/percent.js";
import { parseApi } from "../whatwg/parse.js";
import { rfc1738Api } from "../rfc1738/index.js";
import { extractApi } from "../rfc1738/extract.js";
import { canonicalApi } from "../canonical/index.js";
import { batchApi } from "../bulk/batch.js";
import { tallyApi } from "../bulk/tally.js";
import { settersApi } from "../whatwg/setters.js";
import { urlClass } from "../whatwg/url-class.js";
import { urlPatternClass, urlPatternListClass } from "../urlpattern/url-pattern.js";
import { searchParamsClass, searchParamsLink } from "../whatwg/search-params.js";

/**
 * @internal The key of an API object's arena (its backend, kernel and memory),
 * for the tests and bench/memory.mjs: not part of the public API.
 */
const INTERNALS = Symbol.for("swurl.internals");

export function createApi(backend: Backend) {
  const arena = new Arena(backend);
  const whatwg = parseApi(arena);
  const URLSearchParams = searchParamsClass(() => arena);
  // The URL class of this instance links its searchParams to this URLSearchParams.
  const urlCore = {
    parse: whatwg.parse,
    set: settersApi(arena, whatwg).set,
    searchParams: searchParamsLink(URLSearchParams),
  };
  const URLPattern = urlPatternClass(() => ({ parse: urlCore.parse, set: urlCore.set, arena }));
  const api = {
    /** Which build of the kernel this API runs on. */
    kernel: backend.name as KernelName,
    ...splitApi(arena),
    ...percentApi(arena),
    parse: whatwg.parse,
    canParse: whatwg.canParse,
    /** The URL class of the URL Standard, with setters, on this API's kernel. */
    URL: urlClass(() => urlCore),
    URLSearchParams,
    /** The URLPattern class of the URL Pattern Standard, on this API's parser. */
    URLPattern,
    /** Many URL patterns matched as one: the first that matches, with its index. */
    URLPatternList: urlPatternListClass(URLPattern),
    ...rfc1738Api(arena),
    ...extractApi(arena),
    // Bulk parsing and canonicalize() parse with this API's parse(), not with
    // a second instance working in the same memory.
    ...batchApi(arena, whatwg.parse),
    ...tallyApi(arena),
    ...canonicalApi(arena, whatwg),
  };
  Object.defineProperty(api, INTERNALS, { value: arena });
  return api;
}

export type Swurl = ReturnType<typeof createApi>;
