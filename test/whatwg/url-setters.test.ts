// setters_tests.json (web-platform-tests, test/fixtures/wpt/) over the URL class
// of every build, and over whatwg-url to check the harness: every case passes,
// none is excused. As WPT's url-setters.any.js runs it: "Create a new URL object
// with the value for the 'href' key ... Set the attribute ... get the attribute
// key ... must be equal to value."
import { describe, expect, it } from "vitest";
import { URL as WhatwgURL } from "whatwg-url";
import { builds } from "../helpers/builds";
import { wptFiles } from "../helpers/fixtures";
import { show, summarize } from "../helpers/report";

type SetterCase = { comment?: string; href: string; new_value: string; expected: Record<string, string> };
type UrlConstructor = new (input: string) => Record<string, string>;

const data = wptFiles("setters_tests.json") as Record<string, SetterCase[] | string[]>;
const cases: [string, SetterCase][] = Object.entries(data)
  .filter(([attribute]) => attribute !== "comment")
  .flatMap(([attribute, list]) => (list as SetterCase[]).map((c): [string, SetterCase] => [attribute, c]));

/** The differences of one case, one line each. */
function check(URL: UrlConstructor, attribute: string, c: SetterCase): string[] {
  const url = new URL(c.href);
  url[attribute] = c.new_value;
  const problems: string[] = [];
  for (const [key, want] of Object.entries(c.expected)) {
    if (url[key] !== want) problems.push(`${key}: got ${show(url[key])}, want ${show(want)}`);
  }
  return problems.length === 0
    ? []
    : [`${attribute} = ${show(c.new_value)} on ${show(c.href)}: ${problems.join("; ")}`];
}

const targets: [string, UrlConstructor][] = [
  ["whatwg-url", WhatwgURL as unknown as UrlConstructor],
  ...builds.map(([name, api]): [string, UrlConstructor] => [name, api.URL as unknown as UrlConstructor]),
];

describe("setters_tests.json", () => {
  it("has the 278 cases of the vendored file", () => {
    expect(cases.length).toBe(278);
  });
  describe.each(targets)("%s", (_name, URL) => {
    it("passes every case", () => {
      const failures = cases.flatMap(([attribute, c]) => check(URL, attribute, c));
      expect(failures.length, summarize(`${failures.length} of ${cases.length} cases fail`, failures)).toBe(0);
    });
  });
});
