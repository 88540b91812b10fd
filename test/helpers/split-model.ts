// What split() should return, independently of the kernel: the expected-value
// helper of the tables and a model built on RFC 3986 Appendix B's regular expression.
import type { Api } from "./builds";

export type Parts = ReturnType<ReturnType<Api["split"]>["toJSON"]>;

/** The expected split: every component absent (null) and an empty path unless given. */
export function parts(given: Partial<Parts>): Parts {
  return {
    scheme: null,
    user: null,
    password: null,
    host: null,
    port: null,
    path: "",
    query: null,
    fragment: null,
    ...given,
  };
}

const APPENDIX_B = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

/**
 * An independent model of split(): RFC 3986 Appendix B's regular expression
 * (with section 3.1's scheme grammar instead of `[^:/?#]+`), the userinfo up
 * to the last "@" of the authority, the password after its first ":", and
 * the port after the last ":" that is not inside an IP literal.
 */
export function model(input: string): Parts {
  const [, scheme, authority, path, query, fragment] = APPENDIX_B.exec(input)!;
  const result = parts({ scheme: scheme ?? null, path, query: query ?? null, fragment: fragment ?? null });
  if (authority === undefined) return result;
  let hostport = authority;
  const at = authority.lastIndexOf("@");
  if (at >= 0) {
    const userinfo = authority.slice(0, at);
    const colon = userinfo.indexOf(":");
    result.user = colon < 0 ? userinfo : userinfo.slice(0, colon);
    result.password = colon < 0 ? null : userinfo.slice(colon + 1);
    hostport = authority.slice(at + 1);
  }
  const colon = hostport.lastIndexOf(":");
  const hasPort = colon > hostport.lastIndexOf("]");
  result.host = hasPort ? hostport.slice(0, colon) : hostport;
  result.port = hasPort ? hostport.slice(colon + 1) : null;
  return result;
}

/** The input again, from its parts (RFC 3986 section 5.3, component recomposition). */
export function recompose(p: Parts): string {
  let s = p.scheme === null ? "" : p.scheme + ":";
  if (p.host !== null) {
    s += "//";
    if (p.user !== null) s += p.user + (p.password === null ? "" : ":" + p.password) + "@";
    s += p.host + (p.port === null ? "" : ":" + p.port);
  }
  s += p.path;
  if (p.query !== null) s += "?" + p.query;
  if (p.fragment !== null) s += "#" + p.fragment;
  return s;
}
