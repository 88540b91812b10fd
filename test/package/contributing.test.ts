// The README's contributor setup: the Node.js versions it names for
// development are ones on which `npm ci` warns nothing, that is, versions
// that every package of the lockfile accepts (npm warns EBADENGINE for a
// package whose "engines" refuse the running Node). A dev dependency that
// raises its "engines" past them fails this test, not a contributor's install.
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, test } from "vitest";
import { runChild } from "../helpers/child";

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

describe("tests that need Debian's packages (scripts/debian.mjs)", () => {
  /** debianPackagesFor() of a package that is not there, run as a user who cannot install it; its result and stderr. */
  function asContributor(ci: string | undefined) {
    const script = `import(${JSON.stringify(path.join(root, "scripts", "debian.mjs"))}).then((m) =>
      console.log(m.debianPackagesFor(["swurl-absent-package"], () => false, "the tests of nothing")))`;
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: "/tmp" };
    if (ci !== undefined) env.CI = ci;
    const isRoot = process.getuid?.() === 0;
    const [command, args] = isRoot
      ? ["runuser", ["-u", "nobody", "--", process.execPath, "-e", script]]
      : [process.execPath, ["-e", script]];
    return runChild(command, args, { env, encoding: "utf8", cwd: "/tmp" });
  }

  test("are skipped for a contributor who cannot install them, with a notice naming the command", () => {
    const result = asContributor(undefined);
    expect(result.stdout).toBe("false\n");
    expect(result.stderr).toBe(
      "swurl: the tests of nothing skipped: they need Debian's swurl-absent-package (`apt-get install swurl-absent-package` as root)\n",
    );
    expect(result.status).toBe(0);
  });

  test("fail under CI=true instead", () => {
    const result = asContributor("true");
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/the tests of nothing need Debian's swurl-absent-package: run `apt-get install/);
    expect(result.status).not.toBe(0);
  });
});
