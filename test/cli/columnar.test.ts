// `swurl parse --format parquet|arrow` read back by real readers: DuckDB
// (in-process, @duckdb/node-api) reads the Parquet file; apache-arrow's own
// reader the Arrow IPC file (DuckDB reads Arrow IPC only through a community
// extension it downloads at run time). Row count, nulls, a group by host and
// the first rows' order must equal what whatwg-url gives on the same
// generated combined log, long enough for several row groups.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { tableFromIPC } from "apache-arrow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessLog, type LogLine } from "../../scripts/data/access-log.mjs";
import { CLI, SAMPLE, swurl } from "../helpers/cli-run";
import { requestHref } from "../helpers/request-href";
import { whatwgUrl } from "../helpers/whatwg";
import { runChild } from "../helpers/child";

const BASE = "https://site.example/";
const URLS = readFileSync(SAMPLE, "utf8")
  .split("\n")
  .filter((l) => l !== "");
/** Over two row groups of 32,768 rows. */
const LINES = 70_000;
const FIELDS = "line,href,hostname,port,pathname,domain,status,bytes,agent";

function hostOf(l: LogLine): string | null {
  return whatwgUrl(requestHref(l.method, l.target, BASE))?.hostname ?? null;
}

let dir: string;
let log: LogLine[];
let logPath: string;
let hosts: (string | null)[];
let db: DuckDBConnection;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "swurl-columnar-"));
  log = accessLog(URLS, LINES, 0x16);
  // Absolute-form targets keep their own hosts; origin-form ones resolve to the base's.
  hosts = log.map(hostOf);
  logPath = path.join(dir, "access.log");
  writeFileSync(logPath, log.map((l) => l.text).join("\n") + "\n");
  db = await (await DuckDBInstance.create(":memory:")).connect();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Counts by host, as [host, count] sorted by host (null last). */
function expectedGroups(): [string | null, number][] {
  const counts = new Map<string | null, number>();
  for (const h of hosts) counts.set(h, (counts.get(h) ?? 0) + 1);
  return [...counts].sort((a, b) => (a[0] === null ? 1 : b[0] === null ? -1 : a[0] < b[0] ? -1 : 1));
}

/** `log` (read as `input` says) converted to `format` with `fields`, in a file named `name`. */
function write(format: string, input = ["--input", "combined"], fields = FIELDS, log = logPath, name = "out"): string {
  const out = path.join(dir, `${name}.${format}`);
  const r = swurl(["parse", ...input, "--base", BASE, "--fields", fields, "--format", format, "--output", out, log]);
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return out;
}

describe("--format parquet, read by DuckDB", () => {
  it("rows, nulls, a group by hostname and the first rows' order", async () => {
    const file = write("parquet");
    const q = async (sql: string) => (await db.runAndReadAll(sql.replaceAll("FILE", `'${file}'`))).getRows();
    expect(await q("select count(*), count(hostname), count(*) filter (where not valid) from FILE")).toEqual([
      [BigInt(LINES), BigInt(hosts.filter((h) => h !== null).length), BigInt(hosts.filter((h) => h === null).length)],
    ]);
    const groups = await q("select hostname, count(*) from FILE group by hostname order by hostname nulls last");
    expect(groups.map(([h, n]) => [h, Number(n)])).toEqual(expectedGroups());
    const first = await q("select line, hostname, status, bytes from FILE limit 20");
    expect(first).toEqual(
      log
        .slice(0, 20)
        .map((l, i) => [BigInt(i + 1), hosts[i], BigInt(l.status), l.bytes === null ? null : BigInt(l.bytes)]),
    );
    // Typed columns: integers and a boolean.
    const types = await q("select column_name, column_type from (describe select * from FILE)");
    expect(Object.fromEntries(types)).toMatchObject({
      line: "BIGINT",
      port: "BIGINT",
      status: "BIGINT",
      bytes: "BIGINT",
      valid: "BOOLEAN",
      hostname: "VARCHAR",
    });
    // Every row in input order, over the row groups.
    expect(await q("select count(*) from (select line, row_number() over () as n from FILE) where line <> n")).toEqual([
      [0n],
    ]);
  });
});

describe("--format arrow, read by apache-arrow", () => {
  it("rows, nulls, dictionary-encoded hosts, a group by hostname and the order", () => {
    const table = tableFromIPC(readFileSync(write("arrow")));
    expect(table.numRows).toBe(LINES);
    expect(table.batches.length).toBeGreaterThan(1);
    expect(String(table.schema.fields.find((f) => f.name === "hostname")!.type)).toBe("Dictionary<Int32, Utf8>");
    const hostname = table.getChild("hostname")!;
    expect(hostname.nullCount).toBe(hosts.filter((h) => h === null).length);
    const counts = new Map<string | null, number>();
    for (let i = 0; i < table.numRows; i++) counts.set(hostname.get(i), (counts.get(hostname.get(i)) ?? 0) + 1);
    expect([...counts].sort((a, b) => (a[0] === null ? 1 : b[0] === null ? -1 : a[0] < b[0] ? -1 : 1))).toEqual(
      expectedGroups(),
    );
    const line = table.getChild("line")!;
    for (const i of [0, 1, 32_767, 32_768, 65_536, LINES - 1]) expect(line.get(i)).toBe(BigInt(i + 1));
  });
});

describe("a log's decimal fields: 64-bit floats", () => {
  // nginx's $request_time in seconds as written, over two row groups: "-" and "-1" are no duration.
  const written = ["0.004", "-", "012.500", "0", "1.0", "-1", "3"];
  const values = [0.004, null, 12.5, 0, 1, null, 3];
  const rows = 70_000;
  const definition = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent $request_time';
  /** The log of `rows` lines with those durations, converted to `format`. */
  const convert = (format: string) => {
    const logFile = path.join(dir, "timed.log");
    const text = Array.from(
      { length: rows },
      (_, i) =>
        `192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET /p/${i} HTTP/1.1" 200 5 ${written[i % written.length]}`,
    );
    writeFileSync(logFile, `${text.join("\n")}\n`);
    return write(format, ["--log-format", definition], "line,request_time", logFile, "timed");
  };

  it("Parquet: a DOUBLE column, read by DuckDB", async () => {
    const out = convert("parquet");
    const q = async (sql: string) => (await db.runAndReadAll(sql.replaceAll("FILE", `'${out}'`))).getRows();
    const types = Object.fromEntries(await q("select column_name, column_type from (describe select * from FILE)"));
    expect(types.request_time).toBe("DOUBLE");
    const got = await q(
      "select request_time from FILE where line in (1, 2, 3, 4, 5, 6, 7, 69999, 70000) order by line",
    );
    const want = [0, 1, 2, 3, 4, 5, 6, 69_998, 69_999].map((i) => [values[i % values.length]]);
    expect(got).toEqual(want);
    const sum = values.reduce<number>((a, v) => a + (v ?? 0), 0) * Math.floor(rows / values.length);
    expect(Number((await q("select sum(request_time) from FILE"))[0][0])).toBeCloseTo(sum, 6);
  });

  it("Arrow: a Float64 column, read by apache-arrow", () => {
    const out = convert("arrow");
    const table = tableFromIPC(readFileSync(out));
    const column = table.getChild("request_time")!;
    expect(String(table.schema.fields.find((f) => f.name === "request_time")!.type)).toBe("Float64");
    for (const i of [0, 1, 2, 3, 4, 5, 6, 32_767, 32_768, rows - 1])
      expect(column.get(i)).toBe(values[i % values.length]);
  });
});

describe("binary output", () => {
  it("is refused on a terminal, and a write error is one line and status 1", () => {
    const tty = runChild("script", ["-qec", `node '${CLI}' parse --format parquet '${SAMPLE}'`, "/dev/null"], {
      encoding: "utf8",
    });
    expect(tty.stdout).toContain(
      "swurl: parse: --format parquet is binary; write it with --output FILE or redirect standard output to a file",
    );
    const full = runChild("bash", ["-c", `node '${CLI}' parse --format arrow '${SAMPLE}' > /dev/full`], {
      encoding: "utf8",
    });
    expect(full.status).toBe(1);
    expect(full.stderr).toBe("swurl: cannot write output: no space left on device\n");
    const nowhere = swurl(["parse", "--format", "parquet", "--output", "/nonexistent/dir/x.parquet", SAMPLE]);
    expect(nowhere.status).toBe(1);
    expect(nowhere.stderr).toBe("swurl: cannot write /nonexistent/dir/x.parquet: no such file\n");
  });
});
