// What the WHATWG reference implementation (whatwg-url) gives for a URL,
// null where it throws: the expected side of the tests of swurl's inputs.
import { URL as WhatwgURL } from "whatwg-url";

/** whatwg-url's URL of `input` against `base`, or null (no input, or a failure). */
export function whatwgUrl(input: string | null, base?: string): URL | null {
  if (input === null) return null;
  try {
    return new WhatwgURL(input, base);
  } catch {
    return null;
  }
}

/** whatwg-url's href of `input` against `base`, or null. */
export function whatwgHref(input: string | null, base?: string): string | null {
  return whatwgUrl(input, base)?.href ?? null;
}
