// parseBatch/parseStream over access-log lines (BatchOptions.accessLog): the
// kernel finds the request target or the referer in the batch's bytes
// (assembly/access-log.ts), on every build, and the result equals whatwg-url
// on the field; blank and comment lines are skipped when asked.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accessLog } from "../../scripts/data/access-log.mjs";
import { builds } from "../helpers/builds";
import { SAMPLE } from "../helpers/cli-run";
import { requestHref } from "../helpers/request-href";
import { whatwgHref as href } from "../helpers/whatwg";

const BASE = "https://site.example/";
const URLS = readFileSync(SAMPLE, "utf8")
  .split("\n")
  .filter((l) => l !== "");
const LOG = accessLog(URLS, 2000, 99);
const TEXT = LOG.map((l) => l.text).join("\n") + "\n";

/** Lines the field finder must get right: escapes, HTTP/0.9, no quotes, a "-" request, odd spacing. */
const EDGES: [string, string | null, string | null][] = [
  ['h - - [t] "GET /a\\"b HTTP/1.1" 200 1 "http://r.example/\\\\x" "ua"', '/a"b', "http://r.example/\\x"],
  ['h - - [t] "GET /caf\\xC3\\xA9 HTTP/1.1" 200 1 "-" "ua"', "/café", null],
  ['h - - [t] "GET /only-target" 200 1', "/only-target", null],
  ['h - - [t] "-" 400 0 "-" "-"', null, null],
  ["no quotes at all", null, null],
  // Words split at runs of spaces (RFC 9112 section 3): the target is "/two-spaces".
  ['h - - [t] "GET  /two-spaces HTTP/1.1" 200 1 "" "ua"', "/two-spaces", null],
  [
    'h - - [t] "GET http://abs.example/x?y HTTP/1.1" 200 1 "https://r.example/" "ua"',
    "http://abs.example/x?y",
    "https://r.example/",
  ],
];

describe.each(builds)("%s", (_name, api) => {
  it.each(["request", "referer"] as const)(
    "parseBatch: the %s field of each line, as whatwg-url parses it",
    (field) => {
      const batch = api.parseBatch(new TextEncoder().encode(TEXT), { base: BASE, accessLog: field });
      expect(batch.length).toBe(LOG.length);
      const expected = LOG.map((l) =>
        field === "request" ? requestHref(l.method, l.target, BASE) : href(l.referer, BASE),
      );
      expect([...batch].map((u) => u?.href ?? null)).toEqual(expected);
      expect(batch.failures).toBe(expected.filter((h) => h === null).length);
    },
  );

  it("the field finder's edge cases: escapes undone, HTTP/0.9, '-', no field", () => {
    const text = EDGES.map((e) => e[0]).join("\n");
    const request = api.parseBatch(text, { base: BASE, accessLog: "request" });
    const referer = api.parseBatch(text, { base: BASE, accessLog: "referer" });
    expect([...request].map((u) => u?.href ?? null)).toEqual(EDGES.map((e) => requestHref("GET", e[1], BASE)));
    expect([...referer].map((u) => u?.href ?? null)).toEqual(EDGES.map((e) => href(e[2], BASE)));
  });

  it("parseStream: blank lines and comments skipped, neither URLs nor failures", async () => {
    const text = "# comment\n\n" + TEXT.split("\n").slice(0, 300).join("\n") + "\n \t\n";
    let lines = 0;
    let skipped = 0;
    let urls = 0;
    const source = (async function* () {
      yield new TextEncoder().encode(text);
    })();
    for await (const batch of api.parseStream(source, {
      base: BASE,
      accessLog: "request",
      skipBlank: true,
      skipComments: true,
    })) {
      lines += batch.length;
      skipped += batch.skipped;
      for (let i = 0; i < batch.length; i++) {
        if (batch.isSkipped(i)) expect(batch.get(i)).toBeNull();
        else if (batch.isValid(i)) urls++;
      }
    }
    expect(skipped).toBe(3);
    expect(lines).toBe(303);
    expect(urls).toBe(LOG.slice(0, 300).filter((l) => requestHref(l.method, l.target, BASE) !== null).length);
  });

  it("an unknown accessLog value is a TypeError", () => {
    expect(() => api.parseBatch("x", { accessLog: "agent" as "request" })).toThrow(TypeError);
  });
});
