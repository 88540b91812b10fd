// The "normalize-url" and "crawlee" profiles against the anchors themselves
// (normalize-url 10.0.0 and @apify/utilities 2.35.11, devDependencies), in
// every build: every line of the corpora (kasztp, npm-mixed, debian-files)
// and messy crawler URLs generated with a fixed seed (test/helpers/crawler-urls.ts),
// under several sets of options.
//
// The anchors parse with the platform's URL, and Node's URL (Ada) differs
// from the URL Standard on a few inputs (Node 20's Ada 2.9 more than Node
// 24's). Where an anchor's answer differs from the profile's, the anchor is
// run again on whatwg-url 17.3's URL and URLSearchParams (the standard's
// reference implementation): a difference that then goes away is Node's, and
// only counted; any other fails the test.
//
// SWURL_ANCHOR_CASES sets the number of generated URLs (default 3000, a tenth in a quick run),
// SWURL_ANCHOR_SEED the seed, SWURL_ANCHOR_SHOW how many of Node's
// differences to print (default 5).
import fc from "fast-check";
import normalizeUrl from "normalize-url";
import { normalizeUrl as apifyNormalizeUrl } from "@apify/utilities";
import { URL as WhatwgURL, URLSearchParams as WhatwgSearchParams } from "whatwg-url";
import { describe, expect, it } from "vitest";
import { builds, type Api } from "../helpers/builds";
import { corpusLines } from "../helpers/corpus";
import { crawlerUrl } from "../helpers/crawler-urls";
import { randomCases } from "../helpers/quick";

const CASES = Number(process.env.SWURL_ANCHOR_CASES ?? randomCases(3000));
const SEED = Number(process.env.SWURL_ANCHOR_SEED ?? 0xc4a0);
const SHOW = Number(process.env.SWURL_ANCHOR_SHOW ?? 5);

const GENERATED = fc.sample(crawlerUrl, { seed: SEED, numRuns: CASES });
const CORPUS = ["kasztp", "npm-mixed", "debian-files"].flatMap((name) => corpusLines(name));

/**
 * The escape of every printable ASCII character (upper and lower case hex
 * digits) in http and file paths, beside "//", a tracking parameter, names
 * out of order and a text fragment directive: each path step the profiles'
 * fast paths take on slices of the href, against the anchors.
 */
const PATH_ESCAPES = Array.from({ length: 0x7f - 0x20 }, (_, i) => (0x20 + i).toString(16)).flatMap((hex) =>
  [hex.toUpperCase(), hex].flatMap((h) => [
    `https://www.example.com/a%${h}b/`,
    `http://example.com//x%${h}//y/?b=1&utm_source=s&a=2#f:~:text=t`,
    `file:///dir/%${h}/`,
    `file://host//a%${h}?z=1&y=2#:~:text=x`,
  ]),
);

/**
 * The escape of every ASCII byte (upper and lower case hex digits), and
 * every printable one as it is, in a query's names and values, beside "+",
 * parameters without "=" or with an empty value, tracking parameters and
 * names out of order, and in a fragment: each query and fragment step the
 * profiles' kernel keys take (assembly/canonical/keys.ts).
 */
const QUERY_ESCAPES = Array.from({ length: 0x80 }, (_, b) => b).flatMap((b) => {
  const hex = b.toString(16).padStart(2, "0");
  const raw = b > 0x20 && b < 0x7f ? String.fromCharCode(b) : "";
  return [
    ...[hex.toUpperCase(), hex].flatMap((h) => [
      `https://example.com/q?b%${h}=v%${h}w&a=1&utm%5fx%${h}=2#f%${h}`,
      `http://www.example.com/?z=%${h}+&y%${h}&x=1&UTM_A=1&%${h}`,
      `https://example.com/?%${h}=&a+b=c+d&utm_=1#:~:text=%${h}`,
    ]),
    `https://example.com/p/?b${raw}=${raw}&a=${raw}${raw}&c&utm_${raw}=1#x${raw}`,
    `http://example.com/?${raw}&a=&${raw}=${raw}`,
  ];
});

/**
 * Tabs and newlines inside the input, which the parser removes: a key that
 * begins the input as written is a slice of it, and these must not be.
 */
const TABS_INSIDE = [
  "https://exa\tmple.com/a/b",
  "https://example.com/a\n/b?b=1&a=2#x",
  "https://www.example.com/p\r/",
  "ht\ttp://example.com/",
  "https://example.com/p?q=1\t&a",
  "https://example.com/\t",
  "file:///a/\tb",
];

/**
 * Queries of up to 40 parameters, names repeated and out of order, tracking
 * parameters among them (seeded): the sort of many parameters (past the
 * insertion sort of the profiles' fast path) keeps those of one name in order.
 */
const LONG_QUERIES = Array.from({ length: 40 }, (_, n) => {
  const names = ["b", "a", "utm_source", "c", "a", "utm_", "d", "b", "e"];
  const params = Array.from({ length: n + 1 }, (_, i) => `${names[(i * 7 + n) % names.length]}=${i}`);
  return `https://example.com/p?${params.join("&")}${n % 3 === 0 ? "&" : ""}`;
});

/** normalize-url's option sets the generated URLs run under. */
const NORMALIZE_URL_OPTIONS: Record<string, unknown>[] = [
  {},
  { stripWWW: false, removeTrailingSlash: false, removeSingleSlash: false },
  { stripHash: true, removeQueryParameters: true, removeDirectoryIndex: true },
  { forceHttps: true, removeExplicitPort: true, removeDirectoryIndex: [/^index\.html$/, "default.asp"] },
  { stripAuthentication: false, stripTextFragment: false, sortQueryParameters: false, emptyQueryValue: "always" },
  { emptyQueryValue: "never", keepQueryParameters: [/^a/, "b"], normalizeProtocol: false, stripProtocol: true },
  { forceHttp: true, customProtocols: ["foo", "mailto"], defaultProtocol: "https", removeQueryParameters: ["fbclid"] },
  { removePath: true, stripWWW: true },
  { transformPath: (parts: string[]) => parts.slice(0, 1) },
];

type Answer = string | null | { throws: string };

/** An anchor's answer: its string, null, or the error it throws ("Invalid URL" counts as null, as the profile gives). */
function answer(run: () => string | null): Answer {
  try {
    return run();
  } catch (error) {
    const message = (error as Error).message;
    return /^Invalid URL/.test(message) || (error as { code?: string }).code === "ERR_INVALID_URL"
      ? null
      : { throws: message };
  }
}

/** `run` with whatwg-url's URL and URLSearchParams in place of the platform's. */
function onStandardUrl(run: () => string | null): Answer {
  const g = globalThis as unknown as Record<string, unknown>;
  const saved = [g.URL, g.URLSearchParams];
  g.URL = WhatwgURL;
  g.URLSearchParams = WhatwgSearchParams;
  try {
    return answer(run);
  } finally {
    [g.URL, g.URLSearchParams] = saved;
  }
}

interface Tally {
  cases: number;
  /** Differences that go away on whatwg-url: Node's URL, not the profile. */
  nodeUrl: string[];
  /** Of those, the ones that are not a "^" in the path (Node 20's Ada 2.9 leaves it; the standard escapes it). */
  otherNodeUrl: string[];
  /** Any other difference. */
  differences: string[];
}

/** The anchors' answers, kept for the other builds (normalize-url takes ~15 us a URL). */
const anchorAnswers = new Map<string, Answer>();

function compare(tally: Tally, label: string, ours: () => Answer, theirs: () => string | null): void {
  tally.cases++;
  const got = ours();
  let want = anchorAnswers.get(label);
  if (want === undefined) {
    want = answer(theirs);
    anchorAnswers.set(label, want);
  }
  if (JSON.stringify(got) === JSON.stringify(want)) return;
  const standard = onStandardUrl(theirs);
  const line = `${label}: swurl ${JSON.stringify(got)}, anchor ${JSON.stringify(want)}, on whatwg-url ${JSON.stringify(standard)}`;
  if (JSON.stringify(got) !== JSON.stringify(standard)) tally.differences.push(line);
  else {
    tally.nodeUrl.push(line);
    if (!(String(want).includes("^") && String(got).includes("%5E"))) tally.otherNodeUrl.push(line);
  }
}

function report(name: string, tally: Tally): void {
  console.log(
    `${name}: ${tally.cases} cases, ${tally.differences.length} differences, ` +
      `${tally.nodeUrl.length} from Node's URL (${process.version})` +
      tally.nodeUrl
        .slice(0, SHOW)
        .map((l) => `\n  ${l}`)
        .join(""),
  );
}

function ours(api: Api, input: string, options: Parameters<Api["canonicalize"]>[1]): () => Answer {
  return () => answer(() => api.canonicalize(input, options));
}

describe.each(builds)("%s", (name, api) => {
  it("normalize-url: the profile answers as normalize-url 10.0.0", () => {
    const tally: Tally = { cases: 0, nodeUrl: [], otherNodeUrl: [], differences: [] };
    for (const input of [...CORPUS, ...PATH_ESCAPES, ...QUERY_ESCAPES, ...TABS_INSIDE, ...LONG_QUERIES])
      compare(tally, `normalize-url ${JSON.stringify(input)}`, ours(api, input, { profile: "normalize-url" }), () =>
        normalizeUrl(input),
      );
    for (const options of NORMALIZE_URL_OPTIONS) {
      for (const input of GENERATED) {
        compare(
          tally,
          `normalize-url ${JSON.stringify(input)} ${NORMALIZE_URL_OPTIONS.indexOf(options)}`,
          ours(api, input, { ...options, profile: "normalize-url" }),
          () => normalizeUrl(input, options),
        );
      }
    }
    report(`${name} normalize-url`, tally);
    expect(tally.differences.slice(0, 20)).toEqual([]);
    expect(tally.otherNodeUrl.slice(0, 20)).toEqual([]);
  });

  it("crawlee: the profile answers as @apify/utilities normalizeUrl, and `?? url` as computeUniqueKey()", () => {
    const tally: Tally = { cases: 0, nodeUrl: [], otherNodeUrl: [], differences: [] };
    for (const keepUrlFragment of [false, true]) {
      for (const input of [
        ...CORPUS,
        ...PATH_ESCAPES,
        ...QUERY_ESCAPES,
        ...TABS_INSIDE,
        ...LONG_QUERIES,
        ...GENERATED,
      ]) {
        compare(
          tally,
          `crawlee ${JSON.stringify(input)} keepUrlFragment=${keepUrlFragment}`,
          ours(api, input, { profile: "crawlee", keepUrlFragment }),
          () => apifyNormalizeUrl(input, keepUrlFragment),
        );
      }
    }
    // Crawlee's Request.computeUniqueKey() for a GET request: normalizeUrl(url, keepUrlFragment) || url.
    for (const input of GENERATED) {
      compare(
        tally,
        `uniqueKey ${JSON.stringify(input)}`,
        () => api.canonicalize(input, { profile: "crawlee" }) ?? input,
        () => apifyNormalizeUrl(input, false) || input,
      );
    }
    report(`${name} crawlee`, tally);
    expect(tally.differences.slice(0, 20)).toEqual([]);
    expect(tally.otherNodeUrl.slice(0, 20)).toEqual([]);
  });
});
