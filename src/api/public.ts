// What both entries (swurl and swurl/js) export besides their functions: the
// classes and the public types.
export { ParsedUrl } from "../whatwg/url.js";
export { UrlBatch, type BatchOptions } from "../bulk/batch.js";
export type { StreamSource } from "../bulk/stream.js";
export type { Swurl } from "./create.js";
export type { KernelName } from "../kernel/backend.js";
export type { UrlParts, UrlPartsJSON } from "../rfc3986/split.js";
export type { PercentDecodeOptions, PercentEncodeSet } from "../rfc3986/percent.js";
export type * from "../rfc1738/index.js";
export type { ExtractedUrl } from "../rfc1738/extract.js";
export type { CanonicalizeOptions } from "../canonical/index.js";
export type { URLSearchParamsInit } from "../whatwg/search-params.js";
export type {
  URLPatternComponentResult,
  URLPatternInit,
  URLPatternInput,
  URLPatternOptions,
  URLPatternResult,
} from "../urlpattern/url-pattern.js";
