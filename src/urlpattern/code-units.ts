// Code units: comparing a value with a pattern's fixed text, and strings as USVStrings.

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

/** `s` as a USVString: lone surrogates replaced by U+FFFD (a well-formed string, most, kept as it is, not copied). */
export function wellFormed(s: string): string {
  return s.isWellFormed() ? s : s.toWellFormed();
}
