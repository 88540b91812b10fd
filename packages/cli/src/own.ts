// Strings kept for the whole run (count keys, dictionary values, cache keys)
// are copied first. A URL's parts are slices of the one string of all the
// hrefs of their batch (src/bulk/batch.ts), and V8 keeps that whole string alive
// while a slice of it lives: one new host or path in a Map kept a batch's
// ~1 MB of hrefs, and `swurl stats` of a 1 GB log grew to 340 MB RSS.

/**
 * A copy of `s` that holds no other string alive. Prepending a character
 * makes a cons string; slicing it flattens that into a new sequential string
 * and slices the copy, not the original's parent.
 */
export function own(s: string): string {
  return (" " + s).slice(1);
}
