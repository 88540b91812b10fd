// `swurl parse --format parquet|arrow`: the rows as columns, one row per
// record in input order, written a row group at a time as the input is read,
// so memory stays flat however large the input. Arrow: an Arrow IPC file
// (apache-arrow's RecordBatchFileWriter). Parquet: the same Arrow record
// batches through parquet-wasm's streaming writer (arrow-rs compiled to
// WASM; chosen over hyparquet-writer in bench/parquet-writers.mjs, see
// packages/cli/README.md). Both libraries are loaded only for these formats.

import { UsageError } from "../errors.js";
import type * as Arrow from "apache-arrow";
import type { ParsedUrl } from "swurl";
import { columnFor, Hrefs, REPETITIVE, ValidColumn, type ColumnBuilder } from "./columns.js";
import type { FieldDef } from "./fields.js";
import type { ByteOutput } from "../io.js";
import type { Records } from "../input/records.js";

export type ColumnarFormat = "parquet" | "arrow";

/**
 * Rows per row group (and per Arrow record batch): large enough for good
 * compression, a few MB of columns; half of the usual 65,536, which lowers
 * the peak RSS of --format parquet by about a tenth.
 */
const ROW_GROUP = 32_768;

interface ColumnarSink {
  /**
   * Add a row; when that fills a row group, the promise of its writing
   * (awaited before more rows come), else null: an await per row cost ~15%
   * of `parse --format parquet` in microtasks.
   */
  add(records: Records, i: number, url: ParsedUrl | null): Promise<void> | null;
  /** Write what is left and the file's footer. */
  close(): Promise<void>;
}

/** Row groups as Arrow record batches of the fields' columns and `valid`. */
class RowGroups {
  private readonly columns: ColumnBuilder[];
  private readonly valid = new ValidColumn();
  /** The hrefs, when a column is a piece of them. */
  private readonly hrefs: Hrefs | null;
  readonly schema: Arrow.Schema;
  rows = 0;

  constructor(
    private readonly arrow: typeof Arrow,
    defs: FieldDef[],
    dictionaries: boolean,
  ) {
    const hrefs = new Hrefs();
    this.columns = defs.map((d, id) => columnFor(d, arrow, id, dictionaries, hrefs));
    this.hrefs = this.columns.some((c) => c.ofHrefs === true) ? hrefs : null;
    const fields = [...this.columns, this.valid].map((c) => new arrow.Field(c.name, c.type(arrow), c !== this.valid));
    this.schema = new arrow.Schema(fields);
  }

  add(records: Records, i: number, url: ParsedUrl | null): void {
    this.hrefs?.add(url);
    for (const c of this.columns) c.add(records, i, url);
    this.valid.add(url !== null);
    this.rows++;
  }

  /** The rows added since the last batch. */
  take(): Arrow.RecordBatch {
    const { arrow } = this;
    const children = [...this.columns, this.valid].map((c) => c.take(arrow));
    this.hrefs?.next();
    const data = arrow.makeData({
      type: new arrow.Struct(this.schema.fields),
      length: this.rows,
      nullCount: 0,
      children,
    });
    this.rows = 0;
    return new arrow.RecordBatch(this.schema, data);
  }
}

/** Send each chunk of `bytes` to `out` as it comes; the returned promise settles when `bytes` ends or a write fails. */
async function pump(bytes: AsyncIterable<Uint8Array>, out: ByteOutput): Promise<void> {
  for await (const chunk of bytes) await out.write(chunk);
}

/**
 * A sink of row groups: `write` takes each full group (and may wait for the
 * writer to catch up), `end` the last one and finishes the file.
 */
function groupSink(
  groups: RowGroups,
  write: (batch: Arrow.RecordBatch) => Promise<void>,
  end: (batch: Arrow.RecordBatch | null) => Promise<void>,
): ColumnarSink {
  let written = 0;
  return {
    add(records, i, url) {
      groups.add(records, i, url);
      if (groups.rows < ROW_GROUP) return null;
      written++;
      return write(groups.take());
    },
    // An empty file still has the schema: one batch of no rows.
    close: () => end(groups.rows > 0 || written === 0 ? groups.take() : null),
  };
}

/**
 * apache-arrow and parquet-wasm are optional peer dependencies of swurl (27 MB
 * that a library user does not need): whoever writes Parquet or Arrow installs
 * them beside it. Without them, a one-line message says so.
 */
async function columnarPackage<T>(format: ColumnarFormat, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if ((e as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw e;
    throw new UsageError(
      format === "arrow"
        ? "--format arrow needs the package apache-arrow: npm install apache-arrow@21"
        : "--format parquet needs the packages apache-arrow and parquet-wasm: npm install apache-arrow@21 parquet-wasm@0.8",
    );
  }
}

/**
 * An Arrow IPC file: record batches as they fill, dictionaries as deltas, the
 * footer at the end. The writer's bytes go to a queue that is emptied into
 * `out` after each batch, each write awaited: a slow reader holds up the
 * input (memory stays at a batch or two), and a write that fails stops the
 * run with its own error.
 */
async function arrowSink(defs: FieldDef[], out: ByteOutput): Promise<ColumnarSink> {
  const arrow = await columnarPackage("arrow", () => import("apache-arrow"));
  const groups = new RowGroups(arrow, defs, true);
  let queued = 0;
  const queue = new (class extends arrow.AsyncByteQueue {
    override write(value: Parameters<Arrow.AsyncByteQueue["write"]>[0]) {
      queued += (value as ArrayBufferView).byteLength ?? 0;
      return super.write(value);
    }
  })();
  const writer = new arrow.RecordBatchFileWriter();
  writer.reset(queue);
  const bytes = queue[Symbol.asyncIterator]();
  let sent = 0;
  /** Write what the writer has queued. */
  const flush = async () => {
    while (sent < queued) {
      const next = await bytes.next();
      if (next.done === true) break;
      sent += next.value.byteLength;
      await out.write(next.value);
    }
  };
  return groupSink(
    groups,
    async (batch) => {
      writer.write(batch);
      await flush();
    },
    async (batch) => {
      if (batch !== null) writer.write(batch);
      writer.finish();
      await flush();
    },
  );
}

/** A Parquet file: each row group goes through parquet-wasm's stream writer as it fills. */
async function parquetSink(defs: FieldDef[], out: ByteOutput): Promise<ColumnarSink> {
  const arrow = await columnarPackage("parquet", () => import("apache-arrow"));
  const pw = await columnarPackage("parquet", () => import("parquet-wasm/node"));
  // Plain strings in Arrow: the Parquet writer dictionary-encodes them itself.
  const groups = new RowGroups(arrow, defs, false);
  // The repetitive strings dictionary-encoded, with statistics (the writer's
  // defaults); the others (href, pathname, search, an input line) plain and
  // without min/max statistics, which hardly ever skip a row group of an
  // unsorted log: dictionaries and statistics of unique values cost the
  // writer time and save it no space.
  const plain = defs.filter((d) => d.type === "text" && !REPETITIVE.has(d.name)).map((d) => d.name);
  const props = plain
    .reduce(
      (builder, name) =>
        builder.setColumnDictionaryEnabled(name, false).setColumnStatisticsEnabled(name, pw.EnabledStatistics.None),
      new pw.WriterPropertiesBuilder()
        .setCompression(pw.Compression.SNAPPY)
        .setMaxRowGroupSize(ROW_GROUP)
        .setCreatedBy("swurl"),
    )
    .build();
  let controller!: ReadableStreamDefaultController<unknown>;
  let wanted: (() => void) | null = null;
  // At most two row groups wait for the writer: memory stays flat when it is the slower side.
  const batches = new ReadableStream<unknown>(
    {
      start: (c) => void (controller = c),
      pull: () => {
        wanted?.();
        wanted = null;
      },
    },
    { highWaterMark: 2 },
  );
  // The writer reads the first batch (for the schema) before it resolves: not awaited here.
  const sent = pw
    .transformParquetStream(batches, props)
    .then((bytes) => pump(bytes as ReadableStream<Uint8Array>, out));
  let failed = false;
  sent.catch(() => (failed = true));
  // The Arrow IPC stream of one batch, read into the WASM side (the way parquet-wasm takes Arrow data).
  // The writer takes the record batches it is given; the table that held them
  // is freed at once: left to the JS garbage collector (a finalizer of a small
  // object, run rarely), the tables kept every row group's Arrow data alive in
  // WASM memory, which grew to 48 MB over a 250 MB log instead of 17.
  const enqueue = (batch: Arrow.RecordBatch) => {
    const table = pw.Table.fromIPCStream(arrow.tableToIPC(new arrow.Table(batch), "stream"));
    for (const b of table.recordBatches()) controller.enqueue(b);
    table.free();
  };
  return groupSink(
    groups,
    async (batch) => {
      enqueue(batch);
      while ((controller.desiredSize ?? 1) <= 0 && !failed) await new Promise<void>((r) => (wanted = r));
      if (failed) await sent;
    },
    async (batch) => {
      if (batch !== null) enqueue(batch);
      controller.close();
      await sent;
    },
  );
}

/**
 * Load the packages of `format` (or stop with columnarPackage()'s message)
 * before any file is opened: a usage error thrown with --output's file handle
 * open left it to the garbage collector, whose warning then reached stderr.
 */
export async function loadColumnarPackages(format: ColumnarFormat): Promise<void> {
  await columnarPackage(format, () => import("apache-arrow"));
  if (format === "parquet") await columnarPackage(format, () => import("parquet-wasm/node"));
}

export function columnarSink(format: ColumnarFormat, defs: FieldDef[], out: ByteOutput): Promise<ColumnarSink> {
  return format === "arrow" ? arrowSink(defs, out) : parquetSink(defs, out);
}
