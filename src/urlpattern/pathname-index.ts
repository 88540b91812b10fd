// The index URLPatternList keeps over its patterns' pathnames: a trie whose
// edges are pieces of fixed text up to and with a "/" ("/", "api/",
// "users/"), built from the fixed text each pattern's pathname starts with.
// A pattern sits at the node of its text's whole pieces, with the rest of its
// text (after the last "/"). For a pathname, the walk down the trie along its
// own pieces meets every pattern whose text the pathname starts with: the
// only ones that can match it. Patterns without such text (or with ignoreCase)
// sit at the root with no rest, and are met by every walk.

interface Entry {
  readonly index: number;
  /** The pattern's text after its last "/". */
  readonly rest: string;
}

class Node {
  readonly children = new Map<string, Node>();
  readonly entries: Entry[] = [];
}

export class PathnameIndex {
  private readonly root = new Node();

  /** Add pattern `index` whose matching pathnames all start with `text`. Indices are added in increasing order. */
  add(index: number, text: string): void {
    let node = this.root;
    let from = 0;
    for (let slash = text.indexOf("/"); slash >= 0; slash = text.indexOf("/", from)) {
      const piece = text.slice(from, slash + 1);
      let child = node.children.get(piece);
      if (child === undefined) {
        child = new Node();
        node.children.set(piece, child);
      }
      node = child;
      from = slash + 1;
    }
    node.entries.push({ index, rest: text.slice(from) });
  }

  /** The indices of the patterns whose text `pathname` starts with, in increasing order. */
  candidates(pathname: string): number[] {
    const found: number[] = [];
    let node: Node | undefined = this.root;
    let from = 0;
    let sorted = true;
    while (node !== undefined) {
      for (const e of node.entries) {
        if (e.rest === "" || pathname.startsWith(e.rest, from)) {
          if (found.length > 0 && e.index < found[found.length - 1]) sorted = false;
          found.push(e.index);
        }
      }
      const slash = pathname.indexOf("/", from);
      if (slash < 0) break;
      node = node.children.get(pathname.slice(from, slash + 1));
      from = slash + 1;
    }
    return sorted ? found : found.sort((a, b) => a - b);
  }
}
