// `stats --by` a log field of the formats a program reads (issue #34 item 2):
// the values are counted from the program's byte ranges (program-keys.ts,
// byte-counts.ts), and must be the values `swurl parse --fields` gives, which
// makes each one a string (FieldDef.value()). Each format's lines, generated
// as the reader property generates them (escapes, "-", leading zeros, broken
// lines, lines of no log), and lines written here for the cases a value is
// worked out of its bytes (a host:port, the request's parts, a query beside
// the target), come on standard input, whose chunks cut lines.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lines, swurl } from "../helpers/cli-run";
import { DEFINITIONS, FORMATS, formatLines } from "./format-properties";

/** Lines written here, per case, beside the generated ones. */
const WRITTEN: Record<string, string[]> = {
  vcombined: [
    'www.example.com:80 203.0.113.9 - frank [10/Oct/2026:13:55:36 -0700] "GET /a?x=1 HTTP/1.0" 0200 002326 "http://www.example.com/start.html" "Mozilla/4.08"',
    String.raw`-:443 203.0.113.9 - - [10/Oct/2026:13:55:36 -0700] "GET /caf\xC3\xA9?q=\"x\" HTTP/1.1" 404 - "-" "curl \"8\""`,
    'shop.example:8080 - - - [10/Oct/2026:13:55:36 -0700] "POST  /two  spaces  HTTP/1.1" 000 0 "" ""',
    'shop.example:8080 - - - [10/Oct/2026:13:55:36 -0700] "-" 400 0 "-" "-"',
    'shop.example:8080 - - - [10/Oct/2026:13:55:36 -0700] "GET /" 200 12345678901234567 "-" "-"',
    "shop.example:8080 a line of no log",
  ],
  awselb: [
    '2026-10-10T13:55:36.000000Z my-elb [2001:db8::1]:443 10.0.0.1:80 0.000073 0.001048 0.000057 200 200 0 29 "GET http://www.example.com:80/ HTTP/1.1" "curl/7.38.0" - -',
    '2026-10-10T13:55:36.000000Z my-elb 192.0.2.1:2817 - -1 -1 -1 504 0 0 0 "GET http://www.example.com:80/x HTTP/1.1" "-" - -',
    '2026-10-10T13:55:36.000000Z my-elb noport 10.0.0.1:80 0.1 0.2 0.3 0200 200 0 29 "GET /\\x41 HTTP/1.1" "a\\"b" - -',
  ],
  w3c: [
    "#Fields: date time cs-method cs-uri-stem cs-uri-query sc-status time-taken cs(User-Agent)",
    "2026-10-10 13:55:36 GET /a q=1 200 15 Mozilla/5.0+(X11)",
    "2026-10-10 13:55:37 GET /a - 0404 0015 curl",
    "2026-10-10 13:55:38 GET /a %20 200 - -",
    "2026-10-10 13:55:38 GET /b +x 200 7 a%20b",
  ],
};

/** Each case: its arguments, its lines. */
const CASES: [string, string[], fc.Arbitrary<string>][] = [
  // Caddy's JSON is read by no program: its fields are strings.
  ...FORMATS.filter((f) => f !== "log-format" && f !== "caddy").map((f): [string, string[], fc.Arbitrary<string>] => [
    f,
    ["--input", f],
    formatLines(f),
  ]),
  ...(Object.keys(DEFINITIONS) as (keyof typeof DEFINITIONS)[]).map((d): [string, string[], fc.Arbitrary<string>] => [
    d,
    ["--log-format", DEFINITIONS[d]],
    formatLines("log-format", d),
  ]),
];

/**
 * W3C's fields, which a "#Fields:" directive names (any name is a field): the
 * property's directives' and IIS's, CloudFront's (its default fields), by
 * W3C name and common name.
 */
const W3C_NAMES: Record<string, string[]> = {
  w3c: "date time c-ip client cs-username user cs-method method cs-uri-stem target cs-uri-query query sc-status status time-taken duration cs-host vhost sc-bytes bytes cs(User-Agent) agent s-port".split(
    " ",
  ),
  cloudfront:
    "date time x-edge-location sc-bytes bytes c-ip client cs-method method cs(Host) cs-uri-stem target sc-status status cs(Referer) referer cs(User-Agent) agent cs-uri-query query x-host-header vhost cs-protocol time-taken duration c-port cs-protocol-version version".split(
      " ",
    ),
};

/** The names a format's fields answer to, as a usage error lists them (W3C's: W3C_NAMES). */
function fieldNames(name: string, args: string[]): string[] {
  if (W3C_NAMES[name] !== undefined) return W3C_NAMES[name];
  const r = swurl(["parse", "-", ...args, "--fields", "no-such-field"]);
  const m = /or of the log's (.+)$/m.exec(r.stderr);
  const names = m === null ? [] : m[1].split(",");
  // The parts of a request line, which the list leaves out.
  return names.includes("request") ? [...names, "method", "target", "version"] : names;
}

/** Counts (and sums of `bytes`) of each value, as `stats --by` labels them: "(none)" for none. */
type Groups = Map<string, [number, number]>;

describe("stats --by a log field of a format a program reads: the values parse --fields gives", () => {
  for (const [name, args, lineArb] of CASES) {
    it(name, () => {
      const generated = fc.sample(lineArb, { numRuns: 3000, seed: 34 });
      const text = `${[...(WRITTEN[name] ?? []), ...generated].map((l) => l.replace(/[\r\n]/g, "")).join("\n")}\n`;
      const input = Buffer.from(text, "latin1");
      // Chunks of standard input (64 KiB a read) cut lines.
      expect(input.length).toBeGreaterThan(2 * 65536);
      const base = [...args, "--base", "https://www.example.com/"];
      const names = fieldNames(name, base);
      expect(names.length).toBeGreaterThan(3);
      const summed = names.includes("bytes");
      const stats = swurl(
        [
          "stats",
          "-",
          ...base,
          ...names.flatMap((n) => ["--by", `field:${n}`]),
          ...(summed ? ["--sum", "bytes"] : []),
          "--top",
          "1000000",
          "--json",
        ],
        input,
      );
      expect(stats.stderr).toBe("");
      expect(stats.status).toBe(0);
      const report = JSON.parse(stats.stdout) as {
        groups: { top: { label: string; count: number; sum?: number }[] }[];
      };
      const fields = names.map((n) => `field:${n}`);
      const parsed = swurl(
        ["parse", "-", ...base, "--fields", [...new Set([...fields, ...(summed ? ["bytes"] : [])])].join(",")],
        input,
      );
      expect(parsed.status).toBe(0);
      const rows = lines(parsed.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
      // The lines have both outcomes: records that match and records that do not.
      expect(rows.filter((r) => r.error !== undefined).length).toBeGreaterThan(10);
      expect(rows.filter((r) => r.error === undefined).length).toBeGreaterThan(100);
      fields.forEach((field, k) => {
        const want: Groups = new Map();
        for (const row of rows) {
          const v = row[field];
          const label = v === null || v === undefined ? "(none)" : String(v);
          const [n, sum] = want.get(label) ?? [0, 0];
          want.set(label, [n + 1, sum + (summed ? Number(row.bytes ?? 0) : 0)]);
        }
        const got: Groups = new Map(report.groups[k].top.map((t) => [t.label, [t.count, t.sum ?? 0]]));
        const sorted = (g: Groups) => [...g].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        expect([field, sorted(got)]).toEqual([field, sorted(want)]);
      });
    });
  }
});
