// The command's inputs (packages/cli/src/io.ts openInputs()) read in this
// process: a reader that stops early, at any chunk, leaves no file open for
// the garbage collector to close.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { openInputs } from "../../packages/cli/src/io";

const dir = mkdtempSync(path.join(tmpdir(), "swurl-open-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How many file descriptors this process holds. */
function openDescriptors(): number {
  return readdirSync("/proc/self/fd").length;
}

/** 3 MiB of lines: several chunks of a read. */
const TEXT = "https://a.example/x\n".repeat(3 << 16);

describe.runIf(process.platform === "linux")("openInputs(): a reader that stops early", () => {
  it.each([
    ["one file", 1, false],
    ["several files", 3, false],
    ["one gzip file", 1, true],
    ["several gzip files", 3, true],
  ])("%s, stopped at each of its first chunks: no file left open", async (_name, count, gzip) => {
    const files = Array.from({ length: count }, (_, i) => {
      const file = path.join(dir, `part${i}${gzip ? ".gz" : ""}`);
      writeFileSync(file, gzip ? gzipSync(TEXT) : TEXT);
      return file;
    });
    const before = openDescriptors();
    for (let stop = 0; stop < 4; stop++) {
      const input = await openInputs(files);
      let seen = 0;
      for await (const _chunk of input.chunks(() => {})) if (seen++ === stop) break;
      await input.close();
      expect(openDescriptors(), `stopped after chunk ${stop}`).toBe(before);
    }
  });
});
