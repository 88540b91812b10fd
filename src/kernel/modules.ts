// The kernel's feature modules (scripts/kernel-modules.mjs), each with its
// builds: a program's bundle keeps the ones its imports reach (a part of the
// API imports the module it calls), and a backend instantiates one on its
// first call (Backend.instance()).
import bulkSimd from "../../build/swurl-bulk.simd.wasm";
import bulkScalar from "../../build/swurl-bulk.wasm";
import canonicalSimd from "../../build/swurl-canonical.simd.wasm";
import canonicalScalar from "../../build/swurl-canonical.wasm";
import rfc1738Simd from "../../build/swurl-rfc1738.simd.wasm";
import rfc1738Scalar from "../../build/swurl-rfc1738.wasm";
import urlpatternSimd from "../../build/swurl-urlpattern.simd.wasm";
import urlpatternScalar from "../../build/swurl-urlpattern.wasm";
import { bulkJs, canonicalJs, rfc1738Js, urlpatternJs } from "../generated/kernel-js.js";
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

/** Bulk parsing of lines and access logs, and tallies (assembly/bulk/index.ts). */
export const BULK: KernelModule<BulkExports> = {
  name: "bulk",
  exports: BULK_EXPORTS,
  simd: bulkSimd,
  scalar: bulkScalar,
  js: bulkJs,
};

/** The crawler-key profiles' byte steps and keys (assembly/canonical/index.ts). */
export const CANONICAL: KernelModule<CanonicalExports> = {
  name: "canonical",
  exports: CANONICAL_EXPORTS,
  simd: canonicalSimd,
  scalar: canonicalScalar,
  js: canonicalJs,
};

/** RFC 1738 validation, hosts, escapes and extraction (assembly/rfc1738/index.ts). */
export const RFC1738: KernelModule<Rfc1738Exports> = {
  name: "rfc1738",
  exports: RFC1738_EXPORTS,
  simd: rfc1738Simd,
  scalar: rfc1738Scalar,
  js: rfc1738Js,
};

/** URL patterns' compiled programs (assembly/urlpattern/index.ts). */
export const URLPATTERN: KernelModule<UrlpatternExports> = {
  name: "urlpattern",
  exports: URLPATTERN_EXPORTS,
  simd: urlpatternSimd,
  scalar: urlpatternScalar,
  js: urlpatternJs,
};
