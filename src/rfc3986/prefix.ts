// RFC 1738's "URL:" prefix. The 1994 draft: "To be a Uniform Resource Locator
// as currently defined by the URI working group, the whole string must start
// with a constant prefix "URL:"" (prefixedurl = u r l : url); RFC 1738's
// appendix writes every URL in context as <URL:...>, and "This wrapper does
// not form part of the URL". RFC 3986 keeps it in Appendix C ("Delimiting a
// URI in Context") as a style once recommended, so it lives beside RFC 3986's
// split(): split(), schemeParts(), validate(), resolve(), equivalent() and
// canonicalize() take it off.

/** "URL:" (any case) and then a scheme and its ":": the prefix, not a scheme named "URL". */
const PREFIXED = /^url:[a-z][a-z0-9+.-]*:/i;

/** The length of the "URL:" prefix that starts `input`: 4, or 0 when there is none. */
export function prefixLength(input: string): number {
  // The fourth code unit is tested first: most inputs are out after one compare.
  return input.charCodeAt(3) === 0x3a && PREFIXED.test(input) ? 4 : 0;
}

/** `input` without its "URL:" prefix. */
export function withoutPrefix(input: string): string {
  const n = prefixLength(input);
  return n === 0 ? input : input.slice(n);
}
