// The browser of the browser tests: Debian's chromium, never a download of a
// test tool's own. Installed with apt-get where it is missing and we are root
// (as on CI and the project's machines); elsewhere a clear error says what to do.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

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
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !existsSync("/usr/bin/apt-get")) {
    throw new Error(
      `the browser tests need Debian's chromium at ${CHROMIUM}: run \`apt-get install chromium\` as root`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], { stdio: "inherit", env });
  return CHROMIUM;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureChromium());
