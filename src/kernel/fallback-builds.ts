// The builds of the kernel that an engine running its SIMD WASM build does not
// use: each module's scalar WASM build (as text, wasm-text.ts) and pure-JS
// build. The Node.js entries import them (fallback.ts); the browser entry
// fetches them, as a chunk of their own, only where they are needed
// (fallback.browser.ts).
import coreScalar from "../../build/swurl.wasm";
import bulkScalar from "../../build/swurl-bulk.wasm";
import canonicalScalar from "../../build/swurl-canonical.wasm";
import rfc1738Scalar from "../../build/swurl-rfc1738.wasm";
import urlpatternScalar from "../../build/swurl-urlpattern.wasm";
import type { FallbackBuilds } from "./backend.js";
import { JS_BUILDS } from "./js-builds.js";

export const FALLBACK_BUILDS: FallbackBuilds = {
  scalar: {
    core: coreScalar,
    bulk: bulkScalar,
    canonical: canonicalScalar,
    rfc1738: rfc1738Scalar,
    urlpattern: urlpatternScalar,
  },
  ...JS_BUILDS,
};
