// Issue #36 item 3: a record that spans lines is scanned once. A CSV field in
// quotes over n lines took time in n^2 (each line appended to the open record
// and the record scanned again for its quotes): 10,000 lines 3.3 s, 40,000
// 56 s. The cost of a line is measured between two sizes, in CPU time.
import { describe, expect, it } from "vitest";
import { lines } from "../helpers/cli-run";
import { measure } from "../helpers/measure";

/** A CSV of a header and one record whose quoted second field holds `n` lines (with a doubled quote on each). */
function quotedField(n: number): string {
  const body = Array.from({ length: n }, (_, i) => `line ${i} of a long note, with ""quotes"" and commas,`).join("\n");
  return `url,note\nhttps://a.example/x,"${body}"\nhttps://b.example/y,short\n`;
}

describe("linear readers", () => {
  it("a quoted CSV field over 40,000 lines: CPU time per line flat", () => {
    const small = 5_000;
    const large = 40_000;
    const runs = [small, large].map((n) => {
      const r = measure(["parse", "--input", "csv", "--fields", "href,note"], quotedField(n), 60_000);
      expect(r.status).toBe(0);
      const rows = lines(r.stdout).map((l) => JSON.parse(l) as { href: string; note: string });
      expect(rows.map((row) => row.href)).toEqual(["https://a.example/x", "https://b.example/y"]);
      expect(rows[0].note.split("\n")).toHaveLength(n);
      expect(rows[0].note).toContain('with "quotes" and commas');
      return r.cpu;
    });
    // Linear: a few microseconds a line. The n^2 reader took over 300 per line at 10,000 lines.
    const perLine = (runs[1] - runs[0]) / (large - small);
    expect(perLine).toBeLessThan(40e-6);
  });
});
