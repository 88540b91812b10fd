// Bulk parsing, from the bytes of a URL list to the hostname and pathname of
// every line:
//   - the corpus in memory: parseBatch() on each build against what a Node.js
//     user writes today (decode the file as text, split it into lines, new URL()
//     on each). Both start from the same bytes, both read the same two strings;
//     TextDecoder drops the BOM, so the first line is a URL for both.
//   - a 200 MB file (the corpus repeated, written to a temporary directory and
//     deleted after the suite) read with fs.createReadStream through parseStream().
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { keep } from "../lib.mjs";

const NODE = "node: text, split, new URL()";
const STREAM_BYTES = 200e6;

export const title = `parseBatch + hostname + pathname of every corpus line vs ${NODE}; parseStream of a 200 MB file, the same`;
export const baseline = NODE;
/** The speed goal, against Node 24's URL in particular. */
export const target = {
  what: `parseBatch + hostname + pathname >= 4x the MB/s of ${NODE} on the corpus`,
  over: NODE,
  labels: ["wasm-simd", "wasm"],
  ratio: 4,
};
// A pass of the 200 MB file takes seconds: one measured pass a round, in four rounds.
export const benchOptions = { iterations: 1, warmupIterations: 1 };
export const rounds = 4;

let directory = null;

export function teardown() {
  if (directory !== null) rmSync(directory, { recursive: true, force: true });
  directory = null;
}

/** Sum the lengths of hostname and pathname of every line that parses. */
function hostAndPath(batch) {
  let n = 0;
  for (let i = 0; i < batch.length; i++) {
    const host = batch.hostname(i);
    if (host !== null) n += host.length + batch.pathname(i).length;
  }
  return n;
}

/** The corpus lines (without BOM), repeated to about STREAM_BYTES bytes, in a file of a new temporary directory. */
function writeStreamFile(corpus, data) {
  directory = mkdtempSync(path.join(tmpdir(), "swurl-bench-"));
  const file = path.join(directory, "urls.txt");
  // TextDecoder drops the BOM; every copy ends with a newline.
  const body = Buffer.from(new TextDecoder().decode(data) + "\n");
  const copies = Math.ceil(STREAM_BYTES / body.length);
  writeFileSync(file, Buffer.concat(new Array(copies).fill(body)));
  return { file, lines: copies * corpus.lines.length, textBytes: copies * corpus.bytes };
}

/** The corpus tasks: the Node.js loop, then parseBatch on each kernel; one call is one pass over the corpus. */
export function corpusTasks({ corpus, kernels }) {
  const data = readFileSync(corpus.file);
  const decoder = new TextDecoder();
  return [
    {
      label: NODE,
      fn() {
        let n = 0;
        for (const line of decoder.decode(data).split("\n")) {
          let url;
          try {
            url = new URL(line);
          } catch {
            continue;
          }
          n += url.hostname.length + url.pathname.length;
        }
        keep(n);
      },
    },
    ...kernels.map(({ name, api }) => ({
      label: name,
      kernel: name,
      fn() {
        keep(hostAndPath(api.parseBatch(data)));
      },
    })),
  ];
}

export function tasks(context) {
  const stream = writeStreamFile(context.corpus, readFileSync(context.corpus.file));
  return [
    ...corpusTasks(context),
    ...context.kernels.map(({ name, api }) => ({
      label: `${name} parseStream, 200 MB file`,
      kernel: name,
      bytes: stream.textBytes,
      items: stream.lines,
      async fn() {
        let n = 0;
        for await (const batch of api.parseStream(createReadStream(stream.file))) n += hostAndPath(batch);
        keep(n);
      },
    })),
  ];
}
