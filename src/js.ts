// swurl/js: the same API on the pure-JS build of the kernel, for engines
// without WebAssembly or wherever a WASM module is not wanted.
import { createApi } from "./api.js";
import { createJsBackend } from "./kernel/js-backend.js";

const api = createApi(createJsBackend());

export const { kernel, split, percentDecode, percentEncode, parse, canParse, parseBatch, parseStream } = api;
export const { schemeParts, defaultPort, resolve, equivalent, validate, extractUrls } = api;
export const { canonicalize } = api;
export { Url } from "./whatwg/url.js";
export { UrlBatch, type BatchOptions } from "./batch.js";
export type { StreamSource } from "./stream.js";
export type { Swurl } from "./api.js";
export type { UrlParts, UrlPartsJSON } from "./split.js";
export type { PercentDecodeOptions, PercentEncodeSet } from "./percent.js";
export type * from "./rfc1738/index.js";
export type { ExtractedUrl } from "./extract.js";
export type { CanonicalizeOptions } from "./canonical.js";
