// Comparing a value with a pattern's fixed text.

/**
 * Whether `value` has `text` at `at`, compared a code unit at a time: the
 * values are slices of the input, whose startsWith() and endsWith() V8 runs
 * as calls that cost more than this loop over a pattern's few fixed units.
 */
export function isAt(value: string, at: number, text: string): boolean {
  const n = text.length;
  if (at + n > value.length) return false;
  for (let i = 0; i < n; i++) if (value.charCodeAt(at + i) !== text.charCodeAt(i)) return false;
  return true;
}
