// The oracle of the matcher tests: the RegExp the URL Pattern Standard
// generates for a part list (src/urlpattern/regexp.ts), with its flags.
import type { CompileOptions } from "../../src/urlpattern/compile";
import type { Part } from "../../src/urlpattern/parts";
import { generateRegExp } from "../../src/urlpattern/regexp";

export function specRegExp(parts: readonly Part[], options: CompileOptions): RegExp {
  const { source } = generateRegExp(parts, { ...options, prefixCodePoint: "" });
  return new RegExp(source, options.ignoreCase ? "vi" : "v");
}
