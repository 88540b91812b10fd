// WPT's urlpatterntestdata.json through swurl's runner (test/helpers/urlpattern-wpt.ts): every
// case in every build, and, where the engine has its own URLPattern (Node 24),
// the same runner on it, which shows the runner reads the data as WPT does.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { summarize } from "../helpers/report";
import { type PatternApi, type UrlPatternCase, urlPatternFailures } from "../helpers/urlpattern-wpt";

const data = JSON.parse(
  readFileSync(new URL("../fixtures/wpt/urlpattern/urlpatterntestdata.json", import.meta.url), "utf8"),
) as UrlPatternCase[];

describe("WPT urlpatterntestdata.json", () => {
  it("has the 369 cases of the vendored copy", () => {
    expect(data.length).toBe(369);
  });

  it.each(builds)("passes every case in the %s build", (_name, api) => {
    const failures = urlPatternFailures(api as unknown as PatternApi, data);
    expect(failures, summarize(`${failures.length} of ${data.length} cases fail`, failures)).toEqual([]);
  });

  const native = (globalThis as { URLPattern?: PatternApi["URLPattern"] }).URLPattern;
  it.runIf(native !== undefined)("passes every case with the engine's own URLPattern (the runner's check)", () => {
    const failures = urlPatternFailures({ URLPattern: native, URL } as unknown as PatternApi, data);
    expect(failures, summarize(`${failures.length} of ${data.length} cases fail`, failures)).toEqual([]);
  });
});
