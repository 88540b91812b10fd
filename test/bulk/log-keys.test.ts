// BatchOptions.logKeys: the keys of a log line's fields that the kernel
// places beside the rows as it reads the line (assembly/log-keys.ts), on
// every build, equal the fields as accessLogFields() reads them from the
// line's text; a key the kernel leaves to the text (-2) is one with an
// escape or a number past 15 digits; a line that does not match has none.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accessLog } from "../../scripts/data/access-log.mjs";
import { accessLogFields } from "../../packages/cli/src/input/log-fields";
import { builds } from "../helpers/builds";
import { LOG_FIELDS } from "../../build/index.js";
import { SAMPLE } from "../helpers/cli-run";

const BASE = "https://site.example/";
const FIELDS = LOG_FIELDS;
type Field = (typeof FIELDS)[number];

const URLS = readFileSync(SAMPLE, "utf8")
  .split("\n")
  .filter((l) => l !== "");

/** Lines whose keys are edge cases: escapes, "-", leading zeros, long numbers, no referer, no request, no match. */
const EDGES = [
  'h - - [t] "GET /a\\"b HTTP/1.1" 200 1 "http://r.example/\\\\x" "ua"',
  'h id us [10/Oct/2026:13:55:36 +0000] "GET /only-target" 0200 007 "-" "-"',
  'h - - [t] "-" 400 - "-" "-"',
  'h - - [t] "GET  /two  spaces  HTTP/1.1" 200 1234567890123456 "" "ua \\x22q\\x22"',
  'h - - [t] "POST /common HTTP/1.0" 201 0',
  'h - - [t] "" 000 0 "r" "a" extra fields',
  "no quotes at all",
  'h - - [t] "GET / HTTP/1.1" 2x0 1 "-" "-"',
];

const TEXT = [...accessLog(URLS, 500, 7).map((l) => l.text), ...EDGES].join("\n");
const LINES = TEXT.split("\n");

/** The key the kernel gives for `value` (accessLogFields()'s) of field `f`: a number's digits without leading zeros. */
function expectedKey(f: Field, value: string | null): string | null {
  if (value === null) return null;
  return f === "status" || f === "bytes" ? value.replace(/^0+(?=\d)/, "") : value;
}

describe.each(builds)("%s", (_name, api) => {
  it.each(["combined", "common"] as const)("logKeys of every field (%s): the fields' values", (format) => {
    const bytes = new TextEncoder().encode(TEXT);
    const batch = api.parseBatch(bytes, { base: BASE, accessLog: "request", logFormat: format, logKeys: FIELDS });
    const keys = batch.logKeys()!;
    expect(keys.fields).toEqual(FIELDS);
    expect(batch.length).toBe(LINES.length);
    const decoder = new TextDecoder();
    let wrapper = 0;
    LINES.forEach((line, i) => {
      const reference = accessLogFields(line, format === "combined");
      FIELDS.forEach((f, k) => {
        const j = 2 * (i * FIELDS.length + k);
        const start = keys.keys[j];
        const want = expectedKey(f, reference[f]);
        if (start === -2) {
          // Left to the text: an escape to undo, or a number of more than 15 digits.
          wrapper++;
          expect(/\\|\d{16}/.test(line), `${f} of ${line}`).toBe(true);
          return;
        }
        const got = start === -1 ? null : decoder.decode(keys.bytes.subarray(start, keys.keys[j + 1]));
        expect(got, `${f} of ${line}`).toBe(want);
      });
    });
    expect(wrapper).toBeGreaterThan(0);
  });

  it("logKeys of fields asked in any order come in line order; none asked, none placed; a wrong name throws", () => {
    const batch = api.parseBatch(TEXT, { base: BASE, accessLog: "referer", logKeys: ["status", "method"] });
    const keys = batch.logKeys()!;
    expect(keys.fields).toEqual(["method", "status"]);
    // 'h - - [t] "" 000 0 "r" "a" extra fields': no method; status 0.
    const j = 4 * (LINES.length - 3);
    expect(keys.keys[j]).toBe(-1);
    expect(new TextDecoder().decode(keys.bytes.subarray(keys.keys[j + 2], keys.keys[j + 3]))).toBe("0");
    expect(api.parseBatch(TEXT, { base: BASE, accessLog: "request" }).logKeys()).toBeNull();
    expect(() => api.parseBatch(TEXT, { accessLog: "request", logKeys: ["path" as Field] })).toThrow(TypeError);
  });
});
