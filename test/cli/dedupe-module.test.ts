// The hash set of lines in the command's WASM module
// (packages/cli/assembly/dedupe.ts), called as
// packages/cli/src/dedupe/dedupe-table.ts calls it: random lines with many repeats, fed in
// random pieces cut anywhere (a run reads whole lines only; the caller feeds
// the rest again), with random budgets. Whatever the cuts, the lines kept are
// the first occurrences up to the first line that did not fit, and from there
// every line whose key was not kept is spilled, in order, with increasing
// sequence numbers and one partition per key.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as F from "../../packages/cli/assembly/dedupe-layout";
import { DedupeModule } from "../../packages/cli/src/dedupe/module";
import { randomCases } from "../helpers/quick";

const SRC_CAP = 1 << 16;
const KEPT_CAP = 1 << 16;
const SPILL_CAP = 1 << 17;
const MARKS_CAP = 1 << 13;
const MAX_SLOTS = 1 << 10;
const MAX_BUDGET = 1 << 16;
const decoder = new TextDecoder();

interface Outcome {
  kept: string[];
  /** Spilled lines: sequence number, key, partition. */
  spilled: { seq: string; key: string; partition: number }[];
}

describe("the command's dedupe module", () => {
  const module = new DedupeModule();
  const k = module.exports;
  // Regions of its memory: input, table, outputs.
  const src = 256;
  const table = src + SRC_CAP;
  const kept = table + F.DEDUPE_HEADER + MAX_SLOTS * 8 + MAX_BUDGET + 64;
  const spill = kept + KEPT_CAP;
  const marks = spill + SPILL_CAP;
  module.grow(marks + MARKS_CAP * 4);
  const bytes = () => new Uint8Array(module.buffer());
  const words = () => new Int32Array(module.buffer());
  const field = (f: number) => words()[(table >> 2) + f];
  const setField = (f: number, v: number) => {
    words()[(table >> 2) + f] = v;
  };

  /** Feed `text` in pieces of the given lengths (and the rest), as the wrapper does. */
  function run(text: string, budget: number, prefixed: boolean, cuts: number[], fingerprint = false): Outcome {
    const input = new TextEncoder().encode(text);
    k.dedupeInit(table, MAX_SLOTS, budget, 0);
    setField(F.DEDUPE_PREFIXED, prefixed ? 1 : 0);
    setField(F.DEDUPE_FINGERPRINT, fingerprint ? 1 : 0);
    setField(F.DEDUPE_KEPT, kept);
    setField(F.DEDUPE_KEPT_CAP, KEPT_CAP);
    setField(F.DEDUPE_SPILL, spill);
    setField(F.DEDUPE_SPILL_CAP, SPILL_CAP);
    setField(F.DEDUPE_MARKS, marks);
    setField(F.DEDUPE_MARKS_CAP, MARKS_CAP);
    const outcome: Outcome = { kept: [], spilled: [] };
    let done = 0;
    let runs = 0;
    for (let cut = 0; done < input.length; cut++) {
      // A piece ends at a cut, or at the end; it always has a whole line at least.
      const nextLine = input.indexOf(10, done) + 1;
      const end = Math.min(input.length, Math.max(nextLine, done + (cuts[cut] ?? input.length)));
      bytes().set(input.subarray(done, end), src);
      setField(F.DEDUPE_RUN, runs++);
      setField(F.DEDUPE_LINE, 0);
      k.dedupeRun(table, src, end - done);
      const read = field(F.DEDUPE_READ);
      expect(read).toBeGreaterThan(0);
      const memory = bytes();
      const keptText = decoder.decode(memory.subarray(kept, kept + field(F.DEDUPE_KEPT_END)));
      outcome.kept.push(...keptText.split("\n").slice(0, -1));
      const spilled = memory.subarray(spill, spill + field(F.DEDUPE_SPILL_END));
      const m = words().subarray(marks >> 2, (marks >> 2) + field(F.DEDUPE_MARKS_END));
      let start = 0;
      for (let i = 0; i < m.length; i += 2) {
        const line = decoder.decode(spilled.subarray(start, m[i] - 1));
        start = m[i];
        const seq = line.slice(0, F.DEDUPE_SEQ_WIDTH);
        outcome.spilled.push({ seq, key: line.slice(F.DEDUPE_SEQ_WIDTH + 1), partition: m[i + 1] });
      }
      expect(start).toBe(spilled.length);
      done += read;
    }
    return outcome;
  }

  /** What any run must give: first occurrences up to the first spill, then every line not kept. */
  function expectConsistent(keys: string[], outcome: Outcome, prefixedLines?: string[]): void {
    const keptKeys = prefixedLines === undefined ? outcome.kept : outcome.kept.map((l) => l.slice(15));
    const keptSet = new Set(keptKeys);
    expect(keptSet.size).toBe(keptKeys.length);
    const lines = keys.map((key, i) => ({ key, i })).filter((l) => l.key !== "");
    const firstSpill = lines.findIndex((l) => !keptSet.has(l.key));
    const before = firstSpill < 0 ? lines : lines.slice(0, firstSpill);
    expect(keptKeys).toEqual([...new Set(before.map((l) => l.key))]);
    const after = firstSpill < 0 ? [] : lines.slice(firstSpill).filter((l) => !keptSet.has(l.key));
    expect(outcome.spilled.map((s) => s.key)).toEqual(after.map((l) => l.key));
    if (prefixedLines !== undefined) {
      expect(outcome.kept).toEqual(
        before.filter((l, j) => before.findIndex((b) => b.key === l.key) === j).map((l) => prefixedLines[l.i]),
      );
      expect(outcome.spilled.map((s) => s.seq)).toEqual(after.map((l) => prefixedLines[l.i].slice(0, 14)));
    }
    const seqs = outcome.spilled.map((s) => s.seq);
    expect([...seqs].sort()).toEqual(seqs);
    if (prefixedLines === undefined) expect(new Set(seqs).size).toBe(seqs.length);
    const partition = new Map<string, number>();
    for (const s of outcome.spilled) {
      expect(s.partition).toBeGreaterThanOrEqual(0);
      expect(s.partition).toBeLessThan(256);
      expect(partition.get(s.key) ?? s.partition).toBe(s.partition);
      partition.set(s.key, s.partition);
    }
  }

  const line = fc.oneof(
    fc.constant(""),
    fc.integer({ min: 0, max: 60 }).map((n) => `http://h${n}.example/`),
    fc
      .tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 400 }))
      .map(([n, len]) => `x${n}:${"p".repeat(len)}`),
  );
  const cuts = fc.array(fc.integer({ min: 1, max: 2000 }), { maxLength: 20 });

  it("keeps first occurrences and spills the rest in order, for any pieces and budget", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 300 }),
        fc.integer({ min: 256, max: MAX_BUDGET }),
        cuts,
        (keys, budget, c) => {
          expectConsistent(keys, run(keys.map((key) => `${key}\n`).join(""), budget, false, c));
        },
      ),
      { numRuns: randomCases(150), seed: 27 },
    );
  });

  it("with fingerprints instead of keys, the same (no two of these lines share a 64-bit fingerprint)", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 300 }),
        fc.integer({ min: 256, max: MAX_BUDGET }),
        cuts,
        fc.boolean(),
        (all, budget, c, prefixed) => {
          // A prefixed line always has a key (spilled lines are never empty).
          const keys = prefixed ? all.filter((key) => key !== "") : all;
          const lines = keys.map((key, i) => (prefixed ? `${i.toString(16).padStart(14, "0")} ${key}` : key));
          const text = lines.map((l) => `${l}\n`).join("");
          expectConsistent(keys, run(text, budget, prefixed, c, true), prefixed ? lines : undefined);
        },
      ),
      { numRuns: randomCases(100), seed: 29 },
    );
  });

  it("with prefixed lines (SEQ KEY), dedupes by the key and keeps each line whole", () => {
    fc.assert(
      fc.property(
        fc.array(
          line.filter((l) => l !== ""),
          { maxLength: 300 },
        ),
        fc.integer({ min: 256, max: MAX_BUDGET }),
        cuts,
        (keys, budget, c) => {
          const lines = keys.map((key, i) => `${i.toString(16).padStart(14, "0")} ${key}`);
          expectConsistent(keys, run(lines.map((l) => `${l}\n`).join(""), budget, true, c), lines);
        },
      ),
      { numRuns: randomCases(150), seed: 28 },
    );
  });

  it("holds every line when the budget allows, through the growth of its slots", () => {
    // 256 slots in use at first (a quarter), 512, then all 1,024: at most 512 keys (load 1/2).
    const keys = Array.from({ length: 3000 }, (_, i) => `k${i % 500}`);
    const outcome = run(keys.map((key) => `${key}\n`).join(""), MAX_BUDGET, false, []);
    expect(outcome.kept).toEqual([...new Set(keys)]);
    expect(outcome.spilled).toEqual([]);
    expect(field(F.DEDUPE_COUNT)).toBe(500);
    expect(field(F.DEDUPE_MASK)).toBe(MAX_SLOTS - 1);
    expect(field(F.DEDUPE_FULL)).toBe(0);
    const more = Array.from({ length: 600 }, (_, i) => `k${i}`);
    const full = run(more.map((key) => `${key}\n`).join(""), MAX_BUDGET, false, []);
    expect(full.kept).toEqual(more.slice(0, 512));
    expect(full.spilled.map((s) => s.key)).toEqual(more.slice(512));
    expect(field(F.DEDUPE_FULL)).toBe(1);
    // Cleared, it holds nothing: the same keys are kept again.
    k.dedupeClear(table, 3);
    const again = run(keys.map((key) => `${key}\n`).join(""), MAX_BUDGET, false, []);
    expect(again.kept).toEqual([...new Set(keys)]);
  });
});
