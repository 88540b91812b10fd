// The web-platform-tests URL data (test/fixtures/wpt/) over every build: each
// file is one test that fails on any case that fails and is not listed in
// test/fixtures/known-failures.json, and on any listed case that passes.
import { describe, expect, it } from "vitest";
import { BUILD_NAMES, REFERENCE_NAME, targets } from "../helpers/url-targets";
import { show, summarize } from "../helpers/report";
import { excusedIds, failingCases, unexpectedResults, wptSuites } from "../helpers/wpt-helpers";
import { loadKnownFailures, wptFiles } from "../helpers/fixtures";

const suites = wptSuites(wptFiles);
const known = loadKnownFailures();

describe("known-failures.json", () => {
  it("lists each existing case once, for existing targets", () => {
    const ids = new Set(suites.flatMap((s) => s.cases.map((c) => c.id)));
    const problems: string[] = [];
    const listed = new Set<string>();
    for (const { id, builds } of known) {
      if (!ids.has(id)) problems.push(`${show(id)}: no such case`);
      if (listed.has(id)) problems.push(`${show(id)}: listed twice`);
      listed.add(id);
      for (const build of builds ?? []) {
        if (build !== REFERENCE_NAME && !BUILD_NAMES.includes(build))
          problems.push(`${show(id)}: no target named ${show(build)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe.each(targets)("WPT URL data (%s)", (build, api) => {
  const excused = excusedIds(known, build, BUILD_NAMES);
  for (const suite of suites) {
    it(`${suite.file}: ${suite.cases.length} cases`, () => {
      const unexpected = unexpectedResults(suite, failingCases(suite, api), excused);
      expect(unexpected.length, summarize(`${unexpected.length} unexpected results`, unexpected)).toBe(0);
    });
  }
});
