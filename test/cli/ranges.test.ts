// --threads cuts a file at any byte (packages/cli/src/threads/range-server.ts): each range's source
// starts with the byte before it, its records drop that first line (the end
// of the line before), and it reads on to the LF that ends its last line.
// Cut anywhere, the ranges' records together are the whole file's, line for
// line: CR LF and BOM lines, blank lines, comments and a last line without
// LF at every cut.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleSource, KERNEL_JS, wasmText } from "../../scripts/bundle.mjs";
import type { readRange as ReadRange } from "../../packages/cli/src/io";
import type { InputSpec, readRecords as ReadRecords } from "../../packages/cli/src/input/records";
import type {
  FromWorker,
  rangeSource as RangeSource,
  serveRanges as ServeRanges,
  ToWorker,
} from "../../packages/cli/src/threads/range-server";

/** The CLI's modules, bundled with the kernel's JS build as scripts/build.mjs makes the CLI. */
interface Cli {
  readRange: typeof ReadRange;
  readRecords: typeof ReadRecords;
  rangeSource: typeof RangeSource;
  serveRanges: typeof ServeRanges;
}
let cli: Cli;
beforeAll(async () => {
  const entry = `export { readRange } from "./packages/cli/src/io"; export { readRecords } from "./packages/cli/src/input/records"; export { rangeSource, serveRanges } from "./packages/cli/src/threads/range-server";`;
  const text = await bundleSource(entry, "ts", { platform: "node", ...KERNEL_JS, plugins: [wasmText] });
  cli = (await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(text).toString("base64")}`)) as Cli;
});

const TEXT = "http://a/\r\n\ufeffhttp://bom/\n\n# comment\nnot a url\r\n\r\né\n\ufeff\nhttp://b/x?y#z\nlast";

const dir = mkdtempSync(path.join(tmpdir(), "swurl-ranges-"));
const file = path.join(dir, "lines.txt");
const bytes = new TextEncoder().encode(TEXT);
writeFileSync(file, bytes);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each record's text and href, and the skipped lines, of `source`. */
async function records(
  source: AsyncIterable<Uint8Array>,
  spec: InputSpec,
): Promise<{ rows: string[]; skipped: number }> {
  const rows: string[] = [];
  let skipped = 0;
  for await (const block of cli.readRecords(source, spec, [])) {
    skipped += block.skipped;
    for (let i = 0; i < block.length; i++) rows.push(`${block.text(i)} -> ${block.url(i)?.href ?? "invalid"}`);
  }
  return { rows, skipped };
}

/** The records of the ranges cut at `cuts`, one after the other, and the bytes they counted. */
async function rangeRecords(
  cuts: number[],
  spec: InputSpec,
): Promise<{ rows: string[]; skipped: number; counted: number }> {
  const bounds = [0, ...cuts, bytes.length];
  const all = { rows: [] as string[], skipped: 0, counted: 0 };
  for (let k = 0; k + 1 < bounds.length; k++) {
    const { rows, skipped } = await records(
      cli.rangeSource(file, bounds[k], bounds[k + 1], (n) => (all.counted += n)),
      spec,
    );
    all.rows.push(...rows);
    all.skipped += skipped;
  }
  return all;
}

const SPECS: [string, InputSpec][] = [
  [
    "lines",
    { format: "lines", field: "", baseField: undefined, base: undefined, skipBlank: false, skipComments: false },
  ],
  [
    "skipping blank lines and comments",
    { format: "lines", field: "", baseField: undefined, base: undefined, skipBlank: true, skipComments: true },
  ],
];

describe.each(SPECS)("ranges of a file, %s", (_name, spec) => {
  it("cut at any one byte, give the whole file's records", async () => {
    const whole = await records(cli.readRange(file, 0, bytes.length), spec);
    expect(whole.rows).toHaveLength(spec.skipBlank ? 7 : 10);
    for (let cut = 1; cut < bytes.length; cut++) {
      const got = await rangeRecords([cut], spec);
      expect(got.rows, `cut at ${cut}`).toEqual(whole.rows);
      expect(got.skipped, `cut at ${cut}`).toBe(whole.skipped);
      expect(got.counted).toBe(bytes.length);
    }
  });

  it("cut into ranges of 1 to 4 bytes, give the whole file's records", async () => {
    const whole = await records(cli.readRange(file, 0, bytes.length), spec);
    for (const step of [1, 2, 3, 4]) {
      const cuts = Array.from({ length: Math.ceil(bytes.length / step) - 1 }, (_, k) => (k + 1) * step);
      expect((await rangeRecords(cuts, spec)).rows, `ranges of ${step}`).toEqual(whole.rows);
    }
  });
});

describe("a thread serving ranges", () => {
  // The main thread serves its share in process (threads.ts localWorker()):
  // when another thread fails, it is stopped, and its range must stop being
  // read, not go on to the range's end (for a Work without output, such as
  // stats, nothing else would hold it back).
  it("stops reading its range at the next chunk once stopped, and posts nothing more", async () => {
    const big = path.join(dir, "big.txt");
    const line = "http://example.com/a/b?c\n";
    writeFileSync(big, line.repeat(Math.ceil((8 << 20) / line.length)));
    const size = Math.ceil((8 << 20) / line.length) * line.length;
    const stopping = new AbortController();
    const posted: FromWorker["type"][] = [];
    let chunks = 0;
    const ran = new Promise<void>((resolve) => {
      const work = {
        async run(source: AsyncIterable<Uint8Array>) {
          for await (const _ of source) if (++chunks === 1) stopping.abort();
          resolve();
          return chunks;
        },
      };
      const setup = { work: "count", options: {}, path: big, kernels: [] as never };
      let handler: (m: ToWorker) => void = () => {};
      cli.serveRanges(
        work,
        setup,
        (m) => posted.push(m.type),
        (h) => (handler = h),
        stopping.signal,
      );
      handler({ type: "range", id: 0, start: 0, end: size });
    });
    await ran;
    // Nine chunks of up to a MiB: one was read before the stop.
    expect(chunks).toBe(1);
    expect(posted).not.toContain("done");
  });
});
