// Issue #36 item 11 (URLPattern): compiling and matching take no recursion
// that grows with the pattern, and construction is linear in its groups. A
// pattern of 10,000 "{a}?" overflowed the stack in test() (the kernel's
// Pike VM followed jumps and splits by calls, and so did the one-pass
// compiler); 100,000 groups took 43 s to construct before the RegExp refused
// them (each group's name was checked against every part before it).
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";

/** CPU seconds that `work` takes. */
function cpuSeconds(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

describe.each(builds)("pattern size (%s)", (_name, api) => {
  it("10,000 optional pieces {a}?: test() and exec() answer", () => {
    const pattern = new api.URLPattern({ pathname: `/${"{a}?".repeat(10_000)}` });
    expect(pattern.test({ pathname: "/aaa" })).toBe(true);
    expect(pattern.test({ pathname: "/ab" })).toBe(false);
    expect(pattern.exec({ pathname: "/aa" })?.pathname.input).toBe("/aa");
  });

  it("20,000 groups construct in linear time; 100,000 are refused with a TypeError", () => {
    // Main: 8.4 s for 20,000 (quadratic); 43 s for 100,000 before the TypeError.
    expect(cpuSeconds(() => new api.URLPattern({ pathname: `/${"(a)".repeat(20_000)}` }))).toBeLessThan(3);
    let error: unknown = null;
    const seconds = cpuSeconds(() => {
      try {
        new api.URLPattern({ pathname: `/${"(a)".repeat(100_000)}` });
      } catch (e) {
        error = e;
      }
    });
    expect(error).toBeInstanceOf(TypeError);
    expect(seconds).toBeLessThan(6);
  });
});
