// swurl/js: the same API on the pure-JS build of the kernel, for engines
// without WebAssembly or wherever a WASM module is not wanted.
import { createApi } from "./api/create.js";
import { createJsBackend } from "./kernel/js-backend.js";
import { JS_BUILDS } from "./kernel/js-builds.js";
import type { SearchParams } from "./whatwg/search-params.js";

// The pure-JS builds imported here, not through fallback.ts, which in the
// browser entry loads them only where WASM cannot run, with the scalar WASM
// builds that swurl/js never runs.
const api = createApi(createJsBackend(JS_BUILDS));

export const { kernel, split, percentDecode, percentEncode, parse, canParse, parseBatch, parseStream, createTally } =
  api;
/** The URL class of the URL Standard, with setters: a drop-in for the platform's URL. */
export const URL = api.URL;
export type URL = InstanceType<typeof api.URL>;
export const { schemeParts, defaultPort, resolve, equivalent, validate, extractUrls } = api;
export const { canonicalize, surt, safeBrowsingExpressions, URLSearchParams } = api;
export type URLSearchParams = SearchParams;
/** The URLPattern class of the URL Pattern Standard, on the pure-JS build. */
export const URLPattern = api.URLPattern;
export type URLPattern = InstanceType<typeof api.URLPattern>;
/** Many URL patterns matched as one, on the pure-JS build. */
export const URLPatternList = api.URLPatternList;
export type URLPatternList = InstanceType<typeof api.URLPatternList>;
export * from "./api/public.js";
