// What a browser page (or worker) checks of one way of loading swurl: the WPT
// URL suites, and a call of every public function whose results the Node test
// compares with the same calls in Node. Bundled for the browser by
// test/package/browser.test.ts with esbuild; the API under test is handed in, so that
// the same checks serve every load path.
import idnaTestV2 from "../../fixtures/wpt/IdnaTestV2.json";
import percentEncoding from "../../fixtures/wpt/percent-encoding.json";
import toascii from "../../fixtures/wpt/toascii.json";
import urltestdata from "../../fixtures/wpt/urltestdata.json";
import known from "../../fixtures/known-failures.json";
import urlpatterntestdata from "../../fixtures/wpt/urlpattern/urlpatterntestdata.json";
import { type PatternApi, type UrlPatternCase, urlPatternFailures } from "../urlpattern-wpt";
import type * as Swurl from "../../../build/index.js";
import { excusedIds, failingCases, unexpectedResults, wptSuites, type KnownFailure } from "../wpt-helpers";

const FILES: Record<string, unknown> = {
  "urltestdata.json": urltestdata,
  "toascii.json": toascii,
  "IdnaTestV2.json": idnaTestV2,
  "percent-encoding.json": percentEncoding,
};
const BUILD_NAMES = ["wasm-simd", "wasm", "js"];

export interface SuiteResult {
  file: string;
  cases: number;
  unexpected: string[];
}

/** WPT's urlpatterntestdata.json in the page: swurl's URLPattern, and the browser's own through the same runner. */
export interface UrlPatternResult {
  cases: number;
  failures: string[];
  browserFailures: number | null;
}

export interface CheckResult {
  kernel: string;
  suites: SuiteResult[];
  urlpattern: UrlPatternResult;
  smoke: unknown;
}

export function urlPatternResult(api: typeof Swurl): UrlPatternResult {
  const data = urlpatterntestdata as UrlPatternCase[];
  const own = (globalThis as { URLPattern?: unknown }).URLPattern;
  return {
    cases: data.length,
    failures: urlPatternFailures(api as unknown as PatternApi, data),
    browserFailures:
      own === undefined ? null : urlPatternFailures({ URLPattern: own, URL } as unknown as PatternApi, data).length,
  };
}

/** The WPT URL data files against `api`, with the known failures of its kernel excused. */
export function wptResults(api: typeof Swurl): SuiteResult[] {
  // The first call makes the kernel: from then on \`kernel\` names the build that runs.
  api.canParse("http://a/");
  const excused = excusedIds(known as KnownFailure[], api.kernel, BUILD_NAMES);
  return wptSuites((file) => FILES[file]).map((suite) => ({
    file: suite.file,
    cases: suite.cases.length,
    unexpected: unexpectedResults(suite, failingCases(suite, api), excused),
  }));
}

/** One call of every public export, as plain data. */
export async function smoke(api: typeof Swurl): Promise<unknown> {
  const url = api.parse("HTTPS://User@EXAMPLE.com:443/a/./b/../c?q#f")!;
  const batch = api.parseBatch("http://a.example/x\nnot a url\n/rel\n", { base: "https://b.example/" });
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("http://a.example/1\nhttp://b.exa"));
      controller.enqueue(new TextEncoder().encode("mple/2\n"));
      controller.close();
    },
  });
  const streamed: string[] = [];
  for await (const b of api.parseStream(stream)) for (let i = 0; i < b.length; i++) streamed.push(b.href(i) ?? "-");
  // The URL class: setters through the kernel, live searchParams, a failure.
  const whole = new api.URL("https://example.com/a?x=1#h");
  whole.port = "8080";
  whole.pathname = "/b c?";
  whole.searchParams.append("y", "2 3");
  whole.hash = "";
  whole.hostname = "Bücher.example";
  const params = new api.URLSearchParams("?b=2&a=1&b=3");
  params.sort();
  params.delete("a");
  params.set("c", "é &");
  let thrown = "";
  try {
    new api.URL("nope");
  } catch (error) {
    thrown = (error as Error).constructor.name;
  }
  // swurl/js has no createSwurl() or bestKernel(): it is the JS kernel. The
  // browser entry has the JS build only where it fetched it (no SIMD WASM).
  let js: [string, string | undefined] | string | null = null;
  if ("createSwurl" in api) {
    try {
      const other = api.createSwurl("js");
      js = [other.kernel, other.parse("http://a/b/../c")?.href];
    } catch (error) {
      js = (error as Error).message;
    }
  }
  return {
    url: [
      url.href,
      url.origin,
      url.protocol,
      url.username,
      url.password,
      url.host,
      url.hostname,
      url.port,
      url.pathname,
      url.search,
      url.hash,
      String(url),
      url.toJSON(),
    ],
    instance: url instanceof api.ParsedUrl,
    URL: [whole.href, whole.origin, whole.search, whole.searchParams.get("y"), api.URL.canParse("/x", whole), thrown],
    URLSearchParams: [params.toString(), params.size, [...params.keys()], params.getAll("b")],
    URLPattern: new api.URLPattern("https://*.example.com/books/:id(\\d+)").exec("https://a.example.com/books/7"),
    idna: api.parse("https://Bücher.example/")?.href,
    base: api.parse("../x?y", url)?.href,
    failure: api.parse("http://[::1"),
    canParse: [api.canParse("https://a.example"), api.canParse("x"), api.canParse("x", "https://a.example/")],
    batch: [
      batch.length,
      batch.href(0),
      batch.href(1),
      batch.href(2),
      batch.hostname(0),
      batch.isValid(1),
      batch instanceof api.UrlBatch,
    ],
    streamed,
    split: api.split("http://u@h:1/p?q#f").toJSON(),
    percent: [api.percentDecode("a%20b%E9%7e"), api.percentEncode("a b/é?", "path")],
    schemeParts: api.schemeParts("ftp://u:p@h/a;type=i"),
    defaultPort: [api.defaultPort("gopher"), api.defaultPort("http"), api.defaultPort("nope")],
    resolve: api.resolve("../g?q", "http://a/b/c/d;p?q"),
    equivalent: [api.equivalent("http://a/%7Eb", "http://A:80/~b"), api.equivalent("http://a/b", "http://a/c")],
    validate: api.validate("ftp://h/a;type=q").length > 0,
    extractUrls: api.extractUrls("see <URL:http://a/b> and http://c/d."),
    canonicalize: api.canonicalize("HTTP://A/b/../c?b=2&a=1#x"),
    bestKernel: "bestKernel" in api ? api.bestKernel() : null,
    js,
  };
}

export async function check(api: typeof Swurl): Promise<CheckResult> {
  const suites = wptResults(api);
  return { kernel: api.kernel, suites, urlpattern: urlPatternResult(api), smoke: await smoke(api) };
}
