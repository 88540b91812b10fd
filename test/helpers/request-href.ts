// The expected URL of an access log's request target, by its form (RFC 9112
// section 3.2), from whatwg-url, written apart from swurl's own reading
// (src/bulk/request-target.ts): an origin-form target is appended to the
// base's origin (where swurl resolves "/." + target against the base).
import { whatwgHref, whatwgUrl } from "./whatwg";

/** The origin of each base (a test reads thousands of lines against one). */
const origins = new Map<string, string | null>();
function originOf(base: string): string | null {
  if (!origins.has(base)) origins.set(base, whatwgUrl(base)?.origin ?? null);
  return origins.get(base)!;
}

/** The href of the request `method target` against `base`; null where the request has no URL. */
export function requestHref(method: string | null, target: string | null, base?: string): string | null {
  if (method === null || target === null || target === "" || target === "-" || target === "*") return null;
  const origin = base === undefined ? null : originOf(base);
  if (method === "CONNECT") {
    // authority-form = uri-host ":" port
    return origin !== null && /^(\[[^\]\s]*\]|[^\s/?#@[\]\\:]+):\d+$/.test(target)
      ? whatwgHref(`//${target}`, base)
      : null;
  }
  if (target.startsWith("/")) return origin === null ? null : whatwgHref(origin + target);
  return whatwgHref(target);
}
