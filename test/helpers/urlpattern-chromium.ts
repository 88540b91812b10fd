// Chromium's own URLPattern as the second oracle of the differential
// (urlpattern-differential.ts): where Node 24's URLPattern and swurl's disagree, the pair
// is run in a Chromium page (Debian's, through playwright-core), and each of
// swurl's answers must be Node 24's or Chromium's.
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, ensureChromium } from "../../scripts/chromium.mjs";
import { builds } from "./builds";
import { type Dispute, observe, type PatternPair } from "./urlpattern-differential";

/** Chromium's observations of `pairs`, in order. */
export async function chromiumObservations(pairs: PatternPair[]): Promise<string[][]> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const out: string[][] = [];
    // observe() is self-contained: its source runs in the page on the page's URLPattern.
    const source = observe.toString();
    for (let i = 0; i < pairs.length; i += 500) {
      const chunk = pairs.slice(i, i + 500);
      out.push(
        ...(await page.evaluate(
          ([src, list]) => {
            const run = new Function(`return (${src})`)() as typeof observe;
            const native = (globalThis as unknown as { URLPattern: Parameters<typeof observe>[0] }).URLPattern;
            return list.map((pair) => run(native, pair));
          },
          [source, chunk] as const,
        )),
      );
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** Whether a pattern argument (a string or a dictionary of them) has a tab or newline. */
function hasTabOrNewline(args: unknown[]): boolean {
  const text = (v: unknown) => typeof v === "string" && /[\t\n\r]/.test(v);
  return args.some((a) => text(a) || (typeof a === "object" && a !== null && Object.values(a).some(text)));
}

/**
 * Chromium's pathname line as the standard would have it where the pattern has
 * tabs or newlines: Chromium keeps them in an opaque pathname ("%09", "%0A",
 * "%0D"), where the URL parser that the standard's canonicalizer runs removes
 * them; Node 24 removes them, but departs elsewhere in some of the same pairs.
 */
function withoutTabsAndNewlines(line: string): string {
  return line.startsWith("pathname: ") ? line.replace(/%0[9AD]/g, "") : line;
}

/** The disputes where an answer of swurl's is neither Node 24's nor Chromium's, with those answers. */
export async function undecided(disputes: Dispute[]): Promise<string[]> {
  if (disputes.length === 0) return [];
  const seen = await chromiumObservations(disputes.map((d) => d.pair));
  return disputes.flatMap(({ pair, swurl, node }, i) => {
    const browser = hasTabOrNewline(pair.pattern)
      ? (seen[i] as string[]).map(withoutTabsAndNewlines)
      : (seen[i] as string[]);
    // An engine that threw where swurl made a pattern (or the other way round) answers nothing line by line.
    const engines = [node, browser].filter((lines) => lines.length === swurl.length);
    const problems = swurl.flatMap((line, k) =>
      engines.some((lines) => lines[k] === line)
        ? []
        : [`swurl    ${line}\n  Node 24  ${node[k] ?? "(nothing)"}\n  Chromium ${browser[k] ?? "(nothing)"}`],
    );
    return problems.length === 0 ? [] : [`${JSON.stringify(pair)}\n  ${problems.join("\n  ")}`];
  });
}

/**
 * Schemes Chromium counts as standard beyond the special ones (each found in
 * Chromium 156: a pattern with one of these protocols gets a special URL's
 * pathname there).
 */
const CHROMIUM_STANDARD_SCHEMES = [
  "chrome",
  "chrome-distiller",
  "chrome-error",
  "chrome-extension",
  "chrome-native",
  "chrome-search",
  "chrome-untrusted",
  "devtools",
  "filesystem",
  "isolated-app",
];
const SPECIAL_SCHEMES = ["ftp", "file", "http", "https", "ws", "wss"];

/**
 * Which known departure of Chromium's from the standard an undecided()
 * entry falls under (where Node 24 departs too, otherwise), or null:
 *   "Chromium's standard schemes": the pattern's protocol matches a scheme
 *     Chromium counts as standard and no special scheme; Chromium
 *     canonicalizes the pathname as a special URL's, the standard as an
 *     opaque path ("protocol component matches a special scheme");
 *   "? and # in an opaque path": the pathname is opaque and Chromium's keeps
 *     a "?" or "#", where the URL Standard's opaque path state ends the path.
 * swurl's own URLPattern (the first build) reads the pattern's protocol.
 */
export function chromiumDeparture(entry: string): string | null {
  const [first, ...lines] = entry.split("\n");
  const pair = JSON.parse(first as string) as PatternPair;
  const URLPattern = (builds[0] as (typeof builds)[number])[1].URLPattern;
  let protocol: InstanceType<typeof URLPattern>;
  try {
    protocol = new URLPattern({ protocol: new URLPattern(...(pair.pattern as [string])).protocol });
  } catch {
    return null;
  }
  const matches = (schemes: string[]) => schemes.some((scheme) => protocol.test({ protocol: scheme }));
  if (matches(SPECIAL_SCHEMES)) return null;
  if (matches(CHROMIUM_STANDARD_SCHEMES)) return "Chromium's standard schemes";
  const pathname = lines.find((line) => line.trimStart().startsWith("Chromium pathname: "));
  return pathname !== undefined && /[?#]/.test(pathname) ? "? and # in an opaque path" : null;
}
