// swurl: the WASM kernel where WebAssembly is available, the pure-JS build elsewhere.
import { createSwurl } from "./kernels";

const api = createSwurl();

export const { kernel, split, percentDecode, percentEncode, parse, canParse, parseBatch, parseStream } = api;
export const { schemeParts, defaultPort, resolve, equivalent, validate, extractUrls } = api;
export const { canonicalize } = api;
export { Url } from "./whatwg/url";
export { UrlBatch, type BatchOptions } from "./batch";
export type { StreamSource } from "./stream";
export { createSwurl, bestKernel } from "./kernels";
export type { Swurl } from "./api";
export type { KernelName } from "./kernel/backend";
export type { UrlParts, UrlPartsJSON } from "./split";
export type { PercentDecodeOptions, PercentEncodeSet } from "./percent";
export type * from "./rfc1738";
export type { ExtractedUrl } from "./extract";
export type { CanonicalizeOptions } from "./canonical";
