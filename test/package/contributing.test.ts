// The README's contributor setup: the Node.js versions it names for
// development are ones on which `npm ci` warns nothing, that is, versions
// that every package of the lockfile accepts (npm warns EBADENGINE for a
// package whose "engines" refuse the running Node). A dev dependency that
// raises its "engines" past them fails this test, not a contributor's install.
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

/** The versions of "Development needs Node.js 22.14 or newer, or 24", as the least of each. */
function namedVersions(): string[] {
  const line = /Development needs Node\.js (\d+)\.(\d+) or newer, or (\d+)\b/.exec(readme.replace(/\s+/g, " "));
  expect(line, "the README's Contributing section names the Node.js versions").not.toBeNull();
  const [, major, minor, other] = line as RegExpExecArray;
  return [`${major}.${minor}.0`, `${other}.0.0`];
}

/** The packages of the lockfile whose "engines" refuse Node.js `version`. */
function refusing(version: string): string[] {
  return Object.entries(lock.packages).flatMap(([name, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    return range === undefined || semver.satisfies(version, range) ? [] : [`${name} (${range})`];
  });
}

describe("the contributor setup", () => {
  test("names Node.js versions that every package of the lockfile accepts", () => {
    for (const version of namedVersions()) expect(refusing(version), `Node.js ${version}`).toEqual([]);
  });

  test("the check finds the packages that refuse Node.js 20, which the README does not name", () => {
    expect(refusing("20.19.0").length).toBeGreaterThan(0);
  });
});
