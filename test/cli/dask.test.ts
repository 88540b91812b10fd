// The per-partition contract (packages/cli/README.md, "Beyond one machine") under a real
// distributed engine: Dask distributed (Debian's python3-distributed) with a
// LocalCluster of two worker processes reads a combined log in blocks cut at
// line ends, and each block goes through its own `swurl parse --format
// parquet` (test/cli/dask-partitions.py). DuckDB reads the partitions' files
// back as one table, which must equal one local run over the whole log, row
// for row.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accessLog } from "../../scripts/data/access-log.mjs";
import { daskForTests } from "../../scripts/python.mjs";
import { CLI, SAMPLE, swurl } from "../helpers/cli-run";
import { runChild } from "../helpers/child";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "dask-partitions.py");
const PARSE = [
  "parse",
  "--input",
  "combined",
  "--base",
  "https://site.example/",
  "--format",
  "parquet",
  "--fields",
  "input,href,hostname,pathname,search,status,bytes,referer",
];
const PARTITIONS = 6;

let dir: string;
let log: string;
let lineCount: number;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "swurl-dask-"));
  const urls = readFileSync(SAMPLE, "utf8")
    .split("\n")
    .filter((l) => l !== "");
  const lines = accessLog(urls, 12000, 11).map((l) => l.text);
  // Shapes a real log has among its lines: a request target of bytes that are
  // not UTF-8, an empty line, a line that is no log line at all.
  const odd = [
    Buffer.from('1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] "GET /caf\xe9 HTTP/1.1" 200 5 "-" "x"\n', "latin1"),
  ];
  const text = Buffer.concat([
    Buffer.from(`${lines.slice(0, 6000).join("\n")}\n\nnot a log line\n`),
    ...odd,
    Buffer.from(`${lines.slice(6000).join("\n")}\n`),
  ]);
  log = path.join(dir, "access.log");
  writeFileSync(log, text);
  lineCount = lines.length + 3;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Partition {
  file: string;
  lines: number;
  worker: number;
}

/** Debian's Python with Dask, or null where the test is skipped (scripts/debian.mjs). */
const python = daskForTests();

it.skipIf(python === null)(
  "Dask runs swurl per partition on two workers; DuckDB reads the rows of one local run",
  async () => {
    const whole = path.join(dir, "whole.parquet");
    expect(swurl([...PARSE, "--output", whole, log]).status).toBe(0);

    const out = path.join(dir, "parts");
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out);
    const blocksize = Math.ceil(statSync(log).size / PARTITIONS);
    const run = runChild(
      python!,
      [
        SCRIPT,
        "--node",
        process.execPath,
        "--cli",
        CLI,
        "--out-dir",
        out,
        "--blocksize",
        String(blocksize),
        log,
        "--",
        ...PARSE,
      ],
      { encoding: "utf8", timeout: 120_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const { partitions } = JSON.parse(run.stdout) as { partitions: Partition[] };
    expect(partitions.length).toBeGreaterThanOrEqual(PARTITIONS);
    expect(partitions.reduce((n, p) => n + p.lines, 0)).toBe(lineCount);
    expect(new Set(partitions.map((p) => p.worker)).size).toBe(2);

    const db = await (await DuckDBInstance.create(":memory:")).connect();
    const files = `[${partitions.map((p) => `'${p.file}'`).join(", ")}]`;
    // The files' names sort in partition order; file_row_number keeps each file's own order.
    const partRows = (
      await db.runAndReadAll(
        `select * exclude (filename, file_row_number) from read_parquet(${files}, filename = true, file_row_number = true) order by filename, file_row_number`,
      )
    ).getRows();
    const wholeRows = (await db.runAndReadAll(`select * from read_parquet('${whole}')`)).getRows();
    // Every log line has its row (how a blank line counts is the readers' business, not this test's).
    expect(wholeRows.length).toBeGreaterThanOrEqual(lineCount - 1);
    expect(partRows).toEqual(wholeRows);
  },
  180_000,
);
