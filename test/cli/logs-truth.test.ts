// Issue #25, "Logs tell the truth": each reproduction of the issue as a test.
// Request targets by their form (RFC 9112 section 3.2), log lines by their
// grammar with typed fields, an empty last URL field, a /dev/null standard
// output, and output that is all or nothing.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { DuckDBInstance } from "@duckdb/node-api";
import { describe, expect, it } from "vitest";
import { CLI, SAMPLE, lines, swurl, scratchFolder } from "../helpers/cli-run";
import { builds } from "../helpers/builds";
import { requestHref } from "../helpers/request-href";
import { runChild } from "../helpers/child";
import { itAtScale } from "../helpers/quick";

const BASE = "https://www.example.com/";

const scratch = scratchFolder("swurl-truth-");
const file = scratch.file;

/** A combined log line with the request `request` (written as it is: escapes are the caller's). */
const logLine = (request: string, status = "200", bytes = "2326") =>
  `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "${request}" ${status} ${bytes} "-" "scanner/1.0"`;

/** The JSON rows of `swurl parse`. */
const rows = (stdout: string) => lines(stdout).map((l) => JSON.parse(l) as Record<string, unknown>);

/** Request lines as a log holds them (Apache's and nginx's escapes), and their expected hrefs. */
const TARGETS: [what: string, request: string, href: string | null][] = [
  [
    "// is a path, not a host",
    "GET //wp-includes/wlwmanifest.xml HTTP/1.1",
    "https://www.example.com//wp-includes/wlwmanifest.xml",
  ],
  ["//x?query", "GET //xmlrpc.php?rsd HTTP/1.1", "https://www.example.com//xmlrpc.php?rsd"],
  [
    "/\\ (the parser's / in special URLs)",
    "GET /\\\\evil.example/x HTTP/1.1",
    "https://www.example.com//evil.example/x",
  ],
  ["/.. stays on the server", "GET /../../etc/passwd HTTP/1.1", "https://www.example.com/etc/passwd"],
  ["%2F stays escaped", "GET /a%2F..%2Fb HTTP/1.1", "https://www.example.com/a%2F..%2Fb"],
  ["a control byte (\\x01) is percent-encoded", "GET /a\\x01b HTTP/1.1", "https://www.example.com/a%01b"],
  [
    "an escaped tab before / is dropped, the path kept",
    "GET /\\x09/evil.example HTTP/1.1",
    "https://www.example.com//evil.example",
  ],
  ["non-ASCII as nginx writes it (\\xHH)", "GET /caf\\xC3\\xA9 HTTP/1.1", "https://www.example.com/caf%C3%A9"],
  ["an escaped quote", 'GET /a\\"b HTTP/1.1', "https://www.example.com/a%22b"],
  ["absolute-form, as it is", "GET http://proxy.example/x HTTP/1.1", "http://proxy.example/x"],
  ["absolute-form ignores the base: a word is no URL", "GET index.html HTTP/1.1", null],
  [
    "authority-form (CONNECT): the base's scheme, host and port",
    "CONNECT www.example.com:443 HTTP/1.1",
    "https://www.example.com/",
  ],
  ["authority-form with another port", "CONNECT mail.example:25 HTTP/1.1", "https://mail.example:25/"],
  ["authority-form that is not host:port", "CONNECT /x HTTP/1.1", null],
  ["asterisk-form (OPTIONS *) is no URL", "OPTIONS * HTTP/1.1", null],
];

describe("request targets by their form (RFC 9112 section 3.2)", () => {
  const text = TARGETS.map(([, request]) => logLine(request)).join("\n") + "\n";

  it.each(builds)("parseBatch with accessLog (%s)", (_name, api) => {
    const batch = api.parseBatch(text, { base: BASE, accessLog: "request", logFormat: "combined" });
    expect([...batch].map((u) => u?.href ?? null)).toEqual(TARGETS.map(([, , href]) => href));
  });

  it("swurl parse: each target's href", () => {
    const r = swurl(["parse", "--input", "combined", "--base", BASE, "--fields", "href"], text);
    expect(r.status).toBe(0);
    expect(rows(r.stdout).map((row) => row.href ?? null)).toEqual(TARGETS.map(([, , href]) => href));
  });

  it("the test's own reading of the forms (request-href.ts) agrees with the table", () => {
    for (const [, request, href] of TARGETS.filter(([, r]) => !r.includes("\\"))) {
      const [method, target] = request.split(" ");
      expect(requestHref(method, target, BASE)).toBe(href);
    }
  });

  it("without --base an origin-form or authority-form target has no URL; absolute-form has", () => {
    const r = swurl(["parse", "--input", "combined", "--fields", "href"], text);
    expect(rows(r.stdout).map((row) => row.href ?? null)).toEqual(
      TARGETS.map(([, request, href]) => (request.split(" ")[1].startsWith("http:") ? href : null)),
    );
  });

  it("stats: // targets are not hosts or domains", () => {
    const scans = ["//wp-includes/wlwmanifest.xml", "//xmlrpc.php?rsd", "//wp-login.php"];
    const log = Array.from({ length: 300 }, (_, i) => logLine(`GET ${scans[i % 3]} HTTP/1.1`)).join("\n");
    const s = JSON.parse(swurl(["stats", "--json", "--input", "combined", "--base", BASE], log).stdout);
    expect(s.valid).toBe(300);
    expect(s.topHosts).toEqual([{ label: "www.example.com", count: 300 }]);
    expect(s.topDomains).toEqual([{ label: "example.com", count: 300 }]);
  });

  it("canon: the // path on the log's host", () => {
    const r = swurl(["canon", "--input", "combined", "--base", BASE], logLine("GET //double//slash HTTP/1.1") + "\n");
    expect(r.stdout).toBe("https://www.example.com//double//slash\n");
  });

  itAtScale("a target longer than a read chunk and a batch block (2.5 MB)", () => {
    const long = "//" + "a".repeat(2_500_000);
    // The same target with every "a" escaped as nginx escapes a byte (\x61): 10 MB of escapes.
    const escaped = "//" + "\\x61".repeat(2_500_000);
    const log = [
      logLine("GET /first HTTP/1.1"),
      logLine(`GET ${long} HTTP/1.1`),
      logLine(`GET ${escaped} HTTP/1.1`),
      logLine("GET /last HTTP/1.1"),
    ];
    const r = swurl(["parse", "--input", "combined", "--base", BASE, "--fields", "href"], log.join("\n"));
    expect(r.status).toBe(0);
    expect(rows(r.stdout).map((row) => row.href)).toEqual([
      "https://www.example.com/first",
      `https://www.example.com${long}`,
      `https://www.example.com${long}`,
      "https://www.example.com/last",
    ]);
  });
});

describe("log lines by their grammar", () => {
  const fields = "line,status,bytes,client,time,method,target,referer,agent";
  const text = [
    "this is a malformed line without any structure",
    logLine("GET /ok HTTP/1.1", "404", "-"),
    '1.2.3.4 - - [t] "GET /a HTTP/1.1" 200 12',
    '1.2.3.4 - - [t] "GET /a HTTP/1.1" abc 12 "-" "ua"',
    '1.2.3.4 - - t "GET /a HTTP/1.1" 200 12 "-" "ua"',
    logLine("GET /extra HTTP/1.1") + ' "203.0.113.1, 10.0.0.1"',
  ].join("\n");

  it("a line that does not match is a failure row whose log fields are null; typed fields are integers", () => {
    const r = swurl(["parse", "--input", "combined", "--base", BASE, "--fields", `${fields},href`], text);
    expect(r.status).toBe(0);
    const [malformed, ok, common, badStatus, noBrackets, extra] = rows(r.stdout);
    const none = { status: null, bytes: null, client: null, time: null, method: null, target: null, agent: null };
    expect(malformed).toEqual({
      input: "this is a malformed line without any structure",
      error: "invalid",
      line: 1,
      ...none,
      referer: null,
    });
    expect(ok).toMatchObject({
      line: 2,
      status: 404,
      bytes: null,
      method: "GET",
      target: "/ok",
      referer: null,
      href: `${BASE}ok`,
    });
    // A Common Log Format line is not a Combined one.
    expect(common).toMatchObject({ error: "invalid", line: 3, ...none });
    expect(badStatus).toMatchObject({ error: "invalid", line: 4, ...none });
    expect(noBrackets).toMatchObject({ error: "invalid", line: 5, ...none });
    // Fields a server adds after the user agent are allowed.
    expect(extra).toMatchObject({ line: 6, status: 200, bytes: 2326, agent: "scanner/1.0", href: `${BASE}extra` });
  });

  it("--input common reads a Common line and the Common part of a Combined one", () => {
    const r = swurl(["parse", "--input", "common", "--base", BASE, "--fields", "status,href"], text);
    expect(rows(r.stdout).map((row) => row.href ?? null)).toEqual([
      null,
      `${BASE}ok`,
      `${BASE}a`,
      null,
      null,
      `${BASE}extra`,
    ]);
  });

  it("status, bytes and line are integers or empty in CSV and TSV", () => {
    for (const format of ["csv", "tsv"]) {
      const r = swurl(["parse", "--input", "combined", "--format", format, "--fields", "line,status,bytes"], text);
      const sep = format === "csv" ? "," : "\t";
      const body = lines(r.stdout, format === "csv" ? "\r\n" : "\n").slice(1);
      for (const row of body) {
        const [line, status, bytes] = row.split(sep);
        expect(line).toMatch(/^\d+$/);
        expect(status).toMatch(/^(\d+)?$/);
        expect(bytes).toMatch(/^(\d+)?$/);
      }
      expect(body[0].split(sep).slice(0, 3)).toEqual(["1", "", ""]);
    }
  });

  it("status, bytes and line are BIGINT or NULL in Parquet", async () => {
    const out = path.join(scratch.dir, "typed.parquet");
    const r = swurl(
      ["parse", "--input", "combined", "--format", "parquet", "--fields", "line,status,bytes", "-o", out],
      text,
    );
    expect(r.status).toBe(0);
    const db = await (await DuckDBInstance.create(":memory:")).connect();
    const got = (await db.runAndReadAll(`select line, status, bytes from '${out}'`)).getRows();
    expect(got).toEqual([
      [1n, null, null],
      [2n, 404n, null],
      [3n, null, null],
      [4n, null, null],
      [5n, null, null],
      [6n, 200n, 2326n],
    ]);
  });
});

describe("an empty URL field on the last line", () => {
  it.each([
    ['CSV, last row 1,"",200', 'id,url,status\n0,https://a.example/,200\n1,"",200', "csv"],
    ["CSV with a final line break", 'id,url,status\n0,https://a.example/,200\n1,"",200\n', "csv"],
    ['JSON Lines, last line {"url":""}', '{"url":"https://a.example/"}\n{"url":""}', "jsonl"],
    ["JSON Lines with a final line break", '{"url":"https://a.example/"}\n{"url":""}\n', "jsonl"],
  ])("%s: a failure row, status 0", (_what, text, format) => {
    const r = swurl(["parse", "--input", format, "--fields", "href"], text);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(rows(r.stdout).map((row) => row.href ?? row.error)).toEqual(["https://a.example/", "invalid"]);
  });

  it("a 30,000-line CSV whose last referrer is empty", () => {
    const body = Array.from({ length: 30_000 }, (_, i) => `${i},${i === 29_999 ? "" : `https://r.example/${i}`}`);
    const r = swurl(["stats", "--json", "--input", "csv", "--field", "referrer"], `id,referrer\n${body.join("\n")}\n`);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ lines: 30_000, valid: 29_999, invalid: 1 });
  });
});

describe("standard output that is /dev/null", () => {
  // What Python's subprocess.DEVNULL, Node's stdio "ignore" and schedulers give: /dev/null open read-write.
  const run = (args: string[]) =>
    runChild(process.execPath, [CLI, ...args], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });

  it("is written to, status 0", () => {
    const r = run(["stats", SAMPLE]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("is not looked at with --output", () => {
    const out = path.join(scratch.dir, "devnull.tsv");
    const r = run(["parse", "--format", "tsv", "--output", out, SAMPLE]);
    expect(r.status).toBe(0);
    expect(lines(readFileSync(out, "utf8")).length).toBe(lines(readFileSync(SAMPLE, "utf8")).length + 1);
  });
});

describe("--output is all or nothing", () => {
  const truncatedGzip = () => {
    const whole = gzipSync(readFileSync(SAMPLE).toString().repeat(40));
    return file("trunc.log.gz", whole.subarray(0, whole.length >> 1));
  };
  /** The files of the output folder (no temporary file may stay behind). */
  const listing = (folder: string) => readdirSync(folder).sort();

  it("a truncated gzip: status 1, one line, no output file", () => {
    const folder = mkdtempSync(path.join(scratch.dir, "out-"));
    const out = path.join(folder, "out.parquet");
    const r = swurl(["parse", "--format", "parquet", "-o", out, truncatedGzip()]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^swurl: cannot read .*trunc\.log\.gz: not valid gzip \(unexpected end of file\)\n$/);
    expect(existsSync(out)).toBe(false);
    expect(listing(folder)).toEqual([]);
  });

  it("a truncated gzip leaves an existing FILE as it was", () => {
    const folder = mkdtempSync(path.join(scratch.dir, "out-"));
    const out = path.join(folder, "out.tsv");
    writeFileSync(out, "the previous file\n");
    const r = swurl(["parse", "--format", "tsv", "-o", out, truncatedGzip()]);
    expect(r.status).toBe(1);
    expect(readFileSync(out, "utf8")).toBe("the previous file\n");
    expect(listing(folder)).toEqual(["out.tsv"]);
  });

  it("a run that succeeds replaces FILE whole", () => {
    const folder = mkdtempSync(path.join(scratch.dir, "out-"));
    const out = path.join(folder, "out.tsv");
    writeFileSync(out, "the previous file\n");
    expect(swurl(["parse", "--format", "tsv", "--fields", "href", "-o", out, SAMPLE]).status).toBe(0);
    expect(readFileSync(out, "utf8").startsWith("href\tvalid\n")).toBe(true);
    expect(listing(folder)).toEqual(["out.tsv"]);
  });

  it("FILE that is not a regular file is written in place (/dev/stdout on a pipe)", () => {
    const r = runChild(
      "bash",
      ["-c", `echo https://a.example/ | node '${CLI}' parse --format tsv --fields href -o /dev/stdout | cat`],
      { encoding: "utf8" },
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("href\tvalid\nhttps://a.example/\ttrue\n");
  });
});
