// The swurl command line, run as users run it: `node packages/cli/build/cli.js` in a child
// process, on files and on standard input. Expected URL components come from
// whatwg-url (the WHATWG reference implementation), not from swurl itself.
import { readFileSync } from "node:fs";
import path from "node:path";
import { URL as WhatwgURL } from "whatwg-url";
import { extractUrls } from "../../build/index.js";
import { beforeAll, describe, expect, it } from "vitest";
import { mulberry32, randomString } from "../helpers/random";
import { CLI, SAMPLE, lines, swurl, scratchFolder } from "../helpers/cli-run";
import { runChild } from "../helpers/child";

/** The command's package: the one whose build CLI is (the work tree's, or the installed one). */
const PACKAGE = path.dirname(path.dirname(CLI));
const pkg = JSON.parse(readFileSync(path.join(PACKAGE, "package.json"), "utf8")) as {
  name: string;
  version: string;
  bin: Record<string, string>;
};

/** RFC 4180 records of a CSV text (quoted fields may hold commas, quotes, CR and LF). */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q === -1) throw new Error("unterminated quoted field");
        field += text.slice(i, q);
        i = q + 1;
        if (text[i] !== '"') break;
        field += '"';
        i++;
      }
    }
    if (text[i] === ",") {
      record.push(field);
      field = "";
      i++;
    } else if (text.startsWith("\r\n", i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 2;
    } else if (i < text.length) {
      if (/[\r\n"]/.test(text[i])) throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`);
      field += text[i++];
    }
  }
  if (field !== "" || record.length > 0) throw new Error("last record without CRLF");
  return records;
}

/** Undo the TSV escapes of packages/cli/README.md. */
function readTsvField(value: string): string {
  return value.replace(
    /\\(.)/g,
    (_, c: string) => ({ "\\": "\\", t: "\t", n: "\n", r: "\r" })[c] ?? `<bad escape ${c}>`,
  );
}

const scratch = scratchFolder("swurl-cli-");
const file = scratch.file;

/** Lines that exercise the formats: plain, relative, invalid, credentials, ports, IPv6, IDNA, quotes and commas, a tab, backslashes. */
const MIXED = [
  "https://user:pa%73s@Example.COM:8443/a/./b/../c?q=1&r=%7e#frag",
  "http://example.com",
  "/relative/path?x",
  "not a url",
  "",
  "mailto:Joe@Example.com",
  "http://[::FFFF:192.168.0.1]:80/",
  "http://Bücher.example/straße",
  'foo:a,"b"\\c',
  "http://exa\tmple.com/tab",
  "http://example.com/back\\slash",
  "https://",
];

const DEFAULT_FIELDS = ["href", "protocol", "hostname", "port", "pathname", "search", "hash"];

/** The WHATWG URL of `line` (against `base`), or null. */
function whatwg(line: string, base?: string): Record<string, string> | null {
  try {
    return new WhatwgURL(line, base) as unknown as Record<string, string>;
  } catch {
    return null;
  }
}

describe("swurl (top level)", () => {
  it("is the package's bin", () => {
    expect(pkg.name).toBe("swurl-cli");
    expect(path.resolve(PACKAGE, pkg.bin.swurl)).toBe(CLI);
    expect(readFileSync(CLI, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it.each([["--help"], ["-h"], ["help"]])("%s lists the commands", (flag) => {
    const r = swurl([flag]);
    expect(r.status).toBe(0);
    for (const c of ["parse", "stats", "canon", "extract"]) expect(r.stdout).toMatch(new RegExp(`^  ${c} `, "m"));
    expect(r.stderr).toBe("");
  });

  it("--version prints the package version", () => {
    expect(swurl(["--version"]).stdout).toBe(`swurl ${pkg.version}\n`);
  });

  it.each(["parse", "stats", "canon", "extract"])("%s --help shows its usage", (command) => {
    const r = swurl([command, "--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith(`Usage: swurl ${command} [FILE|-]`)).toBe(true);
  });
});

describe("errors: exit status 1 and one line on stderr", () => {
  const CASES: [string, string[], RegExp][] = [
    ["no command", [], /a command is needed/],
    ["unknown command", ["frobnicate"], /unknown command "frobnicate"/],
    ["unknown option", ["parse", "--nope"], /^swurl: parse: unknown option --nope$/],
    ["unknown short option", ["stats", "-x"], /^swurl: stats: unknown option -x$/],
    ["option without its value", ["parse", "--format"], /^swurl: parse: option --format needs a value$/],
    ["value for a flag", ["canon", "--dedupe=yes"], /^swurl: canon: option --dedupe takes no value$/],
    ["unknown format", ["parse", "--format", "xml"], /unknown format "xml"; expected jsonl, tsv, csv/],
    ["unknown field", ["parse", "--fields", "href,colour"], /unknown field "colour"/],
    ["field named twice", ["parse", "--fields", "href,href"], /field href is named twice/],
    [
      "standard input twice",
      ["parse", "-", "a.txt", "-"],
      /^swurl: parse: standard input \(-\) can be read once only$/,
    ],
    ["bad --base", ["parse", "--base", "not a url"], /^swurl: parse: --base "not a url" is not a valid URL$/],
    ["bad --base (canon)", ["canon", "--base", "//x"], /--base "\/\/x" is not a valid URL/],
    ["bad --threads", ["parse", "--threads", "0"], /--threads must be an integer from 1 to 64, got "0"/],
    ["bad --threads", ["stats", "--threads", "two"], /--threads must be an integer/],
    [
      "option value that looks like an option",
      ["stats", "--top", "-1"],
      /^swurl: stats: option --top needs a value \(write --top=VALUE for one that starts with "-"\)$/,
    ],
    ["bad --top", ["stats", "--top=-1"], /--top must be an integer from 0 to 1000000, got "-1"/],
    [
      "bad --strip-param pattern",
      ["canon", "--strip-param", "/(/"],
      /--strip-param \/\(\/: Invalid regular expression/,
    ],
    ["missing file", ["parse", "/nonexistent/urls.txt"], /^swurl: cannot read \/nonexistent\/urls.txt: no such file$/],
    ["a directory", ["stats", "/"], /^swurl: cannot read \/: is a directory$/],
  ];

  it.each(CASES)("%s", (_what, args, message) => {
    const r = swurl(args);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr.trimEnd()).toMatch(message);
  });

  it("a read that fails after the file opened", () => {
    // Reading a process's own memory from offset 0 fails with EIO, even for root.
    for (const args of [
      ["parse", "/proc/self/mem"],
      ["stats", "--threads", "2", "/proc/self/mem"],
    ]) {
      const r = swurl(args);
      expect(r.status).toBe(1);
      expect(r.stderr).toBe("swurl: cannot read /proc/self/mem: input/output error\n");
    }
  });
});

describe("swurl parse", () => {
  let mixed: string;
  beforeAll(() => {
    mixed = file("mixed.txt", MIXED.join("\n") + "\n");
  });

  it("writes one JSON object per line, in order, as whatwg-url parses", () => {
    const r = swurl(["parse", mixed]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    const rows = lines(r.stdout).map((l) => JSON.parse(l));
    expect(rows).toHaveLength(MIXED.length);
    rows.forEach((row, i) => {
      const url = whatwg(MIXED[i]);
      if (url === null) expect(row).toEqual({ input: MIXED[i], error: "invalid" });
      else expect(row).toEqual(Object.fromEntries(DEFAULT_FIELDS.map((f) => [f, url[f]])));
      // Fields in the documented order.
      if (url !== null) expect(Object.keys(row)).toEqual(DEFAULT_FIELDS);
    });
  });

  it("reads standard input, with or without -", () => {
    const fromFile = swurl(["parse", mixed]).stdout;
    expect(swurl(["parse"], MIXED.join("\n") + "\n").stdout).toBe(fromFile);
    expect(swurl(["parse", "-"], MIXED.join("\r\n")).stdout).toBe(fromFile);
  });

  it("--fields picks the fields, input is the line as read", () => {
    const r = swurl(["parse", "--fields", "input,origin,username,password,host", mixed]);
    lines(r.stdout).forEach((l, i) => {
      const url = whatwg(MIXED[i]);
      const row = JSON.parse(l);
      if (url === null) expect(row).toEqual({ input: MIXED[i], error: "invalid" });
      else
        expect(row).toEqual({
          input: MIXED[i],
          origin: url.origin,
          username: url.username,
          password: url.password,
          host: url.host,
        });
    });
  });

  it("--base resolves each line", () => {
    const base = "https://base.example/dir/page?x#y";
    const r = swurl(["parse", "--base", base, "--fields", "href"], MIXED.join("\n"));
    expect(lines(r.stdout).map((l) => JSON.parse(l).href ?? null)).toEqual(
      MIXED.map((m) => whatwg(m, base)?.href ?? null),
    );
  });

  it("--format tsv: a header, the fields and valid; escapes keep one row per line", () => {
    const fields = ["input", "href", "hostname"];
    const r = swurl(["parse", "--format", "tsv", "--fields", fields.join(","), mixed]);
    const [header, ...rows] = lines(r.stdout);
    expect(header).toBe("input\thref\thostname\tvalid");
    expect(rows).toHaveLength(MIXED.length);
    rows.forEach((row, i) => {
      const url = whatwg(MIXED[i]);
      const cells = row.split("\t").map(readTsvField);
      expect(cells).toEqual(url === null ? [MIXED[i], "", "", "false"] : [MIXED[i], url.href, url.hostname, "true"]);
    });
    // The tab inside a line and the backslashes are escaped, not written raw.
    expect(rows[MIXED.indexOf("http://exa\tmple.com/tab")].startsWith("http://exa\\tmple.com/tab\t")).toBe(true);
    expect(r.stdout).toContain('foo:a,"b"\\\\c');
  });

  it("--format csv: RFC 4180, CRLF, quoted where needed", () => {
    const r = swurl(["parse", "--format", "csv", mixed]);
    expect(r.stdout.endsWith("\r\n")).toBe(true);
    const [header, ...rows] = readCsv(r.stdout);
    expect(header).toEqual([...DEFAULT_FIELDS, "valid"]);
    expect(rows).toHaveLength(MIXED.length);
    rows.forEach((row, i) => {
      const url = whatwg(MIXED[i]);
      expect(row).toEqual(
        url === null ? [...DEFAULT_FIELDS.map(() => ""), "false"] : [...DEFAULT_FIELDS.map((f) => url[f]), "true"],
      );
    });
    expect(r.stdout).toContain('"foo:a,""b""\\c"');
  });

  it("--no-header leaves the header out", () => {
    const r = swurl(["parse", "--format", "csv", "--no-header", "--fields", "href"], "http://a/\n");
    expect(r.stdout).toBe("http://a/,true\r\n");
  });

  it("the sample: every line, in order", () => {
    const sample = readFileSync(SAMPLE, "utf8");
    const r = swurl(["parse", "--format", "tsv", "--fields", "href", "--no-header", SAMPLE]);
    // Two hrefs of the sample hold a backslash (in the query), which TSV escapes.
    expect(r.stdout).toContain("open.asp\\\\%3Fpid");
    expect(lines(r.stdout).map((l) => l.split("\t").map(readTsvField))).toEqual(
      lines(sample).map((l) => {
        const url = whatwg(l);
        return url === null ? ["", "false"] : [url.href, "true"];
      }),
    );
  });
});

describe("swurl canon", () => {
  const INPUT = [
    "HTTP://Example.COM:80/%7euser/a/../b?utm_source=x&b=2&a=1#top",
    "nonsense",
    "http://example.com/~user/b?b=2&a=1",
    "",
    "http://example.com/~user/b?a=1&b=2&utm_medium=y",
    "https://example.com/%",
  ];
  const text = INPUT.join("\n") + "\n";

  it("writes the canonical form of each line, an empty line for a failure", () => {
    const r = swurl(["canon"], text);
    expect(r.status).toBe(0);
    expect(lines(r.stdout)).toEqual([
      "http://example.com/~user/b?utm_source=x&b=2&a=1",
      "",
      "http://example.com/~user/b?b=2&a=1",
      "",
      "http://example.com/~user/b?a=1&b=2&utm_medium=y",
      "https://example.com/%25",
    ]);
  });

  it("--sort-query, --strip-param (names and /regexps/), --dedupe", () => {
    const r = swurl(
      ["canon", "--sort-query", "--strip-param", "/^utm_/", "--strip-param", "nothing", "--dedupe", "-"],
      text,
    );
    expect(lines(r.stdout)).toEqual(["http://example.com/~user/b?a=1&b=2", "https://example.com/%25"]);
    const named = swurl(["canon", "--strip-param", "utm_source"], text);
    expect(lines(named.stdout)[0]).toBe("http://example.com/~user/b?b=2&a=1");
  });

  it("--keep-fragment and --base", () => {
    const r = swurl(["canon", "--keep-fragment", "--base", "http://h/dir/"], "x%2e%41#F%7e\n#\n");
    expect(lines(r.stdout)).toEqual(["http://h/dir/x.A#F~", "http://h/dir/"]);
  });

  it("is idempotent through the command line too", () => {
    const once = swurl(["canon", SAMPLE]).stdout;
    expect(swurl(["canon"], once).stdout).toBe(once);
  });
});

describe("swurl stats", () => {
  it("--json: the numbers of the sample", () => {
    const r = swurl(["stats", "--json", SAMPLE]);
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    const sample = lines(readFileSync(SAMPLE, "utf8"));
    const urls = sample.map((l) => whatwg(l));
    const valid = urls.filter((u) => u !== null);
    expect(s.lines).toBe(sample.length);
    expect(s.invalid).toBe(sample.length - valid.length);
    expect(s.invalid).toBe(1);
    expect(s.invalidSamples).toEqual([{ line: sample.length, text: "https://" }]);
    expect(s.bytes).toBe(readFileSync(SAMPLE).length);
    expect(s.megabytesPerSecond).toBeGreaterThan(0);
    expect(s.schemes).toEqual([{ label: "https", count: valid.length }]);
    const hosts = new Map<string, number>();
    for (const u of valid) hosts.set(u.hostname, (hosts.get(u.hostname) ?? 0) + 1);
    expect(s.distinctHosts).toBe(hosts.size);
    const top = [...hosts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
    expect(s.topHosts).toEqual(top.map(([label, count]) => ({ label, count })));
    expect(s.withQuery).toBe(valid.filter((u) => u.search !== "").length);
    expect(s.topDomains[0].count).toBeGreaterThanOrEqual(s.topHosts[0].count);
  });

  it.each([1, 7, 64, 65, 500])("--top %i: the hosts with the largest counts, ties in name order", (n) => {
    const s = JSON.parse(swurl(["stats", "--json", "--top", String(n), SAMPLE]).stdout);
    const hosts = new Map<string, number>();
    for (const l of lines(readFileSync(SAMPLE, "utf8"))) {
      const u = whatwg(l);
      if (u !== null && u.hostname !== "") hosts.set(u.hostname, (hosts.get(u.hostname) ?? 0) + 1);
    }
    const top = [...hosts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n);
    expect(s.topHosts).toEqual(top.map(([label, count]) => ({ label, count })));
  });

  it("registrable domains by the Public Suffix List", () => {
    const r = swurl(
      ["stats", "--json"],
      "http://a.b.example.co.uk/\nhttp://c.example.co.uk/\nhttp://x.github.io/\nhttp://127.0.0.1/\nmailto:x@y\n",
    );
    const s = JSON.parse(r.stdout);
    expect(s.topDomains).toEqual([
      { label: "example.co.uk", count: 2 },
      { label: "x.github.io", count: 1 },
    ]);
    expect(s.withoutDomain).toBe(1);
    expect(s.ipHosts).toBe(1);
    expect(s.withHost).toBe(4);
  });

  it("the text report: sections, plain bars, no colour when not a terminal", () => {
    const r = swurl(["stats", SAMPLE]);
    expect(r.status).toBe(0);
    for (const heading of ["URLs", "Schemes", "Top hosts", "Top registrable domains", "Shape", "Invalid lines"]) {
      expect(r.stdout).toMatch(new RegExp(`^${heading}`, "m"));
    }
    expect(r.stdout).toMatch(/^4,801 lines, 220 kB in [\d.]+ s \([\d.]+ [kM]B\/s; at this size mostly warm-up\)$/m);
    expect(r.stdout).toMatch(/^ {2}https +4,800 {2}█{30} +100\.0%$/m);
    expect(r.stdout).toContain('line 4,801: "https://"');
    expect(r.stdout).not.toContain("\x1b");
    expect(r.stderr).toBe("");
  });

  // Past twice its bound of 100,000 (top-counts.ts CAP_KEYS), the path table
  // keeps its most frequent values: the report gives the kept ones as a lower
  // bound of the distinct ones, never as their number.
  describe("past the bound on paths", () => {
    const popular = Array.from({ length: 5_000 }, (_, i) => `https://a.example/popular/${i % 50}`);
    const rare = Array.from({ length: 205_000 }, (_, i) => `https://a.example/rare/${i}`);
    let log = "";
    beforeAll(() => {
      log = file("paths.txt", [...popular, ...rare].join("\n") + "\n");
    });

    it.each([1, 2])("--threads %i: the values kept and the occurrences dropped add up", (threads) => {
      const s = JSON.parse(swurl(["stats", "--json", "--threads", String(threads), "--top", "3", log]).stdout);
      expect(s.topPaths.dropped).toBeGreaterThan(0);
      // Each rare path comes once: it is either kept, with its count of 1, or dropped.
      expect(s.topPaths.distinct - 50 + s.topPaths.dropped).toBe(rare.length);
      // Counted before any rare path, each popular one keeps its whole count.
      expect(s.topPaths.top).toEqual(["0", "1", "10"].map((n) => ({ label: `/popular/${n}`, count: 100 })));
    });

    it("the text report says at least N distinct", () => {
      expect(swurl(["stats", "--top", "3", log]).stdout).toMatch(
        /^Top paths {2}at least [\d,]+ distinct, [\d,]+ occurrences of rare values not counted \(lower bounds\)$/m,
      );
    });
  });

  it("an empty input", () => {
    const s = JSON.parse(swurl(["stats", "--json"], "").stdout);
    expect([s.lines, s.valid, s.invalid]).toEqual([0, 0, 0]);
    expect(swurl(["stats"], "").status).toBe(0);
  });
});

describe("swurl extract", () => {
  const TEXT = [
    "Read <URL:http://www.example.com/a-",
    "  very/long/path> and http://example.org/x. Also <ftp://ftp.example.net/pub/",
    "file.txt>, mailto:someone@example.com!",
    "nothing here",
  ].join("\n");

  it("writes the URLs of running text, one per line, from a file or standard input", () => {
    const expected = [
      "http://www.example.com/a-very/long/path",
      "http://example.org/x",
      "ftp://ftp.example.net/pub/file.txt",
      "mailto:someone@example.com",
    ];
    expect(lines(swurl(["extract"], TEXT).stdout)).toEqual(expected);
    expect(lines(swurl(["extract", file("text.txt", TEXT)]).stdout)).toEqual(expected);
  });

  it("reads a long text in pieces and finds what extractUrls() finds in the whole", () => {
    // Wrapped URLs broken across lines fall on every offset of the 1 MiB reads.
    const rng = mulberry32(0x5eed_0008);
    const words: string[] = [];
    for (let size = 0; size < 3 << 20; ) {
      const r = rng();
      const word =
        r < 0.05
          ? `<URL:http://h${size}.example/p\n  q${size}>`
          : r < 0.1
            ? `https://e.example/${size}.`
            : r < 0.12
              ? "<"
              : "lorem";
      words.push(word, rng() < 0.1 ? "\n" : " ");
      size += word.length + 1;
    }
    const text = words.join("");
    const r = swurl(["extract", file("long.txt", text)]);
    expect(r.status).toBe(0);
    expect(lines(r.stdout)).toEqual(extractUrls(text).map((u) => u.url));
  });
});

describe("hostile input: no line is ever dropped", () => {
  let hostile: Buffer;
  let hostilePath: string;
  let lineCount: number;
  beforeAll(() => {
    const rng = mulberry32(0x5eed_0006);
    const parts: Buffer[] = [Buffer.from("\ufeffhttp://after-a-bom/\n")];
    for (let i = 0; i < 3000; i++) {
      const r = rng();
      if (r < 0.4) parts.push(Buffer.from(randomString(rng) + "\n"));
      else if (r < 0.55)
        parts.push(
          Buffer.from(
            Array.from({ length: 1 + Math.floor(rng() * 60) }, () => Math.floor(rng() * 256)).filter((b) => b !== 0x0a),
          ),
          Buffer.from("\n"),
        );
      else if (r < 0.65)
        parts.push(
          Buffer.from([0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0xc3, 0x28, 0xff, 0xfe, 0x2f, 0xed, 0xa0, 0x80, 0x0a]),
        ); // invalid UTF-8
      else if (r < 0.75) parts.push(Buffer.from("http://crlf.example/a\r\n"));
      else if (r < 0.85) parts.push(Buffer.from("\n"));
      else parts.push(Buffer.from("http://example.com/" + i + "?q=\r\x00\x7f\n"));
    }
    parts.push(Buffer.from("http://long.example/" + "a".repeat(2 << 20) + "\n"));
    parts.push(Buffer.from("x".repeat(2 << 20) + "\n"));
    parts.push(Buffer.from("no final newline"));
    hostile = Buffer.concat(parts);
    lineCount = hostile.toString("latin1").split("\n").length;
    hostilePath = file("hostile.txt", hostile);
  });

  it("parse --format jsonl/tsv/csv", () => {
    const jsonl = lines(swurl(["parse", "--fields", "input,href", hostilePath]).stdout);
    expect(jsonl).toHaveLength(lineCount);
    for (const l of jsonl) expect(() => JSON.parse(l)).not.toThrow();
    expect(JSON.parse(jsonl[0])).toEqual({ input: "http://after-a-bom/", href: "http://after-a-bom/" });
    expect(JSON.parse(jsonl[lineCount - 3]).href).toHaveLength("http://long.example/".length + (2 << 20));
    expect(JSON.parse(jsonl[lineCount - 1])).toEqual({ input: "no final newline", error: "invalid" });

    const tsv = lines(swurl(["parse", "--format", "tsv", "--fields", "input,href", hostilePath]).stdout);
    expect(tsv).toHaveLength(lineCount + 1);
    for (const row of tsv) expect(row.split("\t")).toHaveLength(3);

    const csv = readCsv(swurl(["parse", "--format", "csv", "--fields", "input,href", hostilePath]).stdout);
    expect(csv).toHaveLength(lineCount + 1);
    for (const row of csv) expect(row).toHaveLength(3);
    // The input column holds each line as decoded (CRLF ends a line, a lone CR does not).
    const decoded = new TextDecoder()
      .decode(hostile)
      .replace(/^\ufeff/, "")
      .split("\n")
      .map((l) => l.replace(/\r$/, ""));
    expect(csv.slice(1).map((row) => row[0])).toEqual(decoded);
  });

  it("canon and stats count every line, from a file and from standard input", () => {
    expect(lines(swurl(["canon", hostilePath]).stdout)).toHaveLength(lineCount);
    expect(lines(swurl(["canon"], hostile).stdout)).toHaveLength(lineCount);
    expect(JSON.parse(swurl(["stats", "--json", hostilePath]).stdout).lines).toBe(lineCount);
    expect(JSON.parse(swurl(["stats", "--json"], hostile).stdout).lines).toBe(lineCount);
  });
});

describe("--threads", () => {
  let big: string;
  beforeAll(() => {
    // Over 4 MB ranges: several ranges, lines of every kind at their edges.
    const rng = mulberry32(0x5eed_0007);
    const sample = readFileSync(SAMPLE);
    const parts: Buffer[] = [];
    let size = 0;
    while (size < 14 << 20) {
      const part =
        rng() < 0.8
          ? sample
          : Buffer.from(
              Array.from({ length: 4096 }, () => randomString(rng, 6)).join("\r\n") + "\n\n\ufeffhttp://bom-line/\n",
            );
      parts.push(part);
      size += part.length;
    }
    big = file("big.txt", Buffer.concat(parts));
  });

  it.each([
    ["parse", ["--format", "csv", "--fields", "input,href,host"]],
    ["canon", ["--sort-query"]],
  ])("%s gives the same bytes with 1 and 3 threads", (command, options) => {
    const one = swurl([command, ...options, big]);
    const three = swurl([command, ...options, "--threads", "3", big]);
    expect(three.status).toBe(0);
    expect(three.stderr).toBe("");
    expect(three.bytes.length).toBe(one.bytes.length);
    expect(three.bytes.equals(one.bytes)).toBe(true);
  });

  // Ranges handed out as threads ask, each thread's tally carried over its ranges (Work.carry).
  it.each([2, 3])("stats gives the same numbers with 1 and %d threads", (threads) => {
    const strip = (s: Record<string, unknown>) => ({ ...s, seconds: 0, megabytesPerSecond: 0, threads: 0 });
    const one = JSON.parse(swurl(["stats", "--json", "--top", "50", big]).stdout);
    const more = JSON.parse(swurl(["stats", "--json", "--top", "50", "--threads", String(threads), big]).stdout);
    expect(more.threads).toBe(threads);
    expect(strip(more)).toEqual(strip(one));
  });

  // A range's invalid lines are numbered from its start; the report numbers them in the file.
  it.each([1, 3])("stats --threads %i numbers the invalid lines of every range in the file", (threads) => {
    const bad = [7, 250_001, 500_003, 640_000];
    const text = Array.from({ length: 640_000 }, (_, i) =>
      bad.includes(i + 1) ? `http://[bad-${i + 1}/` : `http://a.example/${i + 1}`,
    );
    const log = file("late-invalid.txt", `${text.join("\n")}\n`);
    const s = JSON.parse(swurl(["stats", "--json", "--threads", String(threads), log]).stdout);
    expect(s.threads).toBe(threads);
    expect(s.invalidSamples).toEqual(bad.map((line) => ({ line, text: `http://[bad-${line}/` })));
  });

  it.each([
    ["JSON Lines", ["stats", "--json", "--input", "jsonl"], '{"url":"http://a/"}\n'],
    ["a w3c log", ["stats", "--json", "--input", "w3c"], "#Fields: cs-uri-stem\n/a\n"],
    ["the line field", ["parse", "--fields", "line,href"], "http://a/\n"],
  ])("says that %s is read by one thread", (_name, args, text) => {
    const r = swurl([...args, "--threads", "2", file("one-thread.txt", text)]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^swurl: note: --threads 2 cuts into ranges .* is read by one thread\n$/);
  });

  it.each(["parquet", "arrow"])("says that --format %s is written and read by one thread", (format) => {
    const out = file(`one-thread.${format}`, "");
    const r = swurl([
      "parse",
      "--format",
      format,
      "--output",
      out,
      "--threads",
      "2",
      file("one-writer.txt", "http://a/\n"),
    ]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^swurl: note: --threads 2: --format \w+ has one writer, .* is read by one thread\n$/);
  });

  it("is ignored for standard input", () => {
    expect(JSON.parse(swurl(["stats", "--json", "--threads", "2"], "http://a/\n").stdout).threads).toBe(1);
  });

  // A log a program reads, whose lines stand alone (no "#Fields:"), is cut into ranges as a combined log is.
  it("an nginx --log-format log gives the same report and rows with 1 and 2 threads", () => {
    const rng = mulberry32(0x5eed_0009);
    const nginx = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent $host $request_time';
    const pick = <T>(list: T[]) => list[Math.floor(rng() * list.length)];
    const rows: string[] = [];
    for (let size = 0; size < 10 << 20; ) {
      const target = rng() < 0.05 ? randomString(rng, 6) : `/${Math.floor(rng() * 3000)}/${pick(["a", "b%20c", "é"])}`;
      const line =
        rng() < 0.02
          ? pick(["", "# a comment", "\ufeff", "not a log line"])
          : `192.0.2.${Math.floor(rng() * 255)} - - [10/Oct/2026:13:55:36 +0000] "GET ${target} HTTP/1.1" ` +
            `${pick([200, 404])} ${Math.floor(rng() * 5000)} ${pick(["a.example", "b.example:8443", "-"])} ` +
            `${rng() < 0.1 ? "-" : (rng() * 3).toFixed(3)}`;
      rows.push(line);
      size += line.length + 2;
    }
    const log = file("nginx.log", rows.join(rng() < 0.5 ? "\n" : "\r\n"));
    const input = ["--log-format", nginx, "--base", "https://base.example/"];
    const strip = (s: Record<string, unknown>) => ({ ...s, seconds: 0, megabytesPerSecond: 0, threads: 0 });
    const stats = (threads: string) =>
      JSON.parse(
        swurl(["stats", ...input, "--json", "--by", "status", "--by", "pathname", "--threads", threads, log]).stdout,
      );
    const two = stats("2");
    expect(two.threads).toBe(2);
    expect(strip(two)).toEqual(strip(stats("1")));
    const parse = (threads: string) =>
      swurl([
        "parse",
        ...input,
        "--format",
        "csv",
        "--fields",
        "input,href,status,duration",
        "--threads",
        threads,
        log,
      ]);
    const [one, more] = [parse("1"), parse("2")];
    expect(more.stderr).toBe("");
    expect(more.bytes.equals(one.bytes)).toBe(true);
    expect(lines(one.stdout).length).toBeGreaterThan(100_000);
  });
});

describe("terminal behaviour", () => {
  it("a reader that stops early is not an error", () => {
    const r = runChild(
      "bash",
      ["-c", `node '${CLI}' parse '${SAMPLE}' | head -n 2; echo "status \${PIPESTATUS[0]}" >&2`],
      { encoding: "utf8" },
    );
    expect(lines(r.stdout)).toHaveLength(2);
    expect(r.stderr).toBe("status 0\n");
  });

  it("progress on stderr only when it is a terminal and the input a file", () => {
    // 20 MB of URLs take longer than the first redraw.
    const p = file("progress.txt", readFileSync(SAMPLE).toString().repeat(90));
    const quiet = swurl(["stats", p]);
    expect(quiet.stderr).toBe("");
    // script(1) gives the command a terminal; stdout goes to a file.
    const out = path.join(scratch.dir, "progress.out");
    const r = runChild("script", ["-qec", `node '${CLI}' parse '${p}' > '${out}'`, "/dev/null"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\d+\.\d% {2}[\d.]+ MB of 19\.8 MB {2}[\d.]+ MB\/s {2}ETA /);
    const piped = runChild("script", ["-qec", `node '${CLI}' parse < '${p}' > '${out}'`, "/dev/null"], {
      encoding: "utf8",
    });
    expect(piped.stdout).not.toContain("ETA");
  });
});
