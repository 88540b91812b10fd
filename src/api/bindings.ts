// The API, one binding a public name: how each export is made from a kernel
// instance. Both ways of wiring it read this one table: createApi()
// (create.ts: createSwurl() and swurl/js) binds every name to an instance at
// once; the default entry (src/index.ts) binds each name on its own to an
// instance whose kernel is made on first use, so that a bundler keeps only
// the bindings, and the parts behind them, that a program imports.
//
// An instance's parts (its parser, setters, classes, ...) are made on the
// first call that needs them and kept in the instance's slots: a binding
// never holds a part itself, only the instance.

import type { Instance } from "./instance.js";
import { splitApi } from "../rfc3986/split.js";
import { percentApi } from "../whatwg/percent.js";
import { type ParseApi, parseApi } from "../whatwg/parse.js";
import { rfc1738Api } from "../rfc1738/index.js";
import { defaultPort as schemeDefaultPort } from "../rfc1738/schemes.js";
import { extractApi } from "../rfc3987/extract.js";
import { canonicalApi } from "../canonical/index.js";
import { batchApi } from "../bulk/batch.js";
import { tallyApi } from "../bulk/tally.js";
import { settersApi } from "../whatwg/setters.js";
import { type URL as UrlClass, urlClass } from "../whatwg/url-class.js";
import { type URLPattern as PatternClass, urlPatternClass, urlPatternListClass } from "../urlpattern/url-pattern.js";
import { type SearchParamsConstructor, searchParamsClass, searchParamsLink } from "../whatwg/search-params.js";
import { formCodec } from "../whatwg/urlencoded.js";

// The parts, each made once per instance.
const whatwg = (i: Instance) => (i.whatwg ??= parseApi(i.arena()));
const setters = (i: Instance) => (i.setters ??= settersApi(i.arena(), whatwg(i)));
const searchParams = (i: Instance) => (i.searchParams ??= searchParamsClass(formCodec(i.arena)));
const pattern = (i: Instance) =>
  (i.pattern ??= urlPatternClass(() => ({ parse: whatwg(i).parse, set: setters(i).set, arena: i.arena() })));
// The URL class of an instance links its searchParams to the instance's URLSearchParams.
const urlCore = (i: Instance) =>
  (i.urlCore ??= { parse: whatwg(i).parse, set: setters(i).set, searchParams: searchParamsLink(searchParams(i)) });
const rfc3986 = (i: Instance) => (i.split ??= splitApi(i.arena()));
const escapes = (i: Instance) => (i.percent ??= percentApi(i.arena()));
const rfc1738 = (i: Instance) => (i.rfc1738 ??= rfc1738Api(i.arena()));
const text = (i: Instance) => (i.extract ??= extractApi(i.arena()));
// Bulk parsing and canonicalize() parse with the instance's parse(), in the same memory.
const bulk = (i: Instance) => (i.bulk ??= batchApi(i.arena(), whatwg(i).parse));
const tallies = (i: Instance) => (i.tally ??= tallyApi(i.arena()));
const canonical = (i: Instance) => (i.canonical ??= canonicalApi(i.arena(), whatwg(i)));

/**
 * The binding of function `name` of a part: on an eager instance, the part's
 * function itself; else a function that makes the part on its first call
 * and passes every argument on, options included.
 */
function method<P, K extends keyof P>(part: (i: Instance) => P, name: K): (i: Instance) => P[K] {
  return (i) =>
    i.eager
      ? part(i)[name]
      : (((...args: unknown[]) => (part(i)[name] as (...a: unknown[]) => unknown)(...args)) as P[K]);
}

// parse() and canParse() are the hot path: their parameters are spelled out (no rest array).
export const parse = (i: Instance): ParseApi["parse"] =>
  i.eager ? whatwg(i).parse : (input, base) => whatwg(i).parse(input, base);
export const canParse = (i: Instance): ParseApi["canParse"] =>
  i.eager ? whatwg(i).canParse : (input, base) => whatwg(i).canParse(input, base);
/** The URL class of the URL Standard, with setters: a drop-in for the platform's URL. */
export const URL = (i: Instance): typeof UrlClass => urlClass(() => urlCore(i));
/** The URLSearchParams class of the URL Standard; its kernel is made by its first parse or serialization. */
export const URLSearchParams = (i: Instance): SearchParamsConstructor => searchParams(i);
/** The URLPattern class of the URL Pattern Standard, on swurl's parser (Node.js 20 has none of its own). */
export const URLPattern = (i: Instance): typeof PatternClass => pattern(i);
/** Many URL patterns matched as one: the index and result of the first that matches, as trying them in order gives. */
export const URLPatternList = (i: Instance) => urlPatternListClass(pattern(i));
export const parseBatch = /* @__PURE__ */ method(bulk, "parseBatch");
export const parseStream = /* @__PURE__ */ method(bulk, "parseStream");
export const createTally = /* @__PURE__ */ method(tallies, "createTally");
export const split = /* @__PURE__ */ method(rfc3986, "split");
export const percentDecode = /* @__PURE__ */ method(escapes, "percentDecode");
export const percentEncode = /* @__PURE__ */ method(escapes, "percentEncode");
export const schemeParts = /* @__PURE__ */ method(rfc1738, "schemeParts");
/** A table lookup: no kernel, the same function for every instance. */
export const defaultPort = (_i: Instance) => schemeDefaultPort;
export const resolve = /* @__PURE__ */ method(rfc1738, "resolve");
export const equivalent = /* @__PURE__ */ method(rfc1738, "equivalent");
export const validate = /* @__PURE__ */ method(rfc1738, "validate");
export const extractUrls = /* @__PURE__ */ method(text, "extractUrls");
export const canonicalize = /* @__PURE__ */ method(canonical, "canonicalize");
export const surt = /* @__PURE__ */ method(canonical, "surt");
export const safeBrowsingExpressions = /* @__PURE__ */ method(canonical, "safeBrowsingExpressions");

/**
 * Every binding, for createApi(), which binds them all. An object of its own
 * (not this module's namespace, which a bundle would keep whole): the
 * default entry imports the bindings above by name, and a bundler drops this
 * object with whatever a program does not import. (test/package/entries.test.ts
 * checks that an API object has the default entry's functions.)
 */
export const BINDINGS = {
  parse,
  canParse,
  URL,
  URLSearchParams,
  URLPattern,
  URLPatternList,
  parseBatch,
  parseStream,
  createTally,
  split,
  percentDecode,
  percentEncode,
  schemeParts,
  defaultPort,
  resolve,
  equivalent,
  validate,
  extractUrls,
  canonicalize,
  surt,
  safeBrowsingExpressions,
};
