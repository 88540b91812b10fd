// resolve(): RFC 3986 section 5.2, "Relative Resolution", with the strict
// parser of 5.2.2 ("http:g" keeps its scheme). The components come from the
// kernel's split(); nothing is normalised beyond what 5.2 itself does.
//
// The same steps give RFC 1630's results for its examples in the context of
// magic://a/b/c//d/e/f ("g" -> magic://a/b/c//d/e/g, "/g" -> magic://a/g,
// "//g" -> magic://g, "../g" -> magic://a/b/c//d/g, "g:h" -> g:h).

import type { UrlParts } from "./split.js";
import { expectString, quote } from "../arguments/check.js";
import { withoutPrefix } from "./prefix.js";
import { resolvePartial } from "../rfc1630/partial.js";

export interface ResolveOptions {
  /** Follow RFC 1630's rules for partial forms (partial.ts) instead of RFC 3986 section 5.2. */
  rfc1630?: boolean;
}

/** The five components of RFC 3986 section 5.2.1; null = undefined. */
interface Reference {
  scheme: string | null;
  authority: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
}

function components(p: UrlParts): Reference {
  let authority: string | null = null;
  if (p.host !== null) {
    // The authority as written: split() keeps every character of it.
    authority = p.host;
    if (p.user !== null) authority = `${p.user}${p.password !== null ? ":" + p.password : ""}@${authority}`;
    if (p.port !== null) authority += ":" + p.port;
  }
  return { scheme: p.scheme, authority, path: p.path, query: p.query, fragment: p.fragment };
}

/** RFC 3986 section 5.2.4, "Remove Dot Segments". */
function removeDotSegments(path: string): string {
  const output: string[] = [];
  const n = path.length;
  let i = 0;
  while (i < n) {
    if (path.startsWith("../", i)) {
      // A. If the input buffer begins with a prefix of "../" or "./", then
      // remove that prefix from the input buffer; otherwise,
      i += 3;
    } else if (path.startsWith("./", i)) {
      i += 2;
    } else if (path.startsWith("/./", i)) {
      // B. if the input buffer begins with a prefix of "/./" or "/.", where "."
      // is a complete path segment, then replace that prefix with "/" in the
      // input buffer; otherwise,
      i += 2;
    } else if (i === n - 2 && path.endsWith("/.")) {
      output.push("/");
      i = n;
    } else if (path.startsWith("/../", i)) {
      // C. if the input buffer begins with a prefix of "/../" or "/..", where
      // ".." is a complete path segment, then replace that prefix with "/" in
      // the input buffer and remove the last segment and its preceding "/" (if
      // any) from the output buffer; otherwise,
      i += 3;
      output.pop();
    } else if (i === n - 3 && path.endsWith("/..")) {
      output.pop();
      output.push("/");
      i = n;
    } else if ((i === n - 1 && path[i] === ".") || (i === n - 2 && path.endsWith(".."))) {
      // D. if the input buffer consists only of "." or "..", then remove that
      // from the input buffer; otherwise,
      i = n;
    } else {
      // E. move the first path segment in the input buffer to the end of the
      // output buffer, including the initial "/" character (if any) and any
      // subsequent characters up to, but not including, the next "/".
      const next = path.indexOf("/", i + 1);
      const end = next === -1 ? n : next;
      output.push(path.slice(i, end));
      i = end;
    }
  }
  return output.join("");
}

/** RFC 3986 section 5.2.3, "Merge Paths". */
function merge(base: Reference, path: string): string {
  // If the base URI has a defined authority component and an empty path, then
  // return a string consisting of "/" concatenated with the reference's path;
  if (base.authority !== null && base.path === "") return "/" + path;
  // otherwise, return a string consisting of the reference's path component
  // appended to all but the last segment of the base URI's path.
  return base.path.slice(0, base.path.lastIndexOf("/") + 1) + path;
}

/** RFC 3986 section 5.3, "Component Recomposition". */
function recompose(t: Reference): string {
  let result = "";
  if (t.scheme !== null) result += t.scheme + ":";
  if (t.authority !== null) result += "//" + t.authority;
  result += t.path;
  if (t.query !== null) result += "?" + t.query;
  if (t.fragment !== null) result += "#" + t.fragment;
  return result;
}

export function resolver(split: (input: string) => UrlParts) {
  /**
   * The target URI of `reference` in the context of `base` (RFC 3986 section
   * 5.2.2). RFC 3986 section 5.1 needs an absolute base: a base without a
   * scheme is a TypeError, as a relative reference has no context to resolve in.
   * RFC 1738's "URL:" prefix is taken off both. With `rfc1630: true`, RFC
   * 1630's rules for partial forms are followed instead.
   */
  return function resolve(reference: string, base: string, options: ResolveOptions = {}): string {
    expectString(reference, "resolve", "reference");
    expectString(base, "resolve", "base");
    const b = components(split(base));
    if (b.scheme === null) {
      throw new TypeError(
        `resolve: base ${quote(base)} has no scheme; RFC 3986 section 5.1 needs an absolute base URI`,
      );
    }
    const r = components(split(reference));
    // RFC 1630: "If the scheme parts are different, the whole absolute URI must be given."
    if (options.rfc1630 === true && r.scheme === null) {
      return resolvePartial(withoutPrefix(reference), withoutPrefix(base), b.scheme.length);
    }
    let t: Reference;
    if (r.scheme !== null) {
      t = { ...r, path: removeDotSegments(r.path) };
    } else if (r.authority !== null) {
      t = { ...r, scheme: b.scheme, path: removeDotSegments(r.path) };
    } else if (r.path === "") {
      t = { scheme: b.scheme, authority: b.authority, path: b.path, query: r.query ?? b.query, fragment: r.fragment };
    } else {
      const path = r.path.startsWith("/") ? r.path : merge(b, r.path);
      t = {
        scheme: b.scheme,
        authority: b.authority,
        path: removeDotSegments(path),
        query: r.query,
        fragment: r.fragment,
      };
    }
    return recompose(t);
  };
}
