// The oracle of the matcher tests: the regular expression the URL Pattern
// Standard generates for a part list ("generate a regular expression and name
// list"), written here step by step from the standard, apart from the code
// under test.
import type { CompileOptions, PatternPart } from "../../src/urlpattern/compile";

/** #escape-a-regexp-string */
function escapeRegExp(s: string): string {
  return s.replace(/[.+*?^${}()[\]|/\\]/g, "\\$&");
}

/**
 * Node 20's V8 fails "(?:[^]+)*" under the "v" flag on any input (Node 24 and
 * the standard: any character). There the oracle writes the segment wildcard
 * without a delimiter as "[\s\S]", the same set.
 */
const EMPTY_COMPLEMENT_BROKEN = !new RegExp("^(?:[^]+)*$", "v").test("a");

const MODIFIER = { none: "", optional: "?", "zero-or-more": "*", "one-or-more": "+" } as const;

export function specRegExp(parts: readonly PatternPart[], options: CompileOptions): RegExp {
  let result = "^";
  for (const part of parts) {
    const modifier = MODIFIER[part.modifier];
    if (part.type === "fixed-text") {
      result += part.modifier === "none" ? escapeRegExp(part.value) : `(?:${escapeRegExp(part.value)})${modifier}`;
      continue;
    }
    let value = part.value;
    if (part.type === "segment-wildcard") {
      value =
        options.delimiter === "" && EMPTY_COMPLEMENT_BROKEN ? "[\\s\\S]+?" : `[^${escapeRegExp(options.delimiter)}]+?`;
    } else if (part.type === "full-wildcard") value = ".*";
    const once = part.modifier === "none" || part.modifier === "optional";
    if (part.prefix === "" && part.suffix === "") {
      result += once ? `(${value})${modifier}` : `((?:${value})${modifier})`;
      continue;
    }
    const prefix = escapeRegExp(part.prefix);
    const suffix = escapeRegExp(part.suffix);
    if (once) {
      result += `(?:${prefix}(${value})${suffix})${modifier}`;
      continue;
    }
    result += `(?:${prefix}((?:${value})(?:${suffix}${prefix}(?:${value}))*)${suffix})`;
    if (part.modifier === "zero-or-more") result += "?";
  }
  return new RegExp(`${result}$`, options.ignoreCase ? "vi" : "v");
}
