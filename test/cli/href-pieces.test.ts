// The columnar output copies the fields that are pieces of the href from the
// href's bytes at the bounds packages/cli/src/output/href-pieces.ts writes, instead of calling
// the getters: for every URL of WPT's urltestdata and of the corpus, each
// piece at its bounds must be the getter's value (and scheme the protocol
// without its ":"), in every build.
import { describe, expect, it } from "vitest";
import type { ParsedUrl } from "../../build/index.js";
import { BOUNDS, hrefPiece, writeBounds } from "../../packages/cli/src/output/href-pieces";
import { builds } from "../helpers/builds";
import { corpusLines } from "../helpers/corpus";
import { wptFiles } from "../helpers/fixtures";

const PIECES = ["href", "protocol", "username", "password", "host", "hostname", "pathname", "search", "hash"] as const;

interface UrlCase {
  input: string;
  base: string | null;
}
const cases: UrlCase[] = [
  ...(wptFiles("urltestdata.json") as (string | UrlCase)[]).filter((c): c is UrlCase => typeof c === "object"),
  ...corpusLines().map((input) => ({ input, base: null })),
];

describe.each(builds)("href pieces (%s)", (_name, api) => {
  it("are the getters' values, for every URL of urltestdata and the corpus", () => {
    const bounds = new Int32Array(BOUNDS);
    // Differences are gathered and compared once: an expect() per value of
    // some 50,000 URLs would take most of the test's time.
    const wrong: string[] = [];
    let checked = 0;
    for (const { input, base } of cases) {
      const url: ParsedUrl | null = base === null ? api.parse(input) : api.parse(input, base);
      if (url === null) continue;
      writeBounds(url, bounds, 0);
      const piece = (name: string) => {
        const { start, end } = hrefPiece(name)!;
        return url.href.slice(bounds[start], bounds[end]);
      };
      for (const name of PIECES) if (piece(name) !== url[name]) wrong.push(`${name} of ${input}: ${piece(name)}`);
      if (piece("scheme") !== url.protocol.slice(0, -1)) wrong.push(`scheme of ${input}: ${piece("scheme")}`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(40_000);
  });
});
