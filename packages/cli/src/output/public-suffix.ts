// The Public Suffix List (tldts), loaded by the runs that ask for it: its
// data is a literal of some 150 KB that V8 parses on import, which would cost
// every run of the command, `--version` included, more than the rest of its
// start.
import type * as Tldts from "tldts";

let list: typeof Tldts | null = null;

/** Load the list, once. */
export async function loadPublicSuffixList(): Promise<void> {
  list ??= await import("tldts");
}

/** Load the list if any of `defs` reads it. */
export async function loadFor(defs: readonly { publicSuffix?: boolean }[]): Promise<void> {
  if (defs.some((d) => d.publicSuffix === true)) await loadPublicSuffixList();
}

/** The list, once loaded (loadPublicSuffixList()). */
export function publicSuffixList(): typeof Tldts {
  if (list === null) throw new Error("swurl: the Public Suffix List was read before it was loaded");
  return list;
}
