// `canon --dedupe --sort surt` holds up to half of --memory of lines and
// sorts them, before a spill and at the end. A signal's listener only runs in
// a turn of the event loop (dedupe/turns.ts), so that sort must give the loop
// turns: one synchronous sort of a million entries kept a SIGTERM waiting for
// seconds (issue #36: every phase stops within a second).
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect } from "vitest";
import { SortedRuns } from "../../packages/cli/src/dedupe/sorted-runs";
import { itAtScale } from "../helpers/quick";
import { mulberry32 } from "../helpers/random";

const LINES = 1_000_000;
/** The lines, and the order the sort must give them: by key (here the line itself), then by line. */
function sample(): { lines: string[]; expected: string[] } {
  const rng = mulberry32(36);
  const lines = Array.from(
    { length: LINES },
    (_, i) => `https://h${Math.floor(rng() * 997)}.example/${Math.floor(rng() * 1e9).toString(36)}/${i}`,
  );
  const expected = lines
    .map((l) => `${l}\t${l}`)
    .sort()
    .map((e) => e.slice(e.indexOf("\t") + 1));
  return { lines, expected };
}
let made: ReturnType<typeof sample> | undefined;

const dir = mkdtempSync(path.join(tmpdir(), "swurl-sorted-runs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * This process's CPU time so far, ms. The work between two turns is counted in
 * CPU time, not on the clock: on a loaded machine the clock also counts the
 * time the process waited for a core.
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The most CPU time, ms, that `work` spent without letting a 5 ms timer run, and what it resolved to. */
async function longestWait<T>(work: () => Promise<T>): Promise<[number, T]> {
  let last = cpuMs();
  let longest = 0;
  const timer = setInterval(() => {
    const now = cpuMs();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    return [Math.max(longest, cpuMs() - last), result];
  } finally {
    clearInterval(timer);
  }
}

describe("SortedRuns", () => {
  itAtScale.each([
    ["all in memory", 1 << 30],
    ["spilled to run files", 96 << 20],
  ])(
    "%s: sorted as the engine sorts, never a second of work without a turn of the event loop",
    async (_name, memory) => {
      made ??= sample();
      const { lines, expected } = made;
      const runs = new SortedRuns((line) => line, memory, dir);
      const out: string[] = [];
      try {
        const [waited] = await longestWait(async () => {
          // The lines come in pieces, each in a turn of its own, as a file's chunks do.
          for (let i = 0; i < LINES; i += 50_000) {
            await runs.add(`${lines.slice(i, i + 50_000).join("\n")}\n`);
            await new Promise((resolve) => setImmediate(resolve));
          }
          await runs.finish(async (text) => {
            out.push(text);
          });
        });
        expect(out.join("").split("\n").slice(0, -1)).toEqual(expected);
        // The bound: a stop within a second (one sort of it all: several).
        expect(waited).toBeLessThan(1000);
      } finally {
        runs.close();
      }
      expect(readdirSync(dir)).toEqual([]);
    },
    120_000,
  );
});
