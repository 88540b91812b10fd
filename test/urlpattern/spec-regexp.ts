// The oracle of the matcher tests: the RegExp the URL Pattern Standard
// generates for a part list (src/urlpattern/regexp.ts), with its flags.
import type { CompileOptions } from "../../src/urlpattern/compile";
import type { Part } from "../../src/urlpattern/parts";
import { generateRegExp } from "../../src/urlpattern/regexp";

/**
 * Node 20's V8 fails "(?:[^]+)*" under the "v" flag on every input (Node 24
 * and the standard: "[^]" is any character). There the oracle writes the
 * segment wildcard without a delimiter as "[\s\S]", the same set.
 */
const ANY_REPEATED = "^(?:[^]+)*$";
const EMPTY_COMPLEMENT_BROKEN = !new RegExp(ANY_REPEATED, "v").test("a");

export function specRegExp(parts: readonly Part[], options: CompileOptions): RegExp {
  let { source } = generateRegExp(parts, { ...options, prefixCodePoint: "" });
  if (EMPTY_COMPLEMENT_BROKEN) source = source.replaceAll("[^]", "[\\s\\S]");
  return new RegExp(source, options.ignoreCase ? "vi" : "v");
}
