// What the WHATWG URL suites read of a parsed URL and of an API: plain types
// and names, with no dependency, so that the same suites run in a browser page
// (test/helpers/browser/) as in Node.

/** The string getters of a WHATWG URL, in the order the URL Standard lists them. */
export const URL_FIELDS = [
  "href",
  "origin",
  "protocol",
  "username",
  "password",
  "host",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
] as const;
export type UrlField = (typeof URL_FIELDS)[number];

/** A parsed URL as the suites read it: swurl's `ParsedUrl`, or a whatwg-url `URL`. */
export type UrlRecord = Readonly<Record<UrlField, string>> & { toString(): string; toJSON(): string };

/** The part of docs/api.md section 1 that the suites test. */
export interface UrlApi {
  parse(input: string, base?: string | UrlRecord): UrlRecord | null;
  canParse(input: string, base?: string | UrlRecord): boolean;
}
