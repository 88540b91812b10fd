// Time in access logs (issue #34 item 3): --since, --until and the hour
// and day fields from each format's time field, whatever its syntax (CLF
// with its zone, ISO 8601, W3C's date and time, Unix seconds and
// microseconds), checked at their boundaries and against times written here
// from random instants and zones.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lines, scratchFolder, swurl } from "../helpers/cli-run";
import { randomCases } from "../helpers/quick";

const scratch = scratchFolder("swurl-time-");
const BASE = ["--base", "https://www.example.com/"];

/** The pathnames (or other fields) `swurl parse` gives for `text` with these arguments. */
function parsed(text: string, args: string[], fields = "pathname"): Record<string, unknown>[] {
  const r = swurl(["parse", scratch.file("log.txt", text), ...BASE, "--fields", fields, ...args]);
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return lines(r.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
}

const paths = (rows: Record<string, unknown>[]) => rows.map((r) => r.pathname);

const combined = (path: string, time: string) =>
  `203.0.113.9 - - [${time}] "GET ${path} HTTP/1.1" 200 512 "-" "curl/8.0"`;

/** Four instants around 2026-10-11T06:30:00Z, in the zones their servers wrote. */
const CLF_LOG = `${[
  combined("/before", "11/Oct/2026:06:29:59 +0000"),
  // 23:30 at -07:00 is 06:30 UTC the next day: the boundary itself.
  combined("/at-boundary", "10/Oct/2026:23:30:00 -0700"),
  combined("/kolkata", "11/Oct/2026:12:00:00 +0530"),
  combined("/after", "11/Oct/2026:07:00:00 +0000"),
  combined("/no-time", "-"),
  combined("/feb-30", "30/Feb/2026:00:00:00 +0000"),
].join("\n")}\n`;

describe("--since and --until", () => {
  it("CLF times with their zones: --since inclusive, --until exclusive", () => {
    const all = ["/before", "/at-boundary", "/kolkata", "/after"];
    const cases: [string[], string[]][] = [
      [
        ["--since", "2026-10-11T06:30:00Z"],
        ["/at-boundary", "/kolkata", "/after"],
      ],
      [["--until", "2026-10-11T06:30:00Z"], ["/before"]],
      // The same instant written with an offset, and without a zone (UTC).
      [
        ["--since", "2026-10-11T08:30+02:00"],
        ["/at-boundary", "/kolkata", "/after"],
      ],
      [
        ["--since", "2026-10-11T06:30"],
        ["/at-boundary", "/kolkata", "/after"],
      ],
      [
        ["--since", "2026-10-11T06:30:00Z", "--until", "2026-10-11T07:00:00Z"],
        ["/at-boundary", "/kolkata"],
      ],
      // A date alone is its midnight UTC.
      [["--since", "2026-10-11"], all],
      [["--until", "2026-10-11"], []],
      [["--since", "2026-10-10T23:59:59.999Z", "--until", "2026-10-11T06:29:59.001Z"], ["/before"]],
    ];
    for (const [args, want] of cases) {
      expect([args, paths(parsed(CLF_LOG, ["--input", "combined", ...args]))]).toEqual([args, want]);
    }
  });

  it("without --since and --until, the records without a time stay; hour and day are null for them", () => {
    expect(parsed(CLF_LOG, ["--input", "combined"], "pathname,hour,day")).toEqual([
      { pathname: "/before", hour: "2026-10-11T06Z", day: "2026-10-11" },
      { pathname: "/at-boundary", hour: "2026-10-11T06Z", day: "2026-10-11" },
      { pathname: "/kolkata", hour: "2026-10-11T06Z", day: "2026-10-11" },
      { pathname: "/after", hour: "2026-10-11T07Z", day: "2026-10-11" },
      { pathname: "/no-time", hour: null, day: null },
      { pathname: "/feb-30", hour: null, day: null },
    ]);
  });

  it("each format's time syntax: ISO 8601, W3C date and time (UTC), Unix seconds and microseconds", () => {
    const cases: [string, string[], string, string[]][] = [
      [
        "nginx $time_iso8601",
        ["--log-format", '$time_iso8601 "$request" $status'],
        '2026-10-11T08:29:59+02:00 "GET /before HTTP/1.1" 200\n2026-10-11T06:30:00+00:00 "GET /at HTTP/1.1" 200\n2026-10-11T06:30:00.5Z "GET /after HTTP/1.1" 200\n',
        ["/at", "/after"],
      ],
      [
        "awsalb, microseconds",
        ["--input", "awsalb"],
        ["2026-10-11T06:29:59.999999Z", "2026-10-11T06:30:00.000000Z"]
          .map(
            (t, i) =>
              `https ${t} app/lb/1 192.0.2.1:1 10.0.0.1:80 0.1 0.1 0.1 200 200 0 1 "GET https://www.example.com:443/${i} HTTP/1.1" "x" - - arn "Root" "-" "-" 0 ${t} "forward" "-" "-" "10.0.0.1:80" "200" "-" "-"`,
          )
          .join("\n"),
        ["/1"],
      ],
      [
        "Apache %{FORMAT}t, a strftime format with a zone",
        ["--log-format", String.raw`%{%Y-%m-%d %H:%M:%S %z}t \"%r\" %>s`],
        '2026-10-11 08:29:59 +0200 "GET /before HTTP/1.1" 200\n2026-10-11 06:30:00 +0000 "GET /at HTTP/1.1" 200\n',
        ["/at"],
      ],
      [
        "Apache %{end:FORMAT}t, with %T",
        ["--log-format", String.raw`[%{end:%d/%b/%Y:%T %z}t] \"%r\" %>s`],
        '[11/Oct/2026:06:29:59 +0000] "GET /before HTTP/1.1" 200\n[11/Oct/2026:08:30:00 +0200] "GET /at HTTP/1.1" 200\n',
        ["/at"],
      ],
      [
        "Apache %{FORMAT}t without a zone (UTC), names and a 12-hour clock",
        ["--log-format", String.raw`%{%a, %e %B %Y %I:%M:%S %p}t \"%r\" %>s`],
        'Sun, 11 October 2026 06:29:59 AM "GET /before HTTP/1.1" 200\nSun, 11 October 2026 06:30:00 AM "GET /at HTTP/1.1" 200\nSun, 11 October 2026 12:00:00 PM "GET /noon HTTP/1.1" 200\n',
        ["/at", "/noon"],
      ],
      [
        "Apache %{end:sec}t",
        ["--log-format", String.raw`%{end:sec}t \"%r\" %>s`],
        '1791700199 "GET /before HTTP/1.1" 200\n1791700200 "GET /at HTTP/1.1" 200\n',
        ["/at"],
      ],
      [
        "w3c",
        ["--input", "w3c"],
        "#Fields: date time cs-method cs-uri-stem sc-status\n2026-10-11 06:29:59 GET /before 200\n2026-10-11 06:30:00 GET /at 200\n",
        ["/at"],
      ],
      [
        "squid, Unix seconds with milliseconds",
        ["--input", "squid"],
        `${1791700200 - 1}.999     65 192.0.2.1 TCP_MISS/200 1 GET https://www.example.com/before - DIRECT/- -\n1791700200.000     65 192.0.2.1 TCP_MISS/200 1 GET https://www.example.com/at - DIRECT/- -\n`,
        ["/at"],
      ],
      [
        "cloudstorage, Unix microseconds",
        ["--input", "cloudstorage"],
        ["1791700199999999", "1791700200000000"]
          .map(
            (t, i) =>
              `"${t}","192.0.2.4","1","","GET","/${i}","200","0","1","1","www.example.com","","x","id","GET_Object","b","o"`,
          )
          .join("\n"),
        ["/1"],
      ],
      [
        "caddy, Unix seconds",
        ["--input", "caddy"],
        [1791700199.9, 1791700200]
          .map((ts, i) =>
            JSON.stringify({ ts, request: { method: "GET", host: "www.example.com", uri: `/${i}` }, status: 200 }),
          )
          .join("\n"),
        ["/1"],
      ],
    ];
    // 1791700200 is 2026-10-11T06:30:00Z.
    expect(new Date(1791700200 * 1000).toISOString()).toBe("2026-10-11T06:30:00.000Z");
    for (const [what, args, text, want] of cases) {
      expect([what, paths(parsed(text, [...args, "--since", "2026-10-11T06:30:00Z"]))]).toEqual([what, want]);
    }
  });

  it("bad times and inputs without a time are usage errors", () => {
    const log = scratch.file("t.log", CLF_LOG);
    const cases: [string[], RegExp][] = [
      [["--input", "combined", "--since", "yesterday"], /--since "yesterday" is not an ISO 8601 date/],
      [["--input", "combined", "--since", "2026-02-30"], /not an ISO 8601/],
      [["--input", "combined", "--since", "2026-10-11", "--until", "2026-10-11"], /--until must come after --since/],
      [["--since", "2026-10-11"], /need an access log whose time field/],
      [["--input", "jsonl", "--until", "2026-10-11"], /need an access log whose time field/],
      [["--input", "jsonl", "--fields", "hour"], /hour needs an access log/],
      // A time of day without a date, and a zone by name, are no time swurl reads.
      [
        ["--log-format", String.raw`%{%H:%M:%S}t \"%r\" %>s`, "--since", "2026-10-11"],
        /need an access log whose time field/,
      ],
      [
        ["--log-format", String.raw`%{%F %T %Z}t \"%r\" %>s`, "--since", "2026-10-11"],
        /need an access log whose time field/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = swurl(["parse", log, ...args]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(message);
    }
  });
});

describe("--by hour and --by day", () => {
  it("stats groups by the UTC hour, whatever zone the server wrote", () => {
    const r = swurl([
      "stats",
      scratch.file("by.log", CLF_LOG),
      "--input",
      "combined",
      ...BASE,
      "--by",
      "hour",
      "--json",
    ]);
    expect(r.status).toBe(0);
    const [hour] = (JSON.parse(r.stdout) as { groups: { by: string; top: { label: string; count: number }[] }[] })
      .groups;
    expect(hour.by).toBe("hour");
    expect(Object.fromEntries(hour.top.map((g) => [g.label, g.count]))).toEqual({
      "2026-10-11T06Z": 3,
      "2026-10-11T07Z": 1,
      "(none)": 2,
    });
  });

  it("the hour and day of random instants written in random zones are those of the instant (CLF)", () => {
    const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
    const pad = (n: number, w = 2) => String(n).padStart(w, "0");
    // An independent writer of strftime's "%d/%b/%Y:%H:%M:%S %z" for an instant and a zone offset in minutes.
    const clf = (ms: number, offset: number) => {
      const d = new Date(ms + offset * 60_000);
      const zone = `${offset < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(offset) / 60))}${pad(Math.abs(offset) % 60)}`;
      return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${zone}`;
    };
    const instants = fc.sample(
      fc.tuple(
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => ms - (ms % 1000)),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
      ),
      { numRuns: randomCases(500), seed: 3 },
    );
    const text = `${instants.map(([ms, offset], i) => combined(`/${i}`, clf(ms, offset))).join("\n")}\n`;
    const rows = parsed(text, ["--input", "combined"], "hour,day");
    expect(rows).toEqual(
      instants.map(([ms]) => ({
        hour: `${new Date(ms).toISOString().slice(0, 13)}Z`,
        day: new Date(ms).toISOString().slice(0, 10),
      })),
    );
  });

  it("the same for Apache %{FORMAT}t: a two-digit year, the day of the year, a 12-hour clock, a zone", () => {
    const pad = (n: number, w = 2) => String(n).padStart(w, "0");
    // An independent writer of strftime's "%y/%j %I:%M:%S %p %z" (%y: 1969-2068).
    const written = (ms: number, offset: number) => {
      const d = new Date(ms + offset * 60_000);
      const y = d.getUTCFullYear();
      const yday = Math.round((Date.UTC(y, d.getUTCMonth(), d.getUTCDate()) - Date.UTC(y, 0, 1)) / 86_400_000) + 1;
      const h = d.getUTCHours();
      const zone = `${offset < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(offset) / 60))}${pad(Math.abs(offset) % 60)}`;
      return `${pad(y % 100)}/${pad(yday, 3)} ${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? "AM" : "PM"} ${zone}`;
    };
    const instants = fc.sample(
      fc.tuple(
        fc.integer({ min: Date.UTC(1970, 0, 2), max: Date.UTC(2068, 11, 30) }).map((ms) => ms - (ms % 1000)),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
      ),
      { numRuns: randomCases(500), seed: 34 },
    );
    const text = `${instants.map(([ms, offset], i) => `${written(ms, offset)} "GET /${i} HTTP/1.1" 200`).join("\n")}\n`;
    const rows = parsed(text, ["--log-format", String.raw`%{%y/%j %I:%M:%S %p %z}t \"%r\" %>s`], "hour,day");
    expect(rows).toEqual(
      instants.map(([ms]) => ({
        hour: `${new Date(ms).toISOString().slice(0, 13)}Z`,
        day: new Date(ms).toISOString().slice(0, 10),
      })),
    );
  });
});
