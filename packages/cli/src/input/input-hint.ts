// What an input looks like, for a hint when it is read without --input as a
// list of URLs: an access log, JSON Lines, CSV or TSV read as URLs is every
// line invalid, and the user should hear why. One line on stderr, naming the
// option; the input is still read as asked.

import { accessLogFields } from "./log-fields.js";

/** Lines looked at: the first ones that are not blank. */
const LINES = 5;

/** A header cell: a column name, not a URL (no ":" or "/"). */
const HEADER_CELL = /^"?[\w .-]+"?$/;

/** Whether `line` is a header of column names split at `separator` (two at least). */
function isHeader(line: string, separator: string): boolean {
  const cells = line.split(separator);
  return cells.length >= 2 && cells.every((c) => HEADER_CELL.test(c.trim()));
}

function isJsonObject(line: string): boolean {
  if (!line.startsWith("{")) return false;
  try {
    const v: unknown = JSON.parse(line);
    return typeof v === "object" && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** The --input format the first lines of `text` look like, or null (then they may well be URLs). */
function lookalike(text: string): "combined" | "common" | "jsonl" | "csv" | "tsv" | null {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split("\n")
    .map((l) => l.replace(/\r$/, ""))
    .filter((l) => l.trim() !== "")
    .slice(0, LINES);
  // The last line of a head may be cut.
  const whole = lines.length > 1 ? lines.slice(0, -1) : lines;
  if (whole.length === 0) return null;
  const all = (test: (l: string) => boolean) => whole.every(test);
  if (all((l) => accessLogFields(l, true).client !== null)) return "combined";
  if (all((l) => accessLogFields(l, false).client !== null)) return "common";
  if (all(isJsonObject)) return "jsonl";
  if (isHeader(whole[0], "\t")) return "tsv";
  if (isHeader(whole[0], ",")) return "csv";
  return null;
}

const NAMES = {
  combined: "an access log (Combined Log Format)",
  common: "an access log (Common Log Format)",
  jsonl: "JSON Lines",
  csv: "CSV with a header",
  tsv: "TSV with a header",
};

/** The hint for an input named `name` whose first bytes are `head`, read as a list of URLs; null when none is due. */
export function inputHint(name: string, head: Uint8Array): string | null {
  const format = lookalike(new TextDecoder().decode(head));
  if (format === null) return null;
  return `swurl: hint: ${name} looks like ${NAMES[format]}, read here as one URL a line; --input ${format} reads it as such\n`;
}
