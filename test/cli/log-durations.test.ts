// Duration percentiles per group (issue #34 item 2): `stats --by` gives the
// p50, p95 and p99 of each value's durations where the log's format has a
// duration field, each within 1% of the exact nearest-rank percentile
// computed here, in the server's unit (nginx's seconds, Apache's
// microseconds, IIS's milliseconds).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSeconds } from "../../packages/cli/src/commands/durations";
import { scratchFolder, swurl } from "../helpers/cli-run";
import { randomCases } from "../helpers/quick";

const scratch = scratchFolder("swurl-durations-");

interface Row {
  label: string;
  count: number;
  p50?: number;
  p95?: number;
  p99?: number;
}

/** The rows of each --by key of `swurl stats --json`. */
function groups(text: string, args: string[]): Row[][] {
  const r = swurl(["stats", scratch.file("log.txt", text), "--json", "--top", "100", ...args]);
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return (JSON.parse(r.stdout) as { groups: { top: Row[] }[] }).groups.map((g) => g.top);
}

/** The nearest-rank percentile: the smallest value with at least share p of the values at or below it. */
function nearestRank(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(p * sorted.length) - 1];
}

const close = (got: number | undefined, want: number) =>
  want === 0 ? got === 0 : got !== undefined && Math.abs(got - want) / want < 0.01;

describe("stats --by: duration percentiles", () => {
  it("nginx's $request_time (seconds), per status and per vhost, against the exact percentiles", () => {
    const records = fc.sample(
      fc.record({
        status: fc.constantFrom("200", "404", "500"),
        host: fc.constantFrom("a.example", "b.example"),
        // Milliseconds as nginx writes them, a long tail included.
        seconds: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 60_000 })).map((ms) => ms / 1000),
      }),
      { numRuns: randomCases(3000), seed: 2 },
    );
    const text = records
      .map(
        (r) =>
          `192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" ${r.status} 1 "-" "x" ${r.host} ${r.seconds.toFixed(3)}`,
      )
      .join("\n");
    const [byStatus, byHost] = groups(`${text}\n`, [
      "--log-format",
      '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" $host $request_time',
      "--by",
      "status",
      "--by",
      "vhost",
    ]);
    for (const [rows, key] of [
      [byStatus, "status"],
      [byHost, "host"],
    ] as const) {
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        const values = records.filter((r) => r[key] === row.label).map((r) => Number(r.seconds.toFixed(3)));
        expect(row.count).toBe(values.length);
        for (const p of [0.5, 0.95, 0.99] as const) {
          const want = nearestRank(values, p);
          const got = row[`p${Math.round(p * 100)}` as "p50" | "p95" | "p99"];
          expect([row.label, p, got, close(got, want)]).toEqual([row.label, p, got, true]);
        }
      }
    }
  });

  it("in the server's unit: Apache's %D in microseconds, IIS's time-taken in milliseconds; - is no duration", () => {
    const apache = ["1500", "2500", "-"]
      .map((d) => `www.example.com 192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1 ${d}`)
      .join("\n");
    const [[vhost]] = groups(`${apache}\n`, [
      "--log-format",
      String.raw`%v %h %l %u %t \"%r\" %>s %b %D`,
      "--by",
      "vhost",
    ]);
    expect([vhost.count, close(vhost.p50, 0.0015), close(vhost.p95, 0.0025), close(vhost.p99, 0.0025)]).toEqual([
      3,
      true,
      true,
      true,
    ]);
    const iis = "#Fields: date time cs-method cs-uri-stem sc-status time-taken\n2026-10-10 13:55:36 GET /a 200 120\n";
    const [[method]] = groups(iis, ["--input", "w3c", "--base", "https://www.example.com/", "--by", "method"]);
    expect([method.count, close(method.p50, 0.12), close(method.p99, 0.12)]).toEqual([1, true, true]);
  });

  it("a format without a duration has no percentiles", () => {
    const log = '192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x"\n';
    const [[row]] = groups(log, ["--input", "combined", "--base", "https://www.example.com/", "--by", "status"]);
    expect(row).toEqual({ label: "200", count: 1 });
  });
});

describe("formatSeconds", () => {
  it("three significant digits in the unit that fits, no zero of a whole number dropped", () => {
    const cases: [number, string][] = [
      [0, "0 us"],
      [0.00085, "850 us"],
      [0.0001, "100 us"],
      [0.0125, "12.5 ms"],
      [0.1, "100 ms"],
      [0.59, "590 ms"],
      [1, "1 s"],
      [1.24, "1.24 s"],
      [10, "10 s"],
      [100, "100 s"],
      [1500, "1500 s"],
      [86400.4, "86400 s"],
    ];
    for (const [seconds, text] of cases) expect(formatSeconds(seconds), String(seconds)).toBe(text);
  });
});
