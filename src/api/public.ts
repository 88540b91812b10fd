// What both entries (swurl and swurl/js) export besides their functions: the
// classes and the public types.
export { ParsedUrl, type UrlRanges } from "../whatwg/url.js";
/** The names of the URL API's string getters, in the URL Standard's order: the columns of a URL. */
export { URL_GETTERS, type UrlGetter } from "../whatwg/getters.js";
export { LOG_FIELDS, UrlBatch, type BatchOptions, type LineKeys, type LogField } from "../bulk/batch.js";
export type { StreamSource } from "../bulk/stream.js";
/** Access-log fields as Apache and nginx write them: a request line's parts, a quoted field's escapes undone. */
export { requestParts } from "../bulk/request-target.js";
export { unescapeLogField } from "../bulk/log-escapes.js";
export type { TallyCounts, TallyOptions, TallySummary, TallyTable, UrlTally } from "../bulk/tally.js";
export type { Swurl } from "./create.js";
export type { KernelName } from "../kernel/backend.js";
export type { UrlParts, UrlPartsJSON } from "../rfc3986/split.js";
export type { PercentDecodeOptions, PercentEncodeSet } from "../whatwg/percent.js";
export type * from "../rfc1738/index.js";
export type { ExtractedUrl } from "../rfc3987/extract.js";
export type { CanonicalizeOptions } from "../canonical/index.js";
export type { ProfileOptions, ProfileName } from "../canonical/profiles.js";
export type { NormalizeUrlOptions } from "../canonical/normalize-url.js";
export type { CrawleeOptions } from "../canonical/crawlee.js";
export type { W3libOptions } from "../canonical/w3lib.js";
export type { SafeBrowsingOptions } from "../canonical/safe-browsing.js";
export type { SurtOptions, SurtProfileOptions, IaCanonicalizerOptions } from "../canonical/surt.js";
export type { URLSearchParamsInit } from "../whatwg/search-params.js";
export type {
  URLPatternComponentResult,
  URLPatternInit,
  URLPatternInput,
  URLPatternOptions,
  URLPatternResult,
} from "../urlpattern/url-pattern.js";
