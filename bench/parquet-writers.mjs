// Which Parquet writer `swurl parse --format parquet` uses: the candidates
// on the same columns (the default fields of the kasztp corpus, repeated to
// ROWS rows, written in row groups of GROUP rows), by time and file size.
//
//   node bench/parquet-writers.mjs
//
// parquet-wasm (Rust's arrow-rs parquet writer compiled to WASM) takes Arrow
// record batches; hyparquet-writer (pure JS) takes columns of JS values.
// Both are maintained and both write dictionary-encoded, Snappy-compressed
// row groups as they go. parquet-wasm runs twice: with the writer's defaults
// (dictionaries and statistics for every column) and with the settings swurl
// uses. Times are of the writers alone, from the input each takes; sizes of
// the whole file.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { parseBatch } from "../build/index.js";
import * as arrow from "apache-arrow";
import * as pw from "parquet-wasm/node";
import { ParquetWriter, ByteWriter } from "hyparquet-writer";

const ROWS = 400_000;
const GROUP = 65_536;
const text = readFileSync(new URL("./data/kasztp.txt", import.meta.url), "utf8");
const batch = parseBatch(text);
const n = batch.length;
const col = (get) => Array.from({ length: ROWS }, (_, i) => get(i % n));
const columns = {
  href: col((i) => batch.href(i)),
  protocol: col((i) => batch.protocol(i)),
  hostname: col((i) => batch.hostname(i)),
  port: col((i) => {
    const p = batch.port(i);
    return p === null || p === "" ? null : Number(p);
  }),
  pathname: col((i) => batch.pathname(i)),
  search: col((i) => batch.search(i)),
  valid: col((i) => batch.isValid(i)),
};

async function timeAsync(label, fn) {
  const start = performance.now();
  const bytes = await fn();
  const ms = performance.now() - start;
  console.log(`${label.padEnd(52)} ${(ms / 1000).toFixed(2)} s  ${(bytes / 1e6).toFixed(1)} MB`);
}

function time(label, fn) {
  const start = performance.now();
  const bytes = fn();
  const ms = performance.now() - start;
  console.log(`${label.padEnd(52)} ${(ms / 1000).toFixed(2)} s  ${(bytes / 1e6).toFixed(1)} MB`);
}

const dict = (id) => new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32(), id);
function arrowBatch(a, b) {
  const s = (k, type) => arrow.vectorFromArray(columns[k].slice(a, b), type);
  return new arrow.Table({
    href: s("href", new arrow.Utf8()),
    protocol: s("protocol", dict(0)),
    hostname: s("hostname", dict(1)),
    port: s("port", new arrow.Int32()),
    pathname: s("pathname", new arrow.Utf8()),
    search: s("search", new arrow.Utf8()),
    valid: s("valid", new arrow.Bool()),
  });
}

// The Arrow batches are made beforehand: swurl builds them anyway (for
// --format arrow too, and faster than vectorFromArray, packages/cli/src/output/columns.ts),
// so only the Parquet writing is timed.
const groups = [];
for (let a = 0; a < ROWS; a += GROUP) groups.push(arrow.tableToIPC(arrowBatch(a, Math.min(ROWS, a + GROUP)), "stream"));

/** parquet-wasm's stream writer over the groups, with `settings` on its properties builder. */
async function parquetWasm(settings) {
  const props = settings(
    new pw.WriterPropertiesBuilder().setCompression(pw.Compression.SNAPPY).setMaxRowGroupSize(GROUP),
  ).build();
  let g = 0;
  const batches = new ReadableStream({
    pull(controller) {
      if (g >= groups.length) return controller.close();
      const table = pw.Table.fromIPCStream(groups[g++]);
      for (const b of table.recordBatches()) controller.enqueue(b);
      table.free();
    },
  });
  let bytes = 0;
  for await (const chunk of await pw.transformParquetStream(batches, props)) bytes += chunk.length;
  return bytes;
}

// V8 compiles WASM functions on first call: a first, untimed run, so that both settings run compiled code.
await parquetWasm((b) => b);
await timeAsync("parquet-wasm 0.8.0 (snappy, transformParquetStream)", () => parquetWasm((b) => b));
// What swurl sets (packages/cli/src/output/columnar.ts): dictionaries and statistics only for
// the repetitive strings, the others plain without min/max.
await timeAsync("  the same, href, pathname, search plain, no statistics", () =>
  parquetWasm((b) =>
    ["href", "pathname", "search"].reduce(
      (builder, name) =>
        builder.setColumnDictionaryEnabled(name, false).setColumnStatisticsEnabled(name, pw.EnabledStatistics.None),
      b,
    ),
  ),
);

time("hyparquet-writer 0.17.0 (snappy, ParquetWriter)", () => {
  const writer = new ByteWriter();
  const schema = [
    { name: "root", num_children: 7 },
    { name: "href", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
    { name: "protocol", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
    { name: "hostname", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
    { name: "port", type: "INT32", repetition_type: "OPTIONAL" },
    { name: "pathname", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
    { name: "search", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
    { name: "valid", type: "BOOLEAN", repetition_type: "REQUIRED" },
  ];
  const pq = new ParquetWriter({ writer, schema });
  for (let a = 0; a < ROWS; a += GROUP) {
    const b = Math.min(ROWS, a + GROUP);
    pq.write({
      columnData: Object.entries(columns).map(([name, data]) => ({ name, data: data.slice(a, b) })),
      rowGroupSize: GROUP,
    });
  }
  pq.finish();
  return writer.offset;
});

time("(apache-arrow vectorFromArray and IPC, for scale)", () => {
  let bytes = 0;
  for (let a = 0; a < ROWS; a += GROUP)
    bytes += arrow.tableToIPC(arrowBatch(a, Math.min(ROWS, a + GROUP)), "stream").length;
  return bytes;
});
