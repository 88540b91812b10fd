// Debian packages that the tests need (Chromium for the browser tests,
// Python's Dask for the distributed run of the command): installed with
// apt-get where missing and we are root, as on CI and the project's
// machines. Elsewhere (a contributor who is not root, or not on Debian) the
// tests that need them are skipped with a one-line notice that names the
// command installing them; under CI=true a missing package is a failure.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Whether a run may install Debian packages itself: root, with apt-get. */
const canInstall = () =>
  typeof process.getuid === "function" && process.getuid() === 0 && existsSync("/usr/bin/apt-get");

/**
 * Make sure `packages` are installed, unless `present()` says they already
 * are. `what` names the tests that need them, for the error message.
 */
export function ensureDebianPackages(packages, present, what) {
  if (present()) return;
  if (!canInstall()) {
    throw new Error(
      `${what} need Debian's ${packages.join(", ")}: run \`apt-get install ${packages.join(" ")}\` as root`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], { stdio: "inherit", env });
  if (!present()) throw new Error(`${what}: ${packages.join(", ")} installed, but still not found`);
}

/**
 * Whether the tests named by `what` can run: `packages` present, or installed
 * now (ensureDebianPackages()). Where they cannot be installed here and CI is
 * not set, false, after one line on stderr naming the command that installs
 * them; under CI=true, the error. A quick run (SWURL_QUICK=1) leaves them out.
 */
export function debianPackagesFor(packages, present, what) {
  if (process.env.SWURL_QUICK === "1") {
    process.stderr.write(`swurl: ${what} skipped in a quick run (npm run test:quick); npm test runs them\n`);
    return false;
  }
  if (!present() && !canInstall() && process.env.CI !== "true") {
    process.stderr.write(
      `swurl: ${what} skipped: they need Debian's ${packages.join(", ")} (\`apt-get install ${packages.join(" ")}\` as root)\n`,
    );
    return false;
  }
  ensureDebianPackages(packages, present, what);
  return true;
}
