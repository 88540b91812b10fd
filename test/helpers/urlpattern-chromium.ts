// Chromium's own URLPattern as the second oracle of the differential
// (urlpattern-differential.ts): where Node 24's URLPattern and swurl's disagree, the pair
// is run in a Chromium page (Debian's, through playwright-core), and each of
// swurl's answers must be Node 24's or Chromium's.
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumForTests } from "../../scripts/chromium.mjs";
import { type Dispute, observe, type PatternPair } from "./urlpattern-differential";
import { standardPattern } from "./urlpattern-standard";

let chromiumPath: string | null | undefined;
/** Chromium, or null where the tests that need it are skipped (scripts/debian.mjs): looked for on first use. */
export function chromiumOracle(): string | null {
  if (chromiumPath === undefined) chromiumPath = chromiumForTests("the URLPattern tests against Chromium");
  return chromiumPath;
}

/** Chromium's answer to a pair on which its page crashes: no line of swurl's is ever this. */
const CRASHED = "Chromium's page crashed";

/** Whether Chromium's answer is that its page crashed on the pair. */
export function crashed(answer: string[]): boolean {
  return answer.length === 1 && answer[0] === CRASHED;
}

/**
 * Chromium's observations of `pairs`, in order. Where the page crashes, a new
 * page takes the chunk again in halves, down to the pair that crashes it,
 * which answers CRASHED (and is named on stderr): an oracle that cannot
 * answer leaves the pair to the other one.
 */
export async function chromiumObservations(pairs: PatternPair[]): Promise<string[][]> {
  const executablePath = chromiumOracle();
  if (executablePath === null) throw new Error("Chromium is needed to decide these pairs, and there is none here");
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    let page = await browser.newPage();
    // observe() is self-contained: its source runs in the page on the page's URLPattern.
    const source = observe.toString();
    const run = async (chunk: PatternPair[]): Promise<string[][]> => {
      try {
        return await page.evaluate(
          ([src, list]) => {
            const run = new Function(`return (${src})`)() as typeof observe;
            const native = (globalThis as unknown as { URLPattern: Parameters<typeof observe>[0] }).URLPattern;
            return list.map((pair) => run(native, pair));
          },
          [source, chunk] as const,
        );
      } catch (error) {
        if (!/crash/i.test(String(error))) throw error;
        await page.close();
        page = await browser.newPage();
        if (chunk.length > 1) {
          const half = Math.ceil(chunk.length / 2);
          return [...(await run(chunk.slice(0, half))), ...(await run(chunk.slice(half)))];
        }
        console.error(`Chromium's page crashed on ${JSON.stringify(chunk[0])}`);
        return [[CRASHED]];
      }
    };
    const out: string[][] = [];
    for (let i = 0; i < pairs.length; i += 500) out.push(...(await run(pairs.slice(i, i + 500))));
    return out;
  } finally {
    await browser.close();
  }
}

/** A pair where an answer of swurl's is neither Node 24's nor Chromium's. */
export interface Undecided extends Dispute {
  /** Chromium's observations (tabs and newlines of an opaque pathname taken out). */
  chromium: string[];
  /** Chromium's observations as it answered. */
  chromiumSeen: string[];
  /** The indices of swurl's lines that are neither engine's. */
  lines: number[];
}

/**
 * The indices of swurl's lines that are the same line of none of `engines`.
 * An engine that threw where swurl made a pattern (or the other way round)
 * answers nothing line by line.
 */
export function neither(swurl: string[], engines: string[][]): number[] {
  const answered = engines.filter((lines) => lines.length === swurl.length);
  return swurl.flatMap((line, k) => (answered.some((lines) => lines[k] === line) ? [] : [k]));
}

/** Whether a pattern argument (a string or a dictionary of them) has a tab or newline. */
export function hasTabOrNewline(args: unknown[]): boolean {
  const text = (v: unknown) => typeof v === "string" && /[\t\n\r]/.test(v);
  return args.some((a) => text(a) || (typeof a === "object" && a !== null && Object.values(a).some(text)));
}

/**
 * Chromium's observations of a pair, its pathname line as the standard would
 * have it where the pattern has tabs or newlines: Chromium keeps them in an
 * opaque pathname ("%09", "%0A", "%0D"), where the URL parser that the
 * standard's canonicalizer runs removes them ("remove all ASCII tab or
 * newline from input"); Node 24 removes them, but departs elsewhere in some
 * of the same pairs. The line is taken with them removed only where that is
 * the standard's pathname (urlpattern-standard.ts: whatwg-url as the parser).
 */
function asStandard(pair: PatternPair, seen: string[]): string[] {
  if (!hasTabOrNewline(pair.pattern)) return seen;
  const standard = standardPattern(pair.pattern);
  if (standard === null) return seen;
  const line = `pathname: ${JSON.stringify(standard.pathname)}`;
  return seen.map((l) => (l.startsWith("pathname: ") && l.replace(/%0[9AD]/g, "") === line ? line : l));
}

/** Chromium's observations of `pairs`, in order, tabs and newlines of an opaque pathname taken out. */
export async function chromiumAnswers(pairs: PatternPair[]): Promise<string[][]> {
  const seen = await chromiumObservations(pairs);
  return pairs.map((pair, i) => asStandard(pair, seen[i] as string[]));
}

/** The disputes where an answer of swurl's is neither Node 24's nor Chromium's, with the three answers. */
export async function undecidedPairs(disputes: Dispute[]): Promise<Undecided[]> {
  if (disputes.length === 0) return [];
  const seen = await chromiumObservations(disputes.map((d) => d.pair));
  return disputes.flatMap((dispute, i) => {
    const chromiumSeen = seen[i] as string[];
    const chromium = asStandard(dispute.pair, chromiumSeen);
    const lines = neither(dispute.swurl, [dispute.node, chromium]);
    return lines.length === 0 ? [] : [{ ...dispute, chromium, chromiumSeen, lines }];
  });
}

/** An undecided pair as text: the pair, then each of swurl's lines that is neither engine's, with theirs. */
export function describeUndecided({ pair, swurl, node, chromium, lines }: Undecided): string {
  const problems = lines.map(
    (k) => `swurl    ${swurl[k]}\n  Node 24  ${node[k] ?? "(nothing)"}\n  Chromium ${chromium[k] ?? "(nothing)"}`,
  );
  return `${JSON.stringify(pair)}\n  ${problems.join("\n  ")}`;
}

/** The disputes where an answer of swurl's is neither Node 24's nor Chromium's, as text. */
export async function undecided(disputes: Dispute[]): Promise<string[]> {
  return (await undecidedPairs(disputes)).map(describeUndecided);
}
