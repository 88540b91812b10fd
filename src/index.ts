// swurl: the WASM kernel where the engine runs it, the pure-JS build elsewhere.
//
// Each export is bound on its own to a kernel made on first use, so that a
// bundler keeps only what a program imports (with "sideEffects": false in
// package.json): `import { parse } from "swurl"` leaves out the RFC 1738
// layer, bulk parsing and the rest. The kernel is loaded, and its WASM
// decoded and compiled, by the first call (or by reading `kernel`).
import type { Swurl } from "./api.js";
import { batchApi } from "./batch.js";
import { canonicalApi } from "./canonical.js";
import { extractApi } from "./extract.js";
import { Arena } from "./kernel/arena.js";
import type { KernelName } from "./kernel/backend.js";
import { defaultBackend } from "./kernels.js";
import { lazy } from "./lazy.js";
import { percentApi } from "./percent.js";
import { rfc1738Api } from "./rfc1738/index.js";
import { splitApi } from "./split.js";
import { parseApi } from "./whatwg/parse.js";

const arena = /* @__PURE__ */ lazy(() => new Arena(defaultBackend()));
const whatwg = /* @__PURE__ */ lazy(() => parseApi(arena()));
const raw = /* @__PURE__ */ lazy(() => splitApi(arena()));
const escapes = /* @__PURE__ */ lazy(() => percentApi(arena()));
const rfc1738 = /* @__PURE__ */ lazy(() => rfc1738Api(arena()));
const text = /* @__PURE__ */ lazy(() => extractApi(arena()));
// Bulk parsing and canonicalize() parse with the same parse(), in the same memory.
const bulk = /* @__PURE__ */ lazy(() => batchApi(arena(), whatwg().parse));
const canonical = /* @__PURE__ */ lazy(() => canonicalApi(arena(), whatwg().parse));

function kernelName(): KernelName {
  return arena().backend.name;
}

/** Which build of the kernel the default exports run on: "js" where WASM cannot run here. */
export const kernel: KernelName = /* @__PURE__ */ kernelName();
export const parse: Swurl["parse"] = (input, base) => whatwg().parse(input, base);
export const canParse: Swurl["canParse"] = (input, base) => whatwg().canParse(input, base);
export const parseBatch: Swurl["parseBatch"] = (input, options) => bulk().parseBatch(input, options);
export const parseStream: Swurl["parseStream"] = (source, options) => bulk().parseStream(source, options);
export const split: Swurl["split"] = (input) => raw().split(input);
export const percentDecode: Swurl["percentDecode"] = (input, options) => escapes().percentDecode(input, options);
export const percentEncode: Swurl["percentEncode"] = (input, set) => escapes().percentEncode(input, set);
export const schemeParts: Swurl["schemeParts"] = (input) => rfc1738().schemeParts(input);
export const resolve: Swurl["resolve"] = (reference, base) => rfc1738().resolve(reference, base);
export const equivalent: Swurl["equivalent"] = (a, b) => rfc1738().equivalent(a, b);
export const validate: Swurl["validate"] = (input) => rfc1738().validate(input);
export { defaultPort } from "./rfc1738/schemes.js";
export const extractUrls: Swurl["extractUrls"] = (input) => text().extractUrls(input);
export const canonicalize: Swurl["canonicalize"] = (input, options) => canonical().canonicalize(input, options);

export * from "./public.js";
export { createSwurl, bestKernel } from "./kernels.js";
