// Failure messages of the conformance suites: values shown so that invisible
// differences show, and long lists cut short.

/** A value as a JSON literal, with everything outside printable ASCII escaped as \uXXXX. */
export function show(value: unknown): string {
  return (
    JSON.stringify(value)?.replace(/[^ -~]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) ??
    String(value)
  );
}

/** A heading, then the first `limit` lines and how many more there are. */
export function summarize(heading: string, lines: string[], limit = 25): string {
  const more = lines.length > limit ? `\n... and ${lines.length - limit} more` : "";
  return `${heading}:\n${lines.slice(0, limit).join("\n")}${more}`;
}
