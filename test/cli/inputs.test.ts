// The CLI's inputs: access logs, JSON Lines, CSV and TSV, several
// files as one stream, gzip, blank and comment lines; and output that cannot
// be written. Expected URLs come from whatwg-url, on a generated log.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { accessLog, type LogLine } from "../../scripts/data/access-log.mjs";
import { CLI, SAMPLE, lines, swurl, scratchFolder } from "../helpers/cli-run";
import { requestHref } from "../helpers/request-href";
import { whatwgHref as href } from "../helpers/whatwg";
import { runChild } from "../helpers/child";

const BASE = "https://site.example/";
const URLS = readFileSync(SAMPLE, "utf8")
  .split("\n")
  .filter((l) => l !== "");

const scratch = scratchFolder("swurl-inputs-");
const file = scratch.file;

/** The hrefs of `swurl parse --fields href` rows (null for a failure row). */
function hrefs(stdout: string): (string | null)[] {
  return lines(stdout).map((l) => (JSON.parse(l) as { href?: string }).href ?? null);
}

let log: LogLine[];
let logText: string;
beforeAll(() => {
  log = accessLog(URLS, 3000, 16);
  logText = log.map((l) => l.text).join("\n") + "\n";
});

describe("--input combined and common", () => {
  it("request targets, resolved against --base, as whatwg-url does", () => {
    const r = swurl(["parse", "--input", "combined", "--base", BASE, "--fields", "href", file("a.log", logText)]);
    expect(r.status).toBe(0);
    expect(hrefs(r.stdout)).toEqual(log.map((l) => requestHref(l.method, l.target, BASE)));
  });

  it("--field referer; '-' is a failure row, never a dropped line", () => {
    const r = swurl(["parse", "--input", "combined", "--field", "referer", "--fields", "href"], logText);
    expect(hrefs(r.stdout)).toEqual(log.map((l) => href(l.referer)));
  });

  it("common: the request target; a line that is not a log line is a failure", () => {
    const common = accessLog(URLS, 500, 17, true);
    const text = common.map((l) => l.text).join("\n") + "\nnot a log line\n";
    const r = swurl(["parse", "--input", "common", "--base", BASE, "--fields", "href"], text);
    expect(hrefs(r.stdout)).toEqual([...common.map((l) => requestHref(l.method, l.target, BASE)), null]);
  });

  it("stats counts blank lines and comments as skipped, not invalid", () => {
    const text = "# a comment\n\n" + logText + "   \n";
    const s = JSON.parse(
      swurl(["stats", "--json", "--input", "combined", "--base", BASE, "--skip-comments"], text).stdout,
    );
    const valid = log.filter((l) => requestHref(l.method, l.target, BASE) !== null).length;
    expect(s).toMatchObject({ lines: log.length + 3, valid, invalid: log.length - valid, skipped: 3 });
    // Without --skip-comments the comment is a line without a request: invalid.
    expect(JSON.parse(swurl(["stats", "--json", "--input", "combined", "--base", BASE], text).stdout).invalid).toBe(
      log.length - valid + 1,
    );
  });

  it("without --base, the report says that origin-form targets need one", () => {
    const r = swurl(["stats", "--input", "combined"], logText);
    expect(r.stdout).toContain(
      "Request targets such as /path?query are relative: --base URL (the site's URL) resolves them.",
    );
    expect(swurl(["stats", "--input", "combined", "--base", BASE], logText).stdout).not.toContain("--base URL");
  });

  it("no such hint where a few lines fail and the rest have their virtual host", () => {
    const line = (host: string, request: string) =>
      `${host} 192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "${request}" 200 5 "-" "curl/8"`;
    const text = [
      ...Array.from({ length: 9 }, (_, i) => line("a.example:443", `GET /p/${i} HTTP/1.1`)),
      line("a.example:443", "-"),
    ].join("\n");
    const s = JSON.parse(swurl(["stats", "--json", "--input", "vcombined"], text).stdout);
    expect(s).toMatchObject({ valid: 9, invalid: 1, hint: null });
    // Where most lines have no host to resolve their targets with, it is due.
    const hostless = text.replaceAll("a.example:443", "-:-");
    expect(JSON.parse(swurl(["stats", "--json", "--input", "vcombined"], hostless).stdout).hint).toContain(
      "--base URL",
    );
  });

  it("counts the records the hint weighs without the blank lines skipped", () => {
    const line = (host: string) =>
      `${host} 192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET /p HTTP/1.1" 200 5 "-" "ua"`;
    // One of two records fails: half, so the hint is due; five lines would make it a fifth.
    const text = `${line("a.example:443")}\n${line("-:-")}\n\n\n\n`;
    const s = JSON.parse(swurl(["stats", "--json", "--input", "vcombined"], text).stdout);
    expect(s).toMatchObject({ lines: 5, valid: 1, invalid: 1, skipped: 3 });
    expect(s.hint).toContain("--base URL");
  });

  it("extract --input combined writes the request URLs, failures left out", () => {
    const r = swurl(["extract", "--input", "combined", "--base", BASE], logText);
    expect(lines(r.stdout)).toEqual(log.map((l) => requestHref(l.method, l.target, BASE)).filter((h) => h !== null));
    const text = swurl(["extract", "--field", "referer"], logText);
    expect(text.status).toBe(1);
    expect(text.stderr).toBe(
      "swurl: extract: --field and --base need --input or --log-format (running text has no fields)\n",
    );
  });

  it("extract refuses --invalid-only, which would leave nothing to write", () => {
    for (const args of [[], ["--input", "combined", "--base", BASE]]) {
      const r = swurl(["extract", ...args, "--invalid-only"], logText);
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^swurl: extract: it writes the URLs that parse, so --invalid-only would leave none/);
    }
  });

  it("extract --log-format writes a field of the server's own format, --base resolving the targets", () => {
    const nginx = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer"';
    const text = [
      '192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET /a?b HTTP/1.1" 200 5 "https://ref.example/x"',
      '192.0.2.2 - - [10/Oct/2026:13:55:37 +0000] "-" 400 0 "-"',
    ].join("\n");
    const referers = swurl(["extract", "--log-format", nginx, "--field", "referer"], text);
    expect(referers.stderr).toBe("");
    expect(lines(referers.stdout)).toEqual(["https://ref.example/x"]);
    expect(lines(swurl(["extract", "--log-format", nginx, "--base", BASE], text).stdout)).toEqual([`${BASE}a?b`]);
  });
});

describe("several files, gzip", () => {
  it("files are read in order as one stream; a last line without LF stays a line", () => {
    const a = file("a.txt", "http://a.example/1\nhttp://a.example/2");
    const b = file("b.txt", "http://b.example/\n");
    const r = swurl(["parse", "--fields", "href", a, "-", b], "http://stdin.example/\n");
    expect(hrefs(r.stdout)).toEqual([
      "http://a.example/1",
      "http://a.example/2",
      "http://stdin.example/",
      "http://b.example/",
    ]);
  });

  it("gzip files and gzip on standard input are decompressed as streams", () => {
    const gz = file("a.log.gz", gzipSync(logText));
    const plain = swurl(["parse", "--input", "combined", "--base", BASE, file("plain.log", logText)]).stdout;
    expect(swurl(["parse", "--input", "combined", "--base", BASE, gz]).stdout).toBe(plain);
    expect(swurl(["parse", "--input", "combined", "--base", BASE], gzipSync(logText)).stdout).toBe(plain);
    // Concatenated members (cat a.gz b.gz) are one stream; a gzip file among plain ones too.
    const two = swurl(["parse", "--input", "combined", "--base", BASE, gz, file("plain2.log", logText)]).stdout;
    expect(two).toBe(plain + plain);
    expect(
      swurl(["parse", "--input", "combined", "--base", BASE], Buffer.concat([gzipSync(logText), gzipSync(logText)]))
        .stdout,
    ).toBe(plain + plain);
  });

  it("a damaged gzip file is an error, not garbage with status 0", () => {
    const damaged = gzipSync(logText).subarray(0, 2000);
    const r = swurl(["stats", file("damaged.gz", damaged)]);
    expect(r.status).toBe(1);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^swurl: cannot read .*damaged\.gz: not valid gzip/);
  });
});

describe("--input jsonl, csv, tsv", () => {
  const rows = [
    { url: "https://a.example/x?y=1", page: "https://p.example/dir/", nested: { u: "/rel" } },
    { url: "/relative", page: "https://p.example/a/b", nested: { u: "https://n.example/" } },
    { page: "https://p.example/", nested: {} },
    { url: "not a url", page: "https://p.example/", nested: { u: 7 } },
  ];
  const expected = (field: (r: (typeof rows)[number]) => unknown, base?: (r: (typeof rows)[number]) => string) =>
    rows.map((r) => {
      const v = field(r);
      return typeof v === "string" ? href(v, base?.(r) ?? BASE) : null;
    });

  it("jsonl: a key path; a line that is not JSON is a failure row", () => {
    const text = rows.map((r) => JSON.stringify(r)).join("\n") + "\n{not json\n";
    expect(hrefs(swurl(["parse", "--input", "jsonl", "--base", BASE, "--fields", "href"], text).stdout)).toEqual([
      ...expected((r) => r.url),
      null,
    ]);
    expect(
      hrefs(
        swurl(["parse", "--input", "jsonl", "--field", "nested.u", "--base", BASE, "--fields", "href"], text).stdout,
      ),
    ).toEqual([...expected((r) => r.nested.u), null]);
  });

  it("csv: a header name, quoted fields with commas and line breaks", () => {
    const text =
      'id,url,note\r\n1,"https://a.example/?a=1,2",plain\r\n2,"http://b.example/\r\n",  "two\r\nlines"\r\n3,-,x\r\n';
    const r = swurl(["parse", "--input", "csv", "--fields", "href"], text);
    expect(hrefs(r.stdout)).toEqual(["https://a.example/?a=1,2", "http://b.example/", null]);
    const missing = swurl(["parse", "--input", "csv", "--field", "link"], text);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe('swurl: no column "link" in the csv header (id, url, note)\n');
  });

  it("tsv: a column number (no header); --base-field resolves each line against its page", () => {
    const text = rows.map((r) => `${r.page}\t${r.url ?? ""}`).join("\n") + "\n";
    const r = swurl(["parse", "--input", "tsv", "--field", "2", "--base-field", "1", "--fields", "href"], text);
    expect(hrefs(r.stdout)).toEqual(
      expected(
        (r) => r.url,
        (r) => r.page,
      ).map((h, i) => (rows[i].url === undefined ? href("", rows[i].page) : h)),
    );
  });

  it('--base-field: a record whose page field is empty, "-" or missing is resolved against --base, else alone', () => {
    const csv = "url,page\n/x,https://a.example/d/\nhttps://c.example/,\n/y,-\n/z\n";
    const fields = ["--input", "csv", "--field", "url", "--base-field", "page", "--fields", "href"];
    expect(hrefs(swurl(["parse", ...fields], csv).stdout)).toEqual([
      "https://a.example/x",
      "https://c.example/",
      null,
      null,
    ]);
    expect(hrefs(swurl(["parse", ...fields, "--base", "https://b.example/"], csv).stdout)).toEqual([
      "https://a.example/x",
      "https://c.example/",
      "https://b.example/y",
      "https://b.example/z",
    ]);
    const jsonl = '{"u":"https://c.example/","p":""}\n{"u":"/y","p":"-"}\n{"u":"/z"}\n';
    const json = [
      "--input",
      "jsonl",
      "--field",
      "u",
      "--base-field",
      "p",
      "--fields",
      "href",
      "--base",
      "https://b.example/",
    ];
    expect(hrefs(swurl(["parse", ...json], jsonl).stdout)).toEqual([
      "https://c.example/",
      "https://b.example/y",
      "https://b.example/z",
    ]);
    // extract writes the same URLs, those that parse.
    const extracted = swurl(["extract", "--input", "csv", "--field", "url", "--base-field", "page"], csv);
    expect(extracted.stderr).toBe("");
    expect(lines(extracted.stdout)).toEqual(["https://a.example/x", "https://c.example/"]);
  });
});

describe("output that cannot be written", () => {
  const run = (redirect: string) =>
    runChild("bash", ["-c", `node '${CLI}' parse '${SAMPLE}' ${redirect}`], { encoding: "utf8" });

  it.each([
    ["a full disk (/dev/full)", "> /dev/full", "no space left on device"],
    ["a stdout open for reading only", "1< /dev/null", "not open for writing"],
  ])("%s: one line on stderr, status 1", (_what, redirect, message) => {
    const r = run(redirect);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`swurl: cannot write output: ${message}\n`);
  });

  it("> /dev/null is not an error", () => {
    expect(run("> /dev/null").status).toBe(0);
  });

  it("a closed stdout is /dev/null (Node.js opens it read-write in its place, as Python's DEVNULL does)", () => {
    const r = run(">&-");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});

describe("progress", () => {
  it("piped input shows bytes read and rate; nothing is drawn when stdout is the same terminal", () => {
    const p = file("progress.txt", readFileSync(SAMPLE).toString().repeat(90));
    const out = path.join(scratch.dir, "progress.out");
    const piped = runChild("script", ["-qec", `cat '${p}' | node '${CLI}' parse > '${out}'`, "/dev/null"], {
      encoding: "utf8",
    });
    expect(piped.stdout).toMatch(/[\d.]+ MB read {2}[\d.]+ MB\/s/);
    expect(piped.stdout).not.toContain("ETA");
    // Rows to the terminal: no progress line among them.
    const tty = runChild("script", ["-qec", `node '${CLI}' canon '${p}'`, "/dev/null"], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    expect(tty.status).toBe(0);
    expect(tty.stdout).not.toMatch(/MB\/s/);
  });

  it("Ctrl-C clears the progress line and ends with status 130", () => {
    // An endless pipe, interrupted after 3 s (time for a start on a loaded machine): the progress line was drawn by then.
    const r = runChild(
      "script",
      [
        "-qec",
        `yes http://a.example/ | timeout --preserve-status -s INT 3 node '${CLI}' stats; echo " status $?"`,
        "/dev/null",
      ],
      { encoding: "utf8" },
    );
    expect(r.stdout).toMatch(/MB read {2}[\d.]+ MB\/s\x1b\[K\r\x1b\[K status 130/);
  });
});
