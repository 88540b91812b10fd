// Python packages from Debian that tests run: Dask distributed
// (python3-distributed), for the test that runs the command per partition
// under a real distributed engine (test/cli/dask.test.ts), and w3lib
// (python3-w3lib), the live reference of the w3lib profile
// (test/canonical/w3lib-live.test.ts). Debian's Python is /usr/bin/python3:
// another python3 may come first on PATH, without Debian's packages.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ensureDebianPackages } from "./debian.mjs";

export const PYTHON = "/usr/bin/python3";

export function ensureDask() {
  const present = () => spawnSync(PYTHON, ["-c", "import dask.bag, dask.distributed"]).status === 0;
  ensureDebianPackages(["python3-distributed"], present, "the Dask test");
  return PYTHON;
}

export function ensureW3lib() {
  const present = () => spawnSync(PYTHON, ["-c", "import w3lib.url"]).status === 0;
  ensureDebianPackages(["python3-w3lib"], present, "the live w3lib test");
  return PYTHON;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureDask();
  console.log(ensureW3lib());
}
