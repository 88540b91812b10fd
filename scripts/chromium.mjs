// The browser of the browser tests: Debian's chromium, never a download of a
// test tool's own (scripts/debian.mjs installs it where it is missing).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { debianPackagesFor, ensureDebianPackages } from "./debian.mjs";

export const CHROMIUM = "/usr/bin/chromium";

/** Flags that work on these machines (closed network, root, no GPU). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function ensureChromium() {
  ensureDebianPackages(["chromium"], () => existsSync(CHROMIUM), "the browser tests");
  return CHROMIUM;
}

/** Chromium for the tests that need it, or null where they are to be skipped (debianPackagesFor()). */
export function chromiumForTests(what = "the browser tests") {
  return debianPackagesFor(["chromium"], () => existsSync(CHROMIUM), what) ? CHROMIUM : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureChromium());
