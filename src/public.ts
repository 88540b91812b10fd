// What both entries (swurl and swurl/js) export besides their functions: the
// classes and the public types.
export { Url } from "./whatwg/url.js";
export { UrlBatch, type BatchOptions } from "./batch.js";
export type { StreamSource } from "./stream.js";
export type { Swurl } from "./api.js";
export type { KernelName } from "./kernel/backend.js";
export type { UrlParts, UrlPartsJSON } from "./split.js";
export type { PercentDecodeOptions, PercentEncodeSet } from "./percent.js";
export type * from "./rfc1738/index.js";
export type { ExtractedUrl } from "./extract.js";
export type { CanonicalizeOptions } from "./canonical.js";
export type { URLSearchParamsInit } from "./whatwg/searchparams.js";
export type {
  URLPatternComponentResult,
  URLPatternInit,
  URLPatternInput,
  URLPatternOptions,
  URLPatternResult,
} from "./urlpattern/url-pattern.js";
