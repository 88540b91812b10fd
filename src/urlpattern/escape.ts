// The URL Pattern Standard's two escapes of fixed text: into a regular
// expression ("escape a regexp string") and back into a pattern string
// ("escape a pattern string").

/** `input` with a "\" before each code unit of `specials`; `input` itself where it has none (most text). */
function escapeWith(input: string, specials: string): string {
  let result = "";
  let from = 0;
  for (let i = 0; i < input.length; i++) {
    if (specials.includes(input[i] as string)) {
      result += `${input.slice(from, i)}\\`;
      from = i;
    }
  }
  return result === "" ? input : result + input.slice(from);
}

/** "Escape a regexp string": a "\" before each of . + * ? ^ $ { } ( ) [ ] | / \. */
export function escapeRegExpString(input: string): string {
  return escapeWith(input, "^$.+*?{}()[]|/\\");
}

/** "Escape a pattern string": a "\" before each of + * ? : { } ( ) \. */
export function escapePatternString(input: string): string {
  return escapeWith(input, "+*?:{}()\\");
}
