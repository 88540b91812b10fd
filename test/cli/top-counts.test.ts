// The report's count tables (packages/cli/src/commands/top-counts.ts): a table read in place (the
// kernel's tally of paths or hosts) with the counts of a record at a time beside it reads as the
// two added up, against a Map of the sums sorted whole: size, each count, and every top length
// (the walk of a short top and the sort of a long one), ties in name order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDuration, type Histogram, histogramOf } from "../../packages/cli/src/commands/durations";
import {
  CAP_KEYS,
  countTable,
  countValue,
  emptyCounts,
  mapTable,
  mergeCounts,
} from "../../packages/cli/src/commands/top-counts";
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

describe("countValue() past twice CAP_KEYS keys", () => {
  it("keeps the CAP_KEYS most counted, of equal counts those counted first, with their sums and durations", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        // Keys counted 1 to 3 times (most once), their counts cut across the CAP_KEYS-th place.
        let state = seed;
        const next = () => (state = (Math.imul(state, 48271) + 11) % 2147483647);
        const t = emptyCounts(true, true);
        const counted = new Map<string, number>();
        for (let i = 0; i <= 2 * CAP_KEYS; i++) {
          const key = `/k${i}`;
          const by = 1 + (next() % 7 === 0 ? 1 + (next() % 2) : 0);
          countValue(t, key, by, i, i % 3 === 0 ? i / 1000 : null);
          counted.set(key, by);
        }
        // The reference: a stable sort of every key by count, the first CAP_KEYS kept.
        const sorted = [...counted].sort((a, b) => b[1] - a[1]);
        const kept = sorted.slice(0, CAP_KEYS);
        expect([...t.counts]).toEqual(kept);
        expect(t.dropped).toBe(sorted.slice(CAP_KEYS).reduce((sum, [, n]) => sum + n, 0));
        expect([...t.sums!.keys()]).toEqual(kept.map(([key]) => key));
        for (const [key] of kept.slice(0, 100)) expect(t.sums!.get(key)).toBe(Number(key.slice(2)));
        const timed = kept.filter(([key]) => Number(key.slice(2)) % 3 === 0).map(([key]) => key);
        expect([...t.durations!.keys()]).toEqual(timed);
      }),
      { numRuns: 3 },
    );
  });
});

describe("countValue() and mergeCounts(), with durations", () => {
  it("a value's durations, handed one at a time or as histograms, in one table or two merged, are all of its records'", () => {
    fc.assert(
      fc.property(
        // Records of a value: their durations in ms (one is handed as a number, several as a histogram), and the table counted in.
        fc.array(
          fc.tuple(
            fc.constantFrom("/a", "/b", "/c"),
            fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 1, maxLength: 3 }),
            fc.boolean(),
          ),
        ),
        (records) => {
          const tables = [emptyCounts(false, true), emptyCounts(false, true)];
          const want = new Map<string, Histogram>();
          for (const [key, ms, second] of records) {
            const seconds = ms.map((m) => m / 1000);
            const histogram: Histogram = new Map();
            for (const s of seconds) addDuration(histogram, s);
            countValue(tables[Number(second)], key, seconds.length, 0, seconds.length === 1 ? seconds[0] : histogram);
            if (!want.has(key)) want.set(key, new Map());
            for (const s of seconds) addDuration(want.get(key)!, s);
          }
          const merged = mergeCounts(tables[0], tables[1]);
          const got = new Map([...merged.durations!].map(([key, d]) => [key, histogramOf(d)]));
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 200 },
    );
  });
});
