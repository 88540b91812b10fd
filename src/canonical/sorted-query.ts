// A check both crawler-key profiles make before they take a query apart: a
// query already written as the key is kept as it is. Most queries a crawler
// meets again are such, and need not be decoded, sorted and written again.

const AMPERSAND = 0x26;
const EQUALS = 0x3d;

/**
 * Whether `query` (without "?") is a non-empty list of "name=value"
 * parameters, none empty, sorted by name (UTF-16 code units, as
 * URLSearchParams#sort), each name accepted by `keep` and every other
 * character by `plain` (an "=" in a value too, where `equalsInValue`).
 */
export function isSortedPlainQuery(
  query: string,
  plain: (c: number) => boolean,
  keep: (name: string) => boolean,
  equalsInValue: boolean,
): boolean {
  let previous = "";
  for (let start = 0; start < query.length; ) {
    let equals = -1;
    let i = start;
    for (; i < query.length; i++) {
      const c = query.charCodeAt(i);
      if (c === AMPERSAND) break;
      if (c === EQUALS && equals === -1) equals = i;
      else if (!(c === EQUALS ? equalsInValue : plain(c))) return false;
    }
    if (equals === -1) return false;
    const name = query.slice(start, equals);
    if (name < previous || !keep(name)) return false;
    previous = name;
    // A "&" at the end leaves an empty parameter, which the key drops.
    if (i === query.length - 1) return false;
    start = i + 1;
  }
  return query.length > 0;
}
