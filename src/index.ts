// swurl: the WASM kernel where the engine runs it, the pure-JS build elsewhere.
//
// Each export is bound on its own to a kernel made on first use, so that a
// bundler keeps only what a program imports (with "sideEffects": false in
// package.json): `import { parse } from "swurl"` leaves out the RFC 1738
// layer, bulk parsing and the rest. The kernel is loaded, and its WASM
// decoded and compiled, by the first call: importing compiles nothing.
import type { Swurl } from "./api/create.js";
import { batchApi } from "./bulk/batch.js";
import { tallyApi } from "./bulk/tally.js";
import { canonicalApi } from "./canonical/index.js";
import { extractApi } from "./rfc1738/extract.js";
import { Arena } from "./kernel/arena.js";
import type { KernelName } from "./kernel/backend.js";
import { bestKernel, defaultBackend } from "./api/kernels.js";
import { lazy } from "./api/lazy.js";
import { percentApi } from "./rfc3986/percent.js";
import { rfc1738Api } from "./rfc1738/index.js";
import { splitApi } from "./rfc3986/split.js";
import { parseApi } from "./whatwg/parse.js";
import { settersApi } from "./whatwg/setters.js";
import { urlClass } from "./whatwg/url-class.js";
import { urlPatternClass, urlPatternListClass } from "./urlpattern/url-pattern.js";
import {
  searchParamsClass,
  searchParamsLink,
  type SearchParams,
  type SearchParamsConstructor,
} from "./whatwg/search-params.js";

const arena = /* @__PURE__ */ lazy(() => {
  const made = new Arena(defaultBackend());
  kernel = made.backend.name;
  return made;
});
const whatwg = /* @__PURE__ */ lazy(() => parseApi(arena()));
const setters = /* @__PURE__ */ lazy(() => settersApi(arena(), whatwg()));
const urlCore = /* @__PURE__ */ lazy(() => ({
  parse: whatwg().parse,
  set: setters().set,
  searchParams: searchParamsLink(URLSearchParams),
}));
const patternCore = /* @__PURE__ */ lazy(() => ({ parse: whatwg().parse, set: setters().set, arena: arena() }));
const raw = /* @__PURE__ */ lazy(() => splitApi(arena()));
const escapes = /* @__PURE__ */ lazy(() => percentApi(arena()));
const rfc1738 = /* @__PURE__ */ lazy(() => rfc1738Api(arena()));
const text = /* @__PURE__ */ lazy(() => extractApi(arena()));
// Bulk parsing and canonicalize() parse with the same parse(), in the same memory.
const bulk = /* @__PURE__ */ lazy(() => batchApi(arena(), whatwg().parse));
const canonical = /* @__PURE__ */ lazy(() => canonicalApi(arena(), whatwg()));
const tallies = /* @__PURE__ */ lazy(() => tallyApi(arena()));

/**
 * Which build of the kernel the default exports run on. Until their first
 * call, the best this engine offers (bestKernel(), which compiles nothing);
 * from the first call on, the build they run on: "js" also where compiling
 * WASM was refused (a live binding: an import of `kernel` sees the change).
 */
export let kernel: KernelName = /* @__PURE__ */ bestKernel();
// parse() and canParse() are the hot path: their parameters are spelled out
// (no rest array). The others pass every argument on, options included.
export const parse: Swurl["parse"] = (input, base) => whatwg().parse(input, base);
export const canParse: Swurl["canParse"] = (input, base) => whatwg().canParse(input, base);
/** The URL class of the URL Standard, with setters: a drop-in for the platform's URL. */
export const URL: Swurl["URL"] = /* @__PURE__ */ urlClass(urlCore);
export type URL = InstanceType<Swurl["URL"]>;
/** The URLPattern class of the URL Pattern Standard, on swurl's parser (Node.js 20 has none of its own). */
export const URLPattern: Swurl["URLPattern"] = /* @__PURE__ */ urlPatternClass(patternCore);
export type URLPattern = InstanceType<Swurl["URLPattern"]>;
/** Many URL patterns matched as one: the index and result of the first that matches, as trying them in order gives. */
export const URLPatternList: Swurl["URLPatternList"] = /* @__PURE__ */ urlPatternListClass(URLPattern);
export type URLPatternList = InstanceType<Swurl["URLPatternList"]>;
export const parseBatch: Swurl["parseBatch"] = (...args) => bulk().parseBatch(...args);
export const parseStream: Swurl["parseStream"] = (...args) => bulk().parseStream(...args);
export const createTally: Swurl["createTally"] = (...args) => tallies().createTally(...args);
export const split: Swurl["split"] = (...args) => raw().split(...args);
export const percentDecode: Swurl["percentDecode"] = (...args) => escapes().percentDecode(...args);
export const percentEncode: Swurl["percentEncode"] = (...args) => escapes().percentEncode(...args);
export const schemeParts: Swurl["schemeParts"] = (...args) => rfc1738().schemeParts(...args);
export const resolve: Swurl["resolve"] = (...args) => rfc1738().resolve(...args);
export const equivalent: Swurl["equivalent"] = (...args) => rfc1738().equivalent(...args);
export const validate: Swurl["validate"] = (...args) => rfc1738().validate(...args);
export { defaultPort } from "./rfc1738/schemes.js";
export const extractUrls: Swurl["extractUrls"] = (...args) => text().extractUrls(...args);
export const canonicalize: Swurl["canonicalize"] = (...args) => canonical().canonicalize(...args);
export const surt: Swurl["surt"] = (...args) => canonical().surt(...args);
export const safeBrowsingExpressions: Swurl["safeBrowsingExpressions"] = (...args) =>
  canonical().safeBrowsingExpressions(...args);
// The class is made at import; its kernel, on its first parse or serialization.
export const URLSearchParams: SearchParamsConstructor = /* @__PURE__ */ searchParamsClass(arena);
export type URLSearchParams = SearchParams;

export * from "./api/public.js";
export { createSwurl, bestKernel } from "./api/kernels.js";
