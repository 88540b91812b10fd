// Checks of the WPT harness itself (test/helpers/wpt-helpers.ts), independent of swurl:
// the reference passes it, and parsers broken on purpose do not.
import { describe, expect, it } from "vitest";
import {
  BUILD_NAMES,
  reference,
  REFERENCE_NAME,
  URL_FIELDS,
  type UrlApi,
  type UrlField,
  type UrlRecord,
} from "../helpers/url-targets";
import { summarize } from "../helpers/report";
import { excusedIds, failingCases, unexpectedResults, wptSuites } from "../helpers/wpt-helpers";
import { loadKnownFailures, wptFiles } from "../helpers/fixtures";

const suites = wptSuites(wptFiles);

/** The reference with some getters of every parsed URL replaced. */
function tampered(change: (url: UrlRecord) => Partial<Record<UrlField, string>>): UrlApi {
  return {
    parse(input, base) {
      const url = reference.parse(input, base);
      if (url === null) return null;
      const fields = Object.fromEntries(URL_FIELDS.map((f) => [f, url[f]])) as Record<UrlField, string>;
      const record = { ...fields, ...change(url) };
      return { ...record, toString: () => record.href, toJSON: () => record.href };
    },
    canParse: reference.canParse,
  };
}

const broken: [string, UrlApi, string[]][] = [
  ["lower-cases the path", tampered((u) => ({ pathname: u.pathname.toLowerCase() })), ["urltestdata.json"]],
  ["drops the port", tampered((u) => ({ port: "", host: u.hostname })), ["urltestdata.json"]],
  ["leaves the fragment unencoded", tampered((u) => ({ hash: decodeURI(u.hash) })), ["percent-encoding.json"]],
  [
    "accepts every input",
    { parse: (input, base) => reference.parse(input, base) ?? reference.parse("about:blank"), canParse: () => true },
    ["urltestdata.json", "toascii.json", "IdnaTestV2.json"],
  ],
  [
    "ignores the base",
    { parse: (input) => reference.parse(input), canParse: (input) => reference.canParse(input) },
    ["urltestdata.json"],
  ],
];

describe("WPT harness", () => {
  it(`passes ${REFERENCE_NAME}, but for the cases known-failures.json excuses it from`, () => {
    const excused = excusedIds(loadKnownFailures(), REFERENCE_NAME, BUILD_NAMES);
    const unexpected = suites.flatMap((s) => unexpectedResults(s, failingCases(s, reference), excused));
    expect(unexpected.length, summarize(`${unexpected.length} unexpected results`, unexpected)).toBe(0);
  });

  it.each(broken)("catches a parser that %s", (_what, api, catchers) => {
    const caughtBy = suites.filter((s) => failingCases(s, api).size > 0).map((s) => s.file);
    expect(caughtBy).toEqual(expect.arrayContaining(catchers));
  });
});
