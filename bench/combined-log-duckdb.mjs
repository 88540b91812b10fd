// DuckDB over a combined access log, the analyst's SQL answer to `swurl
// stats --by status --by pathname`: read_csv of the whole lines as one
// column, regexp_extract of the request target's path and of the status,
// each grouped and counted, the top 10 of each printed as JSON. DuckDB runs
// on every core it finds. With --trace, each step's wall and CPU time (the
// process's, all of DuckDB's threads) goes to stderr, as `swurl --trace`
// gives a thread's phases.
//
//   node bench/combined-log-duckdb.mjs FILE [--trace]
import { DuckDBInstance } from "@duckdb/node-api";

const [file, flag] = process.argv.slice(2);
const trace = flag === "--trace";
const db = await (await DuckDBInstance.create(":memory:")).connect();
const quoted = file.replaceAll("'", "''");

/** Run `work`, and with --trace say how long step `name` took, in wall and CPU milliseconds. */
async function step(name, work) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  if (trace) {
    const { user, system } = process.cpuUsage(cpu);
    const ms = (n) => String(Math.round(n)).padStart(6);
    process.stderr.write(
      `duckdb: trace: ${name.padEnd(15)} wall ${ms(performance.now() - wall)}  cpu ${ms((user + system) / 1000)}\n`,
    );
  }
  return result;
}

// One VARCHAR column per line: no delimiter, quote or escape that a log line could hold.
await step("read_csv", () =>
  db.run(
    `create table lines as select column0 as line from read_csv('${quoted}', columns = {'column0': 'VARCHAR'}, delim = '\x01', quote = '', escape = '', header = false)`,
  ),
);
// The request "METHOD target PROTOCOL", then the status after the closing quote; the path is
// the target up to "?" or "#", as an origin-form target's pathname is.
await step("regexp_extract", () =>
  db.run(
    String.raw`create table fields as select regexp_extract(line, '"[A-Z]+ ([^ ?#"]*)[^"]*" ', 1) as path, regexp_extract(line, '" (\d{3}) ', 1) as status from lines`,
  ),
);
const top = (column) =>
  step(`group by ${column}`, async () =>
    (await db.runAndReadAll(`select ${column}, count(*) as n from fields group by ${column} order by n desc limit 10`))
      .getRows()
      .map(([k, n]) => [k, Number(n)]),
  );
console.log(JSON.stringify({ status: await top("status"), path: await top("path") }));
