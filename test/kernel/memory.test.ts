// Memory stays flat under long use (bench/memory.mjs gives the full figures:
// 10 million parse() calls, 1 GB through parseStream). The kernel's memory is
// the deterministic measure: once warm, it must not grow at all. The resident
// set size is noisier (the garbage collector runs when it likes), so it only
// has to stay far below what keeping the results would take.
import { describe, expect, it } from "vitest";
import { createSwurl, type KernelName } from "../../build/index.js";
import { repeatedChunks } from "../../scripts/data/random.mjs";
import { corpusBytes } from "../helpers/batch-lines";
import { builds } from "../helpers/builds";
import { corpusLines } from "../helpers/corpus";
import { kernelMemory } from "../helpers/internals";

const MB = 1 << 20;
const BASE = "https://example.com/a/b?c#d";
const CALLS = 200_000;
/** The stream's size: ~200 MB on the default kernel; less on the slower ones, where the code that bounds memory is the same. */
const STREAM_BYTES: Record<string, number> = { "wasm-simd": 200 * MB, wasm: 50 * MB, js: 30 * MB };
/**
 * Keeping the batches would add more than the input to the RSS (their hrefs
 * are about as long, plus 64 bytes a line): half of it is the bound. The
 * collector's own swings are some tens of MB, so the RSS is only checked on
 * streams large enough for a leak to stand out.
 */
const LEAK_FLOOR = 0.5;
const RSS_CHECKED_FROM = 100 * MB;

describe.each(builds.map(([name]) => name as KernelName))("memory (%s)", (name) => {
  it(`does not grow the kernel's memory over ${CALLS} parse() calls`, () => {
    const api = createSwurl(name);
    const lines = corpusLines();
    // Warm-up: every corpus line, with and without a base.
    for (const line of lines) api.parse(line, BASE);
    const warm = kernelMemory(api);
    let hosts = 0;
    for (let i = 0; i < CALLS; i++)
      hosts += api.parse(lines[i % lines.length], i & 1 ? BASE : undefined)?.hostname.length ?? 0;
    expect(hosts).toBeGreaterThan(CALLS);
    expect(kernelMemory(api)).toBe(warm);
  });

  it(`keeps memory bounded through parseStream over ${STREAM_BYTES[name] / MB} MB`, async () => {
    const api = createSwurl(name);
    const total = STREAM_BYTES[name];
    const body = corpusBytes().subarray(3); // without the BOM, which only a stream's start may have
    const progress = { sent: 0 };
    let lines = 0;
    let hosts = 0;
    let warm: { kernel: number; rss: number } | null = null;
    let peak = { kernel: 0, rss: 0 };
    for await (const batch of api.parseStream(repeatedChunks(body, total, 64 * 1024, progress))) {
      for (let i = 0; i < batch.length; i++) hosts += batch.hostname(i)?.length ?? 0;
      lines += batch.length;
      const now = { kernel: kernelMemory(api), rss: process.memoryUsage.rss() };
      if (warm === null && progress.sent >= total / 10) warm = now;
      else if (warm !== null) peak = { kernel: Math.max(peak.kernel, now.kernel), rss: Math.max(peak.rss, now.rss) };
    }
    expect(lines).toBeGreaterThan(total / 50);
    expect(hosts).toBeGreaterThan(lines);
    expect(warm!.kernel).toBeLessThan(16 * MB);
    expect(peak.kernel).toBe(warm!.kernel);
    if (total >= RSS_CHECKED_FROM) expect(peak.rss - warm!.rss).toBeLessThan(LEAK_FLOOR * total);
  });
});
