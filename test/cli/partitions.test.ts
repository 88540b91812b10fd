// The contract that running swurl under a batch engine relies on (packages/cli/README.md,
// "Beyond one machine"): a file cut into N parts at line boundaries, each part
// run through its own swurl process, gives row for row what one run over the
// whole file gives (Spark's RDD.pipe and Hadoop Streaming pipe each partition
// through a process of its own). Parquet written per partition and read back
// by DuckDB as one table equals the one-file run, row for row.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessLog } from "../../scripts/data/access-log.mjs";
import { CLI, SAMPLE } from "../helpers/cli-run";

const BASE = "https://site.example/";
const PARTS = 4;

let dir: string;
let whole: string;
let parts: string[];
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "swurl-parts-"));
  const urls = readFileSync(SAMPLE, "utf8")
    .split("\n")
    .filter((l) => l !== "");
  const lines = accessLog(urls, 8000, 7).map((l) => l.text);
  whole = path.join(dir, "access.log");
  writeFileSync(whole, lines.join("\n") + "\n");
  // Cut at line boundaries into parts of about equal bytes, as `split -n l/4` does.
  const size = Math.ceil(lines.length / PARTS);
  parts = Array.from({ length: PARTS }, (_, k) => {
    const p = path.join(dir, `part-${k}`);
    writeFileSync(p, lines.slice(k * size, (k + 1) * size).join("\n") + "\n");
    return p;
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Run swurl with `args` on a part (standard input, as a pipe from the engine); resolves with its output. */
async function run(args: string[], input: string): Promise<Buffer> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ["pipe", "pipe", "inherit"] });
  const out: Buffer[] = [];
  child.stdout.on("data", (d: Buffer) => out.push(d));
  child.stdin.end(readFileSync(input));
  const [code] = await once(child, "close");
  expect(code).toBe(0);
  return Buffer.concat(out);
}

describe("N partitions as N processes give the rows of one run", () => {
  it.each([
    [
      "parse to TSV",
      [
        "parse",
        "--input",
        "combined",
        "--base",
        BASE,
        "--format",
        "tsv",
        "--no-header",
        "--fields",
        "href,hostname,domain,status,agent",
      ],
    ],
    ["parse to JSON Lines", ["parse", "--input", "combined", "--field", "referer", "--fields", "href,param:q,client"]],
    ["canon", ["canon", "--input", "combined", "--base", BASE, "--sort-query"]],
  ])("%s", async (_what, args) => {
    const one = await run(args, whole);
    // The partitions run at the same time, as an engine's executors do.
    const each = await Promise.all(parts.map((p) => run(args, p)));
    expect(Buffer.concat(each).equals(one)).toBe(true);
  });

  it("Parquet, one file per partition, read by DuckDB as one table", async () => {
    const fields = [
      "--input",
      "combined",
      "--base",
      BASE,
      "--fields",
      "href,hostname,status,bytes",
      "--format",
      "parquet",
    ];
    await run(["parse", ...fields, "--output", path.join(dir, "whole.parquet")], whole);
    await Promise.all(
      parts.map((p, k) => run(["parse", ...fields, "--output", path.join(dir, `part-${k}.parquet`)], p)),
    );
    const db = await (await DuckDBInstance.create(":memory:")).connect();
    const partFiles = `[${parts.map((_, k) => `'${path.join(dir, `part-${k}.parquet`)}'`).join(", ")}]`;
    // file_row_number: the row's place in its file, which a query must name to keep the partitions' order.
    const partRows = (
      await db.runAndReadAll(
        `select * exclude (filename, file_row_number) from read_parquet(${partFiles}, filename = true, file_row_number = true) order by filename, file_row_number`,
      )
    ).getRows();
    const wholeRows = (
      await db.runAndReadAll(`select * from read_parquet('${path.join(dir, "whole.parquet")}')`)
    ).getRows();
    expect(partRows).toEqual(wholeRows);
    expect(partRows).toHaveLength(8000);
  });
});
