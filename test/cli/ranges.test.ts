// --threads cuts a file at any byte (packages/cli/src/threads/range-server.ts): each range's source
// starts with the byte before it, its records drop that first line (the end
// of the line before), and it reads on to the LF that ends its last line.
// Cut anywhere, the ranges' records together are the whole file's, line for
// line: CR LF and BOM lines, blank lines, comments and a last line without
// LF at every cut, in a list of URLs and in the logs a program reads whose
// lines stand alone.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
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
/** The file as threads read it: open, by its descriptor. */
const input = { name: file, fd: openSync(file, "r") };
afterAll(() => {
  closeSync(input.fd);
  rmSync(dir, { recursive: true, force: true });
});

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
      cli.rangeSource(input, bounds[k], bounds[k + 1], (n) => (all.counted += n)),
      spec,
    );
    all.rows.push(...rows);
    all.skipped += skipped;
  }
  return all;
}

/** A spec of `format` with its request as the URL, against a base. */
const logSpec = (format: InputSpec["format"], logFormat?: string): InputSpec => ({
  format,
  field: "request",
  baseField: undefined,
  base: "https://base.example/",
  skipBlank: true,
  skipComments: false,
  ...(logFormat === undefined ? {} : { logFormat }),
});

const NGINX = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent $host $request_time';
const TIME = "[10/Oct/2026:13:55:36 +0000]";
const caddy = (host: string, uri: string) =>
  JSON.stringify({ ts: 1791700200.5, request: { method: "GET", host, uri, headers: {} }, status: 200, duration: 0.5 });
/** Lines of the formats a program reads whose lines stand alone: CR LF, BOM lines, blank lines, a comment, a line of no match, a last line without LF. */
const LOG_TEXTS: [string, InputSpec, string][] = [
  [
    "vcombined",
    logSpec("vcombined"),
    `\ufeffa.example:443 192.0.2.1 - - ${TIME} "GET /x?y=1 HTTP/1.1" 200 5 "-" "curl/8"\r\n` +
      `b.example:80 192.0.2.2 - - ${TIME} "GET //two HTTP/1.1" 404 0 "https://r.example/" "M\u00f6z"\n\n# comment\n` +
      `not a log line\r\n\ufeffc.example:8080 192.0.2.3 - - ${TIME} "GET /caf\u00e9 HTTP/1.1" 200 1 "-" "-"\n` +
      `a.example:443 192.0.2.4 - - ${TIME} "CONNECT a.example:443 HTTP/1.1" 200 0 "-" "-"`,
  ],
  [
    "an nginx --log-format",
    logSpec("log-format", NGINX),
    `192.0.2.1 - - ${TIME} "GET /x?y=1 HTTP/1.1" 200 5 a.example 0.001\r\n\n` +
      `192.0.2.2 - u ${TIME} "GET /\\x22q HTTP/1.1" 301 0 b.example -\n# comment\nnot a log line\n` +
      `192.0.2.3 - - ${TIME} "-" 400 0 - 0.000\n192.0.2.4 - - ${TIME} "GET /last HTTP/1.1" 200 9 c.example 1.5`,
  ],
  [
    "caddy",
    logSpec("caddy"),
    `${caddy("a.example", "/x?y=1")}\r\n${caddy("b.example:8443", "//two")}\n\n{\n${caddy("c.example", "/caf\u00e9")}`,
  ],
];

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
    const whole = await records(cli.readRange(input, 0, bytes.length), spec);
    expect(whole.rows).toHaveLength(spec.skipBlank ? 7 : 10);
    for (let cut = 1; cut < bytes.length; cut++) {
      const got = await rangeRecords([cut], spec);
      expect(got.rows, `cut at ${cut}`).toEqual(whole.rows);
      expect(got.skipped, `cut at ${cut}`).toBe(whole.skipped);
      expect(got.counted).toBe(bytes.length);
    }
  });

  it("cut into ranges of 1 to 4 bytes, give the whole file's records", async () => {
    const whole = await records(cli.readRange(input, 0, bytes.length), spec);
    for (const step of [1, 2, 3, 4]) {
      const cuts = Array.from({ length: Math.ceil(bytes.length / step) - 1 }, (_, k) => (k + 1) * step);
      expect((await rangeRecords(cuts, spec)).rows, `ranges of ${step}`).toEqual(whole.rows);
    }
  });
});

describe.each(LOG_TEXTS)("ranges of a log, %s", (name, spec, text) => {
  const logFile = path.join(dir, `${name.replaceAll(" ", "-")}.log`);
  const logBytes = new TextEncoder().encode(text);
  writeFileSync(logFile, logBytes);

  it("cut at any one byte, give the whole file's records", async () => {
    const log = { name: logFile, fd: openSync(logFile, "r") };
    try {
      const whole = await records(cli.readRange(log, 0, logBytes.length), spec);
      expect(whole.rows.filter((row) => !row.endsWith("invalid")).length).toBeGreaterThanOrEqual(3);
      for (let cut = 1; cut < logBytes.length; cut++) {
        const got = { rows: [] as string[], skipped: 0 };
        for (const [start, end] of [
          [0, cut],
          [cut, logBytes.length],
        ]) {
          const part = await records(
            cli.rangeSource(log, start, end, () => {}),
            spec,
          );
          got.rows.push(...part.rows);
          got.skipped += part.skipped;
        }
        expect(got, `cut at ${cut}`).toEqual(whole);
      }
    } finally {
      closeSync(log.fd);
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
      const setup = { work: "count", options: {}, file: { name: big, fd: openSync(big, "r") }, kernels: [] as never };
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
