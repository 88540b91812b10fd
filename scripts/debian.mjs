// Debian packages that the tests need (Chromium for the browser tests,
// Python's Dask for the distributed run of the command): installed with
// apt-get where missing and we are root, as on CI and the project's
// machines; elsewhere a clear error says what to install.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Make sure `packages` are installed, unless `present()` says they already
 * are. `what` names the tests that need them, for the error message.
 */
export function ensureDebianPackages(packages, present, what) {
  if (present()) return;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !existsSync("/usr/bin/apt-get")) {
    throw new Error(
      `${what} need Debian's ${packages.join(", ")}: run \`apt-get install ${packages.join(" ")}\` as root`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], { stdio: "inherit", env });
  if (!present()) throw new Error(`${what}: ${packages.join(", ")} installed, but still not found`);
}
