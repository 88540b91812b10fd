// The "crawlee" profile: the request key of Crawlee and the Apify SDK,
// `normalizeUrl(url, keepFragment)` of @apify/utilities (2.35.11, what
// Crawlee 3.x installs), which Crawlee's Request.computeUniqueKey() uses as
// `normalizeUrl(url, keepUrlFragment) || url`. Its rules, on the WHATWG parse:
// - the input is trimmed of JavaScript whitespace (String.prototype.trim)
//   first, which is more than the URL parser strips (U+00A0, U+FEFF, ...);
// - query parameters whose name starts with "utm_" are removed, the rest
//   sorted by name (URLSearchParams#sort: by UTF-16 code units, stable) and
//   written back as application/x-www-form-urlencoded (the kernel's form
//   codec: "%20" becomes "+", "~" becomes "%7E", ...), "?" dropped when none
//   is left;
// - one "/" at the end of the path is removed (the root path "/" too);
// - the userinfo is dropped, the host (with its port) lower-cased (it only
//   changes an opaque host), the fragment dropped unless keepUrlFragment;
// - the key is written as protocol + "//" + host + path + query + fragment,
//   also for URLs without a host or with an opaque path ("mailto://a@b").

import * as L from "../../assembly/layout.js";
import { ParsedUrl } from "../whatwg/url.js";
import type { Profile, ProfileContext } from "./context.js";

export interface CrawleeOptions {
  profile: "crawlee";
  /** Keep the fragment, as Crawlee's Request option `keepUrlFragment` (normalizeUrl's `keepFragment`); an empty one is dropped. */
  keepUrlFragment?: boolean;
}

const UTM = "utm_";

export function crawleeProfile({ key: keyOf, form }: ProfileContext): Profile<CrawleeOptions> {
  /** The flat [name, value, ...] pairs `list` less those named "utm_...", in URLSearchParams#sort order. */
  function editPairs(list: string[]): string[] {
    let kept = list;
    for (let i = 0; i < list.length; i += 2) {
      if (list[i].startsWith(UTM)) {
        kept = [];
        for (let j = 0; j < list.length; j += 2) if (!list[j].startsWith(UTM)) kept.push(list[j], list[j + 1]);
        break;
      }
    }
    let sorted = true;
    for (let i = 2; i < kept.length && sorted; i += 2) sorted = kept[i - 2] <= kept[i];
    if (sorted) return kept;
    // Array.prototype.sort is stable: pairs of one name keep their order, as URLSearchParams#sort.
    const order: number[] = [];
    for (let i = 0; i < kept.length; i += 2) order.push(i);
    order.sort((a, b) => (kept[a] < kept[b] ? -1 : kept[a] > kept[b] ? 1 : 0));
    const out: string[] = [];
    for (const i of order) out.push(kept[i], kept[i + 1]);
    return out;
  }

  /** The query (without "?") as normalizeUrl writes it: "" for none. */
  function query(search: string): string {
    const list: string[] = [];
    form.parseInto(search, list);
    const pairs = editPairs(list);
    return pairs.length === 0 ? "" : form.serialize(pairs, [], 0, pairs.length >> 1);
  }

  return function crawlee(input, options) {
    let url: ParsedUrl;
    if (input instanceof ParsedUrl) url = input;
    else if (typeof input !== "string" || input.length === 0) return null;
    else {
      // Most URLs the kernel keys; it leaves the others' query (escapes of
      // non-ASCII bytes, many parameters) to the steps below.
      const keyed = keyOf(input.trim(), options.keepUrlFragment ? L.KEY_CRAWLEE_FRAGMENT : L.KEY_CRAWLEE);
      if (keyed === null || typeof keyed === "string") return keyed;
      url = keyed;
    }

    // The key is cut from the href where it can be: the scheme, "//", the
    // host with its port, the path less one "/" at its end.
    const href = url._href;
    const end = L.pathEnd(url._queryStart, url._fragmentStart, href.length, L.NONE);
    const pathTo = end > url._pathStart && href.charCodeAt(end - 1) === SLASH ? end - 1 : end;
    const protocolEnd = url._schemeEnd + 1;
    let key: string;
    if (url._hostStart === L.NONE) key = `${href.slice(0, protocolEnd)}//${href.slice(url._pathStart, pathTo)}`;
    else if (L.hostOf(url._flags) === L.HOST_OPAQUE)
      key = `${href.slice(0, protocolEnd)}//${href.slice(url._hostStart, url._portEnd).toLowerCase()}${href.slice(url._portEnd, pathTo)}`;
    // Without userinfo the host follows "//" (a special host is lower case already).
    else if (url._hostStart === protocolEnd + 2) key = href.slice(0, pathTo);
    else key = `${href.slice(0, protocolEnd)}//${href.slice(url._hostStart, pathTo)}`;

    if (url._queryStart !== L.NONE) {
      const queryEnd = L.queryEnd(url._fragmentStart, href.length, L.NONE);
      const q = query(href.slice(url._queryStart + 1, queryEnd));
      if (q !== "") key += `?${q}`;
    }
    return options.keepUrlFragment ? key + url.hash : key;
  };
}

const SLASH = 0x2f;
