// `npm run fuzz` as a contributor runs it: the script bundles the property
// tests itself (with the kernel's JS build and its WASM imports), so a change
// that the vitest run takes but esbuild does not is caught here.
import { describe, expect, it } from "vitest";
import { runChild } from "../helpers/child";

describe("npm run fuzz", () => {
  it.each([[[]], [["--property", "cli"]]])("runs a few seeded cases %j and finds no failure", (extra) => {
    const run = runChild(
      process.execPath,
      ["scripts/fuzz.mjs", "--cases", "120", "--seed", "7", "--jobs", "1", ...extra],
      { encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).toMatch(/seed 7 jobs 1: 120 cases .*, 0 failure\(s\)/);
  });
});
