// Issue #25, the smaller items: Parquet failure rows carry line and input;
// JSON Lines numbers stay numbers; stats on a .gz counts its text; "1 line";
// --top 0 shows no list; parse --help on nulls; stats from a terminal says so.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, SAMPLE, lines, swurl } from "../helpers/cli-run";
import { runChild } from "../helpers/child";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "swurl-smaller-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the smaller items", () => {
  it("Parquet without --fields: line first, input where the URL does not parse", async () => {
    const out = path.join(dir, "default.parquet");
    const r = swurl(
      ["parse", "--format", "parquet", "-o", out],
      "https://a.example/\nnot a url\n\nhttp://b.example/x\n",
    );
    expect(r.status).toBe(0);
    const db = await (await DuckDBInstance.create(":memory:")).connect();
    const rows = (await db.runAndReadAll(`select line, href, input, valid from '${out}'`)).getRows();
    expect(rows).toEqual([
      [1n, "https://a.example/", null, true],
      [2n, null, "not a url", false],
      [3n, null, "", false],
      [4n, "http://b.example/x", null, true],
    ]);
  });

  it("JSON Lines: the input's numbers, arrays and strings keep their JSON types", () => {
    const text = '{"url":"https://a.example/","id":0,"n":1.5,"tags":["x"],"s":"0","t":true}\n{"url":5,"id":7}\n';
    const r = swurl(["parse", "--input", "jsonl", "--fields", "href,id,n,tags,s,t,missing"], text);
    expect(lines(r.stdout)).toEqual([
      '{"href":"https://a.example/","id":0,"n":1.5,"tags":["x"],"s":"0","t":true,"missing":null}',
      '{"input":"{\\"url\\":5,\\"id\\":7}","error":"invalid","id":7,"n":null,"tags":null,"s":null,"t":null,"missing":null}',
    ]);
    // In a table, a string is its text and other values their JSON.
    const tsv = swurl(["parse", "--input", "jsonl", "--format", "tsv", "--fields", "id,tags,s"], text);
    expect(lines(tsv.stdout)[1]).toBe('0\t["x"]\t0\ttrue');
  });

  it("stats on a .gz reports the size of its text", () => {
    const text = readFileSync(SAMPLE);
    const gz = path.join(dir, "sample.txt.gz");
    writeFileSync(gz, gzipSync(text));
    const s = JSON.parse(swurl(["stats", "--json", gz]).stdout);
    expect(s.bytes).toBe(text.length);
  });

  it('"1 line", "2 lines"', () => {
    expect(swurl(["stats"], "https://a.example/\n").stdout).toMatch(/^1 line, /m);
    expect(swurl(["stats"], "https://a.example/\nhttps://b.example/\n").stdout).toMatch(/^2 lines, /m);
  });

  it("--top 0 lists no values: no schemes, hosts, domains or paths", () => {
    const r = swurl(["stats", "--top", "0", SAMPLE]);
    expect(r.status).toBe(0);
    for (const heading of ["Schemes", "Top hosts", "Top registrable domains", "Top paths"])
      expect(r.stdout).not.toContain(heading);
    expect(r.stdout).toContain("Shape");
    const s = JSON.parse(swurl(["stats", "--json", "--top", "0", SAMPLE]).stdout);
    expect([s.schemes, s.topHosts, s.topDomains, s.topPaths.top]).toEqual([[], [], [], []]);
  });

  it("parse --help says what is null in JSON Lines, and it is", () => {
    const help = swurl(["parse", "--help"]).stdout;
    expect(help).not.toContain("no value is null");
    expect(help).toContain("a field without a");
    expect(lines(swurl(["parse", "--fields", "href,domain"], "http://192.0.2.1/\n").stdout)).toEqual([
      '{"href":"http://192.0.2.1/","domain":null}',
    ]);
  });

  it("stats with no FILE on a terminal says that it reads standard input", () => {
    // The command reads the terminal as its foreground process (a background one would be stopped by
    // SIGTTIN); Ctrl-D ends the input, and SIGINT after 5 s ends a run where it did not arrive.
    const r = runChild("script", ["-qec", `timeout --foreground -s INT 5 node '${CLI}' stats`, "/dev/null"], {
      encoding: "utf8",
      input: "\x04",
    });
    expect(r.stdout).toContain(
      "swurl: reading standard input from the terminal (Ctrl-D ends it); give a FILE to read one",
    );
  });
});
