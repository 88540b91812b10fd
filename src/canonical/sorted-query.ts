// A step both crawler-key profiles take before they take a query apart: a
// query whose every character the key writes as it is needs no decoding and
// no writing again, only its parameters filtered and sorted as ranges of the
// href. Most queries a crawler meets are such (a tracking parameter or two,
// names out of order), and an already sorted one is returned as one slice.
// Names are compared and tested where they lie, without a string each: the
// strings a key makes and drops are most of a profile's garbage.

const AMPERSAND = 0x26;
const EQUALS = 0x3d;

/** Whether the name `text` holds from `start` to `end` stays in the key. */
type KeepName = (text: string, start: number, end: number) => boolean;

/** The order of two names of `text` by UTF-16 code units, as URLSearchParams#sort compares them. */
function compareNames(text: string, a: number, aEnd: number, b: number, bEnd: number): number {
  const length = Math.min(aEnd - a, bEnd - b);
  for (let i = 0; i < length; i++) {
    const d = text.charCodeAt(a + i) - text.charCodeAt(b + i);
    if (d !== 0) return d;
  }
  return aEnd - a - (bEnd - b);
}

/**
 * The query `text` holds from `from` to `to` (without "?") as the key writes
 * it, where every parameter has an "=" and every other character passes
 * `plain` (an "=" in a value too, where `equalsInValue`): empty parameters
 * dropped, those whose name `keep` refuses removed, the rest sorted by name
 * (UTF-16 code units and stable, as URLSearchParams#sort); "" where none is
 * left. null where a parameter has no "=" or a character fails `plain`: the
 * profile then runs its own steps.
 */
export function plainQueryKey(
  text: string,
  from: number,
  to: number,
  plain: (c: number) => boolean,
  keep: KeepName,
  equalsInValue: boolean,
): string | null {
  // First pass: check every character, and whether anything is to change.
  let previous = -1;
  let previousEnd = -1;
  let edit = false;
  for (let start = from; start < to; ) {
    let equals = -1;
    let i = start;
    for (; i < to; i++) {
      const c = text.charCodeAt(i);
      if (c === AMPERSAND) break;
      if (c === EQUALS && equals === -1) equals = i;
      else if (!(c === EQUALS ? equalsInValue : plain(c))) return null;
    }
    if (i === start) edit = true;
    else {
      if (equals === -1) return null;
      if (
        !edit &&
        ((previous !== -1 && compareNames(text, start, equals, previous, previousEnd) < 0) ||
          !keep(text, start, equals))
      )
        edit = true;
      previous = start;
      previousEnd = equals;
    }
    // A "&" at the end leaves an empty parameter.
    if (i === to - 1) edit = true;
    start = i + 1;
  }
  if (!edit) return text.slice(from, to);

  // Second pass: the kept parameters as [start, name end, end] triples, sorted by name.
  const kept: number[] = [];
  for (let start = from; start < to; ) {
    let end = text.indexOf("&", start);
    if (end === -1 || end > to) end = to;
    if (end > start) {
      const equals = text.indexOf("=", start);
      if (keep(text, start, equals)) kept.push(start, equals, end);
    }
    start = end + 1;
  }
  const order: number[] = [];
  for (let i = 0; i < kept.length; i += 3) order.push(i);
  // Array.prototype.sort is stable: parameters of one name keep their order.
  if (order.length > 1) order.sort((a, b) => compareNames(text, kept[a], kept[a + 1], kept[b], kept[b + 1]));
  let out = "";
  for (let i = 0; i < order.length; i++) {
    const at = order[i];
    out += i === 0 ? text.slice(kept[at], kept[at + 2]) : `&${text.slice(kept[at], kept[at + 2])}`;
  }
  return out;
}
