// What the WHATWG URL suites read of a parsed URL and of an API: plain types
// and names, with no dependency but swurl's list of the getters' names, so
// that the same suites run in a browser page (test/helpers/browser/) as in
// Node.

import { URL_GETTERS, type UrlGetter } from "../../src/whatwg/getters";

/**
 * The string getters of a WHATWG URL, in the order the URL Standard lists
 * them: swurl's public URL_GETTERS, which drop-in.test.ts holds against the
 * platform's URL (a module of names alone, so the browser page bundles it too).
 */
export const URL_FIELDS = URL_GETTERS;
export type UrlField = UrlGetter;

/** A parsed URL as the suites read it: swurl's `ParsedUrl`, or a whatwg-url `URL`. */
export type UrlRecord = Readonly<Record<UrlField, string>> & { toString(): string; toJSON(): string };

/** The part of docs/api.md section 1 that the suites test. */
export interface UrlApi {
  parse(input: string, base?: string | UrlRecord): UrlRecord | null;
  canParse(input: string, base?: string | UrlRecord): boolean;
}
