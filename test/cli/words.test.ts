// Issue #36 item 15: what the command and the docs say is what it does: the
// report's rate and shares, the help of canon and extract, the examples of the
// docs, the README's API table, the message of a missing package.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as api from "../../build/index.js";
import { formatCount, formatPercent } from "../../packages/cli/src/units";
import { ROOT, lines, swurl } from "../helpers/cli-run";

describe("the report's numbers", () => {
  it("a share that is not all is never written 100%, one that is not none never 0%", () => {
    expect(formatPercent(2_999, 3_000)).toBe(">99.9%");
    expect(formatPercent(3_012, 3_013)).toBe(">99.9%");
    expect(formatPercent(3_000, 3_000)).toBe("100.0%");
    expect(formatPercent(1, 1_000_000)).toBe("<0.01%");
    expect(formatPercent(0, 10)).toBe("0.0%");
  });

  it("counts are grouped by thousands as en-US writes them", () => {
    const en = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    const samples = [
      0,
      1,
      12,
      999,
      1_000,
      9_999.5,
      12_345,
      999_999,
      1_000_000,
      123_456_789,
      2 ** 53 - 1,
      -1,
      -999,
      -1_000,
      -1_234_567,
    ];
    for (let digits = 1; digits <= 16; digits++)
      samples.push(10 ** digits - 1, 10 ** digits, Math.floor(Math.random() * 10 ** digits));
    for (const n of samples) expect(formatCount(n), String(n)).toBe(en.format(n));
  });

  it("the rate of a small input is not 0 B/s", () => {
    const r = swurl(["stats"], "http://a.example/\nhttp://b.example/\n");
    expect(r.status).toBe(0);
    const head = r.stdout.split("\n")[1];
    expect(head).toMatch(/\(\d[\d.]* (B|kB|MB)\/s/);
    expect(head).not.toContain("(0 B/s");
    const json = JSON.parse(swurl(["stats", "--json"], "http://a.example/\n").stdout);
    expect(json.megabytesPerSecond).toBeGreaterThan(0);
  });

  it("one invalid line among 3,000 is not 100.0% valid", () => {
    const text = `${Array.from({ length: 3_000 }, (_, i) => `http://h${i}.example/`).join("\n")}\nnot a url\n`;
    const report = swurl(["stats"], text).stdout;
    expect(report).toMatch(/valid +3,000 .* >99\.9%/);
  });
});

describe("the help says what the commands do", () => {
  it("canon: which options give an empty line for a line that does not parse", () => {
    const help = swurl(["canon", "--help"]).stdout.replace(/\s+/g, " ");
    expect(help).toContain(
      "A line that does not parse gives an empty line (--surt and the surt and safe-browsing profiles take a line without a scheme as http: and write its key)",
    );
    expect(swurl(["canon"], "not a url\n").stdout).toBe("\n");
    for (const options of [["--surt"], ["--profile", "surt"], ["--profile", "safe-browsing"]])
      expect(swurl(["canon", ...options], "not a url\n").stdout).not.toBe("\n");
  });

  it("extract: a wrapped URL goes on past a line break, a space elsewhere ends it", () => {
    const help = swurl(["extract", "--help"]).stdout.replace(/\s+/g, " ");
    expect(help).toContain(
      "a wrapped URL may go on past a line break, which is removed with the spaces around it; a space elsewhere ends the URL",
    );
    const text = "<URL:http://a.example/x\n   y> and <http://b.example/p q>\n";
    expect(lines(swurl(["extract"], text).stdout)).toEqual(["http://a.example/xy", "http://b.example/p"]);
  });

  it("the top help names every format of parse", () => {
    const help = swurl(["--help"]).stdout;
    expect(help).toContain("parse    one row per line with the URL's parts, as JSON Lines, TSV, CSV, Parquet or Arrow");
  });
});

describe("the docs' examples are true", () => {
  it("every --memory size the command's README gives as an example is accepted", () => {
    const doc = readFileSync(path.join(ROOT, "packages", "cli", "README.md"), "utf8").replace(/\s+/g, " ");
    const examples = /`--memory SIZE` \([^)]*such as ([^;]*);/.exec(doc);
    expect(examples).not.toBeNull();
    const sizes = [...examples![1].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) {
      const r = swurl(["canon", "--dedupe", "--memory", size], "http://a.example/\n");
      expect([size, r.stderr]).toEqual([size, ""]);
    }
  });

  it("the README's API table names every export, with the tally's option a number", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## API"), readme.indexOf("`swurl/js` exports"));
    for (const name of Object.keys(api)) expect([name, table.includes(name)]).toEqual([name, true]);
    expect(table).toContain("`createTally({ paths: 100_000 })`");
  });
});
