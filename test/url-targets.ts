// What the WHATWG URL suites (wpt, whatwg-differential) run against, and the
// reference they are checked with.
//
// By default the targets are swurl's three builds (test/builds.ts). With
// SWURL_TARGET=whatwg-url they are the reference implementation alone: whatwg-url
// 17.3 passes every vendored WPT case, so that run checks the harness itself
// (`SWURL_TARGET=whatwg-url npx vitest run test/wpt.test.ts`).
import { URL as WhatwgURL } from "whatwg-url";
import { builds } from "./builds";

/** The string getters of a WHATWG URL, in the order the URL Standard lists them. */
export const URL_FIELDS = [
  "href", "origin", "protocol", "username", "password",
  "host", "hostname", "port", "pathname", "search", "hash",
] as const;
export type UrlField = (typeof URL_FIELDS)[number];

/** A parsed URL as the suites read it: swurl's `Url`, or a whatwg-url `URL`. */
export type UrlRecord = Readonly<Record<UrlField, string>> & { toString(): string; toJSON(): string };

/** The part of API.md section 1 that the suites test. */
export interface UrlApi {
  parse(input: string, base?: string | UrlRecord): UrlRecord | null;
  canParse(input: string, base?: string | UrlRecord): boolean;
}

/** whatwg-url, the WHATWG reference implementation, behind the swurl API: null where it throws. */
export const reference: UrlApi = {
  parse(input, base) {
    try {
      return new WhatwgURL(input, base?.toString());
    } catch {
      return null;
    }
  },
  canParse(input, base) {
    return WhatwgURL.canParse(input, base?.toString());
  },
};

export const REFERENCE_NAME = "whatwg-url";

/** The names of swurl's builds, to which test/fixtures/known-failures.json applies. */
export const BUILD_NAMES: readonly string[] = builds.map(([name]) => name);

function chooseTargets(): [string, UrlApi][] {
  const wanted = process.env.SWURL_TARGET;
  if (wanted === undefined || wanted === "") return builds;
  if (wanted === REFERENCE_NAME) return [[REFERENCE_NAME, reference]];
  throw new Error(`SWURL_TARGET=${wanted}: expected nothing (swurl's builds) or ${REFERENCE_NAME}`);
}

export const targets = chooseTargets();
