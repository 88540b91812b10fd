// ByteKeys (packages/cli/src/commands/byte-keys.ts), the table of byte
// strings that the command's counts and its pathname memo keep their keys
// in, and ByteCounts over it: against a Map of the keys as strings, with
// keys at any offset of the bytes they are read from, keys that share a
// prefix or a hash bucket, the empty key, tables that grow, and counts
// past the bound where the rarest keys are dropped.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteCounts } from "../../packages/cli/src/commands/byte-counts";
import { ByteKeys } from "../../packages/cli/src/commands/byte-keys";
import { addDuration, type Durations, type Histogram, histogramOf } from "../../packages/cli/src/commands/durations";
import { CAP_KEYS, emptyCounts } from "../../packages/cli/src/commands/top-counts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `key`'s bytes between others, and where they are: [bytes, a, b]. */
function framed(key: string, before: number): [Uint8Array, number, number] {
  const inner = encoder.encode(key);
  const bytes = new Uint8Array(before + inner.length + 3).fill(0x7c);
  bytes.set(inner, before);
  return [bytes, before, before + inner.length];
}

/** Keys that share prefixes, with the empty key and some non-ASCII. */
const key = fc.oneof(
  fc.constantFrom("", "/", "/a", "/a/", "/ab", "é", "/é/x"),
  fc.stringMatching(/^\/[a-c]{0,3}(\/[a-c0-9]{0,4}){0,3}$/),
  fc.integer({ min: 0, max: 3000 }).map((n) => `/k${n}`),
);

describe("ByteKeys", () => {
  it("finds each key added, by its index in the order keys came, as a Map of strings does", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.nat(5)), { maxLength: 3000 }), (reads) => {
        const keys = new ByteKeys();
        const want = new Map<string, number>();
        for (const [k, before] of reads) {
          const [bytes, a, b] = framed(k, before);
          let index = keys.find(bytes, a, b);
          expect(index).toBe(want.get(k) ?? -1);
          if (index < 0) {
            index = keys.add(bytes, a, b);
            want.set(k, index);
          }
          expect(index).toBe(want.get(k));
        }
        expect(keys.size).toBe(want.size);
        for (const [k, index] of want) expect(decoder.decode(keys.key(index))).toBe(k);
        keys.clear();
        const [bytes, a, b] = framed(reads[0]?.[0] ?? "/", 0);
        expect(keys.find(bytes, a, b)).toBe(-1);
        expect(keys.size).toBe(0);
      }),
      { numRuns: 40 },
    );
  });
});

describe("ByteKeys, grown", () => {
  it("finds every key of 20,000 after the table has grown past its first size several times", () => {
    const keys = new ByteKeys();
    const all = Array.from({ length: 20_000 }, (_, i) => `/p/${i}/${"x".repeat(i % 7)}`);
    all.forEach((k, i) => {
      const [bytes, a, b] = framed(k, i % 3);
      expect(keys.find(bytes, a, b)).toBe(-1);
      expect(keys.add(bytes, a, b)).toBe(i);
    });
    all.forEach((k, i) => {
      const [bytes, a, b] = framed(k, 2);
      expect(keys.find(bytes, a, b), k).toBe(i);
      expect(decoder.decode(keys.key(i))).toBe(k);
    });
  });
});

/** Each value's durations (one, or a histogram of several) as a histogram. */
const histograms = (durations: Map<string, Durations> | undefined) =>
  durations && new Map([...durations].map(([k, d]) => [k, histogramOf(d)]));

describe("ByteCounts", () => {
  it("counts, sums and durations of each key (records without one among them), as a Map of strings does", () => {
    fc.assert(
      fc.property(
        // A duration in ms, or -1: none.
        fc.array(fc.tuple(key, fc.nat(5), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: -1, max: 100 })), {
          maxLength: 3000,
        }),
        (records) => {
          const counts = new ByteCounts(true);
          const want = emptyCounts(true, true);
          const wantDurations = new Map<string, Histogram>();
          for (const [k, before, sum, ms] of records) {
            const [bytes, a, b] = framed(k, before);
            counts.add(bytes, a, b, sum, ms < 0 ? null : ms / 1000);
            want.counts.set(k, (want.counts.get(k) ?? 0) + 1);
            want.sums?.set(k, (want.sums.get(k) ?? 0) + sum);
            if (ms < 0) continue;
            if (!wantDurations.has(k)) wantDurations.set(k, new Map());
            addDuration(wantDurations.get(k) as Histogram, ms / 1000);
          }
          const got = emptyCounts(true, true);
          counts.into(got);
          expect(got.counts).toEqual(want.counts);
          expect(got.sums).toEqual(want.sums);
          expect(got.dropped).toBe(0);
          expect(histograms(got.durations)).toEqual(wantDurations);
        },
      ),
      { numRuns: 30 },
    );
  });

  it(`past ${2 * CAP_KEYS} keys keeps the frequent ones whole and drops the rarest' counts`, () => {
    const counts = new ByteCounts();
    const frequent = Array.from({ length: 50 }, (_, i) => `/frequent/${i}`);
    for (const k of frequent) for (let n = 0; n < 3; n++) counts.add(...framed(k, 1), 1);
    const rare = 2 * CAP_KEYS + 10;
    for (let i = 0; i < rare; i++) counts.add(...framed(`/rare/${i}`, i % 4), 1);
    const got = emptyCounts(true);
    counts.into(got);
    for (const k of frequent) {
      expect(got.counts.get(k), k).toBe(3);
      expect(got.sums?.get(k), k).toBe(3);
    }
    // Each rare key came once: it is either kept with its count of 1, or dropped.
    expect(got.dropped).toBeGreaterThan(0);
    expect(got.counts.size - frequent.length + got.dropped).toBe(rare);
    for (const [k, n] of got.counts) if (!k.startsWith("/frequent/")) expect(n, k).toBe(1);
  });

  it("keeps a kept key's durations through the drop: one, or several", () => {
    const counts = new ByteCounts(true);
    // Two records each: "/one" with one duration, "/two" with two.
    counts.add(...framed("/one", 0), 0, 0.25);
    counts.add(...framed("/one", 0), 0, null);
    counts.add(...framed("/two", 0), 0, 0.5);
    counts.add(...framed("/two", 0), 0, 2);
    for (let i = 0; i < 2 * CAP_KEYS + 10; i++) counts.add(...framed(`/rare/${i}`, 0), 0, 1);
    const got = emptyCounts(false, true);
    counts.into(got);
    const histogram = (...seconds: number[]) => {
      const h: Histogram = new Map();
      for (const s of seconds) addDuration(h, s);
      return h;
    };
    expect(got.counts.get("/one")).toBe(2);
    expect(histograms(got.durations)?.get("/one")).toEqual(histogram(0.25));
    expect(histograms(got.durations)?.get("/two")).toEqual(histogram(0.5, 2));
  });
});
