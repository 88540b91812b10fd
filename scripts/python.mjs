// Python packages from Debian that tests run: Dask distributed
// (python3-distributed), for the test that runs the command per partition
// under a real distributed engine (test/cli/dask.test.ts), and w3lib
// (python3-w3lib), the live reference of the w3lib profile
// (test/canonical/w3lib-live.test.ts). Debian's Python is /usr/bin/python3:
// another python3 may come first on PATH, without Debian's packages.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { debianPackagesFor, ensureDebianPackages } from "./debian.mjs";

export const PYTHON = "/usr/bin/python3";

/** Whether Debian's Python imports `modules`. */
const imports = (modules) => () => spawnSync(PYTHON, ["-c", `import ${modules}`]).status === 0;
const DASK = [["python3-distributed"], imports("dask.bag, dask.distributed"), "the Dask test"];
const W3LIB = [["python3-w3lib"], imports("w3lib.url"), "the live w3lib tests"];

export function ensureDask() {
  ensureDebianPackages(...DASK);
  return PYTHON;
}

export function ensureW3lib() {
  ensureDebianPackages(...W3LIB);
  return PYTHON;
}

/** Debian's Python with Dask for the test that needs it, or null where it is to be skipped (debianPackagesFor()). */
export function daskForTests() {
  return debianPackagesFor(...DASK) ? PYTHON : null;
}

/** Debian's Python with w3lib for the tests that need it, or null where they are to be skipped. */
export function w3libForTests() {
  return debianPackagesFor(...W3LIB) ? PYTHON : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureDask();
  console.log(ensureW3lib());
}
