// The sort key of `canon --dedupe --sort surt`: each line's SURT key, as
// surt() of the public API writes it with its default options (the host's
// labels in reverse order without a leading "www.", its port, ")", the path
// and the query with its parameters sorted; docs/canonical.md), so that a
// host's URLs come together, a domain's hosts next to each other, and
// http: and https: of a host (and "www." and the host without it) sort
// together, by the order of the Wayback Machine's CDX and Common Crawl's index.
// A line that is a SURT key already (canon --surt, --profile surt) is its own
// key, and so is a line surt() gives no key for.

/** The key of a line, by `surt` (the public surt() of an API with memory of its own). */
export function surtOrderKey(surt: (input: string) => string | null, linesAreKeys: boolean): (line: string) => string {
  if (linesAreKeys) return (line) => line;
  return (line) => surt(line) ?? line;
}
