// The web-platform-tests URL data (test/fixtures/wpt/) as a list of cases per
// file, each checked the way WPT's own test scripts check it, against any object
// with docs/api.md's parse/canParse (swurl's builds, or the whatwg-url reference).
//
// Case ids are stable across WPT updates (they name the case, not its index) and
// mirror WPT's test names:
//   urltestdata: <input> against <base>     urltestdata: <input> without base
//   toascii: <input>    IdnaTestV2: <input>    percent-encoding: <input>
// where <input> and <base> are the raw strings of the JSON file.
//
// Nothing here reads a file or needs Node: the caller hands in the data files
// (test/helpers/fixtures.ts in Node, JSON imports in the browser pages of test/helpers/browser/).
import { show } from "./report";
import { URL_FIELDS, type UrlApi, type UrlField, type UrlRecord } from "./url-api";

export interface WptCase {
  id: string;
  /** What the API got wrong on this case, one line per difference; [] = passes. */
  check(api: UrlApi): string[];
}

export interface WptSuite {
  file: string;
  cases: WptCase[];
}

type UrlTest = Partial<Record<UrlField, string>> & { input: string; base: string | null; failure?: true };
type HostTest = { input: string; output: string | null };
type PercentEncodingTest = { input: string; output: Record<string, string> };

/** A WPT data file's parsed JSON, by its name in test/fixtures/wpt/. */
export type WptFiles = (file: string) => unknown;

/** The test cases of a WPT data file: its object entries (string entries are comments). */
function wptEntries<T>(files: WptFiles, file: string): T[] {
  return (files(file) as (string | T)[]).filter((e): e is T => typeof e !== "string");
}

/** Collects the differences found while checking one case. */
class Differences {
  readonly list: string[] = [];
  equal(what: string, got: unknown, want: unknown): void {
    if (got !== want) this.list.push(`${what}: got ${show(got)}, want ${show(want)}`);
  }
  /** A parse that should have failed. */
  failed(what: string, url: UrlRecord | null): void {
    if (url !== null) this.list.push(`${what}: got ${show(url.href)}, want failure`);
  }
  /** A parse that should have succeeded: true if there is a URL to look at. */
  parsed(what: string, url: UrlRecord | null): url is UrlRecord {
    if (url === null) this.list.push(`${what}: got failure, want a URL`);
    return url !== null;
  }
}

// url-constructor.any.js and url-origin.any.js: `new URL(input, base)` throws on a
// failure case, and otherwise has every listed component (origin where given).
// failure.html: an input that fails without a base also fails as a base.
// Beyond WPT, per docs/api.md: canParse agrees with parse, toString/toJSON give href,
// href parses to itself, and a parsed ParsedUrl works as a base like its href does.
// Not checked: `searchParams` (9 cases), which belongs to the URL class to come.
function urlTestCase(t: UrlTest): WptCase {
  const base = t.base ?? undefined;
  return {
    id: `urltestdata: <${t.input}> ${base === undefined ? "without base" : `against <${base}>`}`,
    check(api) {
      const d = new Differences();
      const url = api.parse(t.input, base);
      if (t.failure) {
        d.failed("parse(input, base)", url);
        d.equal("canParse(input, base)", api.canParse(t.input, base), false);
        if (base === undefined) d.failed('parse("about:blank", input)', api.parse("about:blank", t.input));
        return d.list;
      }
      if (!d.parsed("parse(input, base)", url)) return d.list;
      for (const field of URL_FIELDS) if (t[field] !== undefined) d.equal(field, url[field], t[field]);
      d.equal("toString()", url.toString(), url.href);
      d.equal("toJSON()", url.toJSON(), url.href);
      d.equal("canParse(input, base)", api.canParse(t.input, base), true);
      d.equal("parse(href)?.href", api.parse(url.href)?.href, url.href);
      if (base !== undefined) {
        const baseUrl = api.parse(base);
        if (d.parsed("parse(base)", baseUrl))
          d.equal("parse(input, parse(base))?.href", api.parse(t.input, baseUrl)?.href, url.href);
      }
      return d.list;
    },
  };
}

// toascii.window.js and IdnaTestV2.window.js: the input is the host of
// `https://{input}/x`; a null output means that URL fails to parse. (WPT also
// runs toascii.json through the host and hostname setters, which swurl does not
// have yet.)
function hostCase(id: string, urlInput: string, output: string | null): WptCase {
  return {
    id,
    check(api) {
      const d = new Differences();
      const url = api.parse(`https://${urlInput}/x`);
      if (output === null) {
        d.failed("parse", url);
      } else if (d.parsed("parse", url)) {
        d.equal("host", url.host, output);
        d.equal("hostname", url.hostname, output);
        d.equal("pathname", url.pathname, "/x");
        d.equal("href", url.href, `https://${output}/x`);
      }
      return d.list;
    },
  };
}

// IdnaTestV2.window.js percent-encodes the code points that would end the host
// (`:/?#\`) so that they reach the host parser, and skips the empty input, which
// cannot be a host of a URL. (The vendored file has no input with those code
// points: WPT's generator leaves out STD3-invalid inputs.)
function encodeHostEndingCodePoints(input: string): string {
  return input.replace(/[:/?#\\]/g, encodeURIComponent);
}

// percent-encoding.window.js loads each non-UTF-8 row through a document in that
// encoding, and checks its query against that encoding's output and its fragment
// against the UTF-8 output. `new URL` always encodes as UTF-8, so here query and
// fragment both give the "utf-8" output (as whatwg-url's port of that test checks).
function percentEncodingCase(t: PercentEncodingTest): WptCase {
  const expected = t.output["utf-8"];
  return {
    id: `percent-encoding: ${t.input}`,
    check(api) {
      const d = new Differences();
      const url = api.parse(`https://doesnotmatter.invalid/?${t.input}#${t.input}`);
      if (d.parsed("parse", url)) {
        d.equal("search", url.search, `?${expected}`);
        d.equal("hash", url.hash, `#${expected}`);
      }
      return d.list;
    },
  };
}

function suite(file: string, cases: WptCase[]): WptSuite {
  const seen = new Set<string>();
  for (const { id } of cases) {
    if (seen.has(id)) throw new Error(`${file}: two cases have the id ${show(id)}`);
    seen.add(id);
  }
  return { file, cases };
}

export function wptSuites(files: WptFiles): WptSuite[] {
  return [
    suite("urltestdata.json", wptEntries<UrlTest>(files, "urltestdata.json").map(urlTestCase)),
    suite(
      "toascii.json",
      wptEntries<HostTest>(files, "toascii.json").map((t) => hostCase(`toascii: ${t.input}`, t.input, t.output)),
    ),
    suite(
      "IdnaTestV2.json",
      wptEntries<HostTest>(files, "IdnaTestV2.json")
        .filter((t) => t.input !== "")
        .map((t) => hostCase(`IdnaTestV2: ${t.input}`, encodeHostEndingCodePoints(t.input), t.output)),
    ),
    suite(
      "percent-encoding.json",
      wptEntries<PercentEncodingTest>(files, "percent-encoding.json").map(percentEncodingCase),
    ),
  ];
}

/** The cases of a suite that the API fails, with what it got wrong (a throw counts as a failure). */
export function failingCases(suite: WptSuite, api: UrlApi): Map<string, string[]> {
  const failing = new Map<string, string[]>();
  for (const c of suite.cases) {
    let differences: string[];
    try {
      differences = c.check(api);
    } catch (error) {
      differences = [`threw ${String(error)}`];
    }
    if (differences.length > 0) failing.set(c.id, differences);
  }
  return failing;
}

// Known failures (test/fixtures/known-failures.json), as rust-url's
// expected_failures.txt: a JSON array of
//   { "id": "<case id>", "builds": ["js", ...], "note": "why" }
// where `builds` (optional) limits the entry to some of swurl's builds (default:
// all of them). The reference is excused only where named ("whatwg-url"): for
// a WPT case that tr46's Unicode data and the vendored file disagree on. A
// listed case that fails is expected; a listed case that passes fails the run,
// so the list only shrinks. It is edited by hand: no script writes it.
export interface KnownFailure {
  id: string;
  builds?: string[];
  note?: string;
}

/** The ids that known-failures.json excuses for one target (a build of swurl, or the reference), given the names of swurl's builds. */
export function excusedIds(known: KnownFailure[], target: string, buildNames: readonly string[]): Set<string> {
  return new Set(known.filter((k) => (k.builds ?? buildNames).includes(target)).map((k) => k.id));
}

/** Compares a run with the known failures: one line per unexpected failure or unexpected pass. */
export function unexpectedResults(suite: WptSuite, failing: Map<string, string[]>, excused: Set<string>): string[] {
  const lines: string[] = [];
  for (const [id, differences] of failing) {
    if (!excused.has(id)) lines.push(`${show(id)}: ${differences.join("; ")}`);
  }
  for (const { id } of suite.cases) {
    if (excused.has(id) && !failing.has(id)) {
      lines.push(`${show(id)}: unexpected pass: remove it from test/fixtures/known-failures.json`);
    }
  }
  return lines;
}
