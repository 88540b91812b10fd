// The test cases of the JavaScript crawler-key anchors (test/fixtures/canon/),
// with their options revived (a RegExp is stored as {regexp, flags}).
import { readFileSync } from "node:fs";

export interface AnchorCase {
  id: string;
  input: string | null;
  options: Record<string, unknown>;
  expected: unknown;
  input_not_a_string?: { value: unknown };
  /** Which part of the anchor's tests (Safe Browsing: "doc", "go" or "gglsbl"). */
  group?: string;
  /** How the anchor's test passed the input ("bytes, not UTF-8: ..." for bytes, one character per byte here). */
  input_type?: string;
  oracle: { impl: string; output: unknown; error?: string; agrees: boolean }[] | { impl: string; output: unknown };
}

function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value !== null && typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (typeof v.regexp === "string") return new RegExp(v.regexp, v.flags as string);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
  }
  return value;
}

export function anchorCases(file: "normalize-url" | "apify" | "w3lib" | "safebrowsing"): AnchorCase[] {
  const url = new URL(`../fixtures/canon/${file}.json`, import.meta.url);
  const { cases } = JSON.parse(readFileSync(url, "utf8")) as { cases: AnchorCase[] };
  return cases.map((c) => ({
    ...c,
    options: revive(c.options) as Record<string, unknown>,
    expected: revive(c.expected),
  }));
}
