// The report's count tables (packages/cli/src/commands/top-counts.ts): a table read in place (the
// kernel's tally of paths or hosts) with the counts of a record at a time beside it reads as the
// two added up, against a Map of the sums sorted whole: size, each count, and every top length
// (the walk of a short top and the sort of a long one), ties in name order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countTable, emptyCounts, mapTable } from "../../packages/cli/src/commands/top-counts";
import { randomCases } from "../helpers/quick";

/** The first `n` entries of `map` in report order: the larger count, ties in name order. */
const reference = (map: Map<string, number>, n: number) =>
  [...map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n);

// Few names and few counts: most tops cut through a tie, and most names are in both.
const counts = fc
  .array(
    fc.tuple(
      fc.constantFrom("", "/", "/a", "/a/", "/ab", "/b", "/B", "(none)", "/é", "/z"),
      fc.integer({ min: 1, max: 4 }),
    ),
  )
  .map((entries) => new Map(entries));

describe("countTable()", () => {
  it("a table with counts beside it reads as the two added up, in report order", () => {
    fc.assert(
      fc.property(counts, counts, (beside, table) => {
        const t = { ...emptyCounts(), counts: beside, table: mapTable(table) };
        const sum = new Map<string, number>(table);
        for (const [key, n] of beside) sum.set(key, (sum.get(key) ?? 0) + n);
        const read = countTable(t);
        expect(read.size).toBe(sum.size);
        for (const key of ["/a", "/b", "/q", "(none)"]) expect(read.count(key)).toBe(sum.get(key) ?? 0);
        for (let n = 0; n <= sum.size + 2; n++) expect(read.top(n)).toEqual(reference(sum, n));
        // A long top is sorted whole: the same order.
        expect(read.top(100)).toEqual(reference(sum, 100));
      }),
      { numRuns: randomCases(500) },
    );
  });

  it("a Map alone reads as itself", () => {
    fc.assert(
      fc.property(counts, (map) => {
        const read = countTable(Object.assign(emptyCounts(), { counts: map }));
        expect(read.size).toBe(map.size);
        for (let n = 0; n <= map.size + 1; n++) expect(read.top(n)).toEqual(reference(map, n));
      }),
    );
  });
});
