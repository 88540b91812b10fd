// A compiled component of a URL pattern (https://urlpattern.spec.whatwg.org/#component):
// its part list, normalized pattern string, regular expression and group names.
import { SPECIAL_SCHEMES } from "./canonicalize.js";
import { type EncodingCallback, parsePatternString } from "./parser.js";
import type { Part, PartOptions } from "./parts.js";
import { generatePatternString, generateRegExp } from "./regexp.js";

export interface Component {
  /** The normalized pattern string the getters return. */
  readonly patternString: string;
  readonly parts: readonly Part[];
  readonly regexp: RegExp;
  /** The groups' names in pattern order: the regexp's capture groups 1, 2, ... */
  readonly names: readonly string[];
  /** Whether a part is a custom regular expression group. */
  readonly hasRegExpGroups: boolean;
  /** The options it was compiled with (the compiled matcher reads the delimiter and the case rule). */
  readonly options: PartOptions;
}

/** "Compile a component". */
export function compileComponent(input: string, encode: EncodingCallback, options: PartOptions): Component {
  const parts = parsePatternString(input, options, encode);
  const { source, names } = generateRegExp(parts, options);
  let regexp: RegExp;
  try {
    regexp = new RegExp(source, options.ignoreCase ? "vi" : "v");
  } catch (error) {
    throw new TypeError(`Invalid regular expression in URL pattern ${JSON.stringify(input)}: ${source}`, {
      cause: error,
    });
  }
  return {
    patternString: generatePatternString(parts, options),
    parts,
    regexp,
    names,
    hasRegExpGroups: parts.some((part) => part.type === "regexp"),
    options,
  };
}

/** "Protocol component matches a special scheme": whether it matches any of them. */
export function matchesSpecialScheme(protocol: Component): boolean {
  return SPECIAL_SCHEMES.some((scheme) => protocol.regexp.test(scheme));
}
