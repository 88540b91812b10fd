// swurl: the WASM kernel where the engine runs it, the pure-JS build elsewhere.
//
// Each export is bound on its own (src/api/bindings.ts, the table createSwurl()
// reads too) to a kernel made on first use, so that a bundler keeps only what
// a program imports (with "sideEffects": false in package.json):
// `import { parse } from "swurl"` leaves out the RFC 1738 layer, bulk parsing
// and the rest. The kernel is loaded, and its WASM
// decoded and compiled, by the first call: importing compiles nothing.
import type { KernelName } from "./kernel/backend.js";
import { bestKernel } from "./api/kernels.js";
import { defaultArena } from "./api/default.js";
import * as B from "./api/bindings.js";
import { newInstance } from "./api/instance.js";
import { lazy } from "./kernel/lazy.js";

const instance = /* @__PURE__ */ newInstance(
  /* @__PURE__ */ lazy(() => {
    const made = defaultArena();
    kernel = made.backend.name;
    return made;
  }),
  false,
);

/**
 * Which build of the kernel the default exports run on. Until their first
 * call, the best this engine offers (bestKernel(), which compiles nothing);
 * from the first call on, the build they run on: "js" also where compiling
 * WASM was refused (a live binding: an import of `kernel` sees the change).
 */
export let kernel: KernelName = /* @__PURE__ */ bestKernel();
export const parse = /* @__PURE__ */ B.parse(instance);
export const canParse = /* @__PURE__ */ B.canParse(instance);
/** The URL class of the URL Standard, with setters: a drop-in for the platform's URL. */
export const URL = /* @__PURE__ */ B.URL(instance);
export type URL = InstanceType<typeof URL>;
/** The URLSearchParams class of the URL Standard (the class is made at import; its kernel, on its first parse or serialization). */
export const URLSearchParams = /* @__PURE__ */ B.URLSearchParams(instance);
export type URLSearchParams = InstanceType<typeof URLSearchParams>;
/** The URLPattern class of the URL Pattern Standard, on swurl's parser (Node.js 20 has none of its own). */
export const URLPattern = /* @__PURE__ */ B.URLPattern(instance);
export type URLPattern = InstanceType<typeof URLPattern>;
/** Many URL patterns matched as one: the index and result of the first that matches, as trying them in order gives. */
export const URLPatternList = /* @__PURE__ */ B.URLPatternList(instance);
export type URLPatternList = InstanceType<typeof URLPatternList>;
export const parseBatch = /* @__PURE__ */ B.parseBatch(instance);
export const parseStream = /* @__PURE__ */ B.parseStream(instance);
export const createTally = /* @__PURE__ */ B.createTally(instance);
export const split = /* @__PURE__ */ B.split(instance);
export const percentDecode = /* @__PURE__ */ B.percentDecode(instance);
export const percentEncode = /* @__PURE__ */ B.percentEncode(instance);
export const schemeParts = /* @__PURE__ */ B.schemeParts(instance);
export const defaultPort = /* @__PURE__ */ B.defaultPort(instance);
export const resolve = /* @__PURE__ */ B.resolve(instance);
export const equivalent = /* @__PURE__ */ B.equivalent(instance);
export const validate = /* @__PURE__ */ B.validate(instance);
export const extractUrls = /* @__PURE__ */ B.extractUrls(instance);
export const canonicalize = /* @__PURE__ */ B.canonicalize(instance);
export const surt = /* @__PURE__ */ B.surt(instance);
export const safeBrowsingExpressions = /* @__PURE__ */ B.safeBrowsingExpressions(instance);

export * from "./api/public.js";
export { createSwurl, bestKernel } from "./api/kernels.js";
