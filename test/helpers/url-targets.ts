// What the WHATWG URL suites (wpt, whatwg-differential) run against, and the
// reference they are checked with.
//
// By default the targets are swurl's three builds (test/helpers/builds.ts). With
// SWURL_TARGET=whatwg-url they are the reference implementation alone: whatwg-url
// 17.3 passes every vendored WPT case, so that run checks the harness itself
// (`SWURL_TARGET=whatwg-url npx vitest run test/whatwg/wpt.test.ts`).
import { URL as WhatwgURL } from "whatwg-url";
import { BUILD_NAMES, builds } from "./builds";

export { URL_FIELDS, type UrlField, type UrlRecord, type UrlApi } from "./url-api";
import type { UrlApi } from "./url-api";

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
export { BUILD_NAMES };

function chooseTargets(): [string, UrlApi][] {
  const wanted = process.env.SWURL_TARGET;
  if (wanted === undefined || wanted === "") return builds;
  if (wanted === REFERENCE_NAME) return [[REFERENCE_NAME, reference]];
  throw new Error(`SWURL_TARGET=${wanted}: expected nothing (swurl's builds) or ${REFERENCE_NAME}`);
}

export const targets = chooseTargets();
