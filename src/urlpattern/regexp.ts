// From a part list back to text (https://urlpattern.spec.whatwg.org/#converting-part-lists-to-regular-expressions):
// the regular expression a component matches with, with its group names in
// order, and the normalized pattern string the component getters return.
import { escapePatternString, escapeRegExpString } from "./escape.js";
import { segmentWildcardRegExp } from "./parser.js";
import { FULL_WILDCARD_REGEXP, modifierString, type Part, type PartOptions } from "./parts.js";
import { isValidNameCodePoint } from "./tokenizer.js";

/** A component's regular expression source and its groups' names, in pattern order. */
interface RegExpAndNames {
  readonly source: string;
  readonly names: string[];
}

/**
 * The segment wildcard's regexp source: "[^]+?" for an empty delimiter is
 * written "[\s\S]+?", the same set of code points, since Node 20's V8
 * matches nothing with "^([^]+?)$" under the v flag.
 */
function segmentWildcardSource(options: PartOptions): string {
  return options.delimiterCodePoint === "" ? "[\\s\\S]+?" : segmentWildcardRegExp(options);
}

/** "Generate a regular expression and name list". */
export function generateRegExp(parts: readonly Part[], options: PartOptions): RegExpAndNames {
  let result = "^";
  const names: string[] = [];
  for (const part of parts) {
    const modifier = modifierString(part.modifier);
    if (part.type === "fixed-text") {
      const text = escapeRegExpString(part.value);
      result += part.modifier === "none" ? text : `(?:${text})${modifier}`;
      continue;
    }
    names.push(part.name);
    const value =
      part.type === "segment-wildcard"
        ? segmentWildcardSource(options)
        : part.type === "full-wildcard"
          ? FULL_WILDCARD_REGEXP
          : part.value;
    const single = part.modifier === "none" || part.modifier === "optional";
    if (part.prefix === "" && part.suffix === "") {
      // "(<value>)<modifier>", or "((?:<value>)<modifier>)" when it repeats.
      result += single ? `(${value})${modifier}` : `((?:${value})${modifier})`;
      continue;
    }
    const prefix = escapeRegExpString(part.prefix);
    const suffix = escapeRegExpString(part.suffix);
    if (single) {
      result += `(?:${prefix}(${value})${suffix})${modifier}`;
      continue;
    }
    // Repeats keep the first prefix and the last suffix outside the group:
    // "(?:<prefix>((?:<value>)(?:<suffix><prefix>(?:<value>))*)<suffix>)?".
    result += `(?:${prefix}((?:${value})(?:${suffix}${prefix}(?:${value}))*)${suffix})`;
    if (part.modifier === "zero-or-more") result += "?";
  }
  return { source: `${result}$`, names };
}

function isAsciiDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

function firstCodePoint(s: string): string {
  return s === "" ? "" : String.fromCodePoint(s.codePointAt(0) as number);
}

/** Whether a group at parts[index] must be written inside "{...}" to read back the same. */
function needsGrouping(parts: readonly Part[], index: number, options: PartOptions): boolean {
  const part = parts[index] as Part;
  if (part.suffix !== "" || (part.prefix !== "" && part.prefix !== options.prefixCodePoint)) return true;
  const next = parts[index + 1];
  // ":name" followed by text that would continue the name, or by an unnamed group.
  if (
    !isAsciiDigit(part.name[0]) &&
    part.type === "segment-wildcard" &&
    part.modifier === "none" &&
    next !== undefined &&
    next.prefix === "" &&
    next.suffix === ""
  ) {
    if (next.type === "fixed-text" ? isNameContinue(next.value) : isAsciiDigit(next.name[0])) return true;
  }
  // A group after text ending in the prefix code point would take it as its prefix.
  const previous = parts[index - 1];
  return (
    part.prefix === "" &&
    previous !== undefined &&
    previous.type === "fixed-text" &&
    options.prefixCodePoint !== "" &&
    previous.value.endsWith(options.prefixCodePoint)
  );
}

function isNameContinue(text: string): boolean {
  const c = firstCodePoint(text);
  return c !== "" && isValidNameCodePoint(c, false);
}

/** "Generate a pattern string". */
export function generatePatternString(parts: readonly Part[], options: PartOptions): string {
  let result = "";
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as Part;
    const modifier = modifierString(part.modifier);
    if (part.type === "fixed-text") {
      const text = escapePatternString(part.value);
      result += part.modifier === "none" ? text : `{${text}}${modifier}`;
      continue;
    }
    const customName = !isAsciiDigit(part.name[0]);
    const grouping = needsGrouping(parts, index, options);
    if (grouping) result += "{";
    result += escapePatternString(part.prefix);
    if (customName) result += `:${part.name}`;
    if (part.type === "regexp") {
      result += `(${part.value})`;
    } else if (part.type === "segment-wildcard") {
      if (!customName) result += `(${segmentWildcardRegExp(options)})`;
    } else {
      const previous = parts[index - 1];
      if (
        !customName &&
        (previous === undefined ||
          previous.type === "fixed-text" ||
          previous.modifier !== "none" ||
          grouping ||
          part.prefix !== "")
      )
        result += "*";
      else result += `(${FULL_WILDCARD_REGEXP})`;
    }
    // A suffix that would read as more of the name is escaped.
    if (part.type === "segment-wildcard" && customName && isNameContinue(part.suffix)) result += "\\";
    result += escapePatternString(part.suffix);
    if (grouping) result += "}";
    result += modifier;
  }
  return result;
}
