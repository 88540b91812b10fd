// A compiled component of a URL pattern (https://urlpattern.spec.whatwg.org/#component):
// its part list, normalized pattern string, regular expression and group names.
import type { Arena } from "../kernel/arena.js";
import { SPECIAL_SCHEMES } from "../whatwg/special.js";
import { ComponentMatcher } from "./component-matcher.js";
import { type EncodingCallback, parsePatternString } from "./parser.js";
import { groupNames, type Part, type PartOptions } from "./parts.js";
import { generatePatternString, generateRegExp } from "./regexp.js";

/**
 * One component. The part list is made by the constructor; the regular
 * expression and the pattern string when first read (the standard allows
 * matching without a RegExp, and wants only custom regexp groups checked at
 * once: a component without one always makes a valid expression).
 */
export class Component {
  readonly parts: readonly Part[];
  readonly options: PartOptions;
  /** Whether a part is a custom regular expression group. */
  readonly hasRegExpGroups: boolean;
  private _regexp: RegExp | null = null;
  private _names: readonly string[] | null = null;
  private _patternString: string | null = null;
  private _matcher: ComponentMatcher | null = null;
  private _special: boolean | null = null;

  constructor(input: string, parts: readonly Part[], options: PartOptions) {
    this.parts = parts;
    this.options = options;
    this.hasRegExpGroups = parts.some((part) => part.type === "regexp");
    if (this.hasRegExpGroups) this.compile(input);
  }

  /** "Generate a regular expression and name list", then RegExpCreate with "v" (or "vi"): a TypeError where it throws. */
  private compile(input: string): RegExp {
    const { source, names } = generateRegExp(this.parts, this.options);
    try {
      this._regexp = new RegExp(source, this.options.ignoreCase ? "vi" : "v");
    } catch (error) {
      throw new TypeError(`Invalid regular expression in URL pattern ${JSON.stringify(input)}: ${source}`, {
        cause: error,
      });
    }
    this._names = names;
    return this._regexp;
  }

  /** The component's regular expression. */
  get regexp(): RegExp {
    return this._regexp ?? this.compile("");
  }

  /**
   * The groups' names in pattern order: the regexp's capture groups 1, 2, ...
   * (every part but fixed text is one), read off the part list so that an
   * exec() by the compiled matcher makes no RegExp.
   */
  get names(): readonly string[] {
    this._names ??= groupNames(this.parts);
    return this._names;
  }

  /**
   * Its matcher (component-matcher.ts), made at the first match. Components
   * are shared among a class's patterns (the "*" of every component a
   * pattern leaves out, a site's origin), and so are their matchers: a list
   * of 1,000 routes keeps about one matcher a route, not eight.
   */
  matcher(arena: Arena): ComponentMatcher {
    this._matcher ??= new ComponentMatcher(arena, this.parts, this.options, this);
    return this._matcher;
  }

  /** As a protocol: whether it matches a special scheme (matchesSpecialScheme()), found once for a shared component. */
  get special(): boolean {
    this._special ??= matchesSpecial(this);
    return this._special;
  }

  /** The normalized pattern string the getters return. */
  get patternString(): string {
    this._patternString ??= generatePatternString(this.parts, this.options);
    return this._patternString;
  }
}

/** "Compile a component". */
export function compileComponent(input: string, encode: EncodingCallback, options: PartOptions): Component {
  return new Component(input, parsePatternString(input, options, encode), options);
}

/** "Protocol component matches a special scheme": whether it matches any of them. */
export function matchesSpecialScheme(protocol: Component): boolean {
  return protocol.special;
}

function matchesSpecial(protocol: Component): boolean {
  // Fixed text alone matches itself only (the protocol ignores no case).
  if (protocol.parts.every((part) => part.type === "fixed-text" && part.modifier === "none"))
    return SPECIAL_SCHEMES.includes(protocol.parts.map((part) => part.value).join(""));
  return SPECIAL_SCHEMES.some((scheme) => protocol.regexp.test(scheme));
}
