// The URL Standard's special schemes (#special-scheme): "A special scheme is
// an ASCII string that is listed in the first column of the following table.
// The default port for a special scheme is listed in the second column on the
// same row. The default port for any other ASCII string is null."
//
// The kernel classifies schemes on bytes (assembly/scheme.ts); this is the
// table for the wrapper's own readers of scheme strings.

/** Each special scheme and its default port ("" for file, whose port is null). */
const DEFAULT_PORTS: ReadonlyMap<string, string> = /* @__PURE__ */ new Map([
  ["ftp", "21"],
  ["file", ""],
  ["http", "80"],
  ["https", "443"],
  ["ws", "80"],
  ["wss", "443"],
]);

/** The special schemes, in the table's order. */
export const SPECIAL_SCHEMES: readonly string[] = /* @__PURE__ */ Array.from(DEFAULT_PORTS.keys());

/** Whether `scheme` (no ":") is a special scheme. */
export function isSpecialScheme(scheme: string): boolean {
  return DEFAULT_PORTS.has(scheme);
}

/** The default port of `scheme` as a string; null for file and for a scheme that is not special. */
export function defaultPortOf(scheme: string): string | null {
  const port = DEFAULT_PORTS.get(scheme);
  return port === undefined || port === "" ? null : port;
}
