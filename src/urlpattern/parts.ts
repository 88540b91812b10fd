// The part list of the URL Pattern Standard ("Parts"), what the pattern parser
// makes of one component's pattern string and what a matcher is built from.
//
//   pattern "/books/:id(\\d+)?"  (pathname options: delimiter "/", prefix "/")
//   part 0  { type: "fixed-text", value: "/books", modifier: "none" }
//   part 1  { type: "regexp", value: "\\d+", modifier: "optional", name: "id", prefix: "/" }

/** A part's type: the spec's four, spelled as the spec spells them. */
type PartType =
  /** "The part represents a simple fixed text string." */
  | "fixed-text"
  /** "The part represents a matching group with a custom regular expression." */
  | "regexp"
  /** "The part represents a matching group that matches code points up to the next separator code point." */
  | "segment-wildcard"
  /** "The part represents a matching group that greedily matches all code points." */
  | "full-wildcard";

/** A part's modifier: what follows it in the pattern ("?", "*", "+" or nothing). */
export type PartModifier = "none" | "optional" | "zero-or-more" | "one-or-more";

/**
 * One part (https://urlpattern.spec.whatwg.org/#part). For "fixed-text" the
 * value is the text (already encoded by the component's callback) and name,
 * prefix and suffix are empty; for "regexp" the value is the group's regular
 * expression source; for the two wildcards it is empty. A group's name is its
 * own (":id") or the next number ("0", "1", ...) for an unnamed one.
 */
export interface Part {
  readonly type: PartType;
  readonly value: string;
  readonly modifier: PartModifier;
  readonly name: string;
  readonly prefix: string;
  readonly suffix: string;
}

/**
 * The options of one component (https://urlpattern.spec.whatwg.org/#options):
 * the delimiter that a segment wildcard stops at, the prefix that an "{...}"-less
 * group takes over from the fixed text before it, each "" or one code point,
 * and whether matching ignores case.
 */
export interface PartOptions {
  readonly delimiterCodePoint: string;
  readonly prefixCodePoint: string;
  readonly ignoreCase: boolean;
}

/** "The default options": every component but the hostname and the pathname. */
export const DEFAULT_OPTIONS: PartOptions = { delimiterCodePoint: "", prefixCodePoint: "", ignoreCase: false };
/** "The hostname options": segments are labels. */
export const HOSTNAME_OPTIONS: PartOptions = { delimiterCodePoint: ".", prefixCodePoint: "", ignoreCase: false };
/** "The pathname options": segments are path segments, "/" is a group's prefix. */
export const PATHNAME_OPTIONS: PartOptions = { delimiterCodePoint: "/", prefixCodePoint: "/", ignoreCase: false };

/** "The full wildcard regexp value". */
export const FULL_WILDCARD_REGEXP = ".*";

/** "Convert a modifier to a string". */
export function modifierString(modifier: PartModifier): string {
  switch (modifier) {
    case "zero-or-more":
      return "*";
    case "optional":
      return "?";
    case "one-or-more":
      return "+";
    default:
      return "";
  }
}

/** The names of a part list's groups, in pattern order: every part but fixed text is one (the regexp's capture groups 1, 2, ...). */
export function groupNames(parts: readonly Part[]): string[] {
  return parts.filter((p) => p.type !== "fixed-text").map((p) => p.name);
}
