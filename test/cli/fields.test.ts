// The CLI's fields, filters and groups: domain, suffix,
// subdomain, param:NAME, path, line and a log's own fields in `parse
// --fields`; --valid-only, --invalid-only, --scheme; `stats --by` and the top
// paths; crawler frontiers (`canon --input tsv --base-field`). Expected
// values from whatwg-url and tldts on a generated log.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse as tldts } from "tldts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessLog, type LogLine } from "../../scripts/data/access-log.mjs";
import { SAMPLE, lines, swurl } from "../helpers/cli-run";
import { requestHref } from "../helpers/request-href";
import { whatwgUrl as whatwg } from "../helpers/whatwg";

const BASE = "https://site.example/";
const URLS = readFileSync(SAMPLE, "utf8")
  .split("\n")
  .filter((l) => l !== "");

/** Counts of `values`, largest first, ties by name (as the report orders them). */
function topCounts(values: string[], n: number): { label: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([label, count]) => ({ label, count }));
}

let dir: string;
let log: LogLine[];
let logPath: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "swurl-fields-"));
  log = accessLog(URLS, 3000, 1616);
  logPath = path.join(dir, "access.log");
  writeFileSync(logPath, log.map((l) => l.text).join("\n") + "\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("parse --fields", () => {
  it("domain, suffix, subdomain (Public Suffix List), param:NAME, path, line", () => {
    const input = [
      ...URLS.slice(0, 300),
      "https://a.b.example.co.uk/caf%C3%A9%20x?q=a+b&q=2&r=%2F",
      "http://[::1]/",
      "mailto:x@y.example",
    ];
    const r = swurl(["parse", "--fields", "line,domain,suffix,subdomain,param:q,path"], input.join("\n") + "\n");
    const rows = lines(r.stdout).map((l) => JSON.parse(l));
    rows.forEach((row, i) => {
      const url = whatwg(input[i])!;
      const host = url.hostname;
      const d = host === "" || host.startsWith("[") ? null : tldts(host, { allowPrivateDomains: true });
      expect(row).toEqual({
        line: i + 1,
        domain: d?.domain ?? null,
        suffix: d?.publicSuffix ?? null,
        subdomain: d?.subdomain ?? null,
        "param:q": url.search === "" ? null : new URLSearchParams(url.search).get("q"),
        path: decodeURIComponent(url.pathname),
      });
    });
    expect(rows.at(-3)).toMatchObject({ domain: "example.co.uk", subdomain: "a.b", "param:q": "a b", path: "/café x" });
  });

  it("a log's own fields, numbers as JSON numbers; line numbers skip nothing", () => {
    const text =
      "\n" +
      log
        .slice(0, 200)
        .map((l) => l.text)
        .join("\n") +
      "\n";
    const r = swurl(
      ["parse", "--input", "combined", "--base", BASE, "--fields", "line,client,status,bytes,agent,href"],
      text,
    );
    const rows = lines(r.stdout).map((l) => JSON.parse(l));
    expect(rows).toHaveLength(200);
    rows.forEach((row, i) => {
      const l = log[i];
      expect(row).toMatchObject({ line: i + 2, client: l.client, status: l.status, bytes: l.bytes, agent: l.agent });
      if (l.target === null) expect(row.error).toBe("invalid");
      else expect(row.href).toBe(whatwg(l.target, BASE)!.href);
    });
  });

  it("a JSON key path and a CSV column as fields", () => {
    const json = swurl(
      ["parse", "--input", "jsonl", "--fields", "href,meta.id"],
      '{"url":"http://a/","meta":{"id":7}}\n{"meta":{"id":"x"}}\n',
    );
    expect(lines(json.stdout).map((l) => JSON.parse(l))).toEqual([
      { href: "http://a/", "meta.id": 7 },
      { input: '{"meta":{"id":"x"}}', error: "invalid", "meta.id": "x" },
    ]);
    const csv = swurl(
      ["parse", "--input", "csv", "--format", "tsv", "--fields", "field:host,hostname"],
      "host,url\nmine,http://b.example/\n",
    );
    expect(csv.stdout).toBe("field:host\thostname\tvalid\nmine\tb.example\ttrue\n");
  });

  it("an unknown log field is a usage error", () => {
    const r = swurl(["parse", "--input", "combined", "--fields", "href,colour"], "");
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^swurl: parse: unknown field "colour"; .*of the log's client,ident/);
  });
});

describe("filters", () => {
  it("--valid-only, --invalid-only and --scheme split the records", () => {
    const all = lines(swurl(["parse", "--input", "combined", "--fields", "line", logPath]).stdout).length;
    const valid = lines(swurl(["parse", "--input", "combined", "--valid-only", "--fields", "line", logPath]).stdout);
    const invalid = lines(
      swurl(["parse", "--input", "combined", "--invalid-only", "--fields", "line", logPath]).stdout,
    );
    expect(valid.length + invalid.length).toBe(all);
    // Without --base, only absolute-form targets parse.
    expect(valid.length).toBe(log.filter((l) => whatwg(l.target) !== null).length);
    const https = swurl([
      "parse",
      "--input",
      "combined",
      "--field",
      "referer",
      "--scheme",
      "HTTPS",
      "--fields",
      "protocol",
      logPath,
    ]);
    expect(new Set(lines(https.stdout))).toEqual(new Set(['{"protocol":"https:"}']));
    expect(swurl(["parse", "--valid-only", "--invalid-only"]).stderr).toMatch(/exclude each other/);
  });

  it("a crawler frontier: canon --input tsv --base-field --field --scheme http,https", () => {
    const frontier =
      [
        "https://p.example/dir/page.html\t../other.html?utm_x=1#top",
        "https://p.example/\tmailto:someone@example.com",
        "https://p.example/\tjavascript:void(0)",
        "http://q.example/a/\tb?x=1",
        "https://p.example/\thttps://elsewhere.example/%7Euser",
      ].join("\n") + "\n";
    const r = swurl(
      [
        "canon",
        "--input",
        "tsv",
        "--base-field",
        "1",
        "--field",
        "2",
        "--scheme",
        "http,https",
        "--strip-param",
        "/^utm_/",
      ],
      frontier,
    );
    expect(r.stdout).toBe("https://p.example/other.html\nhttp://q.example/a/b?x=1\nhttps://elsewhere.example/~user\n");
  });
});

describe("stats --by, --top, top paths", () => {
  const keys = (l: LogLine) => {
    const url = whatwg(requestHref(l.method, l.target, BASE));
    return { url, status: String(l.status), host: url?.hostname ?? "(none)" };
  };

  it("groups by host, status and param:NAME equal what whatwg-url gives", () => {
    const r = swurl([
      "stats",
      "--json",
      "--input",
      "combined",
      "--base",
      BASE,
      "--by",
      "host",
      "--by",
      "status,param:ring",
      "--top",
      "5",
      logPath,
    ]);
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    const k = log.map(keys);
    expect(s.groups.map((g: { by: string }) => g.by)).toEqual(["host", "status", "param:ring"]);
    expect(s.groups[0].top).toEqual(
      topCounts(
        k.map((x) => x.host),
        5,
      ),
    );
    expect(s.groups[1].top).toEqual(
      topCounts(
        k.map((x) => x.status),
        5,
      ),
    );
    const ring = k.map((x) =>
      x.url === null || x.url.search === "" ? "(none)" : (new URLSearchParams(x.url.search).get("ring") ?? "(none)"),
    );
    expect(s.groups[2].top).toEqual(topCounts(ring, 5));
    const paths = k.filter((x) => x.url !== null).map((x) => x.url!.pathname);
    expect(s.topPaths).toEqual({ distinct: new Set(paths).size, top: topCounts(paths, 5), dropped: 0 });
  });

  it("groups by the kernel's tallies' pathname and hostname, records without a URL among them, equal what whatwg-url gives", () => {
    const r = swurl(["stats", "--json", "--input", "combined", "--base", BASE, "--by", "pathname,hostname", logPath]);
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    const k = log.map(keys);
    const group = (values: string[]) => ({ distinct: new Set(values).size, top: topCounts(values, 10), dropped: 0 });
    const pathnames = k.map((x) => x.url?.pathname ?? "(none)");
    expect(pathnames).toContain("(none)");
    expect(s.groups).toEqual([
      { by: "pathname", ...group(pathnames) },
      { by: "hostname", ...group(k.map((x) => x.url?.hostname ?? "(none)")) },
    ]);
  });

  it("the same numbers with 1 and 2 threads on a log cut into ranges", () => {
    const big = path.join(dir, "big.log");
    writeFileSync(big, readFileSync(logPath, "utf8").repeat(30)); // ~6 MB: two ranges
    const strip = (s: Record<string, unknown>) => ({ ...s, seconds: 0, megabytesPerSecond: 0, threads: 0 });
    const args = ["stats", "--json", "--input", "combined", "--by", "status", "--by", "domain", big];
    const one = JSON.parse(swurl(args).stdout);
    const two = JSON.parse(swurl([...args, "--threads", "2"]).stdout);
    expect(two.threads).toBe(2);
    expect(strip(two)).toEqual(strip(one));
  });

  it("--sum bytes: each value's sum of sizes, as the log's lines give them, with 1 and 2 threads", () => {
    const big = path.join(dir, "sum.log");
    writeFileSync(big, readFileSync(logPath, "utf8").repeat(30)); // ~6 MB: two ranges
    const args = ["stats", "--json", "--input", "combined", "--base", BASE, "--by", "status,host", "--sum", "bytes"];
    const expected = (key: (x: ReturnType<typeof keys>) => string) => {
      const sums = new Map<string, number>();
      for (const l of log) sums.set(key(keys(l)), (sums.get(key(keys(l))) ?? 0) + 30 * (l.bytes ?? 0));
      return sums;
    };
    for (const threads of ["1", "2"]) {
      const s = JSON.parse(swurl([...args, "--threads", threads, "--top", "1000", big]).stdout);
      const got = (g: number) => new Map(s.groups[g].top.map((r: { label: string; sum: number }) => [r.label, r.sum]));
      expect(got(0)).toEqual(expected((x) => x.status));
      expect(got(1)).toEqual(expected((x) => x.host));
    }
    const text = swurl(["stats", "--input", "combined", "--by", "status", "--sum", "bytes", logPath]).stdout;
    expect(text).toMatch(/\nBy status {2}\d+ distinct\n {2}200 .* sum [\d,]+\n/);
  });

  it("--order sum: each --by key's top values are those of the largest sums, ties in name order", () => {
    // /cheap has the most requests, /slow the most time, /tie-a and /tie-b the same time.
    const line = (path: string, time: string) =>
      `10.0.0.1 [10/Oct/2024:13:55:36 +0000] "GET ${path} HTTP/1.1" 200 ${time}`;
    const lines = [
      ...Array.from({ length: 9 }, () => line("/cheap", "0.010")),
      line("/slow", "4.5"),
      line("/slow", "0.5"),
      line("/tie-b", "1.25"),
      line("/tie-a", "1.25"),
    ];
    const file = path.join(dir, "order.log");
    writeFileSync(file, `${lines.join("\n")}\n`);
    const format = '$remote_addr [$time_local] "$request" $status $request_time';
    const args = ["stats", "--json", "--base", BASE, "--log-format", format, "--by", "path", "--sum", "request_time"];
    const top = (extra: string[]) =>
      JSON.parse(swurl([...args, ...extra, file]).stdout).groups[0].top.map(
        (r: { label: string; count: number; sum: number }) => [r.label, r.count, r.sum],
      );
    expect(top(["--order", "sum"])).toEqual([
      ["/slow", 2, 5],
      ["/tie-a", 1, 1.25],
      ["/tie-b", 1, 1.25],
      ["/cheap", 9, 0.09],
    ]);
    expect(top(["--order", "sum", "--top", "1"])).toEqual([["/slow", 2, 5]]);
    expect(top(["--top", "1"])).toEqual([["/cheap", 9, 0.09]]);
    expect(top(["--order", "count"])[0]).toEqual(["/cheap", 9, 0.09]);
    const bad = swurl([...args.filter((a) => a !== "--sum" && a !== "request_time"), "--order", "sum", file]);
    expect(bad.stderr).toMatch(/--order sum .* needs --sum/);
    expect(swurl([...args, "--order", "size", file]).stderr).toMatch(/--order size: expected count or sum/);
  });

  it("--sum needs --by and a number field that adds up", () => {
    expect(swurl(["stats", "--input", "combined", "--sum", "bytes", logPath]).stderr).toMatch(/--sum .* needs --by/);
    const r = swurl(["stats", "--input", "combined", "--by", "status", "--sum", "agent", logPath]);
    expect(r.stderr).toMatch(/--sum agent: not a number field/);
    expect(r.status).not.toBe(0);
    // The time of the request is a decimal in nginx's $msec, but a point in time.
    const format = '$remote_addr "$request" $status $msec';
    for (const name of ["msec", "time"]) {
      const t = swurl(["stats", "--log-format", format, "--by", "status", "--sum", name, logPath]);
      expect(t.stderr).toMatch(new RegExp(`--sum ${name}: the time of the request is a point in time`));
      expect(t.status).not.toBe(0);
    }
  });

  it("--sum request_time: each value's seconds added up exactly, to the microsecond, with 1 and 3 threads", () => {
    // Durations of up to nine decimals, whose float sums would differ in
    // their last bits from one order of addition to another.
    const times = ["0.590", "012.500", "0.0000005", "0.0000004", "-", "1.123456789", "0.1", "0.2", "3", "0.000"];
    const statuses = [200, 404, 500];
    const lines: string[] = [];
    const want = new Map<string, bigint>();
    for (let i = 0; i < 120_000; i++) {
      const time = times[(i * 7) % times.length];
      const status = String(statuses[i % statuses.length]);
      lines.push(`10.0.0.${i % 200} [10/Oct/2024:13:55:36 +0000] "GET /p/${i % 50} HTTP/1.1" ${status} ${time}`);
      want.set(status, (want.get(status) ?? 0n) + micros(time));
    }
    const file = path.join(dir, "times.log");
    writeFileSync(file, `${lines.join("\n")}\n`); // ~8 MB: three ranges
    const format = '$remote_addr [$time_local] "$request" $status $request_time';
    const args = ["stats", "--json", "--log-format", format, "--by", "status", "--sum", "request_time", file];
    const reports = ["1", "3"].map((threads) => JSON.parse(swurl([...args, "--threads", threads]).stdout));
    for (const report of reports) {
      const got = new Map(report.groups[0].top.map((r: { label: string; sum: number }) => [r.label, r.sum]));
      expect(got).toEqual(new Map([...want].map(([status, n]) => [status, Number(n) / 1e6])));
      expect(report.sumUnit).toBe("seconds");
    }
    expect(reports[1].threads).toBe(3);
    const text = swurl(["stats", "--log-format", format, "--by", "status", "--sum", "request_time", file]).stdout;
    expect(text).toMatch(/\nBy status {2}3 distinct\n {2}200 .* sum [\d.]+ (s|ms) {2}p50 /);
  });

  it("the text report has the top paths and a section per --by key", () => {
    const r = swurl(["stats", "--input", "combined", "--base", BASE, "--by", "method", logPath]);
    expect(r.stdout).toMatch(/\nTop paths {2}[\d,]+ distinct\n/);
    expect(r.stdout).toMatch(/\nBy method {2}4 distinct\n {2}GET /);
  });
});

/** A duration's whole microseconds, rounded half up ("-": none, 0): by BigInt, apart from the command's reading. */
function micros(time: string): bigint {
  if (time === "-") return 0n;
  const [whole, fraction = ""] = time.split(".");
  const digits = (fraction + "0000000").slice(0, 7);
  const tenths = BigInt(whole) * 10_000_000n + BigInt(digits);
  return (tenths + 5n) / 10n;
}
