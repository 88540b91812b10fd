// The fallback builds (fallback-builds.ts) as the Node.js entries have them:
// imported with the rest, since a Node.js program loads the code it uses from
// disk. The browser build replaces this module by fallback.browser.ts
// (scripts/bundle.mjs browserFallback).
import type { FallbackBuilds } from "./backend.js";
import { FALLBACK_BUILDS } from "./fallback-builds.js";

/** The scalar WASM and pure-JS builds of the kernel's modules, or undefined where this entry has not loaded them. */
export function fallbackBuilds(): FallbackBuilds | undefined {
  return FALLBACK_BUILDS;
}
