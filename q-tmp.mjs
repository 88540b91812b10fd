import { DuckDBInstance } from "@duckdb/node-api";
const c = await (await DuckDBInstance.create(":memory:")).connect();
for (const sql of process.argv.slice(2)) {
  const r = await c.runAndReadAll(sql);
  console.log(r.columnNames().join("\t"));
  for (const row of r.getRows()) console.log(row.map(String).join("\t"));
}
