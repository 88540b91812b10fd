// The URL record's one contract on the wrapper side (src/whatwg/components.ts):
// RECORD_FIELDS names layout.ts's fields in order, ParsedUrl's constructor reads each
// of them from its index, storeRecord() writes each back there, and the batch's
// Urls carry the same record as parse()'s (but for FLAG_HREF_IS_INPUT).
import { describe, expect, it } from "vitest";
import { ParsedUrl } from "../../build/index.js";
import { FLAG_HREF_IS_INPUT, URL_FIELDS } from "../../assembly/layout";
import { RECORD_FIELDS, storeRecord, type UrlRecord } from "../../src/whatwg/components";
import { builds } from "../helpers/builds";

const UrlOfRecord = ParsedUrl as unknown as new (href: string, words: Int32Array, at: number) => ParsedUrl & UrlRecord;

describe("the URL record", () => {
  it("has a name for each layout.ts field", () => {
    expect(RECORD_FIELDS.length).toBe(URL_FIELDS);
    expect(new Set(RECORD_FIELDS).size).toBe(URL_FIELDS);
  });

  it("is read by ParsedUrl's constructor and written by storeRecord() at the same indices", () => {
    // A distinct value per field, at an offset into the words: a field read from
    // or written to another index shows.
    const words = Int32Array.from({ length: URL_FIELDS + 3 }, (_, i) => 100 + i);
    // URL_HREF_END is the href's length.
    const url = new UrlOfRecord("x".repeat(103), words, 3);
    for (const [f, field] of RECORD_FIELDS.entries()) expect(url[field], field).toBe(103 + f);
    const written = new Int32Array(URL_FIELDS + 1);
    storeRecord(url, written, 1);
    expect([...written]).toEqual([0, ...words.subarray(3)]);
  });

  describe.each(builds)("%s", (_name, api) => {
    it("of a batch line is that of parse()", () => {
      const lines = [
        "https://u:p@example.com:8080/a/b?q#f",
        "file:///c:/x",
        "a:b",
        "http://[::1]/",
        "blob:https://h/x",
        "http://ü.example/",
      ];
      const batch = api.parseBatch(lines.join("\n"));
      lines.forEach((line, i) => {
        // FLAG_HREF_IS_INPUT says whether the href is the very input: of the line, or of the row's copy.
        const fields = (url: unknown) =>
          RECORD_FIELDS.map((f) => (url as UrlRecord)[f] & (f === "_flags" ? ~FLAG_HREF_IS_INPUT : -1));
        expect(fields(batch.get(i)), line).toEqual(fields(api.parse(line)));
      });
    });
  });
});
