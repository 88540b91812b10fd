// The URL Pattern Standard's two escapes of fixed text: into a regular
// expression ("escape a regexp string") and back into a pattern string
// ("escape a pattern string").

const REGEXP_SPECIAL = /[.+*?^${}()[\]|/\\]/g;
const PATTERN_SPECIAL = /[+*?:{}()\\]/g;

/** "Escape a regexp string": a "\" before each of . + * ? ^ $ { } ( ) [ ] | / \. */
export function escapeRegExpString(input: string): string {
  return input.replace(REGEXP_SPECIAL, "\\$&");
}

/** "Escape a pattern string": a "\" before each of + * ? : { } ( ) \. */
export function escapePatternString(input: string): string {
  return input.replace(PATTERN_SPECIAL, "\\$&");
}
