// swurl/js: the same API on the pure-JS build of the kernel, for engines
// without WebAssembly or wherever a WASM module is not wanted.
import { createApi } from "./api";
import { createJsBackend } from "./kernel/js-backend";

const api = createApi(createJsBackend());

export const { kernel, split, percentDecode, percentEncode, parse, canParse, parseBatch, parseStream } = api;
export const { schemeParts, defaultPort, resolve, equivalent, validate, extractUrls } = api;
export const { canonicalize } = api;
export { Url } from "./whatwg/url";
export { UrlBatch, type BatchOptions } from "./batch";
export type { StreamSource } from "./stream";
export type { Swurl } from "./api";
export type { UrlParts, UrlPartsJSON } from "./split";
export type { PercentDecodeOptions, PercentEncodeSet } from "./percent";
export type * from "./rfc1738";
export type { ExtractedUrl } from "./extract";
export type { CanonicalizeOptions } from "./canonical";
