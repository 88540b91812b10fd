// The kernel's feature modules (scripts/kernel-modules.mjs), each with its
// SIMD build (the others are fallback builds: fallback-builds.ts): a
// program's bundle keeps the ones its imports reach (a part of the API
// imports the module it calls), and a backend instantiates one on its first
// call (Backend.instance()).
import bulkSimd from "../../build/swurl-bulk.simd.wasm";
import canonicalSimd from "../../build/swurl-canonical.simd.wasm";
import rfc1738Simd from "../../build/swurl-rfc1738.simd.wasm";
import urlpatternSimd from "../../build/swurl-urlpattern.simd.wasm";
import {
  BULK_EXPORTS,
  type BulkExports,
  CANONICAL_EXPORTS,
  type CanonicalExports,
  RFC1738_EXPORTS,
  type Rfc1738Exports,
  URLPATTERN_EXPORTS,
  type UrlpatternExports,
} from "../generated/kernel.js";
import type { KernelModule } from "./backend.js";

export type { BulkExports };

/** A feature module: its name, its exports' names, its SIMD build. */
function feature<E extends object>(name: string, exports: readonly string[], simd: string): KernelModule<E> {
  return { name, exports, simd };
}

/** Bulk parsing of lines and access logs, and tallies (assembly/bulk/index.ts). */
export const BULK: KernelModule<BulkExports> = /* @__PURE__ */ feature("bulk", BULK_EXPORTS, bulkSimd);

/** The crawler-key profiles' byte steps and keys (assembly/canonical/index.ts). */
export const CANONICAL: KernelModule<CanonicalExports> = /* @__PURE__ */ feature(
  "canonical",
  CANONICAL_EXPORTS,
  canonicalSimd,
);

/** RFC 1738 validation, hosts, escapes and extraction (assembly/rfc1738/index.ts). */
export const RFC1738: KernelModule<Rfc1738Exports> = /* @__PURE__ */ feature("rfc1738", RFC1738_EXPORTS, rfc1738Simd);

/** URL patterns' compiled programs (assembly/urlpattern/index.ts). */
export const URLPATTERN: KernelModule<UrlpatternExports> = /* @__PURE__ */ feature(
  "urlpattern",
  URLPATTERN_EXPORTS,
  urlpatternSimd,
);
