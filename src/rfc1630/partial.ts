// RFC 1630's own rules for partial forms, for resolve(..., { rfc1630: true }).
// resolve() otherwise follows RFC 3986 section 5.2 (resolve.ts), which gives
// the same results for RFC 1630's examples in the context of
// magic://a/b/c//d/e/f, but not for every context with "//" inside its path:
// "//g" against "magic:a/b//c/d" is "magic://g" there and "magic:a/b//g" here.

/** "xxx/../" and "/." removed, where xxx, ".." and "." are complete path elements. */
function removeDots(path: string): string {
  const elements = path.split("/");
  const out: string[] = [];
  elements.forEach((e, i) => {
    // "/.": a "." with a "/" before it.
    if (e === "." && i > 0) return;
    // "xxx/../": a ".." with a "/" after it, after an element that is neither
    // ".." nor void (a void element is a "//", which the rule does not cross).
    const top = out[out.length - 1];
    if (e === ".." && i < elements.length - 1 && top !== undefined && top !== "" && top !== "..") {
      out.pop();
      return;
    }
    out.push(e);
  });
  return out.join("/");
}

/**
 * The first run of exactly `n` consecutive slashes in `s` from `from` (a run
 * with no further slash on either side), or -1. RFC 1630 asks for "the first
 * occurrence of exactly the same number of consecutive slashes which has no
 * greater number of consecutive slashes anywhere to the right of it"; taken as
 * "no longer run further right in the whole URI", the rule would give
 * "magic://a/b/c//d/g" for "/g", where RFC 1630's own example gives
 * "magic://a/g". The reading here, a run of exactly n slashes and not the
 * start of a longer one, gives every result of its examples.
 */
function runOf(s: string, n: number, from: number): number {
  for (let i = from; i < s.length; ) {
    if (s[i] !== "/") {
      i++;
      continue;
    }
    let j = i;
    while (j < s.length && s[j] === "/") j++;
    if (j - i === n) return i;
    i = j;
  }
  return -1;
}

/**
 * `partial` in the context of `context`, by RFC 1630's rules ("Partial form"),
 * given that `partial` has no scheme and `context` has one ending at `colon`.
 * The context's search and fragment are not part of its path.
 */
export function resolvePartial(partial: string, context: string, colon: number): string {
  const pathEnd = context.slice(colon).search(/[?#]/);
  const hier = pathEnd === -1 ? context : context.slice(0, colon + pathEnd);
  // A partial form that is only a search or a fragment: RFC 1630 gives no rule
  // for it, and it is taken to name the context object itself.
  if (partial === "" || partial[0] === "?" || partial[0] === "#") return hier + partial;
  let slashes = 0;
  while (slashes < partial.length && partial[slashes] === "/") slashes++;
  if (slashes > 0) {
    // "everything from the context URI up to (but not including) the first
    // occurrence of exactly the same number of consecutive slashes ... is
    // taken to be the same and so prepended to the partial URL". With no such
    // run, only the scheme is the same.
    const run = runOf(hier, slashes, colon + 1);
    return (run === -1 ? hier.slice(0, colon + 1) : hier.slice(0, run)) + partial;
  }
  // "The last part of the path of the context URI (anything following the
  // rightmost slash) is removed, and the given partial URI appended in its
  // place", then the dot elements are removed from the path of the result.
  const kept = Math.max(hier.lastIndexOf("/") + 1, colon + 1);
  const joined = hier.slice(0, kept) + partial;
  const tail = joined.slice(colon + 1);
  const end = tail.search(/[?#]/);
  const path = end === -1 ? tail : tail.slice(0, end);
  return joined.slice(0, colon + 1) + removeDots(path) + tail.slice(path.length);
}
