// whatwg-url ships no type declarations: the part the tests use. Its URL and
// URLSearchParams classes have the shape of the standard ones; basicURLParse
// and serializePath are the URL Standard's basic URL parser (with a URL
// record and a state override), URL path serializer and host serializer.
declare module "whatwg-url" {
  export const URL: typeof globalThis.URL;
  export const URLSearchParams: typeof globalThis.URLSearchParams;
  /** A URL record, as far as the tests read or write it: the path is a list of segments or an opaque path. */
  export interface URLRecord {
    scheme: string;
    host: unknown;
    path: string[] | string;
  }
  export function basicURLParse(
    input: string,
    options?: { baseURL?: URLRecord; url?: URLRecord; stateOverride?: string },
  ): URLRecord | null;
  export function serializePath(url: URLRecord): string;
  export function serializeHost(host: unknown): string;
}
