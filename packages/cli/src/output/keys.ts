// The crawler keys on the command line: `canon --profile NAME`, `canon
// --surt`, and the `canonical` and `surt` fields of `parse --fields`.

import { canonicalize, surt, type CanonicalizeOptions, type ProfileOptions, type ParsedUrl } from "swurl";
import { UsageError } from "../errors.js";
import type { InputSpec, Records } from "../input/records.js";

/**
 * The text a key is made from for record `i`: the line as written for a list
 * of URLs without --base (the anchors take text the WHATWG parser refuses,
 * "www.example.com" or "a b"), else the URL as parsed (its href), null where
 * it does not parse.
 */
function keyInput(records: Records, i: number, url: ParsedUrl | null, spec: InputSpec): string | ParsedUrl | null {
  return spec.format === "lines" && spec.base === undefined ? records.text(i) : url;
}

/** `--profile NAME`: canonicalize()'s options for that profile (its defaults), or swurl's own form for none. */
export function profileOptions(command: string, name: string | undefined): CanonicalizeOptions | ProfileOptions {
  if (name === undefined) return {};
  const options = { profile: name } as ProfileOptions;
  try {
    canonicalize("http://example.com/", options);
  } catch (e) {
    // An unknown name: canonicalize() says which ones there are.
    throw new UsageError(`${command}: --profile: ${(e as Error).message.replace(/^canonicalize: /, "")}`);
  }
  return options;
}

/** The canonical form of record `i` with `options`, null where there is none. */
export function canonicalKey(
  records: Records,
  i: number,
  url: ParsedUrl | null,
  spec: InputSpec,
  options: CanonicalizeOptions | ProfileOptions,
): string | null {
  if (options.profile === undefined) return url === null ? null : canonicalize(url, options);
  const input = keyInput(records, i, url, spec);
  return input === null ? null : canonicalize(input, options);
}

/** The SURT key of record `i`, null where there is none. */
export function surtKey(records: Records, i: number, url: ParsedUrl | null, spec: InputSpec): string | null {
  const input = keyInput(records, i, url, spec);
  return input === null ? null : surt(input);
}
