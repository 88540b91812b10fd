// Issue #25: an input read without --input that looks like an access log,
// JSON Lines, CSV or TSV gets a one-line hint naming the option; UTF-16
// (known by its byte order mark) is decoded.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessLog } from "../../scripts/data/access-log.mjs";
import { SAMPLE, swurl } from "../helpers/cli-run";

const URLS = readFileSync(SAMPLE, "utf8")
  .split("\n")
  .filter((l) => l !== "");
const log = (n: number, common = false) =>
  accessLog(URLS, n, 5, common)
    .map((l) => l.text)
    .join("\n") + "\n";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "swurl-hints-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hint = (what: string, format: string, name = "standard input") =>
  `swurl: hint: ${name} looks like ${what}, read here as one URL a line; --input ${format} reads it as such\n`;

describe("a hint without --input", () => {
  it.each([
    ["a combined log", log(20), "an access log (Combined Log Format)", "combined"],
    ["a common log", log(20, true), "an access log (Common Log Format)", "common"],
    ["JSON Lines", '{"url":"https://a.example/"}\n{"url":"https://b.example/","n":1}\n', "JSON Lines", "jsonl"],
    ["CSV", "id,url,status\n1,https://a.example/,200\n", "CSV with a header", "csv"],
    ["CSV behind a UTF-8 byte order mark", "\uFEFFid,url\n1,https://a.example/\n", "CSV with a header", "csv"],
    ["TSV", "id\turl\n1\thttps://a.example/\n", "TSV with a header", "tsv"],
  ])("%s: one line naming the option, on parse, stats and canon", (_what, text, what, format) => {
    for (const command of ["parse", "stats", "canon"]) {
      const r = swurl([command], text);
      expect(r.status).toBe(0);
      expect(r.stderr).toBe(hint(what, format));
      // With --input (and a log's --base), no hint.
      const base = format === "combined" || format === "common" ? ["--base", "https://site.example/"] : [];
      expect(swurl([command, "--input", format, ...base], text).stderr).toBe("");
    }
  });

  it("a list of URLs gets none", () => {
    expect(swurl(["stats", SAMPLE]).stderr).toBe("");
    expect(swurl(["parse"], 'https://a.example/x,y\nhttp://b.example/{"a":1}\n').stderr).toBe("");
  });

  it("a file read with --threads gets it once", () => {
    const big = path.join(dir, "big.log");
    writeFileSync(big, log(40_000));
    const r = swurl(["stats", "--threads", "2", big]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(hint("an access log (Combined Log Format)", "combined", big));
  });
});

describe("UTF-16 input", () => {
  const text = "https://a.example/é\r\nhttps://b.example/?q=ü\r\nnot a url\r\n";
  const utf16be = (s: string) => Buffer.from(s, "utf16le").swap16();

  it.each([
    [
      "UTF-16LE (Windows PowerShell 5's >)",
      "UTF-16LE",
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
    ],
    ["UTF-16BE", "UTF-16BE", Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)])],
  ])("%s is decoded, with a note", (_what, encoding, bytes) => {
    const expected = swurl(["parse"], text).stdout;
    const piped = swurl(["parse"], bytes);
    expect(piped.stdout).toBe(expected);
    expect(piped.stderr).toBe(`swurl: note: standard input is ${encoding} (byte order mark): read as such\n`);
    const file = path.join(dir, `${encoding}.txt`);
    writeFileSync(file, bytes);
    expect(swurl(["parse", "--threads", "2", file]).stdout).toBe(expected);
    // In a list of files, each is read in its own encoding.
    expect(swurl(["parse", file, SAMPLE]).stdout).toBe(expected + swurl(["parse", SAMPLE]).stdout);
  });
});

// Issue #36 item 12: where most records fail for a cause the command
// can name, every command says it on stderr, as stats does; the run still ends 0.
describe("a hint where most records fail", () => {
  const BASE_HINT =
    "swurl: hint: request targets such as /path?query are relative: --base URL (the site's URL) resolves them\n";

  it("an access log's request targets without --base: parse, canon, extract and stats", () => {
    const text = log(50);
    for (const command of ["parse", "canon", "extract"]) {
      const r = swurl([command, "--input", "combined"], text);
      expect(r.status).toBe(0);
      expect(r.stderr).toBe(BASE_HINT);
      // With --base, the targets parse: no hint.
      expect(swurl([command, "--input", "combined", "--base", "https://site.example/"], text).stderr).toBe("");
    }
    expect(swurl(["stats", "--input", "combined"], text).stdout).toContain("--base URL (the site's URL) resolves them");
  });

  // Records whose URL field is "link" (JSON Lines) or column 2 (CSV): read without it, every one lacks it.
  const jsonl = '{"link":"https://a.example/"}\n{"link":"https://b.example/"}\n';
  const csv = "1,https://a.example/\n2,https://b.example/\n";

  it("JSON Lines and CSV whose URL field no record has", () => {
    for (const command of ["parse", "canon", "extract"]) {
      const key = swurl([command, "--input", "jsonl"], jsonl);
      expect(key.status).toBe(0);
      expect(key.stderr).toBe('swurl: hint: no record has the field "url": --field NAME names the URL\'s field\n');
      expect(swurl([command, "--input", "jsonl", "--field", "link"], jsonl).stderr).toBe("");
      const column = swurl([command, "--input", "csv", "--field", "99"], csv);
      expect(column.stderr).toBe('swurl: hint: no record has the field "99": --field NAME names the URL\'s field\n');
    }
  });

  it("stats: JSON Lines and CSV whose URL field no record has, in its report; the records counted invalid", () => {
    for (const [format, field, text] of [
      ["jsonl", "url", jsonl],
      ["csv", "99", csv],
    ]) {
      const r = swurl(["stats", "--json", "--input", format, "--field", field], text);
      expect(r.status).toBe(0);
      const s = JSON.parse(r.stdout);
      expect(s.hint).toBe(`No record has the field "${field}": --field NAME names the URL's field.`);
      // As parse counts them: each record a failure, none skipped or filtered.
      expect([s.lines, s.valid, s.invalid, s.skipped, s.filtered]).toEqual([2, 0, 2, 0, 0]);
    }
    expect(swurl(["stats", "--input", "jsonl"], jsonl).stdout).toContain('No record has the field "url"');
    expect(JSON.parse(swurl(["stats", "--json", "--input", "jsonl", "--field", "link"], jsonl).stdout).hint).toBeNull();
  });

  it("an empty --field is a usage error", () => {
    for (const format of ["jsonl", "csv", "tsv", "combined"]) {
      const r = swurl(["parse", "--input", format, "--field", ""], '{"url":"https://a.example/"}\n');
      expect(r.status).toBe(1);
      expect(r.stderr).toBe("swurl: parse: --field needs a name\n");
    }
  });

  it("a few failures among many good records get no hint", () => {
    const text = `${URLS.slice(0, 30).join("\n")}\nnot a url\n`;
    for (const command of ["parse", "canon", "extract"]) expect(swurl([command], text).stderr).toBe("");
  });
});
